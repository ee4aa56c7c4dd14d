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
		// user management's typed handlers over the external kind (internal/users)
		route.Call("POST", "/api/sys/externalUser/add", UserScreen, h.Accounts.Add).
			Doc("Create an external account (updatePwd 1)", "新增外部用户"),
		route.Call("PUT", "/api/sys/externalUser/edit", UserScreen, h.Accounts.Edit).
			Doc("Change an external account", "编辑外部用户"),
		route.Call("PUT", "/api/sys/externalUser/changeState", UserScreen, h.Accounts.ChangeState).
			Doc("Enable (1) or disable (0) external accounts; disabling ends their sessions", "启用/停用外部用户"),
		route.Call("PUT", "/api/sys/externalUser/resetPwd", UserScreen, h.Accounts.ResetPwd).
			Doc("Set a new password (updatePwd 1; every session of the account ends)", "重置外部用户密码"),
		route.Call("DELETE", "/api/sys/externalUser/del", UserScreen, h.Accounts.Del).
			Doc("Delete external accounts (soft; sessions end)", "删除外部用户"),
		route.Download("/api/sys/externalUser/export", UserScreen, h.UserExport),
	}
}
