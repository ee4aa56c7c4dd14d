package users

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are user management's calls (/sysuser) and the account search of the screens that pick accounts
// (role assignment, data handover, external organisations' owners).
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/sys/user/list", Screen, h.manage.List).Query(h.manage.Spec.Params()...).
			Returns(list.Page[User]{}).Doc("Staff accounts", "用户列表"),
		route.Call("POST", "/api/sys/user/add", Screen, h.Add).Doc("Create a staff account (updatePwd 1)", "新增用户"),
		route.Call("PUT", "/api/sys/user/edit", Screen, h.Edit).Doc("Change an account's details and roles", "编辑用户"),
		route.Call("PUT", "/api/sys/user/changeState", Screen, h.ChangeState).
			Doc("Enable (1) or disable (0) accounts; disabling ends their sessions", "启用/停用用户"),
		route.Call("PUT", "/api/sys/user/resetPwd", Screen, h.ResetPwd).
			Doc("Set a new password; the user must change it at next sign-in; sessions end", "重置密码"),
		route.Call("DELETE", "/api/sys/user/del", Screen, h.Del).
			Doc("Soft-delete accounts (never yourself); sessions end", "删除用户"),
		route.Download("/api/sys/user/export", Screen, h.manage.Export).Query(h.manage.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("Export the user list with the same filters", "导出用户"),
		route.New("GET", "/api/user/search", route.AnyOf("roleusers", "handover_manager", "externalOrgan", "training_class"), h.search.List).
			Query(h.search.Spec.Params()...).Returns(list.Page[User]{}).
			Doc("Accounts whose login code or name holds keyword, with their roles (also for handover_manager, externalOrgan and training_class: choosing accounts, a class manager)", "按账号或姓名搜索用户"),
	}
}
