package portal_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/auth"
)

// BenchmarkPortalHome measures GET /api/portal/home over HTTP, the call every user lands on, with a realistic
// library: 10,000 published records of each of the eight material types (80,000, over the demo units, a third of
// them downloaded), 60 announcements (6 pinned, 10 outside their window), 300 message to-dos of the caller (half
// read) and a bid pack of 40, as an administrator (every unit) and as staff limited to their own unit by the
// portal's data rule; and, in-process, the counts by type a first call of a visibility reads (then kept 30 s).
func BenchmarkPortalHome(b *testing.B) {
	e := apptest.New(b)
	apptest.SeedLibrary(b, e.App.DB, 10_000, "license", "contract", "honor", "expert", "cakey", "tender", "plan", "toolkit")
	ctx := context.Background()
	d := e.App.DB
	if _, err := d.Exec(ctx, `UPDATE lib_record SET downloads = id % 97 WHERE id % 3 = 0`); err != nil {
		b.Fatal(err)
	}
	now := time.Now().UTC()
	staffID := e.UserID("staff")
	adminID := e.UserID("admin")
	for i := 0; i < 60; i++ {
		from, to := any(nil), any(nil)
		if i%6 == 0 {
			from = now.AddDate(0, 0, 5).Format("2006-01-02") // not yet
		}
		if i%6 == 1 {
			to = now.AddDate(0, 0, -5).Format("2006-01-02") // ended
		}
		if _, err := d.Exec(ctx, `INSERT INTO lib_record (type, title, status, pinned, valid_from, valid_to, search_text, data, created_at, updated_at)
			VALUES ('announcement', ?, 'published', ?, ?, ?, '', '{"content":"<p>通知正文</p>"}', ?, ?)`,
			fmt.Sprintf("公告第%d号", i), map[bool]int{true: 1, false: 0}[i%10 == 9], from, to, now.Add(-time.Duration(i)*time.Hour), now); err != nil {
			b.Fatal(err)
		}
	}
	for _, uid := range []int64{staffID, adminID} {
		for i := 0; i < 300; i++ {
			state := "unread"
			if i%2 == 0 {
				state = "read"
			}
			if _, err := d.Exec(ctx, `INSERT INTO lib_record (type, title, code, assignee_id, status, state, search_text, data, created_at, updated_at)
				VALUES ('message', ?, ?, ?, 'published', ?, '', '{"content":"请处理","refType":"license","refId":1}', ?, ?)`,
				fmt.Sprintf("消息第%d号", i), fmt.Sprintf("expiry:license:%d:2026-01-01", i), uid, state, now.Add(-time.Duration(i)*time.Minute), now); err != nil {
				b.Fatal(err)
			}
		}
		if _, err := d.Exec(ctx, `INSERT INTO portal_pack (user_id, record_id, added_at) SELECT ?, id, ? FROM lib_record WHERE type = 'license' AND unit_code = '' OR id <= 40 ORDER BY id LIMIT 40`, uid, now); err != nil {
			b.Fatal(err)
		}
	}
	apptest.Settle(b, d)
	admin := e.Login("admin", "Admin@123").AccessToken
	// the counts by type, as the first home call of a visibility within CountsFor reads them (in-process)
	b.Run("counts-uncached", func(b *testing.B) {
		p := &auth.Principal{UserID: adminID}
		for b.Loop() {
			n, err := e.App.Library.PortalCounts(ctx, p)
			if err != nil || n["license"] < 10_000 {
				b.Fatal(n, err)
			}
		}
	})
	staff := staffLimited(e, admin)
	for _, c := range []struct{ name, tok string }{{"admin", admin}, {"staff-own-unit", staff}} {
		b.Run(c.name, func(b *testing.B) {
			h := home(e, c.tok)
			if len(h.Recent) != 6 || len(h.Popular) != 6 || len(h.Announcements) != 5 || len(h.Messages.Records) != 5 || h.Messages.Unread < 150 || h.Pack.Count != 40 {
				b.Fatalf("the home page measures too little: %d recent, %d popular, %d announcements, %d messages (%d unread), pack %d",
					len(h.Recent), len(h.Popular), len(h.Announcements), len(h.Messages.Records), h.Messages.Unread, h.Pack.Count)
			}
			req, _ := http.NewRequest("GET", e.Srv.URL+"/api/portal/home", nil)
			req.Header.Set("Authorization", "Bearer "+c.tok)
			for b.Loop() {
				resp, err := http.DefaultClient.Do(req.Clone(req.Context()))
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(resp.StatusCode, err)
				}
				resp.Body.Close()
			}
		})
	}
}
