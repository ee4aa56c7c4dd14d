package sysconfig

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// Handlers are the HTTP endpoints of system parameters, notices and the portal layout.
type Handlers struct {
	store   *Store
	params  *list.Table[Param]
	notices *list.Table[Notice]
}

func NewHandlers(s *Store) *Handlers {
	return &Handlers{store: s, params: ParamTable(s.db), notices: NoticeTable(s.db)}
}

// List is GET /api/sys/config/list; Export is GET /api/sys/config/export.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.params.List(w, r)
}
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.params.Export(w, r)
}

func readForm(in *httpx.Input) (Form, error) {
	f := Form{Key: in.String("key"), Name: in.String("name"), Type: in.String("type"), Group: in.String("group"),
		Description: in.String("description"), Reset: in.Bool("reset")}
	if in.Has("value") {
		v := in.String("value")
		f.Value = &v
	}
	var err error
	f.Secret, err = in.Int("secret", 0)
	return f, err
}

// Add is POST /api/sys/config/add; data is {id}.
func (h *Handlers) Add(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.AddHandler(readForm, h.store.Add)(r, in)
}

// Edit is PUT /api/sys/config/edit.
func (h *Handlers) Edit(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.EditHandler(readForm, h.store.Edit)(r, in)
}

// Del is DELETE /api/sys/config/del (id or ids).
func (h *Handlers) Del(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.DeleteHandler(h.store.Delete)(r, in)
}

// Item is the answer of GET /api/sys/common/config/item: the value typed (a number, a boolean,
// parsed JSON, or text).
type Item struct {
	Key   string `json:"key"`
	Type  string `json:"type"`
	Value any    `json:"value"`
}

// ConfigItem is GET /api/sys/common/config/item (key): a non-secret parameter's value. A secret or
// unknown key is refused with its own message.
func (h *Handlers) ConfigItem(r *http.Request, in *httpx.Input) (any, error) {
	key := strings.TrimSpace(in.String("key"))
	if key == "" {
		return nil, httpx.Fail("http.required", "key")
	}
	e, ok := h.store.lookup(key)
	switch {
	case !ok:
		return nil, httpx.Fail("sysconfig.unknown_key", key)
	case e.secret:
		return nil, httpx.Fail("sysconfig.secret_key", key)
	}
	return Item{Key: key, Type: e.typ, Value: typed(e)}, nil
}

func typed(e entry) any {
	switch e.typ {
	case TypeNumber:
		if f, err := strconv.ParseFloat(e.value, 64); err == nil {
			return f
		}
		return nil
	case TypeBoolean:
		return e.value == "true"
	case TypeJSON:
		if json.Valid([]byte(e.value)) {
			return json.RawMessage(e.value)
		}
		return nil
	}
	return e.value
}

// NoticeList is GET /api/sys/notice/list.
func (h *Handlers) NoticeList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.notices.List(w, r)
}

func readNotice(in *httpx.Input) (NoticeForm, error) {
	f := NoticeForm{Title: in.String("title"), Content: in.String("content"), Level: strings.TrimSpace(in.String("level")),
		Audience: strings.TrimSpace(in.String("audience"))}
	var err error
	if f.Enabled, err = in.Int("enabled", 1); err != nil {
		return f, err
	}
	if f.StartAt, err = timeParam(in, "startAt"); err != nil {
		return f, err
	}
	f.EndAt, err = timeParam(in, "endAt")
	return f, err
}

func timeParam(in *httpx.Input, name string) (*time.Time, error) {
	s := strings.TrimSpace(in.String(name))
	if s == "" {
		return nil, nil
	}
	t, _, err := list.ParseTime(s)
	if err != nil {
		return nil, httpx.BadRequest("list.bad_time", name)
	}
	return &t, nil
}

// NoticeAdd is POST /api/sys/notice/add; data is {id}.
func (h *Handlers) NoticeAdd(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.AddHandler(readNotice, h.store.AddNotice)(r, in)
}

// NoticeEdit is PUT /api/sys/notice/edit.
func (h *Handlers) NoticeEdit(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.EditHandler(readNotice, h.store.EditNotice)(r, in)
}

// NoticeDel is DELETE /api/sys/notice/del (id or ids).
func (h *Handlers) NoticeDel(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.DeleteHandler(h.store.DeleteNotices)(r, in)
}

// NoticeGet is GET /api/sys/common/notice/get: the notices in their publish window for the caller.
func (h *Handlers) NoticeGet(w http.ResponseWriter, r *http.Request) (any, error) {
	p := auth.PrincipalFrom(r.Context())
	return h.store.ActiveNotices(r.Context(), p.UserType)
}

// Layout is GET /api/sys/common/portal/layout: the portal's header and footer.
func (h *Handlers) Layout(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.store.Layout(), nil
}

// LayoutEdit is PUT /api/sys/headerFooter/edit (title, logoUrl, headerLinks, footerLinks, copyright); data
// is the stored layout.
func (h *Handlers) LayoutEdit(r *http.Request, in *httpx.Input) (any, error) {
	f := LayoutForm{Title: in.String("title"), LogoURL: in.String("logoUrl"), HeaderLinks: links(in, "headerLinks"),
		FooterLinks: links(in, "footerLinks"), Copyright: in.String("copyright")}
	if err := h.store.SaveLayout(r.Context(), f); err != nil {
		return nil, err
	}
	return h.store.Layout(), nil
}

// links reads a link list sent as a JSON array (or, in a form, as JSON text); absent means none.
func links(in *httpx.Input, name string) string {
	if v := strings.TrimSpace(in.String(name)); v != "" {
		return v
	}
	return "[]"
}
