package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"biddesk/internal/auth"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/route"
)

// BenchmarkPermissionCheck measures the guard of a function route in-process, without HTTP:
// "lookup" is the resource table's snapshot (what every call asks), "guard" the whole check of a
// signed-in call (token look-up, session, function codes, snapshot) in front of an empty handler.
func BenchmarkPermissionCheck(b *testing.B) {
	a, token := benchApp(b)
	var rt route.Route
	for _, r := range a.Routes() {
		if r.Method == "GET" && r.Path == "/api/sys/resource/list" {
			rt = r
		}
	}
	needs := a.needs(rt)
	if got := needs(); len(got) != 1 || got[0] != "resmanager" {
		b.Fatalf("needs: %v", got)
	}

	b.Run("lookup", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(needs()) == 0 {
				b.Fatal("no codes")
			}
		}
	})

	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	h := a.Auth.Guard(needs, false, ok)
	b.Run("guard", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				req := httptest.NewRequest("GET", rt.Path, nil)
				req.Header.Set("Authorization", "Bearer "+token)
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusNoContent {
					b.Fatalf("HTTP %d %s", w.Code, w.Body)
				}
			}
		})
	})
}

// benchApp is the app on the benchmark's database with the demo data, and the administrator's access token.
func benchApp(b *testing.B) (*App, string) {
	cfg := config.Defaults()
	cfg.DataDir = b.TempDir()
	cfg.DatabaseURL = dbtest.DSN(b)
	a, err := Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close() })
	ctx := context.Background()
	if _, err := a.Seed(ctx, true); err != nil {
		b.Fatal(err)
	}
	su, err := a.Auth.Login(ctx, auth.LoginRequest{LoginCode: "admin", Password: "Admin@123", Site: auth.SiteStaff, IP: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	return a, su.AccessToken
}
