package portal

import (
	"log/slog"
	"net/http"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
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
func (h *Handlers) Home(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.Home(r.Context(), auth.PrincipalFrom(r.Context()), httpx.Lang(r))
}

// MsgList is GET /api/portal/msg/list (state, kind, current, limit).
func (h *Handlers) MsgList(r *http.Request, in *httpx.Input) (any, error) {
	q := MessageQuery{State: strings.TrimSpace(in.String("state")), Kind: strings.TrimSpace(in.String("kind"))}
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

// MsgRead is POST /api/portal/msg/read: items [{kind, id}], or ids (message to-dos).
func (h *Handlers) MsgRead(r *http.Request, in *httpx.Input) (any, error) {
	var items []ReadItem
	if in.Has("items") {
		if err := in.Decode("items", &items); err != nil {
			return nil, err
		}
	}
	if in.Has("ids") {
		ids, err := in.IDs("ids")
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			items = append(items, ReadItem{ID: id})
		}
	}
	if len(items) == 0 {
		return nil, httpx.Fail("http.required", "items")
	}
	n, err := h.svc.MarkRead(r.Context(), auth.PrincipalFrom(r.Context()), items, httpx.Lang(r))
	return UnreadCount{n}, err
}

// MsgReadAll is POST /api/portal/msg/readAll.
func (h *Handlers) MsgReadAll(w http.ResponseWriter, r *http.Request) (any, error) {
	n, err := h.svc.ReadAll(r.Context(), auth.PrincipalFrom(r.Context()))
	return UnreadCount{n}, err
}

// Pack is GET /api/portal/pack.
func (h *Handlers) Pack(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.PackList(r.Context(), auth.PrincipalFrom(r.Context()), httpx.Lang(r))
}

// PackAdd is POST /api/portal/pack/add (ids); data is {count}.
func (h *Handlers) PackAdd(r *http.Request, in *httpx.Input) (any, error) {
	ids, err := in.IDsOrID()
	if err != nil {
		return nil, err
	}
	return h.svc.PackAdd(r.Context(), auth.PrincipalFrom(r.Context()), ids)
}

// PackDel is POST /api/portal/pack/del (ids); data is {count}.
func (h *Handlers) PackDel(r *http.Request, in *httpx.Input) (any, error) {
	ids, err := in.IDsOrID()
	if err != nil {
		return nil, err
	}
	return h.svc.PackDel(r.Context(), auth.PrincipalFrom(r.Context()), ids)
}

// PackClear is POST /api/portal/pack/clear; data is {count: 0}.
func (h *Handlers) PackClear(w http.ResponseWriter, r *http.Request) (any, error) {
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

// switchParam reads a 1/0 switch, also sent as true/false; def when absent.
func switchParam(in *httpx.Input, name string, def int) (int, error) {
	s := strings.TrimSpace(in.String(name))
	switch strings.ToLower(s) {
	case "":
		return def, nil
	case "true":
		return 1, nil
	case "false":
		return 0, nil
	}
	return in.Int(name, def) // the integer rule: 32-bit, like the INTEGER columns
}

func readBanner(in *httpx.Input) (BannerForm, error) {
	f := BannerForm{Title: in.String("title"), ImageURL: in.String("imageUrl"), LinkURL: in.String("linkUrl"),
		PublishFrom: in.String("publishFrom"), PublishTo: in.String("publishTo")}
	var err error
	if f.Sort, err = in.Int("sort", 1); err != nil {
		return f, err
	}
	f.Enabled, err = switchParam(in, "enabled", 1)
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
func (h *Handlers) BannerAdd(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.AddHandler(readBanner, h.svc.AddBanner)(r, in)
}

// BannerEdit is PUT /api/portal/banner/edit.
func (h *Handlers) BannerEdit(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.EditHandler(readBanner, h.svc.EditBanner)(r, in)
}

// BannerDel is DELETE /api/portal/banner/del (ids or id).
func (h *Handlers) BannerDel(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.DeleteHandler(h.svc.DeleteBanners)(r, in)
}

// BannerState is PUT /api/portal/banner/changeState (ids, enabled or state: 1/0).
func (h *Handlers) BannerState(r *http.Request, in *httpx.Input) (any, error) {
	ids, err := in.IDsOrID()
	if err != nil {
		return nil, err
	}
	name := "enabled"
	if !in.Has(name) {
		name = "state"
	}
	if !in.Has(name) {
		return nil, httpx.Fail("http.required", "enabled")
	}
	state, err := switchParam(in, name, -1)
	if err != nil {
		return nil, err
	}
	return nil, h.svc.BannerState(r.Context(), ids, state)
}

func readLink(in *httpx.Input) (LinkForm, error) {
	f := LinkForm{Title: in.String("title"), URL: in.String("url"), Icon: in.String("icon")}
	var err error
	if f.Sort, err = in.Int("sort", 1); err != nil {
		return f, err
	}
	f.NewTab, err = switchParam(in, "newTab", 0)
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
func (h *Handlers) LinkIcons(w http.ResponseWriter, r *http.Request) (any, error) {
	return Icons, nil
}

// LinkAdd is POST /api/portal/link/add; data is {id}.
func (h *Handlers) LinkAdd(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.AddHandler(readLink, h.svc.AddLink)(r, in)
}

// LinkEdit is PUT /api/portal/link/edit.
func (h *Handlers) LinkEdit(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.EditHandler(readLink, h.svc.EditLink)(r, in)
}

// LinkDel is DELETE /api/portal/link/del (ids or id).
func (h *Handlers) LinkDel(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.DeleteHandler(h.svc.DeleteLinks)(r, in)
}

// SectionList is GET /api/portal/section/list: [{key, name, visible}] in order.
func (h *Handlers) SectionList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.Sections(r.Context(), httpx.Lang(r))
}

// SectionSave is PUT /api/portal/section/save (sections: [{key, visible}]); data is the stored list.
func (h *Handlers) SectionSave(r *http.Request, in *httpx.Input) (any, error) {
	var raw []struct {
		Key     string `json:"key"`
		Visible any    `json:"visible"`
	}
	if err := in.Decode("sections", &raw); err != nil {
		return nil, err
	}
	out := make([]SectionInput, len(raw))
	for i, e := range raw {
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
