package library

import (
	"context"
	"net/http"
	"strconv"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/sheet"
)

// socialSheet is the import sheet of the bureau's monthly spreadsheet: one row per employee and month.
var socialSheet = sheet.Def{Name: "lib.social.sheet", Columns: []sheet.Column{
	{Key: "employeeCode", Title: "lib.social.employeeCode", Required: true, Max: 50, Example: "HX000010"},
	{Key: "name", Title: "lib.social.name", Max: 50, Example: "张伟"},
	{Key: "month", Title: "lib.social.month", Required: true, Max: 20, Example: "2026-05"},
	{Key: "city", Title: "lib.social.city", Required: true, Max: socialCityMax + 1, Example: "上海"},
	{Key: "base", Title: "lib.social.base", Max: 20, Example: "12000.00"},
	{Key: "payingUnit", Title: "lib.social.payingUnit", Max: socialUnitMax, Example: "华信服务股份有限公司"},
	{Key: "remark", Title: "lib.f.remark", Max: socialRemarkMax},
}}

// SocialImportReport is what a check (dryRun) and an import answer: the rows, how many would be (or were) added
// and how many replace a row of the same employee, month, city and paying unit, and every bad row.
type SocialImportReport struct {
	DryRun   bool            `json:"dryRun"`
	Applied  bool            `json:"applied"`
	Rows     int             `json:"rows"`
	Created  int             `json:"created"`
	Updated  int             `json:"updated"`
	Problems []sheet.Problem `json:"problems"`
}

// OpenAPIName keeps the name the web uses.
func (SocialImportReport) OpenAPIName() string { return "LibSocialImportReport" }

// ImportSocial checks every row and, unless dryRun or a row is wrong, writes all of them in one transaction
// (all or nothing). A row of the same employee, month, city and paying unit as a live row replaces its base and
// remark (importing the same month twice changes nothing); the same row twice in the file is a problem. The
// name, when given, must be the employee's.
func (s *Service) ImportSocial(ctx context.Context, lang string, rows []sheet.Row, problems *sheet.Problems, dryRun bool) (_ *SocialImportReport, err error) {
	defer errs.Wrap(&err, "library: import social")
	rep := &SocialImportReport{DryRun: dryRun, Rows: len(rows), Problems: []sheet.Problem{}}
	label := httpx.Translate(lang, socialSheet.Name)
	var codes []string
	for _, row := range rows {
		codes = append(codes, row.Get("employeeCode"))
	}
	names, err := s.employeeNames(ctx, s.db, codes)
	if err != nil {
		return nil, err
	}
	type line struct {
		row socialRow
		id  int64 // the live row it replaces
	}
	var lines []line
	firstLine := map[string]int{}
	for _, row := range rows {
		if problems.Flagged(row.Line) {
			continue
		}
		r, err := s.checkSocial(SocialForm{EmployeeCode: row.Get("employeeCode"), Month: row.Get("month"), City: row.Get("city"),
			Base: row.Get("base"), PayingUnit: row.Get("payingUnit"), Remark: row.Get("remark")}, lang)
		if err == nil {
			name, ok := names[r.employee]
			switch {
			case !ok:
				err = httpx.Fail("lib.employee_unknown", r.employee)
			case row.Get("name") != "" && row.Get("name") != name:
				err = httpx.Fail("lib.social.name_mismatch", row.Get("name"), r.employee, name)
			}
		}
		if err == nil {
			key := r.employee + "\x00" + r.month + "\x00" + r.city + "\x00" + r.unit
			if first, dup := firstLine[key]; dup {
				err = httpx.Fail("lib.social.dup_row", first)
			} else {
				firstLine[key] = row.Line
			}
		}
		var id int64
		if err == nil {
			id, err = s.sameSocial(ctx, s.db, r, 0)
		}
		if err != nil {
			he, ok := err.(*httpx.Error)
			if !ok {
				return nil, err
			}
			problems.Add(label, row.Line, "", "lib.import.row", httpx.Translate(lang, he.Key, he.Args...))
			continue
		}
		lines = append(lines, line{r, id})
		if id > 0 {
			rep.Updated++
		} else {
			rep.Created++
		}
	}
	rep.Problems = problems.List
	if !problems.Empty() {
		rep.Created, rep.Updated = 0, 0
	}
	if dryRun || !problems.Empty() || len(lines) == 0 {
		return rep, nil
	}
	p := auth.PrincipalFrom(ctx)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, l := range lines {
			if _, err := s.writeSocial(ctx, tx, p, l.id, l.row, true); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep.Applied = true
	return rep, nil
}

// socialTemplate writes the import workbook.
func socialTemplate(w http.ResponseWriter, r *http.Request) error {
	return sheet.Template(w, httpx.Lang(r), "lib.social.template", socialSheet)
}

// importSocialUpload reads an uploaded workbook and imports it (multipart: file; query dryRun=true to check only).
func (s *Service) importSocialUpload(w http.ResponseWriter, r *http.Request) (any, error) {
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	f, err := sheet.ReadUpload(w, r)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lang := httpx.Lang(r)
	problems := sheet.NewProblems(lang)
	rows, err := sheet.Rows(f, socialSheet, problems)
	if err != nil {
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	if rows == nil {
		if problems.Empty() {
			problems.Add("", 0, "", "lib.import.no_sheet", httpx.Translate(lang, socialSheet.Name))
		}
		return &SocialImportReport{DryRun: dryRun, Problems: problems.List}, nil
	}
	rep, err := s.ImportSocial(r.Context(), lang, rows, problems, dryRun || !problems.Empty())
	if rep != nil {
		rep.DryRun = dryRun
	}
	return rep, err
}
