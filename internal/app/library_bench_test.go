package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"biddesk/internal/apptest"
)

// BenchmarkLibraryList measures a library type's list over HTTP with 100,000 records of each of two types in
// the one table: the count and the page with the unit, employee and user names, as an administrator (every
// unit) and as staff (the data rule: own unit and below, published or their own).
func BenchmarkLibraryList(b *testing.B) {
	e := newEnv(b)
	apptest.SeedLibrary(b, e.app.DB, 100_000, "license", "contract")
	admin := e.login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin) // a role with the library screens, not the administration code
	for _, c := range []struct{ name, who, query string }{
		{"admin/page1", admin, ""},
		{"admin/page500", admin, "current=500"},
		{"admin/keywords", admin, "keywords=" + url.QueryEscape("质量管理")},
		{"admin/expiring", admin, "expiry=expiring"},
		{"admin/sorted-by-validTo/page500", admin, "sort=validTo&order=asc&current=500"},
		{"staff/page1", staff, ""},
		{"staff/keywords", staff, "keywords=" + url.QueryEscape("物业")},
	} {
		b.Run(c.name, func(b *testing.B) {
			var page struct{ Total int }
			e.Done("GET", "/api/library/license/list?"+c.query, c.who, nil, &page)
			if page.Total == 0 {
				b.Fatal("no rows: the case measures nothing")
			}
			req, _ := http.NewRequest("GET", e.srv.URL+"/api/library/license/list?"+c.query, nil)
			req.Header.Set("Authorization", "Bearer "+c.who)
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
