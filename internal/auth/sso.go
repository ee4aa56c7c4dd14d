package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Modes of single sign-on (config sso-mode).
const (
	SSOOff    = "off"
	SSOOIDC   = "oidc"
	SSOTicket = "ticket"
)

// SSOStateTTL is how long a started OpenID Connect sign-in may come back.
const SSOStateTTL = 10 * time.Minute

// ssoCode is the shape of the HR system's one-time code (spec section 2's guard rule).
var ssoCode = regexp.MustCompile(`^[A-Za-z0-9]{32,35}$`)

// Employee is an employee as single sign-on needs it, to create an account at a first sign-in.
type Employee struct {
	Code, Name, UnitCode, Phone, Email string
}

// Employees is what single sign-on needs of the organisation area: an active employee by code (nil when none).
type Employees interface {
	ActiveEmployee(ctx context.Context, code string) (*Employee, error)
}

// ssoState is the single sign-on's configuration and its cached provider.
type ssoState struct {
	cfg       config.Config
	client    *http.Client
	employees Employees

	mu       sync.Mutex
	provider *oidc.Provider
	verifier *oidc.IDTokenVerifier // the provider's, with its key set cached (fetched again for an unknown key)
}

func newSSOState(cfg config.Config) *ssoState {
	if cfg.SSOMode == "" || cfg.SSOMode == SSOOff {
		return nil
	}
	return &ssoState{cfg: cfg, client: &http.Client{Timeout: cfg.SSOTimeout}}
}

// UseSSOClient replaces the HTTP client of calls to the HR system (tests: one trusting a test server's certificate).
func (s *Service) UseSSOClient(c *http.Client) {
	if s.sso != nil {
		c.Timeout = s.sso.cfg.SSOTimeout
		s.sso.client = c
	}
}

// UseEmployees gives single sign-on the employee look-up (wiring).
func (s *Service) UseEmployees(e Employees) {
	if s.sso != nil {
		s.sso.employees = e
	}
}

// SSOStartIn is the input of GET /api/sso/start (none).
type SSOStartIn struct{}

// SSOStart is the answer of GET /api/sso/start: the mode, and in oidc mode the provider's address to go to.
type SSOStart struct {
	Mode string `json:"mode"`
	URL  string `json:"url,omitempty"`
}

// SSOLoginIn is the input of POST /api/sso/login: the code the HR system sent and, in oidc mode, the state.
type SSOLoginIn struct {
	Code  string `param:"code,required" max:"2048" doc:"the code the HR system sent (ticket mode: 32-35 letters and digits)"`
	State string `param:"state" max:"128" doc:"oidc: the state /api/sso/start began with"`
	OS    string `param:"os" max:"64" doc:"the client's operating system, for the login log"`
}

// ssoFailure is a refused single sign-on: its login-log reason and its message key.
type ssoFailure struct {
	reason string
	err    *httpx.Error
	detail string // for the server log only; never a code or a token
}

func ssoFail(kind string, detail string) *ssoFailure {
	return &ssoFailure{reason: "sso_" + kind, err: httpx.Fail("sso." + kind), detail: detail}
}

func (f *ssoFailure) Error() string { return f.reason + ": " + f.detail }

// Mode is the single sign-on's mode.
func (s *Service) SSOMode() string {
	if s.sso == nil {
		return SSOOff
	}
	return s.sso.cfg.SSOMode
}

// randomText is n random bytes, base64url.
func randomText(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// oidcProvider discovers the provider once (again after a failure).
func (st *ssoState) oidcProvider(ctx context.Context) (*oidc.Provider, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.provider != nil {
		return st.provider, nil
	}
	// the provider keeps this context for its key set's requests: only its client matters
	keep := oidc.ClientContext(context.WithoutCancel(ctx), st.client)
	p, err := oidc.NewProvider(keep, st.cfg.SSOIssuer)
	if err != nil {
		return nil, err
	}
	st.provider, st.verifier = p, p.VerifierContext(keep, &oidc.Config{ClientID: st.cfg.SSOClientID})
	return p, nil
}

func (st *ssoState) oauth(p *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{ClientID: st.cfg.SSOClientID, ClientSecret: st.cfg.SSOClientSecret, Endpoint: p.Endpoint(),
		RedirectURL: st.cfg.SSORedirectURL, Scopes: strings.Fields(st.cfg.SSOScopes)}
}

// SSOStart begins an OpenID Connect sign-in: state, nonce and PKCE verifier are stored (single-use, 10 minutes)
// and the provider's authorization address is returned. In ticket mode there is nothing to start.
func (s *Service) SSOStart(ctx context.Context) (_ *SSOStart, err error) {
	defer errs.Wrap(&err, "auth: sso start")
	mode := s.SSOMode()
	if mode != SSOOIDC {
		return &SSOStart{Mode: mode}, nil
	}
	p, err := s.sso.oidcProvider(ctx)
	if err != nil {
		slog.Warn("sso: provider discovery failed", "err", err)
		return nil, httpx.Fail("sso.unavailable")
	}
	state, err := randomText(32)
	if err != nil {
		return nil, err
	}
	nonce, err := randomText(32)
	if err != nil {
		return nil, err
	}
	verifier := oauth2.GenerateVerifier()
	if err := s.store.AddSSOState(ctx, HashToken(state), nonce, verifier, SSOStateTTL); err != nil {
		return nil, err
	}
	u := s.sso.oauth(p).AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier))
	return &SSOStart{Mode: mode, URL: u}, nil
}

// SSOLogin exchanges the HR system's code for an employee and opens a session marked HR-origin (with a renewal
// token, as a login with remember). Every refusal opens no session, answers one clear message and writes a
// login-log line.
func (s *Service) SSOLogin(ctx context.Context, in SSOLoginIn, ip, userAgent string) (_ *SessionUser, err error) {
	defer errs.Wrap(&err, "auth: sso login")
	keep := context.WithoutCancel(ctx)
	attempt := LoginAttempt{LoginCode: "sso", IP: ip, UserAgent: userAgent, OS: in.OS, Site: SiteStaff}
	employee, name, err := s.ssoEmployee(ctx, in)
	var f *ssoFailure
	if err == nil {
		attempt.LoginCode = employee
		var u *User
		u, f, err = s.ssoAccount(ctx, employee, name)
		if err == nil && f == nil {
			attempt.LoginCode, attempt.UserID, attempt.Reason = u.LoginCode, u.ID, "sso"
			return s.open(keep, u, attempt, true)
		}
	}
	if f == nil && !errors.As(err, &f) {
		return nil, err
	}
	slog.Warn("sso refused", "reason", f.reason, "detail", f.detail, "ip", ip)
	if logErr := s.store.LogLoginFailure(keep, attempt, f.reason); logErr != nil {
		return nil, logErr
	}
	return nil, f.err
}

// ssoEmployee finds the employee code (and name) the HR system vouches for.
func (s *Service) ssoEmployee(ctx context.Context, in SSOLoginIn) (string, string, error) {
	switch s.SSOMode() {
	case SSOOIDC:
		return s.oidcEmployee(ctx, in)
	case SSOTicket:
		return s.ticketEmployee(ctx, in)
	}
	return "", "", ssoFail("not_configured", "single sign-on is off")
}

func (s *Service) oidcEmployee(ctx context.Context, in SSOLoginIn) (string, string, error) {
	st := s.sso
	if in.Code == "" || len(in.Code) > 2048 {
		return "", "", ssoFail("bad_code", "no usable code")
	}
	if in.State == "" || len(in.State) > 128 {
		return "", "", ssoFail("state", "no state")
	}
	nonce, pkce, err := s.store.UseSSOState(ctx, HashToken(in.State))
	if err != nil {
		return "", "", err
	}
	if nonce == "" {
		return "", "", ssoFail("state", "unknown, used or expired state")
	}
	p, err := st.oidcProvider(ctx)
	if err != nil {
		return "", "", ssoFail("unavailable", "discovery: "+err.Error())
	}
	cctx := oidc.ClientContext(ctx, st.client)
	tok, err := st.oauth(p).Exchange(cctx, in.Code, oauth2.VerifierOption(pkce))
	if err != nil {
		return "", "", exchangeFailure(err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return "", "", ssoFail("bad_answer", "no id_token in the token answer")
	}
	st.mu.Lock()
	idv := st.verifier
	st.mu.Unlock()
	idt, err := idv.Verify(cctx, raw)
	if err != nil {
		var expired *oidc.TokenExpiredError
		if errors.As(err, &expired) {
			return "", "", ssoFail("token_expired", err.Error())
		}
		return "", "", ssoFail("token", err.Error())
	}
	if idt.Nonce != nonce {
		return "", "", ssoFail("token", "nonce mismatch")
	}
	var claims map[string]any
	if err := idt.Claims(&claims); err != nil {
		return "", "", ssoFail("bad_answer", "claims: "+err.Error())
	}
	employee := textOf(claims[st.cfg.SSOEmployeeClaim])
	if employee == "" {
		return "", "", ssoFail("bad_answer", "no claim "+st.cfg.SSOEmployeeClaim)
	}
	return employee, textOf(claims[st.cfg.SSONameClaim]), nil
}

// exchangeFailure classifies a failed token exchange: the provider refused the code (used, foreign, expired),
// was unavailable (5xx, time-out, unreachable), or answered something that is not a token answer.
func exchangeFailure(err error) *ssoFailure {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		if re.Response != nil && re.Response.StatusCode >= 500 {
			return ssoFail("unavailable", "token endpoint HTTP "+strconv.Itoa(re.Response.StatusCode))
		}
		if re.Response != nil && re.Response.StatusCode >= 400 {
			return ssoFail("rejected", "token endpoint refused the code: "+re.ErrorCode)
		}
		return ssoFail("bad_answer", "token endpoint answer")
	}
	if isTimeout(err) {
		return ssoFail("unavailable", "token endpoint timed out")
	}
	var ne net.Error
	var ue *url.Error
	if errors.As(err, &ne) || errors.As(err, &ue) {
		return ssoFail("unavailable", "token endpoint unreachable")
	}
	return ssoFail("bad_answer", "token endpoint: "+err.Error())
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
}

// ticketEmployee redeems the code at the HR system's look-up (POST form code, client credentials as HTTP Basic)
// and reads the employee code and name from the JSON answer by the configured paths.
func (s *Service) ticketEmployee(ctx context.Context, in SSOLoginIn) (string, string, error) {
	st := s.sso
	if !ssoCode.MatchString(in.Code) {
		return "", "", ssoFail("bad_code", "not 32-35 letters and digits")
	}
	fresh, err := s.store.UseSSOCode(ctx, HashToken(in.Code))
	if err != nil {
		return "", "", err
	}
	if !fresh {
		return "", "", ssoFail("replay", "code redeemed before")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, st.cfg.SSOTicketURL, strings.NewReader(url.Values{"code": {in.Code}}.Encode()))
	if err != nil {
		return "", "", ssoFail("unavailable", "bad ticket URL")
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.SetBasicAuth(st.cfg.SSOClientID, st.cfg.SSOClientSecret)
	resp, err := st.client.Do(req)
	if err != nil {
		if isTimeout(err) {
			return "", "", ssoFail("unavailable", "ticket look-up timed out")
		}
		return "", "", ssoFail("unavailable", "ticket look-up unreachable")
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case err != nil && isTimeout(err):
		return "", "", ssoFail("unavailable", "ticket look-up timed out")
	case err != nil:
		return "", "", ssoFail("unavailable", "ticket look-up: reading the answer")
	case resp.StatusCode >= 500:
		return "", "", ssoFail("unavailable", "ticket look-up HTTP "+strconv.Itoa(resp.StatusCode))
	case resp.StatusCode >= 400:
		return "", "", ssoFail("rejected", "ticket look-up HTTP "+strconv.Itoa(resp.StatusCode))
	case resp.StatusCode != http.StatusOK:
		return "", "", ssoFail("bad_answer", "ticket look-up HTTP "+strconv.Itoa(resp.StatusCode))
	}
	var doc any
	if err := json.Unmarshal(body, &doc); err != nil {
		return "", "", ssoFail("bad_answer", "ticket look-up answered no JSON")
	}
	employee := textOf(pathOf(doc, st.cfg.SSOTicketEmployeeField))
	if employee == "" {
		return "", "", ssoFail("rejected", "no "+st.cfg.SSOTicketEmployeeField+" in the answer")
	}
	return employee, textOf(pathOf(doc, st.cfg.SSOTicketNameField)), nil
}

// pathOf follows a dotted path of object keys in a JSON document (nil when it leads nowhere).
func pathOf(doc any, path string) any {
	for _, key := range strings.Split(path, ".") {
		m, ok := doc.(map[string]any)
		if !ok {
			return nil
		}
		doc = m[key]
	}
	return doc
}

// textOf is a claim or field as text: a string, or a whole number (employee codes sent as numbers).
func textOf(v any) string {
	switch x := v.(type) {
	case string:
		x = strings.TrimSpace(x)
		if len(x) > 64 || strings.IndexByte(x, 0) >= 0 {
			return ""
		}
		return x
	case float64:
		if x == float64(int64(x)) {
			return strconv.FormatInt(int64(x), 10)
		}
	}
	return ""
}

// ssoAccount is the staff account of the employee; at a first sign-in of a known employee without one it is
// created with the default role when the configuration allows it.
func (s *Service) ssoAccount(ctx context.Context, employee, name string) (*User, *ssoFailure, error) {
	u, err := s.store.UserByEmployeeCode(ctx, employee)
	if err != nil {
		return nil, nil, err
	}
	if u == nil {
		if !s.sso.cfg.SSOCreateUsers || s.sso.employees == nil {
			return nil, ssoFail("no_account", "no account for the employee"), nil
		}
		e, err := s.sso.employees.ActiveEmployee(ctx, employee)
		if err != nil {
			return nil, nil, err
		}
		if e == nil {
			return nil, ssoFail("no_account", "no active employee of that code"), nil
		}
		if u, err = s.createSSOAccount(ctx, e); err != nil || u == nil {
			if err == nil {
				return nil, ssoFail("no_account", "the login code is taken by another account"), nil
			}
			return nil, nil, err
		}
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, nil, err
	} else if !ok {
		return nil, ssoFail("disabled", "account disabled"), nil
	}
	return u, nil, nil
}

// createSSOAccount creates the employee's staff account (login code = employee code) with an unusable random
// password and the default role; nil when the login code is taken.
func (s *Service) createSSOAccount(ctx context.Context, e *Employee) (*User, error) {
	pw, err := randomText(24)
	if err != nil {
		return nil, err
	}
	hash, err := hashPassword(ctx, pw+"aA1!")
	if err != nil {
		return nil, err
	}
	u := &User{LoginCode: e.Code, UserName: e.Name, PasswordHash: hash, State: 1, UserType: SiteStaff, UnitCode: e.UnitCode, Phone: e.Phone, Email: e.Email}
	id, err := s.store.CreateSSOUser(ctx, u, e.Code, s.sso.cfg.SSODefaultRole)
	if err != nil || id == 0 {
		return nil, err
	}
	return s.store.UserByID(ctx, id)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"sso.not_configured": {"单点登录尚未配置，请使用登录账号和密码登录", "Single sign-on is not configured; please sign in with your login code and password"},
		"sso.bad_code":       {"单点登录凭证格式不正确，请重新从人力资源系统进入", "The single sign-on code is malformed; please come again from the HR system"},
		"sso.state":          {"单点登录请求已失效，请重新从人力资源系统进入", "The single sign-on request is no longer valid; please come again from the HR system"},
		"sso.replay":         {"该单点登录凭证已使用过，请重新从人力资源系统进入", "This single sign-on code was used already; please come again from the HR system"},
		"sso.rejected":       {"人力资源系统未认可该登录凭证，请重新从人力资源系统进入", "The HR system did not accept the sign-on code; please come again from the HR system"},
		"sso.token_expired":  {"身份令牌已过期，请重新从人力资源系统进入", "The identity token has expired; please come again from the HR system"},
		"sso.token":          {"身份令牌无效，无法完成单点登录", "The identity token is not valid; single sign-on failed"},
		"sso.unavailable":    {"人力资源系统暂时无法访问，请稍后再试", "The HR system cannot be reached at the moment; please try again later"},
		"sso.bad_answer":     {"人力资源系统的应答无法识别，请联系管理员", "The HR system's answer could not be read; please contact the administrator"},
		"sso.no_account":     {"未找到与您的员工编号对应的账号，请联系管理员", "No account matches your employee code; please contact the administrator"},
		"sso.disabled":       {"您的账号已停用，请联系管理员", "Your account is disabled; please contact the administrator"},
	})
}

// ssoLogoutURL is the provider's end_session_endpoint (OpenID Connect RP-initiated logout) with the client ID and
// the sign-in page as the address to come back to; "" when single sign-on is not oidc or the provider has none.
func (s *Service) ssoLogoutURL(ctx context.Context) string {
	if s.SSOMode() != SSOOIDC {
		return ""
	}
	p, err := s.sso.oidcProvider(ctx)
	if err != nil {
		return ""
	}
	var meta struct {
		EndSession string `json:"end_session_endpoint"`
	}
	if p.Claims(&meta) != nil || meta.EndSession == "" {
		return ""
	}
	u, err := url.Parse(meta.EndSession)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") {
		return ""
	}
	q := u.Query()
	q.Set("client_id", s.sso.cfg.SSOClientID)
	if back, err := url.Parse(s.sso.cfg.SSORedirectURL); err == nil && back.Host != "" {
		back.Path, back.RawQuery = "/login", ""
		q.Set("post_logout_redirect_uri", back.String())
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// CheckSSOConfig tells what is missing or unsafe in the single sign-on and SMS settings, at start: oidc needs the
// issuer, the client ID and the redirect URL; ticket needs the look-up URL and the client ID; addresses are HTTPS
// (plain HTTP only on the loopback, for development and tests).
func CheckSSOConfig(c config.Config) error {
	var problems []string
	need := func(v, name string) {
		if strings.TrimSpace(v) == "" {
			problems = append(problems, name+" is required")
		}
	}
	secure := func(raw, name string) {
		if raw == "" {
			return
		}
		u, err := url.Parse(raw)
		switch {
		case err != nil || u.Host == "":
			problems = append(problems, name+" is not an absolute URL")
		case u.Scheme == "https":
		case u.Scheme == "http" && isLoopback(u.Hostname()):
		default:
			problems = append(problems, name+" must use https (http only on the loopback)")
		}
	}
	switch c.SSOMode {
	case SSOOIDC:
		need(c.SSOIssuer, "sso-issuer")
		need(c.SSOClientID, "sso-client-id")
		need(c.SSORedirectURL, "sso-redirect-url")
		secure(c.SSOIssuer, "sso-issuer")
	case SSOTicket:
		need(c.SSOTicketURL, "sso-ticket-url")
		need(c.SSOClientID, "sso-client-id")
		secure(c.SSOTicketURL, "sso-ticket-url")
	}
	secure(c.SMSURL, "sms-url")
	if c.SMSProvider == SMSAliyun || c.SMSProvider == SMSTencent {
		need(c.SMSAccessKeyID, "sms-access-key-id")
		need(c.SMSAccessKeySecret, "sms-access-key-secret")
		need(c.SMSSignName, "sms-sign-name")
		need(c.SMSTemplate, "sms-template")
		if c.SMSProvider == SMSTencent {
			need(c.SMSAppID, "sms-app-id")
		}
	}
	if c.SMTPAddr != "" {
		if _, _, err := net.SplitHostPort(c.SMTPAddr); err != nil {
			problems = append(problems, "smtp-addr is not host:port")
		}
		if _, err := mail.ParseAddress(c.SMTPFrom); err != nil {
			problems = append(problems, "smtp-from is not an e-mail address")
		}
	}
	if len(problems) > 0 {
		return errors.New("single sign-on settings: " + strings.Join(problems, "; "))
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
