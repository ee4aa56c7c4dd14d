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
	"biddesk/internal/platform/sheet"
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
	for _, row := range rows {
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
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.same(ctx, tx, c, t); err != nil {
			return err
		}
		if err := moved(ctx, tx, t); err != nil {
			return err
		}
		now := time.Now().UTC()
		for i, r := range ok {
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
	return h.svc.Import(r.Context(), id, httpx.Lang(r), func(def sheet.Def, p *sheet.Problems) ([]sheet.Row, error) {
		rows, err := sheet.Rows(f, def, p)
		if err != nil {
			return nil, httpx.Fail("sheet.not_xlsx")
		}
		return rows, nil
	}, dryRun)
}

var dryRunParam = httpx.Param{Name: "dryRun", Type: reflect.TypeFor[bool](), Doc: "true: check every row, add none"}
