package access_test

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"biddesk/internal/access"
	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
)

type menuNode struct {
	ID         int64      `json:"id"`
	Code       string     `json:"code"`
	ParentCode string     `json:"parentCode"`
	Name       string     `json:"name"`
	Path       string     `json:"path"`
	Icon       string     `json:"icon"`
	Sort       int        `json:"sort"`
	Visible    int        `json:"visible"`
	Children   []menuNode `json:"children"`
}

type functionRec struct {
	ID            int64  `json:"id"`
	Code          string `json:"code"`
	Name          string `json:"name"`
	MenuCode      string `json:"menuCode"`
	MenuName      string `json:"menuName"`
	Sort          int    `json:"sort"`
	ResourceCount int    `json:"resourceCount"`
	RoleCount     int    `json:"roleCount"`
}

type resourceRec struct {
	ID           int64    `json:"id"`
	Method       string   `json:"method"`
	Path         string   `json:"path"`
	Name         string   `json:"name"`
	Access       string   `json:"access"`
	Download     bool     `json:"download"`
	FunCodes     []string `json:"funCodes"`
	DefaultCodes []string `json:"defaultCodes"`
	LockedCodes  []string `json:"lockedCodes"`
	Editable     bool     `json:"editable"`
	Served       bool     `json:"served"`
}

func menus(e *apptest.Env, tok string) []menuNode {
	e.T.Helper()
	var out []menuNode
	e.Done("GET", "/api/sys/menu/list", tok, nil, &out)
	return out
}

func findMenu(ms []menuNode, code string) *menuNode {
	for i := range ms {
		if ms[i].Code == code {
			return &ms[i]
		}
		if hit := findMenu(ms[i].Children, code); hit != nil {
			return hit
		}
	}
	return nil
}

func childCodes(m *menuNode) string {
	var out []string
	for _, c := range m.Children {
		out = append(out, c.Code)
	}
	return strings.Join(out, ",")
}

// resource finds a resource row by method and path.
func resource(e *apptest.Env, tok, method, path string) resourceRec {
	e.T.Helper()
	p := apptest.List[resourceRec](e, "/api/sys/resource/list", tok, url.Values{"path": {path}, "method": {method}, "limit": {"100"}})
	for _, r := range p.Records {
		if r.Path == path {
			return r
		}
	}
	e.T.Fatalf("no resource %s %s in %+v", method, path, p)
	return resourceRec{}
}

func functionID(e *apptest.Env, tok, code string) int64 {
	e.T.Helper()
	for _, f := range apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"code": {code}, "limit": {"100"}}).Records {
		if f.Code == code {
			return f.ID
		}
	}
	e.T.Fatalf("no function code %s", code)
	return 0
}

func sessionMenuCodes(su apptest.SessionUser) string {
	var out []string
	for _, g := range su.SysMenus {
		out = append(out, g.Code)
		for _, c := range g.SubMenus {
			out = append(out, c.Code)
		}
	}
	return strings.Join(out, ",")
}

func TestMenuTreeAddEditMoveHideDelete(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	tree := menus(e, tok)
	sys := findMenu(tree, "sys")
	if len(tree) != len(access.Catalogue) || tree[0].Code != "welcome" || sys == nil || sys.Icon != "setting" || findMenu(tree, "rolemanager").Path != "/rolemanager" || findMenu(tree, "rolemanager").ParentCode != "sys" {
		t.Fatalf("menu tree: %+v", tree)
	}

	// Add: validated; a new screen may bring its function code, both granted to the system administrator.
	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"name": "x"}, "请输入菜单编码"},
		{map[string]any{"code": "9x", "name": "x"}, "编码为2-64位字母、数字或下划线，以字母开头"},
		{map[string]any{"code": "reports", "name": " "}, "请输入菜单名称"},
		{map[string]any{"code": "reports", "name": strings.Repeat("名", 51)}, "菜单名称不能超过50个字符"},
		{map[string]any{"code": "reports", "name": "x", "path": "javascript:alert(1)"}, "路由须以 / 开头（字母、数字、_、-、/），或为 http(s):// 外部链接"},
		{map[string]any{"code": "reports", "name": "x", "path": "/sysuser"}, "路由 /sysuser 已被其他菜单使用"},
		{map[string]any{"code": "reports", "name": "x", "icon": "<b>"}, "图标名只能包含字母和-，最多40个字符"},
		{map[string]any{"code": "reports", "name": "x", "sort": -1}, "排序号须在0到999999之间"},
		{map[string]any{"code": "reports", "name": "x", "visible": 2}, "显示状态只能是1（显示）或0（隐藏）"},
		{map[string]any{"code": "reports", "name": "x", "parentCode": "nope"}, "上级菜单不存在"},
		{map[string]any{"code": "SYSUSER", "name": "x"}, "菜单编码 SYSUSER 已存在"},
	} {
		e.Refused("POST", "/api/sys/menu/add", tok, c.body, c.msg)
	}
	var added struct{ ID int64 }
	e.Done("POST", "/api/sys/menu/add", tok, map[string]any{"code": "reports", "name": "报表中心", "icon": "bar-chart", "sort": 5}, &added)
	var leaf struct{ ID int64 }
	e.Done("POST", "/api/sys/menu/add", tok, map[string]any{"code": "report_sales", "parentCode": "reports", "name": "销售报表", "path": "/report_sales", "withFunction": true}, &leaf)
	if n := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"code": {"report_sales"}}); n.Total != 1 || n.Records[0].MenuCode != "report_sales" || n.Records[0].RoleCount != 1 {
		t.Errorf("function of the new screen: %+v", n)
	}
	admin := grants(e, tok, e.RoleID(tok, "sysadmin"))
	if !strings.Contains(","+strings.Join(admin.MenuCodes, ",")+",", ",report_sales,") || !strings.Contains(","+strings.Join(admin.FunCodes, ",")+",", ",report_sales,") {
		t.Errorf("sysadmin was not granted the new screen: %+v", admin)
	}
	if codes := sessionMenuCodes(e.Session(tok)); !strings.Contains(codes, "reports,report_sales") {
		t.Errorf("the new menu is not in the administrator's session: %s", codes)
	}

	// Edit: the code stays; a loop is refused.
	e.Done("PUT", "/api/sys/menu/edit", tok, map[string]any{"id": added.ID, "code": "ignored", "name": "报表", "icon": "table", "sort": 7, "visible": 1}, nil)
	if m := findMenu(menus(e, tok), "reports"); m == nil || m.Name != "报表" || m.Icon != "table" || m.Sort != 7 {
		t.Errorf("edited: %+v", m)
	}
	e.Refused("PUT", "/api/sys/menu/edit", tok, map[string]any{"id": added.ID, "name": "报表", "parentCode": "report_sales"}, "不能把菜单移到它自己或它的下级菜单下")
	e.Refused("PUT", "/api/sys/menu/edit", tok, map[string]any{"id": added.ID, "name": "报表", "parentCode": "reports"}, "不能把菜单移到它自己或它的下级菜单下")
	e.Refused("PUT", "/api/sys/menu/edit", tok, map[string]any{"id": 99999, "name": "x"}, "菜单不存在")

	// Drag and drop: report_sales to the 'sys' group, second place; siblings renumbered 10 apart.
	e.Done("PUT", "/api/sys/menu/move", tok, map[string]any{"id": leaf.ID, "parentId": sys.ID, "index": 1}, nil)
	sysNow := findMenu(menus(e, tok), "sys")
	if !strings.HasPrefix(childCodes(sysNow), "sysuser,report_sales,") || sysNow.Children[0].Sort != 10 || sysNow.Children[1].Sort != 20 || sysNow.Children[2].Sort != 30 {
		t.Errorf("after the move: %s %+v", childCodes(sysNow), sysNow.Children[:3])
	}
	e.Refused("PUT", "/api/sys/menu/move", tok, map[string]any{"id": sys.ID, "parentId": leaf.ID, "index": 0}, "不能把菜单移到它自己或它的下级菜单下")
	e.Refused("PUT", "/api/sys/menu/move", tok, map[string]any{"id": sys.ID, "parentId": 0}, "缺少参数 index")
	e.Refused("PUT", "/api/sys/menu/move", tok, map[string]any{"id": sys.ID, "parentId": 99999, "index": 0}, "上级菜单不存在")

	// Order numbers: the welcome page goes last among the top-level menus.
	welcome := findMenu(tree, "welcome")
	e.Done("PUT", "/api/sys/menu/sort", tok, map[string]any{"items": []map[string]any{{"id": welcome.ID, "sort": 900}, {"id": added.ID, "sort": 1}}}, nil)
	top := menus(e, tok)
	if top[0].Code != "reports" || top[len(top)-1].Code != "welcome" {
		t.Errorf("sorted top level: %s ... %s", top[0].Code, top[len(top)-1].Code)
	}
	if codes := sessionMenuCodes(e.Session(tok)); !strings.HasPrefix(codes, "reports") || !strings.HasSuffix(codes, "welcome") {
		t.Errorf("the session menus do not follow the new order: %s", codes)
	}
	e.Refused("PUT", "/api/sys/menu/sort", tok, map[string]any{"items": "[{\"id\": 1, \"sort\": -5}]"}, "排序号须在0到999999之间")
	e.Refused("PUT", "/api/sys/menu/sort", tok, map[string]any{"items": "not json"}, "排序数据格式不正确，应为 [{id, sort}]")
	e.Refused("PUT", "/api/sys/menu/sort", tok, map[string]any{}, "缺少参数 items")

	// Hiding takes the menu out of every session; the permission screens and their group cannot be hidden.
	e.Done("PUT", "/api/sys/menu/changeVisible", tok, map[string]any{"id": leaf.ID, "visible": 0}, nil)
	if codes := sessionMenuCodes(e.Session(tok)); strings.Contains(codes, "report_sales") {
		t.Errorf("a hidden menu is still in the session: %s", codes)
	}
	if m := findMenu(menus(e, tok), "report_sales"); m == nil || m.Visible != 0 {
		t.Errorf("the hidden menu left the management tree: %+v", m)
	}
	for _, code := range []string{"rolemanager", "resmanager", "sys"} {
		e.Refused("PUT", "/api/sys/menu/changeVisible", tok, map[string]any{"id": findMenu(tree, code).ID, "visible": 0}, map[string]string{
			"rolemanager": "“角色权限”菜单及其上级菜单必须保持显示，否则将无人能再管理权限",
			"resmanager":  "“资源管理”菜单及其上级菜单必须保持显示，否则将无人能再管理权限",
			"sys":         "“角色权限”菜单及其上级菜单必须保持显示，否则将无人能再管理权限",
		}[code])
	}
	// Moving a permission screen under a hidden menu hides it too.
	e.Done("PUT", "/api/sys/menu/changeVisible", tok, map[string]any{"id": added.ID, "visible": 0}, nil)
	e.Refused("PUT", "/api/sys/menu/move", tok, map[string]any{"id": findMenu(tree, "resmanager").ID, "parentId": added.ID, "index": 0}, "“资源管理”菜单及其上级菜单必须保持显示，否则将无人能再管理权限")

	// Delete: not with sub-menus, not the permission screens; roles lose it, its function code stays.
	e.Done("PUT", "/api/sys/menu/move", tok, map[string]any{"id": leaf.ID, "parentId": added.ID, "index": 0}, nil)
	e.Refused("DELETE", "/api/sys/menu/del?id="+itoa(added.ID), tok, nil, "菜单“报表”下还有1个子菜单，请先删除或移走子菜单")
	e.Refused("DELETE", "/api/sys/menu/del?id="+itoa(findMenu(tree, "rolemanager").ID), tok, nil, "“角色权限”菜单用于管理权限，不能删除")
	e.Done("DELETE", "/api/sys/menu/del?id="+itoa(leaf.ID), tok, nil, nil)
	e.Done("DELETE", "/api/sys/menu/del?id="+itoa(added.ID), tok, nil, nil)
	if findMenu(menus(e, tok), "reports") != nil || findMenu(menus(e, tok), "report_sales") != nil {
		t.Error("deleted menus are still listed")
	}
	if f := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"code": {"report_sales"}}); f.Total != 1 || f.Records[0].MenuCode != "" {
		t.Errorf("the deleted menu's function code: %+v", f)
	}
	if g := grants(e, tok, e.RoleID(tok, "sysadmin")); strings.Contains(","+strings.Join(g.MenuCodes, ",")+",", ",report") {
		t.Errorf("roles keep a deleted menu: %v", g.MenuCodes)
	}

	// Every write is in the business log, by action.
	for action, want := range map[string]int{"create": 3, "update": 1, "move": 2, "sort": 2, "hide": 2, "delete": 2} {
		if n := e.BizLog("menusmanager", action); n != want {
			t.Errorf("business log menusmanager/%s: %d lines, want %d", action, n, want)
		}
	}
	if n := e.BizLog("menusmanager", ""); n != 12 { // the function code made with the screen is logged under menusmanager too
		t.Errorf("business log menusmanager: %d lines", n)
	}
}

func TestMenuExportAndTamperedSort(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	const path = "/api/sys/menu/export"
	_, body := e.Fetch(path+"?ticket="+e.Ticket(tok, path), "")
	rows := apptest.SheetRows(t, body)
	if strings.Join(rows[0], "|") != "菜单编码|菜单名称|上级菜单|路由|图标|排序号|是否显示" || rows[1][0] != "welcome" || rows[2][0] != "library" || rows[3][2] != "标书资料库" || rows[3][6] != "显示" {
		t.Errorf("menu export: %q", rows[:4])
	}
	all := 0
	var walk func([]menuNode)
	walk = func(ms []menuNode) {
		for _, m := range ms {
			all++
			walk(m.Children)
		}
	}
	walk(menus(e, tok))
	if len(rows) != 1+all {
		t.Errorf("menu export has %d rows for %d menus", len(rows), all)
	}
	_, body = e.Fetch(path+"?keyword=log&sort=code&order=desc", tok, "Accept-Language", "en")
	rows = apptest.SheetRows(t, body)
	if rows[0][0] != "Code" || rows[1][0] != "task_log" || rows[2][0] != "personnel_login" || len(rows) != 6 || rows[1][6] != "shown" {
		t.Errorf("filtered English export: %q", rows)
	}
	for _, p := range []string{path + "?sort=m.code", "/api/sys/function/list?sort=f.code", "/api/sys/resource/list?sort=r.path", "/api/sys/function/export?sort=password_hash", "/api/sys/resource/export?sort=id"} {
		if _, r := e.Call("GET", p, tok, nil); r.Code != 1 || r.Message != "不支持按该字段排序" {
			t.Errorf("tampered sort %s: %+v", p, r)
		}
	}
}

func TestFunctionCodesAddEditDeleteAndExport(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	p := apptest.List[functionRec](e, "/api/sys/function/list", tok, nil)
	if p.Total < 50 || p.Limit != 10 || p.Records[0].Code != "gateway" {
		t.Fatalf("function list: %+v", p)
	}
	users := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"code": {"sysuser"}}).Records[0]
	if users.MenuName != "用户管理" || users.ResourceCount != 8 || users.RoleCount != 1 {
		t.Errorf("sysuser: %+v", users)
	}
	if p := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"keyword": {"日志"}, "sort": {"code"}}); p.Total != 4 || p.Records[0].Code != "business_log" {
		t.Errorf("keyword: %+v", p)
	}
	if p := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"menuCode": {"login_log"}}); p.Total != 1 {
		t.Errorf("by menu: %+v", p)
	}
	byCount := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"sort": {"resourceCount"}, "order": {"desc"}}).Records
	for i := 1; i < len(byCount); i++ {
		if byCount[i].ResourceCount > byCount[i-1].ResourceCount {
			t.Errorf("not sorted by resource count: %+v", byCount)
		}
	}
	if byCount[0].ResourceCount < 8 {
		t.Errorf("by resource count: %+v", byCount[0])
	}

	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"name": "x"}, "请输入操作编码"},
		{map[string]any{"code": "a b", "name": "x"}, "编码为2-64位字母、数字或下划线，以字母开头"},
		{map[string]any{"code": "sysUser", "name": "x"}, "操作编码 sysUser 已存在"},
		{map[string]any{"code": "audit_read", "name": ""}, "请输入操作名称"},
		{map[string]any{"code": "audit_read", "name": "x", "menuCode": "nope"}, "菜单编码不存在：nope"},
	} {
		e.Refused("POST", "/api/sys/function/add", tok, c.body, c.msg)
	}
	var fn struct{ ID int64 }
	e.Done("POST", "/api/sys/function/add", tok, map[string]any{"code": "audit_read", "name": "审计查看", "menuCode": "business_log", "sort": 3}, &fn)
	e.Done("PUT", "/api/sys/function/edit", tok, map[string]any{"id": fn.ID, "code": "ignored", "name": "审计只读", "menuCode": "", "sort": 4}, nil)
	got := apptest.List[functionRec](e, "/api/sys/function/list", tok, url.Values{"code": {"audit_read"}}).Records
	if len(got) != 1 || got[0].Name != "审计只读" || got[0].MenuCode != "" || got[0].Sort != 4 || got[0].RoleCount != 1 {
		t.Errorf("edited: %+v", got)
	}

	// In use by a resource: refused until the resource stops needing it; roles lose it with it.
	bl := resource(e, tok, "GET", "/api/sys/businessLog/list")
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": bl.ID, "name": bl.Name, "funCodes": []string{"business_log", "audit_read"}}, nil)
	e.Refused("DELETE", "/api/sys/function/del?id="+itoa(fn.ID), tok, nil, "操作编码 audit_read 仍被1个资源使用（如 GET /api/sys/businessLog/list），请先在资源管理中更换")
	e.Done("PUT", "/api/sys/resource/reset", tok, map[string]any{"id": bl.ID}, nil)
	e.Done("DELETE", "/api/sys/function/del?id="+itoa(fn.ID), tok, nil, nil)
	if g := grants(e, tok, e.RoleID(tok, "sysadmin")); strings.Contains(strings.Join(g.FunCodes, ","), "audit_read") {
		t.Errorf("a deleted code is still granted: %v", g.FunCodes)
	}
	for _, code := range []string{"gateway", "rolemanager", "resmanager"} {
		e.Refused("DELETE", "/api/sys/function/del?id="+itoa(functionID(e, tok, code)), tok, nil, "操作编码 "+code+" 是系统必需的，不能删除")
	}
	e.Refused("DELETE", "/api/sys/function/del?id="+itoa(functionID(e, tok, "sysuser")), tok, nil, "操作编码 sysuser 仍被8个资源使用（如 POST /api/sys/user/add），请先在资源管理中更换")
	e.Refused("DELETE", "/api/sys/function/del?id=99999", tok, nil, "操作编码不存在")
	for action, want := range map[string]int{"create": 1, "update": 1, "delete": 1} {
		if n := e.BizLog("functionsmanager", action); n != want {
			t.Errorf("business log functionsmanager/%s: %d", action, n)
		}
	}

	const path = "/api/sys/function/export"
	_, body := e.Fetch(path+"?code=log&sort=code&ticket="+e.Ticket(tok, path), "")
	rows := apptest.SheetRows(t, body)
	if strings.Join(rows[0], "|") != "操作编码|操作名称|所属菜单|排序号|资源数|角色数" || len(rows) != 6 || rows[1][0] != "business_log" || rows[1][2] != "业务日志" {
		t.Errorf("function export: %q", rows)
	}
	var all []struct{ Code, Name, MenuCode string }
	e.Done("GET", "/api/sys/function/all", tok, nil, &all)
	if len(all) != p.Total || all[0].Code != "gateway" {
		t.Errorf("function options: %d of %d", len(all), p.Total)
	}
}

func TestResourceTableIsEnforcedWithoutRestart(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken

	// Every route has a row; public and signed-in rows are shown, not editable.
	p := apptest.List[resourceRec](e, "/api/sys/resource/list", tok, url.Values{"limit": {"100"}})
	if p.Total != len(e.App.Routes()) {
		t.Errorf("%d resources for %d routes", p.Total, len(e.App.Routes()))
	}
	login := resource(e, tok, "POST", "/api/login")
	if login.Access != "public" || login.Editable || len(login.FunCodes) != 0 || !login.Served || login.Name != "员工登录" {
		t.Errorf("login resource: %+v", login)
	}
	if r := resource(e, tok, "GET", "/api/sys/user/info"); r.Access != "signed-in" || r.Editable {
		t.Errorf("user info resource: %+v", r)
	}
	tree := resource(e, tok, "GET", "/api/sys/menu/tree")
	if tree.Access != "function" || strings.Join(tree.FunCodes, ",") != "menusmanager,rolemanager" || strings.Join(tree.LockedCodes, ",") != "rolemanager" || !tree.Editable {
		t.Errorf("menu tree resource: %+v", tree)
	}
	if r := resource(e, tok, "GET", "/api/sys/user/export"); !r.Download || r.Name != "导出用户" {
		t.Errorf("export resource: %+v", r)
	}
	// Search by path, method and function code.
	// every public route of the table (the assembly's snapshot internal/app/testdata/routes.txt, kept by
	// TestRouteTableMatchesTheSnapshot)
	snapshot, err := os.ReadFile("../app/testdata/routes.txt")
	if err != nil {
		t.Fatal(err)
	}
	public := strings.Count(string(snapshot), " public download=")
	for q, want := range map[string]int{"path=/api/sys/user/": 11, "path=/api/sys/user/&method=put": 5, "funCode=roleusers": 4, "access=public&sort=path": public} {
		v, _ := url.ParseQuery(q)
		if got := apptest.List[resourceRec](e, "/api/sys/resource/list", tok, v).Total; got != want {
			t.Errorf("%s: %d resources, want %d", q, got, want)
		}
	}
	if _, r := e.Call("GET", "/api/sys/resource/list?method=TRACE", tok, nil); r.Code != 1 || r.Message != "参数 method 的取值无效" {
		t.Errorf("bad method: %+v", r)
	}

	// Staff is refused the login log; the refusal is logged.
	before := securityEvents(e)
	if resp, r := e.Call("GET", "/api/sys/loginLog/list", staff, nil); resp.StatusCode != 403 || r.Code != 403 {
		t.Fatalf("staff before: %d %+v", resp.StatusCode, r)
	}
	if n := securityEvents(e); n != before+1 {
		t.Errorf("refusal not logged: %d -> %d", before, n)
	}
	// Open it to the portal code every staff member holds: the very next call passes, no restart.
	ll := resource(e, tok, "GET", "/api/sys/loginLog/list")
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": ll.ID, "name": "登录日志列表", "funCodes": []string{"login_log", "gateway"}}, nil)
	if _, r := e.Call("GET", "/api/sys/loginLog/list", staff, nil); r.Code != 0 {
		t.Errorf("staff after the change: %+v", r)
	}
	if r := resource(e, tok, "GET", "/api/sys/loginLog/list"); r.Name != "登录日志列表" || strings.Join(r.FunCodes, ",") != "gateway,login_log" || strings.Join(r.DefaultCodes, ",") != "login_log" {
		t.Errorf("edited resource: %+v", r)
	}
	// The export's download ticket follows the table too.
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": resource(e, tok, "GET", "/api/sys/loginLog/export").ID, "name": "x", "funCodes": "gateway"}, nil)
	if tk := e.Ticket(staff, "/api/sys/loginLog/export"); tk == "" {
		t.Error("no ticket")
	}
	// Take it from the administrator: refused at once.
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": ll.ID, "name": "登录日志列表", "funCodes": []string{"gateway"}}, nil)
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": ll.ID, "name": "登录日志列表", "funCodes": []string{"dict_manager"}}, nil)
	if resp, _ := e.Call("GET", "/api/sys/loginLog/list", staff, nil); resp.StatusCode != 403 {
		t.Errorf("staff after the revoke: HTTP %d", resp.StatusCode)
	}
	if _, r := e.Call("GET", "/api/sys/loginLog/list", tok, nil); r.Code != 0 {
		t.Errorf("admin holds dict_manager: %+v", r)
	}
	e.Done("PUT", "/api/sys/resource/reset", tok, map[string]any{"id": ll.ID}, nil)
	if r := resource(e, tok, "GET", "/api/sys/loginLog/list"); strings.Join(r.FunCodes, ",") != "login_log" || r.Name != "登录日志列表" {
		t.Errorf("after reset: %+v", r)
	}

	// Refusals: validation and the lock-out guard.
	grants := resource(e, tok, "PUT", "/api/sys/role/grants")
	resEdit := resource(e, tok, "PUT", "/api/sys/resource/edit")
	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"id": ll.ID, "name": "x", "funCodes": []string{}}, "请至少选择一个操作编码"},
		{map[string]any{"id": ll.ID, "name": "x", "funCodes": []string{"drop_tables"}}, "操作编码不存在：drop_tables"},
		{map[string]any{"id": ll.ID, "name": " "}, "请输入资源名称"},
		{map[string]any{"id": ll.ID, "name": strings.Repeat("n", 101)}, "资源名称不能超过100个字符"},
		{map[string]any{"id": login.ID, "name": "x", "funCodes": []string{"sysuser"}}, "公开接口和登录即可调用的接口由系统决定访问方式，不能分配操作编码"},
		{map[string]any{"id": grants.ID, "name": "x", "funCodes": []string{"sysuser"}}, "接口 PUT /api/sys/role/grants 必须保留操作编码 rolemanager，否则将无人能再管理权限"},
		{map[string]any{"id": resEdit.ID, "name": "x", "funCodes": []string{"rolemanager"}}, "接口 PUT /api/sys/resource/edit 必须保留操作编码 resmanager，否则将无人能再管理权限"},
		{map[string]any{"id": 99999, "name": "x"}, "资源不存在"},
	} {
		e.Refused("PUT", "/api/sys/resource/edit", tok, c.body, c.msg)
	}
	e.Refused("PUT", "/api/sys/resource/reset", tok, map[string]any{"id": login.ID}, "公开接口和登录即可调用的接口由系统决定访问方式，不能分配操作编码")
	// Adding a code to a locked resource is fine; public routes may be renamed.
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": resEdit.ID, "name": resEdit.Name, "funCodes": []string{"resmanager", "sysuser"}}, nil)
	e.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": login.ID, "name": "员工登录"}, nil)
	if _, r := e.Call("POST", "/api/login", "", map[string]string{"LoginCode": "libadmin", "PassWord": "Library@123"}); r.Code != 0 {
		t.Errorf("login after renaming its resource: %+v", r)
	}

	// Seeding again (a restart) keeps the administrator's codes.
	if _, err := e.App.Seed(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	if r := resource(e, tok, "PUT", "/api/sys/resource/edit"); strings.Join(r.FunCodes, ",") != "resmanager,sysuser" {
		t.Errorf("after a re-seed: %+v", r)
	}
	if n := e.BizLog("resmanager", "update"); n != 6 {
		t.Errorf("business log resmanager/update: %d", n)
	}
	if n := e.BizLog("resmanager", "reset"); n != 1 {
		t.Errorf("business log resmanager/reset: %d", n)
	}

	// The role-permission screen sees which resources each code opens.
	var refs []struct {
		Method, Path, Name string
		FunCodes           []string
	}
	e.Done("GET", "/api/sys/resource/all", tok, nil, &refs)
	opened := 0
	for _, r := range refs {
		for _, c := range r.FunCodes {
			if c == "sysuser" {
				opened++
			}
		}
	}
	if opened != 9 { // the user screen's 8 calls and the resource edit above
		t.Errorf("resources opened by sysuser: %d", opened)
	}

	const path = "/api/sys/resource/export"
	_, body := e.Fetch(path+"?funCode=roleusers&ticket="+e.Ticket(tok, path), "")
	rows := apptest.SheetRows(t, body)
	if strings.Join(rows[0], "|") != "请求方式|接口路径|资源名称|访问方式|操作编码|默认操作编码" || len(rows) != 5 || rows[1][3] != "按操作编码" {
		t.Errorf("resource export: %q", rows)
	}
}

func securityEvents(e *apptest.Env) int {
	e.T.Helper()
	var n int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM security_event WHERE kind = 'forbidden'`).Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

func TestAccessManagementNeedsItsFunctionCodes(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	calls := [][2]string{
		{"GET", "/api/sys/menu/list"}, {"POST", "/api/sys/menu/add"}, {"PUT", "/api/sys/menu/edit"}, {"DELETE", "/api/sys/menu/del"},
		{"PUT", "/api/sys/menu/changeVisible"}, {"PUT", "/api/sys/menu/sort"}, {"PUT", "/api/sys/menu/move"}, {"GET", "/api/sys/menu/export"},
		{"GET", "/api/sys/function/list"}, {"POST", "/api/sys/function/add"}, {"PUT", "/api/sys/function/edit"}, {"DELETE", "/api/sys/function/del"},
		{"GET", "/api/sys/function/export"}, {"GET", "/api/sys/function/all"},
		{"GET", "/api/sys/resource/list"}, {"PUT", "/api/sys/resource/edit"}, {"PUT", "/api/sys/resource/reset"}, {"GET", "/api/sys/resource/export"},
		{"GET", "/api/sys/resource/all"},
	}
	before := securityEvents(e)
	for _, tok := range []string{staff, lib} {
		for _, c := range calls {
			resp, r := e.Call(c[0], c[1], tok, map[string]any{"id": 1, "name": "x", "funCodes": []string{"gateway"}})
			if resp.StatusCode != 403 || r.Code != 403 || r.Message != "无权限访问该功能" {
				t.Errorf("%s %s: HTTP %d %+v", c[0], c[1], resp.StatusCode, r)
			}
		}
	}
	if n := securityEvents(e); n != before+2*len(calls) {
		t.Errorf("%d refusals logged, want %d", n-before, 2*len(calls))
	}
	var detail string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT detail FROM security_event ORDER BY id DESC LIMIT 1`).Scan(&detail); err != nil || detail != "GET /api/sys/resource/all needs resmanager,rolemanager" {
		t.Errorf("last refusal: %q %v", detail, err)
	}
	// A grant of the function code opens the screen's calls at the next call.
	tok := e.Login("admin", "Admin@123").AccessToken
	libRole := e.RoleID(tok, "libadmin")
	g := grants(e, tok, libRole)
	e.Done("PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": libRole, "menuCodes": append(g.MenuCodes, "functionsmanager"), "funCodes": append(g.FunCodes, "functionsmanager")}, nil)
	if _, r := e.Call("GET", "/api/sys/function/list", lib, nil); r.Code != 0 {
		t.Errorf("granted library administrator: %+v", r)
	}
}

// Two instances on one database: a change through one is enforced by the other within seconds
// (PostgreSQL: LISTEN/NOTIFY; SQLite: the version counter polled every 2 s).
func TestAccessChangesReachTheOtherInstance(t *testing.T) {
	t.Parallel() // mostly waiting (schedules, another instance, timeouts): it overlaps the other slow tests
	a := apptest.New(t)
	b := apptest.New(t, func(c *config.Config) {
		c.DataDir, c.DatabaseURL = a.App.Config.DataDir, a.App.Config.DatabaseURL
	})
	tok := a.Login("admin", "Admin@123").AccessToken
	staff := b.Login("staff", "Staff@123").AccessToken
	if resp, _ := b.Call("GET", "/api/sys/loginLog/list", staff, nil); resp.StatusCode != 403 {
		t.Fatalf("staff on b before: HTTP %d", resp.StatusCode)
	}
	within := func(what string, ok func() bool) {
		t.Helper()
		start := time.Now()
		for !ok() {
			if time.Since(start) > apptest.Patience {
				t.Fatalf("%s: not seen by the other instance within %v", what, apptest.Patience)
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("%s: seen after %v", what, time.Since(start).Round(time.Millisecond))
	}
	ll := resource(a, tok, "GET", "/api/sys/loginLog/list")
	a.Done("PUT", "/api/sys/resource/edit", tok, map[string]any{"id": ll.ID, "name": ll.Name, "funCodes": []string{"login_log", "gateway"}}, nil)
	within("resource opened", func() bool { _, r := b.Call("GET", "/api/sys/loginLog/list", staff, nil); return r.Code == 0 })
	a.Done("PUT", "/api/sys/resource/reset", tok, map[string]any{"id": ll.ID}, nil)
	within("resource closed", func() bool {
		resp, _ := b.Call("GET", "/api/sys/loginLog/list", staff, nil)
		return resp.StatusCode == 403
	})

	// Menus are cached per instance: hiding one through a leaves b's sessions too.
	lib := b.Login("libadmin", "Library@123").AccessToken
	if codes := sessionMenuCodes(b.Session(lib)); !strings.Contains(codes, "tagmanager") {
		t.Fatalf("b's menus: %s", codes)
	}
	a.Done("PUT", "/api/sys/menu/changeVisible", tok, map[string]any{"id": findMenu(menus(a, tok), "tagmanager").ID, "visible": 0}, nil)
	within("menu hidden", func() bool { return !strings.Contains(sessionMenuCodes(b.Session(lib)), "tagmanager") })
}
