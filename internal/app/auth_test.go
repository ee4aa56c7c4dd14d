package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/platform/config"
)

func TestLoginReturnsTheSessionUser(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123")
	if len(admin.AccessToken) != 64 {
		t.Fatalf("token %q is not 256 bits in hex", admin.AccessToken)
	}
	codes := "," + admin.FunCodes + ","
	for _, c := range []string{"sysuser", "menusmanager", "expert_talents2_license", "personnel_login", "gateway"} {
		if !strings.Contains(codes, ","+c+",") {
			t.Errorf("admin funCodes lack %s", c)
		}
	}
	paths := map[string]bool{}
	for _, g := range admin.SysMenus {
		for _, m := range g.SubMenus {
			paths[m.Path] = true
		}
	}
	for _, p := range []string{"/sysuser", "/dict_manager", "/expert_talents2_tender", "/login_log", "/statistics_account", "/demandcollection", "/task_manager", "/dtable", "/dataset_manager", "/dreport", "/demand_feedback"} {
		if !paths[p] {
			t.Errorf("admin menus lack %s", p)
		}
	}
	// screens not built yet are in no menu (access.Unbuilt), though the role still holds their codes
	for p := range paths {
		if access.Unbuilt(strings.TrimPrefix(p, "/")) {
			t.Errorf("admin menus show the unbuilt %s", p)
		}
	}
	var state bool
	for _, d := range admin.DictData {
		if d.Value == "user_state" {
			state = true
			if v, ok := d.ChildDict[0].Value.(float64); !ok || v != 1 {
				t.Errorf("numeric dictionary value should be a number, got %#v", d.ChildDict[0].Value)
			}
		}
	}
	if !state {
		t.Error("dictData lacks user_state")
	}

	staff := e.login("staff", "Staff@123")
	if staff.FunCodes != "gateway" || len(staff.SysMenus) != 0 {
		t.Fatalf("staff should see the portal only, got funCodes %q and %d menus", staff.FunCodes, len(staff.SysMenus))
	}
	lib := e.login("libadmin", "Library@123")
	if strings.Contains(lib.FunCodes, "sysuser") || !strings.Contains(lib.FunCodes, "expert_talents2_license") {
		t.Fatalf("library administrator funCodes wrong: %s", lib.FunCodes)
	}
}

func TestLoginFailuresAreGenericAndLogged(t *testing.T) {
	e := newEnv(t)
	_, unknown := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"nobody"}, "PassWord": {"Whatever1"}})
	_, wrong := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"admin"}, "PassWord": {"Wrong@123"}})
	if unknown.Code != 1 || wrong.Code != 1 || unknown.Message != wrong.Message || unknown.Message != "账号或密码错误" {
		t.Fatalf("failures must share one generic message: %+v / %+v", unknown, wrong)
	}
	_, empty := e.call("POST", "/api/login", "", map[string]string{"LoginCode": "admin"})
	if empty.Code != 1 || empty.Message != "请输入账号和密码" {
		t.Fatalf("empty password: %+v", empty)
	}
	// An external account signs in only at /api/outSite/login, a staff account only at /api/login.
	if _, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"partner"}, "PassWord": {"Partner@123"}}); r.Code != 1 {
		t.Fatalf("external account signed in at /api/login: %+v", r)
	}
	if _, r := e.call("POST", "/api/outSite/login", "", url.Values{"LoginCode": {"partner"}, "PassWord": {"Partner@123"}}); r.Code != 0 {
		t.Fatalf("external sign-in failed: %+v", r)
	}
	if _, r := e.call("POST", "/api/outSite/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Staff@123"}}); r.Code != 1 {
		t.Fatalf("staff account signed in at the external site: %+v", r)
	}
	// A disabled account gets the same message.
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET state = 0 WHERE login_code = 'libadmin'`); err != nil {
		t.Fatal(err)
	}
	if _, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"libadmin"}, "PassWord": {"Library@123"}}); r.Message != "账号或密码错误" {
		t.Fatalf("disabled account: %+v", r)
	}
	var fails, oks int
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM login_log WHERE success = 0`).Scan(&fails); err != nil {
		t.Fatal(err)
	}
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM login_log WHERE success = 1`).Scan(&oks); err != nil {
		t.Fatal(err)
	}
	if fails != 5 || oks != 1 {
		t.Fatalf("login log has %d failures and %d successes, want 5 and 1", fails, oks)
	}
	_, en := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"nobody"}, "PassWord": {"x"}}, "Accept-Language", "en-US,en;q=0.9")
	if en.Message != "Wrong login code or password" {
		t.Fatalf("English message: %q", en.Message)
	}
}

// Failures lock the account at the address they come from (and at addresses it never signed in from), and the
// address for the accounts that never signed in from it (internal/auth/throttle.go).
func TestLoginThrottlePerAccountAndAddress(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.ThrottleAccount = 3; c.ThrottleAddress = 6 })
	for i := 0; i < 3; i++ {
		e.call("POST", "/api/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Bad@1234"}})
	}
	resp, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Staff@123"}})
	if r.Code != 429 || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("4th attempt after 3 failures: HTTP %d %+v", resp.StatusCode, r)
	}
	// Another account still signs in, until the address itself has failed too often; then only the accounts
	// that have signed in from it before (an office behind one address) still do.
	e.login("admin", "Admin@123")
	for i := 0; i < 3; i++ {
		e.call("POST", "/api/login", "", url.Values{"LoginCode": {"user" + string(rune('a'+i))}, "PassWord": {"Bad@1234"}})
	}
	if _, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"libadmin"}, "PassWord": {"Library@123"}}); r.Code != 429 {
		t.Fatalf("address throttle not applied: %+v", r)
	}
	e.login("admin", "Admin@123")
	// A refused attempt is written nowhere: the log holds the 6 failures and the 2 sign-ins.
	var rows int
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM login_log`).Scan(&rows); err != nil || rows != 8 {
		t.Fatalf("login log: %d rows %v, want 8", rows, err)
	}
}

func TestTokenTransportsAndMissingToken(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	if _, r := e.call("GET", "/api/sys/user/info", tok, nil); r.Code != 0 {
		t.Fatalf("bearer: %+v", r)
	}
	if _, r := e.call("GET", "/api/sys/user/info?AccessToken="+tok, "", nil); r.Code != 0 {
		t.Fatalf("query AccessToken: %+v", r)
	}
	var info struct {
		LoginCode string   `json:"LoginCode"`
		UnitName  string   `json:"unitName"`
		Roles     []string `json:"roles"`
	}
	_, r := e.call("GET", "/api/sys/user/info", tok, nil)
	_ = json.Unmarshal(r.Data, &info)
	if info.LoginCode != "admin" || info.UnitName != "投标支持中心" || len(info.Roles) != 1 {
		t.Fatalf("personal info: %+v", info)
	}
	resp, r := e.call("GET", "/api/sys/user/info", "", nil)
	if resp.StatusCode != 401 || r.Code != 10005 || r.Message != "无法获取身份令牌" {
		t.Fatalf("no token: HTTP %d %+v", resp.StatusCode, r)
	}
	if _, r := e.call("GET", "/api/sys/user/info", strings.Repeat("ab", 32), nil); r.Code != 10005 || r.Message != "登录凭证已失效，请重新登录" {
		t.Fatalf("unknown token: %+v", r)
	}
	// Form transport on a state-changing call.
	_, out := e.call("POST", "/api/logout", "", url.Values{"AccessToken": {tok}})
	if out.Code != 0 {
		t.Fatalf("logout with form token: %+v", out)
	}
	if _, r := e.call("GET", "/api/sys/user/info", tok, nil); r.Code != 10005 {
		t.Fatalf("token still works after logout: %+v", r)
	}
}

func TestANewLoginEndsTheOtherSession(t *testing.T) {
	e := newEnv(t)
	first := e.login("staff", "Staff@123").AccessToken
	second := e.login("staff", "Staff@123").AccessToken
	resp, r := e.call("GET", "/api/sys/user/session", first, nil)
	if resp.StatusCode != 401 || r.Code != 10006 || !strings.HasPrefix(r.Message, "Identity verification failed:") {
		t.Fatalf("old session: HTTP %d %+v", resp.StatusCode, r)
	}
	if _, r := e.call("GET", "/api/sys/user/session", second, nil); r.Code != 0 {
		t.Fatalf("new session: %+v", r)
	}

	multi := newEnv(t, func(c *config.Config) { c.SingleSession = false })
	a := multi.login("staff", "Staff@123").AccessToken
	multi.login("staff", "Staff@123")
	if _, r := multi.call("GET", "/api/sys/user/session", a, nil); r.Code != 0 {
		t.Fatalf("with single-session off the first session should live: %+v", r)
	}
}

func TestSessionExpiry(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.SessionIdle = 300 * time.Millisecond })
	tok := e.login("staff", "Staff@123").AccessToken
	time.Sleep(450 * time.Millisecond)
	if _, r := e.call("GET", "/api/sys/user/session", tok, nil); r.Code != 10005 {
		t.Fatalf("idle session still valid: %+v", r)
	}
	abs := newEnv(t, func(c *config.Config) { c.SessionAbsolute = 300 * time.Millisecond })
	tok = abs.login("staff", "Staff@123").AccessToken
	time.Sleep(450 * time.Millisecond)
	if _, r := abs.call("GET", "/api/sys/user/session", tok, nil); r.Code != 10005 {
		t.Fatalf("session past its absolute expiry still valid: %+v", r)
	}
}

func TestChangePassword(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.SingleSession = false })
	other := e.login("staff", "Staff@123").AccessToken
	tok := e.login("staff", "Staff@123").AccessToken
	cases := []struct {
		old, new, repeat, msg string
	}{
		{"", "Abc@1234", "Abc@1234", "请输入原密码"},
		{"Staff@123", "", "Abc@1234", "请输入新密码"},
		{"Staff@123", "Abc@1234", "", "请再次输入新密码"},
		{"Staff@123", "abcdefg", "abcdefg", "密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种"},
		{"Staff@123", "Ab1", "Ab1", "密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种"},
		{"Staff@123", "Abcdefgh12345678x", "Abcdefgh12345678x", "密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种"},
		{"Staff@123", "Abc@1234", "Abc@12345", "两次输入的密码不一致"},
		{"Staff@123", "P@ssw0rd", "P@ssw0rd", "该密码过于常见，请换一个"},
		{"Wrong@123", "Abc@1234", "Abc@1234", "原密码不正确"},
	}
	for _, c := range cases {
		_, r := e.call("PUT", "/api/sys/user/updatePwd", tok, map[string]string{"oldPassword": c.old, "newPassword": c.new, "replacePassword": c.repeat})
		if r.Code != 1 || r.Message != c.msg {
			t.Errorf("%+v: got %d %q", c, r.Code, r.Message)
		}
	}
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET update_pwd = 1 WHERE login_code = 'staff'`); err != nil {
		t.Fatal(err)
	}
	if _, r := e.call("PUT", "/api/sys/user/updatePwd", tok, url.Values{"oldPassword": {"Staff@123"}, "newPassword": {"New#Pass9"}, "replacePassword": {"New#Pass9"}}); r.Code != 0 {
		t.Fatalf("valid change refused: %+v", r)
	}
	if _, r := e.call("GET", "/api/sys/user/session", tok, nil); r.Code != 0 {
		t.Fatalf("the calling session must stay valid: %+v", r)
	}
	if _, r := e.call("GET", "/api/sys/user/session", other, nil); r.Code != 10005 {
		t.Fatalf("other sessions must end: %+v", r)
	}
	if _, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Staff@123"}}); r.Code != 1 {
		t.Fatalf("old password still signs in: %+v", r)
	}
	if su := e.login("staff", "New#Pass9"); su.UpdatePwd != 0 {
		t.Fatalf("updatePwd not reset: %d", su.UpdatePwd)
	}
}

func TestFunctionCodesGuardTheAPI(t *testing.T) {
	e := newEnv(t)
	staff := e.login("staff", "Staff@123").AccessToken
	resp, r := e.call("GET", "/api/sys/menu/tree", staff, nil)
	if resp.StatusCode != 403 || r.Code != 403 {
		t.Fatalf("staff reached an admin API: HTTP %d %+v", resp.StatusCode, r)
	}
	var events int
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM security_event WHERE kind = 'forbidden'`).Scan(&events); err != nil || events != 1 {
		t.Fatalf("refusal not logged: %d %v", events, err)
	}
	admin := e.login("admin", "Admin@123").AccessToken
	_, r = e.call("GET", "/api/sys/menu/tree", admin, nil)
	var tree []map[string]any
	if r.Code != 0 || json.Unmarshal(r.Data, &tree) != nil || len(tree) < 5 {
		t.Fatalf("admin menu tree: %+v", r)
	}
}

func TestSecurityHeadersAndCrossSiteRefusal(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/api/sys/user/info", "/gateway", "/healthz"} {
		resp, _ := e.call("GET", p, "", nil)
		h := resp.Header
		if !strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self'") || strings.Contains(h.Get("Content-Security-Policy"), "script-src 'self' 'unsafe-inline'") ||
			!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			h.Get("Referrer-Policy") != "no-referrer" || h.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: missing security headers: %v", p, h)
		}
	}
	resp, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"admin"}, "PassWord": {"Admin@123"}}, "Sec-Fetch-Site", "cross-site")
	if resp.StatusCode != 403 || r.Code != 403 {
		t.Fatalf("cross-site login accepted: HTTP %d %+v", resp.StatusCode, r)
	}
	resp, _ = e.call("POST", "/api/login", "", url.Values{"LoginCode": {"admin"}, "PassWord": {"Admin@123"}}, "Origin", "https://evil.example")
	if resp.StatusCode != 403 {
		t.Fatalf("foreign Origin accepted: HTTP %d", resp.StatusCode)
	}
	if _, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"admin"}, "PassWord": {"Admin@123"}}, "Sec-Fetch-Site", "same-origin"); r.Code != 0 {
		t.Fatalf("same-origin login refused: %+v", r)
	}
}

func TestWebAppServing(t *testing.T) {
	e := newEnv(t)
	resp, _ := e.call("GET", "/gatewayDetail/enterprise", "", nil)
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("client route: HTTP %d %v", resp.StatusCode, resp.Header)
	}
	resp, _ = e.call("GET", "/assets/app-1a2b.js", "", nil)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("hashed asset: HTTP %d %v", resp.StatusCode, resp.Header)
	}
	if resp, _ := e.call("GET", "/assets/gone-0000.js", "", nil); resp.StatusCode != 404 {
		t.Fatalf("missing asset: HTTP %d", resp.StatusCode)
	}
	resp, r := e.call("GET", "/api/no/such/thing", "", nil)
	if resp.StatusCode != 404 || r.Code != 404 {
		t.Fatalf("unknown API: HTTP %d %+v", resp.StatusCode, r)
	}
	resp, _ = e.call("GET", "/healthz", "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("healthz: HTTP %d", resp.StatusCode)
	}
}

func TestHROriginSignInRenewsWithoutThePassword(t *testing.T) {
	e := newEnv(t)
	_, r := e.call("POST", "/api/login", "", map[string]string{"LoginCode": "staff", "PassWord": "Staff@123", "remember": "ahr"})
	var su struct {
		AccessToken string `json:"accessToken"`
		RenewToken  string `json:"renewToken"`
	}
	if err := json.Unmarshal(r.Data, &su); err != nil || len(su.RenewToken) != 64 {
		t.Fatalf("no renewal token: %+v", r)
	}
	if plain := e.login("admin", "Admin@123"); strings.Contains(string(r.Data), "PassWord") || plain.AccessToken == "" {
		t.Fatal("unexpected answer")
	}
	_, r = e.call("POST", "/api/login/renew", "", map[string]string{"renewToken": su.RenewToken})
	var renewed struct {
		AccessToken string `json:"accessToken"`
		RenewToken  string `json:"renewToken"`
		UserName    string `json:"UserName"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &renewed) != nil || renewed.RenewToken == su.RenewToken || renewed.UserName != "张晓东" {
		t.Fatalf("renewal: %+v", r)
	}
	// Single use: the old token no longer works; the new one does until logout.
	if _, r := e.call("POST", "/api/login/renew", "", map[string]string{"renewToken": su.RenewToken}); r.Code != 10005 {
		t.Fatalf("a used renewal token worked again: %+v", r)
	}
	e.call("POST", "/api/logout", renewed.AccessToken, nil)
	if _, r := e.call("POST", "/api/login/renew", "", map[string]string{"renewToken": renewed.RenewToken}); r.Code != 10005 {
		t.Fatalf("renewal after logout: %+v", r)
	}
}

// PUT /api/sys/user/updatePwd: wrong old passwords count like failed sign-ins; after the account
// limit the session ends (the next call is 'token invalid') and the attempts are in the login log.
func TestUpdatePwdGuessesEndTheSession(t *testing.T) {
	e := newEnv(t, func(c *config.Config) { c.ThrottleAccount = 3 })
	tok := e.login("staff", "Staff@123").AccessToken
	wrong := url.Values{"oldPassword": {"Wrong@123"}, "newPassword": {"New#Pass9"}, "replacePassword": {"New#Pass9"}}
	for i := 1; i <= 3; i++ {
		if _, r := e.call("PUT", "/api/sys/user/updatePwd", tok, wrong); r.Code != 1 || r.Message != "原密码不正确" {
			t.Fatalf("try %d: %+v", i, r)
		}
	}
	if resp, r := e.call("PUT", "/api/sys/user/updatePwd", tok, wrong); resp.StatusCode != 401 || r.Code != 10005 {
		t.Fatalf("after 3 wrong old passwords: HTTP %d %+v", resp.StatusCode, r)
	}
	var rows, events int
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM login_log WHERE login_code = 'staff' AND reason = 'old_password_wrong' AND success = 0`).Scan(&rows); err != nil || rows != 3 {
		t.Fatalf("login log: %d rows %v", rows, err)
	}
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM security_event WHERE kind = 'password_guess'`).Scan(&events); err != nil || events != 1 {
		t.Fatalf("security events: %d %v", events, err)
	}
	// The same secret: sign-in is throttled now as well.
	if resp, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Staff@123"}}); resp.StatusCode != 429 || r.Code != 429 {
		t.Fatalf("sign-in after the guesses: HTTP %d %+v", resp.StatusCode, r)
	}
}

// Correct sign-ins sent together over HTTP at the default settings are never refused: 200 accounts from one address
// (an office behind one NAT), then eight connections signing admin in again and again (the issue saw 1,241 answers
// 429 there). internal/auth's TestCorrectSignInsOfOneAccountAreNeverRefused holds the attempts in flight on purpose.
func TestCorrectSignInsTogetherAreNeverRefused(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	const n = 200
	for i := 0; i < n; i++ {
		if _, err := e.app.DB.Exec(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, created_at, updated_at)
			SELECT ?, ?, password_hash, 1, 0, user_type, unit_code, '', '', created_at, updated_at FROM sys_user WHERE login_code = 'staff'`,
			fmt.Sprintf("office%d", i), fmt.Sprintf("职员%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	signInAll := func(count int, code func(i int) string) map[string]int {
		var mu sync.Mutex
		answers := map[string]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < count; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				login, pw := code(i), "Staff@123"
				if login == "admin" {
					pw = "Admin@123"
				}
				resp, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {login}, "PassWord": {pw}})
				mu.Lock()
				key := "ok"
				if resp.StatusCode != http.StatusOK || r.Code != 0 {
					key = fmt.Sprintf("HTTP %d code %d %s", resp.StatusCode, r.Code, r.Message)
				}
				answers[key]++
				mu.Unlock()
			}(i)
		}
		close(start)
		wg.Wait()
		return answers
	}
	if got := signInAll(n, func(i int) string { return fmt.Sprintf("office%d", i) }); got["ok"] != n {
		t.Fatalf("%d correct sign-ins of %d accounts from one address: %v", n, n, got)
	}
	const conns, rounds = 8, 5
	for r := 0; r < rounds; r++ {
		if got := signInAll(conns, func(int) string { return "admin" }); got["ok"] != conns {
			t.Fatalf("round %d: %d correct sign-ins of admin at once: %v", r, conns, got)
		}
	}
	var failures int
	if err := e.app.DB.QueryRow(ctx, `SELECT COUNT(*) FROM login_log WHERE success = 0`).Scan(&failures); err != nil || failures != 0 {
		t.Fatalf("%d failures logged for correct sign-ins (%v)", failures, err)
	}
}

// With every hashing slot taken, a sign-in is answered 'busy' (code 429) instead of queueing without bound.
func TestBusySignInAnswer(t *testing.T) {
	// The hashes must take longer than the 1 ms wait: this test's demo (a template of its own, by its staff password)
	// is seeded with the real argon2id cost, not the cheap one of this test process (TestMain).
	auth.SetTestHashCost(false)
	t.Cleanup(func() { auth.SetTestHashCost(true) })
	e := newEnv(t, func(c *config.Config) {
		c.ThrottleAccount, c.ThrottleAddress = 1000, 1000
		c.SingleSession = false
		c.DemoStaffPassword = "Busy@12345"
	})
	auth.SetHashConcurrency(1, time.Millisecond)
	t.Cleanup(func() { auth.SetHashConcurrency(0, auth.HashWait) })
	type answer struct {
		status int
		env    envelope
	}
	answers := make(chan answer, 12)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			resp, r := e.call("POST", "/api/login", "", url.Values{"LoginCode": {"staff"}, "PassWord": {"Busy@12345"}}, "Accept-Language", "en")
			answers <- answer{resp.StatusCode, r}
		}()
	}
	close(start)
	wg.Wait()
	close(answers)
	var ok, busy int
	for a := range answers {
		switch {
		case a.env.Code == 0:
			ok++
		case a.status == 429 && a.env.Code == 429 && a.env.Message == "The system is busy, please try again":
			busy++
		default:
			t.Fatalf("unexpected answer: HTTP %d %+v", a.status, a.env)
		}
	}
	if ok == 0 || busy == 0 {
		t.Fatalf("%d signed in, %d busy; want some of each", ok, busy)
	}
}

// The personal information is kept per account (migration 046) and follows every change of what it shows,
// whoever writes it: the account edited by an administrator, its role renamed, its unit renamed in the
// database, a new sign-in.
func TestPersonalInfoFollowsEveryChange(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	type info struct {
		UserName    string     `json:"UserName"`
		UnitName    string     `json:"unitName"`
		Phone       string     `json:"phone"`
		Roles       []string   `json:"roles"`
		LastLoginAt *time.Time `json:"lastLoginAt"`
	}
	read := func(tok string) info {
		t.Helper()
		var in info
		e.Done("GET", "/api/sys/user/info", tok, nil, &in)
		return in
	}
	staff := e.login("staff", "Staff@123").AccessToken
	before := read(staff)
	if before.UnitName == "" || len(before.Roles) != 1 || before.LastLoginAt == nil {
		t.Fatalf("staff's information: %+v", before)
	}
	uid := e.UserID("staff")
	var unit string
	if err := e.app.DB.QueryRow(context.Background(), `SELECT unit_code FROM sys_user WHERE id = ?`, uid).Scan(&unit); err != nil {
		t.Fatal(err)
	}
	e.Done("PUT", "/api/sys/user/edit", admin, map[string]any{"id": uid, "loginCode": "staff", "userName": "改名员工", "unitCode": unit, "phone": "13900001111"}, nil)
	if got := read(staff); got.UserName != "改名员工" || got.Phone != "13900001111" {
		t.Fatalf("after the edit: %+v", got)
	}
	var roleID int64
	if err := e.app.DB.QueryRow(context.Background(), `SELECT role_id FROM sys_user_role WHERE user_id = ?`, uid).Scan(&roleID); err != nil {
		t.Fatal(err)
	}
	e.Done("PUT", "/api/sys/role/edit", admin, map[string]any{"id": roleID, "name": "改名角色", "remark": ""}, nil)
	if got := read(staff); len(got.Roles) != 1 || got.Roles[0] != "改名角色" {
		t.Fatalf("after the role's new name: %+v", got)
	}
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE org_unit SET unit_name = ? WHERE full_unit_code = ?`, "改名部门", unit); err != nil {
		t.Fatal(err)
	}
	if got := read(staff); got.UnitName != "改名部门" {
		t.Fatalf("after the unit's new name: %+v", got)
	}
	time.Sleep(10 * time.Millisecond)
	again := e.login("staff", "Staff@123").AccessToken
	if got := read(again); got.LastLoginAt == nil || !got.LastLoginAt.After(*before.LastLoginAt) {
		t.Fatalf("after a new sign-in: %+v, before %v", got, before.LastLoginAt)
	}
}
