package dataset

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"biddesk/internal/platform/httpx"
)

// Scope is what one run may show the account running it (docs/data-rules.md, "Datasets and reports"): the
// units whose rows of the unit-carrying tables it sees (All, or a unit code starting with one of Prefixes or
// equal to one of Exact), the personal columns an administrator allowed ("table.column"), and the dynamic tables
// its roles may read, which a statement names by their own names (dynamic.go).
type Scope struct {
	All      bool
	Prefixes []string
	Exact    []string
	Personal map[string]bool
	Tables   []Dynamic
}

// ScopeFunc tells a run the scope of its caller (an adapter of internal/app over the data rules and the
// system parameters). A run without a caller sees no unit and no personal column.
type ScopeFunc func(ctx context.Context) (Scope, error)

// guard is how a table of the allow-list reaches a dataset when it carries a unit or personal data: the
// statement never reads the table itself, only a view of the same name (run.go) holding the rows of the
// runner's units, where Personal columns may be read only when an administrator allowed them.
type guard struct {
	// Unit is the condition selecting the visible rows of t (the base table under the alias t); %s is the
	// condition on a unit code column, filled by cond. Empty: every row (the table carries no unit).
	Unit func(cond func(column string) string, base func(table string) string) string
	// Personal are the columns of personal data.
	Personal []string
}

// byUnit limits rows by their own unit column; byUser by the unit of the account in column; byRecord by the
// unit of the library record in column.
func byUnit(column string) func(func(string) string, func(string) string) string {
	return func(cond func(string) string, _ func(string) string) string { return cond("t." + column) }
}

func byUser(column string) func(func(string) string, func(string) string) string {
	return func(cond func(string) string, base func(string) string) string {
		return "EXISTS (SELECT 1 FROM " + base("sys_user") + " u WHERE u.id = t." + column + " AND " + cond("u.unit_code") + ")"
	}
}

func byRecord(column string) func(func(string) string, func(string) string) string {
	return func(cond func(string) string, base func(string) string) string {
		return "EXISTS (SELECT 1 FROM " + base("lib_record") + " r WHERE r.id = t." + column + " AND " + cond("r.unit_code") + ")"
	}
}

// guarded are the tables of the allow-list a dataset reads only through the runner's scope: those that carry
// a unit (accounts, employees, library records), those whose rows belong to an account or a library record
// (logs, role memberships, loans, tags, reads, downloads, Word books by their maker) and those holding personal
// data. Every other table of the allow-list is in unguarded with the reason it needs none; a test keeps the
// two lists covering Readable, so a table added to the allow-list must be placed in one of them.
var guarded = map[string]guard{
	"sys_user":       {Unit: byUnit("unit_code"), Personal: []string{"phone", "email"}},
	"employee":       {Unit: byUnit("unit_code"), Personal: []string{"phone", "email"}},
	"lib_record":     {Unit: byUnit("unit_code"), Personal: []string{"data", "search_text"}},
	"lib_record_tag": {Unit: byRecord("record_id")},
	"lib_ca_loan":    {Unit: byRecord("record_id")},
	"login_log":      {Unit: byUser("user_id"), Personal: []string{"client_ip", "user_agent"}},
	"file_download":  {Unit: byUser("user_id")},
	"portal_read":    {Unit: byUser("user_id")},
	"sys_user_role":  {Unit: byUser("user_id")},
	"expert_book":    {Unit: byUser("created_by")},
	"ext_org":        {Personal: []string{"phone", "email"}},
}

// unguarded are the tables of the allow-list every dataset reads whole, and why.
var unguarded = map[string]string{
	"org_unit": "the organisation tree: every staff account's pickers show it",
	"sys_dict": "dictionaries",
	"sys_role": "role names",
	"lib_tag":  "tag names",
}

// PersonalColumns are the personal columns a dataset may be allowed to read ("table.column"), sorted.
func PersonalColumns() []string {
	var out []string
	for t, g := range guarded {
		for _, c := range g.Personal {
			out = append(out, t+"."+c)
		}
	}
	sort.Strings(out)
	return out
}

// personal tells whether column of table is a personal column the scope does not allow.
func (s Scope) personal(table, column string) bool {
	table, column = strings.ToLower(table), strings.ToLower(column)
	g, ok := guarded[table]
	return ok && slices.Contains(g.Personal, column) && !s.Personal[table+"."+column]
}

// views is one run's set of scoped views: for each guarded table T a view "dsrc_<secret>_T" over the base
// table holding the visible rows, and a view T over it that the statement reads. The secret is random per
// run: on SQLite the authorizer lets the base table be read only from inside the view bearing it (run.go).
type views struct {
	secret  string
	dialect string // "sqlite" or "postgres"
	schema  string // PostgreSQL: the schema of the base tables
}

func newViews(pg bool, schema string) (*views, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("dataset: random view name: %w", err)
	}
	v := &views{secret: hex.EncodeToString(b), dialect: "sqlite", schema: schema}
	if pg {
		v.dialect = "postgres"
	}
	return v, nil
}

// source is the name of the inner view of table.
func (v *views) source(table string) string { return "dsrc_" + v.secret + "_" + table }

// base is the base table as a view's body names it.
func (v *views) base(table string) string {
	if v.dialect == "postgres" {
		return quoteIdent(v.schema) + "." + quoteIdent(table)
	}
	return "main." + quoteIdent(table)
}

// literal is s as an SQL string literal of the dialect.
func (v *views) literal(s string) string {
	if v.dialect == "postgres" {
		return "E'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// cond is the condition on a unit code column selecting the units of the scope: exact comparisons, so that
// no pattern character of a code matters.
func (v *views) cond(s Scope) func(column string) string {
	return func(column string) string {
		if s.All {
			return "1=1"
		}
		var parts []string
		for _, p := range s.Prefixes {
			parts = append(parts, fmt.Sprintf("substr(%s, 1, %d) = %s", column, utf8.RuneCountInString(p), v.literal(p)))
		}
		if len(s.Exact) > 0 {
			lits := make([]string, len(s.Exact))
			for i, e := range s.Exact {
				lits[i] = v.literal(e)
			}
			parts = append(parts, column+" IN ("+strings.Join(lits, ", ")+")")
		}
		if len(parts) == 0 {
			return "1=0"
		}
		return "(" + strings.Join(parts, " OR ") + ")"
	}
}

// statements are the statements creating the views of the scope, in order. columns are the columns of each
// guarded table (the base table's own, less the secret ones the allow-list leaves out). On PostgreSQL a
// personal column the scope does not allow is, in the view, a call that stops the run naming the column
// (dataset_personal_column, migration 051); on SQLite the authorizer refuses it.
func (v *views) statements(s Scope, columns map[string][]string, names []string) []string {
	var out []string
	cond := v.cond(s)
	for _, t := range names {
		g := guarded[t]
		var sel []string
		for _, c := range columns[t] {
			if !readable(t, c) {
				continue
			}
			if v.dialect == "postgres" && s.personal(t, c) {
				sel = append(sel, fmt.Sprintf("dataset_personal_column(%s)::text AS %s", v.literal(t+"."+c), quoteIdent(c)))
				continue
			}
			sel = append(sel, "t."+quoteIdent(c))
		}
		where := ""
		if g.Unit != nil {
			where = " WHERE " + g.Unit(cond, v.base)
		}
		temp := "TEMP VIEW "
		out = append(out,
			"CREATE "+temp+quoteIdent(v.source(t))+" AS SELECT "+strings.Join(sel, ", ")+" FROM "+v.base(t)+" t"+where,
			"CREATE "+temp+quoteIdent(t)+" AS SELECT * FROM "+v.qualifiedSource(t))
		if v.dialect == "postgres" {
			out = append(out, "GRANT SELECT ON pg_temp."+quoteIdent(t)+" TO biddesk_dataset")
		}
	}
	return out
}

func (v *views) qualifiedSource(t string) string {
	if v.dialect == "postgres" {
		return "pg_temp." + quoteIdent(v.source(t))
	}
	return "temp." + quoteIdent(v.source(t))
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// namedTables are the guarded tables whose name the statement's text holds (in any letter case), sorted: the
// views a run creates. A name it spells otherwise (a PostgreSQL Unicode escape) finds no view and reaches the
// base table, which the statement may not read (run.go): it is refused, never shown whole.
func namedTables(stmt string) []string {
	low := strings.ToLower(stmt)
	var out []string
	for t := range guarded {
		if strings.Contains(low, t) {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// personalMarker starts the message of dataset_personal_column (PostgreSQL), the column's name follows.
const personalMarker = "biddesk-personal-column:"

// personalError is the refusal of a personal column.
func personalError(column string) error { return httpx.Fail("dataset.personal_column", column) }

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dataset.personal_column": {"数据集不能读取个人信息列 %s，请管理员在“系统参数”的“数据集可读取的个人信息列”（dataset.personal_columns）中允许",
			"A dataset cannot read the personal column %s; an administrator may allow it in the system parameter dataset.personal_columns"},
	})
}
