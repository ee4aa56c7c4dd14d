package app_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/platform/config"
)

// BenchmarkLogin measures a whole sign-in over HTTP: throttle look-ups, argon2id, session
// insert, menus, function codes and the dictionary cache.
func BenchmarkLogin(b *testing.B) {
	e := newEnv(b, func(c *config.Config) { c.ThrottleAccount = 1 << 30; c.ThrottleAddress = 1 << 30 })
	body := url.Values{"LoginCode": {"admin"}, "PassWord": {"Admin@123"}}.Encode()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resp, err := http.Post(e.srv.URL+"/api/login", "application/x-www-form-urlencoded", strings.NewReader(body))
		if err != nil || resp.StatusCode != 200 {
			b.Fatal(err)
		}
		resp.Body.Close()
	}
}

// BenchmarkAuthenticatedCall measures a signed-in call: token look-up, function codes, handler.
func BenchmarkAuthenticatedCall(b *testing.B) {
	e := newEnv(b)
	tok := e.login("admin", "Admin@123").AccessToken
	// the cached calls of issue 14: what a call costs beside the session check
	for _, path := range []string{"/api/sys/user/info", "/api/sys/dict/getDictCache", "/api/sys/menu/tree"} {
		b.Run(path, func(b *testing.B) {
			req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					resp, err := http.DefaultClient.Do(req.Clone(req.Context()))
					if err != nil || resp.StatusCode != 200 {
						b.Fatal(err)
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			})
		})
	}
}
