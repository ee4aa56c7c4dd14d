package dataset_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// bidFields are the fields of a table like the demo's 项目跟踪测试表: text, money, date, a status.
func bidFields() []map[string]any {
	f := func(code, name, typ string) map[string]any {
		return map[string]any{"fieldName": code, "name": name, "type": typ, "inList": 1, "choiceSingle": 1, "searchable": 1}
	}
	return []map[string]any{f("xmmc", "项目名称", "varchar"), f("tbje", "投标金额", "money"), f("kbrq", "开标日期", "date"), f("bidStatus", "状态", "varchar")}
}

type dsCatalog struct {
	Tables []struct {
		Name    string `json:"name"`
		Title   string `json:"title"`
		Kind    string `json:"kind"`
		Scoped  bool   `json:"scoped"`
		Refused string `json:"refused"`
		Columns []struct {
			Name     string `json:"name"`
			Title    string `json:"title"`
			Type     string `json:"type"`
			Personal bool   `json:"personal"`
		} `json:"columns"`
	} `json:"tables"`
}

func catalog(e *apptest.Env, tok string) dsCatalog {
	e.T.Helper()
	_, r := e.Call("GET", "/api/dataset/catalog", tok, nil)
	e.OK(r, "catalog")
	var c dsCatalog
	if err := json.Unmarshal(r.Data, &c); err != nil {
		e.T.Fatal(err)
	}
	return c
}

// A dynamic table is read in a dataset by its own name and its field codes (never as dt_<id>/c_<n>), through a
// view of the live rows created for the run, only by a runner whose roles may read the table; money is exact in
// the table and in yuan in the dataset, a date is YYYY-MM-DD; hostile names stay quoted identifiers
// (docs/decisions/0014-lowcode.md, "Dynamic tables in datasets").
func TestDatasetsReadDynamicTablesByTheirNamesAndReadRoles(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	readers := e.GrantRole(admin, "bidreaders", []string{"dataset_manager", "dreport"}, []string{"dataset_manager", "dreport"},
		[]map[string]any{{"moduleName": "*", "scope": "all"}})
	outsiders := e.GrantRole(admin, "bidoutsiders", []string{"dataset_manager", "dreport"}, []string{"dataset_manager", "dreport"},
		[]map[string]any{{"moduleName": "*", "scope": "all"}})
	e.Account(admin, "reader", "100201", readers)
	e.Account(admin, "outsider", "100201", outsiders)
	reader, outsider := e.SignIn("reader"), e.SignIn("outsider")

	table := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "项目跟踪测试表", "fields": bidFields(), "readRoles": []int64{readers}}), "table")
	var rowIDs []int64
	for _, v := range []map[string]any{
		{"xmmc": "一号楼物业", "tbje": "1,234.5", "kbrq": "2025/3/1", "bidStatus": "中标"},
		{"xmmc": "二号楼物业", "tbje": 0.1, "kbrq": "2025-03-15", "bidStatus": "未中标"},
		{"xmmc": "三号楼物业", "tbje": "0.2", "kbrq": "2025-04-02 09:30:00", "bidStatus": "中标"},
		{"xmmc": "已删除", "tbje": "5", "kbrq": "2025-04-03", "bidStatus": "中标"},
	} {
		rowIDs = append(rowIDs, e.Created(e.Answer("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": table, "values": v}), "row"))
	}
	e.OK(e.Answer("DELETE", "/api/dtable/data/del", admin, map[string]any{"tableId": table, "ids": []int64{rowIDs[3]}}), "delete a row")

	t.Run("money and date fields are exact", func(t *testing.T) {
		_, r := e.Call("GET", "/api/dtable/data/list?tableId="+itoa(table)+"&sort=id&order=asc", admin, nil)
		e.OK(r, "rows")
		var page struct {
			Records []struct {
				Values map[string]any `json:"values"`
			} `json:"records"`
		}
		if err := json.Unmarshal(r.Data, &page); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, rec := range page.Records {
			got = append(got, fmt.Sprint(rec.Values["tbje"], " ", rec.Values["kbrq"]))
		}
		if strings.Join(got, "|") != "1234.50 2025-03-01|0.10 2025-03-15|0.20 2025-04-02" {
			t.Fatalf("money and dates: %q", got)
		}
		if n := e.Count(`SELECT SUM(c_2) FROM dt_` + itoa(table) + ` WHERE deleted_at IS NULL`); n != 123480 {
			t.Fatalf("cents stored: %d", n)
		}
		for _, bad := range []map[string]any{{"tbje": "12.345"}, {"tbje": "12元"}, {"kbrq": "2025-13-01"}, {"kbrq": "昨天"}} {
			bad["xmmc"] = "坏值"
			_, r := e.Call("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": table, "values": bad})
			e.RefusedWith(r, fmt.Sprint(bad), "")
		}
		// a date range filters the date field
		_, r = e.Call("GET", "/api/dtable/data/list?tableId="+itoa(table)+"&kbrqStart=2025-03-10&kbrqEnd=2025-04-02", admin, nil)
		if r.Code != 0 || !strings.Contains(string(r.Data), `"total":2`) {
			t.Fatalf("date range: %d %s %s", r.Code, r.Message, r.Data)
		}
	})

	t.Run("by its name and field codes", func(t *testing.T) {
		for _, sql := range []string{
			`SELECT xmmc, tbje, kbrq FROM 项目跟踪测试表 ORDER BY id`,
			`SELECT p.xmmc, p.tbje, p.kbrq FROM "项目跟踪测试表" AS p ORDER BY p.id`,
			`WITH b AS (SELECT * FROM 项目跟踪测试表) SELECT xmmc, tbje, kbrq FROM b ORDER BY id`,
			`SELECT XMMC AS xmmc, TBJE AS tbje, KBRQ AS kbrq FROM 项目跟踪测试表 ORDER BY ID`,
		} {
			res, r := dsTest(e, admin, sql, nil)
			if r.Code != 0 {
				t.Fatalf("%s: %d %s", sql, r.Code, r.Message)
			}
			var got []string
			for _, row := range res.Rows {
				got = append(got, strings.Trim(fmt.Sprint(row), "[]"))
			}
			if strings.Join(res.Columns, ",") != "xmmc,tbje,kbrq" || strings.Join(got, "|") != "一号楼物业 1234.5 2025-03-01|二号楼物业 0.1 2025-03-15|三号楼物业 0.2 2025-04-02" {
				t.Fatalf("%s:\n  %v %q", sql, res.Columns, got)
			}
		}
		// a mixed-case field code, grouped sums in yuan and the months of the dates
		res, r := dsTest(e, admin, `SELECT bidStatus AS 状态, COUNT(*) AS 数量, ROUND(SUM(tbje) * 100) AS 分 FROM 项目跟踪测试表
			WHERE substr(kbrq, 1, 7) >= :from GROUP BY bidStatus ORDER BY 1`, map[string]string{"from": "2025-03"})
		if r.Code != 0 || fmt.Sprint(res.Rows) != "[[中标 2 123470] [未中标 1 10]]" {
			t.Fatalf("grouped: %+v %v", r, res.Rows)
		}
	})

	t.Run("never by its physical name", func(t *testing.T) {
		schema := "main"
		if e.App.DB.Dialect == "postgres" {
			schema = "public"
		}
		for _, sql := range []string{`SELECT c_1 FROM dt_` + itoa(table), `SELECT COUNT(*) FROM ` + schema + `.dt_` + itoa(table),
			`SELECT xmmc FROM 项目跟踪测试表 WHERE id IN (SELECT id FROM dt_` + itoa(table) + `)`} {
			_, r := dsTest(e, admin, sql, nil)
			if r.Code == 0 || !strings.Contains(r.Message, "项目跟踪测试表") {
				t.Errorf("%s: %d %q", sql, r.Code, r.Message)
			}
		}
	})

	t.Run("only by a runner its read roles admit", func(t *testing.T) {
		if res, r := dsTest(e, reader, `SELECT COUNT(*) AS n FROM 项目跟踪测试表`, nil); r.Code != 0 || fmt.Sprint(res.Rows) != "[[3]]" {
			t.Fatalf("reader: %+v %v", r, res.Rows)
		}
		for _, sql := range []string{`SELECT COUNT(*) AS n FROM 项目跟踪测试表`, `SELECT COUNT(*) FROM dt_` + itoa(table)} {
			_, r := dsTest(e, outsider, sql, nil)
			if r.Code == 0 || !strings.Contains(r.Message, "没有可查询的表") {
				t.Errorf("outsider: %s: %d %q", sql, r.Code, r.Message)
			}
		}
		for _, c := range catalog(e, outsider).Tables {
			if c.Kind == "dynamic" {
				t.Errorf("outsider's catalogue lists %s", c.Name)
			}
		}
		// a report over the table: its runner's roles decide, not the designer's
		ds := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "投标金额", "sql": `SELECT xmmc AS label, tbje AS value FROM 项目跟踪测试表`}), "dataset")
		report := e.Created(e.Answer("POST", "/api/dreport/add", admin, map[string]any{"name": "投标金额报表", "datasetId": ds,
			"layout": map[string]any{"columns": []map[string]any{{"key": "label", "title": "项目"}, {"key": "value", "title": "金额", "total": true}}},
			"roles":  []int64{readers, outsiders}}), "report")
		if _, r := e.Call("POST", "/api/dreport/run", reader, map[string]any{"id": report}); r.Code != 0 || !strings.Contains(string(r.Data), "一号楼物业") {
			t.Fatalf("reader's report: %d %s", r.Code, r.Message)
		}
		if _, r := e.Call("POST", "/api/dreport/run", outsider, map[string]any{"id": report}); r.Code == 0 || !strings.Contains(r.Message, "项目跟踪测试表") {
			t.Fatalf("outsider's report: %d %s %s", r.Code, r.Message, r.Data)
		}
	})

	t.Run("the catalogue names it by its name and field codes", func(t *testing.T) {
		c := catalog(e, reader)
		var found bool
		for _, tb := range c.Tables {
			if tb.Name == "项目跟踪测试表" {
				found = true
				var cols []string
				for _, col := range tb.Columns {
					cols = append(cols, col.Name+":"+col.Title+":"+col.Type)
				}
				want := "id:记录编号:|xmmc:项目名称:varchar|tbje:投标金额:money|kbrq:开标日期:date|bidstatus:状态:varchar|created_at:创建时间:|updated_at:更新时间:"
				if e.App.DB.Dialect != "postgres" {
					want = strings.Replace(want, "bidstatus", "bidStatus", 1)
				}
				if strings.Join(cols, "|") != want {
					t.Errorf("columns: %s", strings.Join(cols, "|"))
				}
			}
			if tb.Name == "sys_user" {
				if tb.Title != "用户账号" || !tb.Scoped {
					t.Errorf("sys_user: %+v", tb)
				}
				for _, col := range tb.Columns {
					if col.Name == "password_hash" {
						t.Errorf("the catalogue offers the password hash")
					}
					if col.Name == "phone" && !col.Personal {
						t.Errorf("phone is not marked personal")
					}
				}
			}
		}
		if !found {
			t.Fatalf("the reader's catalogue has no 项目跟踪测试表: %+v", c)
		}
	})

	t.Run("hostile and reserved names stay names", func(t *testing.T) {
		hostile := `项目"); DROP TABLE sys_user; --`
		e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": hostile, "fields": bidFields()}), "hostile table")
		reserved := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "sys_user", "fields": bidFields()}), "reserved table")
		e.OK(e.Answer("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": reserved, "values": map[string]any{"xmmc": "影子"}}), "row")
		if res, r := dsTest(e, admin, `SELECT COUNT(*) AS n FROM "项目""); DROP TABLE sys_user; --"`, nil); r.Code != 0 || fmt.Sprint(res.Rows) != "[[0]]" {
			t.Fatalf("hostile name: %+v %v", r, res.Rows)
		}
		if !e.TableExists("sys_user") {
			t.Fatal("sys_user is gone")
		}
		// the system table keeps its name; the dynamic table named so is listed as not queryable by name
		if res, r := dsTest(e, admin, `SELECT COUNT(*) AS n FROM sys_user WHERE login_code = 'admin'`, nil); r.Code != 0 || fmt.Sprint(res.Rows) != "[[1]]" {
			t.Fatalf("sys_user: %+v %v", r, res.Rows)
		}
		for _, tb := range catalog(e, admin).Tables {
			if tb.Kind == "dynamic" && tb.Name == "sys_user" && tb.Refused == "" {
				t.Errorf("a dynamic table named sys_user is offered")
			}
		}
	})
}

// A database's refusal reaches the user as a sentence in their language naming what is wrong (a table or column
// that is not available, the text near a syntax error, a function or table a dataset may not use), never the
// driver's text.
func TestDatasetErrorsAreExplainedInTheUsersLanguage(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	for _, c := range []struct{ name, sql, zh, en string }{
		{"no such table", `SELECT * FROM 不存在的表`, `没有可查询的表“不存在的表”`, `There is no table "不存在的表" you may query`},
		{"no such column", `SELECT nope FROM org_unit`, `没有列“nope”`, `There is no column "nope"`},
		{"syntax", `SELECT unit_name FROM org_unit WHERE level = = 1`, `语句在“=”附近有语法错误`, `Syntax error near "="`},
		{"incomplete", `SELECT unit_name FROM org_unit WHERE (level = 1`, `语句不完整`, `The statement is incomplete`},
		{"table not allowed", `SELECT * FROM sys_session`, `sys_session`, `sys_session`},
		{"column not allowed", `SELECT password_hash FROM sys_user`, `password_hash`, `password_hash`},
		{"function", `SELECT no_such_fn(1) AS x`, `no_such_fn`, `no_such_fn`},
		{"ambiguous", `SELECT id FROM org_unit a, org_unit b`, `“id”在多个表中都有`, `in several tables`},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []string{"zh-CN", "en"} {
				_, r := e.Call("POST", "/api/dataset/test", admin, map[string]any{"sql": c.sql}, "Accept-Language", lang)
				want := c.zh
				if lang == "en" {
					want = c.en
				}
				if r.Code == 0 || !strings.Contains(r.Message, want) {
					t.Errorf("%s %s: %q, want %q", lang, c.sql, r.Message, want)
				}
				for _, raw := range []string{"SQL logic error", "(1)", "does not exist", "SQLSTATE", "not authorized", "ERROR:"} {
					if strings.Contains(r.Message, raw) {
						t.Errorf("%s %s: the driver's text %q reached the user: %q", lang, c.sql, raw, r.Message)
					}
				}
			}
		})
	}
}

// The demo's dynamic table, its dataset (by the table's own name) and its report run for the administrator.
func TestDemoLowcodeReportRunsOverTheDemoTable(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	var id int64
	if err := e.App.DB.QueryRow(t.Context(), `SELECT id FROM lowcode_report WHERE name = '投标项目月度报表'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	_, r := e.Call("POST", "/api/dreport/run", admin, map[string]any{"id": id, "values": map[string]string{"since": "2000-01-01"}})
	var run struct {
		Total     int              `json:"total"`
		ChartRows []map[string]any `json:"chartRows"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil || run.Total < 6 || len(run.ChartRows) != run.Total {
		t.Fatalf("demo report: %d %s %s", r.Code, r.Message, r.Data)
	}
}
