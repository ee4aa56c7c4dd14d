package library_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
	"biddesk/internal/tasks"
)

// licenceWorkbook is a licence import workbook of n licences titled prefix1..n; bad adds a row of an unknown type.
func licenceWorkbook(t *testing.T, prefix string, n int, bad bool) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sh := "企业证照"
	if err := f.SetSheetName(f.GetSheetName(0), sh); err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"证照名称", "证照类型", "证照编号", "持证单位", "所属组织", "有效期至", "备注"}}
	for i := range n {
		rows = append(rows, []any{fmt.Sprintf("%s%d", prefix, i+1), "营业执照", fmt.Sprintf("N-%d", i), "甲公司", "", "2030-01-01", ""})
	}
	if bad {
		rows = append(rows, []any{prefix + "坏", "不存在的类型", "N-x", "甲公司", "", "2030-01-01", ""})
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

func jobOf(t *testing.T, r apptest.Envelope) int64 {
	t.Helper()
	var out struct {
		JobID int64 `json:"jobId"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil || out.JobID == 0 {
		t.Fatalf("async import: %+v", r)
	}
	return out.JobID
}

// A library import sent to the background answers its job at once; the job counts its rows as it checks them and
// as it writes them, and ends with the very report the call in the request answers; only its owner reads it.
func TestLibraryImportInTheBackgroundReportsProgressAndTheSameReport(t *testing.T) {
	e := apptest.New(t)
	e.StartJobs("only")
	admin := e.As("admin").Token
	const n = 250

	// a dry run with a bad row: the same report in the request and in the background
	bad := licenceWorkbook(t, "后台证照", n, true)
	sync := e.Upload("/api/library/license/import?dryRun=true", admin, "l.xlsx", bad)
	if sync.Code != 0 {
		t.Fatalf("dry run: %+v", sync)
	}
	j := e.WaitJob(admin, jobOf(t, e.Upload("/api/library/license/import/async?dryRun=true", admin, "l.xlsx", bad)))
	if j.State != tasks.JobDone || string(j.Result) != string(sync.Data) {
		t.Fatalf("background dry run %+v\nresult %s\nwant   %s", j, j.Result, sync.Data)
	}
	// the real import of a bad file in the background writes nothing, and says why as the request would
	j = e.WaitJob(admin, jobOf(t, e.Upload("/api/library/license/import/async", admin, "l.xlsx", bad)))
	syncReal := e.Upload("/api/library/license/import", admin, "l.xlsx", bad)
	if j.State != tasks.JobDone || string(j.Result) != string(syncReal.Data) {
		t.Fatalf("background bad import %s, want %s", j.Result, syncReal.Data)
	}
	if got := e.Count(`SELECT COUNT(*) FROM lib_record WHERE title LIKE '后台证照%'`); got != 0 {
		t.Fatalf("a bad file wrote %d", got)
	}

	// a good file: every row checked, then written; the report as the request's
	id := jobOf(t, e.Upload("/api/library/license/import/async", admin, "证照清单.xlsx", licenceWorkbook(t, "后台证照", n, false)))
	j = e.WaitJob(admin, id)
	if j.State != tasks.JobDone || j.Total != 2*n || j.Done != j.Total || j.Title != "证照清单.xlsx" || j.Name != "资料导入" {
		t.Fatalf("job: %+v", j)
	}
	var rep struct {
		DryRun   bool  `json:"dryRun"`
		Applied  bool  `json:"applied"`
		Rows     int   `json:"rows"`
		Created  int   `json:"created"`
		Problems []any `json:"problems"`
	}
	if err := json.Unmarshal(j.Result, &rep); err != nil || !rep.Applied || rep.DryRun || rep.Rows != n || rep.Created != n || len(rep.Problems) != 0 {
		t.Fatalf("report: %s", j.Result)
	}
	if got := e.Count(`SELECT COUNT(*) FROM lib_record WHERE title LIKE '后台证照%'`); got != n {
		t.Fatalf("records written: %d", got)
	}
	// another account reads nothing of it, and one without the licence right starts no import
	staff := e.As("staff").Token
	e.Refused("GET", fmt.Sprintf("/api/sys/job/get?id=%d", id), staff, nil, "任务不存在")
	if r := e.Upload("/api/library/license/import/async", staff, "x.xlsx", licenceWorkbook(t, "职员", 1, false)); r.Code == 0 {
		t.Fatalf("staff started an import: %+v", r)
	}
}
