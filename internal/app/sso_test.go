package app_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/coreos/go-oidc/v3/oidc/oidctest"

	"biddesk/internal/platform/config"
)

// oidcProvider is a real OpenID Connect provider running in the test (TLS): discovery and JWKS from go-oidc's
// oidctest, an authorization endpoint that hands out codes bound to the PKCE challenge and nonce, and a token
// endpoint that checks client, code and verifier and returns an ID token signed with a generated RSA key.
type oidcProvider struct {
	t     *testing.T
	srv   *httptest.Server
	key   *rsa.PrivateKey
	mu    sync.Mutex
	codes map[string]*grant
	// knobs of the next token answers
	status   int                  // HTTP status of the token endpoint (0: 200)
	body     string               // a raw body instead of the token answer
	delay    time.Duration        // wait before answering
	claims   func(map[string]any) // changes to the ID token's claims
	employee string
}

type grant struct {
	clientID, redirect, challenge, nonce string
	used                                 bool
}

const (
	ssoClientID = "biddesk"
	ssoSecret   = "client-s3cret"
	ssoRedirect = "https://biddesk.test/sso"
)

func newOIDCProvider(t *testing.T) *oidcProvider {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	p := &oidcProvider{t: t, key: key, codes: map[string]*grant{}}
	base := &oidctest.Server{PublicKeys: []oidctest.PublicKey{{PublicKey: key.Public(), KeyID: "k1", Algorithm: oidc.RS256}}}
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/auth":
			p.authorize(w, r)
		case "/token":
			p.token(w, r)
		case "/.well-known/openid-configuration":
			// oidctest's document, with the provider's sign-out (RP-initiated logout)
			rec := httptest.NewRecorder()
			base.ServeHTTP(rec, r)
			var doc map[string]any
			_ = json.Unmarshal(rec.Body.Bytes(), &doc)
			doc["end_session_endpoint"] = p.srv.URL + "/logout"
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(doc)
		default:
			base.ServeHTTP(w, r)
		}
	}))
	base.SetIssuer(p.srv.URL)
	t.Cleanup(p.srv.Close)
	return p
}

func randomCode(n int) string {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = letters[int(b[i])%len(letters)]
	}
	return string(b)
}

func (p *oidcProvider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("nonce") == "" || q.Get("state") == "" {
		http.Error(w, "missing PKCE, nonce or state", http.StatusBadRequest)
		return
	}
	code := randomCode(32)
	p.mu.Lock()
	p.codes[code] = &grant{clientID: q.Get("client_id"), redirect: q.Get("redirect_uri"), challenge: q.Get("code_challenge"), nonce: q.Get("nonce")}
	p.mu.Unlock()
	http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {code}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
}

func (p *oidcProvider) token(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	status, body, delay, tweak, employee, key := p.status, p.body, p.delay, p.claims, p.employee, p.key
	p.mu.Unlock()
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	if status >= 500 {
		http.Error(w, `{"error":"server_error"}`, status)
		return
	}
	if body != "" {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
		return
	}
	_ = r.ParseForm()
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	fail := func(code string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = fmt.Fprintf(w, `{"error":%q}`, code)
	}
	if id != ssoClientID || secret != ssoSecret {
		fail("invalid_client")
		return
	}
	p.mu.Lock()
	g := p.codes[r.PostForm.Get("code")]
	replay := g != nil && g.used
	if g != nil {
		g.used = true
	}
	p.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	switch {
	case g == nil || replay:
		fail("invalid_grant")
		return
	case base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge:
		fail("invalid_grant")
		return
	case g.redirect != r.PostForm.Get("redirect_uri"):
		fail("invalid_grant")
		return
	}
	now := time.Now()
	claims := map[string]any{"iss": p.srv.URL, "aud": ssoClientID, "sub": "hr-" + employee, "iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(),
		"nonce": g.nonce, "employee_code": employee, "name": "单点登录员工"}
	if tweak != nil {
		tweak(claims)
	}
	raw, _ := json.Marshal(claims)
	idToken := oidctest.SignIDToken(key, "k1", oidc.RS256, string(raw))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"access_token": randomCode(40), "token_type": "Bearer", "expires_in": 300, "id_token": idToken})
}

func (p *oidcProvider) set(f func(p *oidcProvider)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f(p)
}

// start runs the browser's part: /api/sso/start, then the provider's authorization endpoint, whose redirect to
// /sso carries the code and the state.
func (p *oidcProvider) start(e *env) (code, state string) {
	p.t.Helper()
	_, r := e.call("GET", "/api/sso/start", "", nil)
	var st struct{ Mode, URL string }
	if r.Code != 0 || json.Unmarshal(r.Data, &st) != nil || st.Mode != "oidc" || !strings.HasPrefix(st.URL, p.srv.URL+"/auth?") {
		p.t.Fatalf("sso start: %+v", r)
	}
	client := p.srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Get(st.URL)
	if err != nil {
		p.t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || resp.StatusCode != http.StatusFound || !strings.HasPrefix(loc.String(), ssoRedirect+"?") {
		p.t.Fatalf("authorize: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	return loc.Query().Get("code"), loc.Query().Get("state")
}

func ssoEnv(t *testing.T, tweak func(*config.Config)) *env {
	e := newEnv(t, func(c *config.Config) {
		c.SSOClientID, c.SSOClientSecret, c.SSORedirectURL = ssoClientID, ssoSecret, ssoRedirect
		c.SSOTimeout = 500 * time.Millisecond
		tweak(c)
	})
	return e
}

func (e *env) staffEmployee() string {
	var code string
	if err := e.app.DB.QueryRow(context.Background(), `SELECT employee_code FROM sys_user WHERE login_code = 'staff'`).Scan(&code); err != nil || code == "" {
		e.t.Fatalf("staff employee code %q (%v)", code, err)
	}
	return code
}

// ssoRefused checks a refused single sign-on: no session, the message, and one more login-log line with the reason.
func (e *env) ssoRefused(body map[string]string, reason, msg string) {
	e.t.Helper()
	before := e.Count(`SELECT COUNT(*) FROM login_log WHERE reason = ? AND success = 0`, reason)
	sessions := e.Count(`SELECT COUNT(*) FROM sys_session`)
	_, r := e.call("POST", "/api/sso/login", "", body)
	if r.Code == 0 || r.Message != msg || string(r.Data) != "" && string(r.Data) != "null" {
		e.t.Fatalf("%s: %+v, want %q", reason, r, msg)
	}
	if n := e.Count(`SELECT COUNT(*) FROM login_log WHERE reason = ? AND success = 0`, reason); n != before+1 {
		e.t.Fatalf("%s: login-log lines %d -> %d", reason, before, n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_session`); n != sessions {
		e.t.Fatalf("%s: a session was opened", reason)
	}
}

type ssoSession struct {
	AccessToken string `json:"accessToken"`
	RenewToken  string `json:"renewToken"`
	LoginCode   string `json:"LoginCode"`
	UserName    string `json:"UserName"`
}

func (e *env) ssoSignedIn(body map[string]string) ssoSession {
	e.t.Helper()
	_, r := e.call("POST", "/api/sso/login", "", body)
	var s ssoSession
	if r.Code != 0 || json.Unmarshal(r.Data, &s) != nil || s.AccessToken == "" || s.RenewToken == "" {
		e.t.Fatalf("sso login: %+v", r)
	}
	if _, r := e.call("GET", "/api/sys/user/session", s.AccessToken, nil); r.Code != 0 {
		e.t.Fatalf("the single sign-on session does not work: %+v", r)
	}
	return s
}

func TestSSOOpenIDConnect(t *testing.T) {
	p := newOIDCProvider(t)
	e := ssoEnv(t, func(c *config.Config) { c.SSOMode, c.SSOIssuer = "oidc", p.srv.URL })
	e.app.Auth.UseSSOClient(p.srv.Client())
	employee := e.staffEmployee()
	p.set(func(p *oidcProvider) { p.employee = employee })

	// good path: a session of the employee's account, marked HR-origin (its renewal token renews it)
	code, state := p.start(e)
	s := e.ssoSignedIn(map[string]string{"code": code, "state": state})
	if s.LoginCode != "staff" {
		t.Fatalf("signed in as %q", s.LoginCode)
	}
	if _, r := e.call("POST", "/api/login/renew", "", map[string]string{"renewToken": s.RenewToken}); r.Code != 0 {
		t.Fatalf("the HR-origin renewal: %+v", r)
	}
	if n := e.Count(`SELECT COUNT(*) FROM login_log WHERE login_code = 'staff' AND reason = 'sso' AND success = 1`); n != 1 {
		t.Fatalf("login-log lines of the sign-on: %d (%d)", n, e.Count(`SELECT COUNT(*) FROM login_log WHERE reason = 'sso'`))
	}

	// replayed: the same code and state again (the state is used up), then the code with a fresh state (the
	// provider refuses it)
	e.ssoRefused(map[string]string{"code": code, "state": state}, "sso_state", "单点登录请求已失效，请重新从人力资源系统进入")
	_, state2 := p.start(e)
	e.ssoRefused(map[string]string{"code": code, "state": state2}, "sso_rejected", "人力资源系统未认可该登录凭证，请重新从人力资源系统进入")

	// wrong state
	code, _ = p.start(e)
	e.ssoRefused(map[string]string{"code": code, "state": "not-the-state"}, "sso_state", "单点登录请求已失效，请重新从人力资源系统进入")
	e.ssoRefused(map[string]string{"code": code}, "sso_state", "单点登录请求已失效，请重新从人力资源系统进入")

	refusedWith := func(f func(p *oidcProvider), reason, msg string) {
		t.Helper()
		p.set(f)
		defer p.set(func(p *oidcProvider) { p.status, p.body, p.delay, p.claims = 0, "", 0, nil })
		code, state := p.start(e)
		e.ssoRefused(map[string]string{"code": code, "state": state}, reason, msg)
	}
	refusedWith(func(p *oidcProvider) {
		p.claims = func(c map[string]any) { c["exp"] = time.Now().Add(-time.Minute).Unix() }
	}, "sso_token_expired", "身份令牌已过期，请重新从人力资源系统进入")
	refusedWith(func(p *oidcProvider) { p.claims = func(c map[string]any) { c["aud"] = "another-client" } }, "sso_token", "身份令牌无效，无法完成单点登录")
	refusedWith(func(p *oidcProvider) { p.claims = func(c map[string]any) { c["iss"] = "https://evil.example" } }, "sso_token", "身份令牌无效，无法完成单点登录")
	refusedWith(func(p *oidcProvider) { p.claims = func(c map[string]any) { c["nonce"] = "another-nonce" } }, "sso_token", "身份令牌无效，无法完成单点登录")
	refusedWith(func(p *oidcProvider) { p.status = 500 }, "sso_unavailable", "人力资源系统暂时无法访问，请稍后再试")
	refusedWith(func(p *oidcProvider) { p.body = `{"access_token": "x", "id_token": ` }, "sso_bad_answer", "人力资源系统的应答无法识别，请联系管理员")
	refusedWith(func(p *oidcProvider) { p.delay = 2 * time.Second }, "sso_unavailable", "人力资源系统暂时无法访问，请稍后再试")
	refusedWith(func(p *oidcProvider) { p.claims = func(c map[string]any) { c["employee_code"] = "NOBODY-0001" } },
		"sso_no_account", "未找到与您的员工编号对应的账号，请联系管理员")

	// a token signed by another key
	own := p.key
	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	p.set(func(pp *oidcProvider) { pp.key = other })
	code, state = p.start(e)
	e.ssoRefused(map[string]string{"code": code, "state": state}, "sso_token", "身份令牌无效，无法完成单点登录")
	p.set(func(pp *oidcProvider) { pp.key = own })

	// and the provider still signs the employee in afterwards; signing out ends the HR session too (the
	// provider's sign-out, for the client's hidden logout frame)
	code, state = p.start(e)
	s = e.ssoSignedIn(map[string]string{"code": code, "state": state})
	_, r := e.call("POST", "/api/logout", s.AccessToken, nil)
	var logout string
	want := p.srv.URL + "/logout?" + url.Values{"client_id": {ssoClientID}, "post_logout_redirect_uri": {"https://biddesk.test/login"}}.Encode()
	if r.Code != 0 || json.Unmarshal(r.Data, &logout) != nil || logout != want {
		t.Fatalf("logout: %+v, want %s", r, want)
	}
}

// ticketServer is a real HTTPS server standing in for an HR system that only offers a code-to-employee look-up.
type ticketServer struct {
	srv    *httptest.Server
	mu     sync.Mutex
	status int
	body   string
	delay  time.Duration
	answer map[string]string // code -> employee code
}

func newTicketServer(t *testing.T) *ticketServer {
	ts := &ticketServer{answer: map[string]string{}}
	ts.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ts.mu.Lock()
		status, body, delay := ts.status, ts.body, ts.delay
		ts.mu.Unlock()
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		if id, secret, ok := r.BasicAuth(); !ok || id != ssoClientID || secret != ssoSecret || r.Method != http.MethodPost {
			http.Error(w, `{"code":401}`, http.StatusUnauthorized)
			return
		}
		if status != 0 {
			http.Error(w, "broken", status)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if body != "" {
			_, _ = w.Write([]byte(body))
			return
		}
		ts.mu.Lock()
		emp, ok := ts.answer[r.PostFormValue("code")]
		ts.mu.Unlock()
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"code":404,"message":"unknown code"}`))
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "data": map[string]any{"employeeCode": emp, "name": "工单员工"}})
	}))
	t.Cleanup(ts.srv.Close)
	return ts
}

// issue makes the HR system hand out a code for the employee.
func (ts *ticketServer) issue(employee string) string {
	code := randomCode(32)
	ts.mu.Lock()
	ts.answer[code] = employee
	ts.mu.Unlock()
	return code
}

func (ts *ticketServer) set(f func(ts *ticketServer)) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	f(ts)
}

func TestSSOHRTicket(t *testing.T) {
	ts := newTicketServer(t)
	e := ssoEnv(t, func(c *config.Config) { c.SSOMode, c.SSOTicketURL = "ticket", ts.srv.URL+"/sso/lookup" })
	e.app.Auth.UseSSOClient(ts.srv.Client())
	employee := e.staffEmployee()

	if _, r := e.call("GET", "/api/sso/start", "", nil); r.Code != 0 || !strings.Contains(string(r.Data), `"mode":"ticket"`) {
		t.Fatalf("start: %+v", r)
	}
	code := ts.issue(employee)
	s := e.ssoSignedIn(map[string]string{"code": code})
	if s.LoginCode != "staff" {
		t.Fatalf("signed in as %q", s.LoginCode)
	}
	// replayed: refused here, whatever the HR system would say
	e.ssoRefused(map[string]string{"code": code}, "sso_replay", "该单点登录凭证已使用过，请重新从人力资源系统进入")
	// codes outside 32-35 letters and digits
	for _, bad := range []string{"short", randomCode(36), randomCode(31) + "-"} {
		e.ssoRefused(map[string]string{"code": bad}, "sso_bad_code", "单点登录凭证格式不正确，请重新从人力资源系统进入")
	}
	// a code the HR system does not know
	e.ssoRefused(map[string]string{"code": randomCode(33)}, "sso_rejected", "人力资源系统未认可该登录凭证，请重新从人力资源系统进入")

	refusedWith := func(f func(ts *ticketServer), reason, msg string) {
		t.Helper()
		ts.set(f)
		defer ts.set(func(ts *ticketServer) { ts.status, ts.body, ts.delay = 0, "", 0 })
		e.ssoRefused(map[string]string{"code": ts.issue(employee)}, reason, msg)
	}
	refusedWith(func(ts *ticketServer) { ts.status = 500 }, "sso_unavailable", "人力资源系统暂时无法访问，请稍后再试")
	refusedWith(func(ts *ticketServer) { ts.body = `{"data": {"employeeCode": ` }, "sso_bad_answer", "人力资源系统的应答无法识别，请联系管理员")
	refusedWith(func(ts *ticketServer) { ts.body = `{"data": {"person": "x"}}` }, "sso_rejected", "人力资源系统未认可该登录凭证，请重新从人力资源系统进入")
	refusedWith(func(ts *ticketServer) { ts.delay = 2 * time.Second }, "sso_unavailable", "人力资源系统暂时无法访问，请稍后再试")

	// a known employee without an account: refused by default
	var other string
	if err := e.app.DB.QueryRow(context.Background(), `SELECT code FROM employee WHERE in_status = 1 AND code NOT IN (SELECT employee_code FROM sys_user) ORDER BY code LIMIT 1`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	e.ssoRefused(map[string]string{"code": ts.issue(other)}, "sso_no_account", "未找到与您的员工编号对应的账号，请联系管理员")

	// a disabled account
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET state = 0 WHERE login_code = 'staff'`); err != nil {
		t.Fatal(err)
	}
	e.ssoRefused(map[string]string{"code": ts.issue(employee)}, "sso_disabled", "您的账号已停用，请联系管理员")
}

func TestSSOCreatesTheAccountOfAKnownEmployeeWhenConfigured(t *testing.T) {
	ts := newTicketServer(t)
	e := ssoEnv(t, func(c *config.Config) {
		c.SSOMode, c.SSOTicketURL, c.SSOCreateUsers, c.SSODefaultRole = "ticket", ts.srv.URL+"/sso/lookup", true, "staff"
	})
	e.app.Auth.UseSSOClient(ts.srv.Client())
	var other, name string
	if err := e.app.DB.QueryRow(context.Background(), `SELECT code, name FROM employee WHERE in_status = 1 AND code NOT IN (SELECT employee_code FROM sys_user) ORDER BY code LIMIT 1`).Scan(&other, &name); err != nil {
		t.Fatal(err)
	}
	s := e.ssoSignedIn(map[string]string{"code": ts.issue(other)})
	if s.LoginCode != other || s.UserName != name {
		t.Fatalf("created account %+v, want %s %s", s, other, name)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id WHERE u.employee_code = ? AND r.code = 'staff'`, other); n != 1 {
		t.Fatalf("the created account has %d staff roles", n)
	}
	// the second sign-in finds the account; an unknown employee is still refused
	e.ssoSignedIn(map[string]string{"code": ts.issue(other)})
	e.ssoRefused(map[string]string{"code": ts.issue("NOBODY-0001")}, "sso_no_account", "未找到与您的员工编号对应的账号，请联系管理员")
}

func TestSSOOffSaysSo(t *testing.T) {
	e := newEnv(t)
	if _, r := e.call("GET", "/api/sso/start", "", nil); r.Code != 0 || !strings.Contains(string(r.Data), `"mode":"off"`) {
		t.Fatalf("start: %+v", r)
	}
	e.ssoRefused(map[string]string{"code": randomCode(32)}, "sso_not_configured", "单点登录尚未配置，请使用登录账号和密码登录")
}

func TestSSOSettingsAreMaskedAndTheConnectionCanBeTested(t *testing.T) {
	p := newOIDCProvider(t)
	e := ssoEnv(t, func(c *config.Config) {
		c.SSOMode, c.SSOIssuer = "oidc", p.srv.URL
		c.SMSURL, c.SMSToken = "https://user:pw@sms.example/send", "sms-secret-token"
	})
	e.app.Auth.UseSSOClient(p.srv.Client())
	admin := e.login("admin", "Admin@123").AccessToken
	staff := e.login("staff", "Staff@123").AccessToken

	_, r := e.call("GET", "/api/sys/sso/settings", admin, nil)
	raw := string(r.Data)
	if r.Code != 0 || !strings.Contains(raw, `"clientSecret":"******"`) || !strings.Contains(raw, `"smsToken":"******"`) || !strings.Contains(raw, `"mode":"oidc"`) {
		t.Fatalf("settings: %+v", r)
	}
	for _, secret := range []string{ssoSecret, "sms-secret-token", ":pw@"} {
		if strings.Contains(raw, secret) {
			t.Fatalf("the settings give %q away: %s", secret, raw)
		}
	}
	if _, r := e.call("POST", "/api/sys/sso/test", admin, nil); r.Code != 0 || !strings.Contains(string(r.Data), `"ok":true`) {
		t.Fatalf("connection test: %+v", r)
	}
	if resp, _ := e.call("GET", "/api/sys/sso/settings", staff, nil); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("staff read the settings: %d", resp.StatusCode)
	}
	if resp, _ := e.call("POST", "/api/sys/sso/test", staff, nil); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("staff tested the connection: %d", resp.StatusCode)
	}
}

func TestSSOTicketConnectionTestNamesRefusedCredentials(t *testing.T) {
	ts := newTicketServer(t)
	e := ssoEnv(t, func(c *config.Config) {
		c.SSOMode, c.SSOTicketURL, c.SSOClientSecret = "ticket", ts.srv.URL+"/sso/lookup", "wrong"
	})
	e.app.Auth.UseSSOClient(ts.srv.Client())
	admin := e.login("admin", "Admin@123").AccessToken
	if _, r := e.call("POST", "/api/sys/sso/test", admin, nil); r.Code != 0 || !strings.Contains(string(r.Data), `"ok":false`) || !strings.Contains(string(r.Data), "客户端凭据") {
		t.Fatalf("connection test with a wrong secret: %+v", r)
	}
}
