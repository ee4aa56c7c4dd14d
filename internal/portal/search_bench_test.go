package portal_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"biddesk/internal/apptest"
	"biddesk/internal/library"
	"biddesk/internal/platform/db"
)

// BenchmarkPortalSearch measures GET /api/portal/search over HTTP with 500,000 published records of the nine
// portal types in the one table (55,556 of each), a tenth of them tagged, with download counts and dates over
// ten years: the first page for a common 2-character keyword (a LIKE), a rarer and a common keyword of 3+
// characters (the full-text index), no keyword (newest first), the facets, and the most downloaded. The counts
// and facets are kept until the library changes; a '/cold' case changes the search version before each call,
// so it pays for them every time. docs/performance.md, 'Portal search', has the figures and how to run it.
func BenchmarkPortalSearch(b *testing.B) {
	e := apptest.New(b)
	var keys []string
	for _, t := range library.PortalTypes() {
		keys = append(keys, t.Key)
	}
	apptest.SeedLibrary(b, e.App.DB, 55_556, keys...)
	seedPortalExtras(b, e.App.DB)
	admin := e.Login("admin", "Admin@123").AccessToken
	for _, c := range []struct {
		name, query string
		cold        bool // the counts and facets computed again (a library write since the last search)
	}{
		{"keyword-2-chars", "keywords=" + url.QueryEscape("物业"), false},
		{"keyword-2-chars/cold", "keywords=" + url.QueryEscape("物业"), true},
		{"keyword-2-chars/facets", "facets=1&keywords=" + url.QueryEscape("物业"), false},
		{"keyword-2-chars/facets/cold", "facets=1&keywords=" + url.QueryEscape("物业"), true},
		{"keyword-rare", "keywords=" + url.QueryEscape("第4242"), false},
		{"keyword-rare/facets/cold", "facets=1&keywords=" + url.QueryEscape("第4242"), true},
		{"keyword-common", "keywords=" + url.QueryEscape("物业服务"), false},
		{"keyword-common/cold", "keywords=" + url.QueryEscape("物业服务"), true},
		{"keyword-common/page500", "current=500&keywords=" + url.QueryEscape("物业服务"), false},
		{"keyword-common/facets/cold", "facets=1&keywords=" + url.QueryEscape("物业服务"), true},
		{"newest", "", false},
		{"newest/cold", "", true},
		{"newest/page500", "current=500", false},
		{"newest/facets", "facets=1", false},
		{"newest/facets/cold", "facets=1", true},
		{"newest/type-and-unit/cold", "type=license,honor&unit=100104", true},
		{"downloads", "sort=downloads", false},
		{"downloads/keyword-common", "sort=downloads&keywords=" + url.QueryEscape("物业服务"), false},
	} {
		b.Run(c.name, func(b *testing.B) {
			var page struct{ Total int }
			e.Done("GET", library.PortalSearchPath+"?"+c.query, admin, nil, &page)
			if page.Total == 0 {
				b.Fatal("no rows: the case measures nothing")
			}
			req, _ := http.NewRequest("GET", e.Srv.URL+library.PortalSearchPath+"?"+c.query, nil)
			req.Header.Set("Authorization", "Bearer "+admin)
			for b.Loop() {
				if c.cold {
					b.StopTimer()
					if _, err := e.App.DB.Exec(context.Background(), `UPDATE lib_search_version SET version = version + 1`); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				resp, err := http.DefaultClient.Do(req.Clone(req.Context()))
				if err != nil || resp.StatusCode != 200 {
					b.Fatal(resp.StatusCode, err)
				}
				resp.Body.Close()
			}
			b.ReportMetric(float64(page.Total), "hits")
		})
	}
}

// seedPortalExtras gives the seeded records download counts, their own dates over ten years, and tags (one of
// five on every tenth record).
func seedPortalExtras(b *testing.B, d *db.DB) {
	b.Helper()
	ctx := context.Background()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE lib_record SET downloads = (id * 7919) % 1000, record_date = CAST(2016 + id % 10 AS TEXT) || '-06-01' WHERE status = 'published'`); err != nil {
			return err
		}
		for i := 1; i <= 5; i++ {
			id, err := tx.Insert(ctx, `INSERT INTO lib_tag (name, color, sort, created_at, updated_at) VALUES (?, '#1677ff', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
				"基准标签"+string(rune('0'+i)))
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO lib_record_tag (record_id, tag_id) SELECT id, ? FROM lib_record WHERE id % 50 = ?`, id, i*10%50); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	apptest.Settle(b, d)
}
