package org

import (
	"context"
	"net/http"
	"strings"
	"unicode"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// MaxLookupLines is how many pasted lines one employee look-up resolves (spec section 5).
const MaxLookupLines = 1000

// EmployeeRef is an employee as the picker shows it: name(code), with the unit. Match is the
// pasted line it was found by, so the picker can keep the lines that found nobody (the answer
// never carries a phone or e-mail the caller did not send).
type EmployeeRef struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	UnitCode string `json:"unitCode"`
	UnitName string `json:"unitName"`
	Match    string `json:"match" doc:"the pasted line (code, phone or e-mail in lower case, or name) this employee was found by"`
}

// OpenAPIName keeps the name the web knows a picked employee by.
func (EmployeeRef) OpenAPIName() string { return "EmployeeRef" }

// lookupBy names the column set a look-up matches.
type lookupBy int

const (
	byCode lookupBy = iota
	byPhoneOrEmail
	byName
)

// Employees resolves up to MaxLookupLines values to active employees in one query, in the
// order of the values (duplicates once).
func (s *Store) Employees(ctx context.Context, by lookupBy, values []string) (_ []EmployeeRef, err error) {
	defer errs.Wrap(&err, "org: employees")
	values = cleanLines(values, by == byPhoneOrEmail)
	if len(values) == 0 {
		return []EmployeeRef{}, nil
	}
	if len(values) > MaxLookupLines {
		return nil, httpx.Fail("org.lookup_too_many", MaxLookupLines)
	}
	if by == byName && len(values) <= NameSearchTerms {
		return s.employeesByNamePart(ctx, values)
	}
	ph := placeholders(len(values))
	var where string
	args := anySlice(values)
	switch by {
	case byCode:
		where = "e.code IN (" + ph + ")"
	case byName:
		where = "e.name IN (" + ph + ")"
	default:
		where = "(e.phone IN (" + ph + ") OR e.email IN (" + ph + "))"
		args = append(args, args...)
	}
	rows, err := s.db.Query(ctx, `SELECT e.code, e.name, e.unit_code, COALESCE(`+LabelSQL("o")+`, ''), e.phone, e.email
		FROM employee e LEFT JOIN org_unit o ON o.full_unit_code = e.unit_code
		WHERE e.in_status = 1 AND `+where+` ORDER BY e.code`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	// order the hits as the lines were given: a pasted list comes back in its own order
	hits := map[string][]EmployeeRef{}
	for rows.Next() {
		var e EmployeeRef
		var phone, email string
		if err := rows.Scan(&e.Code, &e.Name, &e.UnitCode, &e.UnitName, &phone, &email); err != nil {
			return nil, err
		}
		switch by {
		case byCode:
			hits[e.Code] = append(hits[e.Code], e)
		case byName:
			hits[e.Name] = append(hits[e.Name], e)
		default:
			hits[phone] = append(hits[phone], e)
			if email != "" {
				hits[strings.ToLower(email)] = append(hits[strings.ToLower(email)], e)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []EmployeeRef{}
	seen := map[string]bool{}
	for _, v := range values {
		for _, e := range hits[v] {
			if !seen[e.Code] {
				seen[e.Code] = true
				e.Match = v
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// NameSearchTerms is how many names a name search matches by part; a longer list (a pasted roll) is
// matched by whole names. NameSearchHits bounds the employees one part answers.
const (
	NameSearchTerms = 10
	NameSearchHits  = 50
)

// employeesByNamePart is the picker's name search: each term finds the active employees whose name
// contains it (so '王' finds 王伟 and 汪王林), or whose pinyin initials begin with it ('wj' finds 王建国), best matches first: the whole name, then names that begin
// with it, then shorter names. A term of one or two characters holds no trigram, so this is a LIKE:
// bounded per term and over a table of staff, not of documents.
func (s *Store) employeesByNamePart(ctx context.Context, terms []string) ([]EmployeeRef, error) {
	out := []EmployeeRef{}
	seen := map[string]bool{}
	for _, term := range terms {
		// a term of letters is pinyin initials as well ('wjg' → 王建国): whole initials first, then those
		// that begin with it; a name that holds the letters (an English name) still matches
		match, args := list.ContainsSQL("e.name"), []any{list.ContainsArg(term)}
		rank, rankArgs := "CASE WHEN e.name = ? THEN 0 WHEN "+list.PrefixSQL("e.name")+" THEN 1 ELSE 2 END", []any{term, list.PrefixArg(term)}
		if isInitials(term) {
			lower := strings.ToLower(term)
			match, args = "("+match+" OR "+list.PrefixSQL("e.name_initials")+")", append(args, list.PrefixArg(lower))
			rank, rankArgs = "CASE WHEN e.name = ? OR e.name_initials = ? THEN 0 WHEN "+list.PrefixSQL("e.name")+" THEN 1 ELSE 2 END", []any{term, lower, list.PrefixArg(term)}
		}
		args = append(append(args, rankArgs...), NameSearchHits)
		rows, err := s.db.Query(ctx, `SELECT e.code, e.name, e.unit_code, COALESCE(`+LabelSQL("o")+`, '')
			FROM employee e LEFT JOIN org_unit o ON o.full_unit_code = e.unit_code
			WHERE e.in_status = 1 AND `+match+`
			ORDER BY `+rank+`, LENGTH(e.name), e.name, e.code
			LIMIT ?`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var e EmployeeRef
			if err := rows.Scan(&e.Code, &e.Name, &e.UnitCode, &e.UnitName); err != nil {
				rows.Close()
				return nil, err
			}
			if !seen[e.Code] {
				seen[e.Code] = true
				e.Match = term
				out = append(out, e)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// cleanLines trims the values, drops blanks and repeats, and lower-cases e-mail addresses.
func cleanLines(values []string, lowerEmail bool) []string {
	out := make([]string, 0, len(values))
	seen := map[string]bool{}
	for _, v := range values {
		v = strings.TrimSpace(v)
		if lowerEmail && strings.Contains(v, "@") {
			v = strings.ToLower(v)
		}
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	return out
}

// splitNames splits the names of employeeNames: commas (either width), spaces or new lines.
func splitNames(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == '，' || r == '、' || r == ';' || r == '；' || unicode.IsSpace(r)
	})
}

// lines splits the entries of a list parameter of lines: a JSON array, or one text with a line per entry.
func lines(vs []string) []string {
	var out []string
	for _, v := range vs {
		out = append(out, strings.Split(strings.ReplaceAll(v, "\r\n", "\n"), "\n")...)
	}
	return out
}

// SelectorIn is what the employee picker sends: exactly one of the three.
type SelectorIn struct {
	EmployeeCodes *[]string `param:"employeeCodes" doc:"employee codes: a JSON array or a text with one per line (at most 1000)"`
	PhoneOrEmails *[]string `param:"phoneOrEmails" doc:"phones or e-mails: a JSON array or a text with one per line (at most 1000)"`
	EmployeeNames *string   `param:"employeeNames" doc:"names separated by commas, spaces or new lines"`
}

// EmployeeSelector is POST /api/employee/selector (getEmployeeList): exactly one of
// employeeCodes, phoneOrEmails (lines) or employeeNames (a text of names).
func (h *Handlers) EmployeeSelector(r *http.Request, in SelectorIn) ([]EmployeeRef, error) {
	given := 0
	for _, sent := range []bool{in.EmployeeCodes != nil, in.PhoneOrEmails != nil, in.EmployeeNames != nil} {
		if sent {
			given++
		}
	}
	if given != 1 {
		return nil, httpx.Fail("org.selector_one_of")
	}
	switch {
	case in.EmployeeCodes != nil:
		return h.store.Employees(r.Context(), byCode, lines(*in.EmployeeCodes))
	case in.PhoneOrEmails != nil:
		return h.store.Employees(r.Context(), byPhoneOrEmail, lines(*in.PhoneOrEmails))
	default:
		return h.store.Employees(r.Context(), byName, splitNames(*in.EmployeeNames))
	}
}

// ActiveEmployee is the active employee of a code, with the phone and e-mail the organisation holds (single
// sign-on creates an employee's account from it); nil when there is none.
func (s *Store) ActiveEmployee(ctx context.Context, code string) (_ *Contact, err error) {
	defer errs.Wrap(&err, "org: active employee %s", code)
	var e Contact
	err = s.db.QueryRow(ctx, `SELECT code, name, unit_code, phone, email FROM employee WHERE code = ? AND in_status = 1`, code).
		Scan(&e.Code, &e.Name, &e.UnitCode, &e.Phone, &e.Email)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &e, nil
}

// Contact is one employee with the contact details the organisation holds.
type Contact struct {
	Code, Name, UnitCode, Phone, Email string
}

// EmployeesByCode resolves employee codes to active employees (as the picker's number import does).
func (s *Store) EmployeesByCode(ctx context.Context, codes []string) (_ []EmployeeRef, err error) {
	defer errs.Wrap(&err, "org: employees by code")
	return s.Employees(ctx, byCode, codes)
}
