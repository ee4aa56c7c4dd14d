package access_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type roleRec struct {
	ID          int64  `json:"id"`
	Code        string `json:"code"`
	Name        string `json:"name"`
	Remark      string `json:"remark"`
	MemberCount int    `json:"memberCount"`
	Builtin     bool   `json:"builtin"`
	CreatedAt   string `json:"createdAt"`
}

type grantsRec struct {
	RoleID    int64    `json:"roleId"`
	RoleCode  string   `json:"roleCode"`
	MenuCodes []string `json:"menuCodes"`
	FunCodes  []string `json:"funCodes"`
	Functions []struct {
		Code, Name, MenuCode string
	} `json:"functions"`
}

func grants(e *apptest.Env, token string, roleID int64) grantsRec {
	e.T.Helper()
	_, r := e.Call("GET", "/api/sys/role/grants?roleId="+itoa(roleID), token, nil)
	var g grantsRec
	if r.Code != 0 || json.Unmarshal(r.Data, &g) != nil {
		e.T.Fatalf("grants of %d: %+v", roleID, r)
	}
	return g
}

func TestRoleListAddEditDelete(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	p := apptest.List[roleRec](e, "/api/sys/role/list", tok, nil)
	roles := e.Count(`SELECT COUNT(*) FROM sys_role`) // the demo's three and any an area seeds
	if roles < 3 || p.Total != roles || len(p.Records) != min(roles, 10) || p.Records[0].Code != "sysadmin" || !p.Records[0].Builtin || p.Records[0].MemberCount != 1 || p.Records[0].CreatedAt == "" {
		t.Fatalf("role list: %+v", p)
	}
	id := e.AddRole(tok, "auditor", "审计员")
	for q, want := range map[string]string{"name=审计": "auditor", "code=ADMIN": "libadmin,sysadmin", "keyword=员": "auditor,libadmin,staff,sysadmin"} {
		v, _ := url.ParseQuery(q)
		v.Set("sort", "code")
		p := apptest.List[roleRec](e, "/api/sys/role/list", tok, v)
		var got []string
		for _, r := range p.Records {
			got = append(got, r.Code)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%s: %v, want %s", q, got, want)
		}
	}
	if p := apptest.List[roleRec](e, "/api/sys/role/list", tok, url.Values{"sort": {"memberCount"}, "order": {"desc"}}); p.Records[0].Code != "staff" || p.Records[0].MemberCount != 2 {
		t.Errorf("sorted by member count: %+v", p.Records)
	}
	if _, r := e.Call("GET", "/api/sys/role/list?sort=r.code", tok, nil); r.Code != 1 || r.Message != "不支持按该字段排序" {
		t.Errorf("tampered sort: %+v", r)
	}

	bad := []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"name": "x"}, "请输入角色编码"},
		{map[string]any{"code": "1abc", "name": "x"}, "角色编码为2-32位字母、数字或下划线，以字母开头"},
		{map[string]any{"code": "a-b", "name": "x"}, "角色编码为2-32位字母、数字或下划线，以字母开头"},
		{map[string]any{"code": "abc", "name": " "}, "请输入角色名称"},
		{map[string]any{"code": "abc", "name": strings.Repeat("名", 51)}, "角色名称不能超过50个字符"},
		{map[string]any{"code": "abc", "name": "x", "remark": strings.Repeat("r", 201)}, "备注不能超过200个字符"},
		{map[string]any{"code": "AUDITOR", "name": "x"}, "角色编码已存在"},
		{map[string]any{"code": "abc", "name": "审计员"}, "角色名称已存在"},
	}
	for _, b := range bad {
		if _, r := e.Call("POST", "/api/sys/role/add", tok, b.body); r.Code != 1 || r.Message != b.msg {
			t.Errorf("add %v: %+v, want %q", b.body, r, b.msg)
		}
	}
	if _, r := e.Call("POST", "/api/sys/role/add", tok, map[string]any{"code": "Auditor", "name": "x"}, "Accept-Language", "en"); r.Code != 1 || r.Message != "The role code is already taken" {
		t.Errorf("english: %+v", r)
	}

	if _, r := e.Call("PUT", "/api/sys/role/edit", tok, map[string]any{"id": id, "name": "审计专员", "remark": "只读", "code": "ignored"}); r.Code != 0 {
		t.Fatalf("edit: %+v", r)
	}
	p = apptest.List[roleRec](e, "/api/sys/role/list", tok, url.Values{"code": {"auditor"}})
	if len(p.Records) != 1 || p.Records[0].Name != "审计专员" || p.Records[0].Remark != "只读" || p.Records[0].Builtin {
		t.Errorf("edited: %+v", p.Records)
	}
	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"id": id, "name": "员工"}, "角色名称已存在"},
		{map[string]any{"id": 9999, "name": "x"}, "角色不存在"},
		{map[string]any{"name": "x"}, "缺少参数 id"},
	} {
		if _, r := e.Call("PUT", "/api/sys/role/edit", tok, c.body); r.Code != 1 || r.Message != c.msg {
			t.Errorf("edit %v: %+v, want %q", c.body, r, c.msg)
		}
	}

	// Delete: built-in roles and roles with members are refused.
	staffUser := apptest.List[apptest.UserRec](e, "/api/user/search", tok, url.Values{"keyword": {"张晓"}}).Records[0].ID
	if _, r := e.Call("PUT", "/api/user/role/user", tok, map[string]any{"userId": staffUser, "roleId": id}); r.Code != 0 {
		t.Fatal(r)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/user/search", tok, url.Values{"roleId": {itoa(id)}}); p.Total != 1 || p.Records[0].ID != staffUser {
		t.Errorf("members of the role: %+v", p)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/user/search", tok, url.Values{"roleId": {itoa(e.RoleID(tok, "staff"))}, "keyword": {"part"}}); p.Total != 1 || p.Records[0].LoginCode != "partner" {
		t.Errorf("members of staff matching 'part': %+v", p)
	}
	for _, c := range []struct {
		id  int64
		msg string
	}{
		{e.RoleID(tok, "sysadmin"), "内置的系统管理员角色不能删除"},
		{e.RoleID(tok, "libadmin"), "内置角色不能删除"},
		{id, "该角色下还有1个用户，请先在角色分配中移除后再删除"},
		{9999, "角色不存在"},
	} {
		if _, r := e.Call("DELETE", "/api/sys/role/del?id="+itoa(c.id), tok, nil); r.Code != 1 || r.Message != c.msg {
			t.Errorf("delete %d: %+v, want %q", c.id, r, c.msg)
		}
	}
	e.Call("DELETE", "/api/user/role/user?userId="+itoa(staffUser)+"&roleId="+itoa(id), tok, nil)
	if _, r := e.Call("DELETE", "/api/sys/role/del?id="+itoa(id), tok, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if p := apptest.List[roleRec](e, "/api/sys/role/list", tok, nil); p.Total != roles {
		t.Errorf("deleted role still listed: %+v", p)
	}
}

func TestUserRolesExport(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	const path = "/api/sys/role/exportUserRoles"
	resp, body := e.Fetch(path+"?ticket="+e.Ticket(tok, path), "")
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("export: HTTP %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	rows := apptest.SheetRows(t, body)
	if strings.Join(rows[0], "|") != "登录账号|用户姓名|所属单位|角色" || len(rows) != 5 || rows[1][0] != "admin" || rows[1][3] != "系统管理员" || rows[1][2] == "" {
		t.Errorf("rows: %q", rows)
	}
	_, body = e.Fetch(path+"?roleId="+itoa(e.RoleID(tok, "staff"))+"&sort=loginCode&order=desc", tok, "Accept-Language", "en")
	rows = apptest.SheetRows(t, body)
	if rows[0][3] != "Role" || len(rows) != 3 || rows[1][0] != "staff" || rows[2][0] != "partner" {
		t.Errorf("filtered English export: %q", rows)
	}
	if _, r := e.Call("GET", path+"?sort=password_hash", tok, nil); r.Code != 1 || r.Message != "不支持按该字段排序" {
		t.Errorf("tampered sort: %+v", r)
	}
}

func TestRoleGrantsTakeEffectWithoutRestart(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staffRole := e.RoleID(tok, "staff")
	g := grants(e, tok, staffRole)
	if g.RoleCode != "staff" || len(g.MenuCodes) != 0 || strings.Join(g.FunCodes, ",") != "gateway" || len(g.Functions) < 40 {
		t.Fatalf("staff grants: %+v", g)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	if resp, r := e.Call("GET", "/api/sys/loginLog/list", staff, nil); resp.StatusCode != 403 || r.Code != 403 {
		t.Fatalf("before the grant: %d %+v", resp.StatusCode, r)
	}
	// The child menu brings its group ('ops') with it.
	if _, r := e.Call("PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": staffRole, "menuCodes": []string{"login_log"}, "funCodes": []string{"gateway", "login_log"}}); r.Code != 0 {
		t.Fatalf("grant: %+v", r)
	}
	if g := grants(e, tok, staffRole); strings.Join(g.MenuCodes, ",") != "login_log,ops" || strings.Join(g.FunCodes, ",") != "gateway,login_log" {
		t.Errorf("stored grants: %+v", g)
	}
	// Same session, next call: allowed; the session read shows the new menu.
	if _, r := e.Call("GET", "/api/sys/loginLog/list", staff, nil); r.Code != 0 {
		t.Errorf("after the grant: %+v", r)
	}
	_, r := e.Call("GET", "/api/sys/user/session", staff, nil)
	var su apptest.SessionUser
	if r.Code != 0 || json.Unmarshal(r.Data, &su) != nil || len(su.SysMenus) != 1 || su.SysMenus[0].Code != "ops" || su.SysMenus[0].SubMenus[0].Path != "/login_log" {
		t.Errorf("session menus after the grant: %+v", su.SysMenus)
	}
	// Form encoding with repeated fields; empty lists take everything away.
	if _, r := e.Call("PUT", "/api/sys/role/grants", tok, url.Values{"roleId": {itoa(staffRole)}, "menuCodes": {}, "funCodes": {"gateway"}}); r.Code != 1 || r.Message != "缺少参数 menuCodes" {
		t.Errorf("missing menuCodes: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": staffRole, "menuCodes": []string{}, "funCodes": []string{"gateway"}}); r.Code != 0 {
		t.Fatalf("revoke: %+v", r)
	}
	if resp, r := e.Call("GET", "/api/sys/loginLog/list", staff, nil); resp.StatusCode != 403 || r.Code != 403 {
		t.Errorf("after the revoke: %d %+v", resp.StatusCode, r)
	}

	admin := e.RoleID(tok, "sysadmin")
	full := grants(e, tok, admin)
	without := func(codes []string, drop string) []string {
		var out []string
		for _, c := range codes {
			if c != drop {
				out = append(out, c)
			}
		}
		return out
	}
	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"roleId": staffRole, "menuCodes": []string{"nope"}, "funCodes": []string{}}, "菜单编码不存在：nope"},
		{map[string]any{"roleId": staffRole, "menuCodes": []string{}, "funCodes": []string{"drop_tables"}}, "操作编码不存在：drop_tables"},
		{map[string]any{"roleId": 9999, "menuCodes": []string{}, "funCodes": []string{}}, "角色不存在"},
		{map[string]any{"menuCodes": []string{}, "funCodes": []string{}}, "缺少参数 roleId"},
		{map[string]any{"roleId": staffRole, "menuCodes": []string{}}, "缺少参数 funCodes"},
		{map[string]any{"roleId": admin, "menuCodes": without(full.MenuCodes, "rolemanager"), "funCodes": full.FunCodes}, "系统管理员角色必须保留“角色权限”菜单与操作，以免无人能再分配权限"},
		{map[string]any{"roleId": admin, "menuCodes": full.MenuCodes, "funCodes": without(full.FunCodes, "rolemanager")}, "系统管理员角色必须保留“角色权限”菜单与操作，以免无人能再分配权限"},
	} {
		if _, r := e.Call("PUT", "/api/sys/role/grants", tok, c.body); r.Code != 1 || r.Message != c.msg {
			t.Errorf("%v: %+v, want %q", c.body, r, c.msg)
		}
	}
	// A refused change changed nothing (one transaction).
	if g := grants(e, tok, admin); len(g.MenuCodes) != len(full.MenuCodes) || len(g.FunCodes) != len(full.FunCodes) {
		t.Errorf("refused change left traces: %d/%d menus", len(g.MenuCodes), len(full.MenuCodes))
	}
	// The administrator may narrow the sysadmin role as long as role permissions stay.
	if _, r := e.Call("PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": admin, "menuCodes": []string{"rolemanager"}, "funCodes": []string{"rolemanager"}}); r.Code != 0 {
		t.Fatalf("narrow sysadmin: %+v", r)
	}
	if resp, _ := e.Call("GET", "/api/sys/user/list", tok, nil); resp.StatusCode != 403 {
		t.Errorf("narrowed sysadmin still lists users: %d", resp.StatusCode)
	}
	if _, r := e.Call("PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": admin, "menuCodes": full.MenuCodes, "funCodes": full.FunCodes}); r.Code != 0 {
		t.Fatalf("restore sysadmin: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/user/list", tok, nil); r.Code != 0 {
		t.Errorf("restored sysadmin: %+v", r)
	}
}

func TestRoleCallsNeedTheFunctionCode(t *testing.T) {
	e := apptest.New(t)
	for _, who := range [][2]string{{"staff", "Staff@123"}, {"libadmin", "Library@123"}} {
		tok := e.Login(who[0], who[1]).AccessToken
		for _, c := range [][2]string{
			{"GET", "/api/sys/role/list"}, {"POST", "/api/sys/role/add"}, {"PUT", "/api/sys/role/edit"},
			{"DELETE", "/api/sys/role/del"}, {"GET", "/api/sys/role/exportUserRoles"},
			{"GET", "/api/sys/role/grants"}, {"PUT", "/api/sys/role/grants"}, {"GET", "/api/sys/menu/tree"},
		} {
			resp, r := e.Call(c[0], c[1], tok, map[string]any{"id": 1, "roleId": 1, "menuCodes": []string{"sysuser"}, "funCodes": []string{"sysuser"}})
			if resp.StatusCode != 403 || r.Code != 403 {
				t.Errorf("%s %s %s: HTTP %d %+v", who[0], c[0], c[1], resp.StatusCode, r)
			}
		}
	}
	// Staff cannot give themselves anything: the sysadmin role keeps one member.
	tok := e.Login("admin", "Admin@123").AccessToken
	if p := apptest.List[roleRec](e, "/api/sys/role/list", tok, url.Values{"code": {"sysadmin"}}); p.Records[0].MemberCount != 1 {
		t.Errorf("sysadmin members: %+v", p)
	}
}
