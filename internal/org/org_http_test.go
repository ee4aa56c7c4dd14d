package org_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/db"
)

type unitRec struct {
	ID                 int64  `json:"id"`
	UnitName           string `json:"unitName"`
	FullUnitCode       string `json:"fullUnitCode"`
	ParentFullUnitCode string `json:"parentFullUnitCode"`
	FullUnitName       string `json:"fullUnitName"`
	Level              string `json:"level"`
	IsClick            bool   `json:"isClick"`
	Disabled           bool   `json:"disabled"`
	Special            string `json:"special"`
	UnitType           int    `json:"unitType"`
	HasChildren        bool   `json:"hasChildren"`
}

// units calls a unit look-up and decodes the list; it fails the test on an error apptest.Envelope.
func units(e *apptest.Env, tok, path string) []unitRec {
	e.T.Helper()
	_, r := e.Call("GET", path, tok, nil)
	var us []unitRec
	if r.Code != 0 || json.Unmarshal(r.Data, &us) != nil {
		e.T.Fatalf("%s: %+v", path, r)
	}
	return us
}

func codesOf(us []unitRec) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.FullUnitCode
	}
	return out
}

func TestOrganisationTreeLoadsByParent(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("staff", "Staff@123").AccessToken // any signed-in user: the picker is everywhere
	get := func(pid string) []unitRec {
		return units(e, tok, "/api/dataHumanResources/getByPid?pid="+url.QueryEscape(pid))
	}
	roots := get("")
	// spec section 3: a unit that is not clickable is a leaf; the special roots are not selectable
	if len(roots) != 1 || roots[0].FullUnitCode != "10" || roots[0].Level != "1" || !roots[0].IsClick || !roots[0].HasChildren || !roots[0].Disabled || roots[0].Special != "group_root" {
		t.Fatalf("roots: %+v", roots)
	}
	kids := get("10")
	if len(kids) != 2 || kids[0].FullUnitCode != "1001" || kids[0].Level != "2" || kids[1].UnitName != "区域公司" || kids[0].ParentFullUnitCode != "10" || !kids[1].Disabled {
		t.Fatalf("children of 10: %+v", kids)
	}
	depts := get("1001")
	if len(depts) == 0 || depts[0].HasChildren || depts[0].IsClick || depts[0].Disabled || depts[0].UnitType != 2 || !strings.HasPrefix(depts[0].FullUnitName, "华信服务集团,华信服务股份有限公司,") {
		t.Fatalf("departments: %+v", depts[:1])
	}
	if len(get("nope")) != 0 {
		t.Error("unknown parent should have no children")
	}
	if resp, r := e.Call("GET", "/api/dataHumanResources/getByPid", "", nil); resp.StatusCode != 401 || r.Code != 10005 {
		t.Errorf("anonymous tree: %+v", r)
	}
}

func TestOrganListLookups(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("staff", "Staff@123").AccessToken
	sel := "/motivate/project/config/selectOrgCode?"

	// the root query is level 1; children by code or by id are one level down
	root := units(e, tok, sel+"level=1")
	if len(root) != 1 || root[0].FullUnitCode != "10" {
		t.Fatalf("root: %+v", root)
	}
	if got := codesOf(units(e, tok, sel+"fullUnitCode=10")); strings.Join(got, ",") != "1001,1002" {
		t.Errorf("children of 10: %v", got)
	}
	byID := units(e, tok, sel+fmt.Sprintf("id=%d", root[0].ID))
	if len(byID) != 2 || byID[0].Level != "2" {
		t.Errorf("children by id: %+v", byID)
	}
	// 'remove root': the companies below the subordinate-companies node, at level 3
	companies := units(e, tok, sel+"delPartment=true")
	if len(companies) != 14 || companies[0].Level != "3" || companies[0].ParentFullUnitCode != "1002" || companies[0].Disabled {
		t.Fatalf("delPartment root: %d %+v", len(companies), companies[:1])
	}
	// type filter: departments only
	for _, u := range units(e, tok, sel+"unitName="+url.QueryEscape("部")+"&type=2") {
		if u.UnitType != 2 || !strings.Contains(u.UnitName, "部") {
			t.Fatalf("type 2 search: %+v", u)
		}
	}
	// search by name: substring, capped; 'no hit' is an empty list; specials dropped with delPartment
	hits := units(e, tok, sel+"unitName="+url.QueryEscape("投标"))
	if len(hits) == 0 {
		t.Fatal("search 投标: no hits")
	}
	if len(units(e, tok, sel+"unitName="+url.QueryEscape("没有这个组织"))) != 0 {
		t.Error("search without hits should be empty")
	}
	if got := units(e, tok, sel+"unitName="+url.QueryEscape("区域")+"&delPartment=true"); len(got) != 0 {
		t.Errorf("delPartment search still returns the placeholder: %+v", got)
	}
	if got := units(e, tok, "/api/organization/unitInfo/byUnitName?unitName="+url.QueryEscape("区域")); len(got) != 1 || !got[0].Disabled {
		t.Errorf("byUnitName: %+v", got)
	}
	// wildcards in the keyword match themselves
	if got := units(e, tok, sel+"unitName="+url.QueryEscape("%")); len(got) != 0 {
		t.Errorf("%% matched: %d", len(got))
	}
	// bad parameters are named
	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct{ name, q, msg string }{
			{"a status other than 0 or 1", "inStatus=5", "inStatus 只能是 0 或 1"},
			{"a level that is no number", "level=abc", "参数 level 必须是整数"},
			{"a name too long", "unitName=" + strings.Repeat("长", 101), "搜索内容长度不能超过100"},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				e.For(t).Refused("GET", sel+c.q, tok, nil, c.msg)
			})
		}
	})
	if _, r := e.Call("GET", "/api/organization/unitInfo/byUnitName", tok, nil); r.Message != "缺少参数 unitName" {
		t.Errorf("byUnitName without name: %+v", r)
	}

	// the other look-ups
	if got := units(e, tok, "/api/organization/levelInfoList?level=2"); strings.Join(codesOf(got), ",") != "1001,1002" {
		t.Errorf("levelInfoList: %v", codesOf(got))
	}
	if got := units(e, tok, "/api/dataHumanResources/getByNameOrCode?keyword=100201"); len(got) == 0 || got[0].FullUnitCode != "100201" {
		t.Errorf("getByNameOrCode by code: %v", codesOf(got))
	}
	_, r := e.Call("GET", "/api/dataHumanResources/tree?pid=100201", tok, nil)
	var tree []struct {
		ID, Name, PID string
		Children      []any
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &tree) != nil || len(tree) < 19 || tree[0].PID != "100201" {
		t.Errorf("tree below 100201: %+v %d", r, len(tree))
	}
	_, r = e.Call("GET", "/api/dataHumanResources/tree", tok, nil)
	if r.Code != 0 || json.Unmarshal(r.Data, &tree) != nil || len(tree) != 1 || tree[0].ID != "10" || len(tree[0].Children) != 2 {
		t.Errorf("whole tree: %+v", tree)
	}
}

func TestEmployeeSelectorResolvesLinesInOneCall(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("staff", "Staff@123").AccessToken
	type emp struct{ Code, Name, UnitCode, UnitName, Match string }
	pick := func(body any) ([]emp, apptest.Envelope) {
		_, r := e.Call("POST", "/api/employee/selector", tok, body)
		var out []emp
		if r.Code == 0 {
			_ = json.Unmarshal(r.Data, &out)
		}
		return out, r
	}
	got, r := pick(map[string]any{"employeeCodes": []string{" HX000003", "", "HX000001", "HX000003", "NOPE"}})
	if r.Code != 0 || len(got) != 2 || got[0].Code != "HX000003" || got[1].Code != "HX000001" || got[0].UnitName == "" {
		t.Fatalf("codes: %+v %+v", got, r)
	}
	// phones and e-mails (any case), one per line
	got, _ = pick(map[string]any{"phoneOrEmails": []string{"HX000002@HUAXIN-demo.cn"}})
	if len(got) != 1 || got[0].Code != "HX000002" || got[0].Match != "hx000002@huaxin-demo.cn" {
		t.Errorf("e-mail: %+v", got)
	}
	// names, separated by commas or spaces
	_, n1 := demoEmployee(t, e, tok, "HX000005")
	got, _ = pick(map[string]any{"employeeNames": n1 + "，无此人"})
	if len(got) == 0 || got[0].Name != n1 {
		t.Errorf("names: %+v", got)
	}
	// 1000 lines resolve; 1001 are refused
	lines := make([]string, 1001)
	for i := range lines {
		lines[i] = fmt.Sprintf("HX%06d", i+1)
	}
	if got, r := pick(map[string]any{"employeeCodes": lines[:1000]}); r.Code != 0 || len(got) != 500 {
		t.Errorf("1000 lines: %d %+v", len(got), r)
	}
	if _, r := pick(map[string]any{"employeeCodes": lines}); r.Code != 1 || r.Message != "每次最多查询1000行" {
		t.Errorf("1001 lines: %+v", r)
	}
	if _, r := pick(map[string]any{"employeeCodes": []string{"a"}, "employeeNames": "b"}); r.Code != 1 {
		t.Errorf("two kinds: %+v", r)
	}
}

func demoEmployee(t *testing.T, e *apptest.Env, tok, code string) (string, string) {
	t.Helper()
	_, r := e.Call("POST", "/api/employee/selector", tok, map[string]any{"employeeCodes": []string{code}})
	var out []struct{ Code, Name string }
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil || len(out) != 1 {
		t.Fatalf("employee %s: %+v", code, r)
	}
	return out[0].Code, out[0].Name
}

func TestDataRulesLimitTheUnitsAUserSees(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken // unit 100201003, role staff (no scope: own unit and below)
	rule := "/motivate/project/config/selectOrgCode?isDataRule=true&moduleName=library"

	// the administrator's role sees everything: the root query is the normal root
	if got := codesOf(units(e, admin, rule)); strings.Join(got, ",") != "10" {
		t.Errorf("admin root: %v", got)
	}
	// staff: own unit and below; the root query starts at their unit, children are theirs
	if got := codesOf(units(e, staff, rule)); strings.Join(got, ",") != "100201003" {
		t.Errorf("staff root: %v", got)
	}
	if got := codesOf(units(e, staff, rule+"&fullUnitCode=100201")); strings.Join(got, ",") != "100201003" {
		t.Errorf("staff sees siblings: %v", got)
	}
	if got := units(e, staff, rule+"&unitName="+url.QueryEscape("部")); len(got) != 1 || got[0].FullUnitCode != "100201003" {
		t.Errorf("staff search: %v", codesOf(got))
	}
	if got := codesOf(units(e, staff, "/api/recruit/interview/user/authority?moduleName=library")); strings.Join(got, ",") != "100201003" {
		t.Errorf("authority: %v", got)
	}
	// without the flag the tree is whole
	if got := units(e, staff, "/motivate/project/config/selectOrgCode?fullUnitCode=100201"); len(got) < 19 {
		t.Errorf("no data rule: %d", len(got))
	}

	// the role screen sets the staff role's scope for the library: two custom companies
	roleID := e.RoleID(admin, "staff")
	put := func(scopes any) apptest.Envelope {
		_, r := e.Call("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": roleID, "scopes": scopes})
		return r
	}
	if r := put([]map[string]any{{"moduleName": "library", "scope": "custom", "unitCodes": []string{"100203", "100202", "100202005"}}}); r.Code != 0 {
		t.Fatalf("put scopes: %+v", r)
	}
	if got := codesOf(units(e, staff, rule)); strings.Join(got, ",") != "100202,100203" {
		t.Errorf("custom root: %v", got)
	}
	if got := units(e, staff, rule+"&fullUnitCode=100202"); len(got) < 19 {
		t.Errorf("custom children: %d", len(got))
	}
	// another module still uses the default: own unit and below
	if got := codesOf(units(e, staff, "/motivate/project/config/selectOrgCode?isDataRule=true&moduleName=statistics")); strings.Join(got, ",") != "100201003" {
		t.Errorf("other module: %v", got)
	}
	// 'own unit' only: no children
	if r := put([]map[string]any{{"moduleName": "*", "scope": "unit"}}); r.Code != 0 {
		t.Fatalf("put unit scope: %+v", r)
	}
	if got := units(e, staff, "/motivate/project/config/selectOrgCode?isDataRule=true&moduleName=statistics&fullUnitCode=100201003"); len(got) != 0 {
		t.Errorf("unit scope children: %v", codesOf(got))
	}
	_, r := e.Call("GET", fmt.Sprintf("/api/sys/role/dataScope?roleId=%d", roleID), admin, nil)
	var scopes []struct {
		ModuleName, Scope string
		UnitCodes         []string
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &scopes) != nil || len(scopes) != 1 || scopes[0].Scope != "unit" {
		t.Errorf("get scopes: %+v", r)
	}
	// bad rules are refused by name and change nothing
	for _, c := range []struct {
		scopes any
		msg    string
	}{
		{[]map[string]any{{"moduleName": "nope", "scope": "all"}}, "未知的模块：nope"},
		{[]map[string]any{{"moduleName": "library", "scope": "everything"}}, "未知的数据范围：everything"},
		{[]map[string]any{{"moduleName": "library", "scope": "custom"}}, "自定义数据范围请至少选择一个组织"},
		{[]map[string]any{{"moduleName": "library", "scope": "custom", "unitCodes": []string{"999"}}}, "组织「999」不存在或已停用"},
		{[]map[string]any{{"moduleName": "library", "scope": "all"}, {"moduleName": "library", "scope": "unit"}}, "模块「library」的数据范围重复"},
		{"not a list", "参数 scopes 格式错误"},
	} {
		if r := put(c.scopes); r.Code != 1 || r.Message != c.msg {
			t.Errorf("%v: %+v", c.scopes, r)
		}
	}
	// the staff user cannot change scopes
	if resp, _ := e.Call("PUT", "/api/sys/role/dataScope", staff, map[string]any{"roleId": roleID, "scopes": []any{}}); resp.StatusCode != 403 {
		t.Errorf("staff put: %d", resp.StatusCode)
	}
	// the change is in the business log
	var n int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM business_log WHERE module = 'rolemanager' AND action = 'dataScope' AND login_code = 'admin'`).Scan(&n); err != nil || n != 2 {
		t.Errorf("business log rows: %d %v", n, err)
	}
}

// The demo company has fourteen units named 投标管理部: wherever a unit is shown it carries enough of its path to be
// told apart (the user list, the employee picker, the organisation lookups), and the labels follow an import.
func TestAmbiguousUnitsAreShownWithEnoughOfTheirPath(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM org_unit WHERE unit_name = '投标管理部'`).Scan(&n); err != nil || n < 2 {
		t.Fatalf("the demo has %d units named 投标管理部 (%v)", n, err)
	}
	users := apptest.List[struct {
		LoginCode string `json:"loginCode"`
		UnitName  string `json:"unitName"`
	}](e, "/api/sys/user/list", admin, url.Values{"loginCode": {"staff"}})
	if users.Total != 1 || !strings.HasSuffix(users.Records[0].UnitName, " / 投标管理部") || !strings.Contains(users.Records[0].UnitName, "有限公司") {
		t.Errorf("the user list shows staff's unit as %+v", users.Records)
	}
	var labels []string
	if err := db.EachRow(context.Background(), e.App.DB, `SELECT unit_label FROM org_unit WHERE unit_name = '投标管理部'`, nil, func(r db.Row) error {
		var l string
		err := r.Scan(&l)
		labels = append(labels, l)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, l := range labels {
		if seen[l] || !strings.HasSuffix(l, " / 投标管理部") {
			t.Errorf("label %q repeated or without its company", l)
		}
		seen[l] = true
	}
	var unique string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT unit_label FROM org_unit WHERE full_unit_code = '100201'`).Scan(&unique); err != nil || strings.Contains(unique, "/") {
		t.Errorf("a unique name is shown with a path: %q (%v)", unique, err)
	}
}
