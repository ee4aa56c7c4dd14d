package apptest

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"time"

	"biddesk/internal/library"
)

// LibAdd adds a record of the library type key (library.TypeExpert, ...) through the API and returns its id.
func (e *Env) LibAdd(token, key string, form map[string]any) int64 {
	e.T.Helper()
	return e.Added("POST", "/api/library/"+key+"/add", token, form)
}

// LibForms are minimal forms of every library type (the reward, wordbook and portal tests build on the expert
// and tender ones). A test that changes a form copies it first.
var LibForms = map[string]map[string]any{
	library.TypeExpert: {"title": "测试专家甲", "employeeCode": "HX000100", "jobTitle": "工程师", "education": "3", "years": "5",
		"qualifications": []map[string]any{{"name": "一级建造师", "number": "JZ-1", "validTo": "2031-05-01"}, {"name": "注册安全工程师", "validTo": "2030-02-01"}}},
	library.TypeLicense:      {"title": "测试证照甲", "licenseType": "business", "number": "LIC-T-001", "holder": "测试持证公司", "validTo": "2031-01-01"},
	library.TypeHonor:        {"title": "测试荣誉甲", "level": "national", "holder": "测试持证公司", "awardDate": "2024-03-01"},
	library.TypeContract:     {"title": "测试合同甲", "client": "测试客户", "amount": "1000.50", "signDate": "2024-01-02"},
	library.TypeCAKey:        {"title": "测试交易平台甲", "keyNumber": "CA-T-001", "holder": "测试持证公司", "custodian": "HX000100", "validTo": "2031-01-01"},
	library.TypeTender:       {"title": "测试标书甲", "buyer": "测试招标单位", "result": "win", "bidDate": "2024-05-05"},
	library.TypePlan:         {"title": "测试方案甲", "category": "property"},
	library.TypeToolkit:      {"title": "测试工具甲", "link": "https://example.com/tool"},
	library.TypeMessage:      {"title": "测试消息甲", "content": "请处理", "recipient": "admin"},
	library.TypeAnnouncement: {"title": "测试公告甲", "content": "<p>正文</p>"},
	library.TypeGovReg:       {"title": "测试政府采购登记甲", "kind": "platform", "authority": "测试财政局", "number": "ZC-T-001", "validTo": "2031-01-01"},
}

// Day is the date n days from the library's today (its time zone), as 2006-01-02.
func Day(n int) string { return library.Today(time.Now()).AddDate(0, 0, n).Format("2006-01-02") }

// LibUpload uploads a small PDF named name to the library's disk (as a record's scan or evidence would be) and
// returns the file's id.
func (e *Env) LibUpload(token, name string) int64 {
	e.T.Helper()
	r := e.Upload("/api/sys/common/disk/upload?module=library", token, name, []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"))
	var f struct{ ID int64 }
	if r.Code != 0 || json.Unmarshal(r.Data, &f) != nil || f.ID == 0 {
		e.T.Fatalf("upload %s: %+v", name, r)
	}
	return f.ID
}

// LibStaff gives the demo staff account a role with the library screens (not the administration code) and signs
// it in.
func (e *Env) LibStaff(admin string) string {
	e.T.Helper()
	roleID := e.AddRole(admin, "libstaff", "资料录入员")
	var menus, funcs []string
	for _, t := range library.Types {
		menus = append(menus, t.Code)
		funcs = append(funcs, t.Code)
	}
	e.Done("PUT", "/api/sys/role/grants", admin, map[string]any{"roleId": roleID, "menuCodes": append(menus, "library", "tagmanager"), "funCodes": append(funcs, "tagmanager")}, nil)
	if err := e.App.Access.AssignRole(context.Background(), e.UserID("staff"), "libstaff"); err != nil {
		e.T.Fatal(err)
	}
	return e.Login("staff", "Staff@123").AccessToken
}

// LibRecord is a library record as its one and list calls answer it.
type LibRecord map[string]any

// ID is the record's id.
func (r LibRecord) ID() int64 { n, _ := r["id"].(float64); return int64(n) }

// S is the record's text field k ("" when absent or not text).
func (r LibRecord) S(k string) string { v, _ := r[k].(string); return v }

// LibPage is a library list's page.
type LibPage struct {
	Records []LibRecord `json:"records"`
	Total   int         `json:"total"`
}

// LibList lists the records of the library type key with the query q.
func (e *Env) LibList(token, key string, q url.Values) LibPage {
	e.T.Helper()
	var p LibPage
	e.Done("GET", "/api/library/"+key+"/list?"+q.Encode(), token, nil, &p)
	return p
}

// LibOne is the record id of the library type key.
func (e *Env) LibOne(token, key string, id int64) LibRecord {
	e.T.Helper()
	var r LibRecord
	e.Done("GET", "/api/library/"+key+"/one?id="+strconv.FormatInt(id, 10), token, nil, &r)
	return r
}

// OnlyLibraryMessages removes the message to-dos other areas' demo data wrote (the demand collections' notices),
// so that a test counts the library's own.
func (e *Env) OnlyLibraryMessages() {
	e.T.Helper()
	if _, err := e.App.DB.Exec(context.Background(), `DELETE FROM lib_record WHERE type = 'message' AND code LIKE 'demand:%'`); err != nil {
		e.T.Fatal(err)
	}
}
