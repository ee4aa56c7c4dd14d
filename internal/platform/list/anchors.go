package list

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"biddesk/internal/platform/db"
)

// A page far down a large list costs a walk over every index entry before it: page 500 of the account
// list steps over 5,000 (about 0.7 ms on SQLite and 2 ms on PostgreSQL, the whole cost of the call).
// Anchors shorten the walk: a served page remembers the key of the row just before it and of its last
// row, with their offsets; a later page at or after such an offset starts the walk right after the
// anchor row ("u.created_at < the anchor's, or equal and u.id < the anchor's"), reading the anchor's sort
// value in the same statement. The next page, the same page again, or a page a little further, then
// walks a few rows. Anchors are kept under the list's list_version and dropped when it moves, so they
// only serve sorts whose columns the version's triggers cover (Spec.Anchored), or whose own version row
// moves with their column (Spec.SortVersions).

// AnchorFrom is the offset from which pages use and learn anchors: a shorter walk costs less than
// the page's second statement.
const AnchorFrom = 500

// anchorsMax bounds the anchors kept per query (its statement and values); past it they start over.
const anchorsMax = 256

// anchoredWalks counts the pages whose walk started at an anchor (AnchoredWalks).
var anchoredWalks atomic.Int64

// AnchoredWalks tells how many pages this process served from an anchor: what a test checks.
func AnchoredWalks() int64 { return anchoredWalks.Load() }

// anchor is the key of the row at an offset of a query's order.
type anchor struct {
	offset int
	key    int64
}

// anchorTerms splits an ORDER BY that ends with the key ("a dir, b dir, key dir") into its expressions
// and directions. ok is false for an order that does not end with the key, and for one of several
// directions unless it has exactly two terms.
func anchorTerms(by, key string) (exprs, dirs []string, ok bool) {
	for _, t := range splitTerms(by) {
		i := strings.LastIndexByte(t, ' ')
		if i < 0 || (t[i+1:] != "ASC" && t[i+1:] != "DESC") {
			return nil, nil, false
		}
		exprs, dirs = append(exprs, t[:i]), append(dirs, t[i+1:])
	}
	n := len(exprs)
	if n < 2 || exprs[n-1] != key {
		return nil, nil, false
	}
	for _, d := range dirs {
		if d != dirs[0] && n != 2 {
			return nil, nil, false
		}
	}
	return exprs, dirs, true
}

// splitTerms splits an ORDER BY at its commas outside parentheses ("COALESCE(a, b) DESC, c DESC").
func splitTerms(by string) []string {
	var terms []string
	depth, start := 0, 0
	for i, r := range by {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				terms = append(terms, strings.TrimSpace(by[start:i]))
				start = i + 1
			}
		}
	}
	return append(terms, strings.TrimSpace(by[start:]))
}

// anchorCond is the condition "after the anchor row in the order", each of the anchor's sort values
// read by a subquery of its own from the sort's tables (from, joined by cond) that both databases
// evaluate once. It has two parts, both needed: lead, on the sort's columns alone, is one index range
// of the first table; rest places the rows of the anchor's values. With one direction for every term,
// row values: the sort's own columns from the anchor's on, then the whole order past the anchor. With
// two directions (two terms), the sort column's range, then the key for the rows of the anchor's value.
func anchorCond(from, cond, key string, exprs, dirs []string, anchorKey int64) (lead string, leadArgs []any, rest string, restArgs []any) {
	if cond != "" {
		cond += " AND "
	}
	value := func(e string) string { return "(SELECT " + e + " FROM " + from + " WHERE " + cond + key + " = ?)" }
	n := len(exprs)
	if dirs[0] != dirs[1] {
		e, v := exprs[0], value(exprs[0])
		return e + " " + beyond(dirs[0]) + "= " + v, []any{anchorKey},
			"(" + e + " " + beyond(dirs[0]) + " " + v + " OR " + key + " " + beyond(dirs[1]) + " ?)", []any{anchorKey, anchorKey}
	}
	values := make([]string, n-1)
	args := make([]any, 0, n-1)
	for i, e := range exprs[:n-1] {
		values[i] = value(e)
		args = append(args, anchorKey)
	}
	op := beyond(dirs[0])
	sort := strings.Join(exprs[:n-1], ", ")
	at := strings.Join(values, ", ")
	return "(" + sort + ") " + op + "= (" + at + ")", args,
		"(" + sort + ", " + key + ") " + op + " (" + at + ", ?)", append(slices.Clone(args), anchorKey)
}

func beyond(dir string) string {
	if dir == "DESC" {
		return "<"
	}
	return ">"
}

// anchorSource is where the anchor's sort values are read: the sort's own tables (SortFrom), or KeyFrom.
func (s *Spec) anchorSource(sort string) (from, cond string) {
	if src, ok := s.SortFrom[sort]; ok {
		if src.Row != "" {
			return src.Row, ""
		}
		return src.From, src.Cond
	}
	return s.KeyFrom, ""
}

// withCond adds cond to a WHERE clause ("" or " WHERE ...").
func withCond(where, cond string) string {
	if where == "" {
		return " WHERE " + cond
	}
	return where + " AND " + cond
}

// anchoredKeys answers the keys of a page by the walk from the nearest anchor, or from the start, and
// learns the anchors this page gives. ok is false when the query cannot use anchors.
func anchoredKeys(ctx context.Context, d *db.DB, s *Spec, q *Query, where string, args []any, version int64, offset int) (keys []int64, ok bool, err error) {
	if s.Counts == nil || s.Key == "" || s.KeyFrom == "" || !s.Anchored[q.sort] || len(q.orderArgs) > 0 || offset < AnchorFrom {
		return nil, false, nil
	}
	exprs, dirs, ok := anchorTerms(q.order, s.Key)
	if !ok {
		return nil, false, nil
	}
	const paging = " LIMIT ? OFFSET ?"
	plain := strings.TrimSuffix(s.keySQL(q.sort, where, q.order), paging)
	id := plain + "\x00" + argsKey(args)
	if name := s.SortVersions[q.sort]; name != "" {
		// anchors learnt under an older value of that version are never asked for again
		v, err := listVersion(ctx, d, name)
		if err != nil {
			return nil, true, err
		}
		id += "\x00" + strconv.FormatInt(v, 10)
	}
	// from the row before the page: its key is the anchor of the same page asked again
	from := offset - 1
	a, found := s.Counts.anchor(version, id, from)
	if found && a.offset == from {
		from = offset
	}
	limit := q.Limit + (offset - from)
	stmt, stmtArgs := plain, append([]any{}, args...)
	skip := from
	if found {
		skip = from - a.offset - 1
		stmt, stmtArgs = s.anchoredStmt(d.Dialect, q.sort, where, args, q.order, exprs, dirs, a.key, limit+skip)
		anchoredWalks.Add(1)
	}
	if d.Dialect == db.Postgres {
		stmt += " LIMIT " + strconv.Itoa(limit) + " OFFSET " + strconv.Itoa(skip) // see Run
	} else {
		stmt += paging
		stmtArgs = append(stmtArgs, limit, skip)
	}
	keys, err = db.IDs(ctx, d, stmt, stmtArgs...)
	if err != nil {
		return nil, true, err
	}
	var learnt []anchor
	if from < offset && len(keys) > 0 {
		learnt = append(learnt, anchor{from, keys[0]})
		keys = keys[1:]
	}
	if len(keys) == q.Limit {
		learnt = append(learnt, anchor{offset + q.Limit - 1, keys[len(keys)-1]})
	}
	s.Counts.learn(version, id, learnt)
	return keys, true, nil
}

// anchor answers the kept anchor of query id nearest before or at offset.
func (c *Counts) anchor(version int64, id string, offset int) (anchor, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return anchor{}, false
	}
	as := c.anchors[id]
	i, _ := slices.BinarySearchFunc(as, offset+1, func(a anchor, o int) int { return a.offset - o })
	if i == 0 {
		return anchor{}, false
	}
	return as[i-1], true
}

// learn keeps anchors of query id read under version.
func (c *Counts) learn(version int64, id string, learnt []anchor) {
	if len(learnt) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version {
		return
	}
	if c.anchors == nil || len(c.anchors) >= countsMax {
		c.anchors = map[string][]anchor{}
	}
	as := c.anchors[id]
	if len(as) >= anchorsMax {
		as = nil
	}
	for _, a := range learnt {
		i, found := slices.BinarySearchFunc(as, a.offset, func(x anchor, o int) int { return x.offset - o })
		if found {
			as[i] = a
		} else {
			as = slices.Insert(as, i, a)
		}
	}
	c.anchors[id] = as
}

// anchoredStmt is the keys' statement of the rows after the anchor row in the order (without LIMIT and
// OFFSET; n bounds what it reads where it has parts) and its parameters, where's first.
//
// SQLite walks a row value as a range of its first column only when an equality precedes it in the index
// ((user_type, state, id): state < v, then every row of the anchor's state filtered), so there a two-term
// order in one direction is two ranges, the rest of the anchor's value and the values past it, each
// stopping after n rows, ordered again (at most 2n rows). On PostgreSQL a sort through an outer table
// (KeySource.Outer) reads at most n keys of each outer row, in the key's order (a LATERAL walk).
func (s *Spec) anchoredStmt(d db.Dialect, sort, where string, args []any, order string, exprs, dirs []string, anchorKey int64, n int) (string, []any) {
	const paging = " LIMIT ? OFFSET ?"
	src, srcCond := s.anchorSource(sort)
	if d == db.SQLite && len(exprs) == 2 && dirs[0] == dirs[1] {
		e, op := exprs[0], beyond(dirs[0])
		value := "(SELECT " + e + " FROM " + src + " WHERE " + srcCond
		if srcCond != "" {
			value += " AND "
		}
		value += s.Key + " = ?)"
		cols := func(q string) string {
			return "SELECT * FROM (" + strings.Replace(q, "SELECT "+s.Key+" FROM", "SELECT "+e+" AS s, "+s.Key+" AS k FROM", 1) + ")"
		}
		// the anchor's value ordered by the key alone: SQLite sorts every row of that value when the order
		// names an expression (a third of the accounts have never signed in) even though it is fixed
		rest := cols(s.keySQL(sort, withCond(where, e+" = "+value+" AND "+s.Key+" "+op+" ?"), s.Key+" "+dirs[1]))
		past := cols(s.keySQL(sort, withCond(where, e+" "+op+" "+value), order))
		all := append([]any{}, args...)
		all = append(all, anchorKey, anchorKey, n, 0)
		all = append(all, args...)
		all = append(all, anchorKey, n, 0)
		return "SELECT k FROM (" + rest + " UNION ALL " + past + ") ORDER BY s " + dirs[0] + ", k " + dirs[0], all
	}
	lead, leadArgs, rest, restArgs := anchorCond(src, srcCond, s.Key, exprs, dirs, anchorKey)
	if ks := s.SortFrom[sort]; d == db.Postgres && ks.Outer != "" && !slices.ContainsFunc(dirs, func(d string) bool { return d != dirs[0] }) {
		// the outer table's range outside, the rest of the order in each of its rows' walk
		var by []string
		for i, e := range exprs[:len(exprs)-1] {
			by = append(by, e+" "+dirs[i])
		}
		inner := "SELECT " + s.Key + " AS k FROM " + s.KeyFrom + withCond(withCond(where, ks.Cond), rest) +
			" ORDER BY " + s.Key + " " + dirs[0] + " LIMIT " + strconv.Itoa(n)
		stmt := "SELECT x.k FROM " + ks.Outer + " CROSS JOIN LATERAL (" + inner + ") x WHERE " + lead +
			" ORDER BY " + strings.Join(by, ", ") + ", x.k " + dirs[0]
		return stmt, append(append(append([]any{}, args...), restArgs...), leadArgs...)
	}
	all := append(append(append([]any{}, args...), leadArgs...), restArgs...)
	return strings.TrimSuffix(s.keySQL(sort, withCond(where, lead+" AND "+rest), order), paging), all
}

// AnchoredSQL is the keys' statement of a page of 10 that starts right after the anchor row with key
// anchorKey, for a request with sort and order and no filter, with its parameters (LIMIT and OFFSET last).
// What a plan test explains; ok is false when the sort does not use anchors.
func (s *Spec) AnchoredSQL(d db.Dialect, sort, order string, anchorKey int64) (stmt string, args []any, ok bool, err error) {
	by, err := s.orderBy(sort, order)
	if err != nil || !s.Anchored[sort] {
		return "", nil, false, err
	}
	exprs, dirs, ok := anchorTerms(by, s.Key)
	if !ok {
		return "", nil, false, nil
	}
	q := &Query{order: by, sort: sort}
	if s.Where != "" {
		q.where = []string{s.Where}
	}
	where, whereArgs := q.whereSQL(d, s)
	stmt, args = s.anchoredStmt(d, sort, where, whereArgs, by, exprs, dirs, anchorKey, 10)
	return stmt + " LIMIT ? OFFSET ?", append(args, 10, 0), true, nil
}
