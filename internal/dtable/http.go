package dtable

import (
	"net/http"
	"reflect"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Handlers are the HTTP endpoints of /dtable: the definitions (function code dtable) and the data
// of each table (any signed-in caller; the table's read and write roles decide, per call).
type Handlers struct{ svc *Service }

func NewHandlers(s *Service) *Handlers { return &Handlers{svc: s} }

// defSpec is the definitions' list: searchable by name, sorted by name or change time.
var defSpec = &list.Spec{
	Select: `t.id, t.name, t.remark, (SELECT COUNT(*) FROM lowcode_field f WHERE f.table_id = t.id AND f.removed = 0), t.updated_at`,
	From:   `lowcode_table t`,
	Where:  `t.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "name", Column: "t.name", Kind: list.Contains},
	},
	Sorts:       map[string]string{"name": "t.name", "updatedAt": "t.updated_at", "id": "t.id"},
	DefaultSort: "t.updated_at DESC",
	TieBreak:    "t.id DESC",
}

func scanSummary(row interface{ Scan(...any) error }) (Summary, error) {
	var m Summary
	err := row.Scan(&m.ID, &m.Name, &m.Remark, &m.FieldCount, &m.UpdatedAt)
	return m, err
}

// Defs is GET /api/dtable/list: the definitions, paged.
func (h *Handlers) Defs(w http.ResponseWriter, r *http.Request) (any, error) {
	return (&list.Table[Summary]{DB: h.svc.db, Spec: defSpec, Scan: scanSummary}).List(w, r)
}

// One is GET /api/dtable/one: a definition with every field (removed ones too) and its roles.
func (h *Handlers) One(r *http.Request, in httpx.IDIn) (Table, error) {
	return h.svc.One(r.Context(), in.ID)
}

// Add is POST /api/dtable/add: a new table.
func (h *Handlers) Add(r *http.Request, in DefIn) (httpx.Created, error) {
	id, err := h.svc.Add(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// Edit is PUT /api/dtable/edit.
func (h *Handlers) Edit(r *http.Request, in DefIn) (route.None, error) {
	return route.None{}, h.svc.Edit(r.Context(), in)
}

// Del is DELETE /api/dtable/del.
func (h *Handlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.Delete(r.Context(), in.ID)
}

// PurgeIn names a removed field.
type PurgeIn struct {
	ID      int64 `param:"id,required" doc:"the table"`
	FieldID int64 `param:"fieldId,required" doc:"a removed field"`
}

// Purge is POST /api/dtable/purgeField: a removed field's column and data are dropped.
func (h *Handlers) Purge(r *http.Request, in PurgeIn) (route.None, error) {
	return route.None{}, h.svc.Purge(r.Context(), in.ID, in.FieldID)
}

// Mine is GET /api/dtable/mine: the tables the caller may read.
func (h *Handlers) Mine(r *http.Request, _ route.None) ([]Summary, error) {
	return h.svc.Mine(r.Context())
}

// TableIn names a table for its data calls.
type TableIn struct {
	TableID int64 `param:"tableId,required"`
}

// Schema is GET /api/dtable/data/schema: what the table's screen is built from.
func (h *Handlers) Schema(r *http.Request, in TableIn) (Schema, error) {
	return h.svc.Schema(r.Context(), in.TableID)
}

// Rows is GET /api/dtable/data/list: a page of a table's rows; filters are the searchable fields
// by fieldName (a datetime by fieldNameStart and fieldNameEnd), sorts the sortable ones.
func (h *Handlers) Rows(w http.ResponseWriter, r *http.Request) (any, error) {
	in, err := httpx.ReadInput(w, r)
	if err != nil {
		return nil, err
	}
	id, err := in.ID("tableId")
	if err != nil {
		return nil, err
	}
	return h.svc.List(r.Context(), id, in)
}

// Export is GET /api/dtable/data/export: the rows the list's filters select, as a spreadsheet.
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request) (any, error) {
	in, err := httpx.ReadInput(w, r)
	if err != nil {
		return nil, err
	}
	id, err := in.ID("tableId")
	if err != nil {
		return nil, err
	}
	t, err := h.svc.exportTable(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return t.Export(w, r)
}

// RowIDIn names a row.
type RowIDIn struct {
	TableID int64 `param:"tableId,required"`
	ID      int64 `param:"id,required"`
}

// Row is GET /api/dtable/data/one.
func (h *Handlers) Row(r *http.Request, in RowIDIn) (Row, error) {
	return h.svc.Get(r.Context(), in.TableID, in.ID)
}

// AddRow is POST /api/dtable/data/add.
func (h *Handlers) AddRow(r *http.Request, in RowIn) (httpx.Created, error) {
	id, err := h.svc.AddRow(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// EditRow is PUT /api/dtable/data/edit.
func (h *Handlers) EditRow(r *http.Request, in RowIn) (route.None, error) {
	return route.None{}, h.svc.EditRow(r.Context(), in)
}

// RowIDsIn names rows.
type RowIDsIn struct {
	TableID int64   `param:"tableId,required"`
	IDs     []int64 `param:"ids" max:"500"`
	ID      int64   `param:"id"`
}

// DelRows is DELETE /api/dtable/data/del (id or ids).
func (h *Handlers) DelRows(r *http.Request, in RowIDsIn) (route.None, error) {
	ids := in.IDs
	if len(ids) == 0 && in.ID != 0 {
		ids = []int64{in.ID}
	}
	if len(ids) == 0 {
		return route.None{}, httpx.Fail("http.required", "ids")
	}
	return route.None{}, h.svc.DeleteRows(r.Context(), in.TableID, ids)
}

var tableIDParam = httpx.Param{Name: "tableId", Type: reflect.TypeFor[int64](), Required: true, Doc: "the table"}

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
