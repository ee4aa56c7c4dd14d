package app_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/stats"
)

// The demo company's past (internal/app/demo_history.go): a year of sign-ins and downloads shaped like a working
// company's, about 150 employees' accounts, a few dozen records of each material type, and statistics that answer
// with that shape from the first call (the rollups folded at seeding).
func TestDemoCompanyHasAYearOfActivity(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.DemoWithoutHistory, c.DemoWithoutFiles = false, false })
	ctx := context.Background()
	now := time.Now().In(time.Local)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.Local)

	t.Run("the rollups hold the history before any statistics call", func(t *testing.T) {
		for _, m := range []struct{ name, source string }{{"login", "login_log"}, {"download", "file_download"}} {
			if n := e.Count(`SELECT COUNT(*) FROM stat_mark s WHERE s.name = ? AND s.last_id = (SELECT MAX(id) FROM `+m.source+`)`, m.name); n != 1 {
				t.Errorf("the %s rollup is not folded to the last event", m.name)
			}
		}
		if n := e.Count(`SELECT CAST(COALESCE(SUM(n), 0) AS INTEGER) FROM stat_login_day`); n != e.Count(`SELECT COUNT(*) FROM login_log WHERE success = 1 AND user_id IS NOT NULL`) || n < 5000 {
			t.Errorf("stat_login_day holds %d sign-ins", n)
		}
	})

	// the successful sign-ins and the downloads of each day of the last year, in the company's zone
	perDay := func(q string) map[string]int {
		out := map[string]int{}
		rows, err := e.app.DB.Query(ctx, q, today.AddDate(0, 0, -364).UTC())
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var at time.Time
			if err := rows.Scan(&at); err != nil {
				t.Fatal(err)
			}
			out[at.In(time.Local).Format("2006-01-02")]++
		}
		return out
	}
	signIns := perDay(`SELECT created_at FROM login_log WHERE success = 1 AND created_at >= ?`)
	downloads := perDay(`SELECT created_at FROM file_download WHERE created_at >= ?`)
	holiday := func(d time.Time) bool {
		md := d.Format("01-02")
		return md == "01-01" || (md >= "05-01" && md <= "05-05") || (md >= "10-01" && md <= "10-07") || d.Month() == time.February && d.Day() < 25
	}
	season := func(m time.Month) bool {
		return m == time.March || m == time.April || m == time.September || m == time.October || m == time.November
	}
	type avg struct{ sum, days float64 }
	mean := func(a avg) float64 { return a.sum / max(a.days, 1) }
	for _, c := range []struct {
		name string
		n    map[string]int
	}{{"sign-ins", signIns}, {"downloads", downloads}} {
		t.Run(c.name+" follow the working week and the tender seasons", func(t *testing.T) {
			var weekday, weekend, inSeason, offSeason avg
			for d := today.AddDate(0, 0, -364); d.Before(today); d = d.AddDate(0, 0, 1) {
				n := float64(c.n[d.Format("2006-01-02")])
				if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
					weekend.sum += n
					weekend.days++
					continue
				}
				if holiday(d) {
					continue
				}
				weekday.sum += n
				weekday.days++
				if season(d.Month()) {
					inSeason.sum += n
					inSeason.days++
				} else {
					offSeason.sum += n
					offSeason.days++
				}
			}
			if mean(weekday) < 3*mean(weekend) || mean(weekend) == 0 {
				t.Errorf("a weekday %.1f, a weekend day %.1f", mean(weekday), mean(weekend))
			}
			if mean(inSeason) < 1.15*mean(offSeason) {
				t.Errorf("a working day in the tender seasons %.1f, off them %.1f", mean(inSeason), mean(offSeason))
			}
			// every month of the last twelve has some (the current one once it has a few days)
			months := map[string]int{}
			for day, n := range c.n {
				months[day[:7]] += n
			}
			first := 0
			if today.Day() <= 3 {
				first = 1
			}
			for i := first; i < 12; i++ {
				m := time.Date(today.Year(), today.Month()-time.Month(i), 1, 0, 0, 0, 0, time.Local).Format("2006-01")
				if months[m] == 0 {
					t.Errorf("no %s in %s: %v", c.name, m, months)
				}
			}
		})
	}

	t.Run("about 150 employees have accounts, a few disabled, a few never used, none with a known password", func(t *testing.T) {
		employees := `FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id AND r.code = 'staff'
			WHERE u.login_code LIKE 'hx%' AND u.employee_code <> ''`
		if n := e.Count(`SELECT COUNT(*) ` + employees); n < 150 {
			t.Errorf("%d employees' staff accounts", n)
		}
		if n := e.Count(`SELECT COUNT(DISTINCT u.unit_code) ` + employees); n < 60 {
			t.Errorf("the accounts are in %d units", n)
		}
		if n := e.Count(`SELECT COUNT(DISTINCT u.password_hash) ` + employees); n != 1 {
			t.Errorf("%d password hashes (one is computed for all)", n)
		}
		if n := e.Count(`SELECT COUNT(*) ` + employees + ` AND u.state = 0`); n < 3 || n > 15 {
			t.Errorf("%d disabled", n)
		}
		if n := e.Count(`SELECT COUNT(*) ` + employees + ` AND u.last_login_at IS NULL`); n < 3 || n > 15 {
			t.Errorf("%d never signed in", n)
		}
		if n := e.Count(`SELECT COUNT(*) `+employees+` AND u.created_at >= ?`, today.AddDate(-1, 0, 0).UTC()); n < 10 {
			t.Errorf("%d accounts opened within the year", n)
		}
		var code string
		if err := e.app.DB.QueryRow(ctx, `SELECT u.login_code `+employees+` AND u.state = 1 ORDER BY u.id LIMIT 1`).Scan(&code); err != nil {
			t.Fatal(err)
		}
		for _, pw := range []string{"Staff@123", "Admin@123", code} {
			if _, r := e.call("POST", "/api/login", "", map[string]any{"LoginCode": code, "PassWord": pw}); r.Code == 0 {
				t.Errorf("%s signs in with %q", code, pw)
			}
		}
	})

	t.Run("each material type has a few dozen records, some expiring within the month", func(t *testing.T) {
		for _, kind := range []string{"expert", "license", "honor", "contract", "cakey", "tender", "plan", "toolkit"} {
			if n := e.Count(`SELECT COUNT(*) FROM lib_record WHERE type = ? AND deleted_at IS NULL`, kind); n < 15 {
				t.Errorf("%d %s records", n, kind)
			}
		}
		soon := `SELECT COUNT(*) FROM lib_record WHERE type = ? AND valid_to >= ? AND valid_to <= ?`
		for _, kind := range []string{"license", "cakey"} {
			if n := e.Count(soon, kind, today.Format("2006-01-02"), today.AddDate(0, 0, 30).Format("2006-01-02")); n < 2 {
				t.Errorf("%d %s records expire within 30 days", n, kind)
			}
		}
		if n := e.Count(`SELECT COUNT(*) FROM lib_record WHERE created_at < ?`, today.AddDate(-1, 0, 0).UTC()); n < 50 {
			t.Errorf("%d records entered over a year ago", n)
		}
		if n := e.Count(`SELECT COUNT(*) FROM lib_record WHERE created_at >= ? AND type <> 'message'`, today.UTC()); n != 0 {
			t.Errorf("%d records entered today", n)
		}
	})

	t.Run("a few expert books were made for past bids, each with its Word file", func(t *testing.T) {
		if n := e.Count(`SELECT COUNT(*) FROM expert_book b JOIN sys_file f ON f.id = b.file_id WHERE b.created_at < ? AND b.expert_count >= 3`, today.UTC()); n != 3 {
			t.Errorf("%d expert books with a file, made before today", n)
		}
	})

	t.Run("the statistics screens answer a year's series", func(t *testing.T) {
		admin := e.login("admin", "Admin@123").AccessToken
		year := url.Values{"startTime": {today.AddDate(0, 0, -364).Format("2006-01-02")}, "endTime": {today.Format("2006-01-02")}, "period": {"month"}}
		se := e.For(t) // the statistics calls report to this subtest
		nonZero := func(name string, s stats.Series, atLeast int) {
			t.Helper()
			n := 0
			for _, v := range s.Values {
				if v > 0 {
					n++
				}
			}
			if n < atLeast {
				t.Errorf("%s: %d of %d points above zero: %v", name, n, len(s.Values), s.Values)
			}
		}
		login := se.StatsReport(admin, stats.PathPersonnel, year)
		nonZero("sign-ins by month", apptest.StatsChart(t, login, "trend").Series[0], 12)
		month := se.StatsReport(admin, stats.PathPersonnel, url.Values{}) // the default: the last 30 days by day
		nonZero("sign-ins by day", apptest.StatsChart(t, month, "trend").Series[0], 15)
		nonZero("downloads by month", apptest.StatsChart(t, se.StatsReport(admin, stats.PathDownloadLine, year), "downloadTrend").Series[0], 12)
		nonZero("downloads by type", apptest.StatsChart(t, se.StatsReport(admin, stats.PathDownloadHistogram, year), "downloadTypes").Series[0], 6)
		if top := apptest.StatsTable(t, se.StatsReport(admin, stats.PathDownloads, year), "topDownloaders"); len(top.Rows) < 10 {
			t.Errorf("%d top downloaders", len(top.Rows))
		}
		up := apptest.StatsChart(t, se.StatsReport(admin, stats.PathUpload, year), "uploadTrend")
		for _, s := range up.Series {
			nonZero("upload trend "+s.Key, s, 6)
		}
		ca := apptest.StatsChart(t, se.StatsReport(admin, stats.PathCA, year), "caTrend")
		for _, s := range ca.Series[1:] { // lent, returned
			nonZero("CA keys "+s.Key, s, 10)
		}
		nonZero("accounts opened", apptest.StatsChart(t, se.StatsReport(admin, stats.PathAccount, year), "accountTrend").Series[0], 4)
		sum := se.StatsReport(admin, stats.PathSummary, url.Values{})
		for _, st := range sum.Summary {
			if (st.Key == "held" || st.Key == "added" || st.Key == "downloads" || st.Key == "changed") && st.Value == 0 {
				t.Errorf("annual summary: %s is 0", st.Key)
			}
		}
		// the people of a unit: each with their sign-ins and last sign-in
		people := apptest.StatsTable(t, se.StatsReport(admin, stats.PathPersonnel, url.Values{"byPerson": {"true"}, "unitCode": {"1002"}}), "loginPeople")
		if len(people.Rows) < 50 {
			t.Errorf("%d people of the regional companies", len(people.Rows))
		} else if last, _ := people.Rows[0]["lastLogin"].(string); last == "" {
			t.Errorf("the most active person has no last sign-in: %+v", people.Rows[0])
		}
	})
}
