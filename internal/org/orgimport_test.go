package org_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
)

type importReport struct {
	DryRun, Applied                                                bool
	UnitsCreated, UnitsUpdated, EmployeesCreated, EmployeesUpdated int
	Problems                                                       []struct {
		Sheet   string
		Row     int
		Column  string
		Message string
	}
}

func importOrg(e *apptest.Env, tok string, dry bool, data []byte) (importReport, apptest.Envelope) {
	e.T.Helper()
	path := "/api/org/import"
	if dry {
		path += "?dryRun=true"
	}
	r := e.Upload(path, tok, "org.xlsx", data)
	var rep importReport
	if r.Code == 0 {
		if err := json.Unmarshal(r.Data, &rep); err != nil {
			e.T.Fatal(err)
		}
	}
	return rep, r
}

var (
	unitHeader     = []string{"组织编码*", "组织名称*", "上级组织编码", "组织类型(1公司/2部门)", "状态(1在用/0停用)", "排序"}
	employeeHeader = []string{"员工编号*", "姓名*", "所属组织编码*", "手机号", "邮箱", "状态(1在用/0停用)"}
)

func TestOrgImportDryRunThenAllOrNothing(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	countOf := func(q string) int {
		var n int
		if err := e.App.DB.QueryRow(t.Context(), q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	units0, emps0 := countOf(`SELECT COUNT(*) FROM org_unit`), countOf(`SELECT COUNT(*) FROM employee`)

	// the template is a real workbook with both sheets
	resp, body := e.Fetch("/api/org/import/template", admin)
	if resp.StatusCode != 200 {
		t.Fatalf("template: %d", resp.StatusCode)
	}
	if f, err := excelize.OpenReader(bytes.NewReader(body)); err != nil || len(f.GetSheetList()) != 2 || f.GetSheetList()[0] != "组织" {
		t.Fatalf("template workbook: %v %v", err, f)
	}

	bad := apptest.Workbook(t, map[string][][]string{
		"组织": {unitHeader,
			{"100215", "宁波华信物业服务有限公司", "1002", "1", "1", "15"},
			{"100215001", "综合管理部", "100215", "2", "", ""},
			{"999001", "错挂部门", "100215", "2", "", ""},  // not nested under its parent
			{"100216", "", "1002", "", "", ""},         // no name
			{"10029901", "未知上级", "100299", "", "", ""}, // parent unknown
			{"100218", "类型错误", "1002", "9", "", ""},
		},
		"员工": {employeeHeader,
			{"HX900001", "王小明", "100215001", "13900000001", "WXM@Example.com", "1"},
			{"HX900002", "李小红", "100299", "", "", ""},          // unit unknown
			{"HX900003", "赵小刚", "100215", "12345", "bad@", ""}, // phone and e-mail
			{"HX900001", "重复", "100215", "", "", ""},           // duplicate code
		},
	})
	rep, r := importOrg(e, admin, true, bad)
	if r.Code != 0 || !rep.DryRun || rep.Applied {
		t.Fatalf("dry run: %+v %+v", r, rep)
	}
	want := map[string]bool{
		"组织/4/上级组织编码/组织编码「999001」必须以上级编码「100215」开头且更长": true,
		"组织/5/组织名称*/「组织名称」不能为空":                        false,
		"组织/6/上级组织编码/上级组织「100299」不存在":                  true,
		"组织/7/组织类型(1公司/2部门)/组织类型只能是1（公司）或2（部门）":        true,
		"员工/3/所属组织编码/组织「100299」不存在":                    true,
		"员工/4/手机号/手机号格式不正确":                            true,
		"员工/4/邮箱/邮箱格式不正确":                              true,
		"员工/2/员工编号/编码「HX900001」在文件中重复":                 true,
		"员工/5/员工编号/编码「HX900001」在文件中重复":                 true,
	}
	got := map[string]bool{}
	for _, p := range rep.Problems {
		got[p.Sheet+"/"+itoa(int64(p.Row))+"/"+p.Column+"/"+p.Message] = true
	}
	for k, must := range want {
		if must && !got[k] {
			t.Errorf("missing problem %s; got %v", k, got)
		}
	}
	if len(rep.Problems) != 9 {
		t.Errorf("problems: %d %+v", len(rep.Problems), rep.Problems)
	}
	// the real import of a bad file writes nothing at all
	rep, r = importOrg(e, admin, false, bad)
	if r.Code != 0 || rep.Applied || len(rep.Problems) == 0 {
		t.Fatalf("bad import: %+v", rep)
	}
	if countOf(`SELECT COUNT(*) FROM org_unit`) != units0 || countOf(`SELECT COUNT(*) FROM employee`) != emps0 {
		t.Fatal("a refused import wrote rows")
	}

	good := apptest.Workbook(t, map[string][][]string{
		"组织": {unitHeader,
			{"100215001", "综合管理部", "100215", "部门", "", ""}, // child before parent: order does not matter
			{"100215", "宁波华信物业服务有限公司", "1002", "1", "1", "15"},
		},
		"员工": {employeeHeader,
			{"HX900001", "王小明", "100215001", "13900000001", "WXM@Example.com", "1"},
			{"HX000001", "改名员工", "100215", "", "", "1"}, // an existing employee: updated by code
		},
	})
	rep, r = importOrg(e, admin, true, good)
	if r.Code != 0 || len(rep.Problems) != 0 || rep.UnitsCreated != 2 || rep.EmployeesCreated != 1 || rep.EmployeesUpdated != 1 || rep.Applied {
		t.Fatalf("good dry run: %+v %+v", r, rep)
	}
	rep, r = importOrg(e, admin, false, good)
	if r.Code != 0 || !rep.Applied {
		t.Fatalf("good import: %+v %+v", r, rep)
	}
	kids := units(e, admin, "/api/dataHumanResources/getByPid?pid=100215")
	if len(kids) != 1 || kids[0].Level != "4" || kids[0].FullUnitName != "华信服务集团,区域公司,宁波华信物业服务有限公司,综合管理部" || kids[0].UnitType != 2 {
		t.Fatalf("imported child: %+v", kids)
	}
	code, name := demoEmployee(t, e, admin, "HX000001")
	if code != "HX000001" || name != "改名员工" {
		t.Errorf("updated employee: %s %s", code, name)
	}
	// e-mails are stored in lower case, so the selector finds them in any case
	_, r = e.Call("POST", "/api/employee/selector", admin, map[string]any{"phoneOrEmails": []string{"wxm@example.COM"}})
	if r.Code != 0 || !bytes.Contains(r.Data, []byte("HX900001")) {
		t.Errorf("imported e-mail: %+v", r)
	}
	// importing the same file again updates, never duplicates
	rep, _ = importOrg(e, admin, false, good)
	if !rep.Applied || rep.UnitsCreated != 0 || rep.UnitsUpdated != 2 || rep.EmployeesCreated != 0 {
		t.Errorf("re-import: %+v", rep)
	}
	if countOf(`SELECT COUNT(*) FROM org_unit`) != units0+2 || countOf(`SELECT COUNT(*) FROM employee`) != emps0+1 {
		t.Error("re-import duplicated rows")
	}
	if countOf(`SELECT COUNT(*) FROM business_log WHERE module = 'organization_manager' AND action = 'import'`) != 2 {
		t.Error("imports are not in the business log")
	}
}

func TestOrgImportRefusesWhatIsNotAWorkbook(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	if _, r := importOrg(e, admin, true, []byte("code,name\n1,a\n")); r.Code != 1 || r.Message != "文件不是有效的 Excel（.xlsx）文件" {
		t.Errorf("csv as xlsx: %+v", r)
	}
	if _, r := importOrg(e, admin, true, append([]byte("PK\x03\x04"), make([]byte, 100)...)); r.Code != 1 || r.Message != "文件不是有效的 Excel（.xlsx）文件" {
		t.Errorf("broken zip: %+v", r)
	}
	rep, r := importOrg(e, admin, true, apptest.Workbook(t, map[string][][]string{"Sheet9": {{"a"}}}))
	if r.Code != 0 || len(rep.Problems) != 1 || rep.Problems[0].Message != "文件中没有「组织」或「员工」工作表，请使用导入模板" {
		t.Errorf("no known sheet: %+v", rep)
	}
	rep, _ = importOrg(e, admin, true, apptest.Workbook(t, map[string][][]string{"员工": {{"姓名", "手机号"}, {"a", "b"}}}))
	if len(rep.Problems) != 2 {
		t.Errorf("missing columns: %+v", rep)
	}
	if r := e.Upload("/api/org/import", admin, "big.xlsx", make([]byte, 11<<20)); r.Code != 1 || r.Message != "文件不能超过 10MB" {
		t.Errorf("too large: %+v", r)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	if r := e.Upload("/api/org/import", staff, "org.xlsx", apptest.Workbook(t, map[string][][]string{"组织": {unitHeader}})); r.Code != 403 {
		t.Errorf("staff import: %+v", r)
	}
}

func TestOrgListsSearchAndExport(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	var page struct {
		Records []unitRec
		Total   int
	}
	_, r := e.Call("GET", "/api/org/unit/list?fullUnitCode=100201&level=4&sort=unitName&order=desc", admin, nil)
	if r.Code != 0 || json.Unmarshal(r.Data, &page) != nil || page.Total < 19 || page.Records[0].Level != "4" {
		t.Fatalf("unit list: %+v", r)
	}
	if _, r := e.Call("GET", "/api/org/unit/list?sort=u.unit_name", admin, nil); r.Code != 1 {
		t.Errorf("tampered sort: %+v", r)
	}
	var emps struct {
		Records []struct{ Code, Name, UnitName string }
		Total   int
	}
	_, r = e.Call("GET", "/api/org/employee/list?unitCode=1002&limit=5", admin, nil)
	if r.Code != 0 || json.Unmarshal(r.Data, &emps) != nil || emps.Total == 0 || len(emps.Records) != 5 || emps.Records[0].UnitName == "" {
		t.Fatalf("employee list: %+v", r)
	}
	resp, body := e.Fetch("/api/org/employee/export?unitCode=1002", admin)
	rows := apptest.SheetRows(t, body)
	if resp.StatusCode != 200 || len(rows) != emps.Total+1 || rows[0][0] != "员工编号" {
		t.Errorf("employee export: %d rows %v", len(rows), rows[0])
	}
}

// A company's employees come in one workbook: the organisation import takes more rows a sheet than the library's
// 10,000 (the 64 MB unpacked bound still holds).
func TestOrgImportTakesAWholeCompany(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	rows := [][]string{employeeHeader}
	for i := range 12_000 {
		rows = append(rows, []string{fmt.Sprintf("HX8%05d", i), "员工", "100101", "", "", "1"})
	}
	rep, r := importOrg(e, admin, true, apptest.Workbook(t, map[string][][]string{"员工": rows}))
	if r.Code != 0 || len(rep.Problems) != 0 || rep.EmployeesCreated != 12_000 {
		t.Fatalf("12,000 employees: code %d, %d created, %d problems %v", r.Code, rep.EmployeesCreated, len(rep.Problems), rep.Problems[:min(3, len(rep.Problems))])
	}
}
