package stats

import (
	"context"
	"net/http"

	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
)

// Handlers are the statistics calls.
type Handlers struct{ svc *Service }

// NewHandlers serves svc.
func NewHandlers(svc *Service) *Handlers { return &Handlers{svc: svc} }

// screen is one statistics answer: a report from a filter.
type screen func(ctx context.Context, lang string, f Filter) (*Report, error)

// typed is a statistics call in the typed shape of the route table.
func typed(fn screen) func(r *http.Request, f Filter) (Report, error) {
	return func(r *http.Request, f Filter) (Report, error) {
		rep, err := fn(r.Context(), httpx.Lang(r), f)
		if err != nil || rep == nil {
			return Report{}, err
		}
		rep.normalize()
		return *rep, nil
	}
}

// normalize gives every list of the report a value: an empty chart has [] labels and values, not null.
func (r *Report) normalize() {
	for i := range r.Charts {
		c := &r.Charts[i]
		if c.Labels == nil {
			c.Labels = []string{}
		}
		for j := range c.Series {
			if c.Series[j].Values == nil {
				c.Series[j].Values = []int64{}
			}
		}
	}
	for i := range r.Tables {
		if r.Tables[i].Rows == nil {
			r.Tables[i].Rows = []map[string]any{}
		}
	}
}

// download streams every table of a screen's report as one sheet: the first table's header is the sheet's,
// each further table follows after an empty row with its title and its header; every table ends with its
// total row. The file is named by the message key file.
func download(fn screen, file string) func(w http.ResponseWriter, r *http.Request, f Filter) error {
	return func(w http.ResponseWriter, r *http.Request, f Filter) error {
		lang := httpx.Lang(r)
		format, err := export.Format(f.Format)
		if err != nil {
			return err
		}
		rep, err := fn(r.Context(), lang, f)
		if err != nil {
			return err
		}
		var header []string
		if len(rep.Tables) > 0 {
			header = titles(rep.Tables[0])
		}
		total := httpx.Translate(lang, "stats.total")
		err = export.Stream(w, format, httpx.Translate(lang, file), header, func(x export.Writer) error {
			for i, t := range rep.Tables {
				if i > 0 {
					if err := x.Row(); err != nil {
						return err
					}
					if err := x.Row(t.Title); err != nil {
						return err
					}
					if err := x.Row(strs(titles(t))...); err != nil {
						return err
					}
				}
				sums := make([]int64, len(t.Columns))
				summed := false
				for _, row := range t.Rows {
					cells := make([]any, len(t.Columns))
					for j, col := range t.Columns {
						cells[j] = row[col.Key]
						if n, ok := row[col.Key].(int64); ok && col.Number && !col.Distinct && !t.NoTotal {
							sums[j] += n
							summed = true
						}
					}
					if err := x.Row(cells...); err != nil {
						return err
					}
				}
				if summed && len(t.Columns) > 0 {
					cells := make([]any, len(t.Columns))
					cells[0] = total
					for j, col := range t.Columns {
						if v, ok := t.Totals[col.Key]; ok {
							cells[j] = v
						} else if col.Number && !col.Distinct {
							cells[j] = sums[j]
						}
					}
					if err := x.Row(cells...); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil && w.Header().Get("Content-Disposition") == "" {
			return err // nothing sent yet: the envelope says why
		}
		return nil
	}
}

func titles(t Table) []string {
	out := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		out[i] = c.Title
	}
	return out
}

func strs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
