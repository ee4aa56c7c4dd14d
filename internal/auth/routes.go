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
		route.Call("GET", "/api/sys/user/info", route.SignedIn, h.Info).Doc("The caller's personal information", "个人信息"),
		route.Call("GET", "/api/sys/user/session", route.SignedIn, h.Session).
			Doc("The caller's session user (menus, function codes, dictionaries)", "当前会话用户"),
	}
}
