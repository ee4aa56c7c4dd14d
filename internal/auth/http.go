package auth

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

type ctxKey struct{}

// PrincipalFrom returns the signed-in caller of the request (nil on public routes).
func PrincipalFrom(ctx context.Context) *Principal {
	p, _ := ctx.Value(ctxKey{}).(*Principal)
	return p
}

// WithPrincipal puts p into ctx (used by the middleware and by tests).
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// TokenFrom finds the session token: Authorization: Bearer, the AccessToken form parameter or
// the AccessToken query parameter (the spec's clients), by httpx.SessionToken's rules. A call
// carrying different tokens gets none here (so no session); httpx.CheckInput refuses it with a
// 400 before any route runs.
func TokenFrom(r *http.Request) string {
	t, err := httpx.SessionToken(r)
	if err != nil {
		return ""
	}
	return t
}

// Guard guards a route: the caller must be signed in (with download, a download ticket issued for this very path
// also does) and hold one of the function codes the call needs: needs returns the codes the call needs now, any one of them (none: any signed-in caller).
// It runs on every call, so it must be cheap (the resource table's snapshot is a map look-up).
func (s *Service) Guard(needs func() []string, download bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var p *Principal
		var err error
		token := TokenFrom(r)
		if ticket := r.URL.Query().Get("ticket"); download && token == "" && ticket != "" {
			p, err = s.RedeemTicket(r.Context(), ticket, r.URL.Path)
		} else if token == "" {
			err = httpx.ErrNoToken
		} else {
			p, err = s.Authenticate(r.Context(), token)
		}
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		ri := httpx.InfoFrom(r.Context())
		ri.UserID, ri.LoginCode, ri.UserName = p.UserID, p.LoginCode, p.UserName
		if need := needs(); len(need) > 0 && !p.CanOneOf(need) {
			codes := strings.Join(need, ",")
			if err := s.store.LogSecurityEvent(r.Context(), p.UserID, "forbidden", r.Method+" "+r.URL.Path+" needs "+codes, httpx.ClientIP(r)); err != nil {
				slog.Error("log security event", "err", err)
			}
			slog.Warn("forbidden", "user", p.UserID, "path", r.URL.Path, "needs", codes)
			httpx.WriteError(w, r, httpx.ErrForbidden)
			return
		}
		if p.MustChangePassword && !allowedBeforePasswordChange(r) {
			httpx.WriteError(w, r, ErrMustChangePassword)
			return
		}
		next.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
	})
}

// ErrMustChangePassword answers any other call of an account whose password must be changed first.
var ErrMustChangePassword = &httpx.Error{Code: httpx.CodeMustChangePassword, Status: http.StatusForbidden, Key: "auth.must_change_password"}

// allowedBeforePasswordChange: an account with updatePwd 1 may sign out, read its session user and
// change its password, nothing else, until the password is changed (the browser's forced dialog is
// only a convenience; this is the rule).
func allowedBeforePasswordChange(r *http.Request) bool {
	switch r.Method + " " + r.URL.Path {
	case "POST /api/logout", "GET /api/sys/user/session", "PUT /api/sys/user/updatePwd":
		return true
	}
	return false
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"auth.must_change_password": {"请先修改初始密码", "Please change your initial password first"},
	})
}

// CanOneOf tells whether the caller holds at least one of the function codes.
func (p *Principal) CanOneOf(codes []string) bool {
	for _, c := range codes {
		if p.Can(c) {
			return true
		}
	}
	return false
}

// Handlers are the HTTP endpoints of the auth area.
type Handlers struct{ svc *Service }

func NewHandlers(svc *Service) *Handlers { return &Handlers{svc: svc} }

// LoginIn is what a sign-in sends (the spec's parameter names). The credentials' rules and their one
// generic message are the service's, not the binder's.
type LoginIn struct {
	LoginCode string `param:"LoginCode"`
	PassWord  string `param:"PassWord"`
	Response  string `param:"response" doc:"captcha answer"`
	OS        string `param:"os"`
	Remember  string `param:"remember" doc:"'ahr' for an HR-origin sign-in: the answer then carries renewToken, which the browser keeps instead of the password"`
}

func (h *Handlers) login(r *http.Request, in LoginIn, site string) (*SessionUser, error) {
	return h.svc.Login(r.Context(), LoginRequest{
		LoginCode: in.LoginCode, Password: in.PassWord, Response: in.Response, OS: in.OS,
		Site: site, IP: httpx.ClientIP(r), UserAgent: r.UserAgent(), Remember: in.Remember == "ahr",
	})
}

// Login is POST /api/login (staff).
func (h *Handlers) Login(r *http.Request, in LoginIn) (*SessionUser, error) {
	return h.login(r, in, SiteStaff)
}

// OutSiteLogin is POST /api/outSite/login (external users, /login2).
func (h *Handlers) OutSiteLogin(r *http.Request, in LoginIn) (*SessionUser, error) {
	return h.login(r, in, SiteExternal)
}

// RenewIn is what a silent re-login sends.
type RenewIn struct {
	RenewToken string `param:"renewToken" doc:"the renewal token of the last sign-in or renewal (single use)"`
	OS         string `param:"os"`
}

// Renew is POST /api/login/renew: a renewal token of an HR-origin sign-in opens a new session.
func (h *Handlers) Renew(r *http.Request, in RenewIn) (*SessionUser, error) {
	return h.svc.Renew(r.Context(), in.RenewToken, httpx.ClientIP(r), r.UserAgent(), in.OS)
}

// Logout is POST /api/logout; data is the logout URL. It reads no parameters (nor a body), so that
// signing out always works; its route says what it answers.
func (h *Handlers) Logout(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.Logout(r.Context(), PrincipalFrom(r.Context()))
}

// PasswordIn is what a password change sends; the rules and messages are the service's.
type PasswordIn struct {
	OldPassword     string `param:"oldPassword"`
	NewPassword     string `param:"newPassword" doc:"6-16 characters"`
	ReplacePassword string `param:"replacePassword" doc:"the new password again"`
}

// UpdatePwd is PUT /api/sys/user/updatePwd.
func (h *Handlers) UpdatePwd(r *http.Request, in PasswordIn) (route.None, error) {
	return route.None{}, h.svc.ChangePassword(r.Context(), PrincipalFrom(r.Context()), in.OldPassword, in.NewPassword, in.ReplacePassword, httpx.ClientIP(r), r.UserAgent())
}

// ThemeIn is the body of PUT /api/sys/user/theme.
type ThemeIn struct {
	Theme string `param:"theme,required" enum:"light,dark,system" doc:"light, dark, or system (the device's setting)"`
}

// SetTheme is PUT /api/sys/user/theme: the caller's colour theme, remembered for the account.
func (h *Handlers) SetTheme(r *http.Request, in ThemeIn) (route.None, error) {
	return route.None{}, h.svc.SetTheme(r.Context(), PrincipalFrom(r.Context()), in.Theme)
}

// Info is GET /api/sys/user/info.
func (h *Handlers) Info(r *http.Request, _ route.None) (*PersonalInfo, error) {
	return h.svc.PersonalInfo(r.Context(), PrincipalFrom(r.Context()))
}

// Session is GET /api/sys/user/session.
func (h *Handlers) Session(r *http.Request, _ route.None) (*SessionUser, error) {
	return h.svc.SessionUser(r.Context(), PrincipalFrom(r.Context()))
}

// GetVerify is POST /api/getVerify: a verification code to the account's registered phone.
func (h *Handlers) GetVerify(r *http.Request, in GetVerifyIn) (*VerifySent, error) {
	return h.svc.GetVerify(r.Context(), in, httpx.ClientIP(r), httpx.Lang(r))
}

// ForestPwd is PUT /api/forestPwd: a new password with a verification code.
func (h *Handlers) ForestPwd(r *http.Request, in ForestPwdIn) (route.None, error) {
	return route.None{}, h.svc.ForestPwd(r.Context(), in, httpx.ClientIP(r), r.UserAgent())
}

// SSOStart is GET /api/sso/start: where /sso sends the browser to sign in at the HR system (oidc mode).
func (h *Handlers) SSOStart(r *http.Request, _ SSOStartIn) (*SSOStart, error) {
	return h.svc.SSOStart(r.Context())
}

// SSOLogin is POST /api/sso/login: the HR system's code exchanged for a session marked HR-origin.
func (h *Handlers) SSOLogin(r *http.Request, in SSOLoginIn) (*SessionUser, error) {
	return h.svc.SSOLogin(r.Context(), in, httpx.ClientIP(r), r.UserAgent())
}
