package access

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the access area's calls: menus, function codes, resources, roles, grants and role assignment.
func Routes(s *Store) []route.Route {
	h, roleH := NewHandlers(s), NewRoleHandlers(s)
	menuH, fnH, resH := NewMenuHandlers(s), NewFunctionHandlers(s), NewResourceHandlers(s)
	in := httpx.WithInput
	return []route.Route{
		route.New("GET", "/api/sys/menu/tree", route.AnyOf("menusmanager", "rolemanager"), h.MenuTree),
		route.New("GET", "/api/sys/resource/all", route.AnyOf("rolemanager", "resmanager"), resH.All),
		route.New("GET", "/api/sys/function/all", route.AnyOf("resmanager", "functionsmanager", "menusmanager"), fnH.All),

		route.New("GET", "/api/user/role/all", route.AnyOf("sysuser", "roleusers", "rolemanager"), h.RoleAll),
		route.New("PUT", "/api/user/role/user", "roleusers", h.AssignUserRole),
		route.New("DELETE", "/api/user/role/user", "roleusers", h.RemoveUserRole),

		route.New("GET", "/api/sys/role/list", "sysroles", roleH.List),
		route.New("POST", "/api/sys/role/add", "sysroles", in(roleH.Add)),
		route.New("PUT", "/api/sys/role/edit", "sysroles", in(roleH.Edit)),
		route.New("DELETE", "/api/sys/role/del", "sysroles", in(roleH.Del)),
		route.Download("/api/sys/role/exportUserRoles", "sysroles", roleH.ExportUserRoles),
		route.New("GET", "/api/sys/role/grants", "rolemanager", in(roleH.GetGrants)),
		route.New("PUT", "/api/sys/role/grants", "rolemanager", in(roleH.PutGrants)),

		route.New("GET", "/api/sys/menu/list", "menusmanager", menuH.List),
		route.New("POST", "/api/sys/menu/add", "menusmanager", in(menuH.Add)),
		route.New("PUT", "/api/sys/menu/edit", "menusmanager", in(menuH.Edit)),
		route.New("DELETE", "/api/sys/menu/del", "menusmanager", in(menuH.Del)),
		route.New("PUT", "/api/sys/menu/changeVisible", "menusmanager", in(menuH.ChangeVisible)),
		route.New("PUT", "/api/sys/menu/sort", "menusmanager", in(menuH.Sort)),
		route.New("PUT", "/api/sys/menu/move", "menusmanager", in(menuH.Move)),
		route.Download("/api/sys/menu/export", "menusmanager", menuH.Export),

		route.New("GET", "/api/sys/function/list", "functionsmanager", fnH.List),
		route.New("POST", "/api/sys/function/add", "functionsmanager", in(fnH.Add)),
		route.New("PUT", "/api/sys/function/edit", "functionsmanager", in(fnH.Edit)),
		route.New("DELETE", "/api/sys/function/del", "functionsmanager", in(fnH.Del)),
		route.Download("/api/sys/function/export", "functionsmanager", fnH.Export),

		route.New("GET", "/api/sys/resource/list", "resmanager", resH.List),
		route.New("PUT", "/api/sys/resource/edit", "resmanager", in(resH.Edit)),
		route.New("PUT", "/api/sys/resource/reset", "resmanager", in(resH.Reset)),
		route.Download("/api/sys/resource/export", "resmanager", resH.Export),
	}
}
