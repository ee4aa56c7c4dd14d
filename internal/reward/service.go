package reward

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/validate"
)

// Service holds the rules of certificate rewards.
type Service struct {
	db     *db.DB
	scope  Scope
	lib    Library
	notify Notifier
	files  Files
	dicts  Dicts
	// training: the training certificates (nil: none can be claimed)
	training Training
	now      func() time.Time
	// quiet: the demo's writes tell nobody and leave no business-log line (the applications show their state)
	quiet bool
}

// NewService wires the service to what it needs of the other areas.
func NewService(d *db.DB, scope Scope, lib Library, notify Notifier, files Files, dicts Dicts) *Service {
	return &Service{db: d, scope: scope, lib: lib, notify: notify, files: files, dicts: dicts, now: time.Now}
}

// UseTraining gives the service the training certificates, claimable like the library's qualifications.
func (s *Service) UseTraining(t Training) { s.training = t }

func principal(ctx context.Context) (*auth.Principal, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return nil, httpx.ErrTokenInvalid
	}
	return p, nil
}

const day = "2006-01-02"

func (s *Service) today() string { return s.now().In(time.Local).Format(day) }

// parseDay reads a date of the field (a label: httpx.Msg) as validate.Date does: a day that exists, of a sane year.
func parseDay(field httpx.Msg, v string) (time.Time, error) {
	t, err := validate.Date(v)
	var he *httpx.Error
	switch {
	case err == nil:
		return t, nil
	case errors.As(err, &he) && he.Key == "validate.date_format":
		return t, httpx.Fail("reward.date_bad", field)
	}
	return t, httpx.Fail("reward.field", field, err)
}

/* ---------- rules ---------- */

// RuleIn is a new version of a rule (POST /api/reward/rule/add).
type RuleIn struct {
	CertKind  string `param:"certKind,required"`
	CertLevel string `param:"certLevel,required"`
	Amount    string `param:"amount,required"`
	WonAmount string `param:"wonAmount"`
	YearlyCap string `param:"yearlyCap"`
	ValidFrom string `param:"validFrom,required"`
	ValidTo   string `param:"validTo"`
	Remark    string `param:"remark"`
}

type ruleRow struct {
	ID                        int64
	Version                   int
	AmountCents, WonCents     int64
	CapCents                  int64
	ValidFrom                 string
	ValidTo                   sql.NullString
	CertKind, CertLevel, Note string
}

func (s *Service) checkDict(ctx context.Context, q db.Querier, code, value string, field httpx.Msg) error {
	ok, err := s.dicts.Has(ctx, q, code, value)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.Fail("reward.dict_bad", field)
	}
	return nil
}

// AddRule writes a new version of the rule of a kind and level, in force from ValidFrom; the version before it
// ends the day before. A version may not start on or before the start of the current one.
func (s *Service) AddRule(ctx context.Context, in RuleIn) (_ int64, err error) {
	defer errs.Wrap(&err, "reward: add rule")
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	amount, err := ParseCents(httpx.Msg("reward.f.amount"), in.Amount)
	if err != nil {
		return 0, err
	}
	var won, capc int64
	if in.WonAmount != "" {
		if won, err = ParseCents(httpx.Msg("reward.f.wonAmount"), in.WonAmount); err != nil {
			return 0, err
		}
	}
	if in.YearlyCap != "" {
		if capc, err = ParseCents(httpx.Msg("reward.f.yearlyCap"), in.YearlyCap); err != nil {
			return 0, err
		}
	}
	from, err := parseDay(httpx.Msg("reward.f.validFrom"), in.ValidFrom)
	if err != nil {
		return 0, err
	}
	var to any
	if strings.TrimSpace(in.ValidTo) != "" {
		t, err := parseDay(httpx.Msg("reward.f.validTo"), in.ValidTo)
		if err != nil {
			return 0, err
		}
		if t.Before(from) {
			return 0, httpx.Fail("reward.period_bad")
		}
		to = t.Format(day)
	}
	if utf8.RuneCountInString(in.Remark) > RemarkMax {
		return 0, httpx.Fail("reward.remark_long", RemarkMax)
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockRule, ruleKey(in.CertKind, in.CertLevel)); err != nil {
			return err
		}
		if err := s.checkDict(ctx, tx, DictKind, in.CertKind, httpx.Msg("reward.f.certKind")); err != nil {
			return err
		}
		if err := s.checkDict(ctx, tx, DictLevel, in.CertLevel, httpx.Msg("reward.f.certLevel")); err != nil {
			return err
		}
		var cur ruleRow
		err := tx.QueryRow(ctx, `SELECT id, version, valid_from, valid_to FROM reward_rule WHERE cert_kind = ? AND cert_level = ? AND deleted_at IS NULL
			ORDER BY version DESC LIMIT 1`, in.CertKind, in.CertLevel).Scan(&cur.ID, &cur.Version, &cur.ValidFrom, &cur.ValidTo)
		version := 1
		switch {
		case db.IsNoRows(err):
		case err != nil:
			return err
		default:
			if from.Format(day) <= cur.ValidFrom {
				return httpx.Fail("reward.version_start", cur.ValidFrom)
			}
			end := from.AddDate(0, 0, -1).Format(day)
			if !cur.ValidTo.Valid || cur.ValidTo.String > end {
				if _, err := tx.Exec(ctx, `UPDATE reward_rule SET valid_to = ? WHERE id = ?`, end, cur.ID); err != nil {
					return err
				}
			}
			var used int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM reward_application WHERE rule_id = ? AND bid_date >= ?`, cur.ID, from.Format(day)).Scan(&used); err != nil {
				return err
			}
			if used > 0 {
				return httpx.Fail("reward.version_paid")
			}
			version = cur.Version + 1
		}
		id, err = tx.Insert(ctx, `INSERT INTO reward_rule (cert_kind, cert_level, version, amount_cents, won_cents, yearly_cap_cents, valid_from, valid_to,
			remark, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.CertKind, in.CertLevel, version, amount, won, capc,
			from.Format(day), to, in.Remark, p.UserID, s.now().UTC())
		if err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunSetting, Action: audit.Create, TargetID: id,
			Target: fmt.Sprintf("%s/%s v%d", in.CertKind, in.CertLevel, version),
			After: map[string]any{"certKind": in.CertKind, "certLevel": in.CertLevel, "version": version, "amount": Yuan(amount), "wonAmount": Yuan(won),
				"yearlyCap": Yuan(capc), "validFrom": from.Format(day), "validTo": to}})
	})
	return id, err
}

// DeleteRule removes the latest version of a rule that no application was paid by; the version before it takes
// its end again.
func (s *Service) DeleteRule(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "reward: delete rule %d", id)
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var kind, level string
		err := tx.QueryRow(ctx, `SELECT cert_kind, cert_level FROM reward_rule WHERE id = ?`, id).Scan(&kind, &level)
		if db.IsNoRows(err) {
			return httpx.Fail("reward.rule_not_found")
		} else if err != nil {
			return err
		}
		if err := tx.Lock(ctx, lockRule, ruleKey(kind, level)); err != nil {
			return err
		}
		var r ruleRow
		err = tx.QueryRow(ctx, `SELECT id, version, cert_kind, cert_level, valid_from, valid_to FROM reward_rule WHERE id = ? AND deleted_at IS NULL`, id).
			Scan(&r.ID, &r.Version, &r.CertKind, &r.CertLevel, &r.ValidFrom, &r.ValidTo)
		if db.IsNoRows(err) {
			return httpx.Fail("reward.rule_not_found")
		} else if err != nil {
			return err
		}
		var later, used int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM reward_rule WHERE cert_kind = ? AND cert_level = ? AND version > ? AND deleted_at IS NULL`,
			r.CertKind, r.CertLevel, r.Version).Scan(&later); err != nil {
			return err
		}
		if later > 0 {
			return httpx.Fail("reward.rule_not_latest")
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM reward_application WHERE rule_id = ?`, id).Scan(&used); err != nil {
			return err
		}
		if used > 0 {
			return httpx.Fail("reward.rule_used")
		}
		if _, err := tx.Exec(ctx, `UPDATE reward_rule SET deleted_by = ?, deleted_at = ? WHERE id = ?`, p.UserID, s.now().UTC(), id); err != nil {
			return err
		}
		var to any
		if r.ValidTo.Valid {
			to = r.ValidTo.String
		}
		if _, err := tx.Exec(ctx, `UPDATE reward_rule SET valid_to = ? WHERE cert_kind = ? AND cert_level = ? AND version = ? AND deleted_at IS NULL`,
			to, r.CertKind, r.CertLevel, r.Version-1); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunSetting, Action: audit.Delete, TargetID: id,
			Target: fmt.Sprintf("%s/%s v%d", r.CertKind, r.CertLevel, r.Version)})
	})
}

// ruleFor is the version in force on the bid date for the kind and level.
func ruleFor(ctx context.Context, q db.Querier, kind, level, bidDate string) (*ruleRow, error) {
	var r ruleRow
	err := q.QueryRow(ctx, `SELECT id, version, amount_cents, won_cents, yearly_cap_cents, valid_from, valid_to FROM reward_rule
		WHERE cert_kind = ? AND cert_level = ? AND deleted_at IS NULL AND valid_from <= ? AND (valid_to IS NULL OR valid_to >= ?)
		ORDER BY version DESC LIMIT 1`, kind, level, bidDate, bidDate).Scan(&r.ID, &r.Version, &r.AmountCents, &r.WonCents, &r.CapCents, &r.ValidFrom, &r.ValidTo)
	if db.IsNoRows(err) {
		return nil, httpx.Fail("reward.no_rule", bidDate)
	}
	return &r, err
}

/* ---------- settings ---------- */

// Settings are the approval settings.
type Settings struct {
	Levels int `json:"levels" param:"levels,required"`
}

// Settings reads the approval settings.
func (s *Service) Settings(ctx context.Context, q db.Querier) (_ Settings, err error) {
	defer errs.Wrap(&err, "reward: settings")
	var v string
	err = q.QueryRow(ctx, `SELECT setting_value FROM reward_setting WHERE setting_key = 'levels'`).Scan(&v)
	if db.IsNoRows(err) {
		return Settings{Levels: 2}, nil
	}
	n, _ := strconv.Atoi(v)
	if n != 1 {
		n = 2
	}
	return Settings{Levels: n}, err
}

// SaveSettings changes the number of approval levels; applications under way keep their state.
func (s *Service) SaveSettings(ctx context.Context, in Settings) (err error) {
	defer errs.Wrap(&err, "reward: save settings")
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if in.Levels != 1 && in.Levels != 2 {
		return httpx.Fail("reward.levels_bad")
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.Settings(ctx, tx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE reward_setting SET setting_value = ?, updated_by = ?, updated_at = ? WHERE setting_key = 'levels'`,
			strconv.Itoa(in.Levels), p.UserID, s.now().UTC()); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunSetting, Action: audit.Update, Target: "levels", Before: before, After: in})
	})
}

/* ---------- applications ---------- */

// ApplyIn is an application (POST /api/portal/reward/apply). The certificate's kind and level come from the
// library (classify); CertKind and CertLevel may be left out, and are refused when they differ from it. The bid
// date and result come from the tender when it records them: BidDate may then be left out and is refused when it
// differs, Won is then the tender's (result win); a tender without a bid date takes BidDate, without a result Won.
type ApplyIn struct {
	CertKind   string  `param:"certKind"`
	CertLevel  string  `param:"certLevel"`
	ExpertID   int64   `param:"expertId" doc:"with certNumber: a qualification of the library"`
	CertNumber string  `param:"certNumber"`
	TrainingID int64   `param:"trainingCertId" doc:"or a training certificate of the caller's (its kind and level are its class's)"`
	TenderID   int64   `param:"tenderId,required"`
	BidDate    string  `param:"bidDate"`
	Won        bool    `param:"won"`
	Remark     string  `param:"remark"`
	FileIDs    []int64 `param:"fileIds"`
}

// sameLine tells whether two units are one, or one is above the other (codes are nested).
func sameLine(a, b string) bool {
	return a != "" && b != "" && (strings.HasPrefix(a, b) || strings.HasPrefix(b, a))
}

// Apply records the caller's application: their own certificate (a qualification of the published expert who is
// their employee), a published tender of their unit's line, its bid date (not in the future, a rule in force on it)
// and result.
func (s *Service) Apply(ctx context.Context, in ApplyIn) (_ int64, err error) {
	defer errs.Wrap(&err, "reward: apply")
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	if utf8.RuneCountInString(in.Remark) > RemarkMax {
		return 0, httpx.Fail("reward.remark_long", RemarkMax)
	}
	if len(in.FileIDs) > 10 {
		return 0, httpx.Fail("reward.files_too_many", 10)
	}
	var employee, unit string
	if err := s.db.QueryRow(ctx, `SELECT employee_code, unit_code FROM sys_user WHERE id = ?`, p.UserID).Scan(&employee, &unit); err != nil {
		return 0, err
	}
	cert, err := s.claim(ctx, p.UserID, employee, in.ExpertID, in.CertNumber, in.TrainingID)
	if err != nil {
		return 0, err
	}
	tender, err := s.lib.Tender(ctx, p, in.TenderID)
	if err != nil {
		return 0, err
	}
	if tender == nil {
		return 0, httpx.Fail("reward.tender_not_found")
	}
	if !sameLine(tender.UnitCode, unit) {
		return 0, httpx.Fail("reward.tender_other_unit")
	}
	given := strings.TrimSpace(in.BidDate)
	if tender.BidDate != "" {
		if given != "" && given != tender.BidDate {
			return 0, httpx.Fail("reward.bid_date_mismatch", tender.Title, tender.BidDate)
		}
		given = tender.BidDate
	} else if given == "" {
		return 0, httpx.Fail("reward.bid_date_required")
	}
	bid, err := parseDay(httpx.Msg("reward.f.bidDate"), given)
	if err != nil {
		return 0, err
	}
	if bid.Format(day) > s.today() {
		return 0, httpx.Fail("reward.bid_future")
	}
	if tender.Result != "" {
		in.Won = tender.Result == ResultWon
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		class, err := s.classOf(ctx, tx, cert)
		if err != nil {
			return err
		}
		if kind, level := strings.TrimSpace(in.CertKind), strings.TrimSpace(in.CertLevel); kind != "" && kind != class.Kind || level != "" && level != class.Level {
			return httpx.Fail("reward.cert_class_mismatch", cert.Name, class.KindLabel, class.LevelLabel)
		}
		if _, err := ruleFor(ctx, tx, class.Kind, class.Level, bid.Format(day)); err != nil {
			return err
		}
		// one claim of a certificate for a tender: the check and the insert are one decision
		if err := tx.Lock(ctx, lockClaim, claimKey(cert.Number, in.TenderID)); err != nil {
			return err
		}
		var dup int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM reward_application WHERE cert_number = ? AND tender_id = ? AND state <> ?`,
			cert.Number, in.TenderID, StateRejected).Scan(&dup); err != nil {
			return err
		}
		if dup > 0 {
			return httpx.Fail("reward.duplicate")
		}
		now := s.now().UTC()
		var expert, training any
		if cert.TrainingID != 0 {
			training = cert.TrainingID
		} else {
			expert = cert.ExpertID
		}
		id, err = tx.Insert(ctx, `INSERT INTO reward_application (user_id, unit_code, cert_kind, cert_level, cert_name, cert_number, expert_id, training_cert_id,
			tender_id, tender_title, bid_date, won, remark, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			p.UserID, unit, class.Kind, class.Level, cert.Name, cert.Number, expert, training, in.TenderID, tender.Title, bid.Format(day),
			db.Flag(in.Won), in.Remark, StateSubmitted, now, now)
		if err != nil {
			return err
		}
		if err := s.files.Set(ctx, tx, p.UserID, id, in.FileIDs); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunAudit, Action: "submit", TargetID: id, Target: cert.Name + " / " + tender.Title,
			After: map[string]any{"certNumber": cert.Number, "trainingCertId": cert.TrainingID, "certKind": class.Kind, "certLevel": class.Level,
				"tenderId": in.TenderID, "bidDate": bid.Format(day), "won": in.Won}})
	})
	return id, err
}

// DecideIn is a batch decision (PUT /api/reward/audit/approve and /reject).
type DecideIn struct {
	IDs    []int64 `param:"ids,required"`
	Reason string  `param:"reason"`
}

type appRow struct {
	ID                      int64
	UserID                  int64
	Unit, Kind, Level, Cert string
	Tender, BidDate, State  string
	Won                     int
	UnitReviewer            sql.NullInt64
	TrainingCert            sql.NullInt64
}

// Decide approves (approve true) or rejects the applications; one the caller may not decide refuses the batch.
// Who decides: the first level, a reviewer whose scope holds the applicant's unit; with two levels the second,
// a reviewer whose scope is every unit (the bid centre), never the one who approved the first. The final approval
// fixes the amount: the rule in force on the bid date (the won amount when the bid was won), within the yearly cap
// of the applicant for the kind.
func (s *Service) Decide(ctx context.Context, in DecideIn, approve bool) (err error) {
	defer errs.Wrap(&err, "reward: decide %v", in.IDs)
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if !approve && strings.TrimSpace(in.Reason) == "" {
		return httpx.Fail("reward.reason_required")
	}
	if utf8.RuneCountInString(in.Reason) > ReasonMax {
		return httpx.Fail("reward.reason_long", ReasonMax)
	}
	if len(in.IDs) > BatchMax {
		return httpx.Fail("reward.batch_too_large", BatchMax)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		v, err := s.scope(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		set, err := s.Settings(ctx, tx)
		if err != nil {
			return err
		}
		// the decisions of the batch, the yearly cap's sum and the payment included, are serialised per applicant and
		// year (and per rule) against every other decision at the same moment
		ids := sortedIDs(in.IDs)
		if err := lockDecisions(ctx, tx, ids); err != nil {
			return err
		}
		now := s.now().UTC()
		for _, id := range ids {
			if err := s.decideOne(ctx, tx, p, v, set, id, approve, strings.TrimSpace(in.Reason), now); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Service) decideOne(ctx context.Context, tx *db.Tx, p *auth.Principal, v org.Visibility, set Settings, id int64, approve bool, reason string, now time.Time) error {
	var a appRow
	err := tx.QueryRow(ctx, `SELECT id, user_id, unit_code, cert_kind, cert_level, cert_name, tender_title, bid_date, state, won, unit_reviewer,
		training_cert_id FROM reward_application WHERE id = ?`, id).Scan(&a.ID, &a.UserID, &a.Unit, &a.Kind, &a.Level, &a.Cert, &a.Tender, &a.BidDate,
		&a.State, &a.Won, &a.UnitReviewer, &a.TrainingCert)
	if db.IsNoRows(err) || (err == nil && !v.Sees(a.Unit)) {
		return httpx.Fail("reward.application_not_found")
	} else if err != nil {
		return err
	}
	if a.UserID == p.UserID {
		return httpx.Fail("reward.own_application")
	}
	final := false
	switch a.State {
	case StateSubmitted:
		final = set.Levels == 1
	case StateUnitApproved:
		if !v.All {
			return httpx.Fail("reward.centre_only")
		}
		if a.UnitReviewer.Valid && a.UnitReviewer.Int64 == p.UserID {
			return httpx.Fail("reward.same_reviewer", s.nextNames(ctx, tx, a))
		}
		final = true
	default:
		return httpx.Fail("reward.decided")
	}
	target := a.Cert + " / " + a.Tender
	if approve && a.TrainingCert.Valid && s.training != nil {
		// a training certificate revoked since the application is approved no further (a rejection still can be)
		c, err := s.training.Certificate(ctx, tx, a.TrainingCert.Int64)
		if err != nil {
			return err
		}
		if c == nil || c.State == "revoked" {
			return httpx.Fail("reward.training_revoked_since", a.Cert)
		}
	}
	if !approve {
		if err := moved(tx.Exec(ctx, `UPDATE reward_application SET state = ?, reason = ?, reviewer = ?, reviewed_at = ?, updated_at = ? WHERE id = ? AND state = ?`,
			StateRejected, reason, p.UserID, now, now, id, a.State)); err != nil {
			return err
		}
		if err := s.tell(ctx, tx, a, "rejected", reason); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunAudit, Action: "reject", TargetID: id, Target: target, Before: map[string]any{"state": a.State},
			After: map[string]any{"state": StateRejected, "reason": reason}})
	}
	if !final {
		if err := moved(tx.Exec(ctx, `UPDATE reward_application SET state = ?, unit_reviewer = ?, unit_reviewed_at = ?, updated_at = ? WHERE id = ? AND state = ?`,
			StateUnitApproved, p.UserID, now, now, id, a.State)); err != nil {
			return err
		}
		if err := s.tell(ctx, tx, a, "unit_approved", ""); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunAudit, Action: "approve", TargetID: id, Target: target, Before: map[string]any{"state": a.State},
			After: map[string]any{"state": StateUnitApproved}})
	}
	rule, err := ruleFor(ctx, tx, a.Kind, a.Level, a.BidDate)
	if err != nil {
		return err
	}
	amount := rule.AmountCents
	if a.Won == 1 && rule.WonCents > 0 {
		amount = rule.WonCents
	}
	if rule.CapCents > 0 {
		var paid int64
		year := yearOf(a.BidDate)
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM reward_application WHERE user_id = ? AND cert_kind = ? AND state = ?
			AND bid_date >= ? AND bid_date <= ?`, a.UserID, a.Kind, StateApproved, year+"-01-01", year+"-12-31").Scan(&paid); err != nil {
			return err
		}
		if left := rule.CapCents - paid; amount > left {
			amount = max(left, 0)
		}
	}
	if err := moved(tx.Exec(ctx, `UPDATE reward_application SET state = ?, rule_id = ?, amount_cents = ?, reviewer = ?, reviewed_at = ?, updated_at = ?
		WHERE id = ? AND state = ?`, StateApproved, rule.ID, amount, p.UserID, now, now, id, a.State)); err != nil {
		return err
	}
	if err := s.tell(ctx, tx, a, "approved", Yuan(amount)); err != nil {
		return err
	}
	return s.record(ctx, tx, audit.Change{Module: FunAudit, Action: "approve", TargetID: id, Target: target, Before: map[string]any{"state": a.State},
		After: map[string]any{"state": StateApproved, "amount": Yuan(amount), "ruleId": rule.ID, "ruleVersion": rule.Version}})
}

// moved checks that a decision's update changed its application: one that another decision moved on meanwhile (which
// the locks of Decide prevent) is refused as decided.
func moved(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return httpx.Fail("reward.decided")
	}
	return nil
}

func (s *Service) tell(ctx context.Context, tx *db.Tx, a appRow, what, extra string) error {
	if s.quiet {
		return nil
	}
	title := httpx.Say("reward.msg."+what+".title", a.Cert)
	content := httpx.Say("reward.msg."+what+".content", a.Cert, a.Tender, extra)
	_, err := s.notify.Notify(ctx, tx, []int64{a.UserID}, Notice{Code: fmt.Sprintf("reward:%d:%s", a.ID, what), TitleText: title, ContentText: content, RefID: a.ID})
	return err
}

// MayReadFile tells whether the caller may download an evidence file of application id: the applicant, or a
// reviewer whose scope holds the applicant's unit.
func (s *Service) MayReadFile(ctx context.Context, p *auth.Principal, id int64) (_ bool, err error) {
	defer errs.Wrap(&err, "reward: may read file %d", id)
	if p == nil {
		return false, nil
	}
	var owner int64
	var unit string
	err = s.db.QueryRow(ctx, `SELECT user_id, unit_code FROM reward_application WHERE id = ?`, id).Scan(&owner, &unit)
	if db.IsNoRows(err) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if owner == p.UserID {
		return true, nil
	}
	if !p.Can(FunAudit) {
		return false, nil
	}
	v, err := s.scope(ctx, s.db, p.UserID)
	return err == nil && v.Sees(unit), err
}

// record writes a change to the business log inside tx; the demo's writes (quiet) leave none: nobody made them.
func (s *Service) record(ctx context.Context, tx *db.Tx, c audit.Change) error {
	if s.quiet {
		return nil
	}
	return audit.Record(ctx, tx, c)
}
