package users

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are user management's calls (/sysuser) and the account search of the screens that pick accounts
// (role assignment, data handover, external organisations' owners).
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	return []route.Route{
		route.New("GET", "/api/sys/user/list", Screen, h.List),
		route.New("POST", "/api/sys/user/add", Screen, in(h.Add)),
		route.New("PUT", "/api/sys/user/edit", Screen, in(h.Edit)),
		route.New("PUT", "/api/sys/user/changeState", Screen, in(h.ChangeState)),
		route.New("PUT", "/api/sys/user/resetPwd", Screen, in(h.ResetPwd)),
		route.New("DELETE", "/api/sys/user/del", Screen, in(h.Del)),
		route.Download("/api/sys/user/export", Screen, h.Export),
		route.New("GET", "/api/user/search", route.AnyOf("roleusers", "handover_manager", "externalOrgan"), h.Search),
	}
}
