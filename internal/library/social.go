package library

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// Social security (社保缴纳记录, docs/library.md 'Social security'): tenders ask for proof that the people a bid
// names are paid-up employees of the bidder, usually 6 or 12 continuous months in a city. One row of
// lib_social_security is one employee's contribution for one month: city, contribution base, paying unit, the
// bureau's certificate as proof. The bureau's monthly spreadsheet is imported (checked first, all or nothing);
// ContinuousMonths is the rule the expert pages show and the expert list filters on.

// SocialCode is the function code (and menu) of the social-security screen.
const SocialCode = "expert_talents2_social"

// SocialFileType is the record type under which internal/files knows a social-security row's proof file.
const SocialFileType = "library.social"

// Limits of a social-security row.
const (
	socialCityMax   = 20
	socialUnitMax   = 100
	socialRemarkMax = 200
	socialBaseMax   = 1e7
	// SocialMonthsMax bounds the months an expert filter asks for (50 years).
	SocialMonthsMax = 600
)

const monthLayout = "2006-01"

// SocialRecord is one employee's contribution for one month.
type SocialRecord struct {
	ID           int64     `json:"id"`
	EmployeeCode string    `json:"employeeCode"`
	EmployeeName string    `json:"employeeName"`
	Month        string    `json:"month" doc:"YYYY-MM"`
	City         string    `json:"city"`
	Base         *float64  `json:"base"`
	PayingUnit   string    `json:"payingUnit"`
	ProofFileID  int64     `json:"proofFileId,omitempty"`
	ProofName    string    `json:"proofName,omitempty"`
	ProofURL     string    `json:"proofUrl,omitempty"`
	Remark       string    `json:"remark"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

// OpenAPIName keeps the name the web uses.
func (SocialRecord) OpenAPIName() string { return "LibSocialRecord" }

const socialSelect = `s.id, s.employee_code, COALESCE(e.name, ''), s.month, s.city, s.base, s.paying_unit, COALESCE(s.proof_file_id, 0),
	s.proof_name, s.remark, s.created_at, s.updated_at`

const socialFrom = `lib_social_security s LEFT JOIN employee e ON e.code = s.employee_code`

func scanSocial(row interface{ Scan(...any) error }) (SocialRecord, error) {
	var r SocialRecord
	var base sql.NullFloat64
	if err := row.Scan(&r.ID, &r.EmployeeCode, &r.EmployeeName, &r.Month, &r.City, &base, &r.PayingUnit, &r.ProofFileID, &r.ProofName,
		&r.Remark, &r.CreatedAt, &r.UpdatedAt); err != nil {
		return r, err
	}
	if base.Valid {
		v := base.Float64
		r.Base = &v
	}
	if r.ProofFileID > 0 {
		r.ProofURL = DownPath + "?id=" + strconv.FormatInt(r.ProofFileID, 10)
	}
	r.CreatedAt, r.UpdatedAt = r.CreatedAt.UTC(), r.UpdatedAt.UTC()
	return r, nil
}

/* ---------- months and cities ---------- */

var monthRes = []*regexp.Regexp{
	regexp.MustCompile(`^(\d{4})[-/.](\d{1,2})$`),
	regexp.MustCompile(`^(\d{4})年(\d{1,2})月?$`),
	regexp.MustCompile(`^(\d{4})(\d{2})$`),
}

// ParseMonth reads a month as YYYY-MM: 2026-05, 2026/5, 2026.5, 2026年5月, 202605, or a date of that month
// (2026-05-01, a spreadsheet date). A month after the current one is refused (nothing is paid ahead).
func ParseMonth(s string, now time.Time) (string, error) {
	s = strings.TrimSpace(s)
	var y, m int
	for _, re := range monthRes {
		if g := re.FindStringSubmatch(s); g != nil {
			y, _ = strconv.Atoi(g[1])
			m, _ = strconv.Atoi(g[2])
			break
		}
	}
	if y == 0 {
		d, err := parseDate(s)
		if err != nil {
			return "", httpx.Fail("lib.social.bad_month")
		}
		t, _ := time.Parse(dateLayout, d)
		y, m = t.Year(), int(t.Month())
	}
	if m < 1 || m > 12 || y < 1950 {
		return "", httpx.Fail("lib.social.bad_month")
	}
	month := fmt.Sprintf("%04d-%02d", y, m)
	if month > Today(now).Format(monthLayout) {
		return "", httpx.Fail("lib.social.future_month")
	}
	return month, nil
}

// NormCity is how a city is stored and compared: trimmed, without a trailing 市 (上海市 and 上海 are one city).
func NormCity(s string) string {
	s = strings.TrimSpace(s)
	if c := strings.TrimSuffix(s, "市"); c != "" {
		return c
	}
	return s
}

// AddMonths moves a YYYY-MM month by n months ("" for a bad month).
func AddMonths(month string, n int) string {
	t, err := time.Parse(monthLayout, month)
	if err != nil {
		return ""
	}
	return t.AddDate(0, n, 0).Format(monthLayout)
}

// LastMonth is the month before the current one: what 'up to last month' means.
func LastMonth(now time.Time) string { return AddMonths(Today(now).Format(monthLayout), -1) }

// ContinuousMonths is THE rule of continuous contributions: the number of consecutive calendar months ending
// with upTo (counted back from it) that each have at least one paid record in the city. A month paid twice (two
// paying units, a correction) counts once; a month without a record ends the run; records in another city do not
// count for this one (a move from 杭州 to 上海 starts the 上海 run at zero). When upTo itself is not paid, the answer
// is 0. paid holds the months (YYYY-MM) paid in that city.
func ContinuousMonths(paid map[string]bool, upTo string) int {
	n := 0
	for m := upTo; m != "" && paid[m]; m = AddMonths(m, -1) {
		n++
	}
	return n
}

// SocialRun is an employee's continuous months in a city up to a month.
type SocialRun struct {
	City   string `json:"city"`
	Months int    `json:"months"`
	From   string `json:"from" doc:"the first month of the run (YYYY-MM)"`
	UpTo   string `json:"upTo" doc:"the month the run is counted up to (YYYY-MM)"`
}

// runsOf is every city's run up to upTo, longest first, from the paid months by city (cities without a run
// left out).
func runsOf(byCity map[string]map[string]bool, upTo string) []SocialRun {
	out := []SocialRun{}
	for city, paid := range byCity {
		if n := ContinuousMonths(paid, upTo); n > 0 {
			out = append(out, SocialRun{City: city, Months: n, From: AddMonths(upTo, 1-n), UpTo: upTo})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Months != out[j].Months {
			return out[i].Months > out[j].Months
		}
		return out[i].City < out[j].City
	})
	return out
}

// paidMonths reads the live paid months, by employee and city, of the employees up to upTo (and not more than
// SocialMonthsMax months back: no run is longer).
func (s *Service) paidMonths(ctx context.Context, q db.Querier, employees []string, city, upTo string) (map[string]map[string]map[string]bool, error) {
	out := map[string]map[string]map[string]bool{}
	if len(employees) == 0 {
		return out, nil
	}
	args := []any{AddMonths(upTo, -SocialMonthsMax), upTo}
	cond := ""
	if city != "" {
		cond = " AND city = ?"
		args = append(args, city)
	}
	for _, e := range employees {
		args = append(args, e)
	}
	err := db.EachRow(ctx, q, `SELECT DISTINCT employee_code, city, month FROM lib_social_security WHERE deleted_at IS NULL AND month >= ? AND month <= ?`+
		cond+` AND employee_code IN (`+db.Placeholders(len(employees))+`)`, args, func(row interface{ Scan(...any) error }) error {
		var emp, c, m string
		if err := row.Scan(&emp, &c, &m); err != nil {
			return err
		}
		if out[emp] == nil {
			out[emp] = map[string]map[string]bool{}
		}
		if out[emp][c] == nil {
			out[emp][c] = map[string]bool{}
		}
		out[emp][c][m] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("library: paid months: %w", err)
	}
	return out, nil
}

// SocialRuns answers an employee's continuous months up to upTo ("" for last month), by city, longest first.
func (s *Service) SocialRuns(ctx context.Context, employee, upTo string) (_ []SocialRun, err error) {
	defer errs.Wrap(&err, "library: social runs")
	if upTo == "" {
		upTo = LastMonth(s.now())
	}
	paid, err := s.paidMonths(ctx, s.db, []string{employee}, "", upTo)
	if err != nil {
		return nil, err
	}
	return runsOf(paid[employee], upTo), nil
}

// socialUpToKey carries the month an expert list counts the runs up to (the request's socialUpTo).
type socialUpToKey struct{}

// completeSocial fills the experts' runs (Record.Social) up to the request's month, last month by default.
func (s *Service) completeSocial(ctx context.Context, recs []*Record) error {
	upTo, _ := ctx.Value(socialUpToKey{}).(string)
	if upTo == "" {
		upTo = LastMonth(s.now())
	}
	var emps []string
	seen := map[string]bool{}
	for _, r := range recs {
		r.Social = []SocialRun{}
		if c := r.EmployeeCode(); c != "" && c != Masked && !seen[c] {
			seen[c] = true
			emps = append(emps, c)
		}
	}
	paid, err := s.paidMonths(ctx, s.db, emps, "", upTo)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if byCity := paid[r.EmployeeCode()]; byCity != nil {
			r.Social = runsOf(byCity, upTo)
		}
	}
	return nil
}

// Parameters of the expert list's social-security filter.
const (
	ParamSocialCity   = "socialCity"
	ParamSocialMonths = "socialMonths"
	ParamSocialUpTo   = "socialUpTo"
)

// socialFilter reads the expert list's filter: 'at least socialMonths continuous months in socialCity up to
// socialUpTo (default last month)'; ok is false when the request does not ask for it.
func (s *Service) socialFilter(in *httpx.Input) (cond string, args []any, upTo string, err error) {
	city := NormCity(in.String(ParamSocialCity))
	months := strings.TrimSpace(in.String(ParamSocialMonths))
	upTo = strings.TrimSpace(in.String(ParamSocialUpTo))
	if upTo != "" {
		if upTo, err = ParseMonth(upTo, s.now()); err != nil {
			return "", nil, "", httpx.BadRequest("list.bad_value", ParamSocialUpTo)
		}
	}
	if city == "" && months == "" {
		return "", nil, upTo, nil
	}
	if upTo == "" {
		upTo = LastMonth(s.now())
	}
	n := 1
	if months != "" {
		v, err := strconv.Atoi(months)
		if err != nil || v < 1 || v > SocialMonthsMax {
			return "", nil, "", httpx.BadRequest("list.bad_value", ParamSocialMonths)
		}
		n = v
	}
	if city == "" {
		return "", nil, "", httpx.Fail("lib.social.city_required")
	}
	// every one of the n months up to upTo paid in the city: n distinct months in that window
	return `r.employee_code IN (SELECT ss.employee_code FROM lib_social_security ss WHERE ss.deleted_at IS NULL AND ss.city = ?
		AND ss.month >= ? AND ss.month <= ? GROUP BY ss.employee_code HAVING COUNT(DISTINCT ss.month) = ?)`,
		[]any{city, AddMonths(upTo, 1-n), upTo, n}, upTo, nil
}

/* ---------- the list, the form, the writes ---------- */

func socialSpec() *list.Spec {
	monthArg := func(param string) func(string) (any, error) {
		return func(v string) (any, error) {
			m, err := ParseMonth(v, time.Now().AddDate(100, 0, 0))
			if err != nil {
				return nil, httpx.BadRequest("list.bad_value", param)
			}
			return m, nil
		}
	}
	return &list.Spec{
		Select: socialSelect, From: socialFrom, CountFrom: socialFrom,
		Where: `s.deleted_at IS NULL`,
		Filters: []list.Filter{
			{Param: ParamKeywords, Columns: []string{"s.employee_code", "e.name", "s.paying_unit"}, Kind: list.Keyword},
			{Param: "employeeCode", Column: "s.employee_code", Kind: list.Exact},
			{Param: "city", Column: "s.city", Kind: list.Exact, Map: func(v string) (any, error) { return NormCity(v), nil }},
			{Param: "payingUnit", Column: "s.paying_unit", Kind: list.Contains},
			{Param: "monthFrom", Column: "s.month >= ?", Kind: list.Cond, Map: monthArg("monthFrom")},
			{Param: "monthTo", Column: "s.month <= ?", Kind: list.Cond, Map: monthArg("monthTo")},
		},
		Sorts: map[string]string{"month": "s.month", "employeeCode": "s.employee_code", "city": "s.city", "base": "s.base",
			"updatedAt": "s.updated_at", "id": "s.id"},
		DefaultSort: "s.month DESC",
		TieBreak:    "s.id DESC",
	}
}

// SocialTable is the list and the export of social-security rows.
func (s *Service) SocialTable() *list.Table[SocialRecord] {
	money := func(v *float64) any {
		if v == nil {
			return ""
		}
		return *v
	}
	return &list.Table[SocialRecord]{
		DB: s.db, Spec: socialSpec(), Scan: scanSocial, File: "lib.social.file",
		Columns: []list.Column[SocialRecord]{
			{Title: "lib.social.employeeCode", Value: func(r SocialRecord, _ string) any { return r.EmployeeCode }},
			{Title: "lib.social.name", Value: func(r SocialRecord, _ string) any { return r.EmployeeName }},
			{Title: "lib.social.month", Value: func(r SocialRecord, _ string) any { return r.Month }},
			{Title: "lib.social.city", Value: func(r SocialRecord, _ string) any { return r.City }},
			{Title: "lib.social.base", Value: func(r SocialRecord, _ string) any { return money(r.Base) }},
			{Title: "lib.social.payingUnit", Value: func(r SocialRecord, _ string) any { return r.PayingUnit }},
			{Title: "lib.social.proof", Value: func(r SocialRecord, _ string) any { return r.ProofName }},
			{Title: "lib.f.remark", Value: func(r SocialRecord, _ string) any { return r.Remark }},
			{Title: "lib.f.updatedAt", Value: func(r SocialRecord, _ string) any { return r.UpdatedAt }},
		},
	}
}

// SocialForm is a row as the dialog or an import line gives it.
type SocialForm struct {
	EmployeeCode, Name, Month, City, Base, PayingUnit, Remark string
	ProofFileID                                               int64
}

// socialRow is a checked form.
type socialRow struct {
	employee, month, city, unit, remark string
	base                                *float64
	proof                               int64
}

// check reads a form by the rules of a row (the employee is checked by the caller).
func (s *Service) checkSocial(f SocialForm, lang string) (socialRow, error) {
	var r socialRow
	r.employee = strings.TrimSpace(f.EmployeeCode)
	if r.employee == "" {
		return r, httpx.Fail("lib.social.field", httpx.Translate(lang, "lib.social.employeeCode"), httpx.Translate(lang, "lib.required"))
	}
	month, err := ParseMonth(f.Month, s.now())
	if err != nil {
		return r, err
	}
	r.month = month
	r.city = NormCity(f.City)
	if r.city == "" {
		return r, httpx.Fail("lib.social.field", httpx.Translate(lang, "lib.social.city"), httpx.Translate(lang, "lib.required"))
	}
	if utf8.RuneCountInString(r.city) > socialCityMax {
		return r, httpx.Fail("lib.social.field", httpx.Translate(lang, "lib.social.city"), httpx.Translate(lang, "validate.max_length", socialCityMax))
	}
	r.unit = strings.TrimSpace(f.PayingUnit)
	if utf8.RuneCountInString(r.unit) > socialUnitMax {
		return r, httpx.Fail("lib.social.field", httpx.Translate(lang, "lib.social.payingUnit"), httpx.Translate(lang, "validate.max_length", socialUnitMax))
	}
	r.remark = strings.TrimSpace(f.Remark)
	if utf8.RuneCountInString(r.remark) > socialRemarkMax {
		return r, httpx.Fail("lib.social.field", httpx.Translate(lang, "lib.f.remark"), httpx.Translate(lang, "validate.max_length", socialRemarkMax))
	}
	if b := validate.Ungroup(strings.TrimSpace(f.Base)); b != "" {
		if err := amount(b, 2, socialBaseMax); err != nil {
			return r, fieldError(lang, &Field{Label: "lib.social.base"}, err)
		}
		v, _ := validate.Decimal(b)
		r.base = &v
	}
	r.proof = f.ProofFileID
	return r, nil
}

// employeeNames reads the names of the employees (codes that do not exist are left out).
func (s *Service) employeeNames(ctx context.Context, q db.Querier, codes []string) (map[string]string, error) {
	out := map[string]string{}
	for start := 0; start < len(codes); start += 500 {
		part := codes[start:min(start+500, len(codes))]
		args := make([]any, len(part))
		for i, c := range part {
			args[i] = c
		}
		err := db.EachRow(ctx, q, `SELECT code, name FROM employee WHERE code IN (`+db.Placeholders(len(part))+`)`, args,
			func(row interface{ Scan(...any) error }) error {
				var c, n string
				if err := row.Scan(&c, &n); err != nil {
					return err
				}
				out[c] = n
				return nil
			})
		if err != nil {
			return nil, fmt.Errorf("library: employee names: %w", err)
		}
	}
	return out, nil
}

func (s *Service) socialOne(ctx context.Context, q db.Querier, id int64) (SocialRecord, error) {
	r, err := scanSocial(q.QueryRow(ctx, `SELECT `+socialSelect+` FROM `+socialFrom+` WHERE s.id = ? AND s.deleted_at IS NULL`, id))
	if db.IsNoRows(err) {
		return r, httpx.Fail("lib.not_found")
	}
	if err != nil {
		return r, fmt.Errorf("library: social row %d: %w", id, err)
	}
	return r, nil
}

// SocialOne reads a live row.
func (s *Service) SocialOne(ctx context.Context, id int64) (_ SocialRecord, err error) {
	defer errs.Wrap(&err, "library: social one %d", id)
	return s.socialOne(ctx, s.db, id)
}

func socialTarget(r SocialRecord) string {
	return fmt.Sprintf("%s(%s) %s %s", r.EmployeeName, r.EmployeeCode, r.Month, r.City)
}

// same finds the live row of the same employee, month, city and paying unit (0 when none).
func (s *Service) sameSocial(ctx context.Context, q db.Querier, r socialRow, except int64) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM lib_social_security WHERE deleted_at IS NULL AND employee_code = ? AND month = ? AND city = ?
		AND paying_unit = ? AND id <> ?`, r.employee, r.month, r.city, r.unit, except).Scan(&id)
	if db.IsNoRows(err) {
		return 0, nil
	}
	return id, err
}

// linkProof links the row's proof file (none when 0) through internal/files and answers its name.
func (s *Service) linkProof(ctx context.Context, tx *db.Tx, p *auth.Principal, id, file int64) (string, error) {
	if s.files == nil {
		return "", nil
	}
	var ids []int64
	if file > 0 {
		ids = []int64{file}
	}
	var uid int64
	if p != nil {
		uid = p.UserID
	}
	names, err := s.files.Link(ctx, tx, uid, isAdmin(p), SocialCode, SocialFileType, id, ids)
	if err != nil {
		return "", err
	}
	return names[file], nil
}

// writeSocial inserts (id 0) or updates a checked row, with its proof and its business-log line.
func (s *Service) writeSocial(ctx context.Context, tx *db.Tx, p *auth.Principal, id int64, r socialRow, keepProof bool) (int64, error) {
	now := s.now().UTC()
	var before *SocialRecord
	if id == 0 {
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO lib_social_security (employee_code, month, city, base, paying_unit, remark, created_by, created_at, updated_by, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.employee, r.month, r.city, r.base, r.unit, r.remark, userArg(p), now, userArg(p), now)
		if err != nil {
			return 0, fmt.Errorf("library: add social row: %w", err)
		}
	} else {
		cur, err := s.socialOne(ctx, tx, id)
		if err != nil {
			return 0, err
		}
		before = &cur
		if keepProof {
			r.proof = cur.ProofFileID
		}
		if _, err := tx.Exec(ctx, `UPDATE lib_social_security SET employee_code = ?, month = ?, city = ?, base = ?, paying_unit = ?, remark = ?,
			updated_by = ?, updated_at = ? WHERE id = ?`, r.employee, r.month, r.city, r.base, r.unit, r.remark, userArg(p), now, id); err != nil {
			return 0, fmt.Errorf("library: edit social row %d: %w", id, err)
		}
	}
	name, err := s.linkProof(ctx, tx, p, id, r.proof)
	if err != nil {
		return 0, err
	}
	var proof any
	if r.proof > 0 {
		proof = r.proof
	}
	if _, err := tx.Exec(ctx, `UPDATE lib_social_security SET proof_file_id = ?, proof_name = ? WHERE id = ?`, proof, name, id); err != nil {
		return 0, fmt.Errorf("library: social proof %d: %w", id, err)
	}
	after, err := s.socialOne(ctx, tx, id)
	if err != nil {
		return 0, err
	}
	action := audit.Create
	var b any
	if before != nil {
		action, b = audit.Update, before
	}
	return id, s.log(ctx, tx, audit.Change{Module: SocialCode, Action: action, TargetID: id, Target: socialTarget(after), Before: b, After: after})
}

// SaveSocial adds (id 0) or changes a row. A second row of the same employee, month, city and paying unit is
// refused (change the existing one).
func (s *Service) SaveSocial(ctx context.Context, id int64, f SocialForm, lang string) (_ int64, err error) {
	defer errs.Wrap(&err, "library: save social %d", id)
	r, err := s.checkSocial(f, lang)
	if err != nil {
		return 0, err
	}
	p := auth.PrincipalFrom(ctx)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		names, err := s.employeeNames(ctx, tx, []string{r.employee})
		if err != nil {
			return err
		}
		if _, ok := names[r.employee]; !ok {
			return httpx.Fail("lib.employee_unknown", r.employee)
		}
		if dup, err := s.sameSocial(ctx, tx, r, id); err != nil {
			return err
		} else if dup > 0 {
			return httpx.Fail("lib.social.duplicate", r.month, r.city)
		}
		id, err = s.writeSocial(ctx, tx, p, id, r, false)
		return err
	})
	return id, err
}

// DeleteSocial removes rows softly, with a business-log line each; their proof files are unlinked.
func (s *Service) DeleteSocial(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "library: delete social %v", ids)
	p := auth.PrincipalFrom(ctx)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for _, id := range ids {
			cur, err := s.socialOne(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE lib_social_security SET deleted_at = ?, deleted_by = ?, proof_file_id = NULL, proof_name = '' WHERE id = ?`,
				now, userArg(p), id); err != nil {
				return fmt.Errorf("delete social row %d: %w", id, err)
			}
			if _, err := s.linkProof(ctx, tx, p, id, 0); err != nil {
				return err
			}
			if err := s.log(ctx, tx, audit.Change{Module: SocialCode, Action: audit.Delete, TargetID: id, Target: socialTarget(cur), Before: cur}); err != nil {
				return err
			}
		}
		return nil
	})
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"lib.social.file":          {"社保缴纳记录", "Social security"},
		"lib.social.sheet":         {"社保缴纳", "Social security"},
		"lib.social.template":      {"社保缴纳导入模板", "Social security import template"},
		"lib.social.employeeCode":  {"员工编号", "Employee number"},
		"lib.social.name":          {"姓名", "Name"},
		"lib.social.month":         {"缴纳月份", "Month"},
		"lib.social.city":          {"参保城市", "City"},
		"lib.social.base":          {"缴费基数（元）", "Contribution base (CNY)"},
		"lib.social.payingUnit":    {"缴纳单位", "Paying unit"},
		"lib.social.proof":         {"缴纳证明", "Proof"},
		"lib.social.field":         {"%s：%s", "%s: %s"},
		"lib.social.bad_month":     {"缴纳月份应为年月，如 2026-05", "The month is a year and month, e.g. 2026-05"},
		"lib.social.future_month":  {"缴纳月份不能晚于本月", "The month cannot be after the current month"},
		"lib.social.duplicate":     {"该员工%s在%s的同一缴纳单位已有记录", "The employee already has a record for %s in %s from the same paying unit"},
		"lib.social.dup_row":       {"与第%d行重复（同一员工、月份、城市、缴纳单位）", "Repeats row %d (same employee, month, city and paying unit)"},
		"lib.social.name_mismatch": {"姓名「%s」与员工编号%s（%s）不符", "The name '%s' does not match employee %s (%s)"},
		"lib.social.city_required": {"请填写参保城市", "Please fill in the city"},
		"lib.social.months":        {"连续社保", "Continuous social security"},
		"lib.social.runText":       {"%s %d个月", "%s %d months"},
	})
}

// seedSocial writes the demo experts' months (demo data, no business log): two with a long run in 上海 up to
// last month, one whose run was broken by a missing month, one who moved from 杭州 to 上海, one whose payments
// stopped two months ago; one month paid twice (a back payment by a second paying unit).
func (s *Service) seedSocial(ctx context.Context, today time.Time) error {
	last := AddMonths(today.Format(monthLayout), -1)
	type span struct {
		emp         int
		city        string
		from, to    int // months back from last month (0 is last month)
		base        float64
		skip        int // a month (back from last month) not paid; -1 none
		payingUnit  string
		secondMonth int // a month also paid by a second unit; -1 none
	}
	const company = "华信服务股份有限公司"
	spans := []span{
		{10, "上海", 0, 17, 12800, -1, company, -1},
		{21, "上海", 0, 13, 9800, -1, company, 4},
		{35, "上海", 0, 19, 15600, 5, company, -1},
		{42, "杭州", 3, 14, 8600, -1, "杭州华信物业服务有限公司", -1},
		{42, "上海", 0, 2, 9200, -1, company, -1},
		{57, "上海", 2, 9, 11000, -1, company, -1},
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, sp := range spans {
			code := demoCode(sp.emp)
			for back := sp.from; back <= sp.to; back++ {
				if back == sp.skip {
					continue
				}
				base := sp.base
				row := socialRow{employee: code, month: AddMonths(last, -back), city: sp.city, unit: sp.payingUnit, base: &base}
				id, err := s.writeSocial(ctx, tx, auth.PrincipalFrom(ctx), 0, row, false)
				if err != nil {
					return fmt.Errorf("demo social security %s %s: %w", code, row.month, err)
				}
				// entered when the bureau's list came: the 10th of the next month
				at, _ := time.Parse(monthLayout, AddMonths(row.month, 1))
				at = at.AddDate(0, 0, 9).Add(10 * time.Hour)
				if _, err := tx.Exec(ctx, `UPDATE lib_social_security SET created_at = ?, updated_at = ? WHERE id = ?`, at, at, id); err != nil {
					return fmt.Errorf("demo social security %d: %w", id, err)
				}
				if back == sp.secondMonth {
					extra := 800.0
					row.unit, row.base, row.remark = "华信人力资源服务有限公司", &extra, "补缴"
					if _, err := s.writeSocial(ctx, tx, auth.PrincipalFrom(ctx), 0, row, false); err != nil {
						return fmt.Errorf("demo social security %s %s: %w", code, row.month, err)
					}
				}
			}
		}
		return nil
	})
}
