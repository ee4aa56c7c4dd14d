package dtable

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /dtable.
func (h *Handlers) Routes() []route.Route {
	listParams := (&list.Spec{Sorts: map[string]string{"id": "", "createdAt": "", "updatedAt": ""}}).Params()
	return append([]route.Route{
		route.New("GET", "/api/dtable/list", Screen, h.Defs).Query(defSpec.Params()...).Returns(list.Page[Summary]{}).
			Doc("The dynamic tables' definitions, paged", "动态表格列表"),
		route.Call("GET", "/api/dtable/one", Screen, h.One).Doc("A dynamic table's definition: fields (removed ones too) and roles", "动态表格定义"),
		route.Call("POST", "/api/dtable/add", Screen, h.Add).Doc("Define a dynamic table; its real table is created", "新增动态表格"),
		route.Call("PUT", "/api/dtable/edit", Screen, h.Edit).
			Doc("Change a definition: new fields add columns, left-out fields are removed with their data kept", "编辑动态表格"),
		route.Call("DELETE", "/api/dtable/del", Screen, h.Del).Doc("Delete a definition (its rows are kept, out of every screen)", "删除动态表格"),
		route.Call("POST", "/api/dtable/purgeField", Screen, h.Purge).Doc("Confirm a removed field: its column and data are dropped", "清除已移除字段"),

		route.Call("GET", "/api/dtable/mine", route.SignedIn, h.Mine).Doc("The dynamic tables the caller's roles may read", "我的动态表格"),
		route.Call("GET", "/api/dtable/data/schema", route.SignedIn, h.Schema).
			Doc("A table's live fields and whether the caller may write (its read roles decide)", "动态表格结构"),
		route.New("GET", "/api/dtable/data/list", route.SignedIn, h.Rows).Query(tableIDParam).Query(listParams...).
			Returns(list.Page[Row]{}).
			Doc("A page of a table's rows; the searchable fields filter by fieldName (datetime: fieldNameStart, fieldNameEnd), the sortable ones sort", "动态表格数据"),
		route.Call("GET", "/api/dtable/data/one", route.SignedIn, h.Row).Doc("One row of a table", "动态表格记录"),
		route.Call("POST", "/api/dtable/data/add", route.SignedIn, h.AddRow).Doc("Add a row (a write role of the table)", "新增动态表格记录"),
		route.Call("PUT", "/api/dtable/data/edit", route.SignedIn, h.EditRow).Doc("Change a row's given values (a write role)", "编辑动态表格记录"),
		route.Call("DELETE", "/api/dtable/data/del", route.SignedIn, h.DelRows).Doc("Delete rows, all or none (a write role)", "删除动态表格记录"),
		route.Download("/api/dtable/data/export", route.SignedIn, h.Export).Query(tableIDParam).Query(listParams...).
			Query(list.FormatParam).Returns(route.File{}).
			Doc("A table's rows as a spreadsheet (the list's filters and order)", "导出动态表格"),
	}, h.importRoutes()...)
}

func (h *Handlers) importRoutes() []route.Route {
	return []route.Route{
		route.Download("/api/dtable/data/template", route.SignedIn, h.Template).Query(tableIDParam).Returns(route.File{}).
			Doc("The import workbook of a table (a write role)", "动态表格导入模板"),
		route.New("POST", "/api/dtable/data/import", route.SignedIn, h.Import).Query(tableIDParam, dryRunParam).Returns(ImportReport{}).
			Doc("Import rows from an .xlsx (multipart field file): every row checked as an added one, all or none; dryRun checks only", "导入动态表格"),
		route.New("POST", "/api/dtable/data/import/async", route.SignedIn, h.ImportAsync).Query(tableIDParam, dryRunParam).Returns(&ImportAsyncOut{}).
			Doc("The import of POST /api/dtable/data/import in the background: answers its job at once; the job's result (GET /api/sys/job/get) is the import's report", "后台导入动态表格"),
	}
}
