package stats_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/stats"
)

// statsFixture is a hand-counted week of activity (2026-03-01 to 03-07) in the demo company 100201
// (departments 100201001 and 100201002) and one HQ department (100101), at noon UTC so that the days are
// the same in any server time zone within ±11 hours:
//
//	a1 (100201001): sign-ins 03-02 ×2, 03-03 ×1 (and a failed one 03-02, one 03-10 outside the week)
//	a2 (100201002): sign-in 03-03; never (100201001): none; a3 (100101): sign-in 03-04
//	downloads: a1 a licence file ×2 on 03-02, a2 a tender file on 03-03, a3 the licence file on 03-03
//	uploads: a1 a licence file on 03-02; a3 one on 03-04
type statsFixture struct {
	e                 *apptest.Env
	admin             string
	a1, a2, a3, never int64
}

func newStatsFixture(t *testing.T) *statsFixture {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	f := &statsFixture{e: e, admin: admin}
	f.a1 = e.Account(admin, "st_a1", "100201001")
	f.never = e.Account(admin, "st_never", "100201001")
	f.a2 = e.Account(admin, "st_a2", "100201002")
	f.a3 = e.Account(admin, "st_a3", "100101")
	ctx := context.Background()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 12, 0, 0, 0, time.UTC) }
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := e.App.DB.Exec(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	login := func(id int64, code string, d int, ok int) {
		exec(`INSERT INTO login_log (login_code, user_id, success, created_at) VALUES (?, ?, ?, ?)`, code, id, ok, day(d))
	}
	login(f.a1, "st_a1", 2, 1)
	login(f.a1, "st_a1", 2, 1)
	login(f.a1, "st_a1", 2, 0)
	login(f.a1, "st_a1", 3, 1)
	login(f.a1, "st_a1", 10, 1)
	login(f.a2, "st_a2", 3, 1)
	login(f.a3, "st_a3", 4, 1)
	for _, id := range []int64{f.a1, f.a2, f.a3} {
		exec(`UPDATE sys_user SET last_login_at = ? WHERE id = ?`, day(4), id)
	}
	var license, tender int64
	if err := e.App.DB.QueryRow(ctx, `SELECT MIN(id) FROM lib_record WHERE type = 'license'`).Scan(&license); err != nil {
		t.Fatal(err)
	}
	if err := e.App.DB.QueryRow(ctx, `SELECT MIN(id) FROM lib_record WHERE type = 'tender'`).Scan(&tender); err != nil {
		t.Fatal(err)
	}
	file := func(key, kind string, record, by int64, d int) int64 {
		id, err := e.App.DB.Insert(ctx, `INSERT INTO sys_file (storage, object_key, name, size, content_type, module, record_type, record_id, state, uploaded_by, created_at, updated_at)
			VALUES ('disk', ?, 'x.pdf', 1000, 'application/pdf', 'library', ?, ?, 'ready', ?, ?, ?)`, key, "library."+kind, record, by, day(d), day(d))
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	lf := file("st-l", "license", license, f.a1, 2)
	tf := file("st-t", "tender", tender, f.a3, 4)
	down := func(fileID, user int64, kind string, record int64, d int) {
		exec(`INSERT INTO file_download (file_id, user_id, record_type, record_id, created_at) VALUES (?, ?, ?, ?, ?)`, fileID, user, "library."+kind, record, day(d))
	}
	down(lf, f.a1, "license", license, 2)
	down(lf, f.a1, "license", license, 2)
	down(tf, f.a2, "tender", tender, 3)
	down(lf, f.a3, "license", license, 3)
	return f
}

func week(extra ...string) url.Values {
	q := url.Values{"startTime": {"2026-03-01"}, "endTime": {"2026-03-07"}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return q
}

// row finds a table row by a field's value and renders the named number fields as "a/b/c".
func row(t *testing.T, tb stats.Table, field, value string, keys ...string) string {
	t.Helper()
	for _, r := range tb.Rows {
		if fmt.Sprint(r[field]) == value {
			var parts []string
			for _, k := range keys {
				parts = append(parts, fmt.Sprint(r[k]))
			}
			return strings.Join(parts, "/")
		}
	}
	return "none"
}

func values(s stats.Series) string { return fmt.Sprint(s.Values) }

func TestLoginStatisticsCountHandCountedSignIns(t *testing.T) {
	f := newStatsFixture(t)
	t.Parallel()
	r := f.e.StatsReport(f.admin, stats.PathPersonnel, week("unitCode", "100201"))
	trend := apptest.StatsChart(t, r, "trend")
	if len(trend.Labels) != 7 || trend.Labels[0] != "2026-03-01" || values(trend.Series[0]) != "[0 2 2 0 0 0 0]" {
		t.Errorf("trend: %v %v", trend.Labels, trend.Series[0].Values)
	}
	units := apptest.StatsTable(t, r, "loginUnits")
	// accounts, sign-ins, active, never signed in
	if got := row(t, units, "unitCode", "100201001", "accounts", "signIns", "active", "never"); got != "2/3/1/1" {
		t.Errorf("100201001: %s", got)
	}
	if got := row(t, units, "unitCode", "100201002", "accounts", "signIns", "active", "never"); got != "1/1/1/0" {
		t.Errorf("100201002: %s", got)
	}
	// a unit without activity has its row, with zeros
	if got := row(t, units, "unitCode", "100201003", "signIns", "active"); got != "0/0" {
		t.Errorf("a quiet unit: %s", got)
	}
	// weeks start on Monday: 03-01 is a Sunday
	wk := apptest.StatsChart(t, f.e.StatsReport(f.admin, stats.PathPersonnel, week("unitCode", "100201", "period", "week")), "trend")
	if strings.Join(wk.Labels, ",") != "2026-02-23,2026-03-02" || values(wk.Series[0]) != "[0 4]" {
		t.Errorf("weeks: %v %v", wk.Labels, wk.Series[0].Values)
	}
	// months: the sign-in of 03-10 counts in a range that holds it
	mo := apptest.StatsChart(t, f.e.StatsReport(f.admin, stats.PathPersonnel, url.Values{"startTime": {"2026-02-01"}, "endTime": {"2026-03-31"}, "unitCode": {"100201"}, "period": {"month"}}), "trend")
	if strings.Join(mo.Labels, ",") != "2026-02,2026-03" || values(mo.Series[0]) != "[0 5]" {
		t.Errorf("months: %v %v", mo.Labels, mo.Series[0].Values)
	}
	// a range of a whole month and a part of another: the month from the month rollup, the days at the edge from the
	// day rollup, by unit and by month
	mixed := f.e.StatsReport(f.admin, stats.PathPersonnel, url.Values{"startTime": {"2026-02-15"}, "endTime": {"2026-03-31"}, "unitCode": {"100201"}})
	if got := row(t, apptest.StatsTable(t, mixed, "loginUnits"), "unitCode", "100201001", "signIns"); got != "4" {
		t.Errorf("100201001 from mid-February to March: %s", got)
	}
	edge := apptest.StatsChart(t, f.e.StatsReport(f.admin, stats.PathPersonnel, url.Values{"startTime": {"2026-03-03"}, "endTime": {"2026-04-30"}, "unitCode": {"100201"}, "period": {"month"}}), "trend")
	if values(edge.Series[0]) != "[3 0]" {
		t.Errorf("from 03-03 to April by month: %v", edge.Series[0].Values)
	}
	// an empty period: every day there, all zero
	empty := apptest.StatsChart(t, f.e.StatsReport(f.admin, stats.PathPersonnel, url.Values{"startTime": {"2026-01-01"}, "endTime": {"2026-01-03"}, "unitCode": {"100201"}}), "trend")
	if values(empty.Series[0]) != "[0 0 0]" {
		t.Errorf("empty period: %v", empty.Series[0].Values)
	}
	// a leaf unit drills down to its people
	people := apptest.StatsTable(t, f.e.StatsReport(f.admin, stats.PathPersonnel, week("unitCode", "100201001")), "loginPeople")
	if got := row(t, people, "loginCode", "st_a1", "signIns"); got != "3" {
		t.Errorf("a1's sign-ins: %s", got)
	}
	if got := row(t, people, "loginCode", "st_never", "signIns", "lastLogin"); got != "0/" {
		t.Errorf("never: %s", got)
	}
	// a sign-in written after the first answer counts in the next one (the rollup folds what is new, once)
	if _, err := f.e.App.DB.Exec(context.Background(), `INSERT INTO login_log (login_code, user_id, success, created_at) VALUES ('st_a2', ?, 1, ?)`,
		f.a2, time.Date(2026, 3, 5, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if got := values(apptest.StatsChart(t, f.e.StatsReport(f.admin, stats.PathPersonnel, week("unitCode", "100201")), "trend").Series[0]); got != "[0 2 2 0 1 0 0]" {
			t.Errorf("after a new sign-in: %s", got)
		}
	}
	// refusals
	f.e.Refused("GET", stats.PathPersonnel+"?startTime=2026-03-07&endTime=2026-03-01", f.admin, nil, "结束日期不能早于开始日期")
	f.e.Refused("GET", stats.PathPersonnel+"?period=hour", f.admin, nil, "统计周期只能是日、周或月")
	f.e.Refused("GET", stats.PathPersonnel+"?startTime=2020-01-01&endTime=2026-01-01&period=day", f.admin, nil,
		"时间范围太长：按此周期最多 400 个点，请缩短范围或改按周、月统计")
}

// The data scope of the statistics module limits the units: a caller seeing only his own unit counts only
// its accounts, and may not name a unit outside it.
func TestStatisticsObeyTheDataScope(t *testing.T) {
	f := newStatsFixture(t)
	t.Parallel()
	e := f.e
	role := e.GrantRole(f.admin, "statsclerk", []string{"personnel_login", "download_type"}, []string{"personnel_login", "download_type", "gateway"},
		[]map[string]any{{"moduleName": "statistics", "scope": "unit"}})
	e.Account(f.admin, "st_boss", "100201002", role)
	boss := e.SignIn("st_boss")
	r := f.e.StatsReport(boss, stats.PathPersonnel, week())
	if values(apptest.StatsChart(t, r, "trend").Series[0]) != "[0 0 1 0 0 0 0]" {
		t.Errorf("scoped trend: %v", apptest.StatsChart(t, r, "trend").Series[0].Values)
	}
	for _, s := range r.Summary {
		if s.Key == "accounts" && s.Value != 2 { // a2 and himself
			t.Errorf("scoped accounts: %d", s.Value)
		}
	}
	// his own unit is reachable from the top: the bars lead to it
	if got := row(t, apptest.StatsTable(t, r, "loginUnits"), "unitCode", "1002", "signIns"); got != "1" {
		t.Errorf("the top bar: %s", got)
	}
	e.Refused("GET", stats.PathPersonnel+"?unitCode=100101", boss, nil, "该组织不在您的数据范围内")
	e.Refused("GET", stats.PathPersonnel+"?unitCode=100201001", boss, nil, "该组织不在您的数据范围内")
	d := f.e.StatsReport(boss, stats.PathDownloads, week())
	if got := row(t, apptest.StatsTable(t, d, "downloadTypes"), "recordType", "tender", "downloads"); got != "1" || len(apptest.StatsTable(t, d, "downloadTypes").Rows) != 1 {
		t.Errorf("scoped downloads: %+v", apptest.StatsTable(t, d, "downloadTypes").Rows)
	}
	// another screen's call needs its own menu code
	if _, r := e.Call("GET", stats.PathCA, boss, nil); r.Code != 403 {
		t.Errorf("another screen's call: %+v", r)
	}
}

func TestDownloadStatisticsAndTheirExport(t *testing.T) {
	f := newStatsFixture(t)
	t.Parallel()
	q := week("unitCode", "100201")
	r := f.e.StatsReport(f.admin, stats.PathDownloads, q)
	types := apptest.StatsTable(t, r, "downloadTypes")
	if got := row(t, types, "recordType", "license", "downloads"); got != "2" {
		t.Errorf("licences: %s", got)
	}
	if got := row(t, types, "recordType", "tender", "downloads"); got != "1" {
		t.Errorf("tenders: %s", got)
	}
	for _, st := range r.Summary {
		if (st.Key == "downloads" && st.Value != 3) || (st.Key == "downloaders" && st.Value != 2) {
			t.Errorf("summary: %+v", r.Summary)
		}
	}
	if top := apptest.StatsTable(t, r, "topMaterials"); len(top.Rows) != 2 || fmt.Sprint(top.Rows[0]["downloads"]) != "2" {
		t.Errorf("top materials in a unit: %+v", top.Rows)
	}
	if top := apptest.StatsTable(t, f.e.StatsReport(f.admin, stats.PathDownloads, week()), "topMaterials"); len(top.Rows) != 2 || fmt.Sprint(top.Rows[0]["downloads"]) != "3" {
		t.Errorf("top materials of the organisation: %+v", top.Rows)
	}
	if top := apptest.StatsTable(t, r, "topDownloaders"); len(top.Rows) != 2 || top.Rows[0]["loginCode"] != "st_a1" {
		t.Errorf("top downloaders: %+v", top.Rows)
	}
	// a range of a whole month and days of another: March from the monthly rollup of accounts, the days of February
	// from the downloads themselves (a3 downloads on 02-20 too)
	if _, err := f.e.App.DB.Exec(context.Background(), `INSERT INTO file_download (file_id, user_id, record_type, record_id, created_at)
		SELECT file_id, user_id, record_type, record_id, ? FROM file_download WHERE user_id = ?`, time.Date(2026, 2, 20, 12, 0, 0, 0, time.UTC), f.a3); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, unit, start, want string }{
		{"whole organisation, February's days and March", "", "2026-02-15", "st_a1:2 st_a3:2 st_a2:1"},
		{"100201, February's days and March", "100201", "2026-02-15", "st_a1:2 st_a2:1"},
		{"whole organisation, March alone", "", "2026-03-01", "st_a1:2 st_a2:1 st_a3:1"},
	} {
		qq := url.Values{"startTime": {tc.start}, "endTime": {"2026-03-31"}}
		if tc.unit != "" {
			qq.Set("unitCode", tc.unit)
		}
		var got []string
		for _, r := range apptest.StatsTable(t, f.e.StatsReport(f.admin, stats.PathDownloads, qq), "topDownloaders").Rows {
			got = append(got, fmt.Sprintf("%s:%v", r["loginCode"], r["downloads"]))
		}
		if strings.Join(got, " ") != tc.want { // equal counts: the account created first comes first
			t.Errorf("top downloaders, %s: %v", tc.name, got)
		}
	}
	// a partial month at an end taken as its month less the days outside the range (fewer days to read): a2 downloads
	// on 02-02 (before a range from 02-05) and twice on 03-30 (after a range to 03-28)
	for _, at := range []time.Time{time.Date(2026, 2, 2, 12, 0, 0, 0, time.UTC), time.Date(2026, 3, 30, 12, 0, 0, 0, time.UTC), time.Date(2026, 3, 30, 13, 0, 0, 0, time.UTC)} {
		if _, err := f.e.App.DB.Exec(context.Background(), `INSERT INTO file_download (file_id, user_id, record_type, record_id, created_at)
			SELECT file_id, user_id, record_type, record_id, ? FROM file_download WHERE id = (SELECT MIN(id) FROM file_download WHERE user_id = ?)`, at, f.a2); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ name, unit, start, end, want string }{
		{"whole organisation, February less its first days, and March", "", "2026-02-05", "2026-03-31", "st_a2:3 st_a1:2 st_a3:2"},
		{"100201, February less its first days, and March", "100201", "2026-02-05", "2026-03-31", "st_a2:3 st_a1:2"},
		{"whole organisation, February, and March less its last days", "", "2026-02-01", "2026-03-28", "st_a1:2 st_a2:2 st_a3:2"},
	} {
		qq := url.Values{"startTime": {tc.start}, "endTime": {tc.end}}
		if tc.unit != "" {
			qq.Set("unitCode", tc.unit)
		}
		r := f.e.StatsReport(f.admin, stats.PathDownloads, qq)
		var got []string
		for _, r := range apptest.StatsTable(t, r, "topDownloaders").Rows {
			got = append(got, fmt.Sprintf("%s:%v", r["loginCode"], r["downloads"]))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("top downloaders, %s: %v", tc.name, got)
		}
		if tc.unit != "" { // the unit's materials from the monthly rollup, February's first days taken away: 3 tenders, 2 licences
			var ms []string
			for _, r := range apptest.StatsTable(t, r, "topMaterials").Rows {
				ms = append(ms, fmt.Sprint(r["downloads"]))
			}
			if strings.Join(ms, " ") != "3 2" {
				t.Errorf("top materials, %s: %v", tc.name, ms)
			}
		}
		for _, st := range r.Summary {
			if st.Key == "downloaders" && st.Value != int64(len(got)) {
				t.Errorf("downloaders, %s: %d", tc.name, st.Value)
			}
		}
	}
	h := f.e.StatsReport(f.admin, stats.PathDownloadHistogram, q)
	if got := row(t, apptest.StatsTable(t, h, "downloadUnits"), "unitCode", "100201001", "downloads", "downloaders"); got != "2/1" {
		t.Errorf("units: %s", got)
	}
	l := f.e.StatsReport(f.admin, stats.PathDownloadLine, q)
	line := apptest.StatsChart(t, l, "downloadTrend")
	if values(line.Series[0]) != "[0 2 1 0 0 0 0]" || line.Series[1].Key != "license" || values(line.Series[1]) != "[0 2 0 0 0 0 0]" {
		t.Errorf("line: %+v", line.Series)
	}
	// one material type
	only := f.e.StatsReport(f.admin, stats.PathDownloadLine, week("unitCode", "100201", "recordType", "tender"))
	if values(apptest.StatsChart(t, only, "downloadTrend").Series[0]) != "[0 0 1 0 0 0 0]" {
		t.Errorf("tenders only: %+v", apptest.StatsChart(t, only, "downloadTrend").Series)
	}
	f.e.Refused("GET", stats.PathDownloads+"?recordType=nope", f.admin, nil, "资料类型无效")
	// a range without downloads: empty lists, never null (the browser draws the empty state)
	_, empty := f.e.Call("GET", stats.PathDownloadHistogram+"?startTime=2020-01-01&endTime=2020-01-31", f.admin, nil)
	if empty.Code != 0 || strings.Contains(string(empty.Data), `"labels":null`) || strings.Contains(string(empty.Data), `"values":null`) {
		t.Errorf("empty histogram: %s", empty.Data)
	}

	// the export: the same numbers, with the total row
	path := stats.PathDownloadExport
	resp, body := f.e.Fetch(path+"?ticket="+f.e.Ticket(f.admin, path)+"&"+q.Encode(), "")
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("下载统计")) {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	rows := apptest.SheetRows(t, body)
	if !slices.Equal(rows[0], []string{"资料类型", "下载次数"}) || len(rows) < 4 || !slices.Equal(rows[3], []string{"合计", "3"}) {
		t.Errorf("sheet: %q", rows)
	}
}

func TestUploadCAAccountRoleAndSummaryStatistics(t *testing.T) {
	f := newStatsFixture(t)
	t.Parallel()
	q := week("unitCode", "100201")
	u := f.e.StatsReport(f.admin, stats.PathUpload, q)
	if got := row(t, apptest.StatsTable(t, u, "uploadTypes"), "recordType", "license", "uploads"); got != "1" {
		t.Errorf("uploads: %s", got)
	}
	if got := row(t, apptest.StatsTable(t, u, "uploadUnits"), "unitCode", "100201001", "uploads", "uploaders"); got != "1/1" {
		t.Errorf("uploads by unit: %s", got)
	}
	if values(apptest.StatsChart(t, u, "uploadTrend").Series[0]) != "[0 1 0 0 0 0 0]" {
		t.Errorf("upload trend: %v", apptest.StatsChart(t, u, "uploadTrend").Series[0].Values)
	}
	// accounts: the four of the fixture were created today, not in the week
	a := f.e.StatsReport(f.admin, stats.PathAccount, url.Values{"unitCode": {"100201"}})
	if got := row(t, apptest.StatsTable(t, a, "accountUnits"), "unitCode", "100201001", "accounts", "available", "disabled", "created"); got != "2/2/0/2" {
		t.Errorf("accounts: %s", got)
	}
	// roles: st_a1 given the library administrator's role
	lib := f.e.RoleID(f.admin, "libadmin")
	if _, err := f.e.App.DB.Exec(context.Background(), `INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)`, f.a1, lib); err != nil {
		t.Fatal(err)
	}
	ro := f.e.StatsReport(f.admin, stats.PathRole, url.Values{"unitCode": {"100201"}})
	if got := row(t, apptest.StatsTable(t, ro, "roleUnits"), "unitCode", "100201001", "accounts", "noRole", "role_libadmin"); got != "2/1/1" {
		t.Errorf("roles by unit: %s", got)
	}
	people := apptest.StatsTable(t, f.e.StatsReport(f.admin, stats.PathRole, url.Values{"unitCode": {"100201001"}}), "rolePeople")
	if got := row(t, people, "loginCode", "st_a1", "roleNames"); got != "资料库管理员" {
		t.Errorf("a1's roles: %s", got)
	}
	// CA keys and the annual summary answer on the demo library
	ca := f.e.StatsReport(f.admin, stats.PathCA, url.Values{})
	if len(ca.Summary) == 0 || len(apptest.StatsChart(t, ca, "caTrend").Labels) != 30 {
		t.Errorf("ca: %+v", ca.Summary)
	}
	s := f.e.StatsReport(f.admin, stats.PathSummary, url.Values{"year": {"2026"}})
	if got := row(t, apptest.StatsTable(t, s, "summary"), "recordType", "license", "downloads"); got != "3" {
		t.Errorf("summary downloads of licences: %s", got)
	}
	f.e.Refused("GET", stats.PathSummary+"?year=1900", f.admin, nil, "年份无效")
}

// demandFixture adds hand-counted demands to the statistics fixture, at noon UTC (collection c1 and c2):
//
//	a1 (100201001): 03-02 answered (done) in c1, 03-02 open in c1, 03-05 declined in c2, 03-10 open (outside the week)
//	a2 (100201002): 03-03 accepted in c1, 03-03 a deleted one in c1
//	a3 (100101):    03-04 open in c2
func demandFixture(t *testing.T, f *statsFixture) {
	ctx := context.Background()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 12, 0, 0, 0, time.UTC) }
	coll := func(title string) int64 {
		id, err := f.e.App.DB.Insert(ctx, `INSERT INTO demand_collection (title, deadline, unit_code, created_at, updated_at) VALUES (?, ?, '1001', ?, ?)`,
			title, day(20), day(1), day(1))
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	c1, c2 := coll("st_c1"), coll("st_c2")
	item := func(c, user int64, unit string, d int, state string, deleted bool) {
		var answered, del any
		if state != "submitted" {
			answered = day(d + 1)
		}
		if deleted {
			del = day(d)
		}
		if _, err := f.e.App.DB.Exec(ctx, `INSERT INTO demand_item (collection_id, user_id, unit_code, content, state, answered_at, created_at, updated_at, deleted_at)
			VALUES (?, ?, ?, 'x', ?, ?, ?, ?, ?)`, c, user, unit, state, answered, day(d), day(d), del); err != nil {
			t.Fatal(err)
		}
	}
	item(c1, f.a1, "100201001", 2, "done", false)
	item(c1, f.a1, "100201001", 2, "submitted", false)
	item(c2, f.a1, "100201001", 5, "declined", false)
	item(c2, f.a1, "100201001", 10, "submitted", false)
	item(c1, f.a2, "100201002", 3, "accepted", false)
	item(c1, f.a2, "100201002", 3, "submitted", true)
	item(c2, f.a3, "100101", 4, "submitted", false)
}

func summaryOf(r *stats.Report) string {
	var parts []string
	for _, s := range r.Summary {
		parts = append(parts, fmt.Sprintf("%s=%d", s.Key, s.Value))
	}
	return strings.Join(parts, " ")
}

func TestDemandFeedbackStatisticsCountHandCountedDemands(t *testing.T) {
	f := newStatsFixture(t)
	t.Parallel()
	demandFixture(t, f)
	q := week("unitCode", "100201")
	r := f.e.StatsReport(f.admin, stats.PathDemand, q)
	if got := summaryOf(r); got != "collected=4 answered=3 open=1" {
		t.Errorf("summary: %s", got)
	}
	trend := apptest.StatsChart(t, r, "demandTrend")
	if len(trend.Labels) != 7 || values(trend.Series[0]) != "[0 2 1 0 1 0 0]" || values(trend.Series[1]) != "[0 1 1 0 1 0 0]" ||
		values(trend.Series[2]) != "[0 1 0 0 0 0 0]" {
		t.Errorf("trend: %v %+v", trend.Labels, trend.Series)
	}
	if got := row(t, apptest.StatsTable(t, r, "demandTrend"), "period", "2026-03-02", "collected", "answered", "open"); got != "2/1/1" {
		t.Errorf("trend table, 03-02: %s", got)
	}
	units := apptest.StatsTable(t, r, "demandUnits")
	if got := row(t, units, "unitCode", "100201001", "collected", "answered", "open"); got != "3/2/1" {
		t.Errorf("100201001: %s", got)
	}
	if got := row(t, units, "unitCode", "100201002", "collected", "answered", "open"); got != "1/1/0" {
		t.Errorf("100201002: %s", got)
	}
	// a unit with no activity has its row, with zeros
	if got := row(t, units, "unitCode", "100201003", "collected", "answered", "open"); got != "0/0/0" {
		t.Errorf("a quiet unit: %s", got)
	}
	states := apptest.StatsChart(t, r, "demandStates") // submitted, accepted, in progress, done, declined
	if values(states.Series[0]) != "[1 1 0 1 1]" || states.Labels[0] != "待答复" {
		t.Errorf("states: %v %v", states.Labels, states.Series[0].Values)
	}
	colls := apptest.StatsTable(t, r, "demandCollections")
	if got := row(t, colls, "collection", "st_c1", "collected", "answered", "open"); got != "3/2/1" {
		t.Errorf("c1: %s", got)
	}
	if got := row(t, colls, "collection", "st_c2", "collected", "answered", "open"); got != "1/1/0" {
		t.Errorf("c2: %s", got)
	}
	// weeks start on Monday; the whole organisation counts a3 too
	wk := apptest.StatsChart(t, f.e.StatsReport(f.admin, stats.PathDemand, week("period", "week")), "demandTrend")
	if strings.Join(wk.Labels, ",") != "2026-02-23,2026-03-02" || values(wk.Series[0]) != "[0 5]" || values(wk.Series[2]) != "[0 2]" {
		t.Errorf("weeks: %v %+v", wk.Labels, wk.Series)
	}
	// months: the demand of 03-10 counts in a range that holds it
	mo := f.e.StatsReport(f.admin, stats.PathDemand, url.Values{"startTime": {"2026-02-01"}, "endTime": {"2026-03-31"}, "period": {"month"}})
	if values(apptest.StatsChart(t, mo, "demandTrend").Series[0]) != "[0 6]" || summaryOf(mo) != "collected=6 answered=3 open=3" {
		t.Errorf("months: %+v %s", apptest.StatsChart(t, mo, "demandTrend").Series, summaryOf(mo))
	}
	// an empty period: every day there, all zero, every unit with zeros
	empty := f.e.StatsReport(f.admin, stats.PathDemand, url.Values{"startTime": {"2026-01-01"}, "endTime": {"2026-01-03"}, "unitCode": {"100201"}})
	if values(apptest.StatsChart(t, empty, "demandTrend").Series[0]) != "[0 0 0]" || summaryOf(empty) != "collected=0 answered=0 open=0" ||
		len(apptest.StatsTable(t, empty, "demandCollections").Rows) != 0 {
		t.Errorf("empty period: %+v %s", apptest.StatsChart(t, empty, "demandTrend").Series, summaryOf(empty))
	}
	if got := row(t, apptest.StatsTable(t, empty, "demandUnits"), "unitCode", "100201001", "collected"); got != "0" {
		t.Errorf("empty period by unit: %s", got)
	}

	// the export: the unit table first, its total the screen's
	path := stats.PathDemandExport
	resp, body := f.e.Fetch(path+"?ticket="+f.e.Ticket(f.admin, path)+"&"+q.Encode(), "")
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("需求反馈统计")) {
		t.Fatalf("export: %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	rows := apptest.SheetRows(t, body)
	if !slices.Equal(rows[0], []string{"单位", "征集需求数", "已答复", "待答复"}) {
		t.Errorf("header: %q", rows[0])
	}
	var total []string
	for _, r := range rows {
		if len(r) > 0 && r[0] == "合计" {
			total = r
			break
		}
	}
	if !slices.Equal(total, []string{"合计", "4", "3", "1"}) {
		t.Errorf("total row: %q in %q", total, rows)
	}
}

// The data scope limits the demands to the caller's units; the screen needs its own menu code.
func TestDemandFeedbackStatisticsObeyTheDataScope(t *testing.T) {
	f := newStatsFixture(t)
	t.Parallel()
	demandFixture(t, f)
	e := f.e
	role := e.GrantRole(f.admin, "demandclerk", []string{"demand_feedback"}, []string{"demand_feedback", "gateway"},
		[]map[string]any{{"moduleName": "statistics", "scope": "unit"}})
	e.Account(f.admin, "st_dboss", "100201002", role)
	boss := e.SignIn("st_dboss")
	r := f.e.StatsReport(boss, stats.PathDemand, week())
	if got := summaryOf(r); got != "collected=1 answered=1 open=0" {
		t.Errorf("scoped summary: %s", got)
	}
	if got := row(t, apptest.StatsTable(t, r, "demandUnits"), "unitCode", "1002", "collected"); got != "1" {
		t.Errorf("the top bar: %s %+v", got, apptest.StatsTable(t, r, "demandUnits").Rows)
	}
	if c := apptest.StatsTable(t, r, "demandCollections"); len(c.Rows) != 1 || c.Rows[0]["collection"] != "st_c1" {
		t.Errorf("scoped collections: %+v", c.Rows)
	}
	e.Refused("GET", stats.PathDemand+"?unitCode=100201001", boss, nil, "该组织不在您的数据范围内")
	if _, r := e.Call("GET", stats.PathPersonnel, boss, nil); r.Code != 403 {
		t.Errorf("another screen's call: %+v", r)
	}
	// a clerk without the screen's code is refused
	clerk := e.GrantRole(f.admin, "loginclerk", []string{"personnel_login"}, []string{"personnel_login", "gateway"}, nil)
	e.Account(f.admin, "st_lclerk", "100201002", clerk)
	if _, r := e.Call("GET", stats.PathDemand, e.SignIn("st_lclerk"), nil); r.Code != 403 {
		t.Errorf("without demand_feedback: %+v", r)
	}
}
