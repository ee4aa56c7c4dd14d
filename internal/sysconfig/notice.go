package sysconfig

import (
	"context"
	"database/sql"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// Notice levels and audiences.
const (
	LevelInfo      = "info"
	LevelWarning   = "warning"
	LevelImportant = "important"

	AudienceAll      = "all"
	AudienceStaff    = "staff"
	AudienceExternal = "external"
)

// Notice states, computed when read.
const (
	StateActive    = "active"
	StateScheduled = "scheduled"
	StateExpired   = "expired"
	StateDisabled  = "disabled"
)

// Limits of a notice.
const (
	MaxNoticeTitle   = 100
	MaxNoticeContent = 2000
	// MaxActiveNotices bounds what the portal receives at once.
	MaxActiveNotices = 20
)

var (
	levels    = map[string]any{LevelInfo: LevelInfo, LevelWarning: LevelWarning, LevelImportant: LevelImportant}
	audiences = map[string]any{AudienceAll: AudienceAll, AudienceStaff: AudienceStaff, AudienceExternal: AudienceExternal}
)

// Notice is a system notice: shown in the portal to its audience between StartAt and EndAt (either open).
// Content is plain text (the browser never renders it as HTML).
type Notice struct {
	ID        int64      `json:"id"`
	Title     string     `json:"title"`
	Content   string     `json:"content"`
	Level     string     `json:"level" enum:"info,warning,important"`
	Audience  string     `json:"audience" enum:"all,staff,external"`
	StartAt   *time.Time `json:"startAt"`
	EndAt     *time.Time `json:"endAt"`
	Enabled   int        `json:"enabled" enum:"0,1"`
	State     string     `json:"state" enum:"active,scheduled,expired,disabled"`
	CreatedAt time.Time  `json:"createdAt"`
	UpdatedAt time.Time  `json:"updatedAt"`
	UpdatedBy string     `json:"updatedBy"`
}

const noticeSelect = `n.id, n.title, n.content, n.level, n.audience, n.start_at, n.end_at, n.enabled, n.created_at, n.updated_at, n.updated_by`

func scanNotice(row interface{ Scan(...any) error }) (Notice, error) {
	var n Notice
	var start, end sql.NullTime
	err := row.Scan(&n.ID, &n.Title, &n.Content, &n.Level, &n.Audience, &start, &end, &n.Enabled, &n.CreatedAt, &n.UpdatedAt, &n.UpdatedBy)
	if err != nil {
		return n, err
	}
	n.CreatedAt, n.UpdatedAt = n.CreatedAt.UTC(), n.UpdatedAt.UTC()
	if start.Valid {
		t := start.Time.UTC()
		n.StartAt = &t
	}
	if end.Valid {
		t := end.Time.UTC()
		n.EndAt = &t
	}
	n.State = n.stateAt(time.Now())
	return n, nil
}

func (n Notice) stateAt(now time.Time) string {
	switch {
	case n.Enabled == 0:
		return StateDisabled
	case n.StartAt != nil && now.Before(*n.StartAt):
		return StateScheduled
	case n.EndAt != nil && !now.Before(*n.EndAt):
		return StateExpired
	}
	return StateActive
}

// noticeSpec: searchable by title or content (keywords), level, audience and the enabled flag; newest first,
// or by the publish window.
var noticeSpec = &list.Spec{
	Select: noticeSelect,
	From:   `sys_notice n`,
	Filters: []list.Filter{
		{Param: "keywords", Columns: []string{"n.title", "n.content"}, Kind: list.Keyword},
		{Param: "level", Column: "n.level", Kind: list.Exact, Map: list.OneOf("level", levels)},
		{Param: "audience", Column: "n.audience", Kind: list.Exact, Map: list.OneOf("audience", audiences)},
		{Param: "enabled", Column: "n.enabled", Kind: list.Exact, Map: list.OneOf("enabled", builtinValues)},
	},
	Sorts:       map[string]string{"startAt": "n.start_at", "endAt": "n.end_at", "updatedAt": "n.updated_at", "id": "n.id"},
	DefaultSort: "n.id DESC",
	TieBreak:    "n.id DESC",
}

// NoticeTable serves GET /api/sys/notice/list.
func NoticeTable(d *db.DB) *list.Table[Notice] {
	return &list.Table[Notice]{DB: d, Spec: noticeSpec, Scan: scanNotice}
}

// NoticeForm is what the notice dialog sends.
type NoticeForm struct {
	ID              int64
	Title, Content  string
	Level, Audience string
	StartAt, EndAt  *time.Time
	Enabled         int
}

func (f *NoticeForm) check() error {
	f.Title, f.Content = strings.TrimSpace(f.Title), strings.TrimSpace(f.Content)
	if f.Level == "" {
		f.Level = LevelInfo
	}
	if f.Audience == "" {
		f.Audience = AudienceAll
	}
	switch {
	case f.Title == "":
		return httpx.Fail("notice.title_required")
	case utf8.RuneCountInString(f.Title) > MaxNoticeTitle:
		return httpx.Fail("notice.title_too_long", MaxNoticeTitle)
	case utf8.RuneCountInString(f.Content) > MaxNoticeContent:
		return httpx.Fail("notice.content_too_long", MaxNoticeContent)
	case levels[f.Level] == nil:
		return httpx.Fail("notice.bad_level")
	case audiences[f.Audience] == nil:
		return httpx.Fail("notice.bad_audience")
	case f.Enabled != 0 && f.Enabled != 1:
		return httpx.Fail("notice.bad_enabled")
	case f.StartAt != nil && f.EndAt != nil && !f.EndAt.After(*f.StartAt):
		return httpx.Fail("notice.bad_window")
	}
	return nil
}

func oneNotice(ctx context.Context, q querier, id int64) (Notice, error) {
	n, err := scanNotice(q.QueryRow(ctx, `SELECT `+noticeSelect+` FROM sys_notice n WHERE n.id = ?`, id))
	if db.IsNoRows(err) {
		return n, httpx.Fail("notice.not_found")
	}
	return n, err
}

func nullTime(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// AddNotice creates a notice; it returns the new id.
func (s *Store) AddNotice(ctx context.Context, f NoticeForm) (_ int64, err error) {
	defer errs.Wrap(&err, "sysconfig: add notice")
	if err := f.check(); err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO sys_notice (title, content, level, audience, start_at, end_at, enabled, created_at, updated_at, updated_by)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, f.Title, f.Content, f.Level, f.Audience, nullTime(f.StartAt), nullTime(f.EndAt), f.Enabled, now, now, who(ctx))
		if err != nil {
			return err
		}
		after, err := oneNotice(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunConfig, Action: audit.Create, TargetID: id, Target: f.Title, After: after})
	})
	return id, err
}

// EditNotice changes a notice.
func (s *Store) EditNotice(ctx context.Context, id int64, f NoticeForm) (err error) {
	defer errs.Wrap(&err, "sysconfig: edit notice %d", id)
	if err := f.check(); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := oneNotice(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_notice SET title = ?, content = ?, level = ?, audience = ?, start_at = ?, end_at = ?, enabled = ?, updated_at = ?, updated_by = ? WHERE id = ?`,
			f.Title, f.Content, f.Level, f.Audience, nullTime(f.StartAt), nullTime(f.EndAt), f.Enabled, time.Now().UTC(), who(ctx), id); err != nil {
			return err
		}
		after, err := oneNotice(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunConfig, Action: audit.Update, TargetID: id, Target: f.Title, Before: cur, After: after})
	})
}

// DeleteNotices removes notices.
func (s *Store) DeleteNotices(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "sysconfig: delete notices %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var changes []audit.Change
		for _, id := range ids {
			cur, err := oneNotice(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM sys_notice WHERE id = ?`, id); err != nil {
				return err
			}
			changes = append(changes, audit.Change{Module: FunConfig, Action: audit.Delete, TargetID: id, Target: cur.Title, Before: cur})
		}
		return audit.RecordAll(ctx, tx, changes)
	})
}

// ActiveNotices returns the notices in their publish window now for a user of userType (staff or
// external), newest first.
func (s *Store) ActiveNotices(ctx context.Context, userType string) (_ []Notice, err error) {
	defer errs.Wrap(&err, "sysconfig: active notices")
	now := time.Now().UTC()
	return list.All(ctx, s.db, scanNotice, `SELECT `+noticeSelect+` FROM sys_notice n
		WHERE n.enabled = 1 AND (n.start_at IS NULL OR n.start_at <= ?) AND (n.end_at IS NULL OR n.end_at > ?) AND n.audience IN (?, ?)
		ORDER BY CASE n.level WHEN 'important' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, COALESCE(n.start_at, n.created_at) DESC, n.id DESC LIMIT ?`,
		now, now, AudienceAll, userType, MaxActiveNotices)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"notice.not_found":        {"公告不存在", "The notice does not exist"},
		"notice.title_required":   {"请填写公告标题", "Please fill in the notice title"},
		"notice.title_too_long":   {"公告标题长度不能超过%d", "The notice title cannot exceed %d characters"},
		"notice.content_too_long": {"公告内容长度不能超过%d", "The notice content cannot exceed %d characters"},
		"notice.bad_level":        {"公告级别只能是 info、warning 或 important", "The level must be info, warning or important"},
		"notice.bad_audience":     {"公告对象只能是 all、staff 或 external", "The audience must be all, staff or external"},
		"notice.bad_enabled":      {"启用状态只能是0（停用）或1（启用）", "enabled must be 0 (off) or 1 (on)"},
		"notice.bad_window":       {"结束时间须晚于开始时间", "The end must be later than the start"},
	})
}
