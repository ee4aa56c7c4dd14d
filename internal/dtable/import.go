package dtable

import (
	"context"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/progress"
	"biddesk/internal/platform/sheet"

	"github.com/xuri/excelize/v2"
)

// sheetName is the message key of a table's import sheet (the same in every table: a table's own name
// may hold characters a sheet name cannot).
const sheetName = "dtable.file"

// sheetDef is the import sheet of t: a column per live field, titled by the field's name.
func sheetDef(t *live) sheet.Def {
	d := sheet.Def{Name: sheetName}
	for _, f := range t.Fields {
		max := 0
		if f.Type == TypeVarchar {
			max = MaxTextLen
		}
		d.Columns = append(d.Columns, sheet.Column{Key: f.FieldName, Title: f.Name, Required: f.Required == 1, Max: max})
	}
	return d
}

// ImportReport is what a dry run (and an import) answers: the rows read, the rows added (none unless every
// row is right), and every bad row.
type ImportReport struct {
	DryRun   bool            `json:"dryRun"`
	Applied  bool            `json:"applied"`
	Rows     int             `json:"rows"`
	Created  int             `json:"created"`
	Problems []sheet.Problem `json:"problems"`
}

// Import checks every row of an uploaded sheet as an added row would be checked and, unless dryRun or a
// row is wrong, adds them all in one transaction (all or nothing).
func (s *Service) Import(ctx context.Context, tableID int64, lang string, read func(sheet.Def, *sheet.Problems) ([]sheet.Row, error), dryRun bool) (_ *ImportReport, err error) {
	defer errs.Wrap(&err, "dtable: import %d", tableID)
	c, t, err := s.forWrite(ctx, tableID)
	if err != nil {
		return nil, err
	}
	problems := sheet.NewProblems(lang)
	def := sheetDef(t)
	rows, err := read(def, problems)
	if err != nil {
		return nil, err
	}
	label := httpx.Translate(lang, sheetName)
	rep := &ImportReport{DryRun: dryRun, Rows: len(rows), Problems: []sheet.Problem{}}
	if rows == nil && problems.Empty() {
		problems.Add(label, 0, "", "dtable.import_empty")
	}
	if len(rows) > MaxImportRows {
		problems.Add(label, 0, "", "dtable.import_too_many", MaxImportRows)
	}
	type checked struct {
		fs []Field
		vs []any
	}
	var ok []checked
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
		if problems.Flagged(row.Line) || len(rows) > MaxImportRows {
			continue
		}
		values := map[string]any{}
		for k, v := range row.Values {
			if v != "" { // an empty cell takes the field's default
				values[k] = v
			}
		}
		fs, vs, err := s.values(ctx, t, values, true)
		if err != nil {
			he, isFail := err.(*httpx.Error)
			if !isFail {
				return nil, err
			}
			problems.Add(label, row.Line, "", "dtable.import_row", row.Line, httpx.Translate(lang, he.Key, he.Args...))
			continue
		}
		ok = append(ok, checked{fs, vs})
	}
	rep.Problems = problems.List
	if !problems.Empty() || dryRun || len(ok) == 0 {
		if problems.Empty() {
			rep.Created = len(ok)
		}
		return rep, nil
	}
	m.Expect(len(ok))
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.same(ctx, tx, c, t); err != nil {
			return err
		}
		if err := moved(ctx, tx, t); err != nil {
			return err
		}
		now := time.Now().UTC()
		for i, r := range ok {
			if err := m.Step(); err != nil {
				return err // cancelled: nothing of the import is written
			}
			cols := []string{"created_by", "created_at", "updated_at"}
			args := []any{c.UserID, now, now}
			for j, f := range r.fs {
				cols = append(cols, f.column())
				args = append(args, r.vs[j])
			}
			if _, err := tx.Exec(ctx, `INSERT INTO `+tableName(t.ID)+` (`+strings.Join(cols, ", ")+`) VALUES (`+marks(len(cols))+`)`, args...); err != nil {
				if e := s.unique(err, t); e != err {
					he := e.(*httpx.Error)
					return httpx.Fail("dtable.import_row", rows[i].Line, httpx.Translate(lang, he.Key, he.Args...))
				}
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: "import", TargetID: t.ID, Target: t.Name, After: map[string]int{"rows": len(ok)}})
	})
	if err != nil {
		return nil, err
	}
	rep.Created, rep.Applied = len(ok), true
	return rep, nil
}

// Template is GET /api/dtable/data/template: the import workbook of a table (a column per field).
func (h *Handlers) Template(w http.ResponseWriter, r *http.Request) (any, error) {
	id, err := httpx.ParseID("tableId", r.URL.Query().Get("tableId"))
	if err != nil {
		return nil, err
	}
	_, t, err := h.svc.forWrite(r.Context(), id)
	if err != nil {
		return nil, err
	}
	return httpx.Written{}, sheet.Template(w, httpx.Lang(r), t.Name, sheetDef(t))
}

// Import is POST /api/dtable/data/import (multipart: file; query tableId, dryRun=true to check only).
func (h *Handlers) Import(w http.ResponseWriter, r *http.Request) (any, error) {
	id, err := httpx.ParseID("tableId", r.URL.Query().Get("tableId"))
	if err != nil {
		return nil, err
	}
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	// The caller's right to write is checked before the upload is read.
	if _, _, err := h.svc.forWrite(r.Context(), id); err != nil {
		return nil, err
	}
	f, err := sheet.ReadUpload(w, r)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return h.svc.ImportWorkbook(r.Context(), id, httpx.Lang(r), f, dryRun)
}

// ImportWorkbook imports (or with dryRun checks) an opened workbook into table id.
func (s *Service) ImportWorkbook(ctx context.Context, id int64, lang string, f *excelize.File, dryRun bool) (*ImportReport, error) {
	return s.Import(ctx, id, lang, func(def sheet.Def, p *sheet.Problems) ([]sheet.Row, error) {
		rows, err := sheet.RowsCtx(ctx, f, def, p)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, httpx.Fail("sheet.not_xlsx")
		}
		return rows, nil
	}, dryRun)
}

// ImportJobKind is the job kind of a table's import sent to the background.
const ImportJobKind = "dtable.import"

// ImportJobArgs are an import job's arguments (the workbook is the job's input).
type ImportJobArgs struct {
	TableID int64  `json:"tableId"`
	DryRun  bool   `json:"dryRun"`
	Lang    string `json:"lang"`
}

// Background enqueues a job for the caller: its kind, a title the caller knows it by, its arguments and input.
type Background func(ctx context.Context, kind, title string, args any, input []byte) (int64, error)

// UseJobs gives the tables the job engine a large import runs on.
func (s *Service) UseJobs(bg Background) { s.bg = bg }

// ImportAsyncOut is the job an import sent to the background runs as.
type ImportAsyncOut struct {
	JobID int64 `json:"jobId"`
}

// ImportAsync is POST /api/dtable/data/import/async: the caller's right to write is checked, the workbook checked to
// be one and kept with a job, and imported in the background as its owner (their right checked again when it runs);
// the job's result (GET /api/sys/job/get) is the report POST /api/dtable/data/import answers.
func (h *Handlers) ImportAsync(w http.ResponseWriter, r *http.Request) (any, error) {
	if h.svc.bg == nil {
		return nil, httpx.Fail("dtable.import_no_jobs")
	}
	id, err := httpx.ParseID("tableId", r.URL.Query().Get("tableId"))
	if err != nil {
		return nil, err
	}
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	if _, _, err := h.svc.forWrite(r.Context(), id); err != nil {
		return nil, err
	}
	data, name, err := sheet.ReadUploadBytes(w, r)
	if err != nil {
		return nil, err
	}
	f, err := sheet.Open(data)
	if err != nil {
		return nil, err
	}
	f.Close()
	job, err := h.svc.bg(r.Context(), ImportJobKind, name, ImportJobArgs{TableID: id, DryRun: dryRun, Lang: httpx.Lang(r)}, data)
	if err != nil {
		return nil, err
	}
	return &ImportAsyncOut{JobID: job}, nil
}

// RunImportJob is an import job's work: the workbook of its input imported as its owner (ctx acts for them).
func (s *Service) RunImportJob(ctx context.Context, args ImportJobArgs, input []byte) (*ImportReport, error) {
	f, err := sheet.Open(input)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return s.ImportWorkbook(ctx, args.TableID, args.Lang, f, args.DryRun)
}

var dryRunParam = httpx.Param{Name: "dryRun", Type: reflect.TypeFor[bool](), Doc: "true: check every row, add none"}
