package library_test

import (
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/library"
)

// Bid materials (issue 32): social-security records and their continuous months, the government-procurement
// register, ID card and postcode rules on experts, message kinds, the spec's literal gaps.

func lastMonth() string { return library.LastMonth(time.Now()) }

func monthBack(n int) string { return library.AddMonths(lastMonth(), -n) }

type socialPage struct {
	Records []library.SocialRecord `json:"records"`
	Total   int                    `json:"total"`
	Next    bool                   `json:"next"`
}

func socialAdd(e *apptest.Env, tok, emp, month, city, unit string) int64 {
	e.T.Helper()
	return e.Added("POST", "/api/library/social/add", tok, map[string]any{"employeeCode": emp, "month": month, "city": city, "base": "10000", "payingUnit": unit})
}

func socialRuns(e *apptest.Env, tok, emp, month string) []library.SocialRun {
	e.T.Helper()
	var out library.SocialRunsAnswer
	e.Done("GET", "/api/library/social/continuous?"+url.Values{"employeeCode": {emp}, "month": {month}}.Encode(), tok, nil, &out)
	return out.Runs
}

func expertTitles(p apptest.LibPage) string {
	var out []string
	for _, r := range p.Records {
		out = append(out, r.S("title"))
	}
	return strings.Join(out, ",")
}

// The continuous-months rule on stored rows: a gap, a city change, a month paid twice; the expert list's filter
// 'at least N months in <city> up to <month>' and the runs each expert shows.
func TestSocialSecurityContinuousMonthsAndExpertFilter(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	// employees without demo months: A 12 months in 上海 (one month paid by a second unit too), B 14 months with a gap
	// 6 months back, C 17 months in 杭州 then 4 in 上海
	a, b, c := "HX000101", "HX000102", "HX000103"
	for i := 0; i < 12; i++ {
		socialAdd(e, admin, a, monthBack(i), "上海", "华信服务")
	}
	socialAdd(e, admin, a, monthBack(3), "上海市", "华信人力") // 上海市 is 上海; the same month again
	for i := 0; i < 14; i++ {
		if i != 6 {
			socialAdd(e, admin, b, monthBack(i), "上海", "华信服务")
		}
	}
	for i := 4; i < 21; i++ {
		socialAdd(e, admin, c, monthBack(i), "杭州", "杭州华信")
	}
	for i := 0; i < 4; i++ {
		socialAdd(e, admin, c, monthBack(i), "上海", "华信服务")
	}
	for _, tc := range []struct {
		name, emp, month string
		want             string // city:months,...
	}{
		{"twelve months, a month paid twice counts once", a, "", "上海:12"},
		{"a gap breaks the run", b, "", "上海:6"},
		{"counted up to a month before the gap", b, monthBack(7), "上海:7"},
		{"a city change starts a new run", c, "", "上海:4"},
		{"the old city's run up to the move", c, monthBack(4), "杭州:17"},
		{"nothing after the last month", a, monthBack(-1), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			month := tc.month
			if month == monthBack(-1) && month > time.Now().Format("2006-01") {
				t.Skip()
			}
			var got []string
			for _, r := range socialRuns(e, admin, tc.emp, month) {
				got = append(got, r.City+":"+itoa(int64(r.Months)))
			}
			if strings.Join(got, ",") != tc.want {
				t.Errorf("runs %v, want %s", got, tc.want)
			}
		})
	}
	// experts of the three employees; the list filters on the rule and shows the runs
	for i, emp := range []string{a, b, c} {
		e.LibAdd(admin, "expert", map[string]any{"title": "社保专家" + []string{"甲", "乙", "丙"}[i], "employeeCode": emp})
	}
	for _, tc := range []struct {
		q    url.Values
		want string
	}{
		{url.Values{"socialCity": {"上海"}, "socialMonths": {"12"}}, "社保专家甲"},
		{url.Values{"socialCity": {"上海市"}, "socialMonths": {"5"}}, "社保专家甲,社保专家乙"},
		{url.Values{"socialCity": {"上海"}, "socialMonths": {"4"}}, "社保专家甲,社保专家乙,社保专家丙"},
		{url.Values{"socialCity": {"杭州"}, "socialMonths": {"12"}, "socialUpTo": {monthBack(4)}}, "社保专家丙"},
		{url.Values{"socialCity": {"杭州"}, "socialMonths": {"1"}}, ""},
	} {
		tc.q.Set("keywords", "社保专家")
		tc.q.Set("sort", "id")
		tc.q.Set("order", "asc")
		if got := expertTitles(e.LibList(admin, "expert", tc.q)); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.q, got, tc.want)
		}
	}
	p := e.LibList(admin, "expert", url.Values{"keywords": {"社保专家甲"}})
	social, _ := p.Records[0]["social"].([]any)
	if len(social) != 1 || social[0].(map[string]any)["months"].(float64) != 12 || social[0].(map[string]any)["upTo"] != lastMonth() {
		t.Fatalf("expert runs: %+v", p.Records[0]["social"])
	}
	e.Refused("GET", "/api/library/expert/list?socialMonths=12", admin, nil, "请填写参保城市")
	// the expert export has the runs; the social-security export is 'social security'
	tk := e.Ticket(admin, "/api/library/expert/export")
	_, body := e.Fetch("/api/library/expert/export?keywords=社保专家&socialCity=上海&socialMonths=12&ticket="+tk, "")
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || !strings.Contains(strings.Join(rows[1], "|"), "上海 12个月") {
		t.Fatalf("expert export: %v", rows)
	}
	tk = e.Ticket(admin, "/api/library/social/export")
	_, body = e.Fetch("/api/library/social/export?employeeCode="+a+"&ticket="+tk, "")
	if rows := apptest.SheetRows(t, body); len(rows) != 14 || rows[0][0] != "员工编号" || rows[0][3] != "参保城市" {
		t.Fatalf("social export: %d rows %v", len(rows), rows[0])
	}
	// the rules of a row
	e.Refused("POST", "/api/library/social/add", admin, map[string]any{"employeeCode": a, "month": lastMonth(), "city": "上海", "payingUnit": "华信服务"},
		"该员工"+lastMonth()+"在上海的同一缴纳单位已有记录")
	e.Refused("POST", "/api/library/social/add", admin, map[string]any{"employeeCode": a, "month": library.AddMonths(time.Now().Format("2006-01"), 1), "city": "上海"},
		"缴纳月份不能晚于本月")
	e.Refused("POST", "/api/library/social/add", admin, map[string]any{"employeeCode": a, "month": "2026-13", "city": "上海"}, "缴纳月份应为年月，如 2026-05")
	e.Refused("POST", "/api/library/social/add", admin, map[string]any{"employeeCode": "NOPE01", "month": lastMonth(), "city": "上海"}, "员工「NOPE01」不存在")
	e.Refused("POST", "/api/library/social/add", admin, map[string]any{"employeeCode": a, "month": lastMonth(), "city": "上海", "base": "-1"}, "缴费基数（元）：不能为负数")
	// a deleted month no longer counts
	sp := socialPage{}
	e.Done("GET", "/api/library/social/list?"+url.Values{"employeeCode": {a}, "monthFrom": {monthBack(0)}, "limit": {"1"}}.Encode(), admin, nil, &sp)
	if sp.Total != 1 || sp.Next {
		t.Fatalf("social list: %+v", sp)
	}
	e.Done("DELETE", "/api/library/social/del", admin, map[string]any{"ids": []int64{sp.Records[0].ID}}, nil)
	if runs := socialRuns(e, admin, a, ""); len(runs) != 0 {
		t.Fatalf("runs after deleting last month: %+v", runs)
	}
	if n := e.Count(`SELECT COUNT(*) FROM business_log WHERE module = ? AND action = 'delete'`, library.SocialCode); n != 1 {
		t.Errorf("business log lines of the delete: %d", n)
	}
}

// The bureau's monthly spreadsheet: a check lists every bad row; an import is all or nothing; the same month again
// replaces rows instead of adding them.
func TestSocialSecurityImport(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	tk := e.Ticket(admin, "/api/library/social/import/template")
	_, body := e.Fetch("/api/library/social/import/template?ticket="+tk, "")
	if rows := apptest.SheetRows(t, body); len(rows) != 2 || rows[0][0] != "员工编号*" || rows[0][2] != "缴纳月份*" {
		t.Fatalf("template: %v", rows)
	}
	header := []string{"员工编号", "姓名", "缴纳月份", "参保城市", "缴费基数（元）", "缴纳单位", "备注"}
	var name string
	if err := e.App.DB.QueryRow(t.Context(), `SELECT name FROM employee WHERE code = 'HX000104'`).Scan(&name); err != nil {
		t.Fatal(err)
	}
	m := lastMonth()
	bad := apptest.Workbook(t, map[string][][]string{"社保缴纳": {header,
		{"HX000104", name, m, "上海", "12,000.00", "华信服务", ""},
		{"NOPE01", "", m, "上海", "", "", ""},
		{"HX000105", "", "2026-13", "上海", "", "", ""},
		{"HX000106", "别人", m, "上海", "", "", ""},
		{"HX000104", "", m, "上海市", "", "华信服务", ""},
	}})
	upload := func(data []byte, dry bool) library.SocialImportReport {
		path := "/api/library/social/import"
		if dry {
			path += "?dryRun=true"
		}
		r := e.Upload(path, admin, "s.xlsx", data)
		var rep library.SocialImportReport
		if r.Code != 0 || json.Unmarshal(r.Data, &rep) != nil {
			t.Fatalf("import: %+v", r)
		}
		return rep
	}
	rep := upload(bad, true)
	var lines []string
	for _, p := range rep.Problems {
		lines = append(lines, itoa(int64(p.Row))+" "+p.Message)
	}
	all := strings.Join(lines, "|")
	if len(rep.Problems) != 4 || rep.Applied || !strings.Contains(all, "3 员工「NOPE01」不存在") || !strings.Contains(all, "4 缴纳月份应为年月") ||
		!strings.Contains(all, "5 姓名「别人」与员工编号HX000106") || !strings.Contains(all, "6 与第2行重复") {
		t.Fatalf("problems: %v", lines)
	}
	if rep = upload(bad, false); rep.Applied || e.Count(`SELECT COUNT(*) FROM lib_social_security`+` WHERE employee_code = 'HX000104'`) != 0 {
		t.Fatalf("a bad file wrote: %+v", rep)
	}
	good := apptest.Workbook(t, map[string][][]string{"社保缴纳": {header,
		{"HX000104", name, m, "上海", "12,000.00", "华信服务", ""},
		{"HX000105", "", strings.Replace(m, "-", "/", 1), "上海市", "8000", "华信服务", "=1+1"},
	}})
	if rep = upload(good, true); rep.Applied || rep.Created != 2 || rep.Updated != 0 {
		t.Fatalf("check: %+v", rep)
	}
	if rep = upload(good, false); !rep.Applied || rep.Created != 2 {
		t.Fatalf("import: %+v", rep)
	}
	// the same month again replaces the rows
	if rep = upload(good, false); !rep.Applied || rep.Created != 0 || rep.Updated != 2 {
		t.Fatalf("import again: %+v", rep)
	}
	if n := e.Count(`SELECT COUNT(*) FROM lib_social_security WHERE deleted_at IS NULL AND employee_code IN ('HX000104', 'HX000105') AND city = '上海'`); n != 2 {
		t.Fatalf("rows after two imports: %d", n)
	}
	// who may: the screen's code
	staff := e.Login("staff", "Staff@123").AccessToken
	if _, r := e.Call("GET", "/api/library/social/list", staff, nil); r.Code != 403 {
		t.Fatalf("staff lists social security: %+v", r)
	}
}

// ID card numbers and postcodes of experts are checked on the server with the spec's vectors (the shared
// testdata/validation_vectors.json); the gender follows from the number; the number is masked for whoever is not
// a library administrator (lists, records, exports) and never reaches the business log.
func TestExpertIDCardPostcodeAndMasking(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	raw, err := os.ReadFile("../../testdata/validation_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Rule, Input, Zh, Gender string
		OK                      bool
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range vectors {
		field := map[string]string{"idcard": "idNumber", "postcode": "postcode"}[v.Rule]
		if field == "" || v.Input == "" {
			continue
		}
		n++
		form := map[string]any{"title": "证件专家" + itoa(int64(n)), field: v.Input}
		label := map[string]string{"idNumber": "身份证号", "postcode": "邮政编码"}[field]
		if !v.OK {
			e.Refused("POST", "/api/library/expert/add", admin, form, label+"："+v.Zh)
			continue
		}
		id := e.LibAdd(admin, "expert", form)
		rec := e.LibOne(admin, "expert", id)
		if rec.S(field) != v.Input {
			t.Errorf("%s %s stored as %q", v.Rule, v.Input, rec.S(field))
		}
		if v.Rule == "idcard" && rec.S("gender") != map[string]string{"male": "1", "female": "2"}[v.Gender] {
			t.Errorf("%s: gender %q, want %s", v.Input, rec.S("gender"), v.Gender)
		}
	}
	if n < 20 {
		t.Fatalf("only %d vectors", n)
	}
	// masking: a staff member with the library screens (not the administration code) reads ***
	staff := e.LibStaff(admin)
	const idn = "110105199003071239"
	id := e.LibAdd(staff, "expert", map[string]any{"title": "脱敏专家", "idNumber": idn, "postcode": "200120"})
	if r := e.LibOne(staff, "expert", id); r.S("idNumber") != library.Masked || r.S("gender") != "1" || r.S("postcode") != "200120" {
		t.Fatalf("staff reads: %+v", r)
	}
	if p := e.LibList(staff, "expert", url.Values{"keywords": {"脱敏专家"}}); p.Total != 1 || p.Records[0].S("idNumber") != library.Masked {
		t.Fatalf("staff list: %+v", p)
	}
	// the masked value sent back keeps the number
	e.Done("PUT", "/api/library/expert/edit", staff, map[string]any{"id": id, "title": "脱敏专家", "idNumber": library.Masked, "postcode": "200120"}, nil)
	if r := e.LibOne(admin, "expert", id); r.S("idNumber") != idn {
		t.Fatalf("admin reads after the staff edit: %q", r.S("idNumber"))
	}
	// a search by the number finds nothing (it is not in the search text)
	if p := e.LibList(admin, "expert", url.Values{"keywords": {idn}}); p.Total != 0 {
		t.Fatalf("search by the number: %d", p.Total)
	}
	tk := e.Ticket(staff, "/api/library/expert/export")
	_, body := e.Fetch("/api/library/expert/export?keywords=脱敏专家&ticket="+tk, "")
	if s := strings.Join(apptest.SheetRows(t, body)[1], "|"); strings.Contains(s, idn) || !strings.Contains(s, library.Masked) {
		t.Fatalf("staff export: %s", s)
	}
	tk = e.Ticket(admin, "/api/library/expert/export")
	_, body = e.Fetch("/api/library/expert/export?keywords=脱敏专家&ticket="+tk, "")
	if s := strings.Join(apptest.SheetRows(t, body)[1], "|"); !strings.Contains(s, idn) {
		t.Fatalf("admin export: %s", s)
	}
	if n := e.Count(`SELECT COUNT(*) FROM business_log WHERE before_data LIKE ? OR after_data LIKE ?`, "%"+idn+"%", "%"+idn+"%"); n != 0 {
		t.Fatalf("the number is in %d business-log lines", n)
	}
}

// Messages carry a kind: library reviews, course audits, reminders; the message list filters by kind and its
// export is 'audit messages'.
func TestMessageKindsAndCourseAuditMessages(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	// a course entered by admin, audited by the library administrator: admin hears of it (kind course)
	typ := e.AddCourseType(admin, 0, "消息类型测试")
	course := e.AddCourse(admin, typ, "审核消息课程", false)
	e.Done("PUT", "/api/course/audit", lib, map[string]any{"ids": []int64{course}, "auditStatus": "2", "remark": "封面不清晰"}, nil)
	// a staff entry rejected by admin: staff hears of it (kind review)
	staff := e.LibStaff(admin)
	lic := e.LibAdd(staff, "license", map[string]any{"title": "待驳回证照", "licenseType": "business", "holder": "甲公司"})
	e.Done("POST", "/api/library/license/reject", admin, map[string]any{"ids": []int64{lic}, "reason": "扫描件缺失"}, nil)

	mine := e.LibList(admin, "message", url.Values{"mine": {"1"}, "kind": {"course"}})
	if mine.Total != 1 || mine.Records[0].S("kind") != "course" || !strings.Contains(mine.Records[0].S("title"), "审核消息课程") ||
		!strings.Contains(mine.Records[0].S("content"), "封面不清晰") {
		t.Fatalf("admin's course messages: %+v", mine)
	}
	var portal struct {
		Records []struct{ Kind, Title, RefType string }
		Total   int
		Next    bool
	}
	e.Done("GET", "/api/portal/msg/list?kind=course", admin, nil, &portal)
	if portal.Total != 1 || portal.Records[0].RefType != "courseAudit" || portal.Next {
		t.Fatalf("portal course messages: %+v", portal)
	}
	e.Done("GET", "/api/portal/msg/list?kind=review", staff, nil, &portal)
	if portal.Total != 1 || portal.Records[0].Kind != "review" {
		t.Fatalf("staff's review messages: %+v", portal)
	}
	if p := e.LibList(admin, "message", url.Values{"kind": {"review"}}); p.Total != 1 {
		t.Fatalf("review messages: %d", p.Total)
	}
	e.Refused("GET", "/api/portal/msg/list?kind=nope", admin, nil, "参数 kind 的取值无效")
	// the export of the filtered list: 'audit messages'
	tk := e.Ticket(admin, "/api/library/message/export")
	_, body := e.Fetch("/api/library/message/export?kind=course&ticket="+tk, "")
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || !strings.Contains(strings.Join(rows[0], "|"), "消息类型") || !strings.Contains(strings.Join(rows[1], "|"), "课程审核") {
		t.Fatalf("audit messages export: %v", rows)
	}
	// an auditor's own course gets no message
	own := e.AddCourse(lib, typ, "自审课程", false)
	e.Done("PUT", "/api/course/audit", lib, map[string]any{"ids": []int64{own}, "auditStatus": "1"}, nil)
	if n := e.Count(`SELECT COUNT(*) FROM lib_record WHERE type = 'message' AND category = 'course'`); n != 1 {
		t.Fatalf("course messages: %d", n)
	}
}

// A government-procurement registration is a library type: review, its proof files, an expiry reminder, the
// portal's tab and the export 'government-adoption list'.
func TestGovernmentProcurementRegister(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	proof := e.LibUpload(admin, "入库证明.pdf")
	id := e.LibAdd(admin, "govreg", map[string]any{"title": "某市政府采购平台入库", "kind": "platform", "authority": "某市财政局", "number": "ZC-9",
		"region": "某市", "validTo": apptest.Day(9), "proofs": []int64{proof}})
	r := e.LibOne(admin, "govreg", id)
	if proofs, _ := r["proofs"].([]any); len(proofs) != 1 || r.S("expiry") != "expiring" {
		t.Fatalf("registration: %+v", r)
	}
	var rem struct {
		Expiring []struct {
			Type  string `json:"type"`
			Title string `json:"title"`
		} `json:"records"`
	}
	e.Done("GET", "/api/biapp/marketing/backend/project/remind", admin, nil, &rem)
	found := false
	for _, x := range rem.Expiring {
		found = found || (x.Type == "govreg" && x.Title == "某市政府采购平台入库")
	}
	if !found {
		t.Fatalf("reminders: %+v", rem)
	}
	if p := e.LibList(admin, "govreg", url.Values{"kind": {"platform"}, "keywords": {"某市"}}); p.Total != 1 {
		t.Fatalf("list: %+v", p)
	}
	tk := e.Ticket(admin, "/api/library/govreg/export")
	_, body := e.Fetch("/api/library/govreg/export?keywords=某市&ticket="+tk, "")
	if rows := apptest.SheetRows(t, body); len(rows) != 2 || rows[0][0] != "登记/认定名称" || !strings.Contains(strings.Join(rows[1], "|"), "平台注册") {
		t.Fatalf("export: %v", rows)
	}
	var one map[string]any
	e.Done("GET", "/api/portal/record/one?id="+itoa(id), admin, nil, &one)
	if one["tab"] != "govAdoption" {
		t.Fatalf("portal: %+v", one)
	}
}

// The spec's literal gaps: every export the spec names says so; the course type options and getDict; tlevel on
// units; next on pages.
func TestSpecLiteralGaps(t *testing.T) {
	raw, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	for _, name := range []string{"login log", "user roles", "annual summary", "account statistics", "download statistics", "demand collection",
		"certificate reward report", "social security", "government-adoption list", "audit messages", "honorary catalogue", "lecturers"} {
		if strings.Count(doc, "Export '"+name+"'") < 1 {
			t.Errorf("no call says Export '%s'", name)
		}
	}
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	top := e.AddCourseType(admin, 0, "字典一级")
	e.AddCourseType(admin, top, "字典二级")
	var opts []struct {
		Key   string `json:"key"`
		Value int64  `json:"value"`
	}
	e.Done("GET", "/api/course/type/query/type?parentId="+itoa(top), admin, nil, &opts)
	if len(opts) != 1 || opts[0].Key != "字典二级" {
		t.Fatalf("type options: %+v", opts)
	}
	e.Done("GET", "/api/course/type/query/type", admin, nil, &opts)
	if len(opts) == 0 {
		t.Fatal("no first-level options")
	}
	var dicts struct {
		CourseTypes []struct{ Name string } `json:"courseTypes"`
		AuditStatus []struct{ Key string }  `json:"auditStatus"`
	}
	e.Done("GET", "/api/curriculum/getDict", admin, nil, &dicts)
	if len(dicts.CourseTypes) == 0 || len(dicts.AuditStatus) != 3 {
		t.Fatalf("getDict: %+v", dicts)
	}
	var units []struct {
		Level  string `json:"level"`
		TLevel int    `json:"tlevel"`
	}
	e.Done("GET", "/api/dataHumanResources/getByPid?pid=", admin, nil, &units)
	if len(units) == 0 || units[0].TLevel == 0 || itoa(int64(units[0].TLevel)) != units[0].Level {
		t.Fatalf("units: %+v", units)
	}
	var page struct {
		Pages int  `json:"pages"`
		Next  bool `json:"next"`
	}
	e.Done("GET", "/api/library/license/list?limit=1", admin, nil, &page)
	if page.Pages < 2 || !page.Next {
		t.Fatalf("first page: %+v", page)
	}
	e.Done("GET", "/api/library/license/list?limit=1&current="+itoa(int64(page.Pages)), admin, nil, &page)
	if page.Next {
		t.Fatalf("last page: %+v", page)
	}
}
