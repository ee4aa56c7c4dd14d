package portal

import (
	"context"
	"encoding/json"
	"html"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

func itoa(n int) string { return strconv.Itoa(n) }

// kindSQL is a message to-do's kind: its category, written by every writer from the prefix of its code
// (library.KindOfCode; migration 055 filled it for the older messages).
const kindSQL = `CASE WHEN r.category = '' THEN 'notice' ELSE r.category END`

// inbox is the caller's messages as one relation m(id, kind, title, data, is_read, at, msg_title, msg_content):
// their message to-dos and the live announcements the portal shows them, with their read marks. A message to-do
// is shown in lang: its stored texts (msg_title, msg_content) rendered, or the zh-CN text written at the time
// when it has none (written before migration 056, or in the library's form).
type inbox struct {
	from string
	args []any
	tabs map[string]string
	lang string
}

func (s *Service) inbox(p *auth.Principal, scope string, sargs []any, tabs map[string]string, lang string) inbox {
	from := `(SELECT r.id, ` + kindSQL + ` AS kind, r.title, r.data, CASE WHEN r.state = 'read' THEN 1 ELSE 0 END AS is_read, r.created_at AS at,
		r.msg_title, r.msg_content
		FROM lib_record r WHERE r.type = '` + typeMessage + `' AND r.deleted_at IS NULL AND r.assignee_id = ?
		UNION ALL
		SELECT r.id, '` + KindAnnouncement + `', r.title, r.data, CASE WHEN pr.user_id IS NULL THEN 0 ELSE 1 END, COALESCE(r.reviewed_at, r.created_at), '', ''
		FROM lib_record r LEFT JOIN portal_read pr ON pr.record_id = r.id AND pr.user_id = ?
		WHERE r.type = '` + typeAnnouncement + `' AND ` + scope + `) m`
	return inbox{from: from, args: append([]any{p.UserID, p.UserID}, sargs...), tabs: tabs, lang: lang}
}

func (s *Service) unread(ctx context.Context, in inbox) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM `+in.from+` WHERE m.is_read = 0`, in.args...).Scan(&n)
	return n, err
}

// messages reads a page of the inbox, newest first, limited by cond (on m, with cargs).
func (s *Service) messages(ctx context.Context, in inbox, cond string, cargs []any, limit, offset int) ([]Message, error) {
	args := append(append(append([]any{}, in.args...), cargs...), limit, offset)
	out := []Message{}
	err := db.EachRow(ctx, s.db, `SELECT m.id, m.kind, m.title, m.data, m.is_read, m.at, m.msg_title, m.msg_content FROM `+in.from+` WHERE `+cond+
		` ORDER BY m.at DESC, m.id DESC LIMIT ? OFFSET ?`, args, func(row interface{ Scan(...any) error }) error {
		var m Message
		var data, msgTitle, msgContent string
		var read int
		var at any
		if err := row.Scan(&m.ID, &m.Kind, &m.Title, &data, &read, &at, &msgTitle, &msgContent); err != nil {
			return err
		}
		m.Title = httpx.RenderStored(msgTitle, in.lang, m.Title)
		m.CreatedAt = timeOf(at)
		m.State = MsgUnread
		if read == 1 {
			m.State = MsgRead
		}
		var d struct {
			Content string `json:"content"`
			RefType string `json:"refType"`
			RefID   int64  `json:"refId"`
		}
		_ = json.Unmarshal([]byte(data), &d)
		if m.Kind == KindAnnouncement {
			m.Content, m.RefType, m.RefID = excerpt(d.Content), typeAnnouncement, m.ID
		} else {
			m.Content, m.RefType, m.RefID = httpx.RenderStored(msgContent, in.lang, d.Content), d.RefType, d.RefID
		}
		m.RefTab = in.tabs[m.RefType]
		out = append(out, m)
		return nil
	})
	return out, err
}

// timeLayouts are how SQLite hands back a time computed in a query (a UNION's column has no declared type).
var timeLayouts = []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999",
	time.RFC3339Nano, "2006-01-02T15:04:05.999999999"}

func timeOf(v any) time.Time {
	switch t := v.(type) {
	case time.Time:
		return t.UTC()
	case []byte:
		return timeOf(string(t))
	case string:
		for _, l := range timeLayouts {
			if tm, err := time.Parse(l, t); err == nil {
				return tm.UTC()
			}
		}
	}
	return time.Time{}
}

var strict = bluemonday.StrictPolicy()

// MaxExcerpt bounds the text of an announcement in the message list (the detail shows it whole).
const MaxExcerpt = 200

// excerpt is the plain text of sanitised HTML, on one line, at most MaxExcerpt characters.
func excerpt(h string) string {
	t := strings.Join(strings.Fields(html.UnescapeString(strict.Sanitize(strings.ReplaceAll(h, "<", " <")))), " ")
	if utf8.RuneCountInString(t) > MaxExcerpt {
		t = string([]rune(t)[:MaxExcerpt-1]) + "…"
	}
	return t
}

// MessageQuery is what the message list asks.
type MessageQuery struct {
	State, Kind    string
	Current, Limit int
}

var kinds = map[string]bool{KindExpiry: true, KindLoan: true, KindReview: true, KindCourse: true, KindReward: true, KindDemand: true,
	KindAnnouncement: true, KindNotice: true}

// Messages is GET /api/portal/msg/list: a page of the caller's messages, newest first, with their unread count.
func (s *Service) Messages(ctx context.Context, p *auth.Principal, q MessageQuery, lang string) (_ *MessagePage, err error) {
	defer errs.Wrap(&err, "portal: messages")
	var conds []string
	var cargs []any
	switch q.State {
	case "":
	case MsgUnread:
		conds = append(conds, "m.is_read = 0")
	case MsgRead:
		conds = append(conds, "m.is_read = 1")
	default:
		return nil, httpx.BadRequest("list.bad_value", "state")
	}
	if q.Kind != "" {
		if !kinds[q.Kind] {
			return nil, httpx.BadRequest("list.bad_value", "kind")
		}
		conds = append(conds, "m.kind = ?")
		cargs = append(cargs, q.Kind)
	}
	if err := list.CheckPaging(q.Current, q.Limit); err != nil {
		return nil, err
	}
	cond := "1=1"
	if len(conds) > 0 {
		cond = strings.Join(conds, " AND ")
	}
	scope, sargs, err := s.lib.Scope(ctx, p)
	if err != nil {
		return nil, err
	}
	in := s.inbox(p, scope, sargs, tabsOf(s.lib.Types(lang)), lang)
	out := &MessagePage{Records: []Message{}, Current: q.Current, Limit: q.Limit}
	// the page's total and the unread count in one statement
	args := append(append([]any{}, cargs...), in.args...)
	if err := s.db.QueryRow(ctx, `SELECT COUNT(CASE WHEN `+cond+` THEN 1 END), COUNT(CASE WHEN m.is_read = 0 THEN 1 END) FROM `+in.from, args...).
		Scan(&out.Total, &out.Unread); err != nil {
		return nil, err
	}
	out.Pages = (out.Total + q.Limit - 1) / q.Limit
	out.Next = q.Current < out.Pages
	offset, onPage := list.Offset(q.Current, q.Limit, out.Total)
	if !onPage {
		return out, nil
	}
	out.Records, err = s.messages(ctx, in, cond, cargs, q.Limit, offset)
	return out, err
}

// MaxReadItems bounds one read call (readAll marks everything).
const MaxReadItems = 500

// ReadItem names one message to mark read: an announcement by its record id, or a message to-do (any other kind).
type ReadItem struct {
	Kind string `json:"kind" enum:"expiry,loan,review,course,reward,demand,announcement,notice"`
	ID   int64  `json:"id"`
}

// MarkRead marks the caller's messages read: message to-dos must be addressed to the caller, announcements
// live and shown to them. Nothing is marked when one is refused. It answers the unread count.
func (s *Service) MarkRead(ctx context.Context, p *auth.Principal, items []ReadItem, lang string) (_ int, err error) {
	defer errs.Wrap(&err, "portal: mark read")
	var todos, notes []int64
	seenT, seenN := map[int64]bool{}, map[int64]bool{}
	for _, it := range items {
		if it.ID <= 0 {
			return 0, httpx.BadRequest("http.bad_number", "id")
		}
		if it.Kind == KindAnnouncement {
			if !seenN[it.ID] {
				seenN[it.ID] = true
				notes = append(notes, it.ID)
			}
		} else if !seenT[it.ID] {
			seenT[it.ID] = true
			todos = append(todos, it.ID)
		}
	}
	if len(todos) == 0 && len(notes) == 0 {
		return 0, httpx.Fail("http.required", "items")
	}
	if len(todos)+len(notes) > MaxReadItems {
		return 0, httpx.Fail("portal.msg.too_many", MaxReadItems)
	}
	scope, sargs, err := s.lib.Scope(ctx, p)
	if err != nil {
		return 0, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		if len(todos) > 0 {
			owner := map[int64]int64{}
			err := db.EachRow(ctx, tx, `SELECT id, COALESCE(assignee_id, 0) FROM lib_record WHERE type = ? AND deleted_at IS NULL AND id IN (`+db.Placeholders(len(todos))+`)`,
				append([]any{typeMessage}, int64s(todos)...), func(row interface{ Scan(...any) error }) error {
					var id, a int64
					if err := row.Scan(&id, &a); err != nil {
						return err
					}
					owner[id] = a
					return nil
				})
			if err != nil {
				return err
			}
			for _, id := range todos {
				a, ok := owner[id]
				switch {
				case !ok:
					return httpx.Fail("portal.msg.not_found")
				case a != p.UserID:
					return httpx.Fail("portal.msg.not_yours")
				}
			}
			if err := s.readTodos(ctx, tx, p, `id IN (`+db.Placeholders(len(todos))+`)`, int64s(todos), now); err != nil {
				return err
			}
		}
		if len(notes) > 0 {
			live := map[int64]bool{}
			args := append(append(int64s(notes), sargs...), typeAnnouncement)
			err := db.EachRow(ctx, tx, `SELECT r.id FROM lib_record r WHERE r.id IN (`+db.Placeholders(len(notes))+`) AND `+scope+` AND r.type = ?`,
				args, func(row interface{ Scan(...any) error }) error {
					var id int64
					if err := row.Scan(&id); err != nil {
						return err
					}
					live[id] = true
					return nil
				})
			if err != nil {
				return err
			}
			for _, id := range notes {
				if !live[id] {
					return httpx.Fail("portal.msg.announcement_gone")
				}
				if _, err := tx.Exec(ctx, `INSERT INTO portal_read (user_id, record_id, read_at) VALUES (?, ?, ?) ON CONFLICT (user_id, record_id) DO NOTHING`,
					p.UserID, id, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return s.unread(ctx, s.inbox(p, scope, sargs, nil, ""))
}

// readTodos marks the caller's unread message to-dos matching cond read, with one business-log line.
func (s *Service) readTodos(ctx context.Context, tx *db.Tx, p *auth.Principal, cond string, args []any, now time.Time) error {
	var ids []int64
	err := db.EachRow(ctx, tx, `SELECT id FROM lib_record WHERE type = ? AND deleted_at IS NULL AND assignee_id = ? AND state = ? AND `+cond+` ORDER BY id`,
		append([]any{typeMessage, p.UserID, MsgUnread}, args...), func(row interface{ Scan(...any) error }) error {
			var id int64
			err := row.Scan(&id)
			ids = append(ids, id)
			return err
		})
	if err != nil || len(ids) == 0 {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE lib_record SET state = ?, updated_at = ? WHERE id IN (`+db.Placeholders(len(ids))+`)`,
		append([]any{MsgRead, now}, int64s(ids)...)...); err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Change{Module: AuditModule, Action: "read", TargetID: p.UserID, Target: httpx.Translate(httpx.LangZH, "portal.msg.target"),
		Before: map[string]any{"ids": ids, "state": MsgUnread}, After: map[string]any{"ids": ids, "state": MsgRead}})
}

// ReadAll marks every message to-do of the caller and every live announcement shown to them read; it
// answers the unread count (0).
func (s *Service) ReadAll(ctx context.Context, p *auth.Principal) (_ int, err error) {
	defer errs.Wrap(&err, "portal: read all")
	scope, sargs, err := s.lib.Scope(ctx, p)
	if err != nil {
		return 0, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		if err := s.readTodos(ctx, tx, p, "1=1", nil, now); err != nil {
			return err
		}
		var ids []int64
		args := append(append([]any{}, sargs...), typeAnnouncement, p.UserID)
		err := db.EachRow(ctx, tx, `SELECT r.id FROM lib_record r WHERE `+scope+` AND r.type = ?
			AND NOT EXISTS (SELECT 1 FROM portal_read x WHERE x.user_id = ? AND x.record_id = r.id)`, args, func(row interface{ Scan(...any) error }) error {
			var id int64
			err := row.Scan(&id)
			ids = append(ids, id)
			return err
		})
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := tx.Exec(ctx, `INSERT INTO portal_read (user_id, record_id, read_at) VALUES (?, ?, ?) ON CONFLICT (user_id, record_id) DO NOTHING`,
				p.UserID, id, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return s.unread(ctx, s.inbox(p, scope, sargs, nil, ""))
}

func int64s(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}
