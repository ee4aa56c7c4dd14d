package app_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// seedUsers adds n staff accounts spread over the demo organisation's departments, with
// demo names, in batches of 500 rows per statement.
func seedUsers(b testing.TB, d *db.DB, n int) {
	b.Helper()
	var depts []string
	for _, u := range org.DemoUnits() {
		if u.Level() >= 3 {
			depts = append(depts, u.Code())
		}
	}
	ctx := context.Background()
	now := time.Now().UTC()
	const batch = 500
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for start := 0; start < n; start += batch {
			var sb strings.Builder
			sb.WriteString(`INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, created_at, updated_at) VALUES `)
			args := make([]any, 0, batch*10)
			for i := start; i < start+batch && i < n; i++ {
				if i > start {
					sb.WriteString(", ")
				}
				sb.WriteString("(?, ?, 'x', ?, 0, 'staff', ?, ?, '', ?, ?)")
				_, name := org.DemoEmployee(i + 1)
				args = append(args, fmt.Sprintf("u%06d", i), name, 1-(i%20)/19, depts[i%len(depts)], fmt.Sprintf("139%08d", i), now.Add(time.Duration(i)*time.Second), now)
			}
			if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkUserList measures GET /api/sys/user/list over HTTP on 100,000 accounts: the count
// and the page, unit name join and the roles of the page's users.
func BenchmarkUserList(b *testing.B) {
	e := newEnv(b)
	seedUsers(b, e.app.DB, 100_000)
	tok := e.login("admin", "Admin@123").AccessToken
	for _, c := range []struct{ name, query string }{
		{"all/page1", ""},
		{"all/page500", "current=500"},
		{"name/page1", "userName=" + url.QueryEscape("王")},
		{"unit/page1", "unitCode=1002"},
		{"unit/page500", "unitCode=1002&current=500"},
		{"name+unit/page1", "userName=" + url.QueryEscape("王") + "&unitCode=100201"},
		{"sorted-by-name/page500", "sort=userName&current=500"},
	} {
		b.Run(c.name, func(b *testing.B) {
			req, _ := http.NewRequest("GET", e.srv.URL+"/api/sys/user/list?"+c.query, nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			for b.Loop() {
				resp, err := http.DefaultClient.Do(req.Clone(req.Context()))
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(err)
				}
				resp.Body.Close()
			}
		})
	}
}
