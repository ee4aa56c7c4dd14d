package app

import (
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// BenchmarkCachedCall is a cached answer through the whole handler chain in-process (no network): what the
// server itself spends on the calls that the load run compares with a bare handler.
func BenchmarkCachedCall(b *testing.B) {
	a, token := benchApp(b)
	h := a.Handler(fstest.MapFS{})
	for _, path := range []string{"/api/sys/dict/getDictCache", "/api/sys/user/info", "/api/sys/menu/tree"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatalf("HTTP %d %s", w.Code, w.Body)
				}
			}
		})
	}
}
