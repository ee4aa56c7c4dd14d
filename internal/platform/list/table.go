package list

import (
	"context"
	"log/slog"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/progress"
)

// Column is one column of an export: its title (a message key, rendered in the caller's
// language) and how a record fills it.
type Column[T any] struct {
	Title string
	Value func(rec T, lang string) any
}

// Table is a list described as data: the Spec (filters, sorts), how a row is scanned, how a
// page is completed, and the export columns. It serves both the list call and its export.
type Table[T any] struct {
	DB      *db.DB
	Spec    *Spec
	Scan    Scanner[T]
	Columns []Column[T]
	// File is the message key of the export's file name (without date and suffix).
	File string
	// Complete, when set, fills in what one statement cannot (a user's roles, say) for a batch of records.
	Complete func(ctx context.Context, recs []T) error
	// Restrict, when set, adds the caller's own conditions (data rules, say) to every list and export
	// query after the request's filters are parsed.
	Restrict func(r *http.Request, in *httpx.Input, q *Query) error
}

// served counts the calls each Spec has answered in this process (Served).
var served sync.Map

// Served returns how many list and export calls each Spec has answered so far in this process: a plan
// test compares two of these around its own calls of every list endpoint to find their Specs.
func Served() map[*Spec]int64 {
	out := map[*Spec]int64{}
	served.Range(func(k, v any) bool {
		out[k.(*Spec)] = v.(*atomic.Int64).Load()
		return true
	})
	return out
}

// exportBatch is how many rows an export completes at a time.
const exportBatch = 500

// Query parses a request's list parameters.
func (t *Table[T]) Query(w http.ResponseWriter, r *http.Request) (*httpx.Input, *Query, error) {
	in, err := httpx.ReadInput(w, r)
	if err != nil {
		return nil, nil, err
	}
	if n, ok := served.Load(t.Spec); ok {
		n.(*atomic.Int64).Add(1)
	} else {
		n, _ := served.LoadOrStore(t.Spec, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
	}
	q, err := t.Spec.Parse(in)
	if err == nil && t.Restrict != nil {
		err = t.Restrict(r, in, q)
	}
	return in, q, err
}

// List is the handler of the list call: {records, current, limit, total, pages}.
func (t *Table[T]) List(w http.ResponseWriter, r *http.Request) (any, error) {
	_, q, err := t.Query(w, r)
	if err != nil {
		return nil, err
	}
	p, err := Run(r.Context(), t.DB, t.Spec, q, t.Scan)
	if err != nil {
		return nil, err
	}
	if t.Complete != nil && len(p.Records) > 0 {
		if err := t.Complete(r.Context(), p.Records); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// One reads the single row of the list that cond (a condition with '?' parameters, never
// request text) selects, with the Spec's own condition; db.ErrNoRows when there is none.
func (t *Table[T]) One(ctx context.Context, cond string, args ...any) (T, error) {
	where := cond
	if t.Spec.Where != "" {
		where = "(" + t.Spec.Where + ") AND " + cond
	}
	return t.Scan(t.DB.QueryRow(ctx, "SELECT "+t.Spec.Select+" FROM "+t.Spec.From+" WHERE "+where, args...))
}

// Export is the handler of the export call: the same filters and order, every matching row,
// as .xlsx (or CSV with format=csv).
func (t *Table[T]) Export(w http.ResponseWriter, r *http.Request) (any, error) {
	in, q, err := t.Query(w, r)
	if err != nil {
		return nil, err
	}
	format, err := export.Format(in.String("format"))
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	if c := CountAsked(ctx); c != nil {
		c.Rows, err = ExportCount(ctx, t.DB, t.Spec, q)
		c.Known = err == nil
		return httpx.Written{}, err
	}
	// in a job, the rows written are reported of the whole (counted first)
	total, written := 0, 0
	if progress.On(ctx) {
		if total, err = ExportCount(ctx, t.DB, t.Spec, q); err != nil {
			return nil, err
		}
		progress.Report(ctx, 0, total)
	}
	lang := httpx.Lang(r)
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = httpx.Translate(lang, c.Title)
	}
	tw := &startedWriter{ResponseWriter: w}
	err = export.Stream(tw, format, httpx.Translate(lang, t.File), header, func(xw export.Writer) error {
		batch := make([]T, 0, exportBatch)
		flush := func() error {
			if len(batch) == 0 {
				return nil
			}
			if t.Complete != nil {
				if err := t.Complete(r.Context(), batch); err != nil {
					return err
				}
			}
			for _, rec := range batch {
				cells := make([]any, len(t.Columns))
				for i, c := range t.Columns {
					cells[i] = c.Value(rec, lang)
				}
				if err := xw.Row(cells...); err != nil {
					return err
				}
			}
			written += len(batch)
			progress.Report(ctx, written, max(total, written))
			batch = batch[:0]
			return nil
		}
		err := Each(r.Context(), t.DB, t.Spec, q, MaxExportRows, t.Scan, func(rec T) error {
			batch = append(batch, rec)
			if len(batch) == exportBatch {
				return flush()
			}
			return nil
		})
		if err != nil {
			return err
		}
		return flush()
	})
	if err != nil {
		if tw.started {
			// The file has started; an envelope can no longer be sent.
			slog.Error("export failed midway", "path", r.URL.Path, "err", err)
			return httpx.Written{}, nil
		}
		return nil, err
	}
	return httpx.Written{}, nil
}

// startedWriter tells whether the response has started, after which an error can only be logged.
type startedWriter struct {
	http.ResponseWriter
	started bool
}

func (s *startedWriter) WriteHeader(code int) {
	s.started = true
	s.ResponseWriter.WriteHeader(code)
}

func (s *startedWriter) Write(b []byte) (int, error) {
	s.started = true
	return s.ResponseWriter.Write(b)
}

// FormatParam is the file format parameter of an export.
var FormatParam = httpx.Param{Name: "format", Type: reflect.TypeFor[string](), Enum: []string{"xlsx", "csv"}, Doc: "xlsx (default) or csv"}
