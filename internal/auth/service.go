// Package auth signs users in and out, keeps their sessions, changes passwords and guards
// every API call with the caller's function codes.
package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/notify"
	"biddesk/internal/platform/validate"
)

// Menu is one node of the session's menu tree (spec section 3: code and subMenus).
type Menu struct {
	Code     string  `json:"code"`
	Name     string  `json:"name"`
	Path     string  `json:"path"`
	Icon     string  `json:"icon"`
	SubMenus []*Menu `json:"subMenus"`
}

// Grants is what auth needs of the access area: a user's roles, function codes and menus.
type Grants interface {
	UserGrants(ctx context.Context, userID int64) (roles []string, funCodes []string, menus []*Menu, err error)
	// FunctionCodes is the cheap part of UserGrants, asked on every call.
	FunctionCodes(ctx context.Context, userID int64) ([]string, error)
	// RoleNames is the roles part of UserGrants (the personal information shows them).
	RoleNames(ctx context.Context, userID int64) ([]string, error)
}

// DictCache is what auth needs of the dictionary area: the cache sent to the client.
type DictCache interface {
	DictData(ctx context.Context) (any, error)
}

// UnitNames resolves a unit code to its name, for the session user and personal info.
type UnitNames interface {
	UnitName(ctx context.Context, fullUnitCode string) (string, error)
}

// Policy is the session and sign-out settings, read at each use so that a change in the system
// configuration applies without a restart.
type Policy interface {
	SessionIdle() time.Duration
	SessionAbsolute() time.Duration
	SingleSession() bool
	LogoutURL() string
	HelpURL() string
}

// flagPolicy is the policy of the server's flags (BIDDESK_* variables), until UsePolicy replaces it.
type flagPolicy struct{ cfg config.Config }

func (f flagPolicy) SessionIdle() time.Duration     { return f.cfg.SessionIdle }
func (f flagPolicy) SessionAbsolute() time.Duration { return f.cfg.SessionAbsolute }
func (f flagPolicy) SingleSession() bool            { return f.cfg.SingleSession }
func (f flagPolicy) LogoutURL() string              { return f.cfg.LogoutURL }
func (f flagPolicy) HelpURL() string                { return f.cfg.HelpURL }

// Principal is the signed-in caller of a request.
type Principal struct {
	UserID    int64
	SessionID int64
	LoginCode string
	UserName  string
	UserType  string
	UnitCode  string
	FunCodes  map[string]bool
	// MustChangePassword: the account's password was set by an administrator (updatePwd 1); until it
	// is changed the guard answers only sign-out, the session user and the password change.
	MustChangePassword bool
}

// Can tells whether the caller holds the function code.
func (p *Principal) Can(code string) bool { return p != nil && p.FunCodes[code] }

// Service holds the rules of sign-in and sessions.
type Service struct {
	store  *Store
	cfg    config.Config
	grants Grants
	dicts  DictCache
	units  UnitNames
	policy Policy
	gates  []Gate
	now    func() time.Time
	cache  sessionCache
	// sender and mailer deliver verification codes by SMS and by e-mail (verify.go).
	sender, mailer notify.Sender
	// sso is the single sign-on (sso.go); nil when it is off.
	sso *ssoState
	// versions answers the change counters (UseVersions); nil reads 'auth' from the store on every call
	// and keeps no personal information.
	versions func(ctx context.Context, topic string) (int64, error)
	profiles profileCache
}

// UseVersions sets where the service reads the counters 'auth' (every call's check) and 'profile' (the
// personal information): the change bus, which on PostgreSQL answers from memory while its
// notifications say nothing moved. Wiring calls it before serving.
func (s *Service) UseVersions(fn func(ctx context.Context, topic string) (int64, error)) {
	s.versions = fn
}

// Gate can refuse a live, enabled account for a reason outside the account itself (an external
// user's organisation is disabled). A refused account neither signs in nor gets an answer to a
// call, exactly like a disabled one.
type Gate func(ctx context.Context, u *User) (bool, error)

// AddGate adds a check to sign-in and to every authenticated call; wiring calls it before serving.
func (s *Service) AddGate(g Gate) { s.gates = append(s.gates, g) }

// gatesPass tells whether every gate lets the account in.
func (s *Service) gatesPass(ctx context.Context, u *User) (bool, error) {
	for _, g := range s.gates {
		if ok, err := g(ctx, u); err != nil || !ok {
			return false, err
		}
	}
	return true, nil
}

// usable tells whether an account may be signed in or answered: enabled, and no gate refuses it.
func (s *Service) usable(ctx context.Context, u *User) (bool, error) {
	if u == nil || u.State == 0 {
		return false, nil
	}
	return s.gatesPass(ctx, u)
}

func NewService(store *Store, cfg config.Config, grants Grants, dicts DictCache, units UnitNames) *Service {
	SetHashConcurrency(cfg.HashConcurrency, HashWait)
	return &Service{store: store, cfg: cfg, grants: grants, dicts: dicts, units: units, policy: flagPolicy{cfg}, now: func() time.Time { return time.Now().UTC() },
		sender: senderOf(cfg), mailer: mailerOf(cfg), sso: newSSOState(cfg)}
}

// UsePolicy makes the service read its session policy and URLs from p (the system configuration).
func (s *Service) UsePolicy(p Policy) { s.policy = p }

// Sites a login comes from: staff at /api/login, external users at /api/outSite/login.
const (
	SiteStaff    = "staff"
	SiteExternal = "external"
)

// LoginRequest is what a sign-in form sends.
type LoginRequest struct {
	LoginCode, Password, Response, OS string
	Site, IP, UserAgent               string
	// Remember asks for a renewal token (HR-origin sign-ins), kept by the browser instead of the password.
	Remember bool
	// Kind is the session opened: KindWeb (empty) or KindH5 (the mobile plug-in's h5Token).
	Kind string
}

// RememberTTL is how long an HR-origin sign-in may be renewed silently.
const RememberTTL = 30 * 24 * time.Hour

// SessionUser is the session user of spec section 3, as the login answer carries it.
type SessionUser struct {
	AccessToken string   `json:"accessToken,omitempty" doc:"only in the login answer"`
	RenewToken  string   `json:"renewToken,omitempty" doc:"only for remember=ahr sign-ins and renewals; single use, 30 days"`
	UserName    string   `json:"UserName"`
	LoginCode   string   `json:"LoginCode"`
	UserID      int64    `json:"userId"`
	UnitName    string   `json:"unitName"`
	Roles       []string `json:"roles"`
	FunCodes    string   `json:"funCodes" doc:"comma-separated function codes"`
	SysMenus    []*Menu  `json:"sysMenus"`
	UpdatePwd   int      `json:"updatePwd" enum:"0,1"`
	LogoutURL   string   `json:"logout_url"`
	HelpURL     string   `json:"helpUrl" doc:"the help centre's URL (BIDDESK_HELP_URL), opened in a new tab"`
	DictData    any      `json:"dictData" types:"array" doc:"every enabled dictionary as a tree (DictEntry, as GET /api/sys/dict/getDictCache answers)"`
	Theme       string   `json:"theme" enum:"light,dark,system" doc:"the colour theme the account chose (PUT /api/sys/user/theme); system follows the device's setting"`
	External    bool     `json:"external" doc:"an external (partner) account: the portal leaves out what is for staff only (demands, training)"`
}

// Login checks the credentials and opens a session. Every attempt the throttle admits is logged; failures are
// throttled per account and address (throttle.go), and answer with one generic message.
func (s *Service) Login(ctx context.Context, req LoginRequest) (_ *SessionUser, err error) {
	defer errs.Wrap(&err, "auth: login")
	code := strings.TrimSpace(req.LoginCode)
	if code == "" || req.Password == "" {
		return nil, httpx.Fail("auth.credentials_required")
	}
	attempt := LoginAttempt{LoginCode: code, IP: req.IP, UserAgent: req.UserAgent, OS: req.OS, Site: req.Site, Kind: req.Kind}
	// The attempt is counted before the password is checked, so parallel guesses cannot all pass a
	// count taken before any of them failed; a refused attempt is written nowhere and counts as nothing.
	id, refused, err := s.store.Reserve(ctx, KindSignIn, attempt, s.limits())
	if err != nil {
		return nil, err
	}
	if refused != "" {
		return nil, httpx.ErrThrottled
	}
	attempt.Reserved = id
	// The verdict is recorded even when the client has gone away meanwhile.
	keep := context.WithoutCancel(ctx)
	fail := func(reason string, userID int64, err error) (*SessionUser, error) {
		if logErr := s.store.Resolve(keep, id, reason, userID); logErr != nil {
			return nil, logErr
		}
		return nil, err
	}
	// A code that is not clean text names no account (and PostgreSQL would refuse it as a parameter).
	var u *User
	if utf8.ValidString(code) && strings.IndexByte(code, 0) < 0 {
		if u, err = s.store.UserByLoginCode(ctx, code); err != nil {
			return fail(ReasonError, 0, err)
		}
	}
	hash := dummyHash
	if u != nil {
		hash = u.PasswordHash
	}
	ok, err := checkPassword(ctx, hash, req.Password)
	if notTried(ctx, err) {
		// No hashing slot came free (or the client left while waiting): the attempt is no failure.
		if relErr := s.store.Release(keep, id); relErr != nil {
			return nil, relErr
		}
		return nil, err
	}
	if err != nil {
		return fail(ReasonError, 0, err)
	}
	switch {
	case u == nil:
		return fail("unknown_account", 0, httpx.Fail("auth.bad_credentials"))
	case !ok:
		return fail("bad_password", u.ID, httpx.Fail("auth.bad_credentials"))
	case u.State == 0:
		return fail("disabled", u.ID, httpx.Fail("auth.bad_credentials"))
	case u.UserType != req.Site:
		return fail("wrong_site", u.ID, httpx.Fail("auth.bad_credentials"))
	}
	if pass, err := s.gatesPass(ctx, u); err != nil {
		return fail(ReasonError, u.ID, err)
	} else if !pass {
		return fail("org_disabled", u.ID, httpx.Fail("auth.bad_credentials"))
	}
	attempt.UserID = u.ID
	su, err := s.open(keep, u, attempt, req.Remember)
	if err != nil {
		// A session that could not be opened leaves its reservation a failure, marked as an error
		// (the update is a no-op when the success row was already committed).
		_ = s.store.Resolve(keep, id, ReasonError, u.ID)
		return nil, err
	}
	return su, nil
}

// notTried tells whether a password check failed before hashing: no slot came free in time, or
// the request was cancelled while waiting for one.
func notTried(ctx context.Context, err error) bool {
	return errors.Is(err, ErrBusy) || (err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()))
}

// limits are the throttle's limits in force now.
func (s *Service) limits() Limits {
	now := s.now()
	return Limits{Now: now, Since: now.Add(-s.cfg.ThrottleWindow), Account: s.cfg.ThrottleAccount, Address: s.cfg.ThrottleAddress}
}

// open starts a session for u (and a renewal token when remember is set).
func (s *Service) open(ctx context.Context, u *User, attempt LoginAttempt, remember bool) (*SessionUser, error) {
	token, err := NewToken()
	if err != nil {
		return nil, err
	}
	if err := s.store.StartSession(ctx, HashToken(token), u.ID, s.policy.SessionAbsolute(), s.policy.SingleSession(), attempt); err != nil {
		return nil, err
	}
	if attempt.Kind == KindH5 {
		return s.h5User(ctx, u, token)
	}
	su, err := s.SessionUserOf(ctx, u)
	if err != nil {
		return nil, err
	}
	su.AccessToken = token
	if remember {
		renew, err := NewToken()
		if err != nil {
			return nil, err
		}
		if err := s.store.AddRemember(ctx, HashToken(renew), u.ID, RememberTTL); err != nil {
			return nil, err
		}
		su.RenewToken = renew
	}
	return su, nil
}

// Renew signs an HR-origin user in again with a renewal token; the token is used up and a new
// one is returned with the session. An unusable token is one generic failure.
func (s *Service) Renew(ctx context.Context, renewToken, ip, userAgent, os string) (_ *SessionUser, err error) {
	defer errs.Wrap(&err, "auth: renew")
	if renewToken == "" || len(renewToken) > 128 {
		return nil, httpx.ErrTokenInvalid
	}
	userID, err := s.store.UseRemember(ctx, HashToken(renewToken))
	if err != nil {
		return nil, err
	}
	if userID == 0 {
		return nil, httpx.ErrTokenInvalid
	}
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.ErrTokenInvalid
	}
	attempt := LoginAttempt{LoginCode: u.LoginCode, UserID: u.ID, IP: ip, UserAgent: userAgent, OS: os, Site: u.UserType, Reason: "renew"}
	return s.open(ctx, u, attempt, true)
}

// SessionUserOf builds the session user (menus, function codes, dictionaries) of an account.
func (s *Service) SessionUserOf(ctx context.Context, u *User) (_ *SessionUser, err error) {
	defer errs.Wrap(&err, "auth: session user of %d", u.ID)
	roles, funCodes, menus, err := s.grants.UserGrants(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	dictData, err := s.dicts.DictData(ctx)
	if err != nil {
		return nil, err
	}
	unitName, err := s.units.UnitName(ctx, u.UnitCode)
	if err != nil {
		return nil, err
	}
	if roles == nil {
		roles = []string{}
	}
	if menus == nil {
		menus = []*Menu{}
	}
	return &SessionUser{
		UserName: u.UserName, LoginCode: u.LoginCode, UserID: u.ID, UnitName: unitName, Roles: roles,
		FunCodes: strings.Join(funCodes, ","), SysMenus: menus, UpdatePwd: u.UpdatePwd,
		LogoutURL: s.policy.LogoutURL(), HelpURL: s.policy.HelpURL(), DictData: dictData, Theme: themeOf(u.Theme),
		External: u.UserType == SiteExternal,
	}, nil
}

// Themes are the colour themes an account can choose; ThemeSystem follows the device's light or dark setting.
const (
	ThemeLight  = "light"
	ThemeDark   = "dark"
	ThemeSystem = "system"
)

// themeOf is a stored theme as the session user shows it: anything else (a user read without it) is the system's.
func themeOf(stored string) string {
	switch stored {
	case ThemeLight, ThemeDark:
		return stored
	}
	return ThemeSystem
}

// SetTheme remembers the colour theme the caller chose, for every browser the account signs in from.
func (s *Service) SetTheme(ctx context.Context, p *Principal, theme string) error {
	if theme != ThemeLight && theme != ThemeDark && theme != ThemeSystem {
		return httpx.Fail("user.theme_invalid")
	}
	return s.store.SetTheme(ctx, p.UserID, theme)
}

// Authenticate resolves a token to its principal. A session ended by a newer login answers
// with the 'Identity verification failed:' error; any other unusable token with 'token invalid'.
//
// The session, its account and the account's function codes are cached with the 'auth' version they
// were read at (migrations/022_auth_version.sql): every call reads that one counter, and any change
// that matters, written by any path on any instance, moves it, so the next call reads afresh.
func (s *Service) Authenticate(ctx context.Context, token string) (_ *Principal, err error) {
	defer errs.Wrap(&err, "auth: authenticate")
	return s.authenticate(ctx, token, false)
}

// authenticate resolves a web token (h5 false: AccessToken) or a mobile one (h5: h5Token, AuthenticateH5)
// through the session cache. A token of the other kind is refused: a mobile session's h5Token is no web
// token and the other way round. Refusals of a mobile token are all ErrH5Unauthorized.
func (s *Service) authenticate(ctx context.Context, token string, h5 bool) (*Principal, error) {
	refused, kicked := httpx.ErrTokenInvalid, httpx.ErrKicked
	if h5 {
		refused, kicked = ErrH5Unauthorized, ErrH5Unauthorized
	}
	if token == "" || len(token) > 128 {
		return nil, refused
	}
	hash := HashToken(token)
	version, err := s.authVersion(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if c := s.cache.get(hash, version); c != nil && kindOK(c.session.Kind, h5) {
		// A cached session that looks idle may have been used on another instance: only the
		// database decides that it expired.
		if !now.After(c.session.ExpiresAt) && now.Sub(c.session.LastSeenAt) <= s.policy.SessionIdle() {
			if err := s.touch(ctx, hash, c, now); err != nil {
				return nil, err
			}
			return c.principal(), nil
		}
	}
	ss, u, err := s.store.SessionByTokenHash(ctx, hash)
	if err != nil {
		return nil, err
	}
	if ss == nil || !kindOK(ss.Kind, h5) {
		return nil, refused
	}
	if ss.EndedAt.Valid {
		if ss.EndReason == EndReplaced {
			return nil, kicked
		}
		return nil, refused
	}
	if now.After(ss.ExpiresAt) || now.Sub(ss.LastSeenAt) > s.policy.SessionIdle() {
		_ = s.store.EndSession(ctx, ss.ID, EndExpired)
		return nil, refused
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, err
	} else if !ok {
		_ = s.store.EndSession(ctx, ss.ID, EndDisabled)
		return nil, refused
	}
	p, err := s.principalOf(ctx, u, ss.ID)
	if err != nil {
		return nil, err
	}
	if now.Sub(ss.LastSeenAt) > time.Minute {
		if err := s.store.TouchSession(ctx, ss.ID, now); err != nil {
			return nil, err
		}
		ss.LastSeenAt = now
	}
	c := &cachedSession{session: *ss, version: version, p: *p}
	s.cache.put(hash, c)
	return c.principal(), nil
}

// kindOK tells whether a session of kind answers a web call (h5 false: a web session, or one stored before
// kinds existed) or a mobile one (h5: a mobile session only).
func kindOK(kind string, h5 bool) bool {
	if h5 {
		return kind == KindH5
	}
	return kind == KindWeb || kind == ""
}

// touch records the session's use at most once a minute: recording every request would turn reads
// into writes, and a minute's precision is enough for idle expiry.
func (s *Service) touch(ctx context.Context, hash string, c *cachedSession, now time.Time) error {
	if now.Sub(c.session.LastSeenAt) <= time.Minute {
		return nil
	}
	if err := s.store.TouchSession(ctx, c.session.ID, now); err != nil {
		return err
	}
	s.cache.seen(hash, now)
	return nil
}

// principalOf builds the caller of a request from its account.
func (s *Service) principalOf(ctx context.Context, u *User, sessionID int64) (*Principal, error) {
	funCodes, err := s.grants.FunctionCodes(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	set := make(map[string]bool, len(funCodes))
	for _, c := range funCodes {
		set[c] = true
	}
	return &Principal{UserID: u.ID, SessionID: sessionID, LoginCode: u.LoginCode, UserName: u.UserName, UserType: u.UserType,
		UnitCode: u.UnitCode, FunCodes: set, MustChangePassword: u.UpdatePwd == 1}, nil
}

// Logout ends the caller's session and returns the logout URL.
func (s *Service) Logout(ctx context.Context, p *Principal) (_ string, err error) {
	defer errs.Wrap(&err, "auth: logout")
	if err := s.store.EndSession(ctx, p.SessionID, EndLogout); err != nil {
		return "", err
	}
	// Signing out also forgets an HR-origin sign-in, or the guard would sign the user straight back in.
	if err := s.store.RevokeRemember(ctx, p.UserID); err != nil {
		return "", err
	}
	if u := s.policy.LogoutURL(); u != "" {
		return u, nil
	}
	// no logout URL configured: with OpenID Connect, the provider's own sign-out (RP-initiated logout), loaded
	// by the client in its hidden frame, ends the HR session too
	return s.ssoLogoutURL(ctx), nil
}

// ChangePassword applies spec section 5's rules, stores the new hash, resets updatePwd to 0
// and ends the user's other sessions.
// Wrong old passwords are throttled like sign-ins; after ThrottleAccount of them the session ends.
func (s *Service) ChangePassword(ctx context.Context, p *Principal, oldPw, newPw, repeat, ip, userAgent string) (err error) {
	defer errs.Wrap(&err, "auth: change password")
	switch {
	case oldPw == "":
		return httpx.Fail("pwd.old_required")
	case newPw == "":
		return httpx.Fail("pwd.new_required")
	case repeat == "":
		return httpx.Fail("pwd.repeat_required")
	case len([]rune(oldPw)) > validate.PasswordMax:
		return httpx.Fail("pwd.too_long")
	case !validate.PasswordOK(newPw):
		return httpx.Fail("pwd.rule")
	case newPw != repeat:
		return httpx.Fail("pwd.mismatch")
	case validate.PasswordCommon(newPw):
		return httpx.Fail("pwd.common")
	case newPw == oldPw:
		return httpx.Fail("pwd.same")
	}
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return err
	}
	if u == nil {
		return httpx.ErrTokenInvalid
	}
	// The old password is a guess like a sign-in's: counted first, per account and per address,
	// in the sign-in's own throttle (it is the same secret).
	attempt := LoginAttempt{LoginCode: u.LoginCode, UserID: u.ID, IP: ip, UserAgent: userAgent, Site: u.UserType}
	id, refused, err := s.store.Reserve(ctx, KindOldPassword, attempt, s.limits())
	if err != nil {
		return err
	}
	keep := context.WithoutCancel(ctx)
	if refused != "" {
		if err := s.endIfGuessing(keep, p, ip); err != nil {
			return err
		}
		return httpx.ErrThrottled
	}
	ok, err := checkPassword(ctx, u.PasswordHash, oldPw)
	if notTried(ctx, err) {
		if relErr := s.store.Release(keep, id); relErr != nil {
			return relErr
		}
		return err
	}
	if err != nil {
		_ = s.store.Resolve(keep, id, ReasonError, u.ID)
		return err
	}
	if !ok {
		if err := s.store.Resolve(keep, id, ReasonOldPasswordWrong, u.ID); err != nil {
			return err
		}
		if err := s.endIfGuessing(keep, p, ip); err != nil {
			return err
		}
		return httpx.Fail("pwd.old_wrong")
	}
	// A right old password is no failure; the change itself is in the business record of the account.
	if err := s.store.Release(keep, id); err != nil {
		return err
	}
	hash, err := hashPassword(ctx, newPw)
	if err != nil {
		return err
	}
	if err := s.store.RevokeRemember(ctx, u.ID); err != nil {
		return err
	}
	return s.store.SetPassword(ctx, u.ID, hash, 0, p.SessionID)
}

// endIfGuessing ends the caller's session (and the user's renewal tokens) once the wrong old
// passwords given for the user within the throttle window reach the account limit: whoever holds
// the session is guessing the password. Sign-in failures alone never end a session, or anyone
// could sign a user out by failing to sign in as them.
func (s *Service) endIfGuessing(ctx context.Context, p *Principal, ip string) error {
	lim := s.limits()
	n, err := s.store.OldPasswordFailures(ctx, p.UserID, lim.Since)
	if err != nil || n < lim.Account {
		return err
	}
	if p.SessionID != 0 {
		if err := s.store.EndSession(ctx, p.SessionID, EndGuessing); err != nil {
			return err
		}
	}
	if err := s.store.RevokeRemember(ctx, p.UserID); err != nil {
		return err
	}
	slog.Warn("session ended after repeated wrong old passwords", "user", p.UserID, "session", p.SessionID, "failures", n)
	return s.store.LogSecurityEvent(ctx, p.UserID, "password_guess", fmt.Sprintf("%d wrong old passwords within %s; session %d ended", n, s.cfg.ThrottleWindow, p.SessionID), ip)
}

// SetPassword is the administrator's reset (CLI and user management): updatePwd 1 makes the
// user change it at next sign-in; every session of the user ends.
func (s *Service) SetPassword(ctx context.Context, userID int64, pw string, mustChange bool) (err error) {
	defer errs.Wrap(&err, "auth: set password %d", userID)
	if !validate.PasswordOK(pw) {
		return httpx.Fail("pwd.rule")
	}
	hash, err := hashPassword(ctx, pw)
	if err != nil {
		return err
	}
	flag := 0
	if mustChange {
		flag = 1
	}
	if err := s.store.RevokeRemember(ctx, userID); err != nil {
		return err
	}
	return s.store.SetPassword(ctx, userID, hash, flag, 0)
}

// PersonalInfo is the caller's own account, for the personal-info dialog.
type PersonalInfo struct {
	LoginCode   string     `json:"LoginCode"`
	UserName    string     `json:"UserName"`
	UnitName    string     `json:"unitName"`
	Phone       string     `json:"phone"`
	Email       string     `json:"email"`
	Roles       []string   `json:"roles"`
	LastLoginAt *time.Time `json:"lastLoginAt"`
}

// PersonalInfo is the caller's information (GET /api/sys/user/info), kept per account while the
// 'profile' counter stays put (migration 046). Callers only read it.
func (s *Service) PersonalInfo(ctx context.Context, p *Principal) (_ *PersonalInfo, err error) {
	defer errs.Wrap(&err, "auth: personal info")
	if s.versions == nil {
		return s.readPersonalInfo(ctx, p.UserID)
	}
	v, err := s.versions(ctx, ProfileTopic)
	if err != nil {
		return nil, err
	}
	if info := s.profiles.get(v, p.UserID); info != nil {
		return info, nil
	}
	info, err := s.readPersonalInfo(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	s.profiles.put(v, p.UserID, info)
	return info, nil
}

func (s *Service) readPersonalInfo(ctx context.Context, userID int64) (*PersonalInfo, error) {
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, httpx.ErrTokenInvalid
	}
	roles, err := s.grants.RoleNames(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	unitName, err := s.units.UnitName(ctx, u.UnitCode)
	if err != nil {
		return nil, err
	}
	info := &PersonalInfo{LoginCode: u.LoginCode, UserName: u.UserName, UnitName: unitName, Phone: u.Phone, Email: u.Email, Roles: roles}
	if info.Roles == nil {
		info.Roles = []string{}
	}
	if u.LastLoginAt.Valid {
		t := u.LastLoginAt.Time
		info.LastLoginAt = &t
	}
	return info, nil
}

// SessionUser returns the caller's session user again, without a new token.
func (s *Service) SessionUser(ctx context.Context, p *Principal) (_ *SessionUser, err error) {
	defer errs.Wrap(&err, "auth: session user")
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	if u == nil {
		return nil, httpx.ErrTokenInvalid
	}
	return s.SessionUserOf(ctx, u)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"auth.credentials_required": {"请输入账号和密码", "Please enter the login code and password"},
		"auth.bad_credentials":      {"账号或密码错误", "Wrong login code or password"},
		"pwd.old_required":          {"请输入原密码", "Please enter the old password"},
		"pwd.new_required":          {"请输入新密码", "Please enter a new password"},
		"pwd.repeat_required":       {"请再次输入新密码", "Please enter the new password again"},
		"pwd.too_long":              {"密码长度不能超过16位", "A password is at most 16 characters"},
		"pwd.rule":                  {"密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种", "Password is 6-16 characters, must contain upper and lower case letters, digits and symbols, at least 2 kinds"},
		"pwd.mismatch":              {"两次输入的密码不一致", "The two passwords do not match"},
		"pwd.common":                {"该密码过于常见，请换一个", "This password is too common, please choose another"},
		"pwd.same":                  {"新密码不能与旧密码相同", "The new password must differ from the old one"},
		"pwd.old_wrong":             {"原密码不正确", "The old password is wrong"},
		"user.theme_invalid":        {"主题只能是浅色、深色或跟随系统", "The theme is light, dark or follow the system"},
	})
}

// ErrOwnerGone is work in the background whose owner's account is deleted or disabled.
var ErrOwnerGone = errors.New("auth: the job's owner can no longer act")

// ActFor is ctx acting as the account userID for work in the background that the account started (an import run
// as a job): its principal with its function codes as they are now (a right taken away since is gone), and the
// request information the business log names. A deleted or disabled account acts no more (ErrOwnerGone).
func (s *Service) ActFor(ctx context.Context, userID int64) (_ context.Context, err error) {
	defer errs.Wrap(&err, "auth: act for %d", userID)
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return ctx, err
	}
	if u == nil || u.State == 0 {
		return ctx, ErrOwnerGone
	}
	p, err := s.principalOf(ctx, u, 0)
	if err != nil {
		return ctx, err
	}
	ctx = httpx.WithInfo(ctx, &httpx.RequestInfo{UserID: u.ID, LoginCode: u.LoginCode, UserName: u.UserName, RequestID: "job"})
	return WithPrincipal(ctx, p), nil
}
