package dataset_test

import (
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/dataset"
)

// A dataset cannot make the server hold more than its limits: a huge value, a huge row, a huge result.
func TestDatasetValuesRowsAndResultsAreBounded(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	pg := e.App.DB.Dialect == "postgres"
	// This test is about the size limits, not the time limit: on a loaded machine the database may take more
	// than the product's 5 s to build and send these values, so the run's time limit is lifted for it (a test
	// variable; not parallel, so no other test runs meanwhile). The values are also only just over each limit.
	old := dataset.Timeout
	dataset.Timeout = 10 * time.Minute
	t.Cleanup(func() { dataset.Timeout = old })
	// text(n) of n characters, and rows(n) numbered 1..n, in the database's own SQL
	text := func(n string) string { return "printf('%.*c', " + n + ", 'x')" }
	rows := func(n string) string {
		return "(WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < " + n + ") SELECT x FROM c) r"
	}
	if pg {
		text = func(n string) string { return "repeat('x', " + n + ")" }
		rows = func(n string) string { return "generate_series(1, " + n + ") r" }
	}

	// the probe: three values of 100 million characters (SQLite stops building a value at its 2 MB limit), or on
	// PostgreSQL, which builds whatever is asked before the row limit can refuse it, of 9 million (the row limit is 8 MB)
	huge := text("100000000")
	if pg {
		huge = text("9000000")
	}
	_, r := dsTest(e, admin, "SELECT "+huge+" AS a FROM (SELECT 1 AS one UNION ALL SELECT 2 UNION ALL SELECT 3) q", nil)
	want := "查询产生的值过大（一个文本或二进制值不能超过 2MB），请用 substr() 截短"
	if pg {
		want = "查询结果的一行过大（不能超过 8MB），请用 substr() 截短长文本或减少列"
	}
	if r.Code != 1 || r.Message != want {
		t.Fatalf("huge value: %+v", r)
	}
	if !pg {
		// SQLite also stops a value built bit by bit, and a row of too many columns
		_, r = dsTest(e, admin, "SELECT group_concat("+text("100000")+") AS a FROM "+rows("30"), nil)
		if r.Code != 1 || r.Message != want {
			t.Fatalf("concatenated value: %+v", r)
		}
		_, r = dsTest(e, admin, "SELECT "+strings.Repeat("1,", 150)+"1", nil)
		if r.Code != 1 || !strings.Contains(r.Message, "查询结果的列过多（最多150列）") {
			t.Fatalf("151 columns: %+v", r)
		}
	} else {
		// a row of several values under the row's limit each
		_, r = dsTest(e, admin, "SELECT "+text("3000000")+" AS a, "+text("3000000")+" AS b, "+text("3000000")+" AS c", nil)
		if r.Code != 1 || r.Message != want {
			t.Fatalf("wide row: %+v", r)
		}
	}
	// 700 rows of 100,000 characters: 70 MB to read for the answer, over the 64 MB bound
	_, r = e.Call("POST", "/api/dataset/add", admin, map[string]any{"name": "大结果", "sql": "SELECT " + text("100000") + " AS a FROM " + rows("700")})
	id := e.Created(r, "add dataset")
	_, r = e.Call("POST", "/api/dataset/run", admin, map[string]any{"id": id})
	if r.Code != 1 || r.Message != "查询结果过大（文本合计不能超过 64MB），请减少行或列，或用 substr() 截短长文本" {
		t.Fatalf("huge result: %+v", r)
	}
	_, r = e.Call("POST", "/api/dataset/run", admin, map[string]any{"id": id}, "Accept-Language", "en")
	if r.Message != "The result is too large (at most 64 MB of text in all): select fewer rows or columns, or shorten long text with substr()" {
		t.Fatalf("English: %+v", r)
	}

	// under the limits a run answers as before, the cells cut for the answer; the connection is usable after a refusal
	res, r := dsTest(e, admin, "SELECT "+text("2000000")+" AS a, "+text("10")+" AS b", nil)
	if r.Code != 0 || len(res.Rows) != 1 || len([]rune(res.Rows[0][0].(string))) != 2001 || res.Rows[0][1] != "xxxxxxxxxx" {
		t.Fatalf("under the limit: %+v", r)
	}
	_, r = e.Call("POST", "/api/dataset/add", admin, map[string]any{"name": "千行", "sql": "SELECT " + text("30000") + " AS a FROM " + rows("1000")})
	id = e.Created(r, "add dataset")
	if _, r = e.Call("POST", "/api/dataset/run", admin, map[string]any{"id": id}); r.Code != 0 {
		t.Fatalf("1000 rows of 30,000 characters: %+v", r)
	}
}
