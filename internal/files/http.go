package files

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
	"biddesk/internal/platform/storage"
)

// Handlers are the HTTP calls of the files area.
type Handlers struct{ svc *Service }

func NewHandlers(svc *Service) *Handlers { return &Handlers{svc: svc} }

// DiskUpload is POST /api/sys/common/disk/upload: multipart field file (and module), kept in the
// configured file store (the name is the spec's; --storage decides where the bytes go).
func (h *Handlers) DiskUpload(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.upload(w, r, h.svc.generalRule(), "")
}

// OSSUpload is POST /api/sys/common/oss/upload: the same call under the spec's other name, kept in the
// same configured file store.
func (h *Handlers) OSSUpload(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.upload(w, r, h.svc.generalRule(), "")
}

// BannerUpload is POST /api/banner/upload: a banner or cover image under the spec's image rules;
// data.url is its public address (ImagePath).
func (h *Handlers) BannerUpload(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.upload(w, r, bannerRule, ModuleBanner)
}

var moduleRe = regexp.MustCompile(`^[a-z]{1,20}$`)

// upload reads the multipart body as it arrives: the file part is checked by name first, then
// spooled (at most the rule's size), sniffed and stored. An interrupted body leaves nothing.
func (h *Handlers) upload(w http.ResponseWriter, r *http.Request, rl rule, module string) (any, error) {
	f, c, _, err := h.svc.receive(w, r, rl, module, nil)
	if err != nil {
		return nil, err
	}
	return f.uploaded(c), nil
}

// receive is an upload call's body: the file checked and stored, and the small form fields named in
// fields (at most 64 bytes each).
func (s *Service) receive(w http.ResponseWriter, r *http.Request, rl rule, module string, fields []string) (*File, content, map[string]string, error) {
	// Spec section 9: an upload may take 300 s. The server has no overall read timeout (it would cut
	// uploads short); this deadline bounds a client that stalls. The server resets it for the next
	// request on the connection; the answer is small, so no write deadline is needed.
	deadline := time.Now().Add(UploadTimeout)
	_ = http.NewResponseController(w).SetReadDeadline(deadline)
	ctx, cancel := context.WithDeadline(r.Context(), deadline)
	defer cancel()

	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "multipart/form-data" {
		return nil, content{}, nil, httpx.Fail("file.required")
	}
	r.Body = http.MaxBytesReader(w, r.Body, rl.maxBytes+1<<20)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, content{}, nil, httpx.ErrBadInput
	}
	var sp *spooled
	defer func() {
		if sp != nil {
			sp.close()
		}
	}()
	m := meta{module: module}
	got := map[string]string{}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var malformed textproto.ProtocolError
		if errors.As(err, &malformed) {
			return nil, content{}, nil, httpx.ErrBadInput
		}
		if err != nil {
			return nil, content{}, nil, readError(err, rl)
		}
		switch name := part.FormName(); {
		case slices.Contains(fields, name):
			v, err := io.ReadAll(io.LimitReader(part, 65))
			if err != nil {
				return nil, content{}, nil, readError(err, rl)
			}
			if len(v) > 64 {
				return nil, content{}, nil, httpx.BadRequest("http.bad_field", name)
			}
			got[name] = strings.TrimSpace(string(v))
		case name == "module":
			if module != "" {
				continue // fixed by the call
			}
			v, err := io.ReadAll(io.LimitReader(part, 64))
			if err != nil {
				return nil, content{}, nil, readError(err, rl)
			}
			if s := strings.TrimSpace(string(v)); s != "" {
				if !moduleRe.MatchString(s) || !modules[s] {
					return nil, content{}, nil, httpx.BadRequest("http.bad_field", "module")
				}
				m.module = s
			}
		case name == "file":
			if sp != nil {
				continue // one file per call
			}
			if m.name, m.suffix, err = CleanName(rawFileName(part)); err != nil {
				return nil, content{}, nil, err
			}
			if err := rl.suffix(m.suffix); err != nil {
				return nil, content{}, nil, err
			}
			if sp, err = s.spool(part, rl.maxBytes); err != nil {
				return nil, content{}, nil, readError(err, rl)
			}
		}
	}
	if sp == nil {
		return nil, content{}, nil, httpx.Fail("file.required")
	}
	if m.module == "" {
		m.module = ModuleCommon
	}
	if p := auth.PrincipalFrom(r.Context()); p != nil {
		m.userID = p.UserID
	}
	f, c, err := s.store(ctx, sp, m, rl)
	if err != nil {
		return nil, content{}, nil, err
	}
	return f, c, got, nil
}

// rawFileName is the file name as the client sent it (multipart's FileName keeps only its base,
// which would hide a path from the checks).
func rawFileName(p *multipart.Part) string {
	_, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	if err != nil {
		return "\x00" // unreadable: refused as a bad name
	}
	return params["filename"]
}

func readError(err error, rl rule) error {
	var tooBig *http.MaxBytesError
	if errors.Is(err, errTooLarge) || errors.As(err, &tooBig) {
		return rl.tooLarge
	}
	slog.Info("upload interrupted", "err", err)
	return httpx.Fail("file.interrupted")
}

var recordTypeRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,50}$`)

// DownIn is what a download names: the file and, for the statistics, the record it was downloaded from.
type DownIn struct {
	ID         int64  `param:"id,required"`
	RecordType string `param:"recordType" doc:"the record type the file was downloaded from (statistics)"`
	RecordID   int64  `param:"recordId" doc:"the record the file was downloaded from (statistics)"`
	Inline     bool   `param:"inline" doc:"1: show a PDF or an image in the browser (a preview, not counted)"`
}

// Down is GET /api/sys/common/file/down (id, recordType, recordId, inline): the file as an
// attachment, recorded for the download statistics with the record it was downloaded from; inline=1
// shows a PDF or an image in the browser (the portal's preview), not counted as a download.
func (h *Handlers) Down(w http.ResponseWriter, r *http.Request, in DownIn) error {
	ctx := r.Context()
	id := in.ID
	recordType := strings.TrimSpace(in.RecordType)
	if recordType != "" && !recordTypeRe.MatchString(recordType) {
		return httpx.BadRequest("http.bad_field", "recordType")
	}
	recordID := in.RecordID
	f, err := h.svc.Get(ctx, id)
	if err != nil {
		return err
	}
	p := auth.PrincipalFrom(ctx)
	if ok, err := h.svc.mayRead(ctx, p, f); err != nil {
		return err
	} else if !ok {
		return httpx.Fail("file.forbidden")
	}
	// a preview shown in the page is a look, not a download: neither the statistics nor the record's count
	inline := in.Inline && inlineable(f.ContentType)
	// a download may be sent to a pre-signed address of the store (--s3-signed-downloads); a preview stays
	// here, under this origin's framing and content rules
	var signed string
	if !inline {
		if signed, err = h.svc.signedURL(ctx, f); err != nil {
			return err
		}
	}
	var body io.ReadCloser
	var size int64
	if signed == "" {
		if body, size, err = h.svc.Open(ctx, f); err != nil {
			return err
		}
		defer body.Close()
	}
	if recordType == "" {
		recordType, recordID = f.RecordType, f.RecordID
	}
	if !inline {
		if err := h.svc.recordDownload(ctx, f.ID, p.UserID, recordType, recordID); err != nil {
			return err
		}
		// the count goes to the record the file belongs to, never to one the request names (the statistics
		// line keeps what the client said it downloaded from)
		if err := h.svc.downloaded(ctx, f.RecordType, f.RecordID); err != nil {
			return err
		}
	}
	hd := w.Header()
	hd.Set("Cache-Control", "private, no-store")
	if signed != "" {
		http.Redirect(w, r, signed, http.StatusFound)
		return nil
	}
	if inline {
		hd.Set("Content-Disposition", export.InlineDisposition(f.Name))
		// shown by the portal's preview frame: this origin may frame it, nothing in it may run
		hd.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
		hd.Set("X-Frame-Options", "SAMEORIGIN")
	} else {
		hd.Set("Content-Disposition", export.Disposition(f.Name))
	}
	_, err = send(w, f, body, size)
	return err
}

// send writes the bytes of f with its stored type, never sniffed by the browser.
func send(w http.ResponseWriter, f *File, body io.Reader, size int64) (any, error) {
	hd := w.Header()
	hd.Set("Content-Type", f.ContentType)
	hd.Set("Content-Length", strconv.FormatInt(size, 10))
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, body); err != nil {
		slog.Info("download interrupted", "file", f.ID, "err", err)
	}
	return httpx.Written{}, nil
}

// Image is GET /api/sys/common/image/{name} (public): a banner image by its random key and
// suffix, for <img> tags and the portal logo. Nothing else is served here.
func (h *Handlers) Image(w http.ResponseWriter, r *http.Request) (any, error) {
	key, suffix, _ := strings.Cut(r.PathValue("name"), ".")
	if !storage.ValidKey(key) {
		return nil, httpx.ErrNotFound
	}
	ctx := r.Context()
	f, err := scanFile(h.svc.db.QueryRow(ctx, `SELECT `+fileColumns+` FROM sys_file WHERE object_key = ? AND suffix = ? AND module = ? AND state = ?
		AND content_type IN ('image/png', 'image/jpeg')`, key, suffix, ModuleBanner, StateReady))
	if err != nil {
		if db.IsNoRows(err) {
			return nil, httpx.ErrNotFound
		}
		return nil, err
	}
	body, size, err := h.svc.Open(ctx, f)
	if err != nil {
		return nil, err
	}
	defer body.Close()
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable") // the key never names other bytes
	return send(w, f, body, size)
}

// Del is DELETE /api/sys/common/file/del (id): the caller deletes their own upload that no record links.
func (h *Handlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.Delete(r.Context(), auth.PrincipalFrom(r.Context()), in.ID)
}
