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
	}
}
