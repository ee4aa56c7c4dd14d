package audit_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/audit"
	"biddesk/internal/platform/httpx"
)

// The records are decoded into the server's own types: a field whose JSON name drifted arrives empty and fails the checks.
type bizLogDetail struct {
	audit.BusinessLog
	Before map[string]any `json:"before"`
	After  map[string]any `json:"after"`
}

// one calls a log's /one and decodes it into out, returning the raw data too.
func oneOf(e *apptest.Env, path, token string, id int64, out any) string {
	e.T.Helper()
	_, r := e.Call("GET", path+"?id="+itoa(id), token, nil)
	if r.Code != 0 || json.Unmarshal(r.Data, out) != nil {
		e.T.Fatalf("%s %d: %+v", path, id, r)
	}
	return string(r.Data)
}

// logCount is how many business-log rows exist (read through the API).
func logCount(e *apptest.Env, tok string) int {
	e.T.Helper()
	return apptest.List[audit.BusinessLog](e, "/api/sys/businessLog/list", tok, url.Values{"limit": {"1"}}).Total
}

// newLogs runs write and returns the business-log rows it added, oldest first, with their
// before and after. Every row must name the signed-in admin, its address and a request id,
// and hold no password or hash anywhere.
func newLogs(e *apptest.Env, tok string, write func()) []bizLogDetail {
	e.T.Helper()
	n := logCount(e, tok)
	write()
	added := logCount(e, tok) - n
	if added == 0 {
		return nil
	}
	p := apptest.List[audit.BusinessLog](e, "/api/sys/businessLog/list", tok, url.Values{"limit": {itoa(int64(added))}})
	out := make([]bizLogDetail, added)
	for i, rec := range p.Records {
		var d bizLogDetail
		raw := oneOf(e, "/api/sys/businessLog/one", tok, rec.ID, &d)
		if d.LoginCode != "admin" || d.UserName != "系统管理员" || d.IP != "127.0.0.1" || len(d.RequestID) != 12 || d.CreatedAt.IsZero() {
			e.T.Errorf("who/where/when of %+v", d.BusinessLog)
		}
		for _, secret := range []string{"password", "Secret#2024", "Reset#2024", "argon2", "hash"} {
			if strings.Contains(strings.ToLower(raw), strings.ToLower(secret)) {
				e.T.Errorf("business log row holds %q: %s", secret, raw)
			}
		}
		out[added-1-i] = d
	}
	return out
}

// oneLog runs write and checks that it added exactly one row of module and action for target.
func oneLog(e *apptest.Env, tok, module, action, target string, write func()) bizLogDetail {
	e.T.Helper()
	logs := newLogs(e, tok, write)
	if len(logs) != 1 {
		e.T.Fatalf("%s %s %s: %d rows, want 1: %+v", module, action, target, len(logs), logs)
	}
	l := logs[0]
	if l.Module != module || l.Action != action || l.Target != target || l.TargetID == "" {
		e.T.Errorf("row %+v, want %s %s %s", l.BusinessLog, module, action, target)
	}
	return l
}

func mustOK(e *apptest.Env, method, path, tok string, body any) json.RawMessage {
	e.T.Helper()
	_, r := e.Call(method, path, tok, body)
	if r.Code != 0 {
		e.T.Fatalf("%s %s: %+v", method, path, r)
	}
	return r.Data
}

func roleNamesOf(v any) string {
	rs, _ := v.([]any)
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i], _ = r.(map[string]any)["name"].(string)
	}
	return strings.Join(names, ",")
}

func TestEveryWriteLeavesOneBusinessLogRow(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	if n := logCount(e, tok); n != 0 {
		t.Fatalf("a fresh database has %d business-log rows", n)
	}
	staffRole := e.RoleID(tok, "staff")

	// User management: add, edit, disable, reset password.
	var uid int64
	l := oneLog(e, tok, "sysuser", "create", "log.user", func() {
		uid = e.AddUser(tok, map[string]any{"loginCode": "log.user", "userName": "日志用户", "unitCode": "100107", "password": "Secret#2024", "roleIds": []int64{staffRole}})
	})
	if l.Before != nil || l.After["loginCode"] != "log.user" || l.After["userName"] != "日志用户" || l.After["unitName"] == "" ||
		roleNamesOf(l.After["roles"]) != "员工" || l.TargetID != itoa(uid) || l.ModuleName != "用户管理" {
		t.Errorf("user create: %+v", l)
	}
	l = oneLog(e, tok, "sysuser", "update", "log.user", func() {
		mustOK(e, "PUT", "/api/sys/user/edit", tok, map[string]any{"id": uid, "loginCode": "log.user", "userName": "日志用户二", "unitCode": "100107", "phone": "13800138000", "roleIds": []int64{}})
	})
	if l.Before["userName"] != "日志用户" || l.After["userName"] != "日志用户二" || l.Before["phone"] != "" || l.After["phone"] != "13800138000" ||
		roleNamesOf(l.Before["roles"]) != "员工" || roleNamesOf(l.After["roles"]) != "" {
		t.Errorf("user edit: before %v after %v", l.Before, l.After)
	}
	l = oneLog(e, tok, "sysuser", "disable", "log.user", func() {
		mustOK(e, "PUT", "/api/sys/user/changeState", tok, map[string]any{"ids": []int64{uid}, "state": 0})
	})
	if l.Before["state"] != 1.0 || l.After["state"] != 0.0 {
		t.Errorf("disable: %v -> %v", l.Before["state"], l.After["state"])
	}
	if logs := newLogs(e, tok, func() {
		mustOK(e, "PUT", "/api/sys/user/changeState", tok, map[string]any{"ids": []int64{uid}, "state": 0})
	}); len(logs) != 0 {
		t.Errorf("disabling a disabled account changed nothing, yet logged %+v", logs)
	}
	oneLog(e, tok, "sysuser", "enable", "log.user", func() {
		mustOK(e, "PUT", "/api/sys/user/changeState", tok, map[string]any{"ids": []int64{uid}, "state": 1})
	})
	mustOK(e, "PUT", "/api/sys/user/updatePwd", e.Login("log.user", "Secret#2024").AccessToken,
		map[string]any{"oldPassword": "Secret#2024", "newPassword": "Mine#2024x", "replacePassword": "Mine#2024x"})
	l = oneLog(e, tok, "sysuser", "resetPwd", "log.user", func() {
		mustOK(e, "PUT", "/api/sys/user/resetPwd", tok, map[string]any{"id": uid, "password": "Reset#2024"})
	})
	if l.Before["updatePwd"] != 0.0 || l.After["updatePwd"] != 1.0 {
		t.Errorf("reset password: updatePwd %v -> %v", l.Before["updatePwd"], l.After["updatePwd"])
	}

	// Roles: add, edit, grants, assignment, delete.
	var rid int64
	l = oneLog(e, tok, "sysroles", "create", "日志角色", func() { rid = e.AddRole(tok, "log_role", "日志角色") })
	if l.Before != nil || l.After["code"] != "log_role" || l.After["remark"] != "e2e" || l.TargetID != itoa(rid) {
		t.Errorf("role create: %+v", l)
	}
	l = oneLog(e, tok, "sysroles", "update", "日志角色二", func() {
		mustOK(e, "PUT", "/api/sys/role/edit", tok, map[string]any{"id": rid, "name": "日志角色二", "remark": "changed"})
	})
	if l.Before["name"] != "日志角色" || l.After["name"] != "日志角色二" || l.Before["remark"] != "e2e" || l.After["remark"] != "changed" {
		t.Errorf("role edit: %v -> %v", l.Before, l.After)
	}
	l = oneLog(e, tok, "rolemanager", "grant", "日志角色二", func() {
		mustOK(e, "PUT", "/api/sys/role/grants", tok, map[string]any{"roleId": rid, "menuCodes": []string{"login_log"}, "funCodes": []string{"login_log"}})
	})
	if b, _ := json.Marshal(l.Before); string(b) != `{"funCodes":[],"menuCodes":[]}` {
		t.Errorf("grants before: %s", b)
	}
	if a, _ := json.Marshal(l.After); string(a) != `{"funCodes":["login_log"],"menuCodes":["login_log","ops"]}` {
		t.Errorf("grants after: %s", a)
	}
	l = oneLog(e, tok, "roleusers", "assign", "log.user", func() {
		mustOK(e, "PUT", "/api/user/role/user", tok, map[string]any{"userId": uid, "roleId": rid})
	})
	if roleNamesOf(l.Before["roles"]) != "" || roleNamesOf(l.After["roles"]) != "日志角色二" || l.After["userName"] != "日志用户二" {
		t.Errorf("assign: %v -> %v", l.Before, l.After)
	}
	if logs := newLogs(e, tok, func() { mustOK(e, "PUT", "/api/user/role/user", tok, map[string]any{"userId": uid, "roleId": rid}) }); len(logs) != 0 {
		t.Errorf("assigning a held role changed nothing, yet logged %+v", logs)
	}
	oneLog(e, tok, "roleusers", "remove", "log.user", func() {
		mustOK(e, "DELETE", "/api/user/role/user?userId="+itoa(uid)+"&roleId="+itoa(rid), tok, nil)
	})
	l = oneLog(e, tok, "sysroles", "delete", "日志角色二", func() { mustOK(e, "DELETE", "/api/sys/role/del?id="+itoa(rid), tok, nil) })
	if l.After != nil || l.Before["code"] != "log_role" || len(l.Before["menuCodes"].([]any)) != 2 {
		t.Errorf("role delete keeps the role and its grants: %+v", l)
	}

	// Dictionaries: add, edit, switch off, delete (a batch: one row each).
	var gid, iid int64
	oneLog(e, tok, "dict_manager", "create", "日志字典", func() {
		gid = e.Added("POST", "/api/sys/dict/add", tok, map[string]any{"key": "日志字典", "value": "log_dict"})
	})
	l = oneLog(e, tok, "dict_manager", "create", "甲", func() {
		iid = e.Added("POST", "/api/sys/dict/add", tok, map[string]any{"parentId": gid, "key": "甲", "value": "1"})
	})
	if l.After["parentId"] != float64(gid) || l.After["value"] != "1" || l.After["enabled"] != 1.0 {
		t.Errorf("dict item create: %v", l.After)
	}
	l = oneLog(e, tok, "dict_manager", "update", "乙", func() {
		mustOK(e, "PUT", "/api/sys/dict/edit", tok, map[string]any{"id": iid, "key": "乙", "value": "2", "isDefault": 1, "enabled": 1, "sort": 3})
	})
	if l.Before["key"] != "甲" || l.After["key"] != "乙" || l.Before["isDefault"] != 0.0 || l.After["isDefault"] != 1.0 || l.After["sort"] != 3.0 {
		t.Errorf("dict edit: %v -> %v", l.Before, l.After)
	}
	oneLog(e, tok, "dict_manager", "disable", "乙", func() {
		mustOK(e, "POST", "/api/sys/dict/changeEnable", tok, map[string]any{"id": iid, "enabled": 0})
	})
	if logs := newLogs(e, tok, func() { mustOK(e, "POST", "/api/sys/dict/changeEnable", tok, map[string]any{"id": iid, "enabled": 0}) }); len(logs) != 0 {
		t.Errorf("switching off a switched-off entry logged %+v", logs)
	}
	logs := newLogs(e, tok, func() { mustOK(e, "DELETE", "/api/sys/dict/del?ids="+itoa(iid)+","+itoa(gid), tok, nil) })
	if len(logs) != 2 || logs[0].Target != "乙" || logs[1].Target != "日志字典" || logs[0].Action != "delete" || logs[1].After != nil || logs[1].Before["value"] != "log_dict" {
		t.Errorf("dict batch delete: %+v", logs)
	}

	// A batch user delete: one row per account.
	other := e.AddUser(tok, map[string]any{"loginCode": "log.other", "userName": "另一用户", "unitCode": "100107", "password": "Secret#2024"})
	logs = newLogs(e, tok, func() { mustOK(e, "DELETE", "/api/sys/user/del?ids="+itoa(uid)+","+itoa(other), tok, nil) })
	if len(logs) != 2 || logs[0].Target != "log.user" || logs[1].Target != "log.other" || logs[0].Action != "delete" || logs[0].After != nil || logs[1].Before["userName"] != "另一用户" {
		t.Errorf("user batch delete: %+v", logs)
	}

	// Nothing anywhere in the table holds a password or a hash.
	var leaks int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM business_log WHERE before_data LIKE '%argon2%' OR after_data LIKE '%argon2%'
		OR LOWER(before_data) LIKE '%password%' OR LOWER(after_data) LIKE '%password%' OR before_data LIKE '%Secret#2024%' OR after_data LIKE '%Reset#2024%'`).Scan(&leaks); err != nil || leaks != 0 {
		t.Errorf("rows holding a secret: %d %v", leaks, err)
	}
}

func TestFailingWritesLeaveNoBusinessLogRow(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staffID := apptest.List[userRec](e, "/api/user/search", tok, url.Values{"keyword": {"staff"}}).Records[0].ID
	for _, c := range []struct {
		method, path string
		body         any
		msg          string
	}{
		{"POST", "/api/sys/user/add", map[string]any{"loginCode": "x.y", "userName": "某", "unitCode": "100107", "phone": "12345", "password": "Secret#2024"}, "请输入正确的手机号码"},
		{"PUT", "/api/sys/user/edit", map[string]any{"id": 9999, "loginCode": "x.y", "userName": "某", "unitCode": "100107"}, "用户不存在"},
		{"PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{staffID, 9999}, "state": 0}, "用户不存在"},
		{"PUT", "/api/sys/user/resetPwd", map[string]any{"id": staffID, "password": "123456"}, ""},
		{"POST", "/api/sys/role/add", map[string]any{"code": "1bad", "name": "坏角色"}, "角色编码为2-32位字母、数字或下划线，以字母开头"},
		{"PUT", "/api/sys/role/grants", map[string]any{"roleId": e.RoleID(tok, "staff"), "menuCodes": []string{"nope"}, "funCodes": []string{}}, "菜单编码不存在：nope"},
		{"DELETE", "/api/sys/role/del?id=" + itoa(e.RoleID(tok, "sysadmin")), nil, "内置的系统管理员角色不能删除"},
		{"PUT", "/api/user/role/user", map[string]any{"userId": staffID, "roleId": 9999}, "角色不存在"},
		{"POST", "/api/sys/dict/add", map[string]any{"key": "", "value": "v"}, "请填写字典名称"},
		{"DELETE", "/api/sys/dict/del?id=" + itoa(dictGroupID(e, tok, "yes_no")), nil, ""},
	} {
		// one after another: each counts the rows its write added
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			e := e.For(t)
			if logs := newLogs(e, tok, func() {
				if _, r := e.Call(c.method, c.path, tok, c.body); r.Code != 1 || (c.msg != "" && r.Message != c.msg) {
					t.Errorf("%s %s: %+v, want code 1 %q", c.method, c.path, r, c.msg)
				}
			}); len(logs) != 0 {
				t.Errorf("%s %s failed, yet logged %+v", c.method, c.path, logs)
			}
		})
	}
}

func TestBusinessLogListFiltersExportAndAccess(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	uid := e.AddUser(tok, map[string]any{"loginCode": "log.user", "userName": "日志用户", "unitCode": "100107", "password": "Secret#2024"})
	mustOK(e, "PUT", "/api/sys/user/edit", tok, map[string]any{"id": uid, "loginCode": "log.user", "userName": "日志用户", "unitCode": "100107", "phone": "13800138000"})
	rid := e.AddRole(tok, "log_role", "=HYPERLINK(1)")
	const path = "/api/sys/businessLog/list"

	all := apptest.List[audit.BusinessLog](e, path, tok, nil)
	if all.Total != 3 || all.Records[0].Module != "sysroles" || all.Records[2].Action != "create" || all.Records[2].Target != "log.user" {
		t.Fatalf("newest first: %+v", all)
	}
	for q, want := range map[string]int{
		"user=ADM":                              3, // login code, any case
		"user=系统管理":                             3, // user name
		"user=staff":                            0,
		"module=sysuser":                        2,
		"module=sysuser&action=update":          1,
		"action=create":                         2,
		"module=sysuser&targetId=" + itoa(uid):  2,
		"module=sysroles&targetId=" + itoa(rid): 1,
		"module=sys":                            0, // exact
		"requestId=" + all.Records[0].RequestID: 1,
		"startTime=" + time.Now().Add(-time.Hour).UTC().Format(time.RFC3339) + "&endTime=" + time.Now().Format("2006-01-02"): 3,
		"startTime=" + time.Now().Add(time.Hour).UTC().Format(time.RFC3339):                                                  0,
	} {
		vals, _ := url.ParseQuery(q)
		if p := apptest.List[audit.BusinessLog](e, path, tok, vals); p.Total != want {
			t.Errorf("%s: total %d, want %d", q, p.Total, want)
		}
	}
	if p := apptest.List[audit.BusinessLog](e, path, tok, url.Values{"sort": {"createdAt"}, "order": {"asc"}}); p.Records[0].Action != "create" || p.Records[0].Module != "sysuser" {
		t.Errorf("oldest first: %+v", p.Records[0])
	}
	for qs, msg := range map[string]string{
		"sort=before_data":    "不支持按该字段排序",
		"sort=l.id":           "不支持按该字段排序",
		"startTime=yesterday": "参数 startTime 不是有效的时间",
		"limit=101":           "每页条数须在1到100之间",
	} {
		if _, r := e.Call("GET", path+"?"+qs, tok, nil); r.Code != 1 || r.Message != msg {
			t.Errorf("%s: %+v want %q", qs, r, msg)
		}
	}
	if _, r := e.Call("GET", "/api/sys/businessLog/one?id=99999", tok, nil); r.Code != 1 || r.Message != "日志不存在" {
		t.Errorf("one of a missing id: %+v", r)
	}

	// The export: a real workbook, formulas neutralised, the change summarised in one cell.
	const export = "/api/sys/businessLog/export"
	resp, body := e.Fetch(export+"?ticket="+e.Ticket(tok, export)+"&sort=createdAt&order=asc", "")
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "filename*=UTF-8''%E4%B8%9A%E5%8A%A1%E6%97%A5%E5%BF%97_") {
		t.Fatalf("export: HTTP %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	rows := apptest.SheetRows(t, body)
	if got := strings.Join(rows[0], "|"); got != "时间|登录账号|用户姓名|功能模块|操作|对象编号|操作对象|变更内容|IP地址|请求编号" {
		t.Errorf("header %q", got)
	}
	if len(rows) != 4 || rows[1][3] != "用户管理" || rows[1][4] != "新增" || rows[1][6] != "log.user" || !strings.Contains(rows[1][7], "userName: 日志用户\n") ||
		rows[2][4] != "修改" || rows[2][7] != "phone:  → 13800138000" || rows[2][9] != all.Records[1].RequestID ||
		rows[3][3] != "角色列表" || rows[3][6] != "'=HYPERLINK(1)" {
		t.Errorf("rows %q", rows)
	}
	_, body = e.Fetch(export+"?action=create&sort=createdAt", tok, "Accept-Language", "en")
	if rows := apptest.SheetRows(t, body); len(rows) != 3 || rows[0][3] != "Module" || rows[0][7] != "Changes" || rows[1][4] != "Create" {
		t.Errorf("English export %q", rows)
	}
	if _, r := e.Call("GET", export+"?sort=after_data", tok, nil); r.Code != 1 || r.Message != "不支持按该字段排序" {
		t.Errorf("export with a tampered sort: %+v", r)
	}

	// Only holders of business_log may read it.
	staff := e.Login("staff", "Staff@123").AccessToken
	for _, p := range []string{path, "/api/sys/businessLog/one?id=1", export} {
		if resp, r := e.Call("GET", p, staff, nil); resp.StatusCode != 403 || r.Code != 403 {
			t.Errorf("staff %s: HTTP %d %+v", p, resp.StatusCode, r)
		}
	}
	if resp, r := e.Call("POST", "/api/sys/common/ticket", staff, map[string]string{"path": export}); resp.StatusCode != 403 || r.Code != 403 {
		t.Errorf("staff ticket: %+v", r)
	}
}

// TestServerErrorsAreLoggedWithTheirRequestID breaks a real write (its log table is gone):
// the change is rolled back, the caller sees only a request id, and the exception log has
// the details under that id.
func TestServerErrorsAreLoggedWithTheirRequestID(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staff := apptest.List[userRec](e, "/api/user/search", tok, url.Values{"keyword": {"staff"}}).Records[0]
	if _, err := e.App.DB.Exec(t.Context(), `DROP TABLE business_log`); err != nil {
		t.Fatal(err)
	}
	edit := map[string]any{"id": staff.ID, "loginCode": "staff", "userName": "改不了", "unitCode": staff.UnitCode, "phone": "13900139000"}
	raw, _ := json.Marshal(edit)
	resp, body := e.Send("PUT", "/api/sys/user/edit", tok, strings.NewReader(string(raw)), "application/json", nil)
	id := resp.Header.Get("X-Request-Id")
	var env struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    struct {
			RequestID string `json:"requestId"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &env); err != nil || resp.StatusCode != 500 || env.Code != 500 || len(id) != 12 || env.Data.RequestID != id ||
		env.Message != "系统错误，请联系管理员并提供请求编号 "+id {
		t.Fatalf("server error: HTTP %d %s (X-Request-Id %q)", resp.StatusCode, body, id)
	}
	for _, leak := range []string{"business_log", "no such table", "relation", "SQL", "goroutine", ".go:", "sys_user"} {
		if strings.Contains(string(body), leak) {
			t.Errorf("the response leaks %q: %s", leak, body)
		}
	}
	if u := apptest.List[userRec](e, "/api/user/search", tok, url.Values{"keyword": {"staff"}}).Records[0]; u.UserName != staff.UserName || u.Phone != staff.Phone {
		t.Errorf("a change whose log failed was kept: %+v", u)
	}
	// In English too, with the same id.
	_, r := e.Call("PUT", "/api/sys/user/edit", tok, edit, "Accept-Language", "en")
	if !strings.HasPrefix(r.Message, "System error: please give the administrator request id ") || strings.Contains(r.Message, "business_log") {
		t.Errorf("English server error: %+v", r)
	}

	const path = "/api/sys/exceptionLog/list"
	p := apptest.List[audit.ExceptionLog](e, path, tok, url.Values{"requestId": {id}})
	if p.Total != 1 {
		t.Fatalf("exception log for %s: %+v", id, p)
	}
	x := p.Records[0]
	if x.Method != "PUT" || x.Path != "/api/sys/user/edit" || x.LoginCode != "admin" || x.UserName != "系统管理员" || x.Kind != "error" ||
		!strings.Contains(x.Message, "business_log") || x.HasStack {
		t.Errorf("exception row %+v", x)
	}
	var one audit.ExceptionLog
	if raw := oneOf(e, "/api/sys/exceptionLog/one", tok, x.ID, &one); one.RequestID != id || one.Message != x.Message || strings.Contains(raw, "stack\"") {
		t.Errorf("one: %s", raw)
	}

	// A panic: recovered, logged with its stack, and the stack goes nowhere but the table.
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	panicky := httptest.NewServer(httpx.AccessLog(log, false)(httpx.WithErrorSink(audit.ExceptionSink(e.App.DB))(httpx.Recover(
		http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom: the secret detail") })))))
	defer panicky.Close()
	presp, err := http.Get(panicky.URL + "/api/anything")
	if err != nil {
		t.Fatal(err)
	}
	pbody, _ := io.ReadAll(presp.Body)
	presp.Body.Close()
	pid := presp.Header.Get("X-Request-Id")
	if presp.StatusCode != 500 || !strings.Contains(string(pbody), `"requestId":"`+pid+`"`) || strings.Contains(string(pbody), "boom") || strings.Contains(string(pbody), "goroutine") {
		t.Errorf("panic answer: HTTP %d %s", presp.StatusCode, pbody)
	}
	panics := apptest.List[audit.ExceptionLog](e, path, tok, url.Values{"kind": {"panic"}})
	if panics.Total != 1 || panics.Records[0].RequestID != pid || !panics.Records[0].HasStack || panics.Records[0].Message != "panic: boom: the secret detail" ||
		panics.Records[0].Path != "/api/anything" {
		t.Fatalf("panic row: %+v", panics)
	}
	var stack string
	if err := e.App.DB.QueryRow(t.Context(), `SELECT stack FROM exception_log WHERE request_id = ?`, pid).Scan(&stack); err != nil || !strings.Contains(stack, "goroutine") {
		t.Errorf("the stack is kept on the server: %q %v", stack[:min(len(stack), 80)], err)
	}
	if raw := oneOf(e, "/api/sys/exceptionLog/one", tok, panics.Records[0].ID, &one); strings.Contains(raw, "goroutine") || strings.Contains(raw, "stack\"") {
		t.Errorf("one sends the stack: %s", raw)
	}

	// Filters, a tampered sort, the export, and the function code.
	for q, want := range map[string]int{
		"user=ADMIN": 2, "user=系统管理员": 2, "path=user/EDIT": 2, "path=anything": 1, "kind=error": 2,
		"startTime=" + time.Now().Add(time.Hour).UTC().Format(time.RFC3339): 0,
		"endTime=" + time.Now().Format("2006-01-02"):                        3,
	} {
		vals, _ := url.ParseQuery(q)
		if p := apptest.List[audit.ExceptionLog](e, path, tok, vals); p.Total != want {
			t.Errorf("%s: total %d, want %d", q, p.Total, want)
		}
	}
	for qs, msg := range map[string]string{"sort=stack": "不支持按该字段排序", "kind=fatal": "参数 kind 的取值无效"} {
		if _, r := e.Call("GET", path+"?"+qs, tok, nil); r.Code != 1 || r.Message != msg {
			t.Errorf("%s: %+v want %q", qs, r, msg)
		}
	}
	const export = "/api/sys/exceptionLog/export"
	eresp, ebody := e.Fetch(export+"?ticket="+e.Ticket(tok, export)+"&sort=createdAt&order=asc", "")
	rows := apptest.SheetRows(t, ebody)
	if eresp.StatusCode != 200 || strings.Join(rows[0], "|") != "时间|请求编号|请求方法|请求路径|登录账号|用户姓名|类型|异常信息|IP地址" || len(rows) != 4 ||
		rows[1][1] != id || rows[3][6] != "程序崩溃" || strings.Contains(string(ebody), "goroutine") {
		t.Errorf("exception export: %q", rows)
	}
	staffTok := e.Login("staff", "Staff@123").AccessToken
	for _, p := range []string{path, "/api/sys/exceptionLog/one?id=1", export} {
		if resp, r := e.Call("GET", p, staffTok, nil); resp.StatusCode != 403 || r.Code != 403 {
			t.Errorf("staff %s: HTTP %d %+v", p, resp.StatusCode, r)
		}
	}
}
