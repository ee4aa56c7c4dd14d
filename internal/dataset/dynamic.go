package dataset

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"biddesk/internal/platform/httpx"
)

// Dynamic is a dynamic table (internal/dtable) as a dataset may read it: its own name, its physical table dt_<id>
// and its live fields. Scope.Tables holds only the tables the runner's roles may read (every one for a system
// administrator), so a table is named in a statement only by a runner who may read it (docs/decisions/0014).
type Dynamic struct {
	ID      int64
	Name    string
	Table   string // dt_<id>
	Columns []DynamicColumn
}

// DynamicColumn is a live field of a dynamic table: its field code (the column's name in a dataset), its title,
// its generated column c_<n> and its type (int, varchar, datetime, money, date).
type DynamicColumn struct {
	Code   string
	Title  string
	Column string
	Type   string
}

// The columns every dynamic table's view has besides its fields, unless a field code takes the name.
var dynamicSystemColumns = []struct{ name, column, title string }{
	{"id", "id", "dataset.column.id"},
	{"created_at", "created_at", "dataset.column.created_at"},
	{"updated_at", "updated_at", "dataset.column.updated_at"},
}

// dynView is a dynamic table a run reads: the names of the views a statement reads it by (on PostgreSQL its name
// as written and, when that differs, in lower case, as PostgreSQL folds an unquoted name).
type dynView struct {
	Dynamic
	names []string
}

// reservedName tells whether a dynamic table may not be read by its name in a dataset: a name the allow-list,
// the scoped views, the physical tables or the databases' own catalogues use.
func reservedName(low string) bool {
	if _, ok := Readable[low]; ok {
		return true
	}
	return dynamicTable.MatchString(low) || strings.HasPrefix(low, "dsrc_") || strings.HasPrefix(low, "sqlite_") ||
		strings.HasPrefix(low, "pg_") || low == "dataset_q"
}

// viewKey is the name as the database tells names apart: SQLite ignores the letter case, PostgreSQL keeps at
// most 63 bytes of an identifier.
func viewKey(name string, pg bool) string {
	if !pg {
		return strings.ToLower(name)
	}
	for len(name) > 63 {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	return name
}

// usableTables are the tables of the scope a statement may name, each with its view names, and for each refused
// table the reason (its name is reserved, or the same as an earlier table's as the database compares names).
func usableTables(all []Dynamic, pg bool) ([]dynView, map[int64]string) {
	sorted := append([]Dynamic(nil), all...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	taken := map[string]bool{}
	refused := map[int64]string{}
	var out []dynView
	for _, d := range sorted {
		low := strings.ToLower(d.Name)
		if strings.TrimSpace(d.Name) == "" || reservedName(low) {
			refused[d.ID] = "dataset.dynamic_reserved"
			continue
		}
		names := []string{d.Name}
		if pg && low != d.Name {
			names = append(names, low)
		}
		clash := false
		for _, n := range names {
			if taken[viewKey(n, pg)] {
				clash = true
			}
		}
		if clash {
			refused[d.ID] = "dataset.dynamic_clash"
			continue
		}
		for _, n := range names {
			taken[viewKey(n, pg)] = true
		}
		out = append(out, dynView{Dynamic: d, names: names})
	}
	return out, refused
}

// namedDynamic are the usable tables whose name the statement's text holds (in any letter case): the views a run
// creates (a name holding '"' is also looked for as a quoted identifier writes it, doubled). A table the statement
// does not name costs nothing; one it names in a string only costs a view.
func namedDynamic(stmt string, all []Dynamic, pg bool) []dynView {
	usable, _ := usableTables(all, pg)
	low := strings.ToLower(stmt)
	var out []dynView
	for _, d := range usable {
		name := strings.ToLower(d.Name)
		if strings.Contains(low, name) || strings.Contains(low, strings.ReplaceAll(name, `"`, `""`)) {
			out = append(out, d)
		}
	}
	return out
}

// columnName is a field code as the view's column is named: as written on SQLite (which ignores the letter case
// of names), in lower case on PostgreSQL, where an unquoted name is folded so (SELECT bidAmount reads bidamount).
func columnName(code string, pg bool) string {
	if pg {
		return strings.ToLower(code)
	}
	return code
}

// dynamicStatements create the views of the dynamic tables a run reads: an inner view "dsrc_<secret>_dt_<id>" over
// the live rows of the physical table, naming each generated column by its field code (an amount of money in
// yuan), and, for each of the table's names, a view of that name over it, which the statement reads. Every
// identifier is quoted: a table's name is the administrator's text (Chinese, spaces, quotes), never spliced in
// unquoted; the physical names are generated (dt_<id>, c_<n>).
func (v *views) dynamicStatements(ds []dynView) []string {
	pg := v.dialect == "postgres"
	var out []string
	for _, d := range ds {
		var sel []string
		codes := map[string]bool{}
		for _, c := range d.Columns {
			codes[strings.ToLower(c.Code)] = true
		}
		for _, sc := range dynamicSystemColumns[:1] {
			if !codes[sc.name] {
				sel = append(sel, "t."+quoteIdent(sc.column)+" AS "+quoteIdent(sc.name))
			}
		}
		for _, c := range d.Columns {
			if !physicalColumn.MatchString(c.Column) {
				continue // never: the columns are generated
			}
			expr := "t." + quoteIdent(c.Column)
			if c.Type == "money" { // whole cents stored exactly; yuan in the dataset
				if pg {
					expr = "CAST(" + expr + " AS NUMERIC) / 100" // exact; ROUND(x, 2) works on it
				} else {
					expr = expr + " / 100.0"
				}
			}
			sel = append(sel, expr+" AS "+quoteIdent(columnName(c.Code, pg)))
		}
		for _, sc := range dynamicSystemColumns[1:] {
			if !codes[sc.name] {
				sel = append(sel, "t."+quoteIdent(sc.column)+" AS "+quoteIdent(sc.name))
			}
		}
		src := v.source(d.Table)
		out = append(out, "CREATE TEMP VIEW "+quoteIdent(src)+" AS SELECT "+strings.Join(sel, ", ")+" FROM "+v.base(d.Table)+
			" t WHERE t.deleted_at IS NULL")
		for _, n := range d.names {
			out = append(out, "CREATE TEMP VIEW "+quoteIdent(n)+" AS SELECT * FROM "+v.qualifiedSource(d.Table))
			if pg {
				out = append(out, "GRANT SELECT ON pg_temp."+quoteIdent(n)+" TO biddesk_dataset")
			}
		}
	}
	return out
}

// dynamicNames are the view names (lower case) and physical tables of the dynamic tables a run reads, for the
// SQLite authorizer.
func dynamicNames(ds []dynView) (views, tables map[string]bool) {
	views, tables = map[string]bool{}, map[string]bool{}
	for _, d := range ds {
		tables[strings.ToLower(d.Table)] = true
		for _, n := range d.names {
			views[strings.ToLower(n)] = true
		}
	}
	return views, tables
}

// physicalName is a dynamic table's name for a message naming its physical table dt_<id>, if the scope has it.
func (s Scope) physicalName(table string) (string, bool) {
	for _, d := range s.Tables {
		if strings.EqualFold(d.Table, table) {
			return d.Name, true
		}
	}
	return "", false
}

// physicalColumn is a generated column of a dynamic table.
var physicalColumn = regexp.MustCompile(`^c_[0-9]+$`)

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dataset.dynamic_reserved": {"该名称与系统表或保留名称相同，数据集中不能按名称查询，请修改表格名称",
			"The name is that of a system table or a reserved name: rename the table to query it in a dataset"},
		"dataset.dynamic_clash": {"与另一个动态表格名称相同（不区分大小写），数据集中不能按名称查询，请修改表格名称",
			"Another dynamic table has the same name (ignoring letter case): rename the table to query it in a dataset"},
	})
}
