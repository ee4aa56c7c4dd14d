package auth

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the sign-in area's calls.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("POST", "/api/login", route.Public, h.Login),
		route.New("POST", "/api/outSite/login", route.Public, h.OutSiteLogin),
		route.New("POST", "/api/login/renew", route.Public, httpx.WithInput(h.Renew)),
		route.New("POST", "/api/logout", route.SignedIn, h.Logout),
		route.New("PUT", "/api/sys/user/updatePwd", route.SignedIn, httpx.WithInput(h.UpdatePwd)),
		route.New("GET", "/api/sys/user/info", route.SignedIn, h.Info),
		route.New("GET", "/api/sys/user/session", route.SignedIn, h.Session),
		route.Call("POST", "/api/getVerify", route.Public, h.GetVerify).
			Doc("Send a verification code (6 digits, 10 minutes) to the account's registered phone; the same answer for an unknown account", "获取验证码"),
		route.Call("PUT", "/api/forestPwd", route.Public, h.ForestPwd).
			Doc("Set a new password with a verification code; every session of the account ends", "忘记密码重置"),
		route.Call("GET", "/api/sso/start", route.Public, h.SSOStart).
			Doc("Where /sso starts single sign-on: the mode, and in oidc mode the provider's authorization address", "单点登录发起"),
		route.Call("POST", "/api/sso/login", route.Public, h.SSOLogin).
			Doc("Exchange the HR system's code for a session marked HR-origin (with a renewal token)", "单点登录"),
		route.Call("GET", "/api/sys/sso/settings", FunConfig, h.SSOSettingsCall).
			Doc("The single sign-on and verification-code settings in force (read-only, secrets masked)", "单点登录设置"),
		route.Call("POST", "/api/sys/sso/test", FunConfig, h.SSOTestCall).
			Doc("Test the connection to the HR system without signing anyone in", "测试单点登录连接"),
	}
}
