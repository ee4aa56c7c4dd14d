package users_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

func TestUserListFiltersSortsAndPages(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	all := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, nil)
	// Staff accounts only (the external 'partner' is managed elsewhere), newest first, 10 a page. How many there
	// are is read from the database (an area's seed may add accounts); the filters below are of the demo's three.
	accounts := e.Count(`SELECT COUNT(*) FROM sys_user WHERE deleted_at IS NULL AND user_type = 'staff'`)
	if accounts < 3 || all.Total != accounts || all.Current != 1 || all.Limit != 10 || all.Pages != (accounts+9)/10 || len(all.Records) != min(accounts, 10) {
		t.Fatalf("default page of %d: %+v", accounts, all)
	}
	var staff apptest.UserRec
	for _, u := range all.Records {
		if u.LoginCode == "staff" {
			staff = u
		}
	}
	if staff.UnitName == "" || len(staff.Roles) != 1 || staff.Roles[0].Code != "staff" || staff.State != 1 {
		t.Fatalf("staff record lacks unit name or roles: %+v", staff)
	}
	// Each filter alone; sorted by login code so the expected order is fixed.
	t.Run("filters", func(t *testing.T) {
		for _, c := range []struct {
			name string
			q    url.Values
			want string
		}{
			{"a name", url.Values{"userName": {"张"}}, "staff"},
			{"a login code, in any letter case", url.Values{"loginCode": {"ADMIN"}}, "admin,libadmin"}, // on both databases
			{"a unit and its sub-units", url.Values{"unitCode": {"1002"}}, "staff"},
			{"a department", url.Values{"unitCode": {"100104"}}, "admin,libadmin"},
			{"disabled ones", url.Values{"state": {"0"}}, ""},
			{"a percent sign matches itself", url.Values{"loginCode": {"%"}}, ""},
			{"an underscore matches itself", url.Values{"loginCode": {"_"}}, ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				c.q.Set("sort", "loginCode")
				p := apptest.List[apptest.UserRec](e.For(t), "/api/sys/user/list", tok, c.q)
				var got []string
				for _, u := range p.Records {
					got = append(got, u.LoginCode)
				}
				if strings.Join(got, ",") != c.want || p.Total != len(got) {
					t.Errorf("%v: got %v (total %d), want %s", c.q, got, p.Total, c.want)
				}
			})
		}
	})
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"state": {"1"}}); p.Total != accounts {
		t.Errorf("enabled: %d of %d", p.Total, accounts)
	}
	p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"sort": {"userName"}, "order": {"descend"}, "limit": {"2"}, "current": {"2"}})
	if p.Total != accounts || p.Pages != (accounts+1)/2 || p.Current != 2 || len(p.Records) != min(2, accounts-2) {
		t.Errorf("second page of two: %+v", p)
	}
	p = apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"sort": {"loginCode"}, "order": {"desc"}})
	if !slices.IsSortedFunc(p.Records, func(a, b apptest.UserRec) int { return strings.Compare(b.LoginCode, a.LoginCode) }) || p.Records[len(p.Records)-1].LoginCode != "admin" {
		t.Errorf("descending order: %+v", p.Records)
	}
	// Beyond the last page: an empty page, not an error.
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"current": {"9"}}); len(p.Records) != 0 || p.Total != accounts {
		t.Errorf("page 9: %+v", p)
	}

	// Anything outside the whitelists is refused with a clear code-1 message, never run.
	refused := map[string]string{
		"sort=login_code":               "不支持按该字段排序",
		"sort=loginCode%3BDROP+TABLE+x": "不支持按该字段排序",
		"sort=u.password_hash":          "不支持按该字段排序",
		"sort=loginCode&order=sideways": "排序方向只能是 asc 或 desc",
		"limit=101":                     "每页条数须在1到100之间",
		"limit=0":                       "每页条数须在1到100之间",
		"current=0":                     "页码须在1到1000000之间",
		"current=x":                     "参数 current 必须是整数",
		"state=2":                       "参数 state 的取值无效",
	}
	for qs, msg := range refused {
		_, r := e.Call("GET", "/api/sys/user/list?"+qs, tok, nil)
		if r.Code != 1 || r.Message != msg {
			t.Errorf("%s: %+v, want code 1 %q", qs, r, msg)
		}
	}
	_, r := e.Call("GET", "/api/sys/user/list?sort=password", tok, nil, "Accept-Language", "en")
	if r.Message != "Sorting by this column is not allowed" {
		t.Errorf("English message: %q", r.Message)
	}
}

func TestUserAddValidatesAndRefusesDuplicates(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	lib := e.RoleID(tok, "libadmin")
	good := func() map[string]any {
		return map[string]any{"loginCode": "wang.wu", "userName": "王五", "unitCode": "100201003", "phone": "13912345678",
			"email": "wang.wu@huaxin-demo.cn", "password": "Start#2024", "roleIds": []int64{lib}}
	}
	bad := []struct {
		field string
		value any
		msg   string
	}{
		{"loginCode", "", "请输入登录账号"},
		{"loginCode", "王", "登录账号为2-32位字母、数字或 . _ -"},
		{"loginCode", strings.Repeat("a", 33), "登录账号为2-32位字母、数字或 . _ -"},
		{"userName", " ", "请输入用户姓名"},
		{"userName", strings.Repeat("名", 51), "用户姓名不能超过50个字符"},
		{"unitCode", "", "请选择所属单位"},
		{"unitCode", "999", "所属单位不存在"},
		{"phone", "12345678901", "请输入正确的手机号码"},
		{"email", "not-an-email", "请输入正确的邮箱地址"},
		{"password", "", "请输入新密码"},
		{"password", "abcdefgh", "密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种"},
		{"password", "Passw0rd", "该密码过于常见，请换一个"},
		{"roleIds", []int64{9999}, "角色不存在"},
	}
	for _, b := range bad {
		f := good()
		f[b.field] = b.value
		if _, r := e.Call("POST", "/api/sys/user/add", tok, f); r.Code != 1 || r.Message != b.msg {
			t.Errorf("%s=%v: %+v, want %q", b.field, b.value, r, b.msg)
		}
	}
	id := e.AddUser(tok, good())
	// Same login code again, in any letter case: refused.
	for _, code := range []string{"wang.wu", "WANG.WU", "admin"} {
		f := good()
		f["loginCode"] = code
		if _, r := e.Call("POST", "/api/sys/user/add", tok, f); r.Code != 1 || r.Message != "登录账号已存在" {
			t.Errorf("duplicate %s: %+v", code, r)
		}
	}
	// A Hong Kong number and no e-mail are fine; form encoding works too.
	if _, r := e.Call("POST", "/api/sys/user/add", tok, url.Values{"loginCode": {"hk_01"}, "userName": {"陈大文"}, "unitCode": {"100101"},
		"phone": {"91234567"}, "password": {"Start#2024"}}); r.Code != 0 {
		t.Errorf("form add: %+v", r)
	}
	p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"loginCode": {"wang.wu"}})
	if len(p.Records) != 1 || p.Records[0].ID != id || p.Records[0].UpdatePwd != 1 || len(p.Records[0].Roles) != 1 || p.Records[0].Roles[0].Code != "libadmin" {
		t.Fatalf("created user: %+v", p)
	}
	// The new user signs in, must change the password, and holds exactly the role's function codes.
	su := e.Login("wang.wu", "Start#2024")
	if su.UpdatePwd != 1 || strings.Contains(su.FunCodes, "sysuser") || !strings.Contains(su.FunCodes, "expert_talents2_license") {
		t.Fatalf("new user's session: updatePwd %d funCodes %s", su.UpdatePwd, su.FunCodes)
	}

	// Edit: details and roles; the login code stays unique.
	staffRole := e.RoleID(tok, "staff")
	edit := good()
	edit["id"], edit["userName"], edit["roleIds"], edit["phone"] = id, "王五一", []int64{staffRole}, ""
	if _, r := e.Call("PUT", "/api/sys/user/edit", tok, edit); r.Code != 0 {
		t.Fatalf("edit: %+v", r)
	}
	p = apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"loginCode": {"wang.wu"}})
	if u := p.Records[0]; u.UserName != "王五一" || u.Phone != "" || len(u.Roles) != 1 || u.Roles[0].Code != "staff" {
		t.Fatalf("edited user: %+v", u)
	}
	edit["loginCode"] = "staff"
	if _, r := e.Call("PUT", "/api/sys/user/edit", tok, edit); r.Code != 1 || r.Message != "登录账号已存在" {
		t.Errorf("edit to a taken code: %+v", r)
	}
	edit["loginCode"], edit["id"] = "wang.wu", 99999
	if _, r := e.Call("PUT", "/api/sys/user/edit", tok, edit); r.Code != 1 || r.Message != "用户不存在" {
		t.Errorf("edit of an unknown id: %+v", r)
	}
	delete(edit, "id")
	if _, r := e.Call("PUT", "/api/sys/user/edit", tok, edit); r.Code != 1 || r.Message != "缺少参数 id" {
		t.Errorf("edit without id: %+v", r)
	}
}

func TestUserManagementNeedsTheFunctionCode(t *testing.T) {
	e := apptest.New(t)
	for _, who := range [][2]string{{"staff", "Staff@123"}, {"libadmin", "Library@123"}} {
		tok := e.Login(who[0], who[1]).AccessToken
		for _, c := range [][2]string{
			{"GET", "/api/sys/user/list"}, {"POST", "/api/sys/user/add"}, {"PUT", "/api/sys/user/edit"},
			{"PUT", "/api/sys/user/changeState"}, {"PUT", "/api/sys/user/resetPwd"}, {"DELETE", "/api/sys/user/del"},
			{"GET", "/api/sys/user/export"}, {"GET", "/api/user/role/all"}, {"GET", "/api/user/search"},
			{"PUT", "/api/user/role/user"}, {"DELETE", "/api/user/role/user"},
			{"GET", "/api/sys/loginLog/list"}, {"GET", "/api/sys/loginLog/export"},
		} {
			resp, r := e.Call(c[0], c[1], tok, map[string]any{"ids": []int{1}})
			if resp.StatusCode != 403 || r.Code != 403 {
				t.Errorf("%s %s %s: HTTP %d %+v", who[0], c[0], c[1], resp.StatusCode, r)
			}
		}
	}
	// Without a token: the token message, not the data.
	if resp, r := e.Call("GET", "/api/sys/user/list", "", nil); resp.StatusCode != 401 || r.Code != 10005 {
		t.Errorf("anonymous: %d %+v", resp.StatusCode, r)
	}
	var n int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM security_event WHERE kind = 'forbidden'`).Scan(&n); err != nil || n < 26 {
		t.Errorf("refusals logged: %d %v", n, err)
	}
}

func TestDisablingEndsSessionsAndSelfProtection(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123")
	staffTok := e.Login("staff", "Staff@123").AccessToken
	libTok := e.Login("libadmin", "Library@123").AccessToken
	p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", admin.AccessToken, url.Values{"sort": {"loginCode"}})
	ids := map[string]int64{}
	for _, u := range p.Records {
		ids[u.LoginCode] = u.ID
	}
	if _, r := e.Call("PUT", "/api/sys/user/changeState", admin.AccessToken, map[string]any{"ids": []int64{ids["staff"], ids["libadmin"]}, "state": 0}); r.Code != 0 {
		t.Fatalf("disable: %+v", r)
	}
	for _, tok := range []string{staffTok, libTok} {
		if resp, r := e.Call("GET", "/api/sys/user/info", tok, nil); resp.StatusCode != 401 || r.Code != 10005 {
			t.Errorf("a disabled user's session still works: %+v", r)
		}
	}
	if _, r := e.Call("POST", "/api/login", "", map[string]string{"LoginCode": "staff", "PassWord": "Staff@123"}); r.Code != 1 {
		t.Errorf("a disabled user signed in: %+v", r)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", admin.AccessToken, url.Values{"state": {"0"}}); p.Total != 2 {
		t.Errorf("state filter: %+v", p)
	}
	if _, r := e.Call("PUT", "/api/sys/user/changeState", admin.AccessToken, url.Values{"ids": {itoa(ids["staff"])}, "state": {"1"}}); r.Code != 0 {
		t.Fatalf("enable: %+v", r)
	}
	e.Login("staff", "Staff@123")

	selfCases := []struct {
		method, path string
		body         map[string]any
		msg          string
	}{
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{ids["admin"]}, "state": 0}, "不能禁用当前登录的账号"},
		{"DELETE", "/api/sys/user/del", map[string]any{"ids": []int64{ids["libadmin"], ids["admin"]}}, "不能删除当前登录的账号"},
		{"PUT", "/api/sys/user/resetPwd", map[string]any{"id": ids["admin"], "password": "Other#2024"}, "请通过“修改密码”修改自己的密码"},
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{ids["staff"]}, "state": 5}, "状态只能是0（禁用）或1（可用）"},
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{}, "state": 0}, "缺少参数 ids"},
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{ids["staff"], 4242}, "state": 0}, "用户不存在"},
	}
	for _, c := range selfCases {
		if _, r := e.Call(c.method, c.path, admin.AccessToken, c.body); r.Code != 1 || r.Message != c.msg {
			t.Errorf("%s %v: %+v, want %q", c.path, c.body, r, c.msg)
		}
	}
	// The refused batch changed nothing.
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", admin.AccessToken, url.Values{"state": {"0"}}); p.Total != 1 {
		t.Errorf("a refused batch changed states: %+v", p)
	}
}

func TestResetPasswordAndSoftDelete(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staffTok := e.Login("staff", "Staff@123").AccessToken
	p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, url.Values{"loginCode": {"staff"}})
	id := p.Records[0].ID
	if _, r := e.Call("PUT", "/api/sys/user/resetPwd", tok, map[string]any{"id": id, "password": "abc"}); r.Code != 1 || !strings.HasPrefix(r.Message, "密码为6-16位") {
		t.Errorf("weak password: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/user/resetPwd", tok, map[string]any{"id": id, "password": "Reset#2024"}); r.Code != 0 {
		t.Fatalf("reset: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/user/info", staffTok, nil); r.Code != 10005 {
		t.Errorf("session survived a reset: %+v", r)
	}
	if su := e.Login("staff", "Reset#2024"); su.UpdatePwd != 1 {
		t.Errorf("reset must force a change: %+v", su)
	}

	staffTok = e.Login("staff", "Reset#2024").AccessToken
	if _, r := e.Call("DELETE", "/api/sys/user/del?ids="+itoa(id), tok, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/user/info", staffTok, nil); r.Code != 10005 {
		t.Errorf("session survived a delete: %+v", r)
	}
	if p := apptest.List[apptest.UserRec](e, "/api/sys/user/list", tok, nil); p.Total != e.Count(`SELECT COUNT(*) FROM sys_user WHERE deleted_at IS NULL AND user_type = 'staff'`) || slices.ContainsFunc(p.Records, func(u apptest.UserRec) bool { return u.ID == id }) {
		t.Errorf("deleted user still listed: %+v", p)
	}
	var deleted int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM sys_user WHERE id = ? AND deleted_at IS NOT NULL`, id).Scan(&deleted); err != nil || deleted != 1 {
		t.Errorf("soft delete: %d %v", deleted, err)
	}
	if _, r := e.Call("DELETE", "/api/sys/user/del?ids="+itoa(id), tok, nil); r.Code != 1 || r.Message != "用户不存在" {
		t.Errorf("second delete: %+v", r)
	}
}
