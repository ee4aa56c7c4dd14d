package library

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Reminder is a record of the caller's that expires within the warning days, or has expired.
type Reminder struct {
	ID       int64  `json:"id"`
	Type     string `json:"type"`
	TypeName string `json:"typeName"`
	Path     string `json:"path"`
	Title    string `json:"title"`
	Code     string `json:"code"`
	ValidTo  string `json:"validTo"`
	DaysLeft int    `json:"daysLeft"`
	Expiry   string `json:"expiry"`
}

// LoanReminder is a CA key lent to the caller and not yet returned.
type LoanReminder struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	KeyNumber string    `json:"keyNumber"`
	LentAt    time.Time `json:"lentAt"`
	DueDate   string    `json:"dueDate"`
	Overdue   bool      `json:"overdue"`
}

// Reminders is GET /api/biapp/marketing/backend/project/remind.
type Reminders struct {
	Days    int            `json:"days"`
	Total   int            `json:"total"`
	Records []Reminder     `json:"records"`
	Loans   []LoanReminder `json:"loans"`
	Unread  int            `json:"unread"`
}

// MaxReminders bounds the records one answer lists.
const MaxReminders = 200

func expiryTypes() (keys []any, marks string) {
	for _, t := range Types {
		if t.Expiry {
			keys = append(keys, t.Key)
		}
	}
	return keys, db.Placeholders(len(keys))
}

// employeeOf is the employee code of an account ("" when none is linked).
func (s *Service) employeeOf(ctx context.Context, userID int64) (string, error) {
	var code string
	err := s.db.QueryRow(ctx, `SELECT employee_code FROM sys_user WHERE id = ?`, userID).Scan(&code)
	if db.IsNoRows(err) {
		return "", nil
	}
	return code, err
}

// Remind returns the caller's reminders: the records they entered, hold or keep (an expert, a CA key's
// custodian: the employee linked to their account) that expire within the warning days or have expired,
// the CA keys lent to them, and how many message to-dos they have not read.
func (s *Service) Remind(ctx context.Context, lang string) (_ *Reminders, err error) {
	defer errs.Wrap(&err, "library: remind")
	p := auth.PrincipalFrom(ctx)
	emp, err := s.employeeOf(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	today := Today(s.now())
	out := &Reminders{Days: s.warnDays(), Records: []Reminder{}, Loans: []LoanReminder{}}
	horizon := today.AddDate(0, 0, out.Days).Format(dateLayout)
	keys, marks := expiryTypes()
	args := append(keys, StatusRejected, StatusDraft, horizon, p.UserID, emp, emp)
	rows, err := s.db.Query(ctx, `SELECT r.id, r.type, r.title, r.code, r.valid_to FROM lib_record r
		WHERE r.deleted_at IS NULL AND r.type IN (`+marks+`) AND r.status NOT IN (?, ?) AND r.valid_to IS NOT NULL AND r.valid_to <= ?
		AND (r.created_by = ? OR (? <> '' AND r.employee_code = ?)) ORDER BY r.valid_to, r.id LIMIT `+fmt.Sprint(MaxReminders), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var rm Reminder
		if err := rows.Scan(&rm.ID, &rm.Type, &rm.Title, &rm.Code, &rm.ValidTo); err != nil {
			return nil, err
		}
		t := TypeOf(rm.Type)
		rm.TypeName, rm.Path = httpx.Translate(lang, t.Name), t.Path
		rec := &Record{Type: t, cols: map[string]any{ColTo: rm.ValidTo}}
		rec.markExpiry(today, out.Days)
		if rec.DaysLeft != nil {
			rm.DaysLeft = *rec.DaysLeft
		}
		rm.Expiry = rec.Expiry
		out.Records = append(out.Records, rm)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if emp != "" {
		lrows, err := s.db.Query(ctx, `SELECT r.id, r.title, r.code, l.lent_at, l.due_date FROM lib_ca_loan l
			JOIN lib_record r ON r.id = l.record_id AND r.deleted_at IS NULL WHERE l.returned_at IS NULL AND l.borrower_code = ? ORDER BY l.lent_at`, emp)
		if err != nil {
			return nil, err
		}
		defer lrows.Close()
		for lrows.Next() {
			var l LoanReminder
			var due sql.NullString
			if err := lrows.Scan(&l.ID, &l.Title, &l.KeyNumber, &l.LentAt, &due); err != nil {
				return nil, err
			}
			l.LentAt, l.DueDate = l.LentAt.UTC(), due.String
			l.Overdue = l.DueDate != "" && l.DueDate < today.Format(dateLayout)
			out.Loans = append(out.Loans, l)
		}
		if err := lrows.Err(); err != nil {
			return nil, err
		}
	}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record WHERE type = ? AND deleted_at IS NULL AND assignee_id = ? AND state = ?`,
		TypeMessage, p.UserID, StateUnread).Scan(&out.Unread); err != nil {
		return nil, err
	}
	out.Total = len(out.Records) + len(out.Loans)
	return out, nil
}

// notice is a message to-do to write: its recipients, what it says and the key that keeps it from being
// written twice.
type notice struct {
	ref, due       string
	title, content httpx.Stored
	recipients     []int64
	refType        *Type
	refID          int64
}

// GenerateMessages writes a message to-do for every holder, custodian and owner of a record that expires
// within the warning days (or has expired), and for every borrower of a CA key due back within them; a
// reminder already written for the same record and date is not written again. It answers how many
// messages it wrote. The daily job and the administrator's 'generate reminders' action both call it.
func (s *Service) GenerateMessages(ctx context.Context) (_ int, err error) {
	defer errs.Wrap(&err, "library: generate messages")
	today := Today(s.now())
	horizon := today.AddDate(0, 0, s.warnDays()).Format(dateLayout)
	keys, marks := expiryTypes()
	var notices []notice
	rows, err := s.db.Query(ctx, `SELECT r.id, r.type, r.title, r.valid_to, COALESCE(r.created_by, 0), r.employee_code FROM lib_record r
		WHERE r.deleted_at IS NULL AND r.type IN (`+marks+`) AND r.status = ? AND r.valid_to IS NOT NULL AND r.valid_to <= ? ORDER BY r.id`,
		append(keys, StatusPublished, horizon)...)
	if err != nil {
		return 0, err
	}
	type due struct {
		id                  int64
		typ, title, to, emp string
		owner               int64
	}
	var dues []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.typ, &d.title, &d.to, &d.owner, &d.emp); err != nil {
			rows.Close()
			return 0, err
		}
		dues = append(dues, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for _, d := range dues {
		t := TypeOf(d.typ)
		users, err := s.usersOf(ctx, d.emp)
		if err != nil {
			return 0, err
		}
		if d.owner != 0 {
			users = append(users, d.owner)
		}
		key := "lib.msg.expiring"
		if d.to < today.Format(dateLayout) {
			key = "lib.msg.expired"
		}
		name := httpx.Msg(msgName(t))
		notices = append(notices, notice{
			ref: fmt.Sprintf("expiry:%s:%d:%s", d.typ, d.id, d.to), due: d.to, recipients: users, refType: t, refID: d.id,
			title:   httpx.Say(key+".title", name, d.title, d.to),
			content: httpx.Say(key+".content", name, d.title, d.to),
		})
	}
	lrows, err := s.db.Query(ctx, `SELECT l.id, r.id, r.title, l.borrower_code, l.due_date FROM lib_ca_loan l JOIN lib_record r ON r.id = l.record_id AND r.deleted_at IS NULL
		WHERE l.returned_at IS NULL AND l.due_date IS NOT NULL AND l.due_date <= ? ORDER BY l.id`, horizon)
	if err != nil {
		return 0, err
	}
	type loanDue struct {
		loan, rec       int64
		title, emp, due string
	}
	var loans []loanDue
	for lrows.Next() {
		var l loanDue
		if err := lrows.Scan(&l.loan, &l.rec, &l.title, &l.emp, &l.due); err != nil {
			lrows.Close()
			return 0, err
		}
		loans = append(loans, l)
	}
	lrows.Close()
	if err := lrows.Err(); err != nil {
		return 0, err
	}
	for _, l := range loans {
		users, err := s.usersOf(ctx, l.emp)
		if err != nil {
			return 0, err
		}
		notices = append(notices, notice{
			ref: fmt.Sprintf("loan:%d:%s", l.loan, l.due), due: l.due, recipients: users, refType: TypeOf(TypeCAKey), refID: l.rec,
			title:   httpx.Say("lib.msg.loan.title", l.title, l.due),
			content: httpx.Say("lib.msg.loan.content", l.title, l.due),
		})
	}
	written := 0
	msgType := TypeOf(TypeMessage)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for _, n := range notices {
			seen := map[int64]bool{}
			for _, uid := range n.recipients {
				if seen[uid] {
					continue
				}
				seen[uid] = true
				var exists int
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record WHERE type = ? AND code = ? AND assignee_id = ?`, TypeMessage, n.ref, uid).Scan(&exists); err != nil {
					return err
				}
				if exists > 0 {
					continue
				}
				title, content := n.title.Render(httpx.LangZH), n.content.Render(httpx.LangZH)
				msgTitle, err := n.title.Encode()
				if err != nil {
					return err
				}
				msgContent, err := n.content.Encode()
				if err != nil {
					return err
				}
				data, _ := jsonMarshal(map[string]any{"content": content, "refType": n.refType.Key, "refId": n.refID, "refPath": n.refType.Path})
				if _, err := tx.Exec(ctx, `INSERT INTO lib_record (type, title, code, category, valid_to, assignee_id, status, state, search_text, data, msg_title, msg_content, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, TypeMessage, title, n.ref, KindOfCode(n.ref), n.due, uid, StatusPublished, StateUnread,
					strings.ToLower(title), string(data), msgTitle, msgContent, now, now); err != nil {
					return err
				}
				written++
			}
		}
		if written == 0 {
			return nil
		}
		return s.log(ctx, tx, audit.Change{Module: msgType.Code, Action: "generate", After: map[string]int{"created": written}})
	})
	return written, err
}

// usersOf returns the live accounts linked to an employee.
func (s *Service) usersOf(ctx context.Context, employee string) ([]int64, error) {
	if employee == "" {
		return nil, nil
	}
	return db.IDs(ctx, s.db, `SELECT id FROM sys_user WHERE employee_code = ? AND deleted_at IS NULL AND state = 1`, employee)
}

// MarkRead marks message to-dos addressed to the caller as read.
func (s *Service) MarkRead(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "library: mark read %v", ids)
	p := auth.PrincipalFrom(ctx)
	t := TypeOf(TypeMessage)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, id := range ids {
			cur, err := s.one(ctx, tx, t, p, id)
			if err != nil {
				return err
			}
			if v, _ := cur.cols[ColAssignee].(int64); v != p.UserID {
				return httpx.Fail("lib.not_yours")
			}
			if cur.State == StateRead {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE lib_record SET state = ?, updated_at = ? WHERE id = ?`, StateRead, s.now().UTC(), id); err != nil {
				return err
			}
			if err := s.log(ctx, tx, audit.Change{Module: t.Code, Action: ActRead, TargetID: id, Target: cur.Title(),
				Before: map[string]string{"state": cur.State}, After: map[string]string{"state": StateRead}}); err != nil {
				return err
			}
		}
		return nil
	})
}
