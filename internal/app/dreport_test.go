package app_test

import (
	"encoding/json"
	"strings"
	"testing"
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
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	staff := e.login("staff", "Staff@123").AccessToken
	ds := e.created(e.callR("POST", "/api/dataset/add", admin, map[string]any{"name": "数列",
		"sql":    `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 25) SELECT 'n' || x AS label, x AS value, x * 2 AS twice FROM c WHERE x >= CAST(:from AS INTEGER)`,
		"params": []map[string]string{{"name": "from", "label": "起始", "sample": "1"}}}), "dataset")
	layout := map[string]any{
		"columns": []map[string]any{{"key": "label", "title": "名称"}, {"key": "value", "title": "数值", "format": "number", "total": true}, {"key": "twice", "total": true}},
		"chart":   map[string]any{"type": "bar", "x": "label", "y": []string{"value"}},
	}
	// Refused layouts: unknown chart type, a chart over a column the report lacks, a bad format.
	for _, bad := range []map[string]any{
		{"columns": layout["columns"], "chart": map[string]any{"type": "radar", "x": "label", "y": []string{"value"}}},
		{"columns": layout["columns"], "chart": map[string]any{"type": "bar", "x": "nope", "y": []string{"value"}}},
		{"columns": []map[string]any{{"key": "label", "format": "<script>"}}},
		{"columns": []map[string]any{}},
	} {
		e.dtRefused(e.callR("POST", "/api/dreport/add", admin, map[string]any{"name": "坏报表", "datasetId": ds, "layout": bad}), "bad layout", "")
	}
	e.dtRefused(e.callR("POST", "/api/dreport/add", staff, map[string]any{"name": "x", "datasetId": ds, "layout": layout}), "staff designs", "")
	id := e.created(e.callR("POST", "/api/dreport/add", admin, map[string]any{"name": "数列报表", "datasetId": ds, "layout": layout}), "report")

	// Without a role, staff cannot run it; granted, they can.
	e.dtRefused(e.callR("POST", "/api/dreport/run", staff, map[string]any{"id": id}), "staff runs an ungranted report", "不存在")
	e.dtOK(e.callR("PUT", "/api/dreport/edit", admin, map[string]any{"id": id, "name": "数列报表", "datasetId": ds, "layout": layout, "roles": []int64{e.roleIDOf("staff")}}), "grant")
	_, r := e.call("GET", "/api/dreport/mine", staff, nil)
	if r.Code != 0 || !strings.Contains(string(r.Data), "数列报表") {
		t.Fatalf("staff's reports: %+v", r)
	}
	_, r = e.call("POST", "/api/dreport/run", staff, map[string]any{"id": id, "values": map[string]string{"from": "11"}, "sort": "value", "order": "desc", "limit": 10, "current": 2})
	var run reportRun
	if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil {
		t.Fatalf("run: %+v", r)
	}
	// 11..25: 15 rows, page 2 of 10 by value desc holds 15..11; totals over every row; the chart's rows.
	if run.Total != 15 || run.Pages != 2 || len(run.Records) != 5 || run.Records[0]["value"] != float64(15) ||
		run.Totals["value"] != 270 || run.Totals["twice"] != 540 || len(run.ChartRows) != 15 || len(run.Filters) != 1 {
		t.Fatalf("run: %+v", run)
	}
	// The filter's value is bound: SQL in it is a value, which SQLite's CAST reads as 0 and PostgreSQL's refuses.
	_, r = e.call("POST", "/api/dreport/run", staff, map[string]any{"id": id, "values": map[string]string{"from": "0; DELETE FROM sys_user"}})
	if e.app.DB.Dialect == "postgres" {
		if r.Code == 0 || !strings.Contains(r.Message, "integer") {
			t.Fatalf("hostile filter: %+v", r)
		}
	} else if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil || run.Total != 25 {
		t.Fatalf("hostile filter: %+v", r)
	}
	if list[userRec](e, "/api/sys/user/list", admin, nil).Total < 2 {
		t.Fatal("accounts are gone")
	}
	e.dtRefused(e.callR("POST", "/api/dreport/run", staff, map[string]any{"id": id, "sort": "label; DROP TABLE x"}), "bad sort", "")
	// Staff still cannot run the dataset itself.
	e.dtRefused(e.callR("POST", "/api/dataset/run", staff, map[string]any{"id": ds}), "staff runs the dataset", "")
}
