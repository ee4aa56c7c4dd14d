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
// only serve sorts whose columns the version's triggers cover (Spec.Anchored).

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

// anchorTerms splits an ORDER BY of exactly "expr dir, key dir" (the sort's column and the tie-break
// on the key) into its parts; ok is false for any other order.
func anchorTerms(by, key string) (expr, dir, keyDir string, ok bool) {
	terms := strings.Split(by, ", ")
	if len(terms) != 2 {
		return "", "", "", false
	}
	cut := func(t string) (string, string, bool) {
		i := strings.LastIndexByte(t, ' ')
		if i < 0 {
			return "", "", false
		}
		d := t[i+1:]
		return t[:i], d, d == "ASC" || d == "DESC"
	}
	expr, dir, ok1 := cut(terms[0])
	k, keyDir, ok2 := cut(terms[1])
	return expr, dir, keyDir, ok1 && ok2 && k == key && !strings.Contains(expr, ",")
}

// anchorCond is the condition "after the anchor row in the order": the anchor's sort value read by a
// subquery of its own (both databases evaluate it once and walk the index from it). With one direction
// for both terms, a row value, which PostgreSQL and SQLite both walk as one index range; with two, the
// sort column's range and the key for the rows of the anchor's value.
func anchorCond(from, key, expr, dir, keyDir string, anchorKey int64) (string, []any) {
	value := "(SELECT " + expr + " FROM " + from + " WHERE " + key + " = ?)"
	if dir == keyDir {
		return "(" + expr + ", " + key + ") " + beyond(dir) + " (" + value + ", ?)", []any{anchorKey, anchorKey}
	}
	return expr + " " + beyond(dir) + "= " + value + " AND (" + expr + " " + beyond(dir) + " " + value + " OR " + key + " " + beyond(keyDir) + " ?)",
		[]any{anchorKey, anchorKey, anchorKey}
}

func beyond(dir string) string {
	if dir == "DESC" {
		return "<"
	}
	return ">"
}

// anchoredKeys answers the keys of a page by the walk from the nearest anchor, or from the start, and
// learns the anchors this page gives. ok is false when the query cannot use anchors.
func anchoredKeys(ctx context.Context, d *db.DB, s *Spec, q *Query, where string, args []any, version int64, offset int) (keys []int64, ok bool, err error) {
	if s.Counts == nil || s.Key == "" || s.KeyFrom == "" || !s.Anchored[q.sort] || len(q.orderArgs) > 0 || offset < AnchorFrom {
		return nil, false, nil
	}
	if _, own := s.SortFrom[q.sort]; own {
		return nil, false, nil
	}
	expr, dir, keyDir, ok := anchorTerms(q.order, s.Key)
	if !ok {
		return nil, false, nil
	}
	plain := "SELECT " + s.Key + " FROM " + s.KeyFrom + where + orderSQL(q.order)
	id := plain + "\x00" + argsKey(args)
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
		cond, condArgs := anchorCond(s.KeyFrom, s.Key, expr, dir, keyDir, a.key)
		if where == "" {
			where = " WHERE " + cond
		} else {
			where += " AND " + cond
		}
		stmt = "SELECT " + s.Key + " FROM " + s.KeyFrom + where + orderSQL(q.order)
		stmtArgs = append(stmtArgs, condArgs...)
		skip = from - a.offset - 1
		anchoredWalks.Add(1)
	}
	if d.Dialect == db.Postgres {
		stmt += " LIMIT " + strconv.Itoa(limit) + " OFFSET " + strconv.Itoa(skip) // see Run
	} else {
		stmt += " LIMIT ? OFFSET ?"
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

// AnchoredSQL is the keys' statement of a page that starts after an anchor, for a request with sort and
// order and no filter (parameters: the anchor's key, n times, then LIMIT and OFFSET). What a plan test
// explains; ok is false when the sort does not use anchors.
func (s *Spec) AnchoredSQL(d db.Dialect, sort, order string) (stmt string, n int, ok bool, err error) {
	by, err := s.orderBy(sort, order)
	if err != nil || !s.Anchored[sort] {
		return "", 0, false, err
	}
	expr, dir, keyDir, ok := anchorTerms(by, s.Key)
	if !ok {
		return "", 0, false, nil
	}
	q := &Query{order: by, sort: sort}
	if s.Where != "" {
		q.where = []string{s.Where}
	}
	where, _ := q.whereSQL(d, s)
	cond, args := anchorCond(s.KeyFrom, s.Key, expr, dir, keyDir, 0)
	if where == "" {
		where = " WHERE " + cond
	} else {
		where += " AND " + cond
	}
	return "SELECT " + s.Key + " FROM " + s.KeyFrom + where + orderSQL(by) + " LIMIT ? OFFSET ?", len(args), true, nil
}
