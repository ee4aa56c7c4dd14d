package external_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// extOrgRec is what the tests read of an organisation record.
type extOrgRec struct {
	ID, UserCount                         int64
	Name, KindName, Phone, OwnerLoginCode string
}

// userRec is what the tests read of an account in the staff list.
type userRec struct {
	ID        int64     `json:"id"`
	LoginCode string    `json:"loginCode"`
	UnitCode  string    `json:"unitCode"`
	State     int       `json:"state"`
	UpdatePwd int       `json:"updatePwd"`
	Roles     []roleRef `json:"roles"`
}

type roleRef struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

type extUserRec struct {
	userRec
	UserType    string `json:"userType"`
	ExtOrgID    int64  `json:"extOrgId"`
	ExtOrgName  string `json:"extOrgName"`
	ExtOrgState int    `json:"extOrgState"`
}

func goodOrg() map[string]any {
	return map[string]any{"name": "星河咨询有限公司", "code": "XH-01", "kind": "client", "contactPerson": "李雷",
		"phone": "010-12345678", "email": "lilei@xinghe.cn", "address": "北京市海淀区", "remark": "重点客户"}
}

func TestExternalOrganisationsAddEditSearchExportDelete(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken

	// The demo partner organisation holds the demo external account.
	demo := apptest.List[extOrgRec](e, "/api/sys/externalOrgan/list", tok, nil)
	if demo.Total != 1 || demo.Records[0].UserCount != 1 || demo.Records[0].KindName != "合作伙伴" || demo.Records[0].OwnerLoginCode != "staff" {
		t.Fatalf("demo organisation: %+v", demo)
	}

	bad := []struct {
		field string
		value any
		msg   string
	}{
		{"name", " ", "请输入组织名称"},
		{"name", strings.Repeat("名", 101), "组织名称不能超过100个字符"},
		{"code", "有 空格", "组织编码为1-32位字母、数字、_ 或 -"},
		{"kind", "", "请选择组织类型"},
		{"kind", "supplier", "组织类型不存在或已停用"},
		{"phone", "12345", "请输入正确的手机号码或固定电话（如 010-12345678）"},
		{"email", "nobody", "请输入正确的邮箱地址"},
		{"ownerId", 99999, "对接人须为有效的员工账号"},
		{"name", "华信生态合作伙伴（演示）", "组织名称已存在"},
		{"code", "hx-partner", "组织编码已存在"},
	}
	t.Run("refused", func(t *testing.T) {
		for _, b := range bad {
			t.Run(fmt.Sprintf("%s %v", b.field, b.value), func(t *testing.T) {
				t.Parallel()
				f := goodOrg()
				f[b.field] = b.value
				if _, r := e.For(t).Call("POST", "/api/sys/externalOrgan/add", tok, f); r.Code != 1 || r.Message != b.msg {
					t.Errorf("%s=%v: %+v, want %q", b.field, b.value, r, b.msg)
				}
			})
		}
	})
	// The partner account is external: it cannot be in charge of an organisation.
	partnerID := e.UserID("partner")
	f := goodOrg()
	f["ownerId"] = partnerID
	if _, r := e.Call("POST", "/api/sys/externalOrgan/add", tok, f); r.Message != "对接人须为有效的员工账号" {
		t.Errorf("external owner: %+v", r)
	}

	id := e.Added("POST", "/api/sys/externalOrgan/add", tok, goodOrg())
	// A mobile number, no code and no e-mail are fine; form encoding too.
	e2 := e.Added("POST", "/api/sys/externalOrgan/add", tok, map[string]any{"name": "Blue Sky Ltd", "kind": "partner", "phone": "13912345678"})
	p := apptest.List[extOrgRec](e, "/api/sys/externalOrgan/list", tok, url.Values{"sort": {"name"}})
	if n := e.Count(`SELECT COUNT(*) FROM ext_org WHERE deleted_at IS NULL`); p.Total != n || n < 3 {
		t.Fatalf("the two added and the demo's, %d in the database: %+v", n, p)
	}
	t.Run("search", func(t *testing.T) {
		for _, c := range []struct {
			name string
			q    url.Values
			want string
		}{
			{"by name", url.Values{"name": {"星河"}}, "星河咨询有限公司"},
			{"by code, any case", url.Values{"name": {"xh-0"}}, "星河咨询有限公司"},
			{"by a Latin name, any case", url.Values{"name": {"blue"}}, "Blue Sky Ltd"},
			{"by kind", url.Values{"kind": {"partner"}}, "Blue Sky Ltd,华信生态合作伙伴（演示）"},
			{"disabled ones", url.Values{"state": {"0"}}, ""},
			{"a wildcard is a character", url.Values{"name": {"%"}}, ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				c.q.Set("sort", "name")
				var got []string
				for _, o := range apptest.List[extOrgRec](e.For(t), "/api/sys/externalOrgan/list", tok, c.q).Records {
					got = append(got, o.Name)
				}
				if strings.Join(got, ",") != c.want {
					t.Errorf("%v: %v, want %s", c.q, got, c.want)
				}
			})
		}
	})
	if _, r := e.Call("GET", "/api/sys/externalOrgan/list?sort=deleted_at", tok, nil); r.Code != 1 || r.Message != "不支持按该字段排序" {
		t.Errorf("tampered sort: %+v", r)
	}

	// Edit: a new name, the staff account in charge; the name stays unique in any letter case.
	var libID int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM sys_user WHERE login_code = 'libadmin'`).Scan(&libID); err != nil {
		t.Fatal(err)
	}
	edit := goodOrg()
	edit["id"], edit["name"], edit["ownerId"] = id, "星河咨询集团", libID
	if _, r := e.Call("PUT", "/api/sys/externalOrgan/edit", tok, edit); r.Code != 0 {
		t.Fatalf("edit: %+v", r)
	}
	if _, before, after := e.BusinessLog("externalOrgan"); !strings.Contains(before, `"name":"星河咨询有限公司"`) || !strings.Contains(after, `"ownerLoginCode":"libadmin"`) {
		t.Errorf("edit's business log: before %s after %s", before, after)
	}
	o := apptest.List[extOrgRec](e, "/api/sys/externalOrgan/list", tok, url.Values{"name": {"星河"}}).Records[0]
	if o.Name != "星河咨询集团" || o.OwnerLoginCode != "libadmin" || o.KindName != "客户" || o.Phone != "010-12345678" {
		t.Fatalf("edited: %+v", o)
	}
	edit["name"] = "BLUE SKY LTD"
	if _, r := e.Call("PUT", "/api/sys/externalOrgan/edit", tok, edit); r.Message != "组织名称已存在" {
		t.Errorf("edit to a taken name: %+v", r)
	}

	// Export: a real workbook with the filters of the list.
	_, body := e.Fetch("/api/sys/externalOrgan/export?sort=name&kind=client", tok)
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || rows[0][0] != "组织名称" || rows[1][0] != "星河咨询集团" || rows[1][2] != "客户" || rows[1][7] != "李思远(libadmin)" {
		t.Fatalf("export: %v", rows)
	}

	// Delete: refused while users belong to it, with a clear message; fine otherwise (soft).
	if _, r := e.Call("DELETE", "/api/sys/externalOrgan/del?ids="+itoa(demo.Records[0].ID), tok, nil); r.Code != 1 || r.Message != "外部组织「华信生态合作伙伴（演示）」下还有1个用户，请先删除这些用户或将其移到其他组织" {
		t.Errorf("delete with users: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/externalOrgan/del?ids="+itoa(id)+","+itoa(e2), tok, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if p := apptest.List[extOrgRec](e, "/api/sys/externalOrgan/list", tok, nil); p.Total != 1 {
		t.Errorf("after delete: %+v", p)
	}
	// A deleted organisation's name is free again.
	e.Added("POST", "/api/sys/externalOrgan/add", tok, map[string]any{"name": "Blue Sky Ltd", "kind": "partner"})

	// Every write is in the business log.
	lines, before, after := e.BusinessLog("externalOrgan")
	if strings.Join(lines, ",") != "create 星河咨询有限公司,create Blue Sky Ltd,update 星河咨询集团,delete 星河咨询集团,delete Blue Sky Ltd,create Blue Sky Ltd" ||
		before != "" || !strings.Contains(after, `"kindName":"合作伙伴"`) {
		t.Fatalf("business log: %q %s %s", lines, before, after)
	}
}

func TestExternalUsersSignInAtTheOutsiteOnlyAndSeeOnlyThePortal(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	org := e.Added("POST", "/api/sys/externalOrgan/add", tok, goodOrg())

	good := func() map[string]any {
		return map[string]any{"loginCode": "xh.li", "userName": "李雷", "extOrgId": org, "phone": "13912345678",
			"email": "lilei@xinghe.cn", "password": "Start#2024"}
	}
	bad := []struct {
		field string
		value any
		msg   string
	}{
		{"loginCode", "", "请输入登录账号"},
		{"userName", "", "请输入用户姓名"},
		{"extOrgId", "", "请选择所属组织"},
		{"extOrgId", 99999, "所属组织不存在"},
		{"phone", "123", "请输入正确的手机号码"},
		{"password", "abcdefgh", "密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种"},
		{"loginCode", "PARTNER", "登录账号已存在"},
		{"roleIds", []int64{e.RoleID(tok, "libadmin")}, "外部用户只能使用门户，不能授予含管理菜单或管理操作权限的角色「资料库管理员」"},
	}
	for _, b := range bad {
		f := good()
		f[b.field] = b.value
		if _, r := e.Call("POST", "/api/sys/externalUser/add", tok, f); r.Code != 1 || r.Message != b.msg {
			t.Errorf("%s=%v: %+v, want %q", b.field, b.value, r, b.msg)
		}
	}
	// The roles an external account may hold: the portal-only ones.
	_, r := e.Call("GET", "/api/sys/externalUser/roles", tok, nil)
	var portal []roleRef
	if json.Unmarshal(r.Data, &portal) != nil || len(portal) != 1 || portal[0].Code != "staff" {
		t.Fatalf("portal roles: %+v", r)
	}
	id := e.Added("POST", "/api/sys/externalUser/add", tok, good())
	p := apptest.List[extUserRec](e, "/api/sys/externalUser/list", tok, url.Values{"extOrgId": {itoa(org)}})
	if p.Total != 1 {
		t.Fatalf("users of the organisation: %+v", p)
	}
	u := p.Records[0]
	// No roles named: the portal role; must change the initial password.
	if u.ID != id || u.UserType != "external" || u.ExtOrgName != "星河咨询有限公司" || u.UnitCode != "" || u.UpdatePwd != 1 || len(u.Roles) != 1 || u.Roles[0].Code != "staff" {
		t.Fatalf("new external user: %+v", u)
	}
	// Staff and external lists do not mix.
	if p := apptest.List[userRec](e, "/api/sys/user/list", tok, url.Values{"loginCode": {"xh.li"}}); p.Total != 0 {
		t.Errorf("external account in the staff list: %+v", p)
	}
	for q, want := range map[string]int{"loginCode=XH.": 1, "userName=李": 1, "state=0": 0, "loginCode=partner": 1, "": 2} {
		if p := apptest.List[extUserRec](e, "/api/sys/externalUser/list", tok, mustQuery(q)); p.Total != want {
			t.Errorf("%s: %d, want %d", q, p.Total, want)
		}
	}
	if _, r := e.Call("PUT", "/api/sys/user/edit", tok, map[string]any{"id": id, "loginCode": "xh.li", "userName": "x", "unitCode": "100101"}); r.Message != "用户不存在" {
		t.Errorf("staff edit of an external account: %+v", r)
	}

	// Sign-in: only at the external site; the session holds the portal and nothing else.
	if _, r := e.Call("POST", "/api/login", "", url.Values{"LoginCode": {"xh.li"}, "PassWord": {"Start#2024"}}); r.Code != 1 || r.Message != "账号或密码错误" {
		t.Errorf("external account at the staff sign-in: %+v", r)
	}
	if _, r := e.Call("POST", "/api/outSite/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Staff@123"}}); r.Code != 1 || r.Message != "账号或密码错误" {
		t.Errorf("staff account at the external sign-in: %+v", r)
	}
	su := e.LoginOutSite("xh.li", "Start#2024")
	if su.FunCodes != "gateway" || len(su.SysMenus) != 0 || su.UpdatePwd != 1 {
		t.Fatalf("external session: %+v", su)
	}
	if resp, r := e.Call("GET", "/api/sys/user/list", su.AccessToken, nil); resp.StatusCode != 403 || r.Code != 403 {
		t.Errorf("external account reached an admin API: %+v", r)
	}

	// Admin roles never reach an external account: not by role assignment, not by an admin grant
	// to the portal role they share with staff, not even when the tables say so.
	lib := e.RoleID(tok, "libadmin")
	if _, r := e.Call("PUT", "/api/user/role/user", tok, map[string]any{"userId": id, "roleId": lib}); r.Code != 1 || !strings.Contains(r.Message, "资料库管理员") {
		t.Errorf("admin role assigned to an external account: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/externalUser/edit", tok, map[string]any{"id": id, "loginCode": "xh.li", "userName": "李雷", "extOrgId": org, "roleIds": []int64{lib}}); r.Code != 1 {
		t.Errorf("admin role by edit: %+v", r)
	}
	staffRole := e.RoleID(tok, "staff")
	if _, r := e.Call("PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": staffRole, "menuCodes": []string{"sysuser"}, "funCodes": []string{"gateway", "sysuser"}}); r.Code != 0 {
		t.Fatalf("admin grant to the portal role: %+v", r)
	}
	if su := e.Login("staff", "Staff@123"); !strings.Contains(su.FunCodes, "sysuser") || len(su.SysMenus) != 1 {
		t.Errorf("the portal role's staff members get the grant: %+v", su)
	}
	if _, err := e.App.DB.Exec(context.Background(), `INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)`, id, lib); err != nil {
		t.Fatal(err)
	}
	su = e.LoginOutSite("xh.li", "Start#2024")
	if su.FunCodes != "gateway" || len(su.SysMenus) != 0 {
		t.Fatalf("admin grants leaked to an external account: %s %+v", su.FunCodes, su.SysMenus)
	}
	if resp, _ := e.Call("GET", "/api/sys/user/list", su.AccessToken, nil); resp.StatusCode != 403 {
		t.Errorf("external account with an admin role reached an admin API")
	}

	// Reset password: the account must change it and is signed out; disable, enable, delete.
	if _, r := e.Call("PUT", "/api/sys/externalUser/resetPwd", tok, map[string]any{"id": id, "password": "Other#2024"}); r.Code != 0 {
		t.Fatalf("reset: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/user/info", su.AccessToken, nil); r.Code != 10005 {
		t.Errorf("session after a reset: %+v", r)
	}
	su = e.LoginOutSite("xh.li", "Other#2024")
	if su.UpdatePwd != 1 {
		t.Errorf("updatePwd after a reset: %+v", su)
	}
	if _, r := e.Call("PUT", "/api/sys/externalUser/changeState", tok, map[string]any{"ids": []int64{id}, "state": 0}); r.Code != 0 {
		t.Fatalf("disable: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/user/info", su.AccessToken, nil); r.Code != 10005 {
		t.Errorf("session of a disabled account: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/externalUser/changeState", tok, map[string]any{"ids": []int64{id}, "state": 1}); r.Code != 0 {
		t.Fatalf("enable: %+v", r)
	}
	// External calls do not touch staff accounts.
	var staffID int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM sys_user WHERE login_code = 'staff'`).Scan(&staffID); err != nil {
		t.Fatal(err)
	}
	if _, r := e.Call("DELETE", "/api/sys/externalUser/del?ids="+itoa(staffID), tok, nil); r.Message != "用户不存在" {
		t.Errorf("external delete of a staff account: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/externalUser/del?ids="+itoa(id), tok, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if p := apptest.List[extUserRec](e, "/api/sys/externalUser/list", tok, url.Values{"loginCode": {"xh.li"}}); p.Total != 0 {
		t.Errorf("deleted account listed: %+v", p)
	}

	// Export: a real workbook.
	_, body := e.Fetch("/api/sys/externalUser/export", tok)
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || rows[0][2] != "所属组织" || rows[1][0] != "partner" || rows[1][2] != "华信生态合作伙伴（演示）" {
		t.Fatalf("export: %v", rows)
	}

	// The business log has every write of the screen, and no password.
	if lines, _, _ := e.BusinessLog("externalUser"); strings.Join(lines, ",") != "create xh.li,resetPwd xh.li,disable xh.li,enable xh.li,delete xh.li" {
		t.Errorf("business log: %q", lines)
	}
	var secrets int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM business_log WHERE before_data || after_data LIKE '%#2024%' OR before_data || after_data LIKE '%argon2%'`).Scan(&secrets); err != nil || secrets != 0 {
		t.Errorf("secrets in the business log: %d %v", secrets, err)
	}
}

func mustQuery(q string) url.Values {
	v, err := url.ParseQuery(q)
	if err != nil {
		panic(err)
	}
	return v
}

func TestADisabledOrganisationStopsItsUsers(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	partner := e.LoginOutSite("partner", "Partner@123")
	org := apptest.List[extOrgRec](e, "/api/sys/externalOrgan/list", tok, nil).Records[0]

	if _, r := e.Call("PUT", "/api/sys/externalOrgan/changeState", tok, map[string]any{"ids": []int64{org.ID}, "state": 0}); r.Code != 0 {
		t.Fatalf("disable: %+v", r)
	}
	// The user's next call is refused; signing in again too, with the generic message.
	if resp, r := e.Call("GET", "/api/sys/user/info", partner.AccessToken, nil); resp.StatusCode != 401 || r.Code != 10005 {
		t.Errorf("call of a disabled organisation's user: HTTP %d %+v", resp.StatusCode, r)
	}
	if _, r := e.Call("POST", "/api/outSite/login", "", url.Values{"LoginCode": {"partner"}, "PassWord": {"Partner@123"}}); r.Code != 1 || r.Message != "账号或密码错误" {
		t.Errorf("sign-in of a disabled organisation's user: %+v", r)
	}
	var reason string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT reason FROM login_log WHERE login_code = 'partner' ORDER BY id DESC LIMIT 1`).Scan(&reason); err != nil || reason != "org_disabled" {
		t.Errorf("login log reason %q %v", reason, err)
	}
	users := apptest.List[extUserRec](e, "/api/sys/externalUser/list", tok, nil)
	if users.Records[0].State != 1 || users.Records[0].ExtOrgState != 0 {
		t.Errorf("the account keeps its own state, the organisation's shows: %+v", users.Records[0])
	}
	// A session that the disable did not end (one started by hand) is refused at its next call.
	if _, r := e.Call("PUT", "/api/sys/externalOrgan/changeState", tok, map[string]any{"ids": []int64{org.ID}, "state": 1}); r.Code != 0 {
		t.Fatalf("enable: %+v", r)
	}
	partner = e.LoginOutSite("partner", "Partner@123")
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE ext_org SET state = 0 WHERE id = ?`, org.ID); err != nil {
		t.Fatal(err)
	}
	if _, r := e.Call("GET", "/api/sys/user/session", partner.AccessToken, nil); r.Code != 10005 {
		t.Errorf("gate at the next call: %+v", r)
	}
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE ext_org SET state = 1 WHERE id = ?`, org.ID); err != nil {
		t.Fatal(err)
	}
	partner = e.LoginOutSite("partner", "Partner@123")
	if _, r := e.Call("GET", "/api/sys/user/info", partner.AccessToken, nil); r.Code != 0 {
		t.Errorf("enabled again: %+v", r)
	}
	if lines, _, _ := e.BusinessLog("externalOrgan"); strings.Join(lines, ",") != "disable 华信生态合作伙伴（演示）,enable 华信生态合作伙伴（演示）" {
		t.Errorf("business log: %q", lines)
	}
}

func TestExternalCallsNeedTheFunctionCode(t *testing.T) {
	e := apptest.New(t)
	for _, who := range []apptest.SessionUser{e.Login("staff", "Staff@123"), e.Login("libadmin", "Library@123"), e.LoginOutSite("partner", "Partner@123")} {
		for _, c := range []struct{ method, path string }{
			{"GET", "/api/sys/externalOrgan/list"}, {"POST", "/api/sys/externalOrgan/add"}, {"PUT", "/api/sys/externalOrgan/edit"},
			{"PUT", "/api/sys/externalOrgan/changeState"}, {"DELETE", "/api/sys/externalOrgan/del"}, {"GET", "/api/sys/externalOrgan/export"},
			{"GET", "/api/sys/externalUser/list"}, {"GET", "/api/sys/externalUser/roles"}, {"POST", "/api/sys/externalUser/add"},
			{"PUT", "/api/sys/externalUser/edit"}, {"PUT", "/api/sys/externalUser/changeState"}, {"PUT", "/api/sys/externalUser/resetPwd"},
			{"DELETE", "/api/sys/externalUser/del"}, {"GET", "/api/sys/externalUser/export"},
		} {
			if resp, r := e.Call(c.method, c.path, who.AccessToken, map[string]any{}); resp.StatusCode != 403 || r.Code != 403 {
				t.Errorf("%s %s by %s: HTTP %d %+v", c.method, c.path, who.UserName, resp.StatusCode, r)
			}
		}
	}
}

func TestExternalAccountsCannotReadTheStaffDirectory(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	org := e.Added("POST", "/api/sys/externalOrgan/add", tok, goodOrg())
	e.Added("POST", "/api/sys/externalUser/add", tok, map[string]any{"loginCode": "xh.li", "userName": "李雷", "extOrgId": org, "password": "Start#2024"})
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE sys_user SET update_pwd = 0 WHERE login_code = 'xh.li'`); err != nil {
		t.Fatal(err)
	}
	partner := e.LoginOutSite("xh.li", "Start#2024").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/dataHumanResources/getByPid", nil},
		{"GET", "/api/dataHumanResources/tree", nil},
		{"GET", "/api/dataHumanResources/getByNameOrCode?keyword=华信", nil},
		{"GET", "/api/organization/levelInfoList", nil},
		{"GET", "/api/organization/unitInfo/byUnitName?unitName=华信", nil},
		{"GET", "/motivate/project/config/selectOrgCode?level=1", nil},
		{"GET", "/api/recruit/interview/user/authority", nil},
		{"POST", "/api/employee/selector", map[string]any{"employeeCodes": []string{"HX000001", "HX000002"}}},
	} {
		if resp, r := e.Call(c.method, c.path, partner, c.body); resp.StatusCode != 403 || r.Message != "无权限访问该功能" {
			t.Errorf("external account: %s %s: %d %+v", c.method, c.path, resp.StatusCode, r)
		}
		if resp, r := e.Call(c.method, c.path, staff, c.body); resp.StatusCode != 200 || r.Code != 0 {
			t.Errorf("staff: %s %s: %d %+v", c.method, c.path, resp.StatusCode, r)
		}
	}
	// the portal still answers the partner
	if _, r := e.Call("GET", "/api/portal/home", partner, nil); r.Code != 0 {
		t.Errorf("portal home: %+v", r)
	}
}
