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
