package reward

import (
	"context"
	"database/sql"
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

/* ---------- lists ---------- */

var ruleSpec = &list.Spec{
	Select: `r.id, r.cert_kind, r.cert_level, r.version, r.amount_cents, r.won_cents, r.yearly_cap_cents, r.valid_from, r.valid_to, r.remark,
		COALESCE(u.user_name, ''), r.created_at`,
	From:  `reward_rule r LEFT JOIN sys_user u ON u.id = r.created_by`,
	Where: `r.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "certKind", Column: "r.cert_kind", Kind: list.Exact},
		{Param: "certLevel", Column: "r.cert_level", Kind: list.Exact},
	},
	Sorts:       map[string]string{"validFrom": "r.valid_from", "kind": "r.cert_kind"},
	DefaultSort: "r.cert_kind, r.cert_level, r.version DESC",
	TieBreak:    "r.id DESC",
}

func (s *Service) scanRule(row interface{ Scan(...any) error }) (Rule, error) {
	var r Rule
	var a, w, c int64
	var to sql.NullString
	err := row.Scan(&r.ID, &r.CertKind, &r.CertLevel, &r.Version, &a, &w, &c, &r.ValidFrom, &to, &r.Remark, &r.CreatedName, &r.CreatedAt)
	r.Amount, r.WonAmount, r.YearlyCap, r.ValidTo = Yuan(a), Yuan(w), Yuan(c), to.String
	today := s.today()
	r.InForce = r.ValidFrom <= today && (!to.Valid || to.String >= today)
	return r, err
}

var appSelect = `a.id, a.user_id, u.login_code, u.user_name, a.unit_code, COALESCE(un.unit_name, ''), COALESCE(` + org.LabelSQL("un") + `, ''), a.cert_kind, a.cert_level, a.cert_name,
	a.cert_number, COALESCE(a.expert_id, 0), a.tender_id, a.tender_title, a.bid_date, a.won, a.remark, a.state, a.reason, a.amount_cents,
	COALESCE(rr.version, 0), COALESCE(ur.user_name, ''), COALESCE(rv.user_name, ''), a.reviewed_at, a.created_at, COALESCE(a.unit_reviewer, 0),
	COALESCE(a.training_cert_id, 0)`

const appFrom = `reward_application a JOIN sys_user u ON u.id = a.user_id LEFT JOIN org_unit un ON un.full_unit_code = a.unit_code
	LEFT JOIN reward_rule rr ON rr.id = a.rule_id LEFT JOIN sys_user ur ON ur.id = a.unit_reviewer LEFT JOIN sys_user rv ON rv.id = a.reviewer`

var appSpec = &list.Spec{
	Select: appSelect,
	From:   appFrom,
	Filters: []list.Filter{
		{Param: "state", Column: "a.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{StateSubmitted: StateSubmitted,
			StateUnitApproved: StateUnitApproved, StateApproved: StateApproved, StateRejected: StateRejected})},
		{Param: "certKind", Column: "a.cert_kind", Kind: list.Exact},
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"u.user_name", "u.login_code", "a.cert_name", "a.tender_title"}},
		{Param: "unitCode", Column: "a.unit_code", Kind: list.Prefix},
		{Param: "startDate", Column: "a.bid_date >= ?", Kind: list.Cond, Map: dayValue},
		{Param: "endDate", Column: "a.bid_date <= ?", Kind: list.Cond, Map: dayValue},
	},
	Sorts:       map[string]string{"createdAt": "a.created_at", "bidDate": "a.bid_date"},
	DefaultSort: "a.created_at DESC",
	TieBreak:    "a.id DESC",
}

func dayValue(s string) (any, error) {
	t, err := parseDay(httpx.Msg("reward.f.bidDate"), s)
	if err != nil {
		return nil, err
	}
	return t.Format(day), nil
}

func (s *Service) scanApp(row interface{ Scan(...any) error }) (Application, error) {
	var a Application
	var won int
	var cents int64
	var reviewed sql.NullTime
	err := row.Scan(&a.ID, &a.UserID, &a.LoginCode, &a.UserName, &a.UnitCode, &a.UnitName, &a.UnitLabel, &a.CertKind, &a.CertLevel, &a.CertName, &a.CertNumber,
		&a.ExpertID, &a.TenderID, &a.TenderTitle, &a.BidDate, &won, &a.Remark, &a.State, &a.Reason, &cents, &a.RuleVersion, &a.UnitReviewName,
		&a.ReviewerName, &reviewed, &a.CreatedAt, &a.UnitReviewerID, &a.TrainingCertID)
	a.Won, a.Amount, a.Files = won == 1, Yuan(cents), []FileRef{}
	if reviewed.Valid {
		t := reviewed.Time
		a.ReviewedAt = &t
	}
	return a, err
}

func (s *Service) completeApps(ctx context.Context, recs []Application) error {
	ids := make([]int64, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	fs, err := s.files.Of(ctx, s.db, ids)
	if err != nil {
		return err
	}
	for i := range recs {
		if f := fs[recs[i].ID]; f != nil {
			recs[i].Files = f
		}
	}
	return nil
}

func (s *Service) inScope(r *http.Request, column string, q *list.Query) error {
	p, err := principal(r.Context())
	if err != nil {
		return err
	}
	v, err := s.scope(r.Context(), s.db, p.UserID)
	if err != nil {
		return err
	}
	v.Narrow(q, column)
	return nil
}

/* ---------- the report ---------- */

// ReportIn narrows the report: the bid dates and what the rows are (person, unit, kind or month).
type ReportIn struct {
	GroupBy   string `param:"groupBy" enum:"person,unit,kind,month"`
	StartDate string `param:"startDate"`
	EndDate   string `param:"endDate"`
	CertKind  string `param:"certKind"`
	UnitCode  string `param:"unitCode"`
	Format    string `param:"format" enum:"xlsx,csv"`
}

// ReportRow is one row of the report.
type ReportRow struct {
	Key         string `json:"key"`
	Label       string `json:"label"`
	Count       int    `json:"count"`
	Amount      string `json:"amount"`
	AmountCents int64  `json:"amountCents"`
}

// Report is the answer of GET /api/reward/report: rows and their total.
type Report struct {
	GroupBy    string      `json:"groupBy" enum:"person,unit,kind,month"`
	Rows       []ReportRow `json:"rows"`
	Count      int         `json:"count"`
	Total      string      `json:"total"`
	TotalCents int64       `json:"totalCents"`
}

var groups = map[string][2]string{
	"person": {"u.login_code", "MAX(u.user_name)"},
	"unit":   {"a.unit_code", "MAX(COALESCE(" + org.LabelSQL("un") + ", a.unit_code))"},
	"kind":   {"a.cert_kind", "a.cert_kind"},
	"month":  {"substr(a.bid_date, 1, 7)", "substr(a.bid_date, 1, 7)"},
}

// Report totals the paid rewards in the caller's scope.
func (s *Service) Report(ctx context.Context, in ReportIn) (_ *Report, err error) {
	defer errs.Wrap(&err, "reward: report")
	p, err := principal(ctx)
	if err != nil {
		return nil, err
	}
	if in.GroupBy == "" {
		in.GroupBy = "person"
	}
	g, ok := groups[in.GroupBy]
	if !ok {
		return nil, httpx.BadRequest("http.bad_field", "groupBy")
	}
	v, err := s.scope(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	cond, args := v.Condition("a.unit_code")
	where := "a.state = ? AND " + cond
	args = append([]any{StateApproved}, args...)
	for _, f := range []struct {
		v, sql string
		isDay  bool
	}{{in.StartDate, "a.bid_date >= ?", true}, {in.EndDate, "a.bid_date <= ?", true}, {in.CertKind, "a.cert_kind = ?", false}} {
		if f.v == "" {
			continue
		}
		val := any(f.v)
		if f.isDay {
			if val, err = dayValue(f.v); err != nil {
				return nil, err
			}
		}
		where += " AND " + f.sql
		args = append(args, val)
	}
	if in.UnitCode != "" {
		where += " AND " + list.PrefixSQL("a.unit_code")
		args = append(args, list.PrefixArg(in.UnitCode))
	}
	out := &Report{GroupBy: in.GroupBy, Rows: []ReportRow{}}
	err = db.EachRow(ctx, s.db, `SELECT `+g[0]+`, `+g[1]+`, COUNT(*), SUM(a.amount_cents) FROM `+appFrom+` WHERE `+where+
		` GROUP BY `+g[0]+` ORDER BY SUM(a.amount_cents) DESC, `+g[0], args, func(row db.Row) error {
		var r ReportRow
		if err := row.Scan(&r.Key, &r.Label, &r.Count, &r.AmountCents); err != nil {
			return err
		}
		r.Amount = Yuan(r.AmountCents)
		out.Rows = append(out.Rows, r)
		out.Count += r.Count
		out.TotalCents += r.AmountCents
		return nil
	})
	out.Total = Yuan(out.TotalCents)
	return out, err
}

/* ---------- handlers ---------- */

// Handlers are the endpoints of the three screens and of applying in the portal.
type Handlers struct {
	svc   *Service
	rules *list.Table[Rule]
	apps  *list.Table[Application]
	mine  *list.Table[Application]
}

// NewHandlers builds the lists over the service.
func NewHandlers(s *Service) *Handlers {
	return &Handlers{svc: s,
		rules: &list.Table[Rule]{DB: s.db, Spec: ruleSpec, Scan: s.scanRule},
		apps: &list.Table[Application]{DB: s.db, Spec: appSpec, Scan: s.scanApp, Complete: s.completeApps,
			Restrict: func(r *http.Request, _ *httpx.Input, q *list.Query) error { return s.inScope(r, "a.unit_code", q) }},
		mine: &list.Table[Application]{DB: s.db, Spec: appSpec, Scan: s.scanApp, Complete: s.completeApps,
			Restrict: func(r *http.Request, _ *httpx.Input, q *list.Query) error {
				p, err := principal(r.Context())
				if err != nil {
					return err
				}
				q.Where("a.user_id = ?", p.UserID)
				return nil
			}},
	}
}

// RuleList is GET /api/reward/rule/list.
func (h *Handlers) RuleList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.rules.List(w, r)
}

// RuleAdd is POST /api/reward/rule/add.
func (h *Handlers) RuleAdd(r *http.Request, in RuleIn) (httpx.Created, error) {
	id, err := h.svc.AddRule(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// RuleDel is DELETE /api/reward/rule/del.
func (h *Handlers) RuleDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteRule(r.Context(), in.ID)
}

// SettingsGet is GET /api/reward/setting.
func (h *Handlers) SettingsGet(r *http.Request, _ struct{}) (Settings, error) {
	return h.svc.Settings(r.Context(), h.svc.db)
}

// SettingsSave is PUT /api/reward/setting.
func (h *Handlers) SettingsSave(r *http.Request, in Settings) (route.None, error) {
	return route.None{}, h.svc.SaveSettings(r.Context(), in)
}

// AuditList is GET /api/reward/audit/list: each application with its next step, who takes it, and whether the
// caller may decide it now (and why not).
func (h *Handlers) AuditList(w http.ResponseWriter, r *http.Request) (any, error) {
	res, err := h.apps.List(w, r)
	if err != nil {
		return nil, err
	}
	page := res.(*list.Page[Application])
	return page, h.svc.explain(r.Context(), httpx.Lang(r), page.Records, auth.PrincipalFrom(r.Context()))
}

// Approve is PUT /api/reward/audit/approve; Reject is PUT /api/reward/audit/reject.
func (h *Handlers) Approve(r *http.Request, in DecideIn) (route.None, error) {
	return route.None{}, h.svc.Decide(r.Context(), in, true)
}
func (h *Handlers) Reject(r *http.Request, in DecideIn) (route.None, error) {
	return route.None{}, h.svc.Decide(r.Context(), in, false)
}

// ReportGet is GET /api/reward/report.
func (h *Handlers) ReportGet(r *http.Request, in ReportIn) (Report, error) {
	rep, err := h.svc.Report(r.Context(), in)
	if err != nil {
		return Report{}, err
	}
	return *rep, nil
}

// ReportExport is GET /api/reward/report/export: the spec's export 'certificate reward report' (.xlsx, formulas
// neutralised by the export machinery), with a total row.
func (h *Handlers) ReportExport(w http.ResponseWriter, r *http.Request, in ReportIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	rep, err := h.svc.Report(r.Context(), in)
	if err != nil {
		return err
	}
	lang := httpx.Lang(r)
	header := []string{httpx.Translate(lang, "reward.col.group."+rep.GroupBy), httpx.Translate(lang, "reward.col.code"),
		httpx.Translate(lang, "reward.col.count"), httpx.Translate(lang, "reward.col.amount")}
	return export.Stream(w, format, httpx.Translate(lang, "reward.report.file"), header, func(x export.Writer) error {
		for _, row := range rep.Rows {
			if err := x.Row(row.Label, row.Key, row.Count, row.Amount); err != nil {
				return err
			}
		}
		return x.Row(httpx.Translate(lang, "reward.col.total"), "", rep.Count, rep.Total)
	})
}

// Certificates is GET /api/portal/reward/certificates: the caller's certificates, each with its kind and level,
// whether a rule is in force, and whether it can be claimed (or why not).
func (h *Handlers) Certificates(r *http.Request, _ struct{}) ([]MyCertificate, error) {
	p, err := principal(r.Context())
	if err != nil {
		return nil, err
	}
	employee, _, _, err := h.svc.applicant(r.Context(), p)
	if err != nil {
		return nil, err
	}
	return h.svc.myCertificates(r.Context(), httpx.Lang(r), p.UserID, employee)
}

// Eligibility is GET /api/portal/reward/eligibility: can the caller apply, and if not why and whom to ask.
func (h *Handlers) Eligibility(r *http.Request, _ struct{}) (Eligibility, error) {
	e, err := h.svc.Eligibility(r.Context(), httpx.Lang(r))
	if err != nil {
		return Eligibility{}, err
	}
	return *e, nil
}

// Tenders is GET /api/portal/reward/tenders: the tenders of the caller's unit line, for the chosen certificate.
func (h *Handlers) Tenders(r *http.Request, in TendersIn) ([]TenderOption, error) {
	return h.svc.Tenders(r.Context(), httpx.Lang(r), in)
}

func (h *Handlers) Apply(r *http.Request, in ApplyIn) (httpx.Created, error) {
	id, err := h.svc.Apply(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// Mine is GET /api/portal/reward/mine: the caller's applications, each with its next step and who takes it.
func (h *Handlers) Mine(w http.ResponseWriter, r *http.Request) (any, error) {
	res, err := h.mine.List(w, r)
	if err != nil {
		return nil, err
	}
	page := res.(*list.Page[Application])
	return page, h.svc.explain(r.Context(), httpx.Lang(r), page.Records, nil)
}
