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
	"biddesk/internal/platform/route"
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

// FormIn is what add and edit send. Value absent leaves a secret's value as it is (edit).
type FormIn struct {
	Key         string  `param:"key" doc:"add only: letters, digits, _ . -; starts with a letter"`
	Name        string  `param:"name"`
	Type        string  `param:"type" doc:"add only: text, number, boolean or json"`
	Group       string  `param:"group"`
	Description string  `param:"description"`
	Reset       bool    `param:"reset" doc:"edit, built-ins only: forget the stored value (the default applies again)"`
	Value       *string `param:"value" doc:"validated by the parameter's type; absent leaves a secret's value as it is"`
	Secret      int     `param:"secret" doc:"add only: 1 masks the value"`
}

// EditIn is what edit sends: the parameter and the form.
type EditIn struct {
	FormIn
	ID int64 `param:"id,required"`
}

func (in FormIn) form() Form {
	return Form{Key: in.Key, Name: in.Name, Type: in.Type, Group: in.Group, Description: in.Description,
		Reset: in.Reset, Value: in.Value, Secret: in.Secret}
}

// Add is POST /api/sys/config/add; data is {id}.
func (h *Handlers) Add(r *http.Request, in FormIn) (httpx.Created, error) {
	id, err := h.store.Add(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// Edit is PUT /api/sys/config/edit.
func (h *Handlers) Edit(r *http.Request, in EditIn) (route.None, error) {
	return route.None{}, h.store.Edit(r.Context(), in.ID, in.form())
}

// Del is DELETE /api/sys/config/del (id or ids).
func (h *Handlers) Del(r *http.Request, in httpx.IDsIn) (route.None, error) {
	ids, err := in.List()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.store.Delete(r.Context(), ids)
}

// Item is the answer of GET /api/sys/common/config/item: the value typed (a number, a boolean,
// parsed JSON, or text).
type Item struct {
	Key   string `json:"key"`
	Type  string `json:"type" enum:"text,number,boolean,json"`
	Value any    `json:"value" doc:"typed: a number, a boolean, the parsed JSON, or text"`
}

// OpenAPIName keeps the name the web knows a parameter's value by.
func (Item) OpenAPIName() string { return "ConfigItem" }

// KeyIn names a parameter.
type KeyIn struct {
	Key string `param:"key,required"`
}

// ConfigItem is GET /api/sys/common/config/item (key): a non-secret parameter's value. A secret or
// unknown key is refused with its own message.
func (h *Handlers) ConfigItem(r *http.Request, in KeyIn) (Item, error) {
	key := strings.TrimSpace(in.Key)
	e, ok := h.store.lookup(key)
	switch {
	case !ok:
		return Item{}, httpx.Fail("sysconfig.unknown_key", key)
	case e.secret:
		return Item{}, httpx.Fail("sysconfig.secret_key", key)
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

// NoticeIn is what the notice dialog sends.
type NoticeIn struct {
	Title    string `param:"title"`
	Content  string `param:"content" doc:"plain text"`
	Level    string `param:"level" doc:"info, warning or important"`
	Audience string `param:"audience" doc:"all, staff or external"`
	Enabled  *int   `param:"enabled" doc:"1 (default) or 0"`
	StartAt  string `param:"startAt" doc:"a date or date-time; empty: shown at once"`
	EndAt    string `param:"endAt" doc:"a date or date-time; empty: no end"`
}

// NoticeEditIn is what edit sends: the notice and the form.
type NoticeEditIn struct {
	NoticeIn
	ID int64 `param:"id"`
}

func (in NoticeIn) form() (NoticeForm, error) {
	f := NoticeForm{Title: in.Title, Content: in.Content, Level: strings.TrimSpace(in.Level),
		Audience: strings.TrimSpace(in.Audience), Enabled: 1}
	if in.Enabled != nil {
		f.Enabled = *in.Enabled
	}
	var err error
	if f.StartAt, err = timeParam(in.StartAt, "startAt"); err != nil {
		return f, err
	}
	f.EndAt, err = timeParam(in.EndAt, "endAt")
	return f, err
}

func timeParam(s, name string) (*time.Time, error) {
	s = strings.TrimSpace(s)
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
func (h *Handlers) NoticeAdd(r *http.Request, in NoticeIn) (httpx.Created, error) {
	f, err := in.form()
	if err != nil {
		return httpx.Created{}, err
	}
	id, err := h.store.AddNotice(r.Context(), f)
	return httpx.Created{ID: id}, err
}

// NoticeEdit is PUT /api/sys/notice/edit.
func (h *Handlers) NoticeEdit(r *http.Request, in NoticeEditIn) (route.None, error) {
	f, err := in.form()
	if err != nil {
		return route.None{}, err
	}
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	return route.None{}, h.store.EditNotice(r.Context(), in.ID, f)
}

// NoticeDel is DELETE /api/sys/notice/del (id or ids).
func (h *Handlers) NoticeDel(r *http.Request, in httpx.IDsIn) (route.None, error) {
	ids, err := in.List()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.store.DeleteNotices(r.Context(), ids)
}

// NoticeGet is GET /api/sys/common/notice/get: the notices in their publish window for the caller.
func (h *Handlers) NoticeGet(r *http.Request, _ route.None) ([]Notice, error) {
	p := auth.PrincipalFrom(r.Context())
	ns, err := h.store.ActiveNotices(r.Context(), p.UserType)
	if ns == nil && err == nil {
		ns = []Notice{}
	}
	return ns, err
}

// Layout is GET /api/sys/common/portal/layout: the portal's header and footer.
func (h *Handlers) Layout(r *http.Request, _ route.None) (Layout, error) {
	return h.store.Layout(), nil
}

// LayoutIn is what the header-and-footer screen sends.
type LayoutIn struct {
	Title       string `param:"title"`
	LogoURL     string `param:"logoUrl" doc:"a path of this site (CSP img-src 'self'), or empty"`
	HeaderLinks string `param:"headerLinks" types:"array,string" doc:"a JSON array of {title, url, newTab} (or its JSON text); absent means none"`
	FooterLinks string `param:"footerLinks" types:"array,string" doc:"a JSON array of {title, url, newTab} (or its JSON text); absent means none"`
	Copyright   string `param:"copyright"`
}

// LayoutEdit is PUT /api/sys/headerFooter/edit (title, logoUrl, headerLinks, footerLinks, copyright); data
// is the stored layout.
func (h *Handlers) LayoutEdit(r *http.Request, in LayoutIn) (Layout, error) {
	f := LayoutForm{Title: in.Title, LogoURL: in.LogoURL, HeaderLinks: links(in.HeaderLinks),
		FooterLinks: links(in.FooterLinks), Copyright: in.Copyright}
	if err := h.store.SaveLayout(r.Context(), f); err != nil {
		return Layout{}, err
	}
	return h.store.Layout(), nil
}

// links is a link list sent as a JSON array (or, in a form, as JSON text); absent means none.
func links(v string) string {
	if v = strings.TrimSpace(v); v != "" {
		return v
	}
	return "[]"
}
