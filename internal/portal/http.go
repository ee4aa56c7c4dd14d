package portal

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Paths of the portal's calls (routes.go).
const (
	HomePath         = "/api/portal/home"
	PackDownloadPath = "/api/portal/pack/download"
)

// Handlers are the HTTP endpoints of the portal and of portal management.
type Handlers struct {
	svc     *Service
	banners *list.Table[Banner]
	links   *list.Table[Link]
}

func NewHandlers(s *Service) *Handlers {
	return &Handlers{svc: s, banners: BannerTable(s.db), links: LinkTable(s.db)}
}

/* ---------- the portal (function code gateway) ---------- */

// Home is GET /api/portal/home.
func (h *Handlers) Home(r *http.Request, _ route.None) (Home, error) {
	home, err := h.svc.Home(r.Context(), auth.PrincipalFrom(r.Context()), httpx.Lang(r))
	if err != nil || home == nil {
		return Home{}, err
	}
	return *home, nil
}

// MsgFilter narrows the caller's messages.
type MsgFilter struct {
	State string `param:"state" doc:"read or unread; empty: both"`
	Kind  string `param:"kind" doc:"expiry, loan, review (library reviews), course (course audits), reward, demand, announcement or notice; empty: all"`
}

// MsgListIn describes the message list: the filter and the page (read by list.Paging, for its messages).
type MsgListIn struct {
	MsgFilter
	Current int `param:"current" min:"1" max:"1000000" doc:"page, from 1"`
	Limit   int `param:"limit" min:"1" max:"100" doc:"rows per page (default 10)"`
}

// MsgList is GET /api/portal/msg/list (state, kind, current, limit).
func (h *Handlers) MsgList(r *http.Request, in *httpx.Input) (any, error) {
	var f MsgFilter
	if err := httpx.Bind(in, &f); err != nil {
		return nil, err
	}
	q := MessageQuery{State: strings.TrimSpace(f.State), Kind: strings.TrimSpace(f.Kind)}
	var err error
	if q.Current, q.Limit, err = list.Paging(in); err != nil {
		return nil, err
	}
	return h.svc.Messages(r.Context(), auth.PrincipalFrom(r.Context()), q, httpx.Lang(r))
}

// Unread is the answer of the read calls.
type UnreadCount struct {
	Unread int `json:"unread"`
}

// OpenAPIName keeps the name the web uses.
func (UnreadCount) OpenAPIName() string { return "PortalUnread" }

// ReadIn names the messages to mark read.
type ReadIn struct {
	Items []ReadItem `param:"items" doc:"[{kind, id}]"`
	IDs   []int64    `param:"ids" doc:"message to-dos"`
}

// MsgRead is POST /api/portal/msg/read: items [{kind, id}], or ids (message to-dos).
func (h *Handlers) MsgRead(r *http.Request, in ReadIn) (UnreadCount, error) {
	items := in.Items
	for _, id := range in.IDs {
		items = append(items, ReadItem{ID: id})
	}
	if len(items) == 0 {
		return UnreadCount{}, httpx.Fail("http.required", "items")
	}
	n, err := h.svc.MarkRead(r.Context(), auth.PrincipalFrom(r.Context()), items, httpx.Lang(r))
	return UnreadCount{n}, err
}

// MsgReadAll is POST /api/portal/msg/readAll.
func (h *Handlers) MsgReadAll(r *http.Request, _ route.None) (UnreadCount, error) {
	n, err := h.svc.ReadAll(r.Context(), auth.PrincipalFrom(r.Context()))
	return UnreadCount{n}, err
}

// Pack is GET /api/portal/pack.
func (h *Handlers) Pack(r *http.Request, _ route.None) (Pack, error) {
	p, err := h.svc.PackList(r.Context(), auth.PrincipalFrom(r.Context()), httpx.Lang(r))
	if err != nil || p == nil {
		return Pack{}, err
	}
	return *p, nil
}

// IDsIn names rows: ids (a list, repeated or comma-separated) or, when ids is not sent, id.
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

// PackAdd is POST /api/portal/pack/add (ids); data is {count}.
func (h *Handlers) PackAdd(r *http.Request, in IDsIn) (PackCount, error) {
	ids, err := in.list()
	if err != nil {
		return PackCount{}, err
	}
	return h.svc.PackAdd(r.Context(), auth.PrincipalFrom(r.Context()), ids)
}

// PackDel is POST /api/portal/pack/del (ids); data is {count}.
func (h *Handlers) PackDel(r *http.Request, in IDsIn) (PackCount, error) {
	ids, err := in.list()
	if err != nil {
		return PackCount{}, err
	}
	return h.svc.PackDel(r.Context(), auth.PrincipalFrom(r.Context()), ids)
}

// PackClear is POST /api/portal/pack/clear; data is {count: 0}.
func (h *Handlers) PackClear(r *http.Request, _ route.None) (PackCount, error) {
	return h.svc.PackClear(r.Context(), auth.PrincipalFrom(r.Context()))
}

// PackDownload is GET /api/portal/pack/download (a download route): the pack as one zip, streamed.
func (h *Handlers) PackDownload(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	lang := httpx.Lang(r)
	d, err := h.svc.PreparePack(ctx, auth.PrincipalFrom(ctx), lang)
	if err != nil {
		return nil, err
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/zip")
	hd.Set("Content-Disposition", export.Disposition(PackFileName(lang, h.svc.now())))
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if err := h.svc.WritePack(ctx, w, d); err != nil {
		// the zip has started: an envelope can no longer be sent
		slog.Error("bid pack download failed midway", "user", d.user, "err", err)
	}
	return httpx.Written{}, nil
}

/* ---------- portal management (function code gatewaymanager) ---------- */

// switchValue reads a 1/0 switch, also sent as true/false; def when absent or empty.
func switchValue(name string, v *string, def int) (int, error) {
	if v == nil {
		return def, nil
	}
	s := strings.TrimSpace(*v)
	switch strings.ToLower(s) {
	case "":
		return def, nil
	case "true":
		return 1, nil
	case "false":
		return 0, nil
	}
	// the integer rule: 32-bit, like the INTEGER columns; digits with an optional minus (no plus)
	n, err := strconv.ParseInt(s, 10, 64)
	if (err != nil && !errors.Is(err, strconv.ErrRange)) || strings.HasPrefix(s, "+") {
		return 0, httpx.BadRequest("http.bad_number", name)
	}
	if err != nil || n < math.MinInt32 || n > math.MaxInt32 {
		return 0, httpx.BadRequest("http.out_of_range", name, math.MinInt32, math.MaxInt32)
	}
	return int(n), nil
}

// BannerIn is what the banner dialog sends.
type BannerIn struct {
	Title       string  `param:"title" doc:"required"`
	ImageURL    string  `param:"imageUrl" doc:"the public address of an uploaded banner image"`
	LinkURL     string  `param:"linkUrl"`
	Sort        int     `param:"sort" default:"1"`
	PublishFrom string  `param:"publishFrom" doc:"a date (yyyy-MM-dd); empty: from now"`
	PublishTo   string  `param:"publishTo" doc:"a date (yyyy-MM-dd); empty: no end"`
	Enabled     *string `param:"enabled" types:"string,integer,boolean" doc:"1 or 0 (true or false; default 1)"`
}

func (in BannerIn) form() (BannerForm, error) {
	f := BannerForm{Title: in.Title, ImageURL: in.ImageURL, LinkURL: in.LinkURL,
		PublishFrom: in.PublishFrom, PublishTo: in.PublishTo, Sort: in.Sort}
	var err error
	f.Enabled, err = switchValue("enabled", in.Enabled, 1)
	return f, err
}

// BannerList is GET /api/portal/banner/list; BannerExport is GET /api/portal/banner/export.
func (h *Handlers) BannerList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.banners.List(w, r)
}
func (h *Handlers) BannerExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.banners.Export(w, r)
}

// BannerAdd is POST /api/portal/banner/add; data is {id}.
func (h *Handlers) BannerAdd(r *http.Request, in BannerIn) (httpx.Created, error) {
	f, err := in.form()
	if err != nil {
		return httpx.Created{}, err
	}
	id, err := h.svc.AddBanner(r.Context(), f)
	return httpx.Created{ID: id}, err
}

// BannerEditIn is the dialog's fields and the banner.
type BannerEditIn struct {
	BannerIn
	ID int64 `param:"id,required"`
}

// BannerEdit is PUT /api/portal/banner/edit.
func (h *Handlers) BannerEdit(r *http.Request, in BannerEditIn) (route.None, error) {
	f, err := in.form()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.EditBanner(r.Context(), in.ID, f)
}

// BannerDel is DELETE /api/portal/banner/del (ids or id).
func (h *Handlers) BannerDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteBanners(r.Context(), ids)
}

// BannerStateIn switches banners on or off.
type BannerStateIn struct {
	IDsIn
	Enabled *string `param:"enabled" types:"string,integer,boolean" doc:"1 on, 0 off (or true, false)"`
	State   *string `param:"state" types:"string,integer,boolean" doc:"the same as enabled, when enabled is not sent"`
}

// BannerState is PUT /api/portal/banner/changeState (ids, enabled or state: 1/0).
func (h *Handlers) BannerState(r *http.Request, in BannerStateIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	name, v := "enabled", in.Enabled
	if v == nil {
		name, v = "state", in.State
	}
	if v == nil {
		return route.None{}, httpx.Fail("http.required", "enabled")
	}
	state, err := switchValue(name, v, -1)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.BannerState(r.Context(), ids, state)
}

// LinkIn is what the quick link dialog sends.
type LinkIn struct {
	Title  string  `param:"title" doc:"required"`
	URL    string  `param:"url" doc:"required: an http(s) address or a path of the site"`
	Icon   string  `param:"icon" doc:"one of GET /api/portal/link/icons"`
	Sort   int     `param:"sort" default:"1"`
	NewTab *string `param:"newTab" types:"string,integer,boolean" doc:"1 opens a new tab (or true; default 0)"`
}

func (in LinkIn) form() (LinkForm, error) {
	f := LinkForm{Title: in.Title, URL: in.URL, Icon: in.Icon, Sort: in.Sort}
	var err error
	f.NewTab, err = switchValue("newTab", in.NewTab, 0)
	return f, err
}

// LinkList is GET /api/portal/link/list; LinkExport is GET /api/portal/link/export.
func (h *Handlers) LinkList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.links.List(w, r)
}
func (h *Handlers) LinkExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.links.Export(w, r)
}

// LinkIcons is GET /api/portal/link/icons: the icon names a quick link may use.
func (h *Handlers) LinkIcons(r *http.Request, _ route.None) ([]string, error) {
	return Icons, nil
}

// LinkAdd is POST /api/portal/link/add; data is {id}.
func (h *Handlers) LinkAdd(r *http.Request, in LinkIn) (httpx.Created, error) {
	f, err := in.form()
	if err != nil {
		return httpx.Created{}, err
	}
	id, err := h.svc.AddLink(r.Context(), f)
	return httpx.Created{ID: id}, err
}

// LinkEditIn is the dialog's fields and the link.
type LinkEditIn struct {
	LinkIn
	ID int64 `param:"id,required"`
}

// LinkEdit is PUT /api/portal/link/edit.
func (h *Handlers) LinkEdit(r *http.Request, in LinkEditIn) (route.None, error) {
	f, err := in.form()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.EditLink(r.Context(), in.ID, f)
}

// LinkDel is DELETE /api/portal/link/del (ids or id).
func (h *Handlers) LinkDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteLinks(r.Context(), ids)
}

// SectionList is GET /api/portal/section/list: [{key, name, visible}] in order.
func (h *Handlers) SectionList(r *http.Request, _ route.None) ([]Section, error) {
	return h.svc.Sections(r.Context(), httpx.Lang(r))
}

// SectionEntry is one section as the save call sends it.
type SectionEntry struct {
	Key     string `json:"key"`
	Visible any    `json:"visible" types:"boolean,integer,string"`
}

// SectionSaveIn is the order and visibility of the sections.
type SectionSaveIn struct {
	Sections []SectionEntry `param:"sections" doc:"[{key, visible}] in the page's order; visible is 1/0 or true/false (default shown)"`
}

// SectionSave is PUT /api/portal/section/save (sections: [{key, visible}]); data is the stored list.
func (h *Handlers) SectionSave(r *http.Request, in SectionSaveIn) ([]Section, error) {
	out := make([]SectionInput, len(in.Sections))
	for i, e := range in.Sections {
		out[i].Key = e.Key
		switch v := e.Visible.(type) {
		case bool:
			out[i].Visible = v
		case float64:
			out[i].Visible = v != 0
		case string:
			out[i].Visible = v == "1" || strings.EqualFold(v, "true")
		case nil:
			out[i].Visible = true
		default:
			return nil, httpx.BadRequest("http.bad_field", "sections")
		}
	}
	if err := h.svc.SaveSections(r.Context(), out); err != nil {
		return nil, err
	}
	return h.svc.Sections(r.Context(), httpx.Lang(r))
}

// OpenAPIName keeps the name the web uses (PortalLink is the layout's link).
func (Link) OpenAPIName() string { return "PortalQuickLink" }
