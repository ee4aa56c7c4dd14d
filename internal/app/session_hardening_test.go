package app_test

import (
	"context"
	"net/url"
	"testing"

	"biddesk/internal/platform/config"
)

// A download ticket dies with the session that asked for it: sign-out, kick-out by a newer sign-in,
// and a password change made in another session each leave it opening nothing.
func TestTicketDiesWithItsSession(t *testing.T) {
	const path = "/api/sys/loginLog/export"
	e := newEnv(t, func(c *config.Config) { c.SingleSession = false })
	opens := func(tok, ticket string) bool {
		resp, _ := e.fetch(path+"?ticket="+ticket, "")
		return resp.StatusCode == 200
	}

	tok := e.login("admin", "Admin@123").AccessToken
	live := e.ticket(tok, path)
	if !opens(tok, live) {
		t.Fatal("a fresh ticket of a live session must open the export")
	}

	tk := e.ticket(tok, path)
	e.Done("POST", "/api/logout", tok, nil, nil)
	if opens(tok, tk) {
		t.Error("a ticket outlived the sign-out of its session")
	}

	one := e.login("admin", "Admin@123").AccessToken
	two := e.login("admin", "Admin@123").AccessToken
	tk = e.ticket(one, path)
	e.Done("PUT", "/api/sys/user/updatePwd", two, map[string]string{"oldPassword": "Admin@123", "newPassword": "Other#Pass1", "replacePassword": "Other#Pass1"}, nil)
	if opens(one, tk) {
		t.Error("a ticket outlived the password change that ended its session")
	}

	single := newEnv(t)
	first := single.login("admin", "Admin@123").AccessToken
	tk = single.ticket(first, path)
	single.login("admin", "Admin@123")
	if resp, _ := single.fetch(path+"?ticket="+tk, ""); resp.StatusCode == 200 {
		t.Error("a ticket outlived the kick-out of its session")
	}
}

// An account whose password an administrator set (updatePwd 1) may only sign out, read its session
// user and change its password until it has done so, whatever the browser does.
func TestForcedPasswordChangeIsEnforcedByTheServer(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	e.Done("PUT", "/api/sys/user/resetPwd", admin, map[string]any{"id": e.UserID("libadmin"), "password": "Reset#2026"}, nil)

	su := e.login("libadmin", "Reset#2026")
	if su.UpdatePwd != 1 {
		t.Fatalf("updatePwd after an administrator's reset: %d", su.UpdatePwd)
	}
	tok := su.AccessToken
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/sys/user/info"}, {"GET", "/api/sys/dict/getDictCache"}, {"GET", "/api/portal/home"},
		{"POST", "/api/sys/common/ticket"},
	} {
		resp, r := e.call(c.method, c.path, tok, nil)
		if resp.StatusCode != 403 || r.Code != 10007 || r.Message != "请先修改初始密码" {
			t.Errorf("%s %s before the password change: HTTP %d %+v", c.method, c.path, resp.StatusCode, r)
		}
	}
	if _, r := e.call("GET", "/api/sys/user/session", tok, nil); r.Code != 0 {
		t.Fatalf("the session user must stay readable: %+v", r)
	}
	e.Done("PUT", "/api/sys/user/updatePwd", tok, url.Values{"oldPassword": {"Reset#2026"}, "newPassword": {"Mine#2026x"}, "replacePassword": {"Mine#2026x"}}, nil)
	if _, r := e.call("GET", "/api/sys/user/info", tok, nil); r.Code != 0 {
		t.Fatalf("after the change every granted call is open again: %+v", r)
	}

	// The flag set behind the server's back (another instance, a script) holds at the next call too.
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET update_pwd = 1 WHERE login_code = 'libadmin'`); err != nil {
		t.Fatal(err)
	}
	if _, r := e.call("GET", "/api/sys/user/info", tok, nil); r.Code != 10007 {
		t.Fatalf("flag set in the database not enforced at the next call: %+v", r)
	}
	e.Done("POST", "/api/logout", tok, nil, nil)
}

// The guard caches sessions, accounts and function codes; every change that matters, made through
// the API or straight in the database (as another instance would), is effective at the next call.
func TestSessionCacheFollowsEveryChange(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.SingleSession = false })
	admin := e.login("admin", "Admin@123").AccessToken
	lib := e.login("libadmin", "Library@123").AccessToken
	const guarded = "/api/sys/loginLog/list"
	status := func(tok string) int {
		_, r := e.call("GET", guarded, tok, nil)
		return r.Code
	}
	if c := status(admin); c != 0 {
		t.Fatalf("admin: %d", c)
	}
	for i := 0; i < 3; i++ { // warm the cache
		status(lib)
	}
	libCode := status(lib)

	// A grant changed in the database: the next call sees it.
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := e.app.DB.Exec(context.Background(), q, args...); err != nil {
			t.Fatal(err)
		}
	}
	if libCode != 0 {
		exec(`INSERT INTO sys_role_function (role_id, function_code) SELECT ur.role_id, 'login_log' FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id WHERE u.login_code = 'libadmin'`)
		if c := status(lib); c != 0 {
			t.Fatalf("a granted code was not effective at the next call: %d", c)
		}
	}
	exec(`DELETE FROM sys_user_role WHERE user_id = (SELECT id FROM sys_user WHERE login_code = 'libadmin')`)
	if c := status(lib); c != 403 {
		t.Fatalf("roles taken away, the next call answered %d", c)
	}

	// Disabled in the database, then ended sessions: the next call is refused.
	exec(`UPDATE sys_user SET state = 0 WHERE login_code = 'libadmin'`)
	if c := status(lib); c != 10005 {
		t.Fatalf("disabled account answered %d", c)
	}

	// A session ended in the database (sign-out on another instance).
	second := e.login("admin", "Admin@123").AccessToken
	status(second)
	exec(`UPDATE sys_session SET ended_at = CURRENT_TIMESTAMP, end_reason = 'logout' WHERE token_hash <> '' AND ended_at IS NULL AND id = (SELECT MAX(id) FROM sys_session)`)
	if c := status(second); c != 10005 {
		t.Fatalf("a session ended elsewhere answered %d", c)
	}
	if c := status(admin); c != 0 {
		t.Fatalf("the other session must live on: %d", c)
	}
}
