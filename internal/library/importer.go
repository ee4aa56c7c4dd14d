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

// sheetDef is the import sheet of a type: its fields marked importable, titled by their labels.
func sheetDef(t *Type) sheet.Def {
	d := sheet.Def{Name: t.Name}
	for i := range t.Fields {
		f := &t.Fields[i]
		if !f.Import {
			continue
		}
		max := f.Max
		if f.Kind != KindText && f.Kind != KindTextarea {
			max = 0
		}
		d.Columns = append(d.Columns, sheet.Column{Key: f.Key, Title: f.Label, Required: f.Required, Max: max, Example: f.Example})
	}
	return d
}

// rowValues is an import row as a form's values.
type rowValues sheet.Row

func (r rowValues) Has(name string) bool      { _, ok := r.Values[name]; return ok }
func (r rowValues) String(name string) string { return r.Values[name] }
func (r rowValues) Strings(string) []string   { return nil }
func (r rowValues) Decode(string, any) error  { return nil }

// ImportReport is what a dry run (and an import) answers.
type ImportReport struct {
	DryRun   bool            `json:"dryRun"`
	Applied  bool            `json:"applied"`
	Rows     int             `json:"rows"`
	Created  int             `json:"created"`
	Problems []sheet.Problem `json:"problems"`
}

// Import checks every row of the sheet and, unless dryRun or a row is wrong, creates all of them in one
// transaction (all or nothing): each row is a new record, reviewed as an entry of the caller's would be.
func (s *Service) Import(ctx context.Context, t *Type, lang string, rows []sheet.Row, problems *sheet.Problems, dryRun bool) (_ *ImportReport, err error) {
	defer errs.Wrap(&err, "library: import")
	rep := &ImportReport{DryRun: dryRun, Rows: len(rows)}
	def := sheetDef(t)
	label := httpx.Translate(lang, def.Name)
	forms := make([]*Form, 0, len(rows))
	for _, row := range rows {
		if problems.Flagged(row.Line) { // the sheet already reported it (an empty required cell, an over-long value)
			continue
		}
		f, err := readForm(t, rowValues(row), lang)
		if err == nil {
			err = s.refs(ctx, s.db, f, lang, true)
		}
		if err != nil {
			he, ok := err.(*httpx.Error)
			if !ok {
				return nil, err
			}
			problems.Add(label, row.Line, "", "lib.import.row", httpx.Translate(lang, he.Key, he.Args...))
			continue
		}
		forms = append(forms, f)
	}
	rep.Problems = problems.List
	rep.Created = len(forms)
	if dryRun || !problems.Empty() || len(forms) == 0 {
		if !problems.Empty() {
			rep.Created = 0
		}
		return rep, nil
	}
	p := auth.PrincipalFrom(ctx)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, f := range forms {
			if _, err := s.insert(ctx, tx, f, p, lang, true); err != nil {
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

// importTemplate writes the import workbook of a type.
func importTemplate(w http.ResponseWriter, r *http.Request, t *Type) error {
	return sheet.Template(w, httpx.Lang(r), "lib.import.template", sheetDef(t))
}

// importUpload reads an uploaded workbook and imports it (multipart: file; query dryRun=true to check only).
func (s *Service) importUpload(w http.ResponseWriter, r *http.Request, t *Type) (any, error) {
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	f, err := sheet.ReadUpload(w, r)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lang := httpx.Lang(r)
	problems := sheet.NewProblems(lang)
	def := sheetDef(t)
	rows, err := sheet.Rows(f, def, problems)
	if err != nil {
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	if rows == nil {
		if problems.Empty() {
			problems.Add("", 0, "", "lib.import.no_sheet", httpx.Translate(lang, def.Name))
		}
		return &ImportReport{DryRun: dryRun, Problems: problems.List}, nil
	}
	if !problems.Empty() {
		// the sheet's own problems (missing or over-long cells) come with the rows' problems
		rep, err := s.Import(r.Context(), t, lang, rows, problems, true)
		if err != nil {
			return nil, err
		}
		rep.DryRun = dryRun
		return rep, nil
	}
	return s.Import(r.Context(), t, lang, rows, problems, dryRun)
}
