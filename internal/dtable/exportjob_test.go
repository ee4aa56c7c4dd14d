package dtable_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/tasks"
)

// A table's export over the threshold (lowered in the system parameters) is made by a job: its progress counts the
// rows, its file holds the very rows the export in the request answers, and only its owner reads the job and the
// file; under the threshold the export is answered at once.
func TestALargeExportIsMadeInTheBackgroundWithTheSameRows(t *testing.T) {
	e := apptest.New(t)
	e.StartJobs("only")
	admin := e.As("admin").Token
	id := table(e, admin, "导出表")
	const n = 30
	if r := e.Upload(fmt.Sprintf("/api/dtable/data/import?tableId=%d", id), admin, "行.xlsx", rowsBook(t, n)); r.Code != 0 {
		t.Fatalf("import: %+v", r)
	}
	query := url.Values{"tableId": {fmt.Sprint(id)}, "sort": {"id"}, "order": {"asc"}}.Encode()
	_, direct := e.Fetch("/api/dtable/data/export?"+query+"&ticket="+e.Ticket(admin, "/api/dtable/data/export"), "")
	want := apptest.SheetRows(t, direct)
	if len(want) != n+1 {
		t.Fatalf("direct export: %d rows", len(want))
	}
	type startOut struct {
		Rows  int   `json:"rows"`
		JobID int64 `json:"jobId"`
	}
	start := func(tok string) startOut {
		var out startOut
		e.Done("POST", "/api/sys/export/start", tok, map[string]any{"path": "/api/dtable/data/export", "query": query}, &out)
		return out
	}
	if s := start(admin); s.Rows != n || s.JobID != 0 {
		t.Fatalf("under the default threshold: %+v", s)
	}
	var params struct {
		Records []struct {
			ID  int64  `json:"id"`
			Key string `json:"key"`
		} `json:"records"`
	}
	e.Done("GET", "/api/sys/config/list?key=export.background_rows", admin, nil, &params)
	if len(params.Records) != 1 {
		t.Fatalf("parameter: %+v", params)
	}
	e.Done("PUT", "/api/sys/config/edit", admin, map[string]any{"id": params.Records[0].ID, "value": "10"}, nil)
	s := start(admin)
	if s.Rows != n || s.JobID == 0 {
		t.Fatalf("over the threshold: %+v", s)
	}
	j := e.WaitJob(admin, s.JobID)
	if j.State != tasks.JobDone || j.Done != n || j.Total != n || j.Kind != "export" {
		t.Fatalf("job: %+v", j)
	}
	var file struct {
		Name string `json:"name"`
		Rows int    `json:"rows"`
	}
	if err := json.Unmarshal(j.Result, &file); err != nil || file.Rows != n || file.Name == "" {
		t.Fatalf("result: %s", j.Result)
	}
	resp, body := e.Fetch(fmt.Sprintf("/api/sys/job/file?id=%d&ticket=%s", s.JobID, e.Ticket(admin, "/api/sys/job/file")), "")
	if resp.StatusCode != 200 {
		t.Fatalf("file: %d %s", resp.StatusCode, body)
	}
	if got := apptest.SheetRows(t, body); !reflect.DeepEqual(got, want) {
		t.Fatalf("the job's file differs from the export:\n%v\n%v", got, want)
	}
	// another account reads neither the job nor its file
	staff := e.As("staff").Token
	e.Refused("GET", fmt.Sprintf("/api/sys/job/get?id=%d", s.JobID), staff, nil, "任务不存在")
	resp, body = e.Fetch(fmt.Sprintf("/api/sys/job/file?id=%d&ticket=%s", s.JobID, e.Ticket(staff, "/api/sys/job/file")), "")
	var env apptest.Envelope
	if json.Unmarshal(body, &env) != nil || env.Code == 0 || env.Message != "任务不存在" {
		t.Fatalf("staff read the file: %d %.200s", resp.StatusCode, body)
	}
	// a day after, the log-retention task removes the file: the download says so
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE sys_job SET ended_at = ? WHERE id = ?`, time.Now().UTC().Add(-25*time.Hour), s.JobID); err != nil {
		t.Fatal(err)
	}
	e.Done("POST", "/api/sys/task/run", admin, map[string]any{"code": "log_retention"}, nil)
	for deadline := time.Now().Add(time.Minute); e.Count(`SELECT COUNT(*) FROM sys_job WHERE id = ? AND result LIKE '%"expired":true%'`, s.JobID) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the export's file was not removed")
		}
	}
	_, body = e.Fetch(fmt.Sprintf("/api/sys/job/file?id=%d&ticket=%s", s.JobID, e.Ticket(admin, "/api/sys/job/file")), "")
	if json.Unmarshal(body, &env) != nil || env.Code == 0 {
		t.Fatalf("an expired file: %.200s", body)
	}
	// nor starts an export of a path they may not call
	_, r := e.Call("POST", "/api/sys/export/start", staff, map[string]any{"path": "/api/sys/config/export", "query": ""})
	if r.Code == 0 {
		t.Fatalf("staff started an export of the parameters: %+v", r)
	}
}
