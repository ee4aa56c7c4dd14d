package library

import (
	"context"
	"net/http"
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

// Routes are every call of the library with the function codes it needs.
func (h *Handlers) Routes() []route.Route {
	ep := route.New
	in := httpx.WithInput
	out := []route.Route{
		ep("GET", TypesPath, route.SignedIn, h.Types),
		ep("GET", RemindPath, route.SignedIn, h.Remind),
		ep("GET", TagAllPath, route.SignedIn, h.TagAll),
		ep("GET", TagListPath, FunTags, h.tags.List),
		ep("POST", "/api/library/tag/add", FunTags, in(httpx.AddHandler(readTag, h.svc.AddTag))),
		ep("PUT", "/api/library/tag/edit", FunTags, in(httpx.EditHandler(readTag, h.svc.EditTag))),
		ep("DELETE", "/api/library/tag/del", FunTags, in(httpx.DeleteHandler(h.svc.DeleteTags))),
		route.Download("/api/library/tag/export", FunTags, h.tags.Export),
		ep("GET", PortalSearchPath, FunPortal, in(h.PortalSearch)),
		ep("GET", PortalOnePath, FunPortal, in(h.PortalOne)),
	}
	for _, t := range Types {
		tbl, t := h.tables[t.Key], t
		out = append(out,
			ep("GET", TypePath(t, "list"), t.readAccess(), tbl.List),
			ep("GET", TypePath(t, "one"), t.readAccess(), in(h.one(t))),
			ep("GET", TypePath(t, "history"), t.readAccess(), in(h.history(t))),
			route.Download(TypePath(t, "export"), t.readAccess(), tbl.Export),
			ep("POST", TypePath(t, "add"), t.Code, in(h.add(t))),
			ep("PUT", TypePath(t, "edit"), t.Code, in(h.edit(t))),
			ep("DELETE", TypePath(t, "del"), t.Code, in(httpx.DeleteHandler(func(ctx context.Context, ids []int64) error { return h.svc.Delete(ctx, t, ids) }))),
		)
		if t.Review {
			out = append(out,
				ep("POST", TypePath(t, "submit"), t.Code, in(h.transition(t, ActSubmit))),
				ep("POST", TypePath(t, "approve"), FunAdmin, in(h.transition(t, ActApprove))),
				ep("POST", TypePath(t, "reject"), FunAdmin, in(h.transition(t, ActReject))),
			)
		}
		if t.Import {
			out = append(out,
				route.Download(TypePath(t, "import/template"), t.Code, func(w http.ResponseWriter, r *http.Request) (any, error) {
					return httpx.Written{}, importTemplate(w, r, t)
				}),
				ep("POST", TypePath(t, "import"), t.Code, func(w http.ResponseWriter, r *http.Request) (any, error) { return h.svc.importUpload(w, r, t) }),
			)
		}
		if t.Loans {
			out = append(out,
				ep("GET", TypePath(t, "loans"), t.readAccess(), in(h.loans(t))),
				ep("POST", TypePath(t, "lend"), t.Code, in(h.lend(t))),
				ep("POST", TypePath(t, "return"), t.Code, in(h.giveBack(t))),
			)
		}
		if t.Messages {
			out = append(out,
				ep("POST", MessageRead, t.Code, in(httpx.DeleteHandler(h.svc.MarkRead))),
				ep("POST", MessageMake, FunAdmin, h.generate),
			)
		}
	}
	return out
}

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

// Types is GET /api/library/types: every type's descriptor, for the browser's one generic page.
func (h *Handlers) Types(w http.ResponseWriter, r *http.Request) (any, error) {
	lang := httpx.Lang(r)
	out := make([]TypeView, 0, len(Types))
	for _, t := range Types {
		v := TypeView{Type: t, Name: httpx.Translate(lang, t.Name), Noun: httpx.Translate(lang, t.Noun), Fields: translateFields(lang, t.Fields), Sorts: []string{}}
		for k := range spec(t).Sorts {
			v.Sorts = append(v.Sorts, k)
		}
		out = append(out, v)
	}
	return map[string]any{"types": out, "warningDays": h.svc.warnDays(), "adminCode": FunAdmin}, nil
}

func (h *Handlers) one(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return h.svc.One(r.Context(), t, id)
	}
}

func (h *Handlers) history(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return h.svc.History(r.Context(), t, id)
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

func (h *Handlers) transition(t *Type, action string) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		ids, err := in.IDsOrID()
		if err != nil {
			return nil, err
		}
		return nil, h.svc.Transition(r.Context(), t, action, ids, in.String("reason"))
	}
}

func (h *Handlers) loans(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return h.svc.Loans(r.Context(), t, id)
	}
}

func (h *Handlers) lend(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, h.svc.Lend(r.Context(), t, id, LendForm{BorrowerCode: in.String("borrowerCode"), Purpose: in.String("purpose"), DueDate: in.String("dueDate")})
	}
}

func (h *Handlers) giveBack(t *Type) httpx.InputHandler {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, h.svc.Return(r.Context(), t, id, in.String("remark"))
	}
}

// Remind is GET /api/biapp/marketing/backend/project/remind.
func (h *Handlers) Remind(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.Remind(r.Context(), httpx.Lang(r))
}

// TagAll is GET /api/library/tag/all: every tag, for the tags fields.
func (h *Handlers) TagAll(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.Tags(r.Context())
}

func (h *Handlers) generate(w http.ResponseWriter, r *http.Request) (any, error) {
	n, err := h.svc.GenerateMessages(r.Context())
	if err != nil {
		return nil, err
	}
	return map[string]int{"created": n}, nil
}

func readTag(in *httpx.Input) (TagForm, error) {
	f := TagForm{Name: in.String("name"), Color: in.String("color")}
	var err error
	f.Sort, err = in.Int("sort", 0)
	return f, err
}
