package library

import (
	"context"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/list"
)

// Qualification is one of an expert's qualifications or certificates.
type Qualification struct {
	Name    string `json:"name"`
	Number  string `json:"number"`
	ValidTo string `json:"validTo"`
}

// Expert is an expert record as other areas read it (the expert Word book).
type Expert struct {
	ID             int64           `json:"id"`
	Name           string          `json:"name"`
	EmployeeCode   string          `json:"employeeCode"`
	EmployeeName   string          `json:"employeeName"`
	UnitCode       string          `json:"unitCode"`
	UnitName       string          `json:"unitName"`
	JobTitle       string          `json:"jobTitle"`
	Education      string          `json:"education"` // the dictionary label
	Years          int             `json:"years"`
	Phone          string          `json:"phone"`
	Specialities   []string        `json:"specialities"`
	Qualifications []Qualification `json:"qualifications"`
	Experience     string          `json:"experience"`
	PhotoFileID    int64           `json:"photoFileId"` // 0: no photo
	Status         string          `json:"status"`
}

func (s *Service) expertOf(r *Record) Expert {
	t := r.Type
	e := Expert{ID: r.ID, Name: r.Title(), EmployeeCode: r.EmployeeCode(), EmployeeName: r.EmployeeName, UnitCode: r.UnitCode(), UnitName: r.UnitName,
		JobTitle: r.Text(t.Field("jobTitle")), Education: s.label("education", r.Text(t.Field("education"))), Phone: r.Text(t.Field("phone")),
		Experience: r.Text(t.Field("experience")), Status: r.Status, Specialities: []string{}, Qualifications: []Qualification{}}
	if y, ok := r.Value(t.Field("years")).(int64); ok {
		e.Years = int(y)
	}
	for _, tg := range r.Tags {
		e.Specialities = append(e.Specialities, tg.Name)
	}
	rows, _ := r.Value(t.Field("qualifications")).([]any)
	for _, row := range rows {
		m, _ := row.(map[string]any)
		e.Qualifications = append(e.Qualifications, Qualification{Name: textOf(m["name"]), Number: textOf(m["number"]), ValidTo: textOf(m["validTo"])})
	}
	if photos := r.filesOf("photo"); len(photos) > 0 {
		e.PhotoFileID = photos[0].ID
	}
	return e
}

// expertScope limits experts to what the caller may see (everything for a call without a caller: a job).
func (s *Service) expertScope(ctx context.Context) (string, []any, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return "1=1", nil, nil
	}
	return s.scope(ctx, s.db, TypeOf(TypeExpert), p)
}

// Experts returns live expert records by id, in the order of ids; ids the caller may not see, or that do
// not exist, are left out.
func (s *Service) Experts(ctx context.Context, ids []int64) (_ []Expert, err error) {
	defer errs.Wrap(&err, "library: experts %v", ids)
	if len(ids) == 0 {
		return []Expert{}, nil
	}
	cond, args, err := s.expertScope(ctx)
	if err != nil {
		return nil, err
	}
	all := []any{TypeExpert}
	for _, id := range ids {
		all = append(all, id)
	}
	recs, err := s.records(ctx, `r.type = ? AND r.deleted_at IS NULL AND r.id IN (`+db.Placeholders(len(ids))+`) AND `+cond, "", 0, append(all, args...))
	if err != nil {
		return nil, err
	}
	byID := map[int64]*Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	out := make([]Expert, 0, len(ids))
	for _, id := range ids {
		if r := byID[id]; r != nil {
			out = append(out, s.expertOf(r))
			delete(byID, id)
		}
	}
	return out, nil
}

// ExpertsOfEmployee returns the published experts who are the employee, whatever the caller's scope: the caller
// decides who may ask (the certificate rewards ask for the signed-in user's own employee).
func (s *Service) ExpertsOfEmployee(ctx context.Context, employee string) (_ []Expert, err error) {
	defer errs.Wrap(&err, "library: experts of employee")
	out := []Expert{}
	if employee == "" {
		return out, nil
	}
	recs, err := s.records(ctx, `r.type = ? AND r.deleted_at IS NULL AND r.status = ? AND r.employee_code = ?`, "r.title, r.id", 0,
		[]any{TypeExpert, StatusPublished, employee})
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		out = append(out, s.expertOf(r))
	}
	return out, nil
}

// ExpertQuery searches experts: a keyword (name, employee, job title, qualifications), a qualification
// name, a unit (and its subordinate units), published only; paged.
type ExpertQuery struct {
	Keyword, Qualification, UnitCode string
	PublishedOnly                    bool
	Current, Limit                   int
}

// SearchExperts answers a page of experts the caller may see, by name, and the total.
func (s *Service) SearchExperts(ctx context.Context, q ExpertQuery) (_ []Expert, _ int, err error) {
	defer errs.Wrap(&err, "library: search experts")
	cond, args, err := s.expertScope(ctx)
	if err != nil {
		return nil, 0, err
	}
	where := []string{"r.type = ?", "r.deleted_at IS NULL", cond}
	all := append([]any{TypeExpert}, args...)
	if q.Keyword = strings.TrimSpace(q.Keyword); q.Keyword != "" {
		where = append(where, list.ContainsSQL("r.search_text"))
		all = append(all, list.ContainsArg(q.Keyword))
	}
	if q.Qualification = strings.TrimSpace(q.Qualification); q.Qualification != "" {
		where = append(where, list.ContainsSQL("r.data"))
		all = append(all, list.ContainsArg(q.Qualification))
	}
	if q.UnitCode = strings.TrimSpace(q.UnitCode); q.UnitCode != "" {
		where = append(where, list.PrefixSQL("r.unit_code"))
		all = append(all, list.PrefixArg(q.UnitCode))
	}
	if q.PublishedOnly {
		where = append(where, "r.status = ?")
		all = append(all, StatusPublished)
	}
	if q.Limit < 1 || q.Limit > list.MaxLimit {
		q.Limit = list.DefaultLimit
	}
	if q.Current < 1 || q.Current > list.MaxCurrent {
		q.Current = 1
	}
	w := strings.Join(where, " AND ")
	var total int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record r WHERE `+w, all...).Scan(&total); err != nil {
		return nil, 0, err
	}
	recs, err := s.records(ctx, w, "r.title, r.id", q.Limit, append(all, q.Limit, (q.Current-1)*q.Limit))
	if err != nil {
		return nil, 0, err
	}
	out := make([]Expert, 0, len(recs))
	for _, r := range recs {
		out = append(out, s.expertOf(r))
	}
	return out, total, nil
}

// records reads completed records matching where (ordered and limited when asked).
func (s *Service) records(ctx context.Context, where, order string, limit int, args []any) ([]*Record, error) {
	q := `SELECT ` + recordSelect + ` FROM ` + recordFrom + ` WHERE ` + where
	if order != "" {
		q += " ORDER BY " + order
	}
	if limit > 0 {
		q += " LIMIT ? OFFSET ?"
	}
	rows, err := s.db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []*Record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, s.complete(ctx, s.db, out)
}
