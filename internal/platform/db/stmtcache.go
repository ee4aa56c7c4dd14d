package db

import (
	"container/list"
	"context"
	"database/sql"
	"sync"
)

// stmtCache keeps the prepared statements of a pool, by statement text, so SQLite parses and plans
// each statement once per connection instead of on every call. It is bounded: past max entries the
// least recently used is closed, once no call is using it. (A *sql.Stmt prepares itself again on
// any other connection of the pool it runs on, and database/sql closes it with its connection.)
type stmtCache struct {
	db  *sql.DB
	max int

	mu     sync.Mutex
	m      map[string]*list.Element // of *cachedStmt
	lru    list.List                // front: most recently used
	closed bool
}

type cachedStmt struct {
	q       string
	stmt    *sql.Stmt
	refs    int  // calls using stmt now
	evicted bool // out of the cache: closed when refs drops to 0
}

func newStmtCache(d *sql.DB, max int) *stmtCache {
	return &stmtCache{db: d, max: max, m: map[string]*list.Element{}}
}

// lookup returns q's entry, held until release, or nil when q is not cached.
func (c *stmtCache) lookup(q string) *cachedStmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.m[q]
	if !ok {
		return nil
	}
	c.lru.MoveToFront(el)
	e := el.Value.(*cachedStmt)
	e.refs++
	return e
}

// get returns q's entry, preparing it on the pool when missing; held until release.
func (c *stmtCache) get(ctx context.Context, q string) (*cachedStmt, error) {
	if e := c.lookup(q); e != nil {
		return e, nil
	}
	st, err := c.db.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	return c.add(q, st, true), nil
}

// prepare caches the statements qs (a transaction's misses); errors only leave them uncached.
func (c *stmtCache) prepare(ctx context.Context, qs []string) {
	for _, q := range qs {
		c.mu.Lock()
		_, ok := c.m[q]
		c.mu.Unlock()
		if ok {
			continue
		}
		if st, err := c.db.PrepareContext(ctx, q); err == nil {
			c.add(q, st, false)
		}
	}
}

// add puts st in the cache for q (another caller may have been first: then st is closed and
// theirs used), evicts what exceeds max, and returns the entry, held when hold is set.
func (c *stmtCache) add(q string, st *sql.Stmt, hold bool) *cachedStmt {
	var toClose []*sql.Stmt
	c.mu.Lock()
	var e *cachedStmt
	if el, ok := c.m[q]; ok {
		toClose = append(toClose, st)
		e = el.Value.(*cachedStmt)
		c.lru.MoveToFront(el)
	} else {
		e = &cachedStmt{q: q, stmt: st}
		if c.closed {
			e.evicted = true // the database is closing: use once, then close
		} else {
			c.m[q] = c.lru.PushFront(e)
		}
	}
	if hold {
		e.refs++
	} else if e.evicted && e.refs == 0 {
		toClose = append(toClose, e.stmt)
	}
	for c.lru.Len() > c.max {
		old := c.lru.Remove(c.lru.Back()).(*cachedStmt)
		delete(c.m, old.q)
		old.evicted = true
		if old.refs == 0 {
			toClose = append(toClose, old.stmt)
		}
	}
	c.mu.Unlock()
	for _, s := range toClose {
		s.Close()
	}
	return e
}

// release hands back an entry from lookup or get.
func (c *stmtCache) release(e *cachedStmt) {
	c.mu.Lock()
	e.refs--
	closeNow := e.evicted && e.refs == 0
	c.mu.Unlock()
	if closeNow {
		e.stmt.Close()
	}
}

// len is the number of cached statements.
func (c *stmtCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// close closes every statement not in use (those in use close on release).
func (c *stmtCache) close() {
	var toClose []*sql.Stmt
	c.mu.Lock()
	c.closed = true
	for el := c.lru.Front(); el != nil; el = el.Next() {
		e := el.Value.(*cachedStmt)
		e.evicted = true
		if e.refs == 0 {
			toClose = append(toClose, e.stmt)
		}
	}
	c.lru.Init()
	c.m = map[string]*list.Element{}
	c.mu.Unlock()
	for _, s := range toClose {
		s.Close()
	}
}

func (p *pool) exec(ctx context.Context, q string, args []any) (sql.Result, error) {
	if p.stmts == nil {
		return p.db.ExecContext(ctx, q, args...)
	}
	e, err := p.stmts.get(ctx, q)
	if err != nil {
		return nil, err
	}
	defer p.stmts.release(e)
	return e.stmt.ExecContext(ctx, args...)
}

func (p *pool) query(ctx context.Context, q string, args []any) (*sql.Rows, error) {
	if p.stmts == nil {
		return p.db.QueryContext(ctx, q, args...)
	}
	e, err := p.stmts.get(ctx, q)
	if err != nil {
		return nil, err
	}
	// the rows keep the statement open until they close, even if it is evicted meanwhile
	defer p.stmts.release(e)
	return e.stmt.QueryContext(ctx, args...)
}

func (p *pool) queryRow(ctx context.Context, q string, args []any) *sql.Row {
	if p.stmts == nil {
		return p.db.QueryRowContext(ctx, q, args...)
	}
	e, err := p.stmts.get(ctx, q)
	if err != nil {
		// unprepared, the statement reports the same error through the row
		return p.db.QueryRowContext(ctx, q, args...)
	}
	defer p.stmts.release(e)
	return e.stmt.QueryRowContext(ctx, args...)
}
