package dreport_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type reportRun struct {
	Records   []map[string]any   `json:"records"`
	Total     int                `json:"total"`
	Pages     int                `json:"pages"`
	Totals    map[string]float64 `json:"totals"`
	ChartRows []map[string]any   `json:"chartRows"`
	Filters   []struct {
		Name string `json:"name"`
	} `json:"filters"`
}

func TestDynamicReportRunsItsDatasetForItsRoles(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	ds := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "数列",
		"sql":    `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 25) SELECT 'n' || x AS label, x AS value, x * 2 AS twice FROM c WHERE x >= CAST(:from AS INTEGER)`,
		"params": []map[string]string{{"name": "from", "label": "起始", "sample": "1"}}}), "dataset")
	layout := map[string]any{
		"columns": []map[string]any{{"key": "label", "title": "名称"}, {"key": "value", "title": "数值", "format": "number", "total": true}, {"key": "twice", "total": true}},
		"chart":   map[string]any{"type": "bar", "x": "label", "y": []string{"value"}},
	}
	t.Run("refused layouts", func(t *testing.T) {
		for _, c := range []struct {
			name   string
			layout map[string]any
		}{
			{"an unknown chart type", map[string]any{"columns": layout["columns"], "chart": map[string]any{"type": "radar", "x": "label", "y": []string{"value"}}}},
			{"a chart over a column the report lacks", map[string]any{"columns": layout["columns"], "chart": map[string]any{"type": "bar", "x": "nope", "y": []string{"value"}}}},
			{"a bad format", map[string]any{"columns": []map[string]any{{"key": "label", "format": "<script>"}}}},
			{"no column", map[string]any{"columns": []map[string]any{}}},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				e := e.For(t)
				e.RefusedWith(e.Answer("POST", "/api/dreport/add", admin, map[string]any{"name": "坏报表", "datasetId": ds, "layout": c.layout}), c.name, "")
			})
		}
	})
	e.RefusedWith(e.Answer("POST", "/api/dreport/add", staff, map[string]any{"name": "x", "datasetId": ds, "layout": layout}), "staff designs", "")
	id := e.Created(e.Answer("POST", "/api/dreport/add", admin, map[string]any{"name": "数列报表", "datasetId": ds, "layout": layout}), "report")

	// Without a role, staff cannot run it; granted, they can.
	e.RefusedWith(e.Answer("POST", "/api/dreport/run", staff, map[string]any{"id": id}), "staff runs an ungranted report", "不存在")
	e.OK(e.Answer("PUT", "/api/dreport/edit", admin, map[string]any{"id": id, "name": "数列报表", "datasetId": ds, "layout": layout, "roles": []int64{e.RoleIDOf("staff")}}), "grant")
	_, r := e.Call("GET", "/api/dreport/mine", staff, nil)
	if r.Code != 0 || !strings.Contains(string(r.Data), "数列报表") {
		t.Fatalf("staff's reports: %+v", r)
	}
	_, r = e.Call("POST", "/api/dreport/run", staff, map[string]any{"id": id, "values": map[string]string{"from": "11"}, "sort": "value", "order": "desc", "limit": 10, "current": 2})
	var run reportRun
	if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil {
		t.Fatalf("run: %+v", r)
	}
	// 11..25: 15 rows, page 2 of 10 by value desc holds 15..11; totals over every row; the chart's rows.
	if run.Total != 15 || run.Pages != 2 || len(run.Records) != 5 || run.Records[0]["value"] != float64(15) ||
		run.Totals["value"] != 270 || run.Totals["twice"] != 540 || len(run.ChartRows) != 15 || len(run.Filters) != 1 {
		t.Fatalf("run: %+v", run)
	}
	// The filter's value is bound: SQL in it is a value, which SQLite's CAST reads as 0 and PostgreSQL's refuses
	// (explained, not in the driver's words).
	_, r = e.Call("POST", "/api/dreport/run", staff, map[string]any{"id": id, "values": map[string]string{"from": "0; DELETE FROM sys_user"}})
	if e.App.DB.Dialect == "postgres" {
		if r.Code == 0 || !strings.Contains(r.Message, "值与列的类型不符") {
			t.Fatalf("hostile filter: %+v", r)
		}
	} else if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil || run.Total != 25 {
		t.Fatalf("hostile filter: %+v", r)
	}
	if apptest.List[struct{ ID int64 }](e, "/api/sys/user/list", admin, nil).Total < 2 {
		t.Fatal("accounts are gone")
	}
	e.RefusedWith(e.Answer("POST", "/api/dreport/run", staff, map[string]any{"id": id, "sort": "label; DROP TABLE x"}), "bad sort", "")
	// Staff still cannot run the dataset itself.
	e.RefusedWith(e.Answer("POST", "/api/dataset/run", staff, map[string]any{"id": ds}), "staff runs the dataset", "")
}

// A report's filters get their widgets, it may appear in the side menu of the roles that run it, and its
// export holds every row with the report's titles and a row of totals.
func TestDynamicReportFiltersMenuAndExport(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	ds := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "数列",
		"sql": `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 12) SELECT 'n' || x AS label, x AS value FROM c
			WHERE x >= CAST(:from AS INTEGER) AND (:day = '' OR :day <> '') AND (:unit = '' OR :unit <> '')`,
		"params": []map[string]string{{"name": "from", "sample": "1"}, {"name": "day"}, {"name": "unit"}}}), "dataset")
	columns := []map[string]any{{"key": "label", "title": "名称"}, {"key": "value", "title": "数值", "format": "number", "total": true}}
	form := func(filters []map[string]any) map[string]any {
		return map[string]any{"name": "菜单报表", "datasetId": ds, "inMenu": true, "roles": []int64{e.RoleIDOf("staff")},
			"layout": map[string]any{"columns": columns, "filters": filters}}
	}
	// Refused filters: not a parameter, an unknown widget, a dictionary select without its group, twice the same.
	for _, bad := range [][]map[string]any{
		{{"name": "nope", "widget": "text"}},
		{{"name": "from", "widget": "sql"}},
		{{"name": "from", "widget": "dict"}},
		{{"name": "from", "widget": "text"}, {"name": "from", "widget": "date"}},
	} {
		e.RefusedWith(e.Answer("POST", "/api/dreport/add", admin, form(bad)), "bad filter", "")
	}
	id := e.Created(e.Answer("POST", "/api/dreport/add", admin, form([]map[string]any{
		{"name": "day", "widget": "date"}, {"name": "unit", "widget": "org"}, {"name": "from", "widget": "dict", "dictGroupCode": "sex"}})), "report")
	_, r := e.Call("GET", "/api/dreport/one?id="+itoa(id), admin, nil)
	if r.Code != 0 || !strings.Contains(string(r.Data), `"inMenu":true`) || !strings.Contains(string(r.Data), `"widget":"org"`) {
		t.Fatalf("one: %+v", r)
	}

	// The designer's lookups: the datasets, and a dataset's columns and parameters; refused to staff.
	_, r = e.Call("GET", "/api/dreport/datasets", admin, nil)
	if r.Code != 0 || !strings.Contains(string(r.Data), `"数列"`) {
		t.Fatalf("datasets: %+v", r)
	}
	_, r = e.Call("GET", "/api/dreport/datasetShape?datasetId="+itoa(ds), admin, nil)
	if r.Code != 0 || !strings.Contains(string(r.Data), `"columns":["label","value"]`) || !strings.Contains(string(r.Data), `"name":"unit"`) {
		t.Fatalf("shape: %+v %s", r, r.Data)
	}
	e.RefusedWith(e.Answer("GET", "/api/dreport/datasetShape?datasetId="+itoa(ds), e.Login("staff", "Staff@123").AccessToken, nil), "staff reads a shape", "")

	// Staff, granted the report, find it in their side menu and run it with its widgets.
	staff := e.Login("staff", "Staff@123")
	found := ""
	for _, g := range staff.SysMenus {
		for _, m := range g.SubMenus {
			if m.Code == "dreport_"+itoa(id) {
				found = m.Path
			}
		}
	}
	if found != "/dreport?id="+itoa(id) {
		t.Fatalf("staff's side menu has no report: %+v", staff.SysMenus)
	}
	_, r = e.Call("POST", "/api/dreport/run", staff.AccessToken, map[string]any{"id": id, "values": map[string]string{"from": "3", "day": "2026-01-01", "unit": "x"}})
	var run struct {
		Total   int `json:"total"`
		Filters []struct {
			Name, Widget, DictGroupCode string
		} `json:"filters"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil || run.Total != 10 || len(run.Filters) != 3 ||
		run.Filters[0].Widget != "dict" || run.Filters[0].DictGroupCode != "sex" || run.Filters[1].Widget != "date" || run.Filters[2].Widget != "org" {
		t.Fatalf("run: %+v %s", r, r.Data)
	}

	// The export: titles, every row (sorted as asked), then the totals.
	tk := e.Ticket(staff.AccessToken, "/api/dreport/export")
	q := "id=" + itoa(id) + "&sort=value&order=desc&ticket=" + tk + "&values=" + url.QueryEscape(`{"from":"3"}`)
	resp, body := e.Send("GET", "/api/dreport/export?"+q, "", nil, "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("export: %d %s", resp.StatusCode, body)
	}
	rows := apptest.SheetRows(t, body)
	if len(rows) != 12 || strings.Join(rows[0], "|") != "名称|数值" || strings.Join(rows[1], "|") != "n12|12" || strings.Join(rows[11], "|") != "合计|75" {
		t.Fatalf("export rows: %v", rows)
	}

	// An external account (portal only) runs no report and has no report in its menu, even through a role it shares.
	var partnerRole int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT ur.role_id FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id WHERE u.login_code = ? ORDER BY ur.role_id LIMIT 1`, "partner").Scan(&partnerRole); err != nil {
		t.Fatal(err)
	}
	e.OK(e.Answer("PUT", "/api/dreport/edit", admin, map[string]any{"id": id, "name": "菜单报表", "datasetId": ds, "inMenu": true,
		"layout": map[string]any{"columns": columns}, "roles": []int64{e.RoleIDOf("staff"), partnerRole}}), "grant the partner's role")
	_, r = e.Call("POST", "/api/outSite/login", "", url.Values{"LoginCode": {"partner"}, "PassWord": {"Partner@123"}})
	var partner apptest.SessionUser
	if r.Code != 0 || json.Unmarshal(r.Data, &partner) != nil || len(partner.SysMenus) != 0 {
		t.Fatalf("partner's session: %+v", r)
	}
	e.RefusedWith(e.Answer("POST", "/api/dreport/run", partner.AccessToken, map[string]any{"id": id}), "partner runs a report", "无权限访问该功能")

	// Taken off the menu or off the staff role, the report leaves staff's menu; an ungranted export is refused.
	e.OK(e.Answer("PUT", "/api/dreport/edit", admin, map[string]any{"id": id, "name": "菜单报表", "datasetId": ds, "inMenu": false,
		"layout": map[string]any{"columns": columns}, "roles": []int64{}}), "ungrant")
	staff = e.Login("staff", "Staff@123")
	for _, g := range staff.SysMenus {
		if g.Code == "dreport_menu" {
			t.Fatalf("the report stays in staff's menu: %+v", staff.SysMenus)
		}
	}
	tk = e.Ticket(staff.AccessToken, "/api/dreport/export")
	if resp, body = e.Send("GET", "/api/dreport/export?id="+itoa(id)+"&ticket="+tk, "", nil, "", nil); bytes.HasPrefix(body, []byte("PK")) {
		t.Fatalf("ungranted export: %d", resp.StatusCode)
	}
}
