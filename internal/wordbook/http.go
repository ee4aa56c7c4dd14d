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
	"biddesk/internal/platform/route"
)

// ContentType is the media type of a .docx file.
const ContentType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

// Handlers are the HTTP endpoints of the expert books.
type Handlers struct{ svc *Service }

func NewHandlers(svc *Service) *Handlers { return &Handlers{svc: svc} }

// ExpertFilter is the chooser's search.
type ExpertFilter struct {
	Keywords      string `param:"keywords" doc:"name or employee number"`
	UnitCode      string `param:"unitCode" doc:"the unit and the units under it"`
	Qualification string `param:"qualification" doc:"a qualification's name"`
}

// ExpertsIn describes the chooser's call: the search and the page (read by list.Paging, for its messages).
type ExpertsIn struct {
	ExpertFilter
	Current int `param:"current" min:"1" max:"1000000" doc:"page, from 1"`
	Limit   int `param:"limit" min:"1" max:"100" doc:"rows per page (default 10)"`
}

// Experts is GET /api/expert/book/experts: the chooser's page of experts (keywords, unitCode,
// qualification, current, limit).
func (h *Handlers) Experts(r *http.Request, in *httpx.Input) (any, error) {
	var f ExpertFilter
	if err := httpx.Bind(in, &f); err != nil {
		return nil, err
	}
	s := Search{Keyword: strings.TrimSpace(f.Keywords), UnitCode: strings.TrimSpace(f.UnitCode),
		Qualification: strings.TrimSpace(f.Qualification)}
	var err error
	if s.Current, s.Limit, err = list.Paging(in); err != nil {
		return nil, err
	}
	return h.svc.Search(r.Context(), s)
}

// MakeIn is what the make call sends.
type MakeIn struct {
	Title     string  `param:"title" doc:"the document title, at most 100 characters"`
	ExpertIDs []int64 `param:"expertIds" doc:"the experts in book order (1 to 100)"`
}

// Make is POST /api/expert/book/make (title, expertIds in book order): {id, fileId, fileName, size, downloadUrl}.
func (h *Handlers) Make(r *http.Request, in MakeIn) (Made, error) {
	m, err := h.svc.Make(r.Context(), httpx.Lang(r), Form{Title: in.Title, ExpertIDs: in.ExpertIDs})
	if err != nil || m == nil {
		return Made{}, err
	}
	return *m, nil
}

// List is GET /api/expert/book/list: the kept books, newest first.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.books.List(w, r)
}

// IDsIn names kept books: a list or comma-separated.
type IDsIn struct {
	IDs []int64 `param:"ids,required"`
}

// Del is DELETE /api/expert/book/del (ids: a list or comma-separated).
func (h *Handlers) Del(r *http.Request, in IDsIn) (route.None, error) {
	return route.None{}, h.svc.Delete(r.Context(), in.IDs)
}

// Download is GET /api/expert/book/download (id): the book as an attachment.
func (h *Handlers) Download(w http.ResponseWriter, r *http.Request, in httpx.IDIn) error {
	id := in.ID
	rec, rc, size, err := h.svc.Open(r.Context(), id)
	if err != nil {
		return err
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
	return nil
}

// The names the web uses.
func (Made) OpenAPIName() string      { return "ExpertBookMade" }
func (Record) OpenAPIName() string    { return "ExpertBook" }
func (Candidate) OpenAPIName() string { return "ExpertCandidate" }
