package org_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
	"biddesk/internal/tasks"
)

// employeesWorkbook is an import workbook of n new employees of unit.
func employeesWorkbook(t *testing.T, n int, unit string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sh := "员工"
	if err := f.SetSheetName(f.GetSheetName(0), sh); err != nil {
		t.Fatal(err)
	}
	rows := [][]any{{"员工编号", "姓名", "所属组织编码", "手机号", "邮箱", "状态(1在用/0停用)"}}
	for i := range n {
		rows = append(rows, []any{fmt.Sprintf("JOB%05d", i), fmt.Sprintf("导入员工%d", i), unit, "", "", "1"})
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

// An organisation import sent to the background answers its job at once; the job runs as its owner, counts its
// rows, and ends with the import's report; only its owner reads it; a file that is no workbook is refused at once.
func TestOrgImportInTheBackgroundReportsProgressAndItsReport(t *testing.T) {
	e := apptest.New(t)
	e.StartJobs("only")
	admin := e.As("admin").Token
	var unit string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT full_unit_code FROM org_unit WHERE special = '' ORDER BY full_unit_code LIMIT 1`).Scan(&unit); err != nil {
		t.Fatal(err)
	}
	const n = 450
	r := e.Upload("/api/org/import/async", admin, "员工名单.xlsx", employeesWorkbook(t, n, unit))
	var out struct {
		JobID int64 `json:"jobId"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil || out.JobID == 0 {
		t.Fatalf("async import: %+v", r)
	}
	j := e.WaitJob(admin, out.JobID)
	if j.State != tasks.JobDone || j.Done != n+0 || j.Total != n || j.Title != "员工名单.xlsx" || j.Name != "组织与员工导入" {
		t.Fatalf("job: %+v", j)
	}
	var rep struct {
		Applied          bool `json:"applied"`
		EmployeesCreated int  `json:"employeesCreated"`
	}
	if err := json.Unmarshal(j.Result, &rep); err != nil || !rep.Applied || rep.EmployeesCreated != n {
		t.Fatalf("report: %s", j.Result)
	}
	if got := e.Count(`SELECT COUNT(*) FROM employee WHERE code LIKE 'JOB%'`); got != n {
		t.Fatalf("employees written: %d", got)
	}
	// the business log names the owner, as for the call in the request
	if e.Count(`SELECT COUNT(*) FROM business_log WHERE module = 'organization_manager' AND action = 'import' AND login_code = 'admin'`) != 1 {
		t.Fatal("no business-log line of the admin's import")
	}
	// the workbook is not kept once the job ended
	if e.Count(`SELECT COUNT(*) FROM sys_job WHERE id = ? AND input IS NULL`, out.JobID) != 1 {
		t.Fatal("the workbook is still kept")
	}
	// my jobs lists it
	var mine []apptest.Job
	e.Done("GET", "/api/sys/job/mine", admin, nil, &mine)
	if len(mine) == 0 || mine[0].ID != out.JobID {
		t.Fatalf("mine: %+v", mine)
	}
	// another account neither reads nor cancels it, nor starts an import without the screen
	staff := e.As("staff").Token
	e.Refused("GET", fmt.Sprintf("/api/sys/job/get?id=%d", out.JobID), staff, nil, "任务不存在")
	e.Refused("POST", "/api/sys/job/cancel", staff, map[string]any{"id": out.JobID}, "任务不存在")
	if r := e.Upload("/api/org/import/async", staff, "x.xlsx", employeesWorkbook(t, 1, unit)); r.Code == 0 {
		t.Fatalf("staff started an import: %+v", r)
	}
	// an ended job cannot be cancelled; a file that is no workbook is refused before any job exists
	e.Refused("POST", "/api/sys/job/cancel", admin, map[string]any{"id": out.JobID}, "任务已结束")
	before := e.Count(`SELECT COUNT(*) FROM sys_job`)
	if r := e.Upload("/api/org/import/async", admin, "x.xlsx", []byte("not a workbook")); r.Code == 0 {
		t.Fatalf("garbage: %+v", r)
	}
	if e.Count(`SELECT COUNT(*) FROM sys_job`) != before {
		t.Fatal("a job for a refused file")
	}
}

// A job cancelled before it runs never runs: nothing is imported.
func TestACancelledImportJobWritesNothing(t *testing.T) {
	e := apptest.New(t) // the engine is not started: the job waits
	admin := e.As("admin").Token
	var unit string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT full_unit_code FROM org_unit WHERE special = '' ORDER BY full_unit_code LIMIT 1`).Scan(&unit); err != nil {
		t.Fatal(err)
	}
	r := e.Upload("/api/org/import/async", admin, "a.xlsx", employeesWorkbook(t, 3, unit))
	var out struct {
		JobID int64 `json:"jobId"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
		t.Fatalf("async import: %+v", r)
	}
	e.Done("POST", "/api/sys/job/cancel", admin, map[string]any{"id": out.JobID}, nil)
	e.StartJobs("only")
	if j := e.WaitJob(admin, out.JobID); j.State != tasks.JobCancelled {
		t.Fatalf("job: %+v", j)
	}
	if got := e.Count(`SELECT COUNT(*) FROM employee WHERE code LIKE 'JOB%'`); got != 0 {
		t.Fatalf("a cancelled import wrote %d", got)
	}
}
