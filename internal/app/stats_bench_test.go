package app_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/stats"
)

// seedActivity writes a year of activity before end, generated in SQL: sign-ins and downloads spread evenly
// over the year and over the accounts whose login codes start with 'u' (seedUsers), uploads of files of five
// library types, and downloads of those files as the demo's first records.
func seedActivity(b testing.TB, d *db.DB, end time.Time, signIns, downloads, uploads int) {
	b.Helper()
	ctx := context.Background()
	var first, n, rec int64
	if err := d.QueryRow(ctx, `SELECT MIN(id), COUNT(*) FROM sys_user WHERE login_code LIKE 'u%'`).Scan(&first, &n); err != nil || n == 0 {
		b.Fatalf("no accounts: %v", err)
	}
	if err := d.QueryRow(ctx, `SELECT MIN(id) FROM lib_record`).Scan(&rec); err != nil {
		b.Fatal(err)
	}
	const year = 365 * 24 * 3600
	base := end.UTC().Format("2006-01-02 15:04:05")
	series := func(count int) string {
		if d.Dialect == db.Postgres {
			return fmt.Sprintf("generate_series(CAST(0 AS BIGINT), CAST(%d AS BIGINT)) AS g(i)", count-1)
		}
		return fmt.Sprintf("(WITH RECURSIVE g(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM g WHERE i < %d) SELECT i FROM g) AS g", count-1)
	}
	at := func(expr string) string { // base minus expr seconds
		if d.Dialect == db.Postgres {
			return fmt.Sprintf("(timestamp '%s' - (%s) * interval '1 second')", base, expr)
		}
		return fmt.Sprintf("(datetime('%s', '-' || (%s) || ' seconds') || '+00:00')", base, expr)
	}
	kind := "CASE i % 5 WHEN 0 THEN 'library.license' WHEN 1 THEN 'library.honor' WHEN 2 THEN 'library.contract' WHEN 3 THEN 'library.tender' ELSE 'library.plan' END"
	stmts := []string{
		fmt.Sprintf(`INSERT INTO login_log (login_code, user_id, success, created_at) SELECT 'u', %d + (i * 7919) %% %d, 1, %s FROM %s`,
			first, n, at(fmt.Sprintf("(i * 31) %% %d", year)), series(signIns)),
		fmt.Sprintf(`INSERT INTO sys_file (storage, object_key, name, size, content_type, module, record_type, record_id, state, uploaded_by, created_at, updated_at)
			SELECT 'disk', 'bench-' || i, 'f.pdf', 100000, 'application/pdf', 'library', %s, %d + i %% 50, 'ready', %d + (i * 13) %% %d, %s, %s FROM %s`,
			kind, rec, first, n, at(fmt.Sprintf("(i * 317) %% %d", year)), at("0"), series(uploads)),
	}
	for _, s := range stmts {
		if _, err := d.Exec(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
	var file int64
	if err := d.QueryRow(ctx, `SELECT MIN(id) FROM sys_file WHERE object_key LIKE 'bench-%'`).Scan(&file); err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(ctx, fmt.Sprintf(`INSERT INTO file_download (file_id, user_id, record_type, record_id, created_at)
		SELECT %d + i %% %d, %d + (i * 104729) %% %d, %s, %d + i %% 50, %s FROM %s`,
		file, uploads, first, n, kind, rec, at(fmt.Sprintf("(i * 37) %% %d", year)), series(downloads))); err != nil {
		b.Fatal(err)
	}
	if err := d.Optimize(ctx, true); err != nil {
		b.Fatal(err)
	}
	if d.Dialect == db.Postgres {
		// the steady state autovacuum reaches on its own: planner statistics, and a visibility map so that index-only
		// scans read no table pages (right after two million inserts the planner expected a hundredth of the rows)
		if _, err := d.Exec(ctx, `VACUUM ANALYZE login_log, file_download, sys_file, sys_user`); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatistics measures every statistics call over HTTP on a year of activity (1,000,000 sign-ins,
// 1,000,000 downloads, 100,000 uploads over 10,000 accounts), for the whole year by month and for the last 30
// days by day, as the administrator (every unit) and as a user whose data scope is one company.
// docs/performance.md has the figures.
func BenchmarkStatistics(b *testing.B) {
	e := newEnv(b)
	seedUsers(b, e.app.DB, 10_000)
	seedActivity(b, e.app.DB, time.Now(), 1_000_000, 1_000_000, 100_000)
	admin := e.login("admin", "Admin@123").AccessToken
	role := e.GrantRole(admin, "statsbench", []string{}, []string{"personnel_login", "personnel_role", "download_type", "data_upload", "ca_upload", "summary", "statistics_account", "demand_feedback", "gateway"},
		[]map[string]any{{"moduleName": "statistics", "scope": "unit_and_below"}})
	e.Account(admin, "benchboss", "100201", role)
	scoped := e.SignIn("benchboss")
	today := time.Now().Format("2006-01-02")
	ranges := []struct {
		name string
		q    url.Values
	}{
		{"year", url.Values{"startTime": {time.Now().AddDate(-1, 0, 1).Format("2006-01-02")}, "endTime": {today}, "period": {"month"}}},
		{"30d", url.Values{"startTime": {time.Now().AddDate(0, 0, -29).Format("2006-01-02")}, "endTime": {today}, "period": {"day"}}},
	}
	paths := []string{stats.PathPersonnel, stats.PathRole, stats.PathDownloads, stats.PathDownloadHistogram, stats.PathDownloadLine,
		stats.PathUpload, stats.PathCA, stats.PathSummary, stats.PathAccount, stats.PathDemand}
	// the first call folds the year of events into the rollups (once, as after an upgrade): timed apart
	started := time.Now()
	if _, r := e.call("GET", stats.PathDownloads, admin, nil); r.Code != 0 {
		b.Fatal(r)
	}
	b.Logf("first fold of a year (1,000,000 sign-ins and 1,000,000 downloads) and call: %v", time.Since(started))
	for _, who := range []struct{ name, tok string }{{"admin", admin}, {"scoped", scoped}} {
		for _, rg := range ranges {
			for _, p := range paths {
				q := rg.q
				b.Run(fmt.Sprintf("%s/%s%s", who.name, rg.name, p), func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						if _, r := e.call("GET", p+"?"+q.Encode(), who.tok, nil); r.Code != 0 {
							b.Fatalf("%s: %+v", p, r)
						}
					}
				})
			}
		}
	}
}
