package dataset

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// CatalogColumn is a column a dataset of the caller may read: its name as a statement writes it, its title in the
// caller's language, a dynamic table's field type, and whether it is a personal column the system parameter
// dataset.personal_columns does not allow (named, so the designer can say why it is refused).
type CatalogColumn struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Type     string `json:"type" doc:"a dynamic table's field type (int, varchar, datetime, money, date); empty for a system table"`
	Personal bool   `json:"personal" doc:"a personal column not allowed by dataset.personal_columns: a statement using it is refused"`
}

// CatalogTable is a table a dataset of the caller may read.
type CatalogTable struct {
	Name    string          `json:"name" doc:"the name a statement writes"`
	Title   string          `json:"title"`
	Kind    string          `json:"kind" enum:"system,dynamic"`
	Scoped  bool            `json:"scoped" doc:"only the rows of the caller's units are read"`
	Refused string          `json:"refused" doc:"why a dynamic table cannot be named in a dataset (its name is reserved or taken); empty when it can"`
	Columns []CatalogColumn `json:"columns"`
}

// Catalog is what the dataset designer lists: the dynamic tables the caller's roles may read, by their own names
// and field codes, then the system tables of the allow-list with their readable columns.
type Catalog struct {
	Tables []CatalogTable `json:"tables"`
}

// Catalog answers the tables and columns a dataset run by the caller may read, titled in lang.
func (s *Service) Catalog(ctx context.Context, lang string) (_ *Catalog, err error) {
	defer errs.Wrap(&err, "dataset: catalog")
	var sc Scope
	if s.scope != nil {
		var err error
		if sc, err = s.scope(ctx); err != nil {
			return nil, err
		}
	}
	pg := s.db.Dialect == db.Postgres
	out := &Catalog{Tables: []CatalogTable{}}
	_, refused := usableTables(sc.Tables, pg)
	dyn := append([]Dynamic(nil), sc.Tables...)
	sort.Slice(dyn, func(i, j int) bool { return dyn[i].Name < dyn[j].Name })
	for _, d := range dyn {
		t := CatalogTable{Name: d.Name, Title: d.Name, Kind: "dynamic", Columns: []CatalogColumn{}}
		if r := refused[d.ID]; r != "" {
			t.Refused = httpx.Translate(lang, r)
		}
		codes := map[string]bool{}
		for _, c := range d.Columns {
			codes[strings.ToLower(c.Code)] = true
		}
		system := func(from, to int) {
			for _, sc := range dynamicSystemColumns[from:to] {
				if !codes[sc.name] {
					t.Columns = append(t.Columns, CatalogColumn{Name: sc.name, Title: httpx.Translate(lang, sc.title)})
				}
			}
		}
		system(0, 1)
		for _, c := range d.Columns {
			t.Columns = append(t.Columns, CatalogColumn{Name: columnName(c.Code, pg), Title: c.Title, Type: c.Type})
		}
		system(1, len(dynamicSystemColumns))
		out.Tables = append(out.Tables, t)
	}
	names := make([]string, 0, len(Readable))
	for t := range Readable {
		names = append(names, t)
	}
	sort.Strings(names)
	for _, name := range names {
		cols, err := s.columns(ctx, name)
		if err != nil {
			return nil, err
		}
		t := CatalogTable{Name: name, Title: title(lang, "dataset.table."+name), Kind: "system", Columns: []CatalogColumn{}}
		if g, ok := guarded[name]; ok && g.Unit != nil {
			t.Scoped = true
		}
		for _, c := range cols {
			if !readable(name, c) {
				continue
			}
			ct := title(lang, "dataset.column."+name+"."+c)
			if ct == "" {
				ct = title(lang, "dataset.column."+c)
			}
			t.Columns = append(t.Columns, CatalogColumn{Name: c, Title: ct, Personal: sc.personal(name, c)})
		}
		out.Tables = append(out.Tables, t)
	}
	return out, nil
}

// title is a message's text in lang, empty when there is none.
func title(lang, key string) string {
	if s := httpx.Translate(lang, key); s != key {
		return s
	}
	return ""
}

// columns are the columns of a table of the database, in order.
func (s *Service) columns(ctx context.Context, table string) ([]string, error) {
	q := `SELECT name FROM pragma_table_info(?)`
	if s.db.Dialect == db.Postgres {
		q = `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`
	}
	rows, err := s.db.Query(ctx, q, table)
	if err != nil {
		return nil, fmt.Errorf("dataset: columns of %s: %w", table, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CatalogIn takes nothing.
type CatalogIn struct{}

// Catalog is GET /api/dataset/catalog.
func (h *Handlers) Catalog(r *http.Request, _ CatalogIn) (*Catalog, error) {
	return h.svc.Catalog(r.Context(), httpx.Lang(r))
}
