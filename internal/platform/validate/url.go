package validate

import (
	"net/url"
	"strings"
	"unicode"
)

// URLMax bounds a configured link.
const URLMax = 2000

// LinkURL: an absolute http(s) address with a host, or a path of this site ("/help"). Anything
// else (javascript:, data:, a protocol-relative "//host", blanks or control characters) is refused,
// so a configured link can be put into an href safely.
func LinkURL(s string) bool {
	if SitePath(s) {
		return true
	}
	if !plainURLText(s) {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return (scheme == "http" || scheme == "https") && strings.HasPrefix(strings.ToLower(s), scheme+"://")
}

// SitePath: a path of this site: starts with one '/', not "//" or "/\" (which browsers read as
// another host).
func SitePath(s string) bool {
	if !plainURLText(s) || !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "/\\") {
		return false
	}
	_, err := url.Parse(s)
	return err == nil
}

func plainURLText(s string) bool {
	if s == "" || len(s) > URLMax {
		return false
	}
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == '\\' || r == '"' || r == '<' || r == '>' {
			return false
		}
	}
	return true
}
