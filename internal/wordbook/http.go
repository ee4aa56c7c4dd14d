package wordbook

import (
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// ContentType is the media type of a .docx file.
const ContentType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

// Handlers are the HTTP endpoints of the expert books.
type Handlers struct{ svc *Service }

func NewHandlers(svc *Service) *Handlers { return &Handlers{svc: svc} }

// Experts is GET /api/expert/book/experts: the chooser's page of experts (keywords, unitCode,
// qualification, current, limit).
func (h *Handlers) Experts(r *http.Request, in *httpx.Input) (any, error) {
	s := Search{Keyword: strings.TrimSpace(in.String("keywords")), UnitCode: strings.TrimSpace(in.String("unitCode")),
		Qualification: strings.TrimSpace(in.String("qualification"))}
	var err error
	if s.Current, s.Limit, err = list.Paging(in); err != nil {
		return nil, err
	}
	return h.svc.Search(r.Context(), s)
}

// Make is POST /api/expert/book/make (title, expertIds in book order): {id, fileId, fileName, size, downloadUrl}.
func (h *Handlers) Make(r *http.Request, in *httpx.Input) (any, error) {
	f := Form{Title: in.String("title")}
	if len(in.Strings("expertIds")) > 0 {
		ids, err := in.IDs("expertIds")
		if err != nil {
			return nil, err
		}
		f.ExpertIDs = ids
	}
	return h.svc.Make(r.Context(), httpx.Lang(r), f)
}

// List is GET /api/expert/book/list: the kept books, newest first.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.books.List(w, r)
}

// Del is DELETE /api/expert/book/del (ids: a list or comma-separated).
func (h *Handlers) Del(r *http.Request, in *httpx.Input) (any, error) {
	ids, err := in.IDs("ids")
	if err != nil {
		return nil, err
	}
	return nil, h.svc.Delete(r.Context(), ids)
}

// Download is GET /api/expert/book/download (id): the book as an attachment.
func (h *Handlers) Download(w http.ResponseWriter, r *http.Request) (any, error) {
	in, err := httpx.ReadInput(w, r)
	if err != nil {
		return nil, err
	}
	id, err := in.ID("id")
	if err != nil {
		return nil, err
	}
	rec, rc, size, err := h.svc.Open(r.Context(), id)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	hd := w.Header()
	hd.Set("Content-Type", ContentType)
	hd.Set("Content-Disposition", export.Disposition(rec.FileName))
	hd.Set("Content-Length", strconv.FormatInt(size, 10))
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, rc); err != nil {
		slog.Warn("expert book download interrupted", "id", id, "err", err)
	}
	return httpx.Written{}, nil
}
