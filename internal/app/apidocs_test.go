package app_test

import (
	"bytes"
	"compress/gzip"
	"regexp"
	"strings"
	"testing"

	"biddesk/internal/platform/httpx"
)

func gzipped(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return b.Bytes()
}

// TestAPIReferenceIsServedWithTheStrictCSP: /api/docs answers the reference page and its script and style sheets
// (ours embedded, Swagger UI's from the built web app) under the CSP of every page; the page has no inline script or
// style and names no outside address, and its start script reads /api/openapi.json only, without the validator.
func TestAPIReferenceIsServedWithTheStrictCSP(t *testing.T) {
	e := newEnv(t)
	external := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	cases := []struct {
		path, contentType string
		check             func(t *testing.T, body string)
	}{
		{"/api/docs", "text/html; charset=utf-8", func(t *testing.T, body string) {
			for _, want := range []string{`<script src="/api/docs/swagger-ui-bundle.js"></script>`, `<script src="/api/docs/init.js"></script>`,
				`href="/api/docs/swagger-ui.css"`, `href="/api/docs/page.css"`, `<div id="swagger-ui">`} {
				if !strings.Contains(body, want) {
					t.Errorf("the page lacks %s", want)
				}
			}
			if regexp.MustCompile(`<script(\s[^>]*)?>[^<]`).MatchString(body) || strings.Contains(body, "<style") || strings.Contains(body, " style=") ||
				regexp.MustCompile(`(?i)\son[a-z]+=`).MatchString(body) {
				t.Errorf("the page has inline script or style:\n%s", body)
			}
		}},
		{"/api/docs/init.js", "text/javascript; charset=utf-8", func(t *testing.T, body string) {
			if !strings.Contains(body, "url: '/api/openapi.json'") || !strings.Contains(body, "validatorUrl: null") || !strings.Contains(body, "supportedSubmitMethods: []") {
				t.Errorf("start script:\n%s", body)
			}
		}},
		{"/api/docs/page.css", "text/css; charset=utf-8", nil},
		{"/api/docs/swagger-ui-bundle.js", "text/javascript; charset=utf-8", nil},
		{"/api/docs/swagger-ui.css", "text/css; charset=utf-8", nil},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			resp, raw := e.send("GET", tc.path, "", nil, "", []string{"Accept-Encoding", "identity"})
			h := resp.Header
			if resp.StatusCode != 200 || h.Get("Content-Type") != tc.contentType {
				t.Fatalf("HTTP %d, %s: %s", resp.StatusCode, h.Get("Content-Type"), raw)
			}
			if h.Get("Content-Security-Policy") != httpx.ContentSecurityPolicy || h.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("headers %v", h)
			}
			if m := external.FindString(string(raw)); m != "" && tc.check != nil {
				t.Fatalf("names an outside address %q", m)
			}
			if tc.check != nil {
				tc.check(t, string(raw))
			}
		})
	}
	if !strings.Contains(httpx.ContentSecurityPolicy, "script-src 'self';") || !strings.Contains(httpx.ContentSecurityPolicy, "connect-src 'self';") {
		t.Fatalf("the CSP is no longer strict: %s", httpx.ContentSecurityPolicy)
	}
	t.Run("the build's gzip copy", func(t *testing.T) {
		resp, raw := e.send("GET", "/api/docs/swagger-ui-bundle.js", "", nil, "", []string{"Accept-Encoding", "gzip"})
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(raw, gzipped("window.SwaggerUIBundle = function () {};")) {
			t.Fatalf("HTTP %d, %q", resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
	})
	for _, p := range []string{"/api/docs/index.html", "/api/docs/other.js", "/api/docs/..%2fopenapi.json", "/api/docs/swagger-ui-bundle.js.map"} {
		if resp, raw := e.send("GET", p, "", nil, "", nil); resp.StatusCode != 404 || !strings.Contains(string(raw), `"code"`) {
			t.Errorf("%s: HTTP %d %s", p, resp.StatusCode, raw)
		}
	}
}
