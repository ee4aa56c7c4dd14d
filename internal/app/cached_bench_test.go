package app

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	"biddesk/internal/auth"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/dbtest"
)

// BenchmarkCachedCall is a cached answer through the whole handler chain in-process (no network): what the
// server itself spends on the calls that the load run compares with a bare handler.
func BenchmarkCachedCall(b *testing.B) {
	cfg := config.Defaults()
	cfg.DataDir = b.TempDir()
	cfg.DatabaseURL = dbtest.DSN(b)
	a, err := Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	ctx := context.Background()
	if _, err := a.Seed(ctx, true); err != nil {
		b.Fatal(err)
	}
	su, err := a.Auth.Login(ctx, auth.LoginRequest{LoginCode: "admin", Password: "Admin@123", Site: auth.SiteStaff, IP: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	h := a.Handler(fstest.MapFS{})
	for _, path := range []string{"/api/sys/dict/getDictCache", "/api/sys/user/info", "/api/sys/menu/tree"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Authorization", "Bearer "+su.AccessToken)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					b.Fatalf("HTTP %d %s", w.Code, w.Body)
				}
			}
		})
	}
}
