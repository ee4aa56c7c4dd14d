package library

import (
	"context"
	"net/http"
	"strconv"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/progress"
	"biddesk/internal/platform/sheet"

	"github.com/xuri/excelize/v2"
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
	m := progress.NewMeter(ctx)
	if dryRun {
		m.Expect(len(rows))
	} else {
		m.Expect(2 * len(rows)) // checked, then written
	}
	for _, row := range rows {
		if err := m.Step(); err != nil {
			return nil, err
		}
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
	m.Expect(len(forms))
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, f := range forms {
			if err := m.Step(); err != nil {
				return err // cancelled: nothing of the import is written
			}
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
	return s.ImportWorkbook(r.Context(), t, httpx.Lang(r), f, dryRun)
}

// ImportWorkbook imports (or with dryRun checks) an opened workbook into type t: its sheet of the type.
func (s *Service) ImportWorkbook(ctx context.Context, t *Type, lang string, f *excelize.File, dryRun bool) (*ImportReport, error) {
	problems := sheet.NewProblems(lang)
	def := sheetDef(t)
	rows, err := sheet.RowsCtx(ctx, f, def, problems)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
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
		rep, err := s.Import(ctx, t, lang, rows, problems, true)
		if err != nil {
			return nil, err
		}
		rep.DryRun = dryRun
		return rep, nil
	}
	return s.Import(ctx, t, lang, rows, problems, dryRun)
}

// ImportJobKind is the job kind of a library import sent to the background (every material type's).
const ImportJobKind = "library.import"

// ImportJobArgs are an import job's arguments (the workbook is the job's input).
type ImportJobArgs struct {
	Type   string `json:"type"`
	DryRun bool   `json:"dryRun"`
	Lang   string `json:"lang"`
}

// Background enqueues a job for the caller: its kind, a title the caller knows it by, its arguments and input.
type Background func(ctx context.Context, kind, title string, args any, input []byte) (int64, error)

// UseJobs gives the library the job engine a large import runs on.
func (s *Service) UseJobs(bg Background) { s.bg = bg }

// ImportAsyncOut is the job an import sent to the background runs as.
type ImportAsyncOut struct {
	JobID int64 `json:"jobId"`
}

// importAsync is POST .../import/async: the workbook is checked to be one, kept with a job, and imported in the
// background as its owner; the job's result (GET /api/sys/job/get) is the report POST .../import answers.
func (s *Service) importAsync(w http.ResponseWriter, r *http.Request, t *Type) (any, error) {
	if s.bg == nil {
		return nil, httpx.Fail("lib.import.no_jobs")
	}
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	data, name, err := sheet.ReadUploadBytes(w, r)
	if err != nil {
		return nil, err
	}
	f, err := sheet.Open(data)
	if err != nil {
		return nil, err
	}
	f.Close()
	id, err := s.bg(r.Context(), ImportJobKind, name, ImportJobArgs{Type: t.Key, DryRun: dryRun, Lang: httpx.Lang(r)}, data)
	if err != nil {
		return nil, err
	}
	return &ImportAsyncOut{JobID: id}, nil
}

// RunImportJob is an import job's work: the workbook of its input imported into its type, as its owner (ctx acts
// for them; the caller has checked they still hold the type's right).
func (s *Service) RunImportJob(ctx context.Context, t *Type, args ImportJobArgs, input []byte) (*ImportReport, error) {
	f, err := sheet.Open(input)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return s.ImportWorkbook(ctx, t, args.Lang, f, args.DryRun)
}
