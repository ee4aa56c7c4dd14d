package app_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"biddesk/internal/apptest"
)

// BenchmarkDynamicTableList measures a page of a dynamic table of 100,000 rows over HTTP: the default
// order, a sort by an indexed field, an exact filter and a contains filter (issue 19: as fast as the
// built-in lists; compare BenchmarkUserList* in userlist_bench_test.go).
func BenchmarkDynamicTableList(b *testing.B) {
	e := newEnv(b)
	tok := e.login("admin", "Admin@123").AccessToken
	id := e.Created(e.Answer("POST", "/api/dtable/add", tok, map[string]any{"name": "大表", "fields": apptest.ProjectFields()}), "add")
	// 100,000 rows written straight into the generated table (c_1 title, c_2 amount, c_3 due).
	now := time.Now().UTC()
	if _, err := e.app.DB.Exec(context.Background(), `INSERT INTO dt_`+itoa(id)+` (created_at, updated_at, c_1, c_2, c_3)
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
		SELECT ?, ?, 'project ' || i, i % 1000, ? FROM n`, now, now, now); err != nil {
		b.Fatal(err)
	}
	// The statistics a database gathers by itself after such a load (autovacuum on PostgreSQL; SQLite's planner
	// reads its indexes' shapes without them).
	if e.app.DB.Dialect == "postgres" {
		if _, err := e.app.DB.Exec(context.Background(), `ANALYZE dt_`+itoa(id)); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct{ name, query string }{
		{"default", ""},
		{"page500", "current=500"},
		{"sortTitle", "sort=title&order=desc"},
		{"amountExact", "amount=42"},
		{"titleContains", "title=ject 9999"},
		{"titleContains2", "title=" + url.QueryEscape("t 9")},
	} {
		b.Run(c.name, func(b *testing.B) {
			q, _ := url.ParseQuery(c.query)
			q.Set("tableId", itoa(id))
			req, _ := http.NewRequest("GET", e.srv.URL+"/api/dtable/data/list?"+q.Encode(), nil)
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
