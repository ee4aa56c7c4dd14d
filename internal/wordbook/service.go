package wordbook

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// DownloadPath is the download call of a kept book.
const DownloadPath = "/api/expert/book/download"

// DownloadURL is the download call of one book.
func DownloadURL(id int64) string { return fmt.Sprintf("%s?id=%d", DownloadPath, id) }

// Service holds the rules of the expert books.
type Service struct {
	db      *db.DB
	experts Experts
	files   Files
	books   *list.Table[Record]
	now     func() time.Time
}

// NewService returns the service.
func NewService(d *db.DB, experts Experts, files Files) *Service {
	return &Service{db: d, experts: experts, files: files, now: func() time.Time { return time.Now().UTC() },
		books: &list.Table[Record]{DB: d, Spec: bookSpec, Scan: scanRecord, File: "wordbook.file"}}
}

// Form is what the make call sends.
type Form struct {
	Title     string
	ExpertIDs []int64 // in book order
}

func (f *Form) check() error {
	f.Title = strings.TrimSpace(f.Title)
	switch n := utf8.RuneCountInString(f.Title); {
	case n == 0:
		return httpx.Fail("wordbook.title_required")
	case n > MaxTitle:
		return httpx.Fail("wordbook.title_too_long", MaxTitle)
	}
	if strings.IndexFunc(f.Title, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return httpx.Fail("wordbook.title_bad")
	}
	switch n := len(f.ExpertIDs); {
	case n == 0:
		return httpx.Fail("wordbook.experts_required")
	case n > MaxExperts:
		return httpx.Fail("wordbook.too_many_experts", MaxExperts)
	}
	seen := map[int64]bool{}
	for _, id := range f.ExpertIDs {
		if seen[id] {
			return httpx.Fail("wordbook.expert_repeated", id)
		}
		seen[id] = true
	}
	return nil
}

// Make generates the book for the experts in the form's order, keeps it and records it.
func (s *Service) Make(ctx context.Context, lang string, f Form) (_ *Made, err error) {
	defer errs.Wrap(&err, "wordbook: make")
	if err := f.check(); err != nil {
		return nil, err
	}
	found, err := s.experts.Experts(ctx, f.ExpertIDs)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Expert, len(found))
	for _, e := range found {
		byID[e.ID] = e
	}
	ordered := make([]Expert, 0, len(f.ExpertIDs))
	for _, id := range f.ExpertIDs {
		e, ok := byID[id]
		if !ok {
			return nil, httpx.Fail("wordbook.expert_missing", id)
		}
		ordered = append(ordered, e)
	}
	s.loadPhotos(ctx, ordered)
	ri := httpx.InfoFrom(ctx)
	now := s.now()
	body, err := Bytes(Book{Title: f.Title, MadeBy: ri.UserName, MadeAt: now, Experts: ordered, Labels: LabelsFor(lang)})
	if err != nil {
		return nil, err
	}
	name := FileName(f.Title)
	fileID, err := s.files.Save(ctx, name, ri.UserID, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	refs := make([]ExpertRef, len(ordered))
	for i, e := range ordered {
		refs[i] = ExpertRef{ID: e.ID, Name: e.Name}
	}
	idsJSON, namesJSON := jsonText(f.ExpertIDs), jsonText(names(refs))
	var userID any
	if ri.UserID != 0 {
		userID = ri.UserID
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO expert_book (title, expert_ids, expert_names, expert_count, file_id, file_name, size, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, f.Title, idsJSON, namesJSON, len(refs), fileID, name, len(body), userID, now)
		if err != nil {
			return err
		}
		if err := s.files.Attach(ctx, tx, ri.UserID, fileID, id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunMake, Action: audit.Create, TargetID: id, Target: f.Title,
			After: logged{Title: f.Title, Experts: refs, FileID: fileID, FileName: name, Size: int64(len(body))}})
	})
	if err != nil {
		s.files.Discard(context.WithoutCancel(ctx), fileID)
		return nil, err
	}
	return &Made{ID: id, FileID: fileID, FileName: name, Size: int64(len(body)), DownloadURL: DownloadURL(id)}, nil
}

// logged is a book as the business log keeps it.
type logged struct {
	Title    string      `json:"title"`
	Experts  []ExpertRef `json:"experts"`
	FileID   int64       `json:"fileId"`
	FileName string      `json:"fileName"`
	Size     int64       `json:"size"`
}

// loadPhotos reads the experts' photos, a few at a time (shrinking a large photo is CPU work).
func (s *Service) loadPhotos(ctx context.Context, experts []Expert) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, min(4, runtime.GOMAXPROCS(0)))
	for i := range experts {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			experts[i].Photo = s.photo(ctx, experts[i])
		}()
	}
	wg.Wait()
}

// photo reads an expert's photo, made small enough for a book; a photo that cannot be read is
// left out (the book says there is none) rather than failing the whole book.
func (s *Service) photo(ctx context.Context, e Expert) []byte {
	if e.PhotoFileID <= 0 {
		return nil
	}
	rc, size, err := s.files.Open(ctx, e.PhotoFileID)
	if err != nil {
		slog.Warn("expert book: photo unreadable", "expert", e.ID, "file", e.PhotoFileID, "err", err)
		return nil
	}
	defer rc.Close()
	if size > MaxPhotoBytes {
		slog.Warn("expert book: photo too large", "expert", e.ID, "file", e.PhotoFileID, "size", size)
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(rc, MaxPhotoBytes+1))
	if err != nil || len(data) > MaxPhotoBytes {
		slog.Warn("expert book: photo unreadable", "expert", e.ID, "file", e.PhotoFileID, "err", err)
		return nil
	}
	return Shrink(data)
}

// FileName is the name of a book's file: its title with the characters file systems refuse
// replaced, and the .docx suffix.
func FileName(title string) string {
	clean := strings.Map(func(r rune) rune {
		switch {
		case r < 0x20 || r == 0x7f:
			return -1
		case strings.ContainsRune(`/\:*?"<>|`, r):
			return '_'
		}
		return r
	}, strings.TrimSpace(title))
	clean = strings.Trim(clean, ". ")
	if clean == "" {
		clean = "expert-book"
	}
	return clean + ".docx"
}

func names(refs []ExpertRef) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Name
	}
	return out
}

// jsonText is v as JSON text, with <, > and & left as they are (names stay searchable).
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(b.String())
}

// Delete removes kept books (soft: the row and file stay for the log), each with a log line.
func (s *Service) Delete(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "wordbook: delete %v", ids)
	ri := httpx.InfoFrom(ctx)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var changes []audit.Change
		for _, id := range ids {
			rec, err := oneBook(ctx, tx, id)
			if err != nil {
				return err
			}
			var by any
			if ri.UserID != 0 {
				by = ri.UserID
			}
			if _, err := tx.Exec(ctx, `UPDATE expert_book SET deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL`, s.now(), by, id); err != nil {
				return err
			}
			changes = append(changes, audit.Change{Module: FunResult, Action: audit.Delete, TargetID: id, Target: rec.Title,
				Before: logged{Title: rec.Title, Experts: rec.Experts, FileID: rec.FileID, FileName: rec.FileName, Size: rec.Size}})
		}
		return audit.RecordAll(ctx, tx, changes)
	})
}

// Get returns a kept (not deleted) book.
func (s *Service) Get(ctx context.Context, id int64) (_ *Record, err error) {
	defer errs.Wrap(&err, "wordbook: get %d", id)
	return oneBook(ctx, s.db, id)
}

// Open returns a kept book with its bytes.
func (s *Service) Open(ctx context.Context, id int64) (_ *Record, _ io.ReadCloser, _ int64, err error) {
	defer errs.Wrap(&err, "wordbook: open %d", id)
	rec, err := s.Get(ctx, id)
	if err != nil {
		return nil, nil, 0, err
	}
	rc, size, err := s.files.Open(ctx, rec.FileID)
	if err != nil {
		return nil, nil, 0, err
	}
	return rec, rc, size, nil
}

// Search is the chooser's list of experts.
func (s *Service) Search(ctx context.Context, q Search) (_ *list.Page[Candidate], err error) {
	defer errs.Wrap(&err, "wordbook: search")
	return s.experts.Search(ctx, q)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"wordbook.title_required":   {"请输入文档标题", "Please enter the document title"},
		"wordbook.title_too_long":   {"文档标题不能超过%d个字符", "The document title cannot exceed %d characters"},
		"wordbook.title_bad":        {"文档标题不能包含控制字符", "The document title cannot contain control characters"},
		"wordbook.experts_required": {"请至少选择一位专家", "Please choose at least one expert"},
		"wordbook.too_many_experts": {"一次最多选择%d位专家", "At most %d experts can be chosen at a time"},
		"wordbook.expert_repeated":  {"专家（编号 %d）重复选择", "The expert with id %d is chosen twice"},
		"wordbook.expert_missing":   {"专家（编号 %d）不存在、已删除或未发布", "The expert with id %d does not exist, was deleted or is not published"},
		"wordbook.not_found":        {"文档不存在或已删除", "The document does not exist or was deleted"},
		"wordbook.file":             {"专家文档", "Expert books"},
	})
}
