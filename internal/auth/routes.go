package auth

import (
	"net/http"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the sign-in area's calls.
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	return []route.Route{
		route.New("POST", "/api/login", route.Public, h.Login),
		route.New("POST", "/api/outSite/login", route.Public, h.OutSiteLogin),
		route.New("POST", "/api/login/renew", route.Public, httpx.WithInput(h.Renew)),
		route.New("POST", "/api/logout", route.SignedIn, h.Logout),
		route.New("PUT", "/api/sys/user/updatePwd", route.SignedIn, httpx.WithInput(h.UpdatePwd)),
		route.New("GET", "/api/sys/user/info", route.SignedIn, h.Info),
		route.New("GET", "/api/sys/user/session", route.SignedIn, h.Session),
		// Until route.Call is on main, the typed handlers are bound here by their param names.
		route.New("POST", "/api/getVerify", route.Public, in(func(r *http.Request, i *httpx.Input) (any, error) {
			return h.GetVerify(r, GetVerifyIn{LoginCode: i.String("LoginCode")})
		})),
		route.New("PUT", "/api/forestPwd", route.Public, in(func(r *http.Request, i *httpx.Input) (any, error) {
			return h.ForestPwd(r, ForestPwdIn{LoginCode: i.String("LoginCode"), VerifyCode: i.String("verifyCode"),
				NewPassword: i.String("newPassword"), ReplacePassword: i.String("replacePassword")})
		})),
		route.New("GET", "/api/sso/start", route.Public, in(func(r *http.Request, i *httpx.Input) (any, error) {
			return h.SSOStart(r, SSOStartIn{})
		})),
		route.New("POST", "/api/sso/login", route.Public, in(func(r *http.Request, i *httpx.Input) (any, error) {
			return h.SSOLogin(r, SSOLoginIn{Code: i.String("code"), State: i.String("state"), OS: i.String("os")})
		})),
	}
}
