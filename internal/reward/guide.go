package reward

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// The guide of an applicant and a reviewer (issue 28): what the portal may offer (the caller's certificates with
// their kind, level and rule; the tenders of their unit's line with the bid date and result), why an application
// is not possible and whom to ask, and for each application its next step and who takes it.

// Function codes of the screens where what an applicant lacks is put right: the expert library (an expert linked
// to the employee, with the certificate), the tender library (a tender with its unit, bid date and result) and the
// user administration (the account's employee).
const (
	FunExperts = "expert_talents2_manage"
	FunTenders = "expert_talents2_tender"
	FunUsers   = "sysuser"
)

// namesShown bounds the names a hint lists ("李思远、系统管理员等5人").
const namesShown = 3

// person is an active staff account.
type person struct {
	ID   int64
	Name string
}

// holders are the active staff accounts holding the function code through a role, in the order of their ids.
func holders(ctx context.Context, q db.Querier, code string) ([]person, error) {
	var out []person
	err := db.EachRow(ctx, q, `SELECT DISTINCT u.id, u.user_name FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id
		JOIN sys_role_function rf ON rf.role_id = ur.role_id
		WHERE rf.function_code = ? AND u.state = 1 AND u.deleted_at IS NULL AND u.user_type = ? ORDER BY u.id LIMIT 500`,
		[]any{code, auth.SiteStaff}, func(row db.Row) error {
			var p person
			if err := row.Scan(&p.ID, &p.Name); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("reward: holders of %s: %w", code, err)
	}
	return out, nil
}

// names lists at most namesShown of the people, then how many there are in all.
func names(lang string, ps []person) string {
	sep := "、"
	if lang == httpx.LangEN {
		sep = ", "
	}
	var shown []string
	for i, p := range ps {
		if i == namesShown {
			break
		}
		shown = append(shown, p.Name)
	}
	out := strings.Join(shown, sep)
	if len(ps) > namesShown {
		out = httpx.Translate(lang, "reward.names_more", out, len(ps))
	}
	return out
}

// reviewer is a holder of the audit code with their data scope of module reward.
type reviewer struct {
	person
	v org.Visibility
}

// reviewers are the holders of the audit code with their scopes, read once per list.
func (s *Service) reviewers(ctx context.Context, q db.Querier) ([]reviewer, error) {
	ps, err := holders(ctx, q, FunAudit)
	if err != nil {
		return nil, err
	}
	out := make([]reviewer, 0, len(ps))
	for _, p := range ps {
		v, err := s.scope(ctx, q, p.ID)
		if err != nil {
			return nil, fmt.Errorf("reward: scope of reviewer %d: %w", p.ID, err)
		}
		out = append(out, reviewer{p, v})
	}
	return out, nil
}

// deciders are the reviewers who may take the next decision on a: the first level, those whose scope holds the
// applicant's unit; the second, those whose scope is every unit other than the first level's approver; never the
// applicant.
func deciders(rs []reviewer, a *Application) []person {
	var out []person
	for _, r := range rs {
		switch {
		case r.ID == a.UserID:
		case a.State == StateSubmitted && r.v.Sees(a.UnitCode):
			out = append(out, r.person)
		case a.State == StateUnitApproved && r.v.All && r.ID != a.UnitReviewerID:
			out = append(out, r.person)
		}
	}
	return out
}

// explain fills each application's next step and who takes it; with caller set (the audit list), also whether the
// caller may decide it now and why not, by the rules of decideOne.
func (s *Service) explain(ctx context.Context, lang string, apps []Application, caller *auth.Principal) error {
	if len(apps) == 0 {
		return nil
	}
	set, err := s.Settings(ctx, s.db)
	if err != nil {
		return err
	}
	rs, err := s.reviewers(ctx, s.db)
	if err != nil {
		return err
	}
	var mine org.Visibility
	if caller != nil {
		if mine, err = s.scope(ctx, s.db, caller.UserID); err != nil {
			return fmt.Errorf("reward: scope of %d: %w", caller.UserID, err)
		}
	}
	for i := range apps {
		a := &apps[i]
		who := deciders(rs, a)
		switch a.State {
		case StateSubmitted:
			if set.Levels == 1 {
				a.NextStep = httpx.Translate(lang, "reward.next.single")
			} else {
				a.NextStep = httpx.Translate(lang, "reward.next.unit")
			}
			a.NextBy = names(lang, who)
			if len(who) == 0 {
				a.NextBy = httpx.Translate(lang, "reward.next.nobody_unit")
			}
		case StateUnitApproved:
			a.NextStep = httpx.Translate(lang, "reward.next.centre")
			a.NextBy = names(lang, who)
			if len(who) == 0 {
				a.NextBy = httpx.Translate(lang, "reward.next.nobody_centre")
			}
		}
		if caller == nil {
			continue
		}
		a.CanDecide, a.WhyNot = false, ""
		switch {
		case a.State != StateSubmitted && a.State != StateUnitApproved:
		case a.UserID == caller.UserID:
			a.WhyNot = httpx.Translate(lang, "reward.why.own")
		case !mine.Sees(a.UnitCode):
			a.WhyNot = httpx.Translate(lang, "reward.why.scope")
		case a.State == StateUnitApproved && !mine.All:
			a.WhyNot = httpx.Translate(lang, "reward.why.centre", a.NextBy)
		case a.State == StateUnitApproved && a.UnitReviewerID == caller.UserID:
			a.WhyNot = httpx.Translate(lang, "reward.why.same", a.NextBy)
		default:
			a.CanDecide = true
		}
	}
	return nil
}

/* ---------- can I apply? ---------- */

// Problem is a reason an application is not possible now, and what to do about it.
type Problem struct {
	Code string `json:"code" enum:"external,no_employee,no_certificate,no_usable_certificate,no_tender"`
	Text string `json:"text"`
	Todo string `json:"todo"`
}

// Eligibility is the answer of GET /api/portal/reward/eligibility: whether the caller can apply, and if not why
// and whom to ask; their certificates (each usable or not, with the reason); how many tenders of their unit's line
// the portal shows; the approval flow.
type Eligibility struct {
	CanApply     bool            `json:"canApply"`
	Problems     []Problem       `json:"problems"`
	Certificates []MyCertificate `json:"certificates"`
	Tenders      int             `json:"tenders"`
	UnitLabel    string          `json:"unitLabel"`
	Levels       int             `json:"levels"`
	Flow         string          `json:"flow" doc:"how an application is decided, in words"`
}

// TenderOption is a tender the applicant may name: its bid date and result (which the application takes) and,
// for a chosen certificate, whether it can be claimed for it and why not.
type TenderOption struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	UnitCode   string `json:"unitCode"`
	UnitLabel  string `json:"unitLabel"`
	BidDate    string `json:"bidDate"`
	Result     string `json:"result" doc:"value of dictionary bid_result, '' when not recorded"`
	Won        bool   `json:"won"`
	Selectable bool   `json:"selectable"`
	Reason     string `json:"reason"`
}

// TendersIn narrows the tender picker: a keyword of the title or number, and the certificate chosen.
type TendersIn struct {
	Keyword    string `param:"keyword"`
	ExpertID   int64  `param:"expertId"`
	CertNumber string `param:"certNumber"`
	TrainingID int64  `param:"trainingCertId" doc:"or a training certificate of the caller's"`
}

// MaxTenderOptions bounds one answer of the tender picker.
const MaxTenderOptions = 50

// applicant is the caller's employee and unit.
func (s *Service) applicant(ctx context.Context, p *auth.Principal) (employee, unit, label string, err error) {
	err = s.db.QueryRow(ctx, `SELECT u.employee_code, u.unit_code, COALESCE(`+org.LabelSQL("o")+`, '') FROM sys_user u
		LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code WHERE u.id = ?`, p.UserID).Scan(&employee, &unit, &label)
	if err != nil {
		err = fmt.Errorf("reward: applicant %d: %w", p.UserID, err)
	}
	return
}

// who names the holders of code for a hint, or says that nobody holds it.
func (s *Service) who(ctx context.Context, lang, code string) (string, error) {
	ps, err := holders(ctx, s.db, code)
	if err != nil || len(ps) == 0 {
		return httpx.Translate(lang, "reward.nobody"), err
	}
	return names(lang, ps), nil
}

// FunTraining is the function code of the training classes, where a class's certification names the reward kind and
// level of its certificates.
const FunTraining = "training_class"

// myCertificates are the caller's certificates (the library's qualifications of their employee, then their live
// training certificates) with their kind, level, rule and whether they can be claimed.
func (s *Service) myCertificates(ctx context.Context, lang string, userID int64, employee string) ([]MyCertificate, error) {
	certs := []MyCertificate{}
	if employee != "" {
		found, err := s.lib.CertificatesOf(ctx, employee)
		if err != nil {
			return nil, fmt.Errorf("reward: certificates of %s: %w", employee, err)
		}
		for _, c := range found {
			c.Source = SourceLibrary
			certs = append(certs, c)
		}
	}
	var kinds []*claimed // the training certificates' kinds and levels, by index in certs
	for range certs {
		kinds = append(kinds, nil)
	}
	if s.training != nil {
		found, err := s.training.CertificatesOf(ctx, userID, employee)
		if err != nil {
			return nil, fmt.Errorf("reward: training certificates of %d: %w", userID, err)
		}
		for _, t := range found {
			certs = append(certs, MyCertificate{Source: SourceTraining, TrainingCertID: t.ID, Expert: t.HolderName, Name: t.Title, Number: t.Serial,
				ValidTo: t.ValidUntil})
			kinds = append(kinds, &claimed{Name: t.Title, Number: t.Serial, TrainingID: t.ID, Kind: t.Kind, Level: t.Level})
		}
	}
	today := s.today()
	var setters, trainers string
	for i := range certs {
		c := &certs[i]
		var class Class
		var err error
		if kinds[i] != nil {
			class, err = s.classOf(ctx, s.db, kinds[i])
		} else {
			class, err = s.classify(ctx, s.db, c.Name)
		}
		var he *httpx.Error
		if errors.As(err, &he) {
			if he.Key == "reward.training_unclassified" {
				if trainers == "" {
					if trainers, err = s.who(ctx, lang, FunTraining); err != nil {
						return nil, err
					}
				}
				c.Reason = httpx.Translate(lang, "reward.cert.training_unclassified", c.Name, trainers)
				continue
			}
			c.Reason = httpx.Translate(lang, he.Key, he.Args...)
			continue
		} else if err != nil {
			return nil, err
		}
		c.CertKind, c.CertLevel, c.KindLabel, c.LevelLabel = class.Kind, class.Level, class.KindLabel, class.LevelLabel
		var versions, inForce int
		if err := s.db.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN valid_from <= ? AND (valid_to IS NULL OR valid_to >= ?) THEN 1 ELSE 0 END), 0)
			FROM reward_rule WHERE cert_kind = ? AND cert_level = ? AND deleted_at IS NULL`, today, today, class.Kind, class.Level).Scan(&versions, &inForce); err != nil {
			return nil, fmt.Errorf("reward: rules of %s/%s: %w", class.Kind, class.Level, err)
		}
		c.RuleInForce = inForce > 0
		if versions == 0 {
			if setters == "" {
				if setters, err = s.who(ctx, lang, FunSetting); err != nil {
					return nil, err
				}
			}
			c.Reason = httpx.Translate(lang, "reward.cert.no_rule", class.KindLabel, class.LevelLabel, setters)
			continue
		}
		c.Usable = true
	}
	return certs, nil
}

// Eligibility answers 'can I apply?' for the caller.
func (s *Service) Eligibility(ctx context.Context, lang string) (_ *Eligibility, err error) {
	defer errs.Wrap(&err, "reward: eligibility")
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	employee, unit, label, err := s.applicant(ctx, p)
	if err != nil {
		return nil, err
	}
	set, err := s.Settings(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := &Eligibility{Problems: []Problem{}, Certificates: []MyCertificate{}, UnitLabel: label, Levels: set.Levels,
		Flow: httpx.Translate(lang, fmt.Sprintf("reward.flow.%d", set.Levels))}
	if p.UserType == auth.SiteExternal {
		// a partner's account holds no employee and names nobody inside the company
		out.Problems = append(out.Problems, Problem{Code: "external", Text: httpx.Translate(lang, "reward.why.external")})
		return out, nil
	}
	problem := func(code, todoCode string, args ...any) error {
		whom, err := s.who(ctx, lang, todoCode)
		if err != nil {
			return err
		}
		out.Problems = append(out.Problems, Problem{Code: code, Text: httpx.Translate(lang, "reward.why."+code, args...),
			Todo: httpx.Translate(lang, "reward.todo."+code, whom)})
		return nil
	}
	if employee == "" {
		if err := problem("no_employee", FunUsers); err != nil {
			return nil, err
		}
	}
	if out.Certificates, err = s.myCertificates(ctx, lang, p.UserID, employee); err != nil {
		return nil, err
	}
	usable := 0
	for _, c := range out.Certificates {
		if c.Usable {
			usable++
		}
	}
	switch {
	case employee == "":
	case len(out.Certificates) == 0:
		if err := problem("no_certificate", FunExperts); err != nil {
			return nil, err
		}
	case usable == 0:
		out.Problems = append(out.Problems, Problem{Code: "no_usable_certificate", Text: httpx.Translate(lang, "reward.why.no_usable_certificate"),
			Todo: httpx.Translate(lang, "reward.todo.no_usable_certificate")})
	}
	tenders, err := s.lib.Tenders(ctx, p, unit, "", MaxTenderOptions)
	if err != nil {
		return nil, err
	}
	out.Tenders = len(tenders)
	if len(tenders) == 0 {
		if label == "" {
			label = httpx.Translate(lang, "reward.no_unit")
		}
		if err := problem("no_tender", FunTenders, label); err != nil {
			return nil, err
		}
	}
	out.CanApply = len(out.Problems) == 0
	return out, nil
}

// Tenders are the tenders of the caller's unit line the portal shows them, with their bid date and result; given
// a certificate of theirs, each says whether it can be claimed for it (a bid date not in the future, a rule of the
// certificate's kind and level in force on it, not claimed yet with that certificate) and why not.
func (s *Service) Tenders(ctx context.Context, lang string, in TendersIn) (_ []TenderOption, err error) {
	defer errs.Wrap(&err, "reward: tenders")
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if p.UserType == auth.SiteExternal {
		return []TenderOption{}, nil
	}
	employee, unit, _, err := s.applicant(ctx, p)
	if err != nil {
		return nil, err
	}
	var class *Class
	var cert *claimed
	if in.TrainingID != 0 || (in.ExpertID != 0 && strings.TrimSpace(in.CertNumber) != "") {
		if cert, err = s.claim(ctx, p.UserID, employee, in.ExpertID, in.CertNumber, in.TrainingID); err != nil {
			return nil, err
		}
		c, err := s.classOf(ctx, s.db, cert)
		if err != nil {
			return nil, err
		}
		class = &c
	}
	found, err := s.lib.Tenders(ctx, p, unit, in.Keyword, MaxTenderOptions)
	if err != nil {
		return nil, err
	}
	today := s.today()
	out := make([]TenderOption, 0, len(found))
	for _, t := range found {
		o := TenderOption{ID: t.ID, Title: t.Title, UnitCode: t.UnitCode, UnitLabel: t.UnitLabel, BidDate: t.BidDate, Result: t.Result,
			Won: t.Result == ResultWon, Selectable: true}
		switch {
		case t.BidDate > today:
			o.Selectable, o.Reason = false, httpx.Translate(lang, "reward.tender.future", t.BidDate)
		case class != nil:
			if t.BidDate != "" {
				if _, err := ruleFor(ctx, s.db, class.Kind, class.Level, t.BidDate); err != nil {
					var he *httpx.Error
					if !errors.As(err, &he) {
						return nil, err
					}
					o.Selectable, o.Reason = false, httpx.Translate(lang, "reward.tender.no_rule", t.BidDate, class.KindLabel, class.LevelLabel)
					break
				}
			}
			var dup int
			if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM reward_application WHERE cert_number = ? AND tender_id = ? AND state <> ?`,
				cert.Number, t.ID, StateRejected).Scan(&dup); err != nil {
				return nil, fmt.Errorf("claims of %d: %w", t.ID, err)
			}
			if dup > 0 {
				o.Selectable, o.Reason = false, httpx.Translate(lang, "reward.duplicate")
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// ResultWon is the value of dictionary bid_result of a won bid.
const ResultWon = "win"

// nextNames names who may decide the second level of a (for the refusal of the first level's approver), or says
// what it takes when nobody may.
func (s *Service) nextNames(ctx context.Context, q db.Querier, a appRow) string {
	rs, err := s.reviewers(ctx, q)
	if err != nil {
		return httpx.Translate(httpx.LangZH, "reward.next.nobody_centre")
	}
	app := Application{UserID: a.UserID, UnitCode: a.Unit, State: StateUnitApproved, UnitReviewerID: a.UnitReviewer.Int64}
	if who := deciders(rs, &app); len(who) > 0 {
		return names(httpx.LangZH, who)
	}
	return httpx.Translate(httpx.LangZH, "reward.next.nobody_centre")
}
