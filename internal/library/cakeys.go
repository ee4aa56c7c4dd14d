package library

import (
	"context"
	"database/sql"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Loan is one lending of a CA key.
type Loan struct {
	ID           int64      `json:"id"`
	RecordID     int64      `json:"recordId"`
	BorrowerCode string     `json:"borrowerCode"`
	BorrowerName string     `json:"borrowerName"`
	Purpose      string     `json:"purpose"`
	DueDate      string     `json:"dueDate"`
	LentBy       string     `json:"lentBy"`
	LentAt       time.Time  `json:"lentAt"`
	ReturnedBy   string     `json:"returnedBy"`
	ReturnedAt   *time.Time `json:"returnedAt"`
	ReturnRemark string     `json:"returnRemark"`
}

// LendForm is the lend dialog.
type LendForm struct {
	BorrowerCode, Purpose, DueDate string
}

// Limits of a loan's texts.
const (
	MaxPurpose = 200
	MaxRemark  = 200
)

const loanSelect = `l.id, l.record_id, l.borrower_code, l.borrower_name, l.purpose, l.due_date, COALESCE(lu.user_name, ''), l.lent_at,
	COALESCE(ru.user_name, ''), l.returned_at, l.return_remark`

const loanFrom = `lib_ca_loan l LEFT JOIN sys_user lu ON lu.id = l.lent_by LEFT JOIN sys_user ru ON ru.id = l.returned_by`

func scanLoan(row interface{ Scan(...any) error }) (Loan, error) {
	var l Loan
	var due sql.NullString
	var ret sql.NullTime
	err := row.Scan(&l.ID, &l.RecordID, &l.BorrowerCode, &l.BorrowerName, &l.Purpose, &due, &l.LentBy, &l.LentAt, &l.ReturnedBy, &ret, &l.ReturnRemark)
	l.DueDate, l.LentAt = due.String, l.LentAt.UTC()
	if ret.Valid {
		t := ret.Time.UTC()
		l.ReturnedAt = &t
	}
	return l, err
}

// Loans returns the lend/return history of a CA key the caller may see, newest first.
func (s *Service) Loans(ctx context.Context, t *Type, id int64) (_ []Loan, err error) {
	defer errs.Wrap(&err, "library: loans %d", id)
	if _, err := s.One(ctx, t, id); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT `+loanSelect+` FROM `+loanFrom+` WHERE l.record_id = ? ORDER BY l.id DESC`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Loan{}
	for rows.Next() {
		l, err := scanLoan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// keyFor reads a published CA key the caller may change, for lending or return.
func (s *Service) keyFor(ctx context.Context, tx *db.Tx, t *Type, p *auth.Principal, id int64) (*Record, error) {
	if !t.Loans {
		return nil, httpx.Fail("lib.no_loans")
	}
	cur, err := s.one(ctx, tx, t, p, id)
	if err != nil {
		return nil, err
	}
	if err := mayChange(t, p, cur); err != nil {
		return nil, err
	}
	if cur.Status != StatusPublished {
		return nil, httpx.Fail("lib.ca_not_published")
	}
	return cur, nil
}

// Lend lends a CA key in custody to an employee.
func (s *Service) Lend(ctx context.Context, t *Type, id int64, f LendForm) (err error) {
	defer errs.Wrap(&err, "library: lend %d", id)
	p := auth.PrincipalFrom(ctx)
	f.BorrowerCode, f.Purpose = strings.TrimSpace(f.BorrowerCode), strings.TrimSpace(f.Purpose)
	switch {
	case f.BorrowerCode == "":
		return httpx.Fail("lib.borrower_required")
	case utf8.RuneCountInString(f.Purpose) > MaxPurpose:
		return httpx.Fail("lib.purpose_too_long", MaxPurpose)
	}
	var due any
	if strings.TrimSpace(f.DueDate) != "" {
		d, err := parseDate(strings.TrimSpace(f.DueDate))
		if err != nil {
			return httpx.Fail("lib.field", httpx.Msg("lib.f.loanDue"), err)
		}
		// today in the server's zone, as the loan reminders read overdue
		if d < Today(s.now()).Format(dateLayout) {
			return httpx.Fail("lib.ca_due_past")
		}
		due = d
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := s.keyFor(ctx, tx, t, p, id)
		if err != nil {
			return err
		}
		if cur.State == StateLent {
			return httpx.Fail("lib.ca_already_lent")
		}
		// the borrower, like an employee a record names, is of a unit the caller sees
		if _, err := s.employeeUnit(ctx, tx, f.BorrowerCode); err != nil {
			return err
		}
		var name string
		if err := tx.QueryRow(ctx, `SELECT name FROM employee WHERE code = ?`, f.BorrowerCode).Scan(&name); err != nil {
			return err
		}
		now := s.now().UTC()
		loanID, err := tx.Insert(ctx, `INSERT INTO lib_ca_loan (record_id, borrower_code, borrower_name, purpose, due_date, lent_by, lent_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			id, f.BorrowerCode, name, f.Purpose, due, userArg(p), now)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lib_record SET state = ?, updated_at = ? WHERE id = ?`, StateLent, now, id); err != nil {
			return err
		}
		loan, err := scanLoan(tx.QueryRow(ctx, `SELECT `+loanSelect+` FROM `+loanFrom+` WHERE l.id = ?`, loanID))
		if err != nil {
			return err
		}
		return s.log(ctx, tx, audit.Change{Module: t.Code, Action: ActLend, TargetID: id, Target: cur.Title(),
			Before: map[string]string{"state": cur.State}, After: map[string]any{"state": StateLent, "loan": loan}})
	})
}

// Return takes a lent CA key back into custody.
func (s *Service) Return(ctx context.Context, t *Type, id int64, remark string) (err error) {
	defer errs.Wrap(&err, "library: return %d", id)
	p := auth.PrincipalFrom(ctx)
	remark = strings.TrimSpace(remark)
	if utf8.RuneCountInString(remark) > MaxRemark {
		return httpx.Fail("lib.remark_too_long", MaxRemark)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := s.keyFor(ctx, tx, t, p, id)
		if err != nil {
			return err
		}
		if cur.State != StateLent {
			return httpx.Fail("lib.ca_not_lent")
		}
		now := s.now().UTC()
		if _, err := tx.Exec(ctx, `UPDATE lib_ca_loan SET returned_by = ?, returned_at = ?, return_remark = ? WHERE record_id = ? AND returned_at IS NULL`,
			userArg(p), now, remark, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lib_record SET state = ?, updated_at = ? WHERE id = ?`, StateIn, now, id); err != nil {
			return err
		}
		return s.log(ctx, tx, audit.Change{Module: t.Code, Action: ActReturn, TargetID: id, Target: cur.Title(),
			Before: map[string]string{"state": StateLent}, After: map[string]string{"state": StateIn, "remark": remark}})
	})
}
