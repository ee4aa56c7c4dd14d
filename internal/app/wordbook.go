package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/wordbook"
)

// The expert Word book (internal/wordbook) declares what it needs of the library and of the files
// area; these adapters give it the library's published experts and the file stores.

// openWordbook wires the Word book after the library and the files; a book's file may be downloaded through
// the common file call by whoever may see the books.
func (a *App) openWordbook(context.Context) error {
	a.Files.OnRead(wordbook.RecordType, func(_ context.Context, p *auth.Principal, _ *files.File) (bool, error) {
		return p.CanOneOf([]string{wordbook.FunResult, wordbook.FunMake}), nil
	})
	a.wordbook = wordbook.NewService(a.DB, bookExperts{a.Library}, bookFiles{a.Files})
	return nil
}

// bookExperts reads the library's experts: only published ones go into a bid appendix.
type bookExperts struct{ lib *library.Service }

func (b bookExperts) Experts(ctx context.Context, ids []int64) ([]wordbook.Expert, error) {
	found, err := b.lib.Experts(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]wordbook.Expert, 0, len(found))
	for _, e := range found {
		if e.Status != library.StatusPublished {
			continue
		}
		quals := make([]wordbook.Qualification, 0, len(e.Qualifications))
		for _, q := range e.Qualifications {
			var validTo time.Time
			if q.ValidTo != "" {
				validTo, _ = time.Parse("2006-01-02", q.ValidTo)
			}
			quals = append(quals, wordbook.Qualification{Name: q.Name, Number: q.Number, ValidTo: validTo})
		}
		out = append(out, wordbook.Expert{ID: e.ID, Name: e.Name, EmployeeCode: e.EmployeeCode, Unit: e.UnitName, Title: e.JobTitle,
			Education: e.Education, Years: e.Years, Specialities: e.Specialities, Qualifications: quals, Experience: e.Experience,
			PhotoFileID: e.PhotoFileID})
	}
	return out, nil
}

func (b bookExperts) Search(ctx context.Context, s wordbook.Search) (*list.Page[wordbook.Candidate], error) {
	found, total, err := b.lib.SearchExperts(ctx, library.ExpertQuery{Keyword: s.Keyword, Qualification: s.Qualification, UnitCode: s.UnitCode,
		PublishedOnly: true, Current: s.Current, Limit: s.Limit})
	if err != nil {
		return nil, err
	}
	p := &list.Page[wordbook.Candidate]{Records: make([]wordbook.Candidate, 0, len(found)), Current: s.Current, Limit: s.Limit, Total: total,
		Pages: (total + s.Limit - 1) / s.Limit, Next: s.Current < (total+s.Limit-1)/s.Limit}
	for _, e := range found {
		quals := make([]string, 0, len(e.Qualifications))
		for _, q := range e.Qualifications {
			quals = append(quals, q.Name)
		}
		p.Records = append(p.Records, wordbook.Candidate{ID: e.ID, Name: e.Name, EmployeeCode: e.EmployeeCode, Unit: e.UnitName, UnitCode: e.UnitCode,
			Title: e.JobTitle, Education: e.Education, Years: e.Years, Qualifications: quals, Specialities: e.Specialities, HasPhoto: e.PhotoFileID > 0})
	}
	return p, nil
}

// bookFiles keeps books in the file stores, as generated Word files linked to their book.
type bookFiles struct{ files *files.Service }

func (b bookFiles) Save(ctx context.Context, name string, userID int64, body io.Reader) (int64, error) {
	f, err := b.files.Save(ctx, files.Input{Name: name, Module: files.ModuleWord, UserID: userID, Body: body})
	if err != nil {
		return 0, err
	}
	return f.ID, nil
}

func (b bookFiles) Open(ctx context.Context, fileID int64) (io.ReadCloser, int64, error) {
	f, err := b.files.Get(ctx, fileID)
	if err != nil {
		return nil, 0, err
	}
	return b.files.Open(ctx, f)
}

func (b bookFiles) Attach(ctx context.Context, tx *db.Tx, userID, fileID, bookID int64) error {
	return b.files.Attach(ctx, tx, files.Owner{UserID: userID}, wordbook.RecordType, bookID, fileID)
}

func (b bookFiles) Discard(ctx context.Context, fileID int64) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return
	}
	if err := b.files.Delete(ctx, p, fileID); err != nil {
		slog.Warn("expert book: remove the file of an unwritten book", "file", fileID, "err", err)
	}
}

// seedWordbookDemo gives the demo a few expert books made for past bids (/expert_talents_result): real .docx files of
// the library's published experts (the demo's past has added most of them), made as the administrator and dated
// back over the last weeks.
func (a *App) seedWordbookDemo(ctx context.Context) error {
	if a.Config.DemoWithoutFiles {
		return nil
	}
	var admin int64
	var adminName string
	if err := a.DB.QueryRow(ctx, `SELECT id, user_name FROM sys_user WHERE login_code = 'admin'`).Scan(&admin, &adminName); err != nil {
		return fmt.Errorf("wordbook demo: administrator: %w", err)
	}
	var experts []int64
	err := db.EachRow(ctx, a.DB, `SELECT id FROM lib_record WHERE type = ? AND status = ? AND deleted_at IS NULL ORDER BY id LIMIT 12`,
		[]any{library.TypeExpert, library.StatusPublished}, func(r db.Row) error {
			var id int64
			err := r.Scan(&id)
			experts = append(experts, id)
			return err
		})
	if err != nil {
		return fmt.Errorf("wordbook demo: experts: %w", err)
	}
	if len(experts) < 12 {
		return nil // a demo library without enough experts: no books
	}
	books := []struct {
		title   string
		picks   []int
		daysAgo int
	}{
		{"宁波市第一人民医院后勤一体化服务项目 拟派人员简历", []int{0, 1, 2, 3}, 46},
		{"宁波国家高新区科技园区综合设施运维项目 项目团队", []int{4, 5, 6}, 23},
		{"宁波市鄞州区政务服务中心物业服务项目 专家简历", []int{1, 7, 8, 9, 10, 11}, 6},
	}
	ctx = httpx.WithInfo(ctx, &httpx.RequestInfo{UserID: admin, LoginCode: "admin", UserName: adminName, RequestID: "demo"})
	now := time.Now().UTC()
	for _, b := range books {
		ids := make([]int64, len(b.picks))
		for i, p := range b.picks {
			ids[i] = experts[p]
		}
		made, err := a.wordbook.Make(ctx, httpx.LangZH, wordbook.Form{Title: b.title, ExpertIDs: ids})
		if err != nil {
			return fmt.Errorf("wordbook demo: %s: %w", b.title, err)
		}
		at := now.AddDate(0, 0, -b.daysAgo).Add(-3 * time.Hour)
		if _, err := a.DB.Exec(ctx, `UPDATE expert_book SET created_at = ? WHERE id = ?`, at, made.ID); err != nil {
			return fmt.Errorf("wordbook demo: date of %s: %w", b.title, err)
		}
	}
	return nil
}
