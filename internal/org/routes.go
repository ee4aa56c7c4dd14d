package org

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Screen is the function code of the organisation and employee screen (/organization_manager).
const Screen = "organization_manager"

// Routes are the organisation area's calls: the pickers' look-ups for every signed-in user, the role data
// scopes of /rolemanager, and the lists, exports and import of /organization_manager.
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	units, employees := Tables(h.store.db)
	return []route.Route{
		route.New("GET", "/api/dataHumanResources/getByPid", route.SignedIn, in(h.GetByPid)),
		route.New("GET", "/api/dataHumanResources/tree", route.SignedIn, in(h.Tree)),
		route.New("GET", "/api/dataHumanResources/getByNameOrCode", route.SignedIn, in(h.GetByNameOrCode)),
		route.New("GET", "/api/organization/levelInfoList", route.SignedIn, in(h.LevelInfoList)),
		route.New("GET", "/api/organization/unitInfo/byUnitName", route.SignedIn, in(h.ByUnitName)),
		route.New("GET", "/motivate/project/config/selectOrgCode", route.SignedIn, in(h.SelectOrgCode)),
		route.New("GET", "/api/recruit/interview/user/authority", route.SignedIn, in(h.Authority)),
		route.New("POST", "/api/employee/selector", route.SignedIn, in(h.EmployeeSelector)),

		route.New("GET", "/api/org/dataModules", "rolemanager", h.DataModules),
		route.New("GET", "/api/sys/role/dataScope", "rolemanager", in(h.RoleScopes)),
		route.New("PUT", "/api/sys/role/dataScope", "rolemanager", in(h.PutRoleScopes)),

		route.New("GET", "/api/org/unit/list", Screen, units.List),
		route.Download("/api/org/unit/export", Screen, units.Export),
		route.New("GET", "/api/org/employee/list", Screen, employees.List),
		route.Download("/api/org/employee/export", Screen, employees.Export),
		route.Download("/api/org/import/template", Screen, h.ImportTemplate),
		route.New("POST", "/api/org/import", Screen, h.Import),
	}
}
