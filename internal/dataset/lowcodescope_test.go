package dataset_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// External (partner) accounts are refused every call of the low-code areas (dynamic tables, datasets,
// reports), whatever role they share with staff (docs/api.md, "External users"; internal/app/lowcode.go,
// staffOnlyLowcode): the verbs are read from the route table, so a call added later is covered too.
func TestLowcodeRefusesExternalAccountsOnEveryVerb(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staffRole := e.RoleIDOf("staff") // the partner holds it too
	table := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "合作项目", "fields": apptest.ProjectFields(),
		"readRoles": []int64{staffRole}, "writeRoles": []int64{staffRole}}), "table")
	ds := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "单位", "sql": `SELECT unit_name AS label, level AS value FROM org_unit`}), "dataset")
	report := e.Created(e.Answer("POST", "/api/dreport/add", admin, map[string]any{"name": "单位报表", "datasetId": ds,
		"layout": map[string]any{"columns": []map[string]any{{"key": "label", "title": "名称"}}}, "roles": []int64{staffRole}}), "report")
	staff := e.Login("staff", "Staff@123").AccessToken
	e.OK(e.Answer("POST", "/api/dtable/data/add", staff, map[string]any{"tableId": table, "values": map[string]any{"title": "内部"}}), "staff adds a row")
	partner := e.LoginOutSite("partner", "Partner@123").AccessToken

	params := "?tableId=" + itoa(table) + "&id=" + itoa(report) + "&datasetId=" + itoa(ds)
	body := map[string]any{"tableId": table, "id": report, "ids": []int64{1}, "datasetId": ds, "sql": "SELECT 1 AS one",
		"values": map[string]any{"title": "外部写入"}, "name": "x", "fields": apptest.ProjectFields()}
	seen := map[string]bool{}
	for _, rt := range e.App.Routes() {
		if rt.Area != "dtable" && rt.Area != "dataset" && rt.Area != "dreport" {
			continue
		}
		seen[rt.Area] = true
		t.Run(rt.Method+" "+rt.Path, func(t *testing.T) {
			var resp *http.Response
			var r apptest.Envelope
			if rt.Method == "GET" {
				resp, r = e.Call("GET", rt.Path+params, partner, nil)
			} else {
				resp, r = e.Call(rt.Method, rt.Path+params, partner, body)
			}
			if resp.StatusCode != http.StatusForbidden || r.Message != "无权限访问该功能" {
				t.Fatalf("partner: HTTP %d code %d %q", resp.StatusCode, r.Code, r.Message)
			}
			if rt.Download { // a download ticket is no way round
				tk := e.Ticket(partner, rt.Path)
				resp, _ := e.Fetch(rt.Path+params+"&ticket="+tk, "")
				if resp.StatusCode != http.StatusForbidden {
					t.Fatalf("partner's ticket: HTTP %d", resp.StatusCode)
				}
			}
		})
	}
	if len(seen) != 3 {
		t.Fatalf("low-code areas in the route table: %v", seen)
	}
	// nothing was written; staff still reads and writes the table the partner's role names
	if n := e.Count(`SELECT COUNT(*) FROM dt_` + itoa(table)); n != 1 {
		t.Fatalf("rows of the table: %d, want staff's one", n)
	}
	if _, r := e.Call("GET", "/api/dtable/mine", staff, nil); r.Code != 0 || !strings.Contains(string(r.Data), "合作项目") {
		t.Fatalf("staff's tables: %+v", r)
	}
}

// Datasets, and the reports over them, show the rows of the runner's units only, of every table that carries a
// unit (or belongs to an account or a library record), however the statement names the table (aliases,
// subqueries, WITH, a schema); personal columns are refused, naming the column, until an administrator allows
// them (docs/data-rules.md, "Datasets and reports").
func TestDatasetsAndReportsObeyTheRunnersScopeAndPersonalColumns(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	pg := e.App.DB.Dialect == "postgres"
	// every scope 'own unit', the designer's code and the report's
	role := e.GrantRole(admin, "unitds", []string{"dataset_manager", "dreport"}, []string{"dataset_manager", "dreport"},
		[]map[string]any{{"moduleName": "*", "scope": "unit"}})
	e.Account(admin, "near", "100201", role)
	e.Account(admin, "near2", "100201")
	e.Account(admin, "far", "100101")
	near := e.SignIn("near")
	e.SignIn("far") // a login_log row of the other unit
	ctx := context.Background()
	if _, err := e.App.DB.Exec(ctx, `UPDATE sys_user SET phone = '13911112222' WHERE login_code = 'far'`); err != nil {
		t.Fatal(err)
	}

	codes := func(tok, sql string) string {
		t.Helper()
		res, r := dsTest(e, tok, sql, nil)
		if r.Code != 0 {
			t.Fatalf("%s: %+v", sql, r)
		}
		var out []string
		for _, row := range res.Rows {
			out = append(out, fmt.Sprint(row[0]))
		}
		return strings.Join(out, ",")
	}
	// the scoped runner, however sys_user is named
	for _, sql := range []string{
		`SELECT login_code FROM sys_user WHERE login_code IN ('near', 'near2', 'far', 'admin') ORDER BY login_code`,
		`SELECT u.login_code FROM sys_user AS u WHERE u.login_code IN ('near', 'near2', 'far', 'admin') ORDER BY 1`,
		`SELECT x.login_code FROM (SELECT * FROM (SELECT login_code, unit_code FROM sys_user) y) x WHERE x.login_code IN ('near', 'near2', 'far', 'admin') ORDER BY 1`,
		`WITH u AS (SELECT login_code FROM sys_user) SELECT login_code FROM u WHERE login_code IN ('near', 'near2', 'far', 'admin') ORDER BY 1`,
		`WITH a AS (SELECT login_code FROM sys_user), b AS (SELECT * FROM a) SELECT login_code FROM b WHERE login_code IN ('near', 'near2', 'far', 'admin') ORDER BY 1`,
		`SELECT login_code FROM sys_user WHERE login_code IN ('near', 'near2', 'far', 'admin') UNION SELECT login_code FROM sys_user WHERE 1 = 0 ORDER BY 1`,
		`SELECT l.login_code FROM login_log l WHERE l.login_code IN ('near', 'far') GROUP BY l.login_code ORDER BY 1`,
	} {
		if got := codes(near, sql); got != "near" && got != "near,near2" {
			t.Errorf("scoped runner: %s\n  got %q", sql, got)
		} else if strings.Contains(sql, "login_log") != (got == "near") {
			t.Errorf("scoped runner: %s\n  got %q", sql, got)
		}
	}
	// counts and the other unit-carrying tables
	if got := codes(near, `SELECT COUNT(*) FROM sys_user WHERE unit_code <> '100201'`); got != "0" {
		t.Errorf("accounts of other units counted: %s", got)
	}
	if got := codes(near, `SELECT COUNT(*) FROM employee WHERE unit_code <> '100201'`); got != "0" {
		t.Errorf("employees of other units: %s", got)
	}
	if got := codes(near, `SELECT COUNT(*) FROM lib_record WHERE unit_code <> '100201'`); got != "0" {
		t.Errorf("library records of other units: %s", got)
	}
	if got := codes(near, `SELECT COUNT(*) FROM sys_user_role ur WHERE ur.user_id = (SELECT id FROM org_unit LIMIT 0) OR ur.user_id IN (1, 2)`); got != "0" {
		t.Errorf("role memberships of other units: %s", got)
	}
	// the base table by another name is refused, never shown whole
	schema := "main"
	if pg {
		schema = "public"
	}
	for _, sql := range []string{`SELECT login_code FROM ` + schema + `.sys_user`, `SELECT COUNT(*) FROM ` + schema + `.sys_user`,
		`WITH sys_user AS (SELECT * FROM ` + schema + `.sys_user) SELECT login_code FROM sys_user`} {
		if _, r := dsTest(e, near, sql, nil); r.Code == 0 {
			t.Errorf("base table read: %s", sql)
		}
	}
	if pg { // the role cannot take the app's rights back
		if _, r := dsTest(e, near, `SELECT set_config('role', current_user, true) AS x`, nil); r.Code == 0 {
			t.Errorf("set_config allowed")
		}
	}
	// the administrator (scope all) sees every unit
	if got := codes(admin, `SELECT login_code FROM sys_user WHERE login_code IN ('near', 'far') ORDER BY 1`); got != "far,near" {
		t.Errorf("administrator: %q", got)
	}
	// a report over sys_user run by the scoped designer
	ds := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "账号", "sql": `SELECT login_code AS code, unit_code AS unit FROM sys_user`}), "dataset")
	rep := e.Created(e.Answer("POST", "/api/dreport/add", admin, map[string]any{"name": "账号报表", "datasetId": ds,
		"layout": map[string]any{"columns": []map[string]any{{"key": "code", "title": "账号"}, {"key": "unit", "title": "单位"}}}}), "report")
	_, r := e.Call("POST", "/api/dreport/run", near, map[string]any{"id": rep, "limit": 100})
	if r.Code != 0 || strings.Contains(string(r.Data), `"far"`) || strings.Contains(string(r.Data), "100101") || !strings.Contains(string(r.Data), `"near"`) {
		t.Fatalf("report over sys_user: %+v", r)
	}
	_, r = e.Call("POST", "/api/dataset/run", near, map[string]any{"id": ds})
	if r.Code != 0 || strings.Contains(string(r.Data), `"far"`) {
		t.Fatalf("dataset run: %+v", r)
	}

	// personal columns: refused naming the column, for every runner, until allowed
	for _, c := range []struct{ sql, column string }{
		{`SELECT phone FROM sys_user`, "sys_user.phone"},
		{`SELECT u.login_code FROM sys_user u WHERE u.phone LIKE '139%'`, "sys_user.phone"},
		{`WITH x AS (SELECT email AS m FROM employee) SELECT m FROM x`, "employee.email"},
		{`SELECT client_ip FROM login_log`, "login_log.client_ip"},
		{`SELECT user_agent FROM login_log`, "login_log.user_agent"},
		{`SELECT data FROM lib_record`, "lib_record.data"},
		{`SELECT phone FROM ext_org`, "ext_org.phone"},
	} {
		for _, tok := range []string{admin, near} {
			_, r := dsTest(e, tok, c.sql, nil)
			if r.Code == 0 || !strings.Contains(r.Message, "数据集不能读取个人信息列 "+c.column) {
				t.Errorf("%s: want the refusal naming %s, got %+v", c.sql, c.column, r)
			}
		}
	}
	e.SetParam(admin, "dataset.personal_columns", "sys_user.phone")
	if got := codes(admin, `SELECT phone FROM sys_user WHERE login_code = 'far'`); got != "13911112222" {
		t.Errorf("allowed phone: %q", got)
	}
	if got := codes(near, `SELECT phone FROM sys_user WHERE login_code = 'far'`); got != "" {
		t.Errorf("allowed phone of another unit: %q", got)
	}
	if _, r := dsTest(e, admin, `SELECT email FROM sys_user`, nil); !strings.Contains(r.Message, "sys_user.email") {
		t.Errorf("e-mail still personal: %+v", r)
	}
}
