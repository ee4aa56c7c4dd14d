package training

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Certificate states; expired is derived (a valid certificate past its valid_until).
const (
	CertValid   = "valid"
	CertRevoked = "revoked"
	CertExpired = "expired"

	// ValidityMax is the longest validity of a certificate, in months.
	ValidityMax = 120
)

// Exams is what training needs of the exams (internal/exam, adapted by the app): the exam's name and whether a
// taker's best attempt passed it.
type Exams interface {
	// ExamName reads through q: the rule is read inside the transaction that closes a class and issues its certificates.
	ExamName(ctx context.Context, q db.Querier, examID int64) (string, error)
	Passed(ctx context.Context, q db.Querier, examID, userID int64) (bool, error)
	// ExamOptions are the exams a rule may name whose name holds keyword (every exam when ''), newest first, at
	// most ExamOptionsMax.
	ExamOptions(ctx context.Context, keyword string) ([]ExamOption, error)
}

// ExamOptionsMax bounds one answer of the exam picker.
const ExamOptionsMax = 30

// ExamOption is an exam a certificate rule may name, with what tells it apart in the picker: its state and dates.
type ExamOption struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	State    string    `json:"state" enum:"draft,upcoming,open,closed" doc:"draft (not published), or published and before, in or after its open period"`
	OpensAt  time.Time `json:"opensAt"`
	ClosesAt time.Time `json:"closesAt"`
}

// UseExams gives the service the exams (the rule's "exam passed").
func (s *Service) UseExams(x Exams) { s.exams = x }

// The dictionaries of certificate kinds and levels that the reward rules use (internal/reward): a rule's reward kind
// and level are values of them.
const (
	DictRewardKind  = "cert_kind"
	DictRewardLevel = "cert_level"
)

// Dicts tells whether a value is an item of a dictionary (adapted by the app).
type Dicts interface {
	Has(ctx context.Context, q db.Querier, code, value string) (bool, error)
}

// UseDicts gives the service the dictionaries (a rule's reward kind and level).
func (s *Service) UseDicts(d Dicts) { s.dicts = d }

// CertRule is what completes a class and so issues its certificate.
type CertRule struct {
	ClassID         int64  `json:"classId" param:"classId,required"`
	Enabled         bool   `json:"enabled" param:"enabled" doc:"off: closing the class issues nothing"`
	MinAttendance   int    `json:"minAttendance" param:"minAttendance" doc:"percent of the class's sessions attended (present or late), 0-100"`
	NeedsEvaluation bool   `json:"needsEvaluation" param:"needsEvaluation" doc:"an evaluation of the class or of one of its sessions given"`
	ExamID          int64  `json:"examId" param:"examId" doc:"0: no exam; else the taker's best attempt passed it"`
	ExamName        string `json:"examName"`
	ValidityMonths  int    `json:"validityMonths" param:"validityMonths" doc:"0: no end"`
	RewardKind      string `json:"rewardKind" param:"rewardKind" doc:"the reward kind its certificates count as (dictionary cert_kind); '': none, they cannot be claimed"`
	RewardLevel     string `json:"rewardLevel" param:"rewardLevel" doc:"the reward level (dictionary cert_level); set together with rewardKind"`
}

// Certificate is an issued certificate.
type Certificate struct {
	ID           int64      `json:"id"`
	Serial       string     `json:"serial"`
	ClassID      int64      `json:"classId"`
	UserID       int64      `json:"userId"`
	HolderName   string     `json:"holderName"`
	EmployeeCode string     `json:"employeeCode"`
	Title        string     `json:"title" doc:"the class's name at issue"`
	IssuedOn     string     `json:"issuedOn"`
	ValidUntil   string     `json:"validUntil" doc:"'': no end"`
	State        string     `json:"state" enum:"valid,revoked,expired"`
	Manual       bool       `json:"manual" doc:"issued by hand, not by the rule at the class's close"`
	RevokeReason string     `json:"revokeReason"`
	RevokedAt    *time.Time `json:"revokedAt"`
}

// Candidate is a seated trainee of a class against the class's rule, with their certificate if any.
type Candidate struct {
	UserID      int64        `json:"userId"`
	LoginCode   string       `json:"loginCode"`
	UserName    string       `json:"userName"`
	UnitLabel   string       `json:"unitLabel"`
	Attended    int          `json:"attended"`
	Sessions    int          `json:"sessions"`
	Attendance  int          `json:"attendance" doc:"percent"`
	Evaluated   bool         `json:"evaluated"`
	ExamPassed  bool         `json:"examPassed"`
	Meets       bool         `json:"meets" doc:"meets the class's rule"`
	Certificate *Certificate `json:"certificate"`
}

// Verification is what the public verification page shows: whether the certificate is valid, its class and the
// holder's masked name; nothing else of the holder.
type Verification struct {
	Serial     string `json:"serial"`
	Found      bool   `json:"found"`
	State      string `json:"state" enum:"valid,revoked,expired,"`
	Title      string `json:"title"`
	Holder     string `json:"holder" doc:"masked: the first character, the rest as *"`
	ValidUntil string `json:"validUntil"`
}

// MaskName keeps a name's first character and writes every other as * (张三 → 张*, 欧阳修 → 欧**, Anna → A***).
func MaskName(name string) string {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	if n == 0 {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(name)
	if n == 1 {
		return "*"
	}
	return string(r) + strings.Repeat("*", n-1)
}

// CertRuleOf is a class's rule (the default, off, when none is saved).
func (s *Service) CertRuleOf(ctx context.Context, q db.Querier, classID int64) (CertRule, error) {
	r := CertRule{ClassID: classID}
	var enabled, eval int
	var exam sql.NullInt64
	err := q.QueryRow(ctx, `SELECT enabled, min_attendance, needs_evaluation, exam_id, validity_months, reward_kind, reward_level
		FROM training_cert_rule WHERE class_id = ?`, classID).Scan(&enabled, &r.MinAttendance, &eval, &exam, &r.ValidityMonths, &r.RewardKind, &r.RewardLevel)
	if db.IsNoRows(err) {
		return r, nil
	} else if err != nil {
		return r, err
	}
	r.Enabled, r.NeedsEvaluation, r.ExamID = enabled == 1, eval == 1, exam.Int64
	if r.ExamID != 0 && s.exams != nil {
		if r.ExamName, err = s.exams.ExamName(ctx, q, r.ExamID); err != nil {
			return r, err
		}
	}
	return r, nil
}

// SaveCertRule writes a class's rule: attendance 0 to 100 %, validity 0 to 120 months, an exam that exists, a
// reward kind and level both values of their dictionaries or both none.
func (s *Service) SaveCertRule(ctx context.Context, in CertRule) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	in.RewardKind, in.RewardLevel = strings.TrimSpace(in.RewardKind), strings.TrimSpace(in.RewardLevel)
	if (in.RewardKind == "") != (in.RewardLevel == "") {
		return httpx.Fail("training.cert_reward_pair")
	}
	if in.MinAttendance < 0 || in.MinAttendance > 100 {
		return httpx.Fail("training.cert_attendance")
	}
	if in.ValidityMonths < 0 || in.ValidityMonths > ValidityMax {
		return httpx.Fail("training.cert_validity", ValidityMax)
	}
	if in.ExamID != 0 {
		if s.exams == nil {
			return httpx.Fail("training.cert_exam_not_found")
		}
		if _, err := s.exams.ExamName(ctx, s.db, in.ExamID); err != nil {
			return err
		}
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := s.classFor(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		if in.RewardKind != "" {
			for _, d := range []struct{ code, value, field string }{{DictRewardKind, in.RewardKind, "training.cert_reward_kind"},
				{DictRewardLevel, in.RewardLevel, "training.cert_reward_level"}} {
				ok := false
				if s.dicts != nil {
					if ok, err = s.dicts.Has(ctx, tx, d.code, d.value); err != nil {
						return err
					}
				}
				if !ok {
					return httpx.Fail("training.cert_reward_dict", httpx.Msg(d.field))
				}
			}
		}
		before, err := s.CertRuleOf(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		var exam any
		if in.ExamID != 0 {
			exam = in.ExamID
		}
		now := s.now().UTC()
		if _, err := tx.Exec(ctx, `DELETE FROM training_cert_rule WHERE class_id = ?`, in.ClassID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO training_cert_rule (class_id, enabled, min_attendance, needs_evaluation, exam_id, validity_months,
			reward_kind, reward_level, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.ClassID, db.Flag(in.Enabled), in.MinAttendance,
			db.Flag(in.NeedsEvaluation), exam, in.ValidityMonths, in.RewardKind, in.RewardLevel, p.UserID, now); err != nil {
			return err
		}
		before.ExamName, in.ExamName = "", ""
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: audit.Update, TargetID: in.ClassID, Target: c.Name, Before: before, After: in})
	})
	if err != nil {
		return fmt.Errorf("training: certificate rule of class %d: %w", in.ClassID, err)
	}
	return nil
}

const certSelect = `t.id, t.serial, t.class_id, t.user_id, t.holder_name, t.employee_code, t.title, t.issued_on, t.valid_until, t.state, t.manual,
	t.revoke_reason, t.revoked_at`

// scanCert reads the columns of certSelect, then extra.
func (s *Service) scanCert(r db.Row, extra ...any) (Certificate, error) {
	var c Certificate
	var manual int
	var at sql.NullTime
	dest := append([]any{&c.ID, &c.Serial, &c.ClassID, &c.UserID, &c.HolderName, &c.EmployeeCode, &c.Title, &c.IssuedOn, &c.ValidUntil, &c.State,
		&manual, &c.RevokeReason, &at}, extra...)
	if err := r.Scan(dest...); err != nil {
		return c, err
	}
	c.Manual = manual == 1
	if at.Valid {
		t := at.Time.UTC()
		c.RevokedAt = &t
	}
	if c.State == CertValid && c.ValidUntil != "" && c.ValidUntil < s.now().In(time.Local).Format(day) {
		c.State = CertExpired
	}
	return c, nil
}

func (s *Service) certs(ctx context.Context, q db.Querier, where string, args ...any) ([]Certificate, error) {
	out := []Certificate{}
	err := db.EachRow(ctx, q, `SELECT `+certSelect+` FROM training_certificate t WHERE `+where+` ORDER BY t.id DESC`, args, func(r db.Row) error {
		c, err := s.scanCert(r)
		out = append(out, c)
		return err
	})
	return out, err
}

// Candidates are a class's seated trainees against its rule, each with their live (or last) certificate.
func (s *Service) Candidates(ctx context.Context, classID int64) ([]Candidate, error) {
	out, err := s.candidates(ctx, s.db, classID)
	if err != nil {
		return nil, fmt.Errorf("training: candidates of class %d: %w", classID, err)
	}
	return out, nil
}

func (s *Service) candidates(ctx context.Context, q db.Querier, classID int64) ([]Candidate, error) {
	if _, err := s.classFor(ctx, q, classID); err != nil {
		return nil, err
	}
	rule, err := s.CertRuleOf(ctx, q, classID)
	if err != nil {
		return nil, err
	}
	var sessions int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM training_session WHERE class_id = ?`, classID).Scan(&sessions); err != nil {
		return nil, err
	}
	out := []Candidate{}
	err = db.EachRow(ctx, q, `SELECT u.id, u.login_code, u.user_name, COALESCE(NULLIF(un.unit_label, ''), un.unit_name, ''),
		(SELECT COUNT(*) FROM training_signin g JOIN training_session x ON x.id = g.session_id WHERE x.class_id = e.class_id AND g.user_id = e.user_id
			AND g.state IN ('present', 'late')),
		(SELECT COUNT(*) FROM training_evaluation v WHERE v.class_id = e.class_id AND v.user_id = e.user_id)
		FROM training_enrolment e JOIN sys_user u ON u.id = e.user_id LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code
		WHERE e.class_id = ? AND e.state = 'enrolled' ORDER BY u.login_code`, []any{classID}, func(r db.Row) error {
		c := Candidate{Sessions: sessions}
		var evals int
		if err := r.Scan(&c.UserID, &c.LoginCode, &c.UserName, &c.UnitLabel, &c.Attended, &evals); err != nil {
			return err
		}
		if sessions > 0 {
			c.Attendance = int(math.Floor(float64(c.Attended) * 100 / float64(sessions)))
		}
		c.Evaluated = evals > 0
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	certs, err := s.certs(ctx, q, "t.class_id = ?", classID)
	if err != nil {
		return nil, err
	}
	for i := range out {
		c := &out[i]
		if rule.ExamID != 0 && s.exams != nil {
			if c.ExamPassed, err = s.exams.Passed(ctx, q, rule.ExamID, c.UserID); err != nil {
				return nil, err
			}
		}
		c.Meets = rule.Enabled && sessions > 0 && c.Attendance >= rule.MinAttendance && (!rule.NeedsEvaluation || c.Evaluated) &&
			(rule.ExamID == 0 || c.ExamPassed)
		for j := range certs { // newest first: a live one wins over a revoked one
			if certs[j].UserID == c.UserID && (c.Certificate == nil || (c.Certificate.State == CertRevoked && certs[j].State != CertRevoked)) {
				c.Certificate = &certs[j]
			}
		}
	}
	return out, nil
}

// issue writes a certificate of classID to userID inside tx, the class's lock held; nil when the holder has a live
// one already (an expired one counts as live: it is renewed by revoking it first).
func (s *Service) issue(ctx context.Context, tx *db.Tx, classID int64, className string, userID int64, validity int, manual bool, by any) (*Certificate, error) {
	var name, code string
	if err := tx.QueryRow(ctx, `SELECT user_name, COALESCE(employee_code, '') FROM sys_user WHERE id = ?`, userID).Scan(&name, &code); err != nil {
		return nil, err
	}
	now := s.now()
	c := Certificate{ClassID: classID, UserID: userID, HolderName: name, EmployeeCode: code, Title: className, IssuedOn: now.In(time.Local).Format(day),
		State: CertValid, Manual: manual}
	if validity > 0 {
		c.ValidUntil = now.In(time.Local).AddDate(0, validity, 0).Format(day)
	}
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	var live int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM training_certificate WHERE class_id = ? AND user_id = ? AND state = 'valid'`, classID, userID).
		Scan(&live); err != nil {
		return nil, err
	}
	if live > 0 {
		return nil, nil
	}
	id, err := tx.Insert(ctx, `INSERT INTO training_certificate (serial, class_id, user_id, holder_name, employee_code, title, issued_on, valid_until,
		state, manual, issued_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'valid', ?, ?, ?)`, "tmp-"+hex.EncodeToString(b), classID, userID, name,
		code, className, c.IssuedOn, c.ValidUntil, db.Flag(manual), by, now.UTC())
	if err != nil {
		return nil, err
	}
	c.ID = id
	c.Serial = fmt.Sprintf("BD-%d-%06d", now.In(time.Local).Year(), id)
	if _, err := tx.Exec(ctx, `UPDATE training_certificate SET serial = ? WHERE id = ?`, c.Serial, id); err != nil {
		return nil, err
	}
	return &c, nil
}

// issueOnClose issues the certificates of a class being closed to every seated trainee who meets its rule (an
// enabled rule) and holds no live certificate of it.
func (s *Service) issueOnClose(ctx context.Context, tx *db.Tx, classID int64, className string) (int, error) {
	rule, err := s.CertRuleOf(ctx, tx, classID)
	if err != nil || !rule.Enabled {
		return 0, err
	}
	cands, err := s.candidates(ctx, tx, classID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cands {
		if !c.Meets || (c.Certificate != nil && c.Certificate.State != CertRevoked) {
			continue
		}
		got, err := s.issue(ctx, tx, classID, className, c.UserID, rule.ValidityMonths, false, nil)
		if err != nil {
			return n, err
		}
		if got != nil {
			n++
			if err := s.record(ctx, tx, audit.Change{Module: FunClass, Action: "issue", TargetID: got.ID, Target: className + " / " + c.UserName,
				After: map[string]any{"serial": got.Serial, "userId": c.UserID, "by": "rule"}}); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// IssueIn names the trainees an administrator issues a class's certificate to by hand.
type IssueIn struct {
	ClassID int64   `param:"classId,required"`
	UserIDs []int64 `param:"userIds,required"`
}

// Issued answers a manual issue: the certificates written, and how many already had a live one.
type Issued struct {
	Issued  []Certificate `json:"issued"`
	Skipped int           `json:"skipped" doc:"trainees who hold a live certificate of the class already"`
}

// Issue issues a class's certificate by hand to seated trainees (whether they meet the rule or not: the
// administrator decides), in the business log; a trainee with a live certificate is skipped.
func (s *Service) Issue(ctx context.Context, in IssueIn) (Issued, error) {
	p, err := principal(ctx)
	if err != nil {
		return Issued{}, err
	}
	ids := compact(in.UserIDs)
	if len(ids) == 0 {
		return Issued{}, httpx.Fail("training.cert_nobody")
	}
	out := Issued{Issued: []Certificate{}}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(in.ClassID, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		if c.State == StateDraft {
			return httpx.Fail("training.cert_draft", c.Name)
		}
		rule, err := s.CertRuleOf(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		for _, uid := range ids {
			var name, st string
			err := tx.QueryRow(ctx, `SELECT u.user_name, e.state FROM training_enrolment e JOIN sys_user u ON u.id = e.user_id WHERE e.class_id = ? AND e.user_id = ?`,
				in.ClassID, uid).Scan(&name, &st)
			if db.IsNoRows(err) || (err == nil && st != EnrolEnrolled) {
				return httpx.Fail("training.not_student")
			} else if err != nil {
				return err
			}
			got, err := s.issue(ctx, tx, in.ClassID, c.Name, uid, rule.ValidityMonths, true, p.UserID)
			if err != nil {
				return err
			}
			if got == nil {
				out.Skipped++
				continue
			}
			out.Issued = append(out.Issued, *got)
			if err := s.record(ctx, tx, audit.Change{Module: FunClass, Action: "issue", TargetID: got.ID, Target: c.Name + " / " + name,
				After: map[string]any{"serial": got.Serial, "userId": uid, "by": "manual"}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Issued{}, fmt.Errorf("training: issue certificates of class %d: %w", in.ClassID, err)
	}
	return out, nil
}

// RevokeIn revokes a certificate with a reason.
type RevokeIn struct {
	ID     int64  `param:"id,required"`
	Reason string `param:"reason,required"`
}

// Revoke revokes a valid certificate with a reason, in the business log; the verification page then says revoked.
func (s *Service) Revoke(ctx context.Context, in RevokeIn) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	reason, err := text(in.Reason, "training.f.reason", ReasonMax, true)
	if err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		list, err := s.certs(ctx, tx, "t.id = ?", in.ID)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return httpx.Fail("training.cert_not_found")
		}
		c := list[0]
		if c.State == CertRevoked {
			return httpx.Fail("training.cert_revoked_already", c.Serial)
		}
		now := s.now().UTC()
		if _, err := tx.Exec(ctx, `UPDATE training_certificate SET state = 'revoked', revoke_reason = ?, revoked_at = ?, revoked_by = ? WHERE id = ?`,
			reason, now, p.UserID, in.ID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunClass, Action: "revoke", TargetID: in.ID, Target: c.Serial + " / " + c.HolderName,
			Before: map[string]any{"state": c.State}, After: map[string]any{"state": CertRevoked, "reason": reason}})
	})
	if err != nil {
		return fmt.Errorf("training: revoke certificate %d: %w", in.ID, err)
	}
	return nil
}

// MyCertificates are the caller's certificates, newest first.
func (s *Service) MyCertificates(ctx context.Context, userID int64) ([]Certificate, error) {
	out, err := s.certs(ctx, s.db, "t.user_id = ?", userID)
	if err != nil {
		return nil, fmt.Errorf("training: certificates of user %d: %w", userID, err)
	}
	return out, nil
}

// CertificatesOfEmployee are the live certificates of an employee (by employee code), for the employee's qualifications.
func (s *Service) CertificatesOfEmployee(ctx context.Context, employeeCode string) ([]Certificate, error) {
	out, err := s.certs(ctx, s.db, "t.employee_code = ? AND t.employee_code <> '' AND t.state = 'valid'", employeeCode)
	if err != nil {
		return nil, fmt.Errorf("training: certificates of employee %s: %w", employeeCode, err)
	}
	return slices.DeleteFunc(out, func(c Certificate) bool { return c.State != CertValid }), nil
}

// RewardCert is a certificate with the reward kind and level its class's rule names (” none), for the rewards
// (internal/reward through the app): a training certificate is bid material like a qualification of the library.
type RewardCert struct {
	Certificate
	RewardKind, RewardLevel string
}

func (s *Service) rewardCerts(ctx context.Context, q db.Querier, where string, args ...any) ([]RewardCert, error) {
	out := []RewardCert{}
	err := db.EachRow(ctx, q, `SELECT `+certSelect+`, COALESCE(r.reward_kind, ''), COALESCE(r.reward_level, '')
		FROM training_certificate t LEFT JOIN training_cert_rule r ON r.class_id = t.class_id WHERE `+where+` ORDER BY t.id DESC`, args,
		func(row db.Row) error {
			var c RewardCert
			var err error
			c.Certificate, err = s.scanCert(row, &c.RewardKind, &c.RewardLevel)
			out = append(out, c)
			return err
		})
	return out, err
}

// CertificatesForReward are the live certificates (valid, not expired) held by the account or, when employeeCode is
// not empty, issued to that employee, with their reward kind and level.
func (s *Service) CertificatesForReward(ctx context.Context, userID int64, employeeCode string) ([]RewardCert, error) {
	out, err := s.rewardCerts(ctx, s.db, "t.state = 'valid' AND (t.user_id = ? OR (t.employee_code = ? AND t.employee_code <> ''))", userID, employeeCode)
	if err != nil {
		return nil, fmt.Errorf("training: certificates for rewards of user %d: %w", userID, err)
	}
	return slices.DeleteFunc(out, func(c RewardCert) bool { return c.State != CertValid }), nil
}

// CertificateForReward is one certificate whatever its state, with its reward kind and level; nil when none.
func (s *Service) CertificateForReward(ctx context.Context, q db.Querier, id int64) (*RewardCert, error) {
	list, err := s.rewardCerts(ctx, q, "t.id = ?", id)
	if err != nil {
		return nil, fmt.Errorf("training: certificate %d for rewards: %w", id, err)
	}
	if len(list) == 0 {
		return nil, nil
	}
	return &list[0], nil
}

// Certificate is one certificate by id.
func (s *Service) Certificate(ctx context.Context, id int64) (Certificate, error) {
	list, err := s.certs(ctx, s.db, "t.id = ?", id)
	if err != nil {
		return Certificate{}, fmt.Errorf("training: certificate %d: %w", id, err)
	}
	if len(list) == 0 {
		return Certificate{}, httpx.Fail("training.cert_not_found")
	}
	return list[0], nil
}

// serialOK: BD-, a year, a dash, digits; anything else is not looked up.
func serialOK(v string) bool {
	parts := strings.Split(v, "-")
	if len(parts) != 3 || parts[0] != "BD" || len(parts[1]) != 4 || len(parts[2]) < 6 || len(parts[2]) > 12 {
		return false
	}
	for _, p := range parts[1:] {
		if _, err := strconv.ParseUint(p, 10, 64); err != nil {
			return false
		}
	}
	return true
}

// Verify answers the public verification page: found or not; if found the state (valid, revoked, expired), the
// class and the holder's masked name. Nothing else of the holder.
func (s *Service) Verify(ctx context.Context, serial string) (Verification, error) {
	serial = strings.ToUpper(strings.TrimSpace(serial))
	v := Verification{Serial: serial}
	if !serialOK(serial) {
		return v, nil
	}
	list, err := s.certs(ctx, s.db, "t.serial = ?", serial)
	if err != nil {
		return v, fmt.Errorf("training: verify %s: %w", serial, err)
	}
	if len(list) == 0 {
		return v, nil
	}
	c := list[0]
	v.Found, v.State, v.Title, v.Holder, v.ValidUntil = true, c.State, c.Title, MaskName(c.HolderName), c.ValidUntil
	return v, nil
}
