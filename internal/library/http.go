package library

import (
	"net/http"
	"reflect"
	"strings"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Paths of the calls that are not per type.
const (
	TypesPath    = "/api/library/types"
	RemindPath   = "/api/biapp/marketing/backend/project/remind"
	TagListPath  = "/api/library/tag/list"
	TagAllPath   = "/api/library/tag/all"
	MessageRead  = "/api/library/message/read"
	MessageMake  = "/api/library/message/generate"
	typePathHead = "/api/library/"
)

// TypePath is the path of a call of a type: /api/library/{key}/{call}.
func TypePath(t *Type, call string) string { return typePathHead + t.Key + "/" + call }

// Handlers are the HTTP endpoints of the library.
type Handlers struct {
	svc    *Service
	tables map[string]*list.Table[*Record]
	tags   *list.Table[TagRec]
}

func NewHandlers(s *Service) *Handlers {
	h := &Handlers{svc: s, tables: map[string]*list.Table[*Record]{}, tags: s.TagTable()}
	for _, t := range Types {
		h.tables[t.Key] = s.table(t)
	}
	return h
}

func (t *Type) readAccess() string {
	return strings.Join(append([]string{t.Code}, t.ReadCodes...), ",")
}

// ExportNames are the names spec section 7's export list gives the library's exports (docs/api.md, 'Exports
// the spec names'): the call's description quotes it.
var ExportNames = map[string]string{
	TypeHonor:   "honorary catalogue",
	TypeGovReg:  "government-adoption list",
	TypeMessage: "audit messages",
}

// formParams describe the fields a type's add (or edit) call reads (readForm): they differ per type, so
// the handler reads them itself.
func formParams(t *Type, edit bool) []httpx.Param {
	var ps []httpx.Param
	if edit {
		ps = append(ps, httpx.Param{Name: "id", Type: reflect.TypeFor[int64](), Required: true})
	}
	for _, f := range t.Fields {
		if f.ReadOnly {
			continue
		}
		p := httpx.Param{Name: f.Key, Required: f.Required, Doc: httpx.Translate(httpx.LangEN, f.Label)}
		switch f.Kind {
		case KindTags:
			p.Type, p.Doc = reflect.TypeFor[[]int64](), p.Doc+": tag ids"
		case KindFiles:
			p.Type, p.Doc = reflect.TypeFor[[]int64](), p.Doc+": ids of uploaded files (or [{id}])"
			if f.MaxFiles > 0 {
				p.Max = ptr(int64(f.MaxFiles))
			}
		case KindRows:
			p.Type, p.Doc = reflect.TypeFor[[]map[string]any](), p.Doc+": rows of "+rowKeys(f)
		case KindNumber:
			p.Type = reflect.TypeFor[int]()
		case KindMoney:
			p.Type, p.Doc = reflect.TypeFor[float64](), p.Doc+": at most 2 decimals"
		case KindSwitch:
			p.Type, p.Enum = reflect.TypeFor[int](), []string{"0", "1"}
		default:
			p.Type = reflect.TypeFor[string]()
			switch f.Kind {
			case KindDate:
				p.Doc += ": YYYY-MM-DD"
			case KindDict:
				p.Doc += ": a value of the dictionary " + f.Dict
			case KindUnit:
				p.Doc += ": a unit's fullUnitCode"
			case KindEmployee:
				p.Doc += ": an employee's code"
			case KindUser:
				p.Doc += ": an account's id or login code"
			}
		}
		if f.Max > 0 && (f.Kind == KindText || f.Kind == KindTextarea || f.Kind == KindNumber) {
			p.Max = ptr(int64(f.Max))
		}
		ps = append(ps, p)
	}
	return append(ps, httpx.Param{Name: "draft", Type: reflect.TypeFor[bool](), Doc: "keep a non-administrator's record out of review"})
}

func rowKeys(f Field) string {
	keys := make([]string, len(f.Columns))
	for i, c := range f.Columns {
		keys[i] = c.Key
	}
	return "{" + strings.Join(keys, ", ") + "}"
}

func ptr[T any](v T) *T { return &v }

// TypeView is a type's descriptor in the caller's language (GET /api/library/types).
type TypeView struct {
	*Type
	Name   string   `json:"name"`
	Noun   string   `json:"noun"`
	Fields []Field  `json:"fields"`
	Sorts  []string `json:"sorts"`
}

func translateFields(lang string, fs []Field) []Field {
	out := make([]Field, len(fs))
	for i, f := range fs {
		f.Label = httpx.Translate(lang, f.Label)
		if len(f.Columns) > 0 {
			f.Columns = translateFields(lang, f.Columns)
		}
		out[i] = f
	}
	return out
}

// TypesAnswer is GET /api/library/types.
type TypesAnswer struct {
	Types       []TypeView `json:"types"`
	WarningDays int        `json:"warningDays"`
	AdminCode   string     `json:"adminCode"`
}

// Types is GET /api/library/types: every type's descriptor, for the browser's one generic page.
func (h *Handlers) Types(r *http.Request, _ route.None) (TypesAnswer, error) {
	lang := httpx.Lang(r)
	out := make([]TypeView, 0, len(Types))
	for _, t := range Types {
		v := TypeView{Type: t, Name: httpx.Translate(lang, t.Name), Noun: httpx.Translate(lang, t.Noun), Fields: translateFields(lang, t.Fields), Sorts: []string{}}
		for k := range spec(t).Sorts {
			v.Sorts = append(v.Sorts, k)
		}
		out = append(out, v)
	}
	return TypesAnswer{Types: out, WarningDays: h.svc.warnDays(), AdminCode: FunAdmin}, nil
}

func (h *Handlers) one(t *Type) func(*http.Request, httpx.IDIn) (*Record, error) {
	return func(r *http.Request, in httpx.IDIn) (*Record, error) {
		return h.svc.One(r.Context(), t, in.ID)
	}
}

func (h *Handlers) history(t *Type) func(*http.Request, httpx.IDIn) (*History, error) {
	return func(r *http.Request, in httpx.IDIn) (*History, error) {
		return h.svc.History(r.Context(), t, in.ID)
	}
}

func (h *Handlers) add(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		lang := httpx.Lang(r)
		f, err := readForm(t, in, lang)
		if err != nil {
			return nil, err
		}
		id, err := h.svc.Add(r.Context(), f, lang)
		if err != nil {
			return nil, err
		}
		return httpx.Created{ID: id}, nil
	}
}

func (h *Handlers) edit(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		lang := httpx.Lang(r)
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		f, err := readForm(t, in, lang)
		if err != nil {
			return nil, err
		}
		return nil, h.svc.Edit(r.Context(), id, f, lang)
	}
}

// IDsIn names records: ids (a list, repeated or comma-separated) or, when ids is not sent, id.
type IDsIn struct {
	IDs []int64 `param:"ids"`
	ID  []int64 `param:"id" doc:"when ids is not sent"`
}

func (in IDsIn) list() ([]int64, error) {
	switch {
	case len(in.IDs) > 0:
		return in.IDs, nil
	case len(in.ID) > 0:
		return in.ID, nil
	}
	return nil, httpx.Fail("http.required", "ids")
}

func (h *Handlers) del(t *Type) func(*http.Request, IDsIn) (route.None, error) {
	return func(r *http.Request, in IDsIn) (route.None, error) {
		ids, err := in.list()
		if err != nil {
			return route.None{}, err
		}
		return route.None{}, h.svc.Delete(r.Context(), t, ids)
	}
}

// TransitionIn names the records a review step moves, with its reason (required to reject).
type TransitionIn struct {
	IDsIn
	Reason string `param:"reason" doc:"required to reject"`
}

func (h *Handlers) transition(t *Type, action string) func(*http.Request, TransitionIn) (route.None, error) {
	return func(r *http.Request, in TransitionIn) (route.None, error) {
		ids, err := in.list()
		if err != nil {
			return route.None{}, err
		}
		return route.None{}, h.svc.Transition(r.Context(), t, action, ids, in.Reason)
	}
}

func (h *Handlers) loans(t *Type) func(*http.Request, httpx.IDIn) ([]Loan, error) {
	return func(r *http.Request, in httpx.IDIn) ([]Loan, error) {
		loans, err := h.svc.Loans(r.Context(), t, in.ID)
		if loans == nil && err == nil {
			loans = []Loan{}
		}
		return loans, err
	}
}

// LendIn lends a key.
type LendIn struct {
	ID           int64  `param:"id,required"`
	BorrowerCode string `param:"borrowerCode" doc:"the employee's code (required)"`
	Purpose      string `param:"purpose" doc:"at most 200 characters"`
	DueDate      string `param:"dueDate" doc:"YYYY-MM-DD"`
}

func (h *Handlers) lend(t *Type) func(*http.Request, LendIn) (route.None, error) {
	return func(r *http.Request, in LendIn) (route.None, error) {
		return route.None{}, h.svc.Lend(r.Context(), t, in.ID, LendForm{BorrowerCode: in.BorrowerCode, Purpose: in.Purpose, DueDate: in.DueDate})
	}
}

// ReturnIn takes a key back.
type ReturnIn struct {
	ID     int64  `param:"id,required"`
	Remark string `param:"remark" doc:"at most 200 characters"`
}

func (h *Handlers) giveBack(t *Type) func(*http.Request, ReturnIn) (route.None, error) {
	return func(r *http.Request, in ReturnIn) (route.None, error) {
		return route.None{}, h.svc.Return(r.Context(), t, in.ID, in.Remark)
	}
}

// Remind is GET /api/biapp/marketing/backend/project/remind.
func (h *Handlers) Remind(r *http.Request, _ route.None) (Reminders, error) {
	rem, err := h.svc.Remind(r.Context(), httpx.Lang(r))
	if err != nil || rem == nil {
		return Reminders{}, err
	}
	return *rem, nil
}

// TagAll is GET /api/library/tag/all: every tag, for the tags fields.
func (h *Handlers) TagAll(r *http.Request, _ route.None) ([]Tag, error) {
	tags, err := h.svc.Tags(r.Context())
	if tags == nil && err == nil {
		tags = []Tag{}
	}
	return tags, err
}

// MessageRead is POST /api/library/message/read (ids or id): the caller's message to-dos read.
func (h *Handlers) MessageRead(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.MarkRead(r.Context(), ids)
}

// Generated is the answer of POST /api/library/message/generate: how many message to-dos were written.
type Generated struct {
	Created int `json:"created"`
}

func (h *Handlers) generate(r *http.Request, _ route.None) (Generated, error) {
	n, err := h.svc.GenerateMessages(r.Context())
	if err != nil {
		return Generated{}, err
	}
	return Generated{Created: n}, nil
}

// TagIn is what the tag dialog sends.
type TagIn struct {
	Name  string `param:"name" doc:"required, unique"`
	Color string `param:"color"`
	Sort  int    `param:"sort"`
}

// TagAdd is POST /api/library/tag/add; data is {id}.
func (h *Handlers) TagAdd(r *http.Request, in TagIn) (httpx.Created, error) {
	id, err := h.svc.AddTag(r.Context(), TagForm{Name: in.Name, Color: in.Color, Sort: in.Sort})
	if err != nil {
		return httpx.Created{}, err
	}
	return httpx.Created{ID: id}, nil
}

// TagEditIn is the dialog's fields and the tag.
type TagEditIn struct {
	TagIn
	ID int64 `param:"id,required"`
}

// TagEdit is PUT /api/library/tag/edit.
func (h *Handlers) TagEdit(r *http.Request, in TagEditIn) (route.None, error) {
	return route.None{}, h.svc.EditTag(r.Context(), in.ID, TagForm{Name: in.Name, Color: in.Color, Sort: in.Sort})
}

// TagDel is DELETE /api/library/tag/del (ids or id).
func (h *Handlers) TagDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteTags(r.Context(), ids)
}

// ImportIn describes an import call: the workbook is read from the multipart body.
type ImportIn struct {
	File   httpx.FileField `param:"file,required" doc:"the .xlsx workbook"`
	DryRun bool            `param:"dryRun" doc:"in the query: true only checks"`
}

// The names the web uses.
func (TypeView) OpenAPIName() string    { return "LibType" }
func (TypesAnswer) OpenAPIName() string { return "LibTypes" }
