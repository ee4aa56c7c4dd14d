package dtable_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
	"biddesk/internal/dtable"
	"biddesk/internal/platform/progress"
	"biddesk/internal/tasks"
)

// table defines a table of one required text column and one number column, answering its id.
func table(e *apptest.Env, admin, name string) int64 {
	return e.Added("POST", "/api/dtable/add", admin, map[string]any{"name": name, "readRoles": []int64{}, "fields": []map[string]any{
		{"fieldName": "title", "name": "项目名称", "type": "varchar", "required": 1, "inList": 1, "choiceSingle": 1},
		{"fieldName": "amount", "name": "金额", "type": "int", "inList": 1, "choiceSingle": 1},
	}})
}

// rowsBook is an import workbook of n rows.
func rowsBook(t *testing.T, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sh := "动态表格"
	if err := f.SetSheetName(f.GetSheetName(0), sh); err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"项目名称", "金额"}}
	for i := range n {
		rows = append(rows, []any{fmt.Sprintf("项目%d", i+1), i})
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow(sh, cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A table's import sent to the background and cancelled before it runs writes nothing; one that runs ends with the
// report of the call in the request, every row counted as checked and as written.
func TestDynamicTableImportInTheBackgroundCancelledWritesNothing(t *testing.T) {
	e := apptest.New(t) // the engine is not started yet: the job waits
	admin := e.As("admin").Token
	id := table(e, admin, "后台导入表")
	const n = 120
	book := rowsBook(t, n)
	start := func() int64 {
		r := e.Upload(fmt.Sprintf("/api/dtable/data/import/async?tableId=%d", id), admin, "行.xlsx", book)
		var out struct {
			JobID int64 `json:"jobId"`
		}
		if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil || out.JobID == 0 {
			t.Fatalf("async import: %+v", r)
		}
		return out.JobID
	}
	cancelled := start()
	e.Done("POST", "/api/sys/job/cancel", admin, map[string]any{"id": cancelled}, nil)
	e.StartJobs("only")
	if j := e.WaitJob(admin, cancelled); j.State != tasks.JobCancelled {
		t.Fatalf("job: %+v", j)
	}
	if got := e.Count(fmt.Sprintf(`SELECT COUNT(*) FROM dt_%d`, id)); got != 0 {
		t.Fatalf("a cancelled import wrote %d", got)
	}
	// staff, who may not write the table, starts no import of it
	if r := e.Upload(fmt.Sprintf("/api/dtable/data/import/async?tableId=%d", id), e.As("staff").Token, "x.xlsx", book); r.Code == 0 {
		t.Fatalf("staff started an import: %+v", r)
	}
	j := e.WaitJob(admin, start())
	if j.State != tasks.JobDone || j.Total != 2*n || j.Done != j.Total {
		t.Fatalf("job: %+v", j)
	}
	var rep dtable.ImportReport
	if err := json.Unmarshal(j.Result, &rep); err != nil || !rep.Applied || rep.Created != n || rep.Rows != n {
		t.Fatalf("report: %s", j.Result)
	}
	if got := e.Count(fmt.Sprintf(`SELECT COUNT(*) FROM dt_%d`, id)); got != n {
		t.Fatalf("rows written: %d", got)
	}
}

// An import stopped while it writes (its job cancelled midway) leaves the table as it was: the rows written so far
// are rolled back with the transaction. The stop comes from the progress reporter at a chosen row (no timing).
func TestDynamicTableImportStoppedWhileWritingWritesNothing(t *testing.T) {
	e := apptest.New(t)
	admin := e.As("admin").Token
	id := table(e, admin, "中途取消表")
	const n = 60
	svc := dtable.NewService(e.App.DB, func(context.Context) (dtable.Caller, error) {
		return dtable.Caller{UserID: e.UserID("admin"), SysAdmin: true}, nil
	}, nil)
	f, err := excelize.OpenReader(bytes.NewReader(rowsBook(t, n)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var sawChecking bool
	ctx = progress.With(ctx, func(done, total int64) {
		if total == 2*n && done > 0 && done < n {
			sawChecking = true
		}
		if done == n+n/2 { // half the rows written
			cancel()
		}
	})
	if _, err := svc.ImportWorkbook(ctx, id, "zh-CN", f, false); err == nil {
		t.Fatal("a stopped import succeeded")
	}
	if !sawChecking {
		t.Fatal("no progress while checking")
	}
	if got := e.Count(fmt.Sprintf(`SELECT COUNT(*) FROM dt_%d`, id)); got != 0 {
		t.Fatalf("a stopped import wrote %d", got)
	}
}
