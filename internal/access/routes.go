package access

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the access area's calls: menus, function codes, resources, roles, grants and role assignment.
func Routes(s *Store) []route.Route {
	h, roleH := NewHandlers(s), NewRoleHandlers(s)
	menuH, fnH, resH := NewMenuHandlers(s), NewFunctionHandlers(s), NewResourceHandlers(s)
	return []route.Route{
		route.Call("GET", "/api/sys/menu/tree", route.AnyOf("menusmanager", "rolemanager"), h.MenuTree).
			Doc("The whole menu catalogue as a tree", "菜单目录树"),
		route.Call("GET", "/api/sys/resource/all", route.AnyOf("rolemanager", "resmanager"), resH.All).
			Doc("Every function route this server serves with the codes that open it", "全部按操作编码授权的接口"),
		route.Call("GET", "/api/sys/function/all", route.AnyOf("resmanager", "functionsmanager", "menusmanager"), fnH.All).
			Doc("Every function code in order, to choose from", "全部操作编码"),

		route.Call("GET", "/api/user/role/all", route.AnyOf("sysuser", "roleusers", "rolemanager"), h.RoleAll).
			Doc("Every role with its member count", "全部角色及人数"),
		route.Call("PUT", "/api/user/role/user", "roleusers", h.AssignUserRole).Doc("Give a role to a user", "为用户分配角色"),
		route.Call("DELETE", "/api/user/role/user", "roleusers", h.RemoveUserRole).Doc("Take a role from a user", "移除用户的角色"),

		route.New("GET", "/api/sys/role/list", "sysroles", roleH.roles.List).Query(roleH.roles.Spec.Params()...).
			Returns(list.Page[Role]{}).Doc("Roles with member counts", "角色列表"),
		route.Call("POST", "/api/sys/role/add", "sysroles", roleH.Add).Doc("Create a role without grants", "新增角色"),
		route.Call("PUT", "/api/sys/role/edit", "sysroles", roleH.Edit).Doc("Change a role's name and remark", "编辑角色"),
		route.Call("DELETE", "/api/sys/role/del", "sysroles", roleH.Del).
			Doc("Delete a role; built-in roles and roles with members are refused", "删除角色"),
		route.Download("/api/sys/role/exportUserRoles", "sysroles", roleH.userRoles.Export).
			Query(roleH.userRoles.Spec.Params()...).Query(list.FormatParam).Returns(route.File{}).
			Doc("Export 'user roles': login code, user name, unit, role", "导出用户角色"),
		route.Call("GET", "/api/sys/role/grants", "rolemanager", roleH.GetGrants).
			Doc("A role's menu and function codes, with the function catalogue", "角色的菜单与操作权限"),
		route.Call("PUT", "/api/sys/role/grants", "rolemanager", roleH.PutGrants).
			Doc("Replace a role's menus and function codes", "保存角色的菜单与操作权限"),

		route.Call("GET", "/api/sys/menu/list", "menusmanager", menuH.List).
			Doc("Every menu as a tree, hidden ones included", "菜单列表"),
		route.Call("POST", "/api/sys/menu/add", "menusmanager", menuH.Add).
			Doc("Add a menu (granted to the system administrator role); withFunction also adds its function code", "新增菜单"),
		route.Call("PUT", "/api/sys/menu/edit", "menusmanager", menuH.Edit).
			Doc("Change a menu (not its code); the permission screens' menus stay visible", "编辑菜单"),
		route.Call("DELETE", "/api/sys/menu/del", "menusmanager", menuH.Del).
			Doc("Delete a menu without sub-menus; roles lose it, its function codes stay (menu '')", "删除菜单"),
		route.Call("PUT", "/api/sys/menu/changeVisible", "menusmanager", menuH.ChangeVisible).
			Doc("Show (1) or hide (0) a menu and everything below it", "显示/隐藏菜单"),
		route.Call("PUT", "/api/sys/menu/sort", "menusmanager", menuH.Sort).
			Doc("Set order numbers: items [{id, sort}]", "菜单排序"),
		route.Call("PUT", "/api/sys/menu/move", "menusmanager", menuH.Move).
			Doc("Drag and drop: put a menu under parentId at index; the new siblings are renumbered 10 apart", "拖动菜单"),
		route.Download("/api/sys/menu/export", "menusmanager", menuH.Export).Query(menuH.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("Export the menus", "导出菜单"),

		route.New("GET", "/api/sys/function/list", "functionsmanager", fnH.List).Query(fnH.Spec.Params()...).
			Returns(list.Page[FunctionRec]{}).Doc("Function codes with their menu and use counts, paged", "操作编码列表"),
		route.Call("POST", "/api/sys/function/add", "functionsmanager", fnH.Add).
			Doc("Add a function code (granted to the system administrator role)", "新增操作编码"),
		route.Call("PUT", "/api/sys/function/edit", "functionsmanager", fnH.Edit).
			Doc("Change a function code's name, menu and order number (not the code)", "编辑操作编码"),
		route.Call("DELETE", "/api/sys/function/del", "functionsmanager", fnH.Del).
			Doc("Delete a function code no resource needs; roles lose it. gateway, rolemanager and resmanager are refused", "删除操作编码"),
		route.Download("/api/sys/function/export", "functionsmanager", fnH.Export).Query(fnH.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("Export the function codes with the list's filters", "导出操作编码"),

		route.New("GET", "/api/sys/resource/list", "resmanager", resH.List).Query(resH.Spec.Params()...).
			Returns(list.Page[Resource]{}).
			Doc("The server's API routes and the function codes that may call them, paged", "资源（接口）列表"),
		route.Call("PUT", "/api/sys/resource/edit", "resmanager", resH.Edit).
			Doc("Rename a resource and, for a function route, set the codes that may call it; enforced from the next call on every instance", "编辑资源"),
		route.Call("PUT", "/api/sys/resource/reset", "resmanager", resH.Reset).
			Doc("Give a function route the route table's codes again", "恢复资源的默认操作编码"),
		route.Download("/api/sys/resource/export", "resmanager", resH.Export).Query(resH.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("Export the resources with the list's filters", "导出资源"),
	}
}
