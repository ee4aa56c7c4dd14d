package library

import (
	"html"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// richPolicy is the allow-list of an announcement's HTML: text formatting, headings, lists, tables,
// links (http, https, mailto and this site's paths; opened with rel=noopener) and images from this site
// or https. Scripts, event handlers, styles, frames and forms never pass.
var richPolicy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireNoFollowOnLinks(false)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^ql-[a-z0-9-]+( ql-[a-z0-9-]+)*$`)).Globally()
	return p
}()

// SanitizeHTML keeps only the allowed HTML of a rich-text field.
func SanitizeHTML(s string) string { return strings.TrimSpace(richPolicy.Sanitize(s)) }

var tagRe = regexp.MustCompile(`<[^>]*>`)

// htmlText is the text of sanitised HTML (for the keyword search and empty checks).
func htmlText(s string) string { return html.UnescapeString(tagRe.ReplaceAllString(s, " ")) }
