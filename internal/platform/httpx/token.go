package httpx

import (
	"mime"
	"net/http"
	"strings"
)

// TokenParam is the form and query parameter of the session token (the spec's clients).
const TokenParam = "AccessToken"

// ErrTokenConflict refuses a call that names two different sessions.
var ErrTokenConflict = BadRequest("http.token_conflict")

// SessionToken finds the session token of a call: Authorization: Bearer, the AccessToken field of
// a form body, the AccessToken query parameter. Every source is read, not the first that answers:
// two different tokens (in two sources, or one source repeated) are refused, because the call
// would run as one user while a log, a proxy or a reviewer sees the other. The same token
// repeated is fine.
func SessionToken(r *http.Request) (string, error) {
	token := ""
	add := func(t string) error {
		if t = strings.TrimSpace(t); t == "" {
			return nil
		}
		if token != "" && t != token {
			return ErrTokenConflict
		}
		token = t
		return nil
	}
	for _, h := range r.Header.Values("Authorization") {
		if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
			if err := add(h[7:]); err != nil {
				return "", err
			}
		}
	}
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/x-www-form-urlencoded" && r.Body != nil &&
		r.Method != http.MethodGet && r.Method != http.MethodHead {
		form, err := postForm(nil, r)
		if err != nil {
			return "", err
		}
		for _, t := range form[TokenParam] {
			if err := add(t); err != nil {
				return "", err
			}
		}
	}
	q, err := parseQuery(r.URL.RawQuery)
	if err != nil {
		return "", err
	}
	for _, t := range q[TokenParam] {
		if err := add(t); err != nil {
			return "", err
		}
	}
	return token, nil
}

// guardParams are the query parameters read before any handler (by the session guard), so they
// are checked here for repeated different values rather than by Input.
var guardParams = []string{"ticket"}

// storedHeaders are request headers that the server writes into its logs in the database.
var storedHeaders = []string{"User-Agent", "X-Forwarded-For"}

// CheckInput applies the input rules that hold before any route runs, to every API call: the
// query string and a form body are well formed and ValidText, and so are the path and the stored
// headers; the session token is not given twice with different values, nor is a guard parameter.
// A refusal is a 400 with its message, so a handler only ever sees input that passed.
func CheckInput(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		if err := checkRequest(w, r); err != nil {
			WriteError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func checkRequest(w http.ResponseWriter, r *http.Request) error {
	if !ValidText(r.URL.Path) {
		return BadRequest("http.bad_text", "path")
	}
	for _, h := range storedHeaders {
		if err := checkText(h, r.Header.Values(h)...); err != nil {
			return err
		}
	}
	q, err := parseQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	for _, name := range guardParams {
		for _, v := range q[name] {
			if v != q.Get(name) {
				return BadRequest("http.duplicate", name)
			}
		}
	}
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "application/x-www-form-urlencoded" && r.Body != nil &&
		r.Method != http.MethodGet && r.Method != http.MethodHead {
		if _, err := postForm(w, r); err != nil {
			return err
		}
	}
	_, err = SessionToken(r)
	return err
}

func init() {
	RegisterMessages(map[string][2]string{
		"http.token_conflict": {"请求携带了多个不同的登录凭证（Authorization 请求头、AccessToken 参数），请只保留一个", "The request carries more than one different session token (Authorization header, AccessToken parameter): send only one"},
	})
}
