package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/storage"
	"biddesk/internal/platform/validate"
)

// Limits returns the live upload limits: the largest file in bytes and the allowed suffixes as a
// comma list (the system parameters upload.max_size_mb and upload.allowed_suffixes).
type Limits func() (maxBytes int64, suffixes string)

// ReadCheck decides whether the caller may download a file linked to a record of its type (a
// record area registers one with OnRead when its files are not for every signed-in user).
type ReadCheck func(ctx context.Context, p *auth.Principal, f *File) (bool, error)

// Owner is whose files a record may link: the caller's own uploads, or anyone's (Any) when the
// record area judges the caller an administrator of its records.
type Owner struct {
	UserID int64
	Any    bool
}

// Service holds the rules of files. Stores are keyed by storage.KindDisk / KindOSS (the object store
// is absent when none is configured); every new file goes to the primary one, whatever call brought
// it, and a file is read from the store its row names (a file kept before a change of store, until
// `biddesk storage migrate` moves it).
type Service struct {
	db      *db.DB
	stores  map[string]storage.Store
	primary string
	// signed sends downloads to a pre-signed address of the store when it gives one
	signed bool
	limits Limits
	tmpDir string
	now    func() time.Time

	mu      sync.RWMutex
	readers map[string]ReadCheck
	downs   map[string]DownloadHook
}

// DownloadHook is told that a file of a record of its type was downloaded (the library counts its
// records' downloads).
type DownloadHook func(ctx context.Context, recordID int64) error

// NewService returns the service; uploads are spooled in tmpDir (created owner-only) while they
// are checked, and kept in stores[primary].
func NewService(d *db.DB, tmpDir string, limits Limits, stores map[string]storage.Store, primary string) (*Service, error) {
	if err := os.MkdirAll(tmpDir, 0o700); err != nil {
		return nil, err
	}
	if stores[primary] == nil {
		return nil, errors.New("files: no " + primary + " store configured")
	}
	return &Service{db: d, stores: stores, primary: primary, limits: limits, tmpDir: tmpDir, now: func() time.Time { return time.Now().UTC() },
		readers: map[string]ReadCheck{}, downs: map[string]DownloadHook{}}, nil
}

// SignDownloads makes downloads (not previews) answer with a redirect to a pre-signed address of the
// store, when the file's store gives one (S3).
func (s *Service) SignDownloads(on bool) { s.signed = on }

// Primary is the kind of store new files go to.
func (s *Service) Primary() string { return s.primary }

// Store is the store of kind (nil when none is configured).
func (s *Service) Store(kind string) storage.Store { return s.stores[kind] }

// CheckStore tells whether the primary store can be used now (/readyz).
func (s *Service) CheckStore(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "files: check store")
	if c, ok := s.stores[s.primary].(storage.Checker); ok {
		return c.Check(ctx)
	}
	return nil
}

// OnRead makes check decide who may download the files linked to records of recordType. Without
// one, any signed-in user may download a linked file; an unlinked file is only its uploader's.
func (s *Service) OnRead(recordType string, check ReadCheck) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.readers[recordType] = check
}

// OnDownload makes fn hear of every recorded download of a file of a record of recordType (after the
// download line is written, with the record's id).
func (s *Service) OnDownload(recordType string, fn func(ctx context.Context, recordID int64) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.downs[recordType] = fn
}

/* ---------- rules of an upload ---------- */

// rule is what an upload must satisfy: the general one (system parameters) or the banner image's.
type rule struct {
	maxBytes int64
	suffix   func(suffix string) error // the name's suffix is allowed
	tooLarge error
	mismatch func(suffix string) error // the bytes are not what the suffix says
	check    func(c content) error     // further checks of the content (image size)
	// inspect, when set, reads the whole stored bytes (a courseware's pages, a video's header)
	inspect func(suffix string, f *os.File, size int64) error
}

func (s *Service) generalRule() rule {
	maxBytes, suffixes := s.limits()
	if maxBytes <= 0 {
		maxBytes = DefaultMaxMB << 20
	}
	if strings.TrimSpace(suffixes) == "" {
		suffixes = DefaultSuffixes
	}
	return rule{
		maxBytes: maxBytes,
		suffix:   func(suffix string) error { return validate.FileSuffix("."+suffix, suffixes) },
		tooLarge: httpx.Fail("file.too_large", maxBytes>>20),
		mismatch: func(suffix string) error { return httpx.Fail("file.content_mismatch", suffix) },
	}
}

// Banner images (spec sections 5 and 9): jpg or png only, under 2 MB (read literally: 2 MB itself is
// refused, as the browser's size / 1024 / 1024 < 2), at least 345x150 pixels.
const (
	BannerMaxBytes  = 2<<20 - 1
	BannerMinWidth  = 345
	BannerMinHeight = 150
)

var bannerRule = rule{
	maxBytes: BannerMaxBytes,
	suffix: func(suffix string) error {
		if suffix == "jpg" || suffix == "jpeg" || suffix == "png" {
			return nil
		}
		return httpx.Fail("image.format")
	},
	tooLarge: httpx.Fail("image.size"),
	mismatch: func(string) error { return httpx.Fail("image.format") },
	check: func(c content) error {
		if c.ImageFormat != "jpeg" && c.ImageFormat != "png" {
			return httpx.Fail("image.format")
		}
		if c.Width < BannerMinWidth || c.Height < BannerMinHeight {
			return httpx.Fail("image.pixels")
		}
		return nil
	},
}

// CleanName turns a client's file name into the name shown and sent back on download: a name
// with control characters (NUL included) or nothing left is refused; a path keeps only its last
// part (Windows clients send C:\…\name); the name is cut to MaxNameLen characters, keeping the
// suffix. The name is never used to find the bytes.
func CleanName(raw string) (name, suffix string, err error) {
	if !utf8.ValidString(raw) {
		return "", "", httpx.BadRequest("file.bad_name")
	}
	for _, r := range raw {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\ufeff' {
			return "", "", httpx.BadRequest("file.bad_name")
		}
	}
	if i := strings.LastIndexAny(raw, `/\`); i >= 0 {
		raw = raw[i+1:]
	}
	name = strings.TrimSpace(raw)
	name = strings.TrimLeft(name, ".")
	if name == "" {
		return "", "", httpx.BadRequest("file.bad_name")
	}
	if dot := strings.LastIndex(name, "."); dot >= 0 {
		suffix = strings.ToLower(name[dot+1:])
	}
	if runes := []rune(name); len(runes) > MaxNameLen {
		keep := MaxNameLen - utf8.RuneCountInString(suffix) - 1
		if suffix == "" || keep < 1 {
			name = string(runes[:MaxNameLen])
		} else {
			name = string(runes[:keep]) + "." + suffix
		}
	}
	return name, suffix, nil
}

/* ---------- receiving and storing ---------- */

// spooled is an upload received into a temporary file, with its size and SHA-256.
type spooled struct {
	f    *os.File
	size int64
	sum  string
}

func (sp *spooled) close() {
	_ = sp.f.Close()
	_ = os.Remove(sp.f.Name())
}

var errTooLarge = errors.New("files: too large")

// spool copies at most max bytes of r into a temporary file; a longer content is errTooLarge, a
// read error (the client went away) is returned as it is. On error nothing is left behind.
func (s *Service) spool(r io.Reader, max int64) (*spooled, error) {
	f, err := os.CreateTemp(s.tmpDir, "upload-*")
	if err != nil {
		return nil, err
	}
	sp := &spooled{f: f}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(r, max+1))
	if err == nil && n > max {
		err = errTooLarge
	}
	if err != nil {
		sp.close()
		return nil, err
	}
	sp.size, sp.sum = n, hex.EncodeToString(h.Sum(nil))
	return sp, nil
}

// meta is who uploads what.
type meta struct {
	name, suffix, module string
	userID               int64
}

// store checks the spooled bytes against the rule and keeps them: the row is written first
// (uploading), then the object, then the row becomes ready. Any failure removes both.
func (s *Service) store(ctx context.Context, sp *spooled, m meta, rl rule) (*File, content, error) {
	if sp.size == 0 {
		return nil, content{}, httpx.Fail("file.empty")
	}
	c, err := sniff(m.suffix, sp.f, sp.size)
	if errors.Is(err, errMismatch) {
		return nil, content{}, rl.mismatch(m.suffix)
	}
	if err != nil {
		return nil, content{}, err
	}
	if rl.check != nil {
		if err := rl.check(c); err != nil {
			return nil, content{}, err
		}
	}
	if rl.inspect != nil {
		if err := rl.inspect(m.suffix, sp.f, sp.size); err != nil {
			return nil, content{}, err
		}
	}
	st := s.stores[s.primary]
	key, err := storage.NewKey()
	if err != nil {
		return nil, content{}, err
	}
	now := s.now()
	var uploader any
	if m.userID != 0 {
		uploader = m.userID
	}
	id, err := s.db.Insert(ctx, `INSERT INTO sys_file (storage, object_key, name, suffix, size, sha256, content_type, module, state, uploaded_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.primary, key, m.name, m.suffix, sp.size, sp.sum, c.Type, m.module, StateUploading, uploader, now, now)
	if err != nil {
		return nil, content{}, err
	}
	// Clean-up must happen even when the request was cancelled.
	cleanup := func() {
		bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if err := st.Delete(bg, key); err != nil {
			slog.Error("remove the object of a failed upload", "key", key, "err", err)
			return // the uploading row stays: the janitor retries
		}
		if _, err := s.db.Exec(bg, `DELETE FROM sys_file WHERE id = ?`, id); err != nil {
			slog.Error("remove the row of a failed upload", "id", id, "err", err)
		}
	}
	if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
		cleanup()
		return nil, content{}, err
	}
	if err := st.Put(ctx, key, sp.f, sp.size, c.Type); err != nil {
		cleanup()
		return nil, content{}, err
	}
	if _, err := s.db.Exec(ctx, `UPDATE sys_file SET state = ?, updated_at = ? WHERE id = ?`, StateReady, s.now(), id); err != nil {
		cleanup()
		return nil, content{}, err
	}
	f, err := s.Get(ctx, id)
	return f, c, err
}

// Input is a file another area saves (a generated document, say).
type Input struct {
	Name   string
	Module string
	UserID int64 // who it is for (0: the system)
	Body   io.Reader
}

// Save stores a file under the general rules (suffix list, size limit, content matching the
// suffix) and returns it unlinked; link it with Attach.
func (s *Service) Save(ctx context.Context, in Input) (_ *File, err error) {
	defer errs.Wrap(&err, "files: save")
	name, suffix, err := CleanName(in.Name)
	if err != nil {
		return nil, err
	}
	rl := s.generalRule()
	if err := rl.suffix(suffix); err != nil {
		return nil, err
	}
	if in.Module == "" || !modules[in.Module] {
		in.Module = ModuleCommon
	}
	sp, err := s.spool(in.Body, rl.maxBytes)
	if errors.Is(err, errTooLarge) {
		return nil, rl.tooLarge
	}
	if err != nil {
		return nil, err
	}
	defer sp.close()
	f, _, err := s.store(ctx, sp, meta{name: name, suffix: suffix, module: in.Module, userID: in.UserID}, rl)
	return f, err
}

/* ---------- reading ---------- */

const fileColumns = `id, name, suffix, size, content_type, sha256, storage, module, record_type, COALESCE(record_id, 0), COALESCE(uploaded_by, 0), created_at, state, object_key`

func scanFile(row interface{ Scan(...any) error }) (*File, error) {
	var f File
	if err := row.Scan(&f.ID, &f.Name, &f.Suffix, &f.Size, &f.ContentType, &f.SHA256, &f.Storage, &f.Module, &f.RecordType, &f.RecordID,
		&f.UploadedBy, &f.CreatedAt, &f.State, &f.key); err != nil {
		return nil, err
	}
	if f.Module == ModuleBanner {
		f.URL = ImageURL(f.key, f.Suffix)
	} else {
		f.URL = DownURL(f.ID)
	}
	return &f, nil
}

// Get returns a ready file; file.not_found when there is none (or it is deleted or unfinished).
func (s *Service) Get(ctx context.Context, id int64) (_ *File, err error) {
	defer errs.Wrap(&err, "files: get %d", id)
	return s.get(ctx, s.db, id)
}

func (s *Service) get(ctx context.Context, q db.Querier, id int64) (*File, error) {
	f, err := scanFile(q.QueryRow(ctx, `SELECT `+fileColumns+` FROM sys_file WHERE id = ? AND state = ?`, id, StateReady))
	if db.IsNoRows(err) {
		return nil, httpx.Fail("file.not_found")
	}
	return f, err
}

// Open returns the bytes of a file and their size; the caller closes them.
func (s *Service) Open(ctx context.Context, f *File) (_ io.ReadCloser, _ int64, err error) {
	defer errs.Wrap(&err, "files: open %d", f.ID)
	st := s.stores[f.Storage]
	if st == nil {
		return nil, 0, httpx.Fail("file.oss_unavailable")
	}
	rc, size, err := st.Open(ctx, f.key)
	if errors.Is(err, storage.ErrNotFound) {
		slog.Error("the object of a file is missing", "file", f.ID, "storage", f.Storage)
		return nil, 0, httpx.Fail("file.not_found")
	}
	return rc, size, err
}

// SignedDownloadTTL is how long a pre-signed download address is valid.
const SignedDownloadTTL = 5 * time.Minute

// signedURL is a pre-signed download address of f in its store, or "" when downloads are not signed
// or the store gives none (the disk).
func (s *Service) signedURL(ctx context.Context, f *File) (string, error) {
	if !s.signed {
		return "", nil
	}
	sg, ok := s.stores[f.Storage].(storage.Signer)
	if !ok {
		return "", nil
	}
	return sg.SignedURL(ctx, f.key, export.Disposition(f.Name), f.ContentType, SignedDownloadTTL)
}

// Files returns the ready files linked to one record, oldest first.
func (s *Service) Files(ctx context.Context, q db.Querier, recordType string, recordID int64) (_ []File, err error) {
	defer errs.Wrap(&err, "files: files recordType=%s recordID=%d", recordType, recordID)
	m, err := s.FilesOf(ctx, q, recordType, []int64{recordID})
	if err != nil {
		return nil, err
	}
	if m[recordID] == nil {
		return []File{}, nil
	}
	return m[recordID], nil
}

// FilesOf returns the ready files of several records of one type (a list page), by record id.
func (s *Service) FilesOf(ctx context.Context, q db.Querier, recordType string, recordIDs []int64) (_ map[int64][]File, err error) {
	defer errs.Wrap(&err, "files: files of recordType=%s recordIDs=%v", recordType, recordIDs)
	out := map[int64][]File{}
	if len(recordIDs) == 0 {
		return out, nil
	}
	args := []any{recordType, StateReady}
	for _, id := range recordIDs {
		args = append(args, id)
	}
	rows, err := q.Query(ctx, `SELECT `+fileColumns+` FROM sys_file WHERE record_type = ? AND state = ? AND record_id IN (`+db.Placeholders(len(recordIDs))+`) ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		f, err := scanFile(rows)
		if err != nil {
			return nil, err
		}
		out[f.RecordID] = append(out[f.RecordID], *f)
	}
	return out, rows.Err()
}

// mayRead tells whether the caller may download f.
func (s *Service) mayRead(ctx context.Context, p *auth.Principal, f *File) (bool, error) {
	switch {
	case f.Module == ModuleBanner:
		return true, nil // public anyway (ImagePath)
	case f.RecordType == "":
		return p != nil && f.UploadedBy == p.UserID, nil
	}
	s.mu.RLock()
	check := s.readers[f.RecordType]
	s.mu.RUnlock()
	if check == nil {
		return p != nil, nil
	}
	return check(ctx, p, f)
}

// RecordDownload adds one line to the download statistics (a file downloaded by a user from a record of
// recordType) and tells the record type's download hook, for downloads a record area serves itself (the
// portal's bid pack).
func (s *Service) RecordDownload(ctx context.Context, fileID, userID int64, recordType string, recordID int64) (err error) {
	defer errs.Wrap(&err, "files: record download fileID=%d userID=%d recordType=%s recordID=%d", fileID, userID, recordType, recordID)
	if err := s.recordDownload(ctx, fileID, userID, recordType, recordID); err != nil {
		return err
	}
	return s.downloaded(ctx, recordType, recordID)
}

// recordDownload adds one line to the download statistics.
func (s *Service) recordDownload(ctx context.Context, fileID, userID int64, recordType string, recordID int64) error {
	var rid any
	if recordID > 0 {
		rid = recordID
	}
	_, err := s.db.Exec(ctx, `INSERT INTO file_download (file_id, user_id, record_type, record_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		fileID, userID, recordType, rid, s.now())
	return err
}

// downloaded tells the hook of recordType (if any) that a file of the record was downloaded.
func (s *Service) downloaded(ctx context.Context, recordType string, recordID int64) error {
	if recordType == "" || recordID <= 0 {
		return nil
	}
	s.mu.RLock()
	fn := s.downs[recordType]
	s.mu.RUnlock()
	if fn == nil {
		return nil
	}
	return fn(ctx, recordID)
}

/* ---------- linking files to records ---------- */

func uniqueIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Usable checks, before a record is written, that every id is a ready file the owner may link:
// file.not_found, or file.not_yours for another user's upload when owner.Any is false.
func (s *Service) Usable(ctx context.Context, q db.Querier, owner Owner, ids ...int64) (_ []File, err error) {
	defer errs.Wrap(&err, "files: usable")
	ids = uniqueIDs(ids)
	out := make([]File, 0, len(ids))
	for _, id := range ids {
		f, err := s.get(ctx, q, id)
		if err != nil {
			return nil, err
		}
		if !owner.Any && f.UploadedBy != owner.UserID {
			return nil, httpx.Fail("file.not_yours")
		}
		out = append(out, *f)
	}
	return out, nil
}

// Attach links files to a record inside the record's transaction: each must be usable by owner
// and not linked to another record (file.in_use). Linking a file again to the same record is a no-op.
func (s *Service) Attach(ctx context.Context, tx *db.Tx, owner Owner, recordType string, recordID int64, ids ...int64) (err error) {
	defer errs.Wrap(&err, "files: attach recordType=%s recordID=%d", recordType, recordID)
	files, err := s.Usable(ctx, tx, owner, ids...)
	if err != nil {
		return err
	}
	for _, f := range files {
		if f.RecordType == recordType && f.RecordID == recordID {
			continue
		}
		if f.RecordType != "" {
			return httpx.Fail("file.in_use")
		}
		res, err := tx.Exec(ctx, `UPDATE sys_file SET record_type = ?, record_id = ?, updated_at = ? WHERE id = ? AND state = ? AND record_type = ''`,
			recordType, recordID, s.now(), f.ID, StateReady)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return httpx.Fail("file.in_use") // linked by a concurrent request
		}
	}
	return nil
}

// SetFiles makes ids the files of a record inside its transaction: new ones are attached (as
// Attach), files the record had and ids no longer list are removed (as Remove, logged under module).
func (s *Service) SetFiles(ctx context.Context, tx *db.Tx, owner Owner, module, recordType string, recordID int64, ids ...int64) (err error) {
	defer errs.Wrap(&err, "files: set files module=%s recordType=%s recordID=%d", module, recordType, recordID)
	if err := s.Attach(ctx, tx, owner, recordType, recordID, ids...); err != nil {
		return err
	}
	current, err := s.Files(ctx, tx, recordType, recordID)
	if err != nil {
		return err
	}
	keep := map[int64]bool{}
	for _, id := range ids {
		keep[id] = true
	}
	var drop []int64
	for _, f := range current {
		if !keep[f.ID] {
			drop = append(drop, f.ID)
		}
	}
	return s.Remove(ctx, tx, module, drop...)
}

// Link is SetFiles for a caller known by id (admin: the record area's administrator, who may link
// anyone's uploads); it returns the names of the record's files by id.
func (s *Service) Link(ctx context.Context, tx *db.Tx, userID int64, admin bool, module, recordType string, recordID int64, ids []int64) (_ map[int64]string, err error) {
	defer errs.Wrap(&err, "files: link userID=%d module=%s recordType=%s recordID=%d ids=%v", userID, module, recordType, recordID, ids)
	if err := s.SetFiles(ctx, tx, Owner{UserID: userID, Any: admin}, module, recordType, recordID, ids...); err != nil {
		return nil, err
	}
	list, err := s.Files(ctx, tx, recordType, recordID)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(list))
	for _, f := range list {
		names[f.ID] = f.Name
	}
	return names, nil
}

// Discard removes a file saved by Save that no record came to link (the record's transaction
// failed): nobody ever saw it, so no business-log line is written. Failures are left to the janitor.
func (s *Service) Discard(ctx context.Context, id int64) {
	if _, err := s.db.Exec(ctx, `UPDATE sys_file SET state = ?, updated_at = ? WHERE id = ? AND state = ? AND record_type = ''`,
		StateRemoving, s.now(), id, StateReady); err != nil {
		slog.Error("discard a file", "file", id, "err", err)
		return
	}
	if err := s.Purge(ctx); err != nil {
		slog.Error("purge discarded files", "err", err)
	}
}

// Remove deletes files inside the caller's transaction, with a business-log line each under
// module. Their objects are deleted by Purge (after the commit) or by the janitor.
func (s *Service) Remove(ctx context.Context, tx *db.Tx, module string, ids ...int64) (err error) {
	defer errs.Wrap(&err, "files: remove %s", module)
	for _, id := range uniqueIDs(ids) {
		f, err := s.get(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_file SET state = ?, updated_at = ? WHERE id = ? AND state = ?`, StateRemoving, s.now(), id, StateReady); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Change{Module: module, Action: audit.Delete, TargetID: f.ID, Target: f.Name, Before: f}); err != nil {
			return err
		}
	}
	return nil
}

// Delete is the common delete call's rule: a user deletes their own upload while no record links it.
func (s *Service) Delete(ctx context.Context, p *auth.Principal, id int64) (err error) {
	defer errs.Wrap(&err, "files: delete %d", id)
	f, err := s.Get(ctx, id)
	if err != nil {
		return err
	}
	if f.UploadedBy != p.UserID {
		return httpx.Fail("file.forbidden")
	}
	if f.RecordType != "" {
		return httpx.Fail("file.attached")
	}
	if err := s.db.InTx(ctx, func(tx *db.Tx) error { return s.Remove(ctx, tx, AuditModule, id) }); err != nil {
		return err
	}
	if err := s.Purge(ctx); err != nil {
		slog.Error("purge deleted files", "err", err) // the janitor retries
	}
	return nil
}

/* ---------- housekeeping ---------- */

type keyed struct {
	id           int64
	storage, key string
}

func (s *Service) keyed(ctx context.Context, where string, args ...any) ([]keyed, error) {
	rows, err := s.db.Query(ctx, `SELECT id, storage, object_key FROM sys_file WHERE `+where+` ORDER BY id LIMIT 500`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []keyed
	for rows.Next() {
		var k keyed
		if err := rows.Scan(&k.id, &k.storage, &k.key); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

func (s *Service) deleteObject(ctx context.Context, k keyed) error {
	st := s.stores[k.storage]
	if st == nil {
		return errors.New("files: no " + k.storage + " store configured")
	}
	return st.Delete(ctx, k.key)
}

// Purge deletes the objects of removed files and marks them removed.
func (s *Service) Purge(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "files: purge")
	list, err := s.keyed(ctx, `state = ?`, StateRemoving)
	if err != nil {
		return err
	}
	var errs []error
	for _, k := range list {
		if err := s.deleteObject(ctx, k); err != nil {
			errs = append(errs, err)
			continue
		}
		if _, err := s.db.Exec(ctx, `UPDATE sys_file SET state = ?, updated_at = ? WHERE id = ? AND state = ?`, StateRemoved, s.now(), k.id, StateRemoving); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Sweep finishes what failures and crashes left: objects of deleted files, uploads that never
// completed (row and object), and spooled files older than StaleAfter.
func (s *Service) Sweep(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "files: sweep")
	errs := []error{s.Purge(ctx)}
	stale := s.now().Add(-StaleAfter)
	list, err := s.keyed(ctx, `state = ? AND updated_at < ?`, StateUploading, stale)
	errs = append(errs, err)
	for _, k := range list {
		if err := s.deleteObject(ctx, k); err != nil {
			errs = append(errs, err)
			continue
		}
		_, err := s.db.Exec(ctx, `DELETE FROM sys_file WHERE id = ? AND state = ?`, k.id, StateUploading)
		errs = append(errs, err)
	}
	entries, err := os.ReadDir(s.tmpDir)
	errs = append(errs, err)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.ModTime().Before(stale) {
			errs = append(errs, os.Remove(filepath.Join(s.tmpDir, e.Name())))
		}
	}
	return errors.Join(errs...)
}

// SweepEvery is the janitor's period.
const SweepEvery = 10 * time.Minute

// Run sweeps at start and every SweepEvery until ctx ends.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(SweepEvery)
	defer t.Stop()
	for {
		if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
			slog.Error("file janitor", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
