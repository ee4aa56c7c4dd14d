package auth

import (
	"biddesk/internal/platform/route"
)

// Routes are the sign-in area's calls.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.Call("POST", "/api/login", route.Public, h.Login).Doc("Staff sign-in", "员工登录"),
		route.Call("POST", "/api/outSite/login", route.Public, h.OutSiteLogin).
			Doc("External-site sign-in (/login2)", "外部用户登录"),
		route.Call("POST", "/api/login/renew", route.Public, h.Renew).
			Doc("Silent re-login of an HR-origin sign-in with its renewal token (single use; a new one is returned)", "免密续期登录"),
		route.New("POST", "/api/logout", route.SignedIn, h.Logout).Returns("").
			Doc("End the session; data is the logout URL", "退出登录"),
		route.Call("PUT", "/api/sys/user/updatePwd", route.SignedIn, h.UpdatePwd).
			Doc("Change the caller's password", "修改本人密码"),
		route.Call("PUT", "/api/sys/user/theme", route.SignedIn, h.SetTheme).
			Doc("Remember the caller's colour theme (light, dark or the system's) for the account", "保存本人主题"),
		route.Call("GET", "/api/sys/user/info", route.SignedIn, h.Info).Doc("The caller's personal information", "个人信息"),
		route.Call("GET", "/api/sys/user/session", route.SignedIn, h.Session).
			Doc("The caller's session user (menus, function codes, dictionaries)", "当前会话用户"),
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
