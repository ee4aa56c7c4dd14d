package dataset_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/dataset"
)

type dsResult struct {
	Columns   []string `json:"columns"`
	Rows      [][]any  `json:"rows"`
	Truncated bool     `json:"truncated"`
}

func dsTest(e *apptest.Env, tok, sql string, values map[string]string) (dsResult, apptest.Envelope) {
	e.T.Helper()
	_, r := e.Call("POST", "/api/dataset/test", tok, map[string]any{"sql": sql, "values": values})
	var out dsResult
	if r.Code == 0 {
		if err := json.Unmarshal(r.Data, &out); err != nil {
			e.T.Fatal(err)
		}
	}
	return out, r
}

func TestDatasetsReadOnlyAllowListTimeoutAndCap(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	pg := e.App.DB.Dialect == "postgres"

	// A test shows the columns and the first rows; parameters are bound.
	res, r := dsTest(e, admin, `SELECT full_unit_code AS code, unit_name FROM org_unit -- the units
		WHERE level = :lvl AND unit_name <> :skip ORDER BY full_unit_code`, map[string]string{"lvl": "1", "skip": "x"})
	if r.Code != 0 || len(res.Columns) != 2 || res.Columns[0] != "code" || len(res.Rows) == 0 {
		t.Fatalf("test: %+v %+v", r, res)
	}
	// Template syntax and SQL in a value are text.
	for _, v := range []string{`{{ sys_user }}' OR '1'='1`, `${password_hash}`, `:lvl`, `'); DROP TABLE sys_user; --`} {
		res, r := dsTest(e, admin, `SELECT :v AS v, login_code FROM sys_user WHERE login_code = :v`, map[string]string{"v": v})
		if r.Code != 0 || len(res.Rows) != 0 {
			t.Fatalf("value %q: %+v %+v", v, r, res)
		}
		res, r = dsTest(e, admin, `SELECT COUNT(*) AS n FROM sys_user WHERE user_name <> :v`, map[string]string{"v": v})
		if r.Code != 0 || len(res.Rows) != 1 {
			t.Fatalf("value %q: %+v", v, r)
		}
	}
	_, r = dsTest(e, admin, `SELECT :unit AS u`, nil)
	if r.Code == 0 || !strings.Contains(r.Message, "unit") {
		t.Fatalf("missing value: %+v", r)
	}
	// What a report needs of sys_user is readable; its secrets are not.
	if res, r := dsTest(e, admin, `WITH u AS (SELECT login_code FROM sys_user) SELECT COUNT(*) AS n, (SELECT COUNT(*) FROM (SELECT 1 AS one) q) AS one FROM u`, nil); r.Code != 0 || len(res.Rows) != 1 {
		t.Fatalf("counts of a CTE and a subquery: %+v", r)
	}
	if res, r := dsTest(e, admin, `SELECT login_code, user_name FROM sys_user ORDER BY id`, nil); r.Code != 0 || len(res.Rows) < 2 {
		t.Fatalf("sys_user's public columns: %+v", r)
	}

	refusals := []string{
		`DELETE FROM sys_user`,
		`UPDATE sys_user SET state = 0`,
		`INSERT INTO sys_role (code, name, created_at) VALUES ('x', 'x', '2020-01-01')`,
		`SELECT 1; DELETE FROM sys_user`,
		`SELECT 1; SELECT 2`,
		`SELECT 1 /* unclosed`,
		`SELECT 'unclosed`,
		`ATTACH DATABASE '/tmp/x.db' AS x`,
		`PRAGMA writable_schema = 1`,
		`SELECT * FROM pragma_table_info('sys_user')`,
		`SELECT load_extension('/tmp/evil')`,
		`SELECT readfile('/etc/passwd')`,
		`SELECT pg_read_file('/etc/passwd')`,
		`SELECT * FROM pg_read_file('/etc/passwd')`,
		`COPY sys_user TO PROGRAM 'id'`,
		`SELECT password_hash FROM sys_user`,
		`SELECT * FROM sys_user`,
		`SELECT login_code FROM sys_user WHERE password_hash LIKE 'a%'`,
		`SELECT token_hash FROM sys_session`,
		`SELECT COUNT(*) FROM sys_session`,
		`SELECT COUNT(*) FROM sys_remember`,
		`SELECT * FROM download_ticket`,
		`SELECT * FROM sys_config`,
		`SELECT * FROM sqlite_master`,
		`SELECT * FROM lowcode_dataset`,
		`WITH d AS (DELETE FROM org_unit RETURNING *) SELECT * FROM d`,
		`SELECT nextval('sys_user_id_seq')`,
		`SELECT ?`,
		`SELECT $1`,
		`EXPLAIN SELECT 1`,
		`VACUUM`,
	}
	for _, q := range refusals {
		if _, r := dsTest(e, admin, q, nil); r.Code == 0 {
			t.Errorf("not refused: %s", q)
		}
	}
	var users, units int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT (SELECT COUNT(*) FROM sys_user WHERE state = 1), (SELECT COUNT(*) FROM org_unit)`).Scan(&users, &units); err != nil || users < 2 || units == 0 {
		t.Fatalf("data changed: %d users, %d units, %v", users, units, err)
	}

	// The function code guards every call.
	if _, r := dsTest(e, staff, `SELECT 1 AS one`, nil); r.Code == 0 {
		t.Fatal("staff tested a dataset")
	}

	// A saved dataset runs with the row cap; a missing value takes the sample.
	id := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "序列",
		"sql":    `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT x FROM c WHERE x >= CAST(:from AS INTEGER)`,
		"params": []map[string]string{{"name": "from", "label": "起始", "sample": "1"}, {"name": "ghost", "label": "x"}}}), "add dataset")
	_, r = e.Call("GET", "/api/dataset/one?id="+itoa(id), admin, nil)
	if r.Code != 0 || strings.Contains(string(r.Data), "ghost") || !strings.Contains(string(r.Data), `"sample":"1"`) {
		t.Fatalf("params follow the statement: %s", r.Data)
	}
	_, r = e.Call("POST", "/api/dataset/run", admin, map[string]any{"id": id})
	var run dsResult
	if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil || len(run.Rows) != dataset.MaxRows || !run.Truncated {
		t.Fatalf("row cap: %+v (%d rows)", r.Message, len(run.Rows))
	}
	_, r = e.Call("POST", "/api/dataset/run", admin, map[string]any{"id": id, "values": map[string]string{"from": "4990"}})
	if r.Code != 0 || json.Unmarshal(r.Data, &run) != nil || len(run.Rows) != 11 || run.Truncated {
		t.Fatalf("from 4990: %+v %d", r.Message, len(run.Rows))
	}
	e.RefusedWith(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "bad", "sql": "DELETE FROM sys_user"}), "save a delete", "SELECT")

	// A recursive query without an end is stopped by the time limit.
	old := dataset.Timeout
	dataset.Timeout = time.Second
	defer func() { dataset.Timeout = old }()
	// (The refusal names the time limit, so it came from the limit; how long the machine took is not checked.)
	_, r = dsTest(e, admin, `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c`, nil)
	if r.Code == 0 || r.Message != "查询超过1秒，已停止" {
		t.Fatalf("timeout: %+v", r)
	}
	_ = pg
}
