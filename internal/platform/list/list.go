// Package list is the one way to declare a searchable, sortable, paged list over SQL:
// filters and sort columns are whitelists of a Spec, the request only picks among them,
// and values always travel as parameters. The same Spec drives the page and the export.
package list

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Paging limits (spec section 9 and DESIGN: page from 1, default 10, at most 100).
const (
	DefaultLimit = 10
	MaxLimit     = 100
	// MaxExportRows bounds one export; a larger one asks the user to narrow the filters.
	MaxExportRows = 100000
	// MaxCurrent bounds the page number: far beyond any list's last page, and small enough that
	// (current-1)*limit never overflows nor reaches the database as an absurd OFFSET.
	MaxCurrent = 1000000
)

// Request parameters of every list call (docs/api.md, "Lists").
const (
	ParamCurrent = "current"
	ParamLimit   = "limit"
	ParamSort    = "sort"
	ParamOrder   = "order"
)

// Kind is how a filter compares its column with the request's value.
type Kind int

const (
	Exact    Kind = iota // column = value
	Contains             // column holds value, in any letter case (wildcards in the value match themselves)
	Prefix               // column LIKE value% (a unit and its sub-units)
	After                // column >= time
	Before               // column < time (a date-only value includes that whole day)
	Keyword              // any of Columns holds value, like Contains
	Cond                 // Column is a whole condition with one '?' for the value (membership, say)
	// Text is Contains served by a trigram index instead of a scan: 3 characters or more go through
	// the SQLite FTS5 trigram table FullText (whose rowid is the Spec's Key and which has a column
	// named as Column without its alias), or an ILIKE that a pg_trgm index serves on PostgreSQL;
	// 1-2 characters, which no trigram holds, are a LIKE tested along the order's index walk.
	Text
)

// FullTextMin is the shortest text a trigram index serves.
const FullTextMin = 3

// Filter is one whitelisted filter: the request parameter Param narrows Column.
// Map, when set, turns the raw text into the bound value (or rejects it).
type Filter struct {
	Param   string
	Column  string
	Columns []string // Keyword only
	Kind    Kind
	// FullText is the SQLite FTS5 trigram table of a Text filter.
	FullText string
	Map      func(string) (any, error)
}

// Spec declares a list: the rows (From, Select, Where), its filters and the sort columns a
// client may ask for, by their public name.
type Spec struct {
	Select string // column list, scanned in this order
	From   string // table and joins
	// CountFrom, when set, is what the count reads instead of From: the joins that only add
	// columns (a unit's name) can be left out of it, which on a large table halves the cost.
	CountFrom string
	Where     string // always-applied condition ("" for none); no request values
	Filters   []Filter
	Sorts     map[string]string // public name -> SQL expression
	// DefaultSort is the ORDER BY used when the request names none; TieBreak is appended to
	// every order so that pages never overlap. A DirSlot in TieBreak takes the order's direction (the
	// default order's last one when the request names no sort), so that one index, walked either way,
	// gives the whole order.
	DefaultSort string
	TieBreak    string
	// Key and KeyFrom, when set, make the page a late row lookup: the keys of the page are read
	// from KeyFrom (the table whose indexes give every sort, without the joins that only add
	// columns), walking an index and stopping after the page, and only those rows are then joined
	// (From). Every filter and sort must then name KeyFrom's columns, or the sort is in SortFrom.
	Key     string
	KeyFrom string
	// SortFrom gives, for a sort whose column lives in a joined table, what its keys are read from
	// instead of KeyFrom (say, the joined table walked by its index, then KeyFrom's rows of each).
	SortFrom map[string]KeySource
	// Counts, when set, keeps the totals of this list's queries while its version stays the same.
	Counts *Counts
	// Anchored are the sorts ("" the default order) whose pages far down start from a row of a page
	// served before (anchors.go): those whose column, never NULL, the list_version triggers of Counts
	// cover, so that a kept anchor is dropped whenever that column changes. Needs Key, KeyFrom, Counts.
	Anchored map[string]bool
	// SortVersions names, for an anchored sort whose column moves without the version of Counts (a
	// sign-in's date, which no total depends on), the list_version row its triggers move: that sort's
	// anchors are kept under both.
	SortVersions map[string]string
}

// KeySource is where the keys of a sort are read from: tables and the condition that joins them.
// A CROSS JOIN keeps the tables in the order written on SQLite (whose planner otherwise may read the
// key table first and sort), and is an inner join like any other on PostgreSQL.
type KeySource struct {
	From, Cond string
	// Row is the same tables as a lookup of one row by the key, first table the key's (the anchors of
	// pages far down read their sort values from it: anchors.go); "" when From is already that.
	Row string
	// Outer, when set, is From's first table, walked in the order of the sort's columns (all of them
	// its own), each of its rows then joined to KeyFrom's rows by Cond. PostgreSQL cannot see that such
	// a nested walk comes out in the whole order (the key last) and sorts the rows of each outer row:
	// a page far down there reads, for each outer row, only as many keys as the page needs, in the key's
	// order (a LATERAL walk).
	Outer string
}

// Query is a parsed list request.
type Query struct {
	Current, Limit int
	where          []string
	args           []any
	order          string
	orderArgs      []any    // arguments of a replaced sort expression (ReplaceSort)
	sort, dir      string   // the public sort name asked for ("" for the default order) and its direction
	tieBreak       string   // the spec's tie-break, kept after a replaced sort
	texts          []textIn // Text filters, rendered for the database's dialect
}

// textIn is one Text filter of a query.
type textIn struct {
	f   Filter
	raw string
}

// DirSlot in a sort expression of several columns stands for the direction of each: "a {dir}, b {dir}".
const DirSlot = "{dir}"

// Page is the answer shape of every list call (spec section 3: current, limit, total, pages).
type Page[T any] struct {
	Records []T `json:"records"`
	Current int `json:"current"`
	Limit   int `json:"limit"`
	Total   int `json:"total"`
	Pages   int `json:"pages"`
	// Next tells whether a page follows this one (spec section 3, the pagination entity's next).
	Next bool `json:"next"`
}

// Parse reads paging, sort and filters from the request. Anything outside the Spec's
// whitelists is refused with a code-1 message; nothing from the request reaches the SQL text.
func (s *Spec) Parse(in *httpx.Input) (*Query, error) {
	q := &Query{}
	var err error
	if q.Current, q.Limit, err = Paging(in); err != nil {
		return nil, err
	}
	if q.order, err = s.orderBy(in.String(ParamSort), in.String(ParamOrder)); err != nil {
		return nil, err
	}
	q.sort, q.dir = strings.TrimSpace(in.String(ParamSort)), sortDir(in.String(ParamOrder))
	q.tieBreak = s.tieBreak(q.sort, q.dir)
	if s.Where != "" {
		q.where = append(q.where, s.Where)
	}
	for _, f := range s.Filters {
		raw := strings.TrimSpace(in.String(f.Param))
		if raw == "" {
			continue
		}
		if err := q.add(f, raw); err != nil {
			return nil, err
		}
	}
	return q, nil
}

// Paging reads current (1 to MaxCurrent, default 1) and limit (1 to MaxLimit, default
// DefaultLimit): the paging rule of every paged call, lists or not. Anything else is a 400.
func Paging(in *httpx.Input) (current, limit int, err error) {
	if current, err = in.Int(ParamCurrent, 1); err != nil {
		if e, ok := err.(*httpx.Error); ok && e.Key == "http.out_of_range" {
			err = httpx.BadRequest("list.bad_current", MaxCurrent)
		}
		return 0, 0, err
	}
	if limit, err = in.Int(ParamLimit, DefaultLimit); err != nil {
		if e, ok := err.(*httpx.Error); ok && e.Key == "http.out_of_range" {
			err = httpx.BadRequest("list.bad_limit", MaxLimit)
		}
		return 0, 0, err
	}
	return current, limit, CheckPaging(current, limit)
}

// CheckPaging is Paging's range rule, for services that take a page from Go callers too.
func CheckPaging(current, limit int) error {
	if current < 1 || current > MaxCurrent {
		return httpx.BadRequest("list.bad_current", MaxCurrent)
	}
	if limit < 1 || limit > MaxLimit {
		return httpx.BadRequest("list.bad_limit", MaxLimit)
	}
	return nil
}

// Offset is the number of rows before page current of size limit, and whether that page can
// hold any of total rows; computed without a multiplication that could overflow.
func Offset(current, limit, total int) (int, bool) {
	if current < 1 || limit < 1 || current-1 >= (total+limit-1)/limit {
		return 0, false
	}
	return (current - 1) * limit, true
}

func sortDir(order string) string {
	switch strings.ToLower(strings.TrimSpace(order)) {
	case "", "asc", "ascend":
		return "ASC"
	case "desc", "descend":
		return "DESC"
	}
	return ""
}

func (s *Spec) orderBy(sort, order string) (string, error) {
	dir := sortDir(order)
	if dir == "" {
		return "", httpx.BadRequest("list.bad_order")
	}
	by := s.DefaultSort
	if sort = strings.TrimSpace(sort); sort != "" {
		expr, ok := s.Sorts[sort]
		if !ok {
			return "", httpx.BadRequest("list.bad_sort")
		}
		if strings.Contains(expr, DirSlot) {
			by = strings.ReplaceAll(expr, DirSlot, dir)
		} else {
			by = expr + " " + dir
		}
	}
	if tie := s.tieBreak(sort, dir); tie != "" {
		if by != "" {
			by += ", "
		}
		by += tie
	}
	return by, nil
}

// tieBreak is the TieBreak of an order by sort ("" the default order) in direction dir.
func (s *Spec) tieBreak(sort, dir string) string {
	if !strings.Contains(s.TieBreak, DirSlot) {
		return s.TieBreak
	}
	if strings.TrimSpace(sort) == "" {
		dir = "ASC"
		if strings.HasSuffix(strings.ToUpper(strings.TrimSpace(s.DefaultSort)), " DESC") {
			dir = "DESC"
		}
	}
	return strings.ReplaceAll(s.TieBreak, DirSlot, dir)
}

func (q *Query) add(f Filter, raw string) error {
	var val any = raw
	if f.Map != nil {
		v, err := f.Map(raw)
		if err != nil {
			return err
		}
		val = v
	}
	switch f.Kind {
	case Exact:
		q.Where(f.Column+" = ?", val)
	case Cond:
		q.Where(f.Column, val)
	case Contains:
		q.Where(ContainsSQL(f.Column), ContainsArg(raw))
	case Text:
		q.texts = append(q.texts, textIn{f, raw})
	case Prefix:
		q.Where(PrefixSQL(f.Column), PrefixArg(raw))
	case Keyword:
		parts := make([]string, len(f.Columns))
		args := make([]any, len(f.Columns))
		for i, c := range f.Columns {
			parts[i] = ContainsSQL(c)
			args[i] = ContainsArg(raw)
		}
		q.Where("("+strings.Join(parts, " OR ")+")", args...)
	case After, Before:
		t, dateOnly, err := ParseTime(raw)
		if err != nil {
			return httpx.BadRequest("list.bad_time", f.Param)
		}
		if f.Kind == After {
			q.Where(f.Column+" >= ?", t)
		} else {
			if dateOnly {
				t = t.AddDate(0, 0, 1)
			}
			q.Where(f.Column+" < ?", t)
		}
	}
	return nil
}

// ReplaceSort, when the request sorts by the public name, orders by expr (SQL written in code,
// with its '?' arguments) instead of the Spec's expression, in the requested direction: for a
// sort that depends on the caller, such as a count within their data scope.
func (q *Query) ReplaceSort(name, expr string, args ...any) {
	if q.sort != name {
		return
	}
	q.order = expr + " " + q.dir
	if q.tieBreak != "" {
		q.order += ", " + q.tieBreak
	}
	q.orderArgs = args
}

// Where adds a condition with its parameters (for rules a Filter cannot express).
func (q *Query) Where(cond string, args ...any) {
	q.where = append(q.where, cond)
	q.args = append(q.args, args...)
}

// whereSQL is the WHERE clause and its parameters on d's dialect (the Text filters depend on it).
func (q *Query) whereSQL(d db.Dialect, s *Spec) (string, []any) {
	where, args := q.where, q.args
	if len(q.texts) > 0 {
		where = append([]string{}, where...)
		args = append([]any{}, args...)
		for _, t := range q.texts {
			c, a := textSQL(d, s.Key, t.f, t.raw)
			where = append(where, c)
			args = append(args, a)
		}
	}
	if len(where) == 0 {
		return "", args
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// textSQL is the condition of a Text filter (see Text).
func textSQL(d db.Dialect, key string, f Filter, raw string) (string, any) {
	long := utf8.RuneCountInString(raw) >= FullTextMin
	switch {
	case d == db.Postgres:
		// ILIKE rather than LOWER(col) LIKE: pg_trgm's index serves it, and the planner estimates it
		// from the column's statistics (LOWER() made it expect one row).
		return f.Column + " ILIKE ?", "%" + PgLikeEscape(raw) + "%"
	case long && f.FullText != "":
		col := f.Column[strings.LastIndexByte(f.Column, '.')+1:]
		// The text quoted as one phrase, so nothing in it is query syntax; trigram matching ignores case.
		return key + " IN (SELECT rowid FROM " + f.FullText + " WHERE " + f.FullText + " MATCH ?)",
			col + ` : "` + strings.ReplaceAll(raw, `"`, `""`) + `"`
	}
	return ContainsSQL(f.Column), ContainsArg(raw)
}

// PgLikeEscape makes \, % and _ in a user's text match themselves in a PostgreSQL LIKE (whose
// default escape is the backslash: a pattern without an ESCAPE clause is one pg_trgm serves).
func PgLikeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}

// ContainsSQL is the condition "column contains ?", case-insensitive the same way on SQLite
// (whose LIKE ignores ASCII case) and PostgreSQL (whose LIKE does not); bind ContainsArg(text).
func ContainsSQL(column string) string { return "LOWER(" + column + ") LIKE LOWER(?) ESCAPE '!'" }

// ContainsArg is the argument of ContainsSQL for a user's text.
func ContainsArg(text string) string { return "%" + EscapeLike(text) + "%" }

// PrefixSQL is the condition "column starts with ?" (case-sensitive); bind PrefixArg(text).
func PrefixSQL(column string) string { return column + " LIKE ? ESCAPE '!'" }

// PrefixArg is the argument of PrefixSQL.
func PrefixArg(text string) string { return EscapeLike(text) + "%" }

// EscapeLike makes % and _ in a user's text match themselves (ESCAPE '!').
func EscapeLike(s string) string {
	r := strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")
	return r.Replace(s)
}

// Time layouts a list accepts: RFC 3339 (what the web client sends), and the local
// date-time and date forms of older clients (interpreted in the server's time zone).
var layouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02"}

// ParseTime reads a filter time; dateOnly tells that only a day was given. The result is UTC,
// like every stored time, and its year is 1 to 9998 (a day's end or a zone's offset never takes
// it past 9999, which both databases store).
func ParseTime(s string) (t time.Time, dateOnly bool, err error) {
	for _, l := range layouts {
		if l == time.RFC3339Nano {
			t, err = time.Parse(l, s)
		} else {
			t, err = time.ParseInLocation(l, s, time.Local)
		}
		if err == nil {
			if y := t.UTC().Year(); y < 1 || y > 9998 {
				return time.Time{}, false, errBadYear
			}
			return t.UTC(), l == "2006-01-02", nil
		}
	}
	return time.Time{}, false, err
}

var errBadYear = errors.New("year out of range")

// Scanner reads one row into a record.
type Scanner[T any] func(row interface{ Scan(...any) error }) (T, error)

// Run answers a list request with two parameterised statements: the count (kept by Spec.Counts
// when set) and the page.
func Run[T any](ctx context.Context, d *db.DB, s *Spec, q *Query, scan Scanner[T]) (*Page[T], error) {
	where, args := q.whereSQL(d.Dialect, s)
	p := &Page[T]{Records: []T{}, Current: q.Current, Limit: q.Limit}
	total, version, err := s.count(ctx, d, where, args)
	if err != nil {
		return nil, err
	}
	p.Total = total
	p.Pages = (p.Total + q.Limit - 1) / q.Limit
	p.Next = q.Current < p.Pages
	offset, onPage := Offset(q.Current, q.Limit, p.Total)
	if !onPage {
		return p, nil
	}
	keys, anchored, err := anchoredKeys(ctx, d, s, q, where, args, version, offset)
	if err != nil {
		return nil, err
	}
	if anchored {
		if len(keys) == 0 {
			return p, nil
		}
		ids := make([]any, len(keys))
		for i, k := range keys {
			ids[i] = k
		}
		return p, scanInto(ctx, d, p, "SELECT "+s.Select+" FROM "+s.From+" WHERE "+s.Key+" IN ("+db.Placeholders(len(ids))+")"+orderSQL(q.order), ids, scan)
	}
	stmt := s.pageSQL(q.sort, where, q.order)
	if len(q.orderArgs) > 0 {
		// A sort replaced by an expression with arguments (ReplaceSort) is no index walk: the plain page.
		stmt = "SELECT " + s.Select + " FROM " + s.From + where + orderSQL(q.order) + " LIMIT ? OFFSET ?"
	}
	pageArgs := append(append([]any{}, args...), q.orderArgs...)
	if d.Dialect == db.Postgres {
		// PostgreSQL plans a statement whose LIMIT is a parameter again on every call (its generic plan cannot see a
		// small LIMIT, so it would sort): written into the statement, a page without filters keeps its plan.
		stmt = strings.Replace(stmt, " LIMIT ? OFFSET ?", " LIMIT "+strconv.Itoa(q.Limit)+" OFFSET "+strconv.Itoa(offset), 1)
	} else {
		pageArgs = append(pageArgs, q.Limit, offset)
	}
	return p, scanInto(ctx, d, p, stmt, pageArgs, scan)
}

// scanInto reads the page's records.
func scanInto[T any](ctx context.Context, d *db.DB, p *Page[T], stmt string, args []any, scan Scanner[T]) error {
	rows, err := d.Query(ctx, stmt, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		rec, err := scan(rows)
		if err != nil {
			return err
		}
		p.Records = append(p.Records, rec)
	}
	return rows.Err()
}

// pageSQL is the page statement (parameters: the where's, then LIMIT and OFFSET). With a Key it is
// a late row lookup: the page's keys in order from KeyFrom, then the joins for those rows only.
func (s *Spec) pageSQL(sort, where, order string) string {
	if s.Key == "" || s.KeyFrom == "" {
		return "SELECT " + s.Select + " FROM " + s.From + where + orderSQL(order) + " LIMIT ? OFFSET ?"
	}
	return "SELECT " + s.Select + " FROM " + s.From + " WHERE " + s.Key + " IN (" + s.keySQL(sort, where, order) + ")" + orderSQL(order)
}

// keySQL is the statement of a page's keys (late row lookup).
func (s *Spec) keySQL(sort, where, order string) string {
	from := s.KeyFrom
	if src, ok := s.SortFrom[sort]; ok {
		from = src.From
		if src.Cond != "" {
			if where == "" {
				where = " WHERE " + src.Cond
			} else {
				where += " AND " + src.Cond
			}
		}
	}
	return "SELECT " + s.Key + " FROM " + from + where + orderSQL(order) + " LIMIT ? OFFSET ?"
}

// OrderedSQL is the statement that orders a page of a request with sort (a public name, "" for the
// default) and order, and no filter: the keys' statement of a late row lookup, else the page itself.
// What a plan test explains (parameters: LIMIT and OFFSET).
func (s *Spec) OrderedSQL(d db.Dialect, sort, order string) (string, error) {
	by, err := s.orderBy(sort, order)
	if err != nil {
		return "", err
	}
	q := &Query{order: by, sort: sort}
	if s.Where != "" {
		q.where = []string{s.Where}
	}
	where, _ := q.whereSQL(d, s)
	if s.Key != "" && s.KeyFrom != "" {
		return s.keySQL(sort, where, by), nil
	}
	return s.pageSQL(sort, where, by), nil
}

// SortNames lists the public names of the Spec's sorts.
func (s *Spec) SortNames() []string {
	out := make([]string, 0, len(s.Sorts))
	for k := range s.Sorts {
		out = append(out, k)
	}
	return out
}

// count answers the total of the query, and the list's version when the Spec keeps its totals (Counts).
func (s *Spec) count(ctx context.Context, d *db.DB, where string, args []any) (int, int64, error) {
	stmt := "SELECT COUNT(*) FROM " + s.countFrom() + where
	if s.Counts != nil {
		version, err := s.Counts.current(ctx, d)
		if err != nil {
			return 0, 0, err
		}
		n, err := s.Counts.get(ctx, d, version, stmt, args)
		return n, version, err
	}
	var n int
	err := d.QueryRow(ctx, stmt, args...).Scan(&n)
	return n, 0, err
}

// Each streams every matching row (no paging) in the request's order to fn, for exports;
// more than max rows is refused before anything is written.
func Each[T any](ctx context.Context, d *db.DB, s *Spec, q *Query, max int, scan Scanner[T], fn func(T) error) error {
	where, args := q.whereSQL(d.Dialect, s)
	total, _, err := s.count(ctx, d, where, args)
	if err != nil {
		return err
	}
	if total > max {
		return httpx.Fail("list.export_too_many", total, max)
	}
	rows, err := d.Query(ctx, "SELECT "+s.Select+" FROM "+s.From+where+orderSQL(q.order), append(append([]any{}, args...), q.orderArgs...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		rec, err := scan(rows)
		if err != nil {
			return err
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (s *Spec) countFrom() string {
	if s.CountFrom != "" {
		return s.CountFrom
	}
	return s.From
}

func orderSQL(order string) string {
	if order == "" {
		return ""
	}
	return " ORDER BY " + order
}

// OneOf maps a filter's text through a table of allowed values (for example 'success' -> 1).
func OneOf(param string, values map[string]any) func(string) (any, error) {
	return func(s string) (any, error) {
		if v, ok := values[s]; ok {
			return v, nil
		}
		return nil, httpx.BadRequest("list.bad_value", param)
	}
}

// Int maps a filter's text to an integer of the INTEGER columns' 32-bit range.
func Int(param string) func(string) (any, error) {
	return func(s string) (any, error) {
		if strings.HasPrefix(s, "+") { // digits with an optional minus, as validate.WholeNumber reads them
			return nil, httpx.BadRequest("http.bad_number", param)
		}
		n, err := strconv.ParseInt(s, 10, 32)
		if errors.Is(err, strconv.ErrRange) {
			return nil, httpx.BadRequest("http.out_of_range", param, math.MinInt32, math.MaxInt32)
		}
		if err != nil {
			return nil, httpx.BadRequest("http.bad_number", param)
		}
		return int(n), nil
	}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"list.bad_current":     {"页码须在1到%d之间", "The page number must be between 1 and %d"},
		"list.bad_limit":       {"每页条数须在1到%d之间", "The page size must be between 1 and %d"},
		"list.bad_sort":        {"不支持按该字段排序", "Sorting by this column is not allowed"},
		"list.bad_order":       {"排序方向只能是 asc 或 desc", "The sort order must be asc or desc"},
		"list.bad_time":        {"参数 %s 不是有效的时间", "Parameter %s is not a valid time"},
		"list.bad_value":       {"参数 %s 的取值无效", "Parameter %s has an invalid value"},
		"list.export_too_many": {"共 %d 条记录，超过单次导出上限 %d 条，请缩小查询范围", "%d records exceed the export limit of %d, please narrow the filters"},
	})
}

// Params are the list's request parameters, for the API description: paging, the whitelisted
// sorts, and each filter (its Doc says how it compares).
func (s *Spec) Params() []httpx.Param {
	str, num := reflect.TypeFor[string](), reflect.TypeFor[int]()
	one, maxLimit, maxCurrent := int64(1), int64(MaxLimit), int64(MaxCurrent)
	sorts := s.SortNames()
	slices.Sort(sorts)
	ps := []httpx.Param{
		{Name: ParamCurrent, Type: num, Min: &one, Max: &maxCurrent, Doc: "page, from 1"},
		{Name: ParamLimit, Type: num, Min: &one, Max: &maxLimit, Doc: "rows per page (default 10)"},
		{Name: ParamSort, Type: str, Enum: sorts, Doc: "a sortable column; anything else is refused"},
		{Name: ParamOrder, Type: str, Enum: []string{"asc", "desc", "ascend", "descend"}},
	}
	for _, f := range s.Filters {
		ps = append(ps, httpx.Param{Name: f.Param, Type: str, Doc: kindDocs[f.Kind]})
	}
	return ps
}

var kindDocs = map[Kind]string{
	Exact: "equals", Contains: "contains, any letter case", Prefix: "starts with (a unit and its sub-units)",
	After: "at or after (a date or date-time)", Before: "before (a date includes that whole day)",
	Keyword: "any of the searched columns contains", Cond: "narrows by membership", Text: "contains, any letter case",
}
