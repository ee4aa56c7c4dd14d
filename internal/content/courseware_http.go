package content

import (
	"io"
	"net/http"
	"strconv"

	"biddesk/internal/auth"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// WareUploadIn describes a courseware upload's multipart body.
type WareUploadIn struct {
	File     httpx.FileField `param:"file,required" doc:"the file; its suffix and its bytes are checked"`
	CourseID int64           `param:"courseId" doc:"the course the courseware is for (optional)"`
}

// UploadPDF is POST /api/curriculum/uploadPDF.
func (h *Handlers) UploadPDF(w http.ResponseWriter, r *http.Request) (any, error) {
	c, err := h.svc.UploadPDF(w, r)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// UploadPPT is POST /api/curriculum/uploadPPTToPDF.
func (h *Handlers) UploadPPT(w http.ResponseWriter, r *http.Request) (any, error) {
	c, err := h.svc.UploadPPT(w, r)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// UploadVideo is POST /api/curriculum/uploadVideo.
func (h *Handlers) UploadVideo(w http.ResponseWriter, r *http.Request) (any, error) {
	c, err := h.svc.UploadVideo(w, r)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// CoursewareState is GET /api/curriculum/getCoursewareState.
func (h *Handlers) CoursewareState(r *http.Request, in httpx.IDIn) (Courseware, error) {
	return h.svc.CoursewareState(r.Context(), in.ID, httpx.Lang(r))
}

// CourseIDIn names a course.
type CourseIDIn struct {
	CourseID int64 `param:"courseId,required"`
}

// Coursewares is GET /api/course/courseware/list.
func (h *Handlers) Coursewares(r *http.Request, in CourseIDIn) ([]Courseware, error) {
	return h.svc.Coursewares(r.Context(), in.CourseID, httpx.Lang(r))
}

// WareDel is DELETE /api/course/courseware/del.
func (h *Handlers) WareDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteWare(r.Context(), in.ID)
}

// DownloadIn names a courseware to download.
type DownloadIn struct {
	ID     int64 `param:"id,required" doc:"the courseware"`
	Inline bool  `param:"inline" doc:"true: shown in the browser (a PDF) instead of saved"`
}

// Download is GET /api/course/download: a ready courseware's PDF or video, as an attachment.
func (h *Handlers) Download(w http.ResponseWriter, r *http.Request, in DownloadIn) error {
	rc, f, c, err := h.svc.OpenWare(r.Context(), auth.PrincipalFrom(r.Context()), in.ID)
	if err != nil {
		return err
	}
	defer rc.Close()
	hd := w.Header()
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("Content-Type", f.ContentType)
	hd.Set("X-Content-Type-Options", "nosniff")
	if in.Inline {
		hd.Set("Content-Disposition", export.InlineDisposition(c.Name))
		hd.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
	} else {
		hd.Set("Content-Disposition", export.Disposition(c.Name))
	}
	if rs, ok := rc.(io.ReadSeeker); ok {
		http.ServeContent(w, r, "", c.UpdatedAt, rs)
		return nil
	}
	hd.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, rc)
	return nil
}

// SigIn names a courseware whose signed address is asked.
type SigIn struct {
	ID int64 `param:"id,required" doc:"the courseware (a video or a PDF)"`
}

// GetSig is GET /api/curriculum/getSig.
func (h *Handlers) GetSig(r *http.Request, in SigIn) (Sig, error) {
	return h.svc.Sig(r.Context(), auth.PrincipalFrom(r.Context()), in.ID)
}

// VideoInfo is GET /api/nideo/getVideoInfo.
func (h *Handlers) VideoInfo(r *http.Request, in SigIn) (VideoInfo, error) {
	return h.svc.VideoInfo(r.Context(), auth.PrincipalFrom(r.Context()), in.ID)
}

// PlayIn is a signed address.
type PlayIn struct {
	ID      int64  `param:"id,required"`
	Session int64  `param:"sid,required" doc:"the session the address was issued to"`
	Expires int64  `param:"expires,required" doc:"Unix seconds"`
	Sig     string `param:"sig,required" max:"128"`
}

// Play is GET /api/curriculum/play (public: the signature is the permission).
func (h *Handlers) Play(w http.ResponseWriter, r *http.Request, in PlayIn) error {
	return h.svc.Play(w, r, in.ID, in.Session, in.Expires, in.Sig)
}
