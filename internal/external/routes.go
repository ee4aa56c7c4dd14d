package external

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /externalOrgan and /externalUser.
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	return []route.Route{
		route.New("GET", "/api/sys/externalOrgan/list", route.AnyOf(OrgScreen, UserScreen), h.OrgList),
		route.New("POST", "/api/sys/externalOrgan/add", OrgScreen, in(h.OrgAdd)),
		route.New("PUT", "/api/sys/externalOrgan/edit", OrgScreen, in(h.OrgEdit)),
		route.New("PUT", "/api/sys/externalOrgan/changeState", OrgScreen, in(h.OrgChangeState)),
		route.New("DELETE", "/api/sys/externalOrgan/del", OrgScreen, in(h.OrgDel)),
		route.Download("/api/sys/externalOrgan/export", OrgScreen, h.OrgExport),
		route.New("GET", "/api/sys/externalUser/list", UserScreen, h.UserList),
		route.New("GET", "/api/sys/externalUser/roles", UserScreen, h.UserRoles),
		route.New("POST", "/api/sys/externalUser/add", UserScreen, in(h.Accounts.Add)),
		route.New("PUT", "/api/sys/externalUser/edit", UserScreen, in(h.Accounts.Edit)),
		route.New("PUT", "/api/sys/externalUser/changeState", UserScreen, in(h.Accounts.ChangeState)),
		route.New("PUT", "/api/sys/externalUser/resetPwd", UserScreen, in(h.Accounts.ResetPwd)),
		route.New("DELETE", "/api/sys/externalUser/del", UserScreen, in(h.Accounts.Del)),
		route.Download("/api/sys/externalUser/export", UserScreen, h.UserExport),
	}
}
