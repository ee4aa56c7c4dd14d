package org

import (
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Screen is the function code of the organisation and employee screen (/organization_manager).
const Screen = "organization_manager"

// ImportIn describes the import's multipart body and its query.
type ImportIn struct {
	File   httpx.FileField `param:"file,required" doc:"the .xlsx workbook (the template's sheets 组织 and 员工)"`
	DryRun bool            `param:"dryRun" in:"query" doc:"true: check only, nothing is written"`
}

// staffOnly keeps a look-up of the organisation and its people from external (partner) accounts: the directory
// (names, units, phones, e-mails) is the company's, and no screen of theirs has a picker.
func staffOnly(rt route.Route) route.Route {
	next := rt.Handler
	rt.Handler = func(w http.ResponseWriter, r *http.Request) (any, error) {
		if p := auth.PrincipalFrom(r.Context()); p != nil && p.UserType == auth.SiteExternal {
			return nil, httpx.ErrForbidden
		}
		return next(w, r)
	}
	return rt
}

// Routes are the organisation area's calls: the pickers' look-ups for every signed-in staff account, the role
// data scopes of /rolemanager, and the lists, exports and import of /organization_manager.
func (h *Handlers) Routes() []route.Route {
	units, employees := Tables(h.store.db)
	lookups := []route.Route{
		route.Call("GET", "/api/dataHumanResources/getByPid", route.SignedIn, h.GetByPid).
			Doc("Children of a unit (pid = its fullUnitCode), the roots when pid is empty", "下级组织"),
		route.Call("GET", "/api/dataHumanResources/tree", route.SignedIn, h.Tree).
			Doc("The nested organisation tree (id, name, pid) below pid, or whole", "组织树"),
		route.Call("GET", "/api/dataHumanResources/getByNameOrCode", route.SignedIn, h.GetByNameOrCode).
			Doc("Units whose name contains or code starts with the keyword (up to 100)", "按名称或编码查组织"),
		route.Call("GET", "/api/organization/levelInfoList", route.SignedIn, h.LevelInfoList).
			Doc("The units of a level", "某一层级的组织"),
		route.Call("GET", "/api/organization/unitInfo/byUnitName", route.SignedIn, h.ByUnitName).
			Doc("getOrganSearch: units by name (up to 100)", "按名称搜索组织"),
		route.Call("GET", "/motivate/project/config/selectOrgCode", route.SignedIn, h.SelectOrgCode).
			Doc("getOrganList: a name search, the children of a unit, or the units of a level, limited by the data rule when isDataRule",
				"组织选择器查询"),
		route.Call("GET", "/api/recruit/interview/user/authority", route.SignedIn, h.Authority).
			Doc("getAccessOrgan: the top units the caller may access", "本人可访问的顶层组织"),
		route.Call("POST", "/api/employee/selector", route.SignedIn, h.EmployeeSelector).
			Doc("getEmployeeList: resolve pasted codes, phones or e-mails (lines, at most 1000) or names", "员工选择器查询"),
	}
	for i := range lookups {
		lookups[i] = staffOnly(lookups[i])
	}
	return append(lookups,
		route.Call("GET", "/api/org/dataModules", "rolemanager", h.DataModules).
			Doc("The module names a data scope may name", "数据权限模块"),
		route.Call("GET", "/api/sys/role/dataScope", "rolemanager", h.RoleScopes).Doc("A role's data scopes", "角色数据权限"),
		route.Call("PUT", "/api/sys/role/dataScope", "rolemanager", h.PutRoleScopes).
			Doc("Replace a role's data scopes", "保存角色数据权限"),

		route.New("GET", "/api/org/unit/list", Screen, units.List).Query(units.Spec.Params()...).Returns(list.Page[Unit]{}).
			Doc("Units of the organisation screen; sort: fullUnitCode, unitName, level", "组织列表"),
		route.Download("/api/org/unit/export", Screen, units.Export).Query(units.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("The unit list as .xlsx (or CSV), same filters", "导出组织"),
		route.New("GET", "/api/org/employee/list", Screen, employees.List).Query(employees.Spec.Params()...).
			Returns(list.Page[Employee]{}).Doc("Employees; sort: code, name, unitCode", "员工列表"),
		route.Download("/api/org/employee/export", Screen, employees.Export).Query(employees.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("The employee list as .xlsx (or CSV), same filters", "导出员工"),
		route.DownloadCall("/api/org/import/template", Screen, h.ImportTemplate).
			Doc("The import workbook: sheets 组织 and 员工 with titles and an example row", "组织导入模板"),
		route.New("POST", "/api/org/import", Screen, h.Import).Takes(ImportIn{}).Returns(&ImportReport{}).
			Doc("Import units and employees from an .xlsx (multipart field file, at most 10 MB); dryRun=true only checks; a real import is all or nothing", "导入组织与员工"),
		route.New("POST", "/api/org/import/async", Screen, h.ImportAsync).Takes(ImportIn{}).Returns(&ImportAsyncOut{}).
			Doc("The import of POST /api/org/import in the background: answers its job at once; the job's result (GET /api/sys/job/get) is the import's report", "后台导入组织与员工"),
	)
}
