package content

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/media"
	"biddesk/internal/platform/office"
)

// WareRecordType is the record type under which internal/files knows a courseware's files (its PDF or video,
// and the deck a PDF was converted from).
const WareRecordType = "content.courseware"

// Kinds and states of courseware.
const (
	KindPDF   = "pdf"
	KindPPT   = "ppt"
	KindVideo = "video"

	StateConverting = "converting"
	StateReady      = "ready"
	StateFailed     = "failed"
)

// Limits of courseware.
const (
	MaxPDFBytes   = 100 << 20
	MaxDeckBytes  = 100 << 20
	MaxVideoBytes = 1 << 30
	// MaxQueue is how many conversions may wait or run at once in the cluster (one runs at a time per instance); a further
	// deck is refused with content.ware.busy.
	MaxQueue = 8
	// MaxVideoLength is the longest video taken.
	MaxVideoLength = 24 * time.Hour
	// SigTTL is how long a signed playback address lives past the video's own length.
	SigTTL = 10 * time.Minute
	// PlayPath is the public path of signed addresses.
	PlayPath = "/api/curriculum/play"
)

// StoredFile is a stored file as the courseware sees it.
type StoredFile struct {
	ID          int64
	Name        string
	Size        int64
	ContentType string
}

// UploadRule is the rule of one of the courseware's upload calls (the files area applies it).
type UploadRule struct {
	Suffixes            []string
	MaxBytes            int64
	TooLarge, BadSuffix error
	// Inspect reads the whole received file (pages, a video's header).
	Inspect func(suffix string, f *os.File, size int64) error
}

// WareFiles is what courseware needs of the files area.
type WareFiles interface {
	// Receive reads an upload call's multipart body (field file) under rule, with the small fields named.
	Receive(w http.ResponseWriter, r *http.Request, rule UploadRule, fields ...string) (StoredFile, map[string]string, error)
	// Save stores a file the server made (a converted PDF) under rule.
	Save(ctx context.Context, name string, userID int64, body io.Reader, rule UploadRule) (StoredFile, error)
	// Open reads a stored file.
	Open(ctx context.Context, id int64) (io.ReadCloser, StoredFile, error)
	// Attach links unlinked files to a record inside tx.
	Attach(ctx context.Context, tx *db.Tx, recordType string, recordID int64, ids ...int64) error
	// Discard removes an unlinked file (an upload whose record was refused).
	Discard(ctx context.Context, id int64)
}

// WareOptions configure the conversion: LibreOffice's limits and the folder conversions work in.
type WareOptions struct {
	Office  office.Options
	WorkDir string
}

// wares is the courseware machinery of a Service (UseCourseware).
type wares struct {
	files   WareFiles
	opt     WareOptions
	slot    chan struct{} // one conversion at a time in this instance
	enqueue Enqueue       // the job engine the conversions run on
	check   func(ctx context.Context, jobID int64) error
	ctx     context.Context
	stop    context.CancelFunc
	wg      sync.WaitGroup
	key     []byte // signs playback addresses
}

// UseCourseware gives the service the files and the conversion it needs for courseware and loads (or makes,
// at the first start) the key that signs playback addresses.
func (s *Service) UseCourseware(ctx context.Context, f WareFiles, o WareOptions) (err error) {
	defer errs.Wrap(&err, "content: use courseware")
	if err := os.MkdirAll(o.WorkDir, 0o700); err != nil {
		return err
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO content_key (name, value) VALUES ('play', ?) ON CONFLICT (name) DO NOTHING`, hex.EncodeToString(k)); err != nil {
		return err
	}
	var v string
	if err := s.db.QueryRow(ctx, `SELECT value FROM content_key WHERE name = 'play'`).Scan(&v); err != nil {
		return err
	}
	key, err := hex.DecodeString(v)
	if err != nil || len(key) < 32 {
		return fmt.Errorf("bad playback key")
	}
	o.Office = o.Office.WithDefaults()
	bg, stop := context.WithCancel(context.Background())
	s.ware = &wares{files: f, opt: o, slot: make(chan struct{}, 1), ctx: bg, stop: stop, key: key}
	return nil
}

// Close stops the conversions (a running LibreOffice is killed) and waits for them.
func (s *Service) Close() {
	if s.ware != nil {
		s.ware.stop()
		s.ware.wg.Wait()
	}
}

// Courseware is a courseware as the calls answer it.
type Courseware struct {
	ID       int64  `json:"id"`
	CourseID int64  `json:"courseId"`
	Kind     string `json:"kind" enum:"pdf,ppt,video"`
	Name     string `json:"name"`
	State    string `json:"state" enum:"converting,ready,failed"`
	// Message says why a conversion failed (empty otherwise).
	Message  string  `json:"message"`
	Pages    int     `json:"pages"`
	Size     int64   `json:"size"`
	Duration float64 `json:"duration" doc:"seconds (videos)"`
	// DownloadURL is the download call (GET /api/course/download, a download ticket or the session).
	DownloadURL string    `json:"downloadUrl"`
	UpdatedAt   time.Time `json:"updatedAt"`
	fileID      int64
	errorKey    string
}

const wareCols = `w.id, COALESCE(w.course_id, 0), w.kind, w.name, w.state, w.error_key, COALESCE(w.file_id, 0), w.pages, w.size, w.duration_ms, w.updated_at`

func scanWare(row interface{ Scan(...any) error }) (Courseware, error) {
	var c Courseware
	var ms int64
	err := row.Scan(&c.ID, &c.CourseID, &c.Kind, &c.Name, &c.State, &c.errorKey, &c.fileID, &c.Pages, &c.Size, &ms, &c.UpdatedAt)
	c.Duration = float64(ms) / 1000
	if c.State == StateReady {
		c.DownloadURL = "/api/course/download?id=" + strconv.FormatInt(c.ID, 10)
	}
	return c, err
}

func (c *Courseware) translate(lang string) {
	if c.errorKey != "" {
		c.Message = httpx.Translate(lang, c.errorKey)
	}
}

func oneWare(ctx context.Context, q db.Querier, id int64) (Courseware, error) {
	c, err := scanWare(q.QueryRow(ctx, `SELECT `+wareCols+` FROM course_ware w WHERE w.id = ?`, id))
	if db.IsNoRows(err) {
		return c, httpx.Fail("content.ware.not_found")
	}
	return c, err
}

func (s *Service) needWares() error {
	if s.ware == nil {
		return httpx.Fail("content.ware.unavailable")
	}
	return nil
}

// staleAfter is when a conversion still marked converting is taken as lost (its instance stopped): every
// queued conversion would have ended by then.
func (s *Service) staleAfter() time.Duration {
	return time.Duration(MaxQueue+1)*s.ware.opt.Office.Timeout + time.Minute
}

/* ---------- uploads ---------- */

// receiveWare takes one courseware upload under rule with its optional courseId field; a course that is not
// there discards the stored file again.
func (s *Service) receiveWare(w http.ResponseWriter, r *http.Request, rule UploadRule) (StoredFile, any, error) {
	f, fields, err := s.ware.files.Receive(w, r, rule, "courseId")
	if err != nil {
		return StoredFile{}, nil, err
	}
	course, err := s.courseArg(r.Context(), fields["courseId"])
	if err != nil {
		s.ware.files.Discard(r.Context(), f.ID)
		return StoredFile{}, nil, err
	}
	return f, course, nil
}

func (s *Service) courseArg(ctx context.Context, raw string) (any, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || raw == "0" {
		return nil, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return nil, httpx.BadRequest("http.bad_field", "courseId")
	}
	if _, err := oneCourse(ctx, s.db, id); err != nil {
		return nil, err
	}
	return id, nil
}

// pdfRule is the rule of a PDF upload; the pages it counted are written to pages.
func (s *Service) pdfRule(pages *int) UploadRule {
	maxPages := s.ware.opt.Office.MaxPages
	return UploadRule{Suffixes: []string{"pdf"}, MaxBytes: MaxPDFBytes,
		TooLarge: httpx.Fail("content.ware.too_large", MaxPDFBytes>>20), BadSuffix: httpx.Fail("content.ware.pdf_only"),
		Inspect: func(_ string, f *os.File, _ int64) error {
			// the structure must parse, with at least one page (office.PDFPages); nothing is stored otherwise
			n, err := office.PDFPages(f.Name())
			switch {
			case errors.Is(err, office.ErrNoPages):
				return httpx.Fail("content.ware.no_pages")
			case errors.Is(err, office.ErrNotPDF):
				return httpx.Fail("content.ware.bad_pdf")
			case err != nil:
				return fmt.Errorf("content: check a PDF: %w", err)
			}
			if maxPages > 0 && n > maxPages {
				return httpx.Fail("content.ware.too_many_pages", maxPages)
			}
			*pages = n
			return nil
		}}
}

// insertWare records a courseware and links its files, with its business-log line.
// then, if set, runs in the same transaction (a conversion's job is enqueued with its courseware).
func (s *Service) insertWare(ctx context.Context, w Courseware, course any, sourceID, fileID int64, ms int64, then ...func(*db.Tx, int64) error) (int64, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		var src, file any
		if sourceID != 0 {
			src = sourceID
		}
		if fileID != 0 {
			file = fileID
		}
		var err error
		if id, err = tx.Insert(ctx, `INSERT INTO course_ware (course_id, kind, name, state, source_file_id, file_id, pages, size, duration_ms, created_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, course, w.Kind, w.Name, w.State, src, file, w.Pages, w.Size, ms, userArg(ctx), now, now); err != nil {
			return err
		}
		var ids []int64
		for _, f := range []int64{sourceID, fileID} {
			if f != 0 {
				ids = append(ids, f)
			}
		}
		if err := s.ware.files.Attach(ctx, tx, WareRecordType, id, ids...); err != nil {
			return err
		}
		for _, f := range then {
			if err := f(tx, id); err != nil {
				return err
			}
		}
		after, err := oneWare(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: w.Name, After: after})
	})
	return id, err
}

// UploadPDF is POST /api/curriculum/uploadPDF: a PDF courseware, checked by its bytes and its pages.
func (s *Service) UploadPDF(w http.ResponseWriter, r *http.Request) (Courseware, error) {
	if err := s.needWares(); err != nil {
		return Courseware{}, err
	}
	pages := 0
	f, course, err := s.receiveWare(w, r, s.pdfRule(&pages))
	if err != nil {
		return Courseware{}, err
	}
	ctx := r.Context()
	id, err := s.insertWare(ctx, Courseware{Kind: KindPDF, Name: f.Name, State: StateReady, Pages: pages, Size: f.Size}, course, 0, f.ID, 0)
	if err != nil {
		s.ware.files.Discard(ctx, f.ID)
		return Courseware{}, err
	}
	return oneWare(ctx, s.db, id)
}

// UploadPPT is POST /api/curriculum/uploadPPTToPDF: a PPT or PPTX, checked by its bytes (and a PPTX by its
// slides and unpacked size), recorded as converting and converted to PDF by a job of the job engine (ConvertJob:
// once per cluster, retried, taken up by another instance if this one stops); its state is polled with
// GET /api/curriculum/getCoursewareState.
func (s *Service) UploadPPT(w http.ResponseWriter, r *http.Request) (Courseware, error) {
	if err := s.needWares(); err != nil {
		return Courseware{}, err
	}
	if !office.Available(s.ware.opt.Office.Soffice) {
		return Courseware{}, httpx.Fail("content.ware.no_office")
	}
	if s.ware.enqueue == nil {
		return Courseware{}, httpx.Fail("content.ware.unavailable")
	}
	// the queue of the whole cluster is full: refused at once, before the deck is read
	if n, err := s.convertingNow(r.Context()); err != nil {
		return Courseware{}, err
	} else if n >= MaxQueue {
		return Courseware{}, httpx.Fail("content.ware.busy")
	}
	opt := s.ware.opt.Office
	rule := UploadRule{Suffixes: []string{"ppt", "pptx"}, MaxBytes: MaxDeckBytes,
		TooLarge: httpx.Fail("content.ware.too_large", MaxDeckBytes>>20), BadSuffix: httpx.Fail("content.ware.ppt_only"),
		Inspect: func(suffix string, f *os.File, _ int64) error {
			_, err := office.CheckDeck(f.Name(), suffix, opt)
			return officeError(err, opt)
		}}
	f, course, err := s.receiveWare(w, r, rule)
	if err != nil {
		return Courseware{}, err
	}
	ctx := r.Context()
	name := strings.TrimSuffix(f.Name, filepath.Ext(f.Name)) + ".pdf"
	id, err := s.insertWare(ctx, Courseware{Kind: KindPPT, Name: name, State: StateConverting}, course, f.ID, 0, 0,
		func(tx *db.Tx, id int64) error {
			job, err := s.ware.enqueue(ctx, tx, ConvertArgs{Ware: id}, userArg64(ctx), f.Name)
			if err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `UPDATE course_ware SET job_id = ? WHERE id = ?`, job, id)
			return err
		})
	if err != nil {
		s.ware.files.Discard(ctx, f.ID)
		return Courseware{}, err
	}
	return oneWare(ctx, s.db, id)
}

// convertingNow counts the conversions of the cluster that wait or run.
func (s *Service) convertingNow(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM course_ware WHERE state = ? AND job_id IS NOT NULL AND updated_at > ?`,
		StateConverting, s.now().UTC().Add(-s.staleAfter())).Scan(&n)
	return n, err
}

func userArg64(ctx context.Context) int64 {
	if p := auth.PrincipalFrom(ctx); p != nil {
		return p.UserID
	}
	return 0
}

// ConvertArgs are a conversion job's arguments.
type ConvertArgs struct {
	Ware int64 `json:"ware"`
}

// ConvertKind is the job kind of a conversion.
const ConvertKind = "content.convert"

// Enqueue enqueues a conversion job inside tx for its owner (the uploader), titled by the deck's name.
type Enqueue func(ctx context.Context, tx *db.Tx, args ConvertArgs, owner int64, title string) (int64, error)

// UseJobs gives the courseware the job engine its conversions run on: enqueue, and check, which brings a job's
// state up to date (a job lost with a killed instance is failed, and ConvertFailed records it).
func (s *Service) UseJobs(e Enqueue, check func(ctx context.Context, jobID int64) error) {
	if s.ware != nil {
		s.ware.enqueue, s.ware.check = e, check
	}
}

// errConvert is an attempt that may succeed when tried again (LibreOffice crashed, the store did not answer).
type errConvert struct{ key string }

func (e errConvert) Error() string { return "content: conversion failed: " + e.key }

// ConvertJob is one attempt of a conversion job: it converts the courseware's deck and records the PDF. A deck
// that cannot become a PDF within the limits fails for good (permanent is true); any other failure returns a
// message key to try again with. A courseware deleted meanwhile, or no longer converting, ends the job.
func (s *Service) ConvertJob(ctx context.Context, id int64) (key string, permanent bool, err error) {
	defer errs.Wrap(&err, "content: convert %d", id)
	if err := s.needWares(); err != nil {
		return "", true, err
	}
	var state, name string
	var src sql.NullInt64
	err = s.db.QueryRow(ctx, `SELECT state, name, source_file_id FROM course_ware WHERE id = ?`, id).Scan(&state, &name, &src)
	if db.IsNoRows(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if state != StateConverting || !src.Valid {
		return "", false, nil
	}
	// one LibreOffice at a time in an instance
	select {
	case s.ware.slot <- struct{}{}:
	case <-ctx.Done():
		return "content.ware.interrupted", false, nil
	}
	defer func() { <-s.ware.slot }()
	// the attempt is alive: the staleness rule counts from here
	if _, err := s.db.Exec(ctx, `UPDATE course_ware SET updated_at = ? WHERE id = ? AND state = ?`, s.now().UTC(), id, StateConverting); err != nil {
		return "", false, err
	}
	var user int64
	_ = s.db.QueryRow(ctx, `SELECT COALESCE(created_by, 0) FROM course_ware WHERE id = ?`, id).Scan(&user)
	fileID, pages, size, key := s.runConversion(ctx, src.Int64, name, user)
	if key != "" {
		slog.Info("courseware conversion failed", "courseware", id, "reason", key)
		switch key {
		case "content.ware.too_many_pages", "content.ware.unpacked_too_large", "content.ware.timeout":
			return key, true, nil
		}
		return key, false, nil
	}
	s.finish(id, fileID, pages, size, "")
	return "", false, nil
}

// ConvertFailed records a conversion that failed for good (its last attempt, or a permanent failure).
func (s *Service) ConvertFailed(id int64, key string) {
	switch {
	case key == "job.interrupted":
		key = "content.ware.interrupted"
	case key == "job.timeout":
		key = "content.ware.timeout"
	case key == "" || strings.HasPrefix(key, "job."):
		key = "content.ware.convert_failed"
	}
	s.finish(id, 0, 0, 0, key)
}

// officeError is the message of a refused deck or conversion.
func officeError(err error, o office.Options) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, office.ErrTooManyPages):
		return httpx.Fail("content.ware.too_many_pages", o.MaxPages)
	case errors.Is(err, office.ErrTooLarge):
		return httpx.Fail("content.ware.unpacked_too_large")
	case errors.Is(err, office.ErrTimeout):
		return httpx.Fail("content.ware.timeout")
	case errors.Is(err, office.ErrNoOffice):
		return httpx.Fail("content.ware.no_office")
	case errors.Is(err, office.ErrUnreadable):
		return httpx.Fail("content.ware.unreadable")
	}
	return err
}

func (s *Service) runConversion(ctx context.Context, srcID int64, name string, user int64) (int64, int, int64, string) {
	opt := s.ware.opt.Office
	rc, src, err := s.ware.files.Open(ctx, srcID)
	if err != nil {
		slog.Error("courseware: open the deck", "file", srcID, "err", err)
		return 0, 0, 0, "content.ware.convert_failed"
	}
	dir, err := os.MkdirTemp(s.ware.opt.WorkDir, "deck-*")
	if err != nil {
		rc.Close()
		slog.Error("courseware: work folder", "err", err)
		return 0, 0, 0, "content.ware.convert_failed"
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "deck."+strings.ToLower(strings.TrimPrefix(filepath.Ext(src.Name), ".")))
	out, err := os.OpenFile(in, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err == nil {
		_, err = io.Copy(out, rc)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	rc.Close()
	if err != nil {
		slog.Error("courseware: copy the deck", "err", err)
		return 0, 0, 0, "content.ware.convert_failed"
	}
	pdf, pages, cleanup, err := office.ToPDF(ctx, dir, in, opt)
	defer cleanup()
	if err != nil {
		var he *httpx.Error
		if errors.As(officeError(err, opt), &he) {
			if errors.Is(err, office.ErrUnreadable) {
				return 0, 0, 0, "content.ware.convert_failed"
			}
			return 0, 0, 0, he.Key
		}
		if ctx.Err() != nil {
			return 0, 0, 0, "content.ware.interrupted"
		}
		slog.Error("courseware: conversion", "err", err)
		return 0, 0, 0, "content.ware.convert_failed"
	}
	pf, err := os.Open(pdf)
	if err != nil {
		return 0, 0, 0, "content.ware.convert_failed"
	}
	defer pf.Close()
	saved, err := s.ware.files.Save(context.WithoutCancel(ctx), name, user, pf, UploadRule{Suffixes: []string{"pdf"}, MaxBytes: opt.MaxPDF,
		TooLarge: httpx.Fail("content.ware.unpacked_too_large"), BadSuffix: httpx.Fail("content.ware.pdf_only")})
	if err != nil {
		slog.Error("courseware: keep the PDF", "err", err)
		return 0, 0, 0, "content.ware.convert_failed"
	}
	return saved.ID, pages, saved.Size, ""
}

// finish records a conversion's outcome; a courseware deleted meanwhile loses its PDF.
func (s *Service) finish(id, fileID int64, pages int, size int64, key string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		state, file := StateReady, any(nil)
		if key != "" {
			state = StateFailed
		} else {
			file = fileID
		}
		res, err := tx.Exec(ctx, `UPDATE course_ware SET state = ?, error_key = ?, file_id = ?, pages = ?, size = ?, updated_at = ? WHERE id = ? AND state = ?`,
			state, key, file, pages, size, s.now().UTC(), id, StateConverting)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		done = true
		if fileID != 0 && key == "" {
			return s.ware.files.Attach(ctx, tx, WareRecordType, id, fileID)
		}
		return nil
	})
	if err != nil {
		slog.Error("courseware: record the conversion", "courseware", id, "err", err)
	}
	if (!done || err != nil) && fileID != 0 {
		s.ware.files.Discard(ctx, fileID)
	}
}

// CoursewareState is GET /api/curriculum/getCoursewareState: a courseware and where its conversion stands. A
// conversion's job lost with its instance (after its last attempt) reads as failed; a courseware converting
// without a job (converted before conversions were jobs) is reported failed once it is stale.
func (s *Service) CoursewareState(ctx context.Context, id int64, lang string) (_ Courseware, err error) {
	defer errs.Wrap(&err, "content: courseware state %d", id)
	if err := s.needWares(); err != nil {
		return Courseware{}, err
	}
	c, err := oneWare(ctx, s.db, id)
	if err != nil {
		return c, err
	}
	if c.State == StateConverting {
		var job sql.NullInt64
		if err := s.db.QueryRow(ctx, `SELECT job_id FROM course_ware WHERE id = ?`, id).Scan(&job); err != nil {
			return c, err
		}
		switch {
		case job.Valid && s.ware.check != nil:
			if err := s.ware.check(ctx, job.Int64); err != nil {
				return c, err
			}
		case !job.Valid && s.now().Sub(c.UpdatedAt) > s.staleAfter():
			if _, err := s.db.Exec(ctx, `UPDATE course_ware SET state = ?, error_key = ?, updated_at = ? WHERE id = ? AND state = ?`,
				StateFailed, "content.ware.interrupted", s.now().UTC(), id, StateConverting); err != nil {
				return c, err
			}
		}
		if c, err = oneWare(ctx, s.db, id); err != nil {
			return c, err
		}
	}
	c.translate(lang)
	return c, nil
}

// Coursewares lists a course's courseware.
func (s *Service) Coursewares(ctx context.Context, courseID int64, lang string) (_ []Courseware, err error) {
	defer errs.Wrap(&err, "content: coursewares %d", courseID)
	rows, err := s.db.Query(ctx, `SELECT `+wareCols+` FROM course_ware w WHERE w.course_id = ? ORDER BY w.id`, courseID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Courseware{}
	for rows.Next() {
		c, err := scanWare(rows)
		if err != nil {
			return nil, err
		}
		c.translate(lang)
		out = append(out, c)
	}
	return out, rows.Err()
}

// DeleteWare removes a courseware and its files.
func (s *Service) DeleteWare(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "content: delete ware %d", id)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := oneWare(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.dropWare(ctx, tx, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: cur.Name, Before: cur})
	})
}

func (s *Service) dropWare(ctx context.Context, tx *db.Tx, id int64) error {
	if err := s.files.SetCover(ctx, tx, WareRecordType, id, 0); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM course_ware WHERE id = ?`, id)
	return err
}

// dropCourseWares removes the courseware of a course being deleted.
func (s *Service) dropCourseWares(ctx context.Context, tx *db.Tx, courseID int64) error {
	ids, err := int64s(ctx, tx, `SELECT id FROM course_ware WHERE course_id = ?`, courseID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.dropWare(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

/* ---------- reading: download, video, signed addresses ---------- */

// readable is a ready courseware the caller may read: a course manager any, anyone else only one of an
// offered course (published, audit passed).
func (s *Service) readable(ctx context.Context, p *auth.Principal, id int64) (Courseware, error) {
	if err := s.needWares(); err != nil {
		return Courseware{}, err
	}
	c, err := oneWare(ctx, s.db, id)
	if err != nil {
		return c, err
	}
	if c.State != StateReady || c.fileID == 0 {
		return c, httpx.Fail("content.ware.not_ready")
	}
	if p != nil && p.Can(Screen) {
		return c, nil
	}
	if c.CourseID == 0 {
		return c, httpx.Fail("content.ware.not_found")
	}
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM course c WHERE c.id = ? AND `+offered, c.CourseID).Scan(&n); err != nil {
		return c, err
	}
	if n == 0 {
		return c, httpx.Fail("content.ware.not_found")
	}
	return c, nil
}

// Open opens a courseware's file for the caller.
func (s *Service) OpenWare(ctx context.Context, p *auth.Principal, id int64) (_ io.ReadCloser, _ StoredFile, _ Courseware, err error) {
	defer errs.Wrap(&err, "content: open ware %d", id)
	c, err := s.readable(ctx, p, id)
	if err != nil {
		return nil, StoredFile{}, c, err
	}
	rc, f, err := s.ware.files.Open(ctx, c.fileID)
	return rc, f, c, err
}

// VideoInfo is what GET /api/nideo/getVideoInfo answers.
type VideoInfo struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	Duration float64 `json:"duration" doc:"seconds, from the MP4 movie header"`
	Size     int64   `json:"size" doc:"bytes"`
	// URL is a signed playback address (GET /api/curriculum/play), valid until ExpiresAt.
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Sig is what GET /api/curriculum/getSig answers: a short-lived signed address of a courseware's file.
type Sig struct {
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
	ExpiresIn int       `json:"expiresIn" doc:"seconds"`
}

// sign is the signature of a play address: the courseware, the session that asked for it (its holder) and the
// expiry.
func (s *Service) sign(id, session, exp int64) string {
	m := hmac.New(sha256.New, s.ware.key)
	fmt.Fprintf(m, "play:%d:%d:%d", id, session, exp)
	return hex.EncodeToString(m.Sum(nil))
}

// signFor makes the signed address of a courseware readable by p: valid SigTTL past the video's length, and
// only while p's session is open and the courseware still readable by its account (Play checks both at each
// request).
func (s *Service) signFor(p *auth.Principal, c Courseware) (Sig, error) {
	if p == nil || p.SessionID <= 0 {
		return Sig{}, httpx.ErrForbidden
	}
	ttl := SigTTL + time.Duration(c.Duration*float64(time.Second))
	exp := s.now().Add(ttl).Unix()
	return Sig{URL: fmt.Sprintf("%s?id=%d&sid=%d&expires=%d&sig=%s", PlayPath, c.ID, p.SessionID, exp, s.sign(c.ID, p.SessionID, exp)),
		ExpiresAt: time.Unix(exp, 0).UTC(), ExpiresIn: int(ttl.Seconds())}, nil
}

// Sig is GET /api/curriculum/getSig for the caller.
func (s *Service) Sig(ctx context.Context, p *auth.Principal, id int64) (_ Sig, err error) {
	defer errs.Wrap(&err, "content: sig %d", id)
	c, err := s.readable(ctx, p, id)
	if err != nil {
		return Sig{}, err
	}
	return s.signFor(p, c)
}

// VideoInfo is GET /api/nideo/getVideoInfo for the caller.
func (s *Service) VideoInfo(ctx context.Context, p *auth.Principal, id int64) (_ VideoInfo, err error) {
	defer errs.Wrap(&err, "content: video info %d", id)
	c, err := s.readable(ctx, p, id)
	if err != nil {
		return VideoInfo{}, err
	}
	if c.Kind != KindVideo {
		return VideoInfo{}, httpx.Fail("content.ware.not_video")
	}
	sig, err := s.signFor(p, c)
	if err != nil {
		return VideoInfo{}, err
	}
	return VideoInfo{ID: c.ID, Name: c.Name, Duration: c.Duration, Size: c.Size, URL: sig.URL, ExpiresAt: sig.ExpiresAt}, nil
}

// playable is the courseware id if the holder of session may still read it, checked as getSig checks it.
func (s *Service) playable(ctx context.Context, session, id int64) (Courseware, error) {
	if s.learners == nil {
		return Courseware{}, httpx.ErrForbidden
	}
	p, err := s.learners.Holder(ctx, session)
	if err != nil {
		return Courseware{}, fmt.Errorf("content: play %d: %w", id, err)
	}
	if p == nil || !(p.Can(Screen) || (p.Can(FunPortal) && !p.MustChangePassword)) {
		return Courseware{}, httpx.ErrForbidden
	}
	c, err := s.readable(ctx, p, id)
	var he *httpx.Error
	if errors.As(err, &he) {
		return c, httpx.ErrNotFound
	}
	return c, err
}

// Play serves a signed address (public: the signature is the permission), with ranges for a video player. The
// signature alone is not enough: at each request the session that asked for the address must still be open, its
// account usable and still holding the course manager's or the portal's code, and the courseware still readable
// by it (ready, of a course still published and approved, for a learner). So a withdrawal, a deletion, a failed
// audit, an edit sending the course back to audit, a disabled account, a lost role or a sign-out ends the
// addresses already issued, not only the next getSig.
func (s *Service) Play(w http.ResponseWriter, r *http.Request, id, session, exp int64, sig string) error {
	if err := s.needWares(); err != nil {
		return err
	}
	if exp < s.now().Unix() || !hmac.Equal([]byte(sig), []byte(s.sign(id, session, exp))) {
		return httpx.ErrForbidden
	}
	c, err := s.playable(r.Context(), session, id)
	if err != nil {
		return err
	}
	rc, f, err := s.ware.files.Open(r.Context(), c.fileID)
	if err != nil {
		return err
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-cache") // every use comes back here to be checked again
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; media-src 'self'; frame-ancestors 'self'")
	if rs, ok := rc.(io.ReadSeeker); ok {
		http.ServeContent(w, r, "", c.UpdatedAt, rs)
		return nil
	}
	h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, rc)
	return nil
}

/* ---------- video upload ---------- */

// UploadVideo is POST /api/curriculum/uploadVideo: an MP4 kept in storage, its duration read from its movie
// header (no external program).
func (s *Service) UploadVideo(w http.ResponseWriter, r *http.Request) (Courseware, error) {
	if err := s.needWares(); err != nil {
		return Courseware{}, err
	}
	var ms int64
	rule := UploadRule{Suffixes: []string{"mp4"}, MaxBytes: MaxVideoBytes,
		TooLarge: httpx.Fail("content.ware.too_large", MaxVideoBytes>>20), BadSuffix: httpx.Fail("content.ware.mp4_only"),
		Inspect: func(_ string, f *os.File, size int64) error {
			info, err := media.MP4Duration(f, size)
			if err != nil || info.Duration <= 0 {
				return httpx.Fail("content.ware.bad_video")
			}
			if info.Duration > MaxVideoLength {
				return httpx.Fail("content.ware.video_too_long")
			}
			ms = info.Duration.Milliseconds()
			return nil
		}}
	f, course, err := s.receiveWare(w, r, rule)
	if err != nil {
		return Courseware{}, err
	}
	ctx := r.Context()
	id, err := s.insertWare(ctx, Courseware{Kind: KindVideo, Name: f.Name, State: StateReady, Size: f.Size}, course, 0, f.ID, ms)
	if err != nil {
		s.ware.files.Discard(ctx, f.ID)
		return Courseware{}, err
	}
	return oneWare(ctx, s.db, id)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"content.ware.not_found":          {"课件不存在", "The courseware does not exist"},
		"content.ware.unavailable":        {"课件服务未启用", "Courseware is not available on this server"},
		"content.ware.not_ready":          {"课件尚未转换完成", "The courseware is not ready yet"},
		"content.ware.pdf_only":           {"只能上传PDF文件", "Only PDF files can be uploaded"},
		"content.ware.ppt_only":           {"只能上传PPT或PPTX文件", "Only PPT or PPTX files can be uploaded"},
		"content.ware.mp4_only":           {"只能上传MP4视频", "Only MP4 videos can be uploaded"},
		"content.ware.too_large":          {"文件不能超过%dMB", "The file cannot exceed %d MB"},
		"content.ware.too_many_pages":     {"课件不能超过%d页", "The courseware cannot have more than %d pages"},
		"content.ware.unpacked_too_large": {"文件解压后过大，无法转换", "The file unpacks to too much data to be converted"},
		"content.ware.unreadable":         {"文件已损坏或无法识别", "The file is damaged or cannot be read"},
		"content.ware.bad_pdf":            {"文件不是有效的PDF（无法读取其文档结构），请重新导出后上传", "The file is not a valid PDF (its document structure cannot be read); please export it again and upload"},
		"content.ware.no_pages":           {"PDF中没有任何页面", "The PDF has no pages"},
		"content.ware.convert_failed":     {"课件转换失败，请检查文件是否完好", "The conversion failed; please check that the file is intact"},
		"content.ware.timeout":            {"课件转换超时，请拆分后重新上传", "The conversion took too long; please split the deck and upload again"},
		"content.ware.interrupted":        {"课件转换被中断，请重新上传", "The conversion was interrupted; please upload again"},
		"content.ware.busy":               {"转换任务过多，请稍后再试", "Too many conversions are waiting; please try again later"},
		"job.name.convert":                {"课件转换", "Courseware conversion"},
		"content.ware.no_office":          {"服务器未安装LibreOffice，无法转换PPT", "LibreOffice is not installed on the server; PPT cannot be converted"},
		"content.ware.bad_video":          {"视频文件已损坏或不是MP4格式", "The video is damaged or not an MP4"},
		"content.ware.video_too_long":     {"视频时长不能超过24小时", "The video cannot be longer than 24 hours"},
		"content.ware.not_video":          {"该课件不是视频", "This courseware is not a video"},
	})
}
