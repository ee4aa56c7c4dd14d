package users_test

import (
	"context"
	"net/url"
	"sort"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

func loginCodes(us []apptest.UserRec) string {
	var out []string
	for _, u := range us {
		out = append(out, u.LoginCode)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

// userState reads an account's state and deletion straight from the database.
func userState(e *apptest.Env, id int64) (state int, deleted bool) {
	e.T.Helper()
	var del any
	if err := e.App.DB.QueryRow(context.Background(), `SELECT state, deleted_at FROM sys_user WHERE id = ?`, id).Scan(&state, &del); err != nil {
		e.T.Fatal(err)
	}
	return state, del != nil
}

// userRoleCodes lists the role codes a user holds, sorted by code.
func userRoleCodes(e *apptest.Env, id int64) string {
	e.T.Helper()
	codes := strings.Split(e.RoleCodes(id), ",")
	sort.Strings(codes)
	return strings.Join(codes, ",")
}

// A user administrator whose sysuser scope is 'own unit and below' sees and changes only the
// accounts of that subtree, through every call; an account elsewhere answers like a missing one.
func TestUserManagementObeysTheDataScope(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staffRole := e.RoleID(admin, "staff")
	unitAdmin := e.GrantRole(admin, "unitadmin", []string{"sysuser", "roleusers", "sysroles"}, []string{"sysuser", "roleusers", "sysroles", "gateway"},
		[]map[string]any{{"moduleName": "sysuser", "scope": "unit_and_below"}})
	e.Account(admin, "ua", "100201", unitAdmin)
	mine := e.Account(admin, "mine", "100201003", staffRole)
	other := e.Account(admin, "other", "100101", staffRole)
	ua := e.SignIn("ua")

	// list, export and search: only the subtree 100201 (staff is in 100201003)
	if got := loginCodes(apptest.List[apptest.UserRec](e, "/api/sys/user/list", ua, nil).Records); got != "mine,staff,ua" {
		t.Errorf("scoped list: %s", got)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", ua, url.Values{"loginCode": {"other"}}); p.Total != 0 {
		t.Errorf("filter reaches outside the scope: %+v", p)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", ua, url.Values{"unitCode": {"1001"}}); p.Total != 0 {
		t.Errorf("unit filter reaches outside the scope: %+v", p)
	}
	_, body := e.Fetch("/api/sys/user/export?sort=loginCode", ua)
	rows := apptest.SheetRows(t, body)
	var exported []string
	for _, r := range rows[1:] {
		exported = append(exported, r[0])
	}
	if strings.Join(exported, ",") != "mine,staff,ua" {
		t.Errorf("scoped export: %v", exported)
	}
	if got := loginCodes(apptest.List[apptest.UserRec](e, "/api/user/search", ua, nil).Records); got != "mine,staff,ua" {
		t.Errorf("scoped search: %s", got)
	}
	if got := loginCodes(apptest.List[apptest.UserRec](e, "/api/user/search", ua, url.Values{"roleId": {itoa(staffRole)}}).Records); got != "mine,staff" {
		t.Errorf("scoped members of a role: %s", got)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/user/search", ua, url.Values{"keyword": {"other"}}); p.Total != 0 {
		t.Errorf("search finds an account outside the scope: %+v", p)
	}
	// the administrator still sees everyone
	if got := loginCodes(apptest.List[apptest.UserRec](e, "/api/sys/user/list", admin, nil).Records); got != "admin,libadmin,mine,other,staff,ua" {
		t.Errorf("admin list: %s", got)
	}

	// every single-account call on an account outside the scope answers like a missing one,
	// and a batch holding one changes nothing at all
	const missing = "用户不存在"
	for _, id := range []int64{other, 987654} {
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"PUT", "/api/sys/user/edit", map[string]any{"id": id, "loginCode": "other", "userName": "x", "unitCode": "100201003"}},
			{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{id}, "state": 0}},
			{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{mine, id}, "state": 0}},
			{"PUT", "/api/sys/user/resetPwd", map[string]any{"id": id, "password": "Other#2024x"}},
			{"DELETE", "/api/sys/user/del", map[string]any{"ids": []int64{id}}},
			{"DELETE", "/api/sys/user/del", map[string]any{"ids": []int64{mine, id}}},
			{"PUT", "/api/user/role/user", map[string]any{"userId": id, "roleId": staffRole}},
			{"DELETE", "/api/user/role/user", map[string]any{"userId": id, "roleId": staffRole}},
		} {
			resp, r := e.Call(c.method, c.path, ua, c.body)
			if resp.StatusCode != 200 || r.Code != 1 || r.Message != missing {
				t.Errorf("%s %s %v: HTTP %d %+v", c.method, c.path, c.body, resp.StatusCode, r)
			}
		}
	}
	if st, del := userState(e, mine); st != 1 || del {
		t.Errorf("a refused batch changed the account in scope: state %d deleted %v", st, del)
	}
	if st, del := userState(e, other); st != 1 || del || userRoleCodes(e, other) != "staff" {
		t.Errorf("the account outside the scope changed: state %d deleted %v roles %s", st, del, userRoleCodes(e, other))
	}
	var logged int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM business_log WHERE login_code = 'ua'`).Scan(&logged); err != nil || logged != 0 {
		t.Errorf("refused calls left %d business-log rows (%v)", logged, err)
	}

	// add and edit: the unit, before and after, must be in the scope
	const outside = "所属单位不在您的数据范围内"
	e.Refused("POST", "/api/sys/user/add", ua, map[string]any{"loginCode": "far", "userName": "远", "unitCode": "100101", "password": "Start#2024", "roleIds": []int64{staffRole}}, outside)
	e.Refused("PUT", "/api/sys/user/edit", ua, map[string]any{"id": mine, "loginCode": "mine", "userName": "mine", "unitCode": "100101"}, outside)
	if _, r := e.Call("PUT", "/api/sys/user/edit", ua, map[string]any{"id": mine, "loginCode": "mine", "userName": "mine"}, "Accept-Language", "en"); r.Message != "Please choose the unit" {
		t.Errorf("edit without a unit: %+v", r)
	}
	if _, r := e.Call("POST", "/api/sys/user/add", ua, map[string]any{"loginCode": "far", "userName": "远", "unitCode": "100101", "password": "Start#2024"}, "Accept-Language", "en"); r.Message != "The unit is outside your data scope" {
		t.Errorf("English refusal: %+v", r)
	}
	near := e.AddUser(ua, map[string]any{"loginCode": "near", "userName": "近", "unitCode": "100201003", "password": "Start#2024", "roleIds": []int64{staffRole}})

	// inside the scope every call works
	e.Done("PUT", "/api/sys/user/edit", ua, map[string]any{"id": near, "loginCode": "near", "userName": "近邻", "unitCode": "100201"}, nil)
	e.Done("PUT", "/api/sys/user/changeState", ua, map[string]any{"ids": []int64{near, mine}, "state": 0}, nil)
	e.Done("PUT", "/api/sys/user/resetPwd", ua, map[string]any{"id": mine, "password": "Other#2024x"}, nil)
	e.Done("DELETE", "/api/user/role/user", ua, map[string]any{"userId": near, "roleId": staffRole}, nil)
	e.Done("PUT", "/api/user/role/user", ua, map[string]any{"userId": near, "roleId": staffRole}, nil)
	e.Done("DELETE", "/api/sys/user/del", ua, map[string]any{"ids": []int64{near}}, nil)

	// the role list's 'user roles' export lists the accounts of the scope only
	_, body = e.Fetch("/api/sys/role/exportUserRoles?sort=loginCode", ua)
	exported = nil
	for _, r := range apptest.SheetRows(t, body)[1:] {
		exported = append(exported, r[0])
	}
	if strings.Join(exported, ",") != "mine,staff,ua" {
		t.Errorf("scoped user-roles export: %v", exported)
	}

	// 'own unit' only: the departments below are out of sight too
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": unitAdmin, "scopes": []map[string]any{{"moduleName": "sysuser", "scope": "unit"}}}, nil)
	if got := loginCodes(apptest.List[apptest.UserRec](e, "/api/sys/user/list", ua, nil).Records); got != "ua" {
		t.Errorf("unit scope list: %s", got)
	}
	e.Refused("PUT", "/api/sys/user/resetPwd", ua, map[string]any{"id": mine, "password": "Other#2024y"}, missing)
	// a custom scope: the chosen unit and its subtree, not the member's own unit
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": unitAdmin, "scopes": []map[string]any{{"moduleName": "*", "scope": "custom", "unitCodes": []string{"1001"}}}}, nil)
	if got := loginCodes(apptest.List[apptest.UserRec](e, "/api/sys/user/list", ua, nil).Records); got != "admin,libadmin,other" {
		t.Errorf("custom scope list: %s", got)
	}
}

// A user administrator grants no role beyond what he holds, never changes his own roles, and
// only a system administrator grants the system administrator role or manages its holders.
func TestGrantRuleStopsRolesWiderThanOnesOwn(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	ids := map[string]int64{}
	for _, c := range []string{"sysadmin", "libadmin", "staff"} {
		ids[c] = e.RoleID(admin, c)
	}
	userAdmin := e.GrantRole(admin, "useradmin", []string{"sysuser", "roleusers"}, []string{"sysuser", "roleusers", "gateway"},
		[]map[string]any{{"moduleName": "sysuser", "scope": "all"}})
	// narrow: only what the user administrator holds; scoped: the same codes but every unit of the library
	narrow := e.GrantRole(admin, "narrow", []string{"sysuser"}, []string{"gateway", "sysuser"}, nil)
	scoped := e.GrantRole(admin, "scoped", []string{}, []string{"gateway"}, []map[string]any{{"moduleName": "library", "scope": "all"}})
	codes := e.GrantRole(admin, "codes", []string{}, []string{"gateway", "login_log"}, nil)
	uaID := e.Account(admin, "ua", "100201", userAdmin)
	staffID := roleIDUser(e, admin, "staff")
	adminID := roleIDUser(e, admin, "admin")
	libID := roleIDUser(e, admin, "libadmin")
	ua := e.SignIn("ua")

	const (
		own       = "不能修改自己的角色"
		sysOnly   = "只有系统管理员才能授予或取消系统管理员角色"
		sysAcct   = "只有系统管理员才能管理系统管理员的账号"
		wider     = "角色「%s」含有您自己没有的菜单、操作权限或更大的数据范围，不能授予"
		notFound  = "用户不存在"
		widerAcct = "该用户拥有超出您自己权限的角色「资料库管理员」，您不能管理该账号"
	)
	widerMsg := func(name string) string { return strings.Replace(wider, "%s", name, 1) }
	editUA := func(roles ...int64) map[string]any {
		return map[string]any{"id": uaID, "loginCode": "ua", "userName": "ua", "unitCode": "100201", "roleIds": roles}
	}
	editStaff := func(roles ...int64) map[string]any {
		return map[string]any{"id": staffID, "loginCode": "staff", "userName": "张晓东", "unitCode": "100201003", "roleIds": roles}
	}
	newUser := func(roles ...int64) map[string]any {
		return map[string]any{"loginCode": "newbie", "userName": "新人", "unitCode": "100201003", "password": "Start#2024", "roleIds": roles}
	}
	for _, c := range []struct {
		method, path string
		body         any
		msg          string
	}{
		// to himself: never, whatever the role
		{"PUT", "/api/sys/user/edit", editUA(userAdmin, ids["sysadmin"]), own},
		{"PUT", "/api/sys/user/edit", editUA(userAdmin, narrow), own},
		{"PUT", "/api/sys/user/edit", editUA(), own},
		{"PUT", "/api/user/role/user", map[string]any{"userId": uaID, "roleId": ids["sysadmin"]}, own},
		{"PUT", "/api/user/role/user", map[string]any{"userId": uaID, "roleId": narrow}, own},
		{"DELETE", "/api/user/role/user", map[string]any{"userId": uaID, "roleId": userAdmin}, own},
		// to others: not the system administrator role, not a wider role
		{"PUT", "/api/sys/user/edit", editStaff(ids["staff"], ids["sysadmin"]), sysOnly},
		{"PUT", "/api/sys/user/edit", editStaff(ids["staff"], ids["libadmin"]), widerMsg("资料库管理员")},
		{"PUT", "/api/sys/user/edit", editStaff(ids["staff"], userAdmin), ""}, // holds exactly that
		{"PUT", "/api/sys/user/edit", editStaff(ids["staff"], scoped), widerMsg("scoped角色")},
		{"PUT", "/api/sys/user/edit", editStaff(ids["staff"], codes), widerMsg("codes角色")},
		{"POST", "/api/sys/user/add", newUser(ids["sysadmin"]), sysOnly},
		{"POST", "/api/sys/user/add", newUser(ids["libadmin"]), widerMsg("资料库管理员")},
		{"POST", "/api/sys/user/add", newUser(scoped), widerMsg("scoped角色")},
		{"PUT", "/api/user/role/user", map[string]any{"userId": staffID, "roleId": ids["sysadmin"]}, sysOnly},
		{"PUT", "/api/user/role/user", map[string]any{"userId": staffID, "roleId": ids["libadmin"]}, widerMsg("资料库管理员")},
		{"PUT", "/api/user/role/user", map[string]any{"userId": staffID, "roleId": codes}, widerMsg("codes角色")},
		// the system administrator's account: not his to change
		{"PUT", "/api/sys/user/edit", map[string]any{"id": adminID, "loginCode": "admin", "userName": "系统管理员", "unitCode": "100104"}, sysAcct},
		{"PUT", "/api/sys/user/resetPwd", map[string]any{"id": adminID, "password": "Taken#2024x"}, sysAcct},
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{staffID, adminID}, "state": 0}, sysAcct},
		{"DELETE", "/api/sys/user/del", map[string]any{"ids": []int64{adminID}}, sysAcct},
		{"DELETE", "/api/user/role/user", map[string]any{"userId": adminID, "roleId": ids["sysadmin"]}, sysAcct},
		{"PUT", "/api/user/role/user", map[string]any{"userId": adminID, "roleId": narrow}, sysAcct},
		// nor the account of someone holding more than he does: a new password would hand him that role
		{"PUT", "/api/sys/user/resetPwd", map[string]any{"id": libID, "password": "Taken#2024x"}, widerAcct},
		{"PUT", "/api/sys/user/edit", map[string]any{"id": libID, "loginCode": "libadmin", "userName": "李思远", "unitCode": "100104", "email": "me@example.com"}, widerAcct},
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{libID}, "state": 0}, widerAcct},
		{"DELETE", "/api/user/role/user", map[string]any{"userId": libID, "roleId": ids["libadmin"]}, widerAcct},
	} {
		_, r := e.Call(c.method, c.path, ua, c.body)
		if c.msg == "" {
			if r.Code != 0 {
				t.Errorf("%s %s %v: %+v, want success", c.method, c.path, c.body, r)
			}
			continue
		}
		if r.Code != 1 || r.Message != c.msg {
			t.Errorf("%s %s %v: %+v, want %q", c.method, c.path, c.body, r, c.msg)
		}
	}
	if got := userRoleCodes(e, uaID); got != "useradmin" {
		t.Errorf("ua's roles changed: %s", got)
	}
	if got := userRoleCodes(e, staffID); got != "staff,useradmin" {
		t.Errorf("staff's roles: %s", got)
	}
	if got := userRoleCodes(e, adminID); got != "sysadmin" {
		t.Errorf("admin's roles: %s", got)
	}
	if st, _ := userState(e, staffID); st != 1 {
		t.Errorf("a refused batch disabled staff")
	}
	var n int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM sys_user WHERE login_code = 'newbie'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("a refused add created the account: %d %v", n, err)
	}
	// an unchanged role list is no change of one's own roles; a role he holds, or a narrower one, he grants
	e.Done("PUT", "/api/sys/user/edit", ua, editUA(userAdmin), nil)
	e.Done("PUT", "/api/user/role/user", ua, map[string]any{"userId": staffID, "roleId": narrow}, nil)
	e.Done("DELETE", "/api/user/role/user", ua, map[string]any{"userId": staffID, "roleId": narrow}, nil)
	e.AddUser(ua, newUser(narrow, ids["staff"]))
	if _, r := e.Call("PUT", "/api/user/role/user", ua, map[string]any{"userId": staffID, "roleId": ids["sysadmin"]}, "Accept-Language", "en"); r.Message != "Only a system administrator can grant or take away the system administrator role" {
		t.Errorf("English refusal: %+v", r)
	}
	// a unit the user administrator cannot see (his scope is the whole company here) answers as missing
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": userAdmin, "scopes": []map[string]any{{"moduleName": "sysuser", "scope": "unit_and_below"}}}, nil)
	e.Refused("PUT", "/api/user/role/user", ua, map[string]any{"userId": adminID, "roleId": narrow}, notFound)
	// with 'own unit and below' a role scoped to the whole company is wider than his
	wideUsers := e.GrantRole(admin, "wideusers", []string{}, []string{"gateway"}, []map[string]any{{"moduleName": "sysuser", "scope": "all"}})
	e.Refused("PUT", "/api/user/role/user", ua, map[string]any{"userId": staffID, "roleId": wideUsers}, widerMsg("wideusers角色"))
	// a role whose scope is the member's own unit and below fits a member inside his subtree
	unitUsers := e.GrantRole(admin, "unitusers", []string{}, []string{"gateway"}, []map[string]any{{"moduleName": "sysuser", "scope": "unit_and_below"}})
	e.Done("PUT", "/api/user/role/user", ua, map[string]any{"userId": staffID, "roleId": unitUsers}, nil)

	// the system administrator grants anything, to others; never to himself either
	e.Done("PUT", "/api/user/role/user", admin, map[string]any{"userId": staffID, "roleId": ids["libadmin"]}, nil)
	e.Refused("PUT", "/api/user/role/user", admin, map[string]any{"userId": adminID, "roleId": ids["libadmin"]}, own)
	e.Refused("PUT", "/api/sys/user/edit", admin, map[string]any{"id": adminID, "loginCode": "admin", "userName": "系统管理员", "unitCode": "100104", "roleIds": []int64{ids["sysadmin"], ids["libadmin"]}}, own)
	e.Done("PUT", "/api/sys/user/edit", admin, map[string]any{"id": adminID, "loginCode": "admin", "userName": "系统管理员", "unitCode": "100104", "roleIds": []int64{ids["sysadmin"]}}, nil)
}

// roleIDUser is the id of an account by its login code, read through the user list.
func roleIDUser(e *apptest.Env, token, login string) int64 {
	e.T.Helper()
	for _, u := range apptest.List[apptest.UserRec](e, "/api/sys/user/list", token, url.Values{"loginCode": {login}}).Records {
		if u.LoginCode == login {
			return u.ID
		}
	}
	e.T.Fatalf("no account %s", login)
	return 0
}
