package dtable_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
)

type dtImportReport struct {
	DryRun   bool `json:"dryRun"`
	Applied  bool `json:"applied"`
	Rows     int  `json:"rows"`
	Created  int  `json:"created"`
	Problems []struct {
		Row     int    `json:"row"`
		Message string `json:"message"`
	} `json:"problems"`
}

func TestDynamicTableImportDryRunThenAllOrNothing(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	id := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "导入表", "fields": apptest.ProjectFields(), "readRoles": []int64{e.RoleIDOf("staff")}}), "add")

	// The template: the sheet of the table with a column per field, titled by the fields' names.
	resp, raw := e.Send("GET", "/api/dtable/data/template?tableId="+itoa(id), admin, nil, "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("template: %d %s", resp.StatusCode, raw)
	}
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetName(0)
	head, _ := f.GetRows(sheet)
	if sheet != "动态表格" || len(head) == 0 || strings.Join(head[0], "|") != "项目名称*|金额|截止时间|负责人|参与单位|性别" {
		t.Fatalf("template %s: %v", sheet, head)
	}
	fill := func(rows [][]any) []byte {
		for i, r := range rows {
			cell, _ := excelize.CoordinatesToCellName(1, i+2)
			if err := f.SetSheetRow(sheet, cell, &r); err != nil {
				t.Fatal(err)
			}
		}
		var b bytes.Buffer
		if _, err := f.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	upload := func(tok string, content []byte, dry bool) (apptest.Envelope, dtImportReport) {
		q := url.Values{"tableId": {itoa(id)}}
		if dry {
			q.Set("dryRun", "true")
		}
		body, ct := apptest.MultipartBody(t, apptest.FileDisposition("rows.xlsx"), content, nil...)
		_, raw := e.Send("POST", "/api/dtable/data/import?"+q.Encode(), tok, body, ct, nil)
		var env apptest.Envelope
		if err := json.Unmarshal(raw, &env); err != nil {
			t.Fatalf("import: %s", raw)
		}
		var rep dtImportReport
		if env.Code == 0 {
			_ = json.Unmarshal(env.Data, &rep)
		}
		return env, rep
	}

	// Bad rows are all reported, and nothing is added, even without dryRun.
	bad := fill([][]any{
		{"甲'); DROP TABLE sys_user; --", "12", "2026-01-02", "staff", "100104-100201003", "1"},
		{"乙", "twelve", "", "", "", ""},
		{"丙", "", "someday", "nobody", "", "9"},
		{"", "3"},
	})
	r, rep := upload(admin, bad, false)
	if r.Code != 0 || rep.Applied || rep.Created != 0 || rep.Rows != 4 || len(rep.Problems) != 3 {
		t.Fatalf("bad sheet: %+v %+v", r, rep)
	}
	if apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total != 0 {
		t.Fatal("a sheet with bad rows added some")
	}
	// Staff reads the table but may not import into it.
	if r, _ := upload(staff, bad, true); r.Code == 0 || !strings.Contains(r.Message, "无权") {
		t.Fatalf("staff imported: %+v", r)
	}

	good := fill([][]any{
		{"甲'); DROP TABLE sys_user; --", "12", "2026-01-02", "staff", "100104-100201003", "1"},
		{"乙", "", "", "", "", "2"},
		{"丙", "-5", "2026-02-03 10:00", "", "", ""},
		{"丁", "0"},
	})
	r, rep = upload(admin, good, true)
	if r.Code != 0 || rep.Applied || rep.Created != 4 || len(rep.Problems) != 0 {
		t.Fatalf("dry run: %+v %+v", r, rep)
	}
	if apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total != 0 {
		t.Fatal("the dry run added rows")
	}
	r, rep = upload(admin, good, false)
	if r.Code != 0 || !rep.Applied || rep.Created != 4 {
		t.Fatalf("import: %+v %+v", r, rep)
	}
	p := apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}, "sort": {"title"}, "title": {"乙"}})
	if p.Total != 1 || p.Records[0].Values["amount"] != float64(7) || p.Records[0].Labels["gender"] != "女" {
		t.Fatalf("imported row (the default amount): %+v", p.Records)
	}
	// A unique value taken refuses the whole sheet.
	r, _ = upload(admin, good, false)
	if r.Code == 0 || !strings.Contains(r.Message, "已存在") {
		t.Fatalf("second import: %+v", r)
	}
	if apptest.List[apptest.DTRow](e, "/api/dtable/data/list", admin, url.Values{"tableId": {itoa(id)}}).Total != 4 {
		t.Fatal("a refused import added rows")
	}
	// Not a workbook.
	if r, _ := upload(admin, []byte("id,title\n1,x"), true); r.Code == 0 {
		t.Fatal("a CSV was read as a workbook")
	}
}
