package library

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// FunTags is the function code of the tag set's screen.
const FunTags = "tagmanager"

// MaxTagName bounds a tag's name.
const MaxTagName = 30

// TagRec is a tag as /tagmanager lists it, with how many live records carry it.
type TagRec struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Color     string    `json:"color"`
	Sort      int       `json:"sort"`
	Records   int       `json:"records"`
	UpdatedAt time.Time `json:"updatedAt"`
}

const tagRecords = `(SELECT COUNT(*) FROM lib_record_tag rt JOIN lib_record r ON r.id = rt.record_id AND r.deleted_at IS NULL WHERE rt.tag_id = t.id)`

var tagSpec = &list.Spec{
	Select:      `t.id, t.name, t.color, t.sort, ` + tagRecords + `, t.updated_at`,
	From:        `lib_tag t`,
	Where:       `t.deleted_at IS NULL`,
	Filters:     []list.Filter{{Param: "name", Column: "t.name", Kind: list.Contains}},
	Sorts:       map[string]string{"name": "t.name", "sort": "t.sort", "records": tagRecords, "updatedAt": "t.updated_at"},
	DefaultSort: "t.sort ASC",
	TieBreak:    "t.id ASC",
}

func scanTag(row interface{ Scan(...any) error }) (TagRec, error) {
	var t TagRec
	err := row.Scan(&t.ID, &t.Name, &t.Color, &t.Sort, &t.Records, &t.UpdatedAt)
	t.UpdatedAt = t.UpdatedAt.UTC()
	return t, err
}

// TagTable serves GET /api/library/tag/list and its export.
func (s *Service) TagTable() *list.Table[TagRec] {
	return &list.Table[TagRec]{DB: s.db, Spec: tagSpec, Scan: scanTag, File: "lib.tag.file", Columns: []list.Column[TagRec]{
		{Title: "lib.tag.name", Value: func(t TagRec, _ string) any { return t.Name }},
		{Title: "lib.tag.sort", Value: func(t TagRec, _ string) any { return t.Sort }},
		{Title: "lib.tag.records", Value: func(t TagRec, _ string) any { return t.Records }},
	}}
}

// Tags returns every live tag in order (the options of a tags field).
func (s *Service) Tags(ctx context.Context) (_ []Tag, err error) {
	defer errs.Wrap(&err, "library: tags")
	rows, err := s.db.Query(ctx, `SELECT id, name, color FROM lib_tag WHERE deleted_at IS NULL ORDER BY sort, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Tag{}
	for rows.Next() {
		var t Tag
		if err := rows.Scan(&t.ID, &t.Name, &t.Color); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// TagForm is the tag dialog.
type TagForm struct {
	ID          int64
	Name, Color string
	Sort        int
}

var colorRe = regexp.MustCompile(`^(#[0-9a-fA-F]{6}|[a-z]{3,12})?$`)

func (f *TagForm) check() error {
	f.Name, f.Color = strings.TrimSpace(f.Name), strings.TrimSpace(f.Color)
	switch {
	case f.Name == "":
		return httpx.Fail("lib.tag.name_required")
	case utf8.RuneCountInString(f.Name) > MaxTagName:
		return httpx.Fail("lib.tag.name_too_long", MaxTagName)
	case !colorRe.MatchString(f.Color):
		return httpx.Fail("lib.tag.bad_color")
	case f.Sort < 0:
		return httpx.Fail("validate.negative")
	}
	return nil
}

func oneTag(ctx context.Context, q db.Querier, id int64) (TagRec, error) {
	t, err := scanTag(q.QueryRow(ctx, `SELECT `+tagSpec.Select+` FROM lib_tag t WHERE t.id = ? AND t.deleted_at IS NULL`, id))
	if db.IsNoRows(err) {
		return t, httpx.Fail("lib.tag.not_found")
	}
	return t, err
}

func tagTaken(err error) error {
	if db.IsUniqueViolation(err) {
		return httpx.Fail("lib.tag.taken")
	}
	return err
}

// AddTag creates a tag.
func (s *Service) AddTag(ctx context.Context, f TagForm) (_ int64, err error) {
	defer errs.Wrap(&err, "library: add tag")
	if err := f.check(); err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		var err error
		if id, err = tx.Insert(ctx, `INSERT INTO lib_tag (name, color, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, f.Name, f.Color, f.Sort, now, now); err != nil {
			return tagTaken(err)
		}
		after, err := oneTag(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.log(ctx, tx, audit.Change{Module: FunTags, Action: audit.Create, TargetID: id, Target: f.Name, After: after})
	})
	return id, err
}

// EditTag renames or reorders a tag.
func (s *Service) EditTag(ctx context.Context, id int64, f TagForm) (err error) {
	defer errs.Wrap(&err, "library: edit tag %d", id)
	if err := f.check(); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := oneTag(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lib_tag SET name = ?, color = ?, sort = ?, updated_at = ? WHERE id = ?`, f.Name, f.Color, f.Sort, s.now().UTC(), id); err != nil {
			return tagTaken(err)
		}
		after, err := oneTag(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.log(ctx, tx, audit.Change{Module: FunTags, Action: audit.Update, TargetID: id, Target: f.Name, Before: cur, After: after})
	})
}

// DeleteTags removes tags softly; records keep the link but no longer show the tag.
func (s *Service) DeleteTags(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "library: delete tags %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range ids {
			cur, err := oneTag(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE lib_tag SET deleted_at = ? WHERE id = ?`, s.now().UTC(), id); err != nil {
				return err
			}
			if err := s.log(ctx, tx, audit.Change{Module: FunTags, Action: audit.Delete, TargetID: id, Target: cur.Name, Before: cur}); err != nil {
				return err
			}
		}
		return nil
	})
}
