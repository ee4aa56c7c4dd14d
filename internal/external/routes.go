package external

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
	"biddesk/internal/users"
)

// Routes are the calls of /externalOrgan and /externalUser.
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
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
		// The account's writes are user management's handlers (internal/users), described with them.
		route.New("POST", "/api/sys/externalUser/add", UserScreen, in(h.Accounts.Add)),
		route.New("PUT", "/api/sys/externalUser/edit", UserScreen, in(h.Accounts.Edit)),
		route.New("PUT", "/api/sys/externalUser/changeState", UserScreen, in(h.Accounts.ChangeState)),
		route.New("PUT", "/api/sys/externalUser/resetPwd", UserScreen, in(h.Accounts.ResetPwd)),
		route.New("DELETE", "/api/sys/externalUser/del", UserScreen, in(h.Accounts.Del)),
		route.Download("/api/sys/externalUser/export", UserScreen, h.UserExport).
			Query(h.users.Spec.Params()...).Query(list.FormatParam).Returns(route.File{}).
			Doc("Export the external accounts with the same filters", "导出外部用户"),
	}
}
