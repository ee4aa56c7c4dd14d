package external

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
	"biddesk/internal/users"
)

// Routes are the calls of /externalOrgan and /externalUser.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/sys/externalOrgan/list", route.AnyOf(OrgScreen, UserScreen), h.OrgList).
			Query(orgSpec.Params()...).Returns(list.Page[Org]{}).Doc("External organisations", "外部组织列表"),
		route.Call("POST", "/api/sys/externalOrgan/add", OrgScreen, h.OrgAdd).
			Doc("Create an external organisation (enabled)", "新增外部组织"),
		route.Call("PUT", "/api/sys/externalOrgan/edit", OrgScreen, h.OrgEdit).
			Doc("Change an external organisation", "编辑外部组织"),
		route.Call("PUT", "/api/sys/externalOrgan/changeState", OrgScreen, h.OrgChangeState).
			Doc("Enable (1) or disable (0) organisations; disabling ends their users' sessions and stops their sign-in", "启用/停用外部组织"),
		route.Call("DELETE", "/api/sys/externalOrgan/del", OrgScreen, h.OrgDel).
			Doc("Delete organisations (soft) that no live account belongs to", "删除外部组织"),
		route.Download("/api/sys/externalOrgan/export", OrgScreen, h.OrgExport).
			Query(orgSpec.Params()...).Query(list.FormatParam).Returns(route.File{}).
			Doc("Export the organisation list with the same filters", "导出外部组织"),
		route.New("GET", "/api/sys/externalUser/list", UserScreen, h.UserList).
			Query(h.users.Spec.Params()...).Returns(list.Page[users.User]{}).Doc("External accounts", "外部用户列表"),
		route.Call("GET", "/api/sys/externalUser/roles", UserScreen, h.UserRoles).
			Doc("The roles an external account may hold (no admin menu or function code)", "外部用户可选角色"),
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
		route.Download("/api/sys/externalUser/export", UserScreen, h.UserExport).
			Query(h.users.Spec.Params()...).Query(list.FormatParam).Returns(route.File{}).
			Doc("Export the external accounts with the same filters", "导出外部用户"),
	}
}
