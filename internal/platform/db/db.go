// Package db opens the product database (SQLite by default, PostgreSQL when a DSN is given),
// hides the few dialect differences, and applies the embedded migrations.
//
// On SQLite the database has one write connection and a pool of read-only connections: SQLite lets
// one writer at a time into a file, so two write connections only wait on each other's lock (and a
// transaction that needed a second one while holding the first waited until busy_timeout, then
// failed with SQLITE_BUSY). Writes (Exec, Insert, InTx, and Query/QueryRow of a statement that is not
// a SELECT) take turns on the write connection in arrival order; reads run beside them on the
// read pool, WAL giving each the last committed state. On PostgreSQL one pool serves both.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	_ "modernc.org/sqlite"             // SQLite driver "sqlite"
)

// Dialect names the SQL flavour of a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the product database: it knows its dialect, and queries are written with '?'
// placeholders and rebound for PostgreSQL, so stores hold one version of each statement.
type DB struct {
	Dialect Dialect

	write *pool // SQLite: the one write connection; PostgreSQL: the only pool
	read  *pool // SQLite: read-only connections; PostgreSQL: the same pool as write

	// turn is the write connection, taken in arrival order (a channel's senders queue FIFO;
	// database/sql hands a freed connection to a random waiter). nil on PostgreSQL.
	turn chan struct{}

	txs txOwners

	// writes counts the writes made through this DB (see Writes).
	writes atomic.Uint64
	// counters are the trigger-kept version numbers that Counter answers (counters.go).
	counters counters
}

// Writes counts the writes (statements and transactions) this process has finished through d. A cache
// of a value that triggers keep (the 'auth' version) compares it to know that no write of its own
// process can have moved the value since it was read.
func (d *DB) Writes() uint64 { return d.writes.Load() }

// pool is a *sql.DB and its prepared statements.
type pool struct {
	db    *sql.DB
	stmts *stmtCache // nil when the driver keeps its own (pgx caches statements per connection)
}

// ErrWriteInTx is a write through the *DB (or a second InTx) made while the same goroutine holds a
// transaction: on SQLite it would wait forever for the write connection its own transaction holds,
// and on either database it would not be part of the transaction. Use the *Tx, or write after
// InTx returns.
var ErrWriteInTx = errors.New("db: write through *DB inside a transaction of the same goroutine (use the *Tx, or write after the commit)")

// ErrReadInTx is a read through the *DB made while the same goroutine holds a transaction. On
// PostgreSQL it waits for a second connection of the pool the transaction holds one of: enough such
// transactions at once hold every connection and wait for ever. Read through the *Tx (which also
// sees the transaction's own writes). Checked in test binaries only, where it costs nothing that
// matters; the tests of every store then find such a read.
var ErrReadInTx = errors.New("db: read through *DB inside a transaction of the same goroutine (read through the *Tx)")

// Statement-cache sizes: the distinct statements of the product are a few hundred; dynamic ones
// (IN lists of every length) only push the least used out.
const stmtCacheSize = 512

// maxMissed bounds the statements one transaction leaves to prepare after it (an import's
// transaction may run many distinct ones).
const maxMissed = 64

// PostgresConns is the default size of a PostgreSQL pool (SetMaxConns changes it). On the 2-core machine of
// docs/performance.md, 20 connections for 16 clients let every query run at once and doubled the list
// calls' p99 (75 ms) against 4 to 10 connections (17-21 ms) at the same throughput.
const PostgresConns = 10

// SetMaxConns bounds the PostgreSQL connections (the database-conns setting); SQLite's pools are fixed.
func (d *DB) SetMaxConns(n int) {
	if d.Dialect == Postgres && n > 0 {
		d.write.db.SetMaxOpenConns(n)
		d.write.db.SetMaxIdleConns(n)
	}
}

// Open connects to PostgreSQL when dsn is set, otherwise to SQLite in dataDir/biddesk.db.
func Open(ctx context.Context, dsn, dataDir string) (*DB, error) {
	if dsn != "" {
		sqldb, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		sqldb.SetMaxOpenConns(PostgresConns)
		sqldb.SetMaxIdleConns(PostgresConns)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		if err := sqldb.PingContext(ctx); err != nil {
			sqldb.Close()
			return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
		}
		// pgx prepares and caches every statement per connection itself (its default exec mode).
		p := &pool{db: sqldb}
		return &DB{Dialect: Postgres, write: p, read: p}, nil
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data folder: %w", err)
	}
	path := filepath.Join(dataDir, "biddesk.db")
	return openSQLite(ctx, "file:"+path)
}

// ReadConns is the size of SQLite's read pool.
func ReadConns() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

func openSQLite(ctx context.Context, uri string) (*DB, error) {
	sep := "?"
	if strings.Contains(uri, "?") {
		sep = "&"
	}
	// busy_timeout first: switching to WAL takes a lock, and another process may hold it.
	common := uri + sep + "_pragma=busy_timeout(10000)&_time_format=sqlite"
	w, err := sql.Open("sqlite", common+"&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	if err := w.PingContext(ctx); err != nil { // creates the file and switches it to WAL before a reader opens it
		w.Close()
		return nil, fmt.Errorf("open SQLite: %w", err)
	}
	// query_only: a write sent to a reader fails loudly instead of competing for the file's lock.
	r, err := sql.Open("sqlite", common+"&_pragma=foreign_keys(1)&_query_only=1")
	if err != nil {
		w.Close()
		return nil, err
	}
	n := ReadConns()
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n) // an idle connection keeps its prepared statements
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open SQLite: %w", err)
	}
	return &DB{
		Dialect: SQLite,
		write:   &pool{db: w, stmts: newStmtCache(w, stmtCacheSize)},
		read:    &pool{db: r, stmts: newStmtCache(r, stmtCacheSize)},
		turn:    make(chan struct{}, 1),
	}, nil
}

// Close closes the statements and connections.
func (d *DB) Close() error {
	var errs []error
	for _, p := range d.pools() {
		if p.stmts != nil {
			p.stmts.close()
		}
		errs = append(errs, p.db.Close())
	}
	return errors.Join(errs...)
}

// PingContext checks that the database answers.
func (d *DB) PingContext(ctx context.Context) error {
	for _, p := range d.pools() {
		if err := p.db.PingContext(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Engine is the *sql.DB a library that runs its own statements (the job engine, River) is handed:
// on SQLite the one write connection, so that it takes turns with the product's writes instead of
// competing for the file's lock (River's SQLite driver asks for a pool of one connection); on
// PostgreSQL the one pool. Its statements do not wait in the turn order of Exec and InTx (database/sql
// hands the connection to whichever waiter), which only changes who goes first; it must not be used
// inside an InTx of the same goroutine (that would wait for itself).
func (d *DB) Engine() *sql.DB { return d.write.db }

// Conn takes a dedicated connection of the read pool (on PostgreSQL, of the one pool), e.g. to
// LISTEN. Return it with Close.
func (d *DB) Conn(ctx context.Context) (*sql.Conn, error) { return d.read.db.Conn(ctx) }

func (d *DB) pools() []*pool {
	if d.read == d.write {
		return []*pool{d.write}
	}
	return []*pool{d.read, d.write}
}

// Rebind turns '?' placeholders into '$1, $2, ...' for PostgreSQL. It skips quoted strings.
func (d *DB) Rebind(q string) string {
	if d.Dialect != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n, inStr := 0, false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'':
			inStr = !inStr
			b.WriteByte(c)
		case c == '?' && !inStr:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// IsRead tells whether a statement only reads: it starts with SELECT, VALUES or EXPLAIN, or with
// WITH and writes nothing. Everything else (INSERT ... RETURNING and the like) goes to the write
// connection; on SQLite a write sent to the read pool would fail (its connections are query-only).
func IsRead(q string) bool {
	switch strings.ToUpper(leadingWord(q)) {
	case "SELECT", "VALUES", "EXPLAIN":
		return true
	case "WITH":
		// a data-modifying CTE (PostgreSQL) or a WITH before INSERT/UPDATE/DELETE (SQLite)
		u := strings.ToUpper(q)
		for _, w := range []string{"INSERT", "UPDATE", "DELETE", "REPLACE"} {
			if containsWord(u, w) {
				return false
			}
		}
		return true
	}
	return false
}

// leadingWord is the first word of q after blanks, comments and opening parentheses.
func leadingWord(q string) string {
	i := 0
	for i < len(q) {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(':
			i++
		case strings.HasPrefix(q[i:], "--"):
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				return ""
			}
		case strings.HasPrefix(q[i:], "/*"):
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				return ""
			}
		default:
			j := i
			for j < len(q) && (q[j] >= 'a' && q[j] <= 'z' || q[j] >= 'A' && q[j] <= 'Z') {
				j++
			}
			return q[i:j]
		}
	}
	return ""
}

func containsWord(u, w string) bool {
	for off := 0; ; {
		k := strings.Index(u[off:], w)
		if k < 0 {
			return false
		}
		k += off
		before := k == 0 || !isIdent(u[k-1])
		after := k+len(w) == len(u) || !isIdent(u[k+len(w)])
		if before && after {
			return true
		}
		off = k + len(w)
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}

// takeTurn waits (in arrival order) for the write connection; the returned func gives it back.
// It refuses a goroutine that holds a transaction: its write would wait for itself.
func (d *DB) takeTurn(ctx context.Context, q string) (func(), error) {
	if d.txs.heldByCaller() {
		return nil, fmt.Errorf("%w: %s", ErrWriteInTx, clip(q))
	}
	if d.turn == nil {
		return func() { d.writes.Add(1) }, nil
	}
	select {
	case d.turn <- struct{}{}:
		return func() { d.writes.Add(1); <-d.turn }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func clip(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if len(q) > 120 {
		return q[:120] + "..."
	}
	return q
}

// StatementError is a driver's error with the statement that failed (clipped, without its arguments): the
// exception log shows what was being done. errors.Is and errors.As see the driver's error through it.
type StatementError struct {
	Statement string
	Err       error
}

func (e *StatementError) Error() string { return e.Err.Error() + " [statement: " + e.Statement + "]" }
func (e *StatementError) Unwrap() error { return e.Err }

// withStatement wraps a driver's error with its statement (nil stays nil; a context's end and a wrapped one stay
// as they are).
func withStatement(q string, err error) error {
	var se *StatementError
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.As(err, &se) {
		return err
	}
	return &StatementError{Statement: clip(q), Err: err}
}

// Exec runs a write on the write connection.
func (d *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	q = d.Rebind(q)
	done, err := d.takeTurn(ctx, q)
	if err != nil {
		return nil, err
	}
	defer done()
	res, err := d.write.exec(ctx, q, args)
	return res, withStatement(q, err)
}

// readInTx tells, in a test binary, whether the caller holds a transaction (see ErrReadInTx).
func (d *DB) readInTx(q string) error {
	if testing.Testing() && d.txs.heldByCaller() {
		return fmt.Errorf("%w: %s", ErrReadInTx, clip(q))
	}
	return nil
}

// Query runs a read on the read pool, or a statement that writes (see IsRead) on the write connection.
func (d *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	q = d.Rebind(q)
	if IsRead(q) {
		if err := d.readInTx(q); err != nil {
			return nil, err
		}
		rows, err := d.read.query(ctx, q, args)
		return rows, withStatement(q, err)
	}
	done, err := d.takeTurn(ctx, q)
	if err != nil {
		return nil, err
	}
	defer done()
	rows, err := d.write.query(ctx, q, args)
	return rows, withStatement(q, err)
}

// QueryRow is Query for one row. A write (or, in tests, a read) made while the goroutine holds a
// transaction panics with ErrWriteInTx or ErrReadInTx (a *sql.Row cannot carry an error of ours):
// it is a programming error, found by any test that runs the code.
func (d *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	q = d.Rebind(q)
	if IsRead(q) {
		if err := d.readInTx(q); err != nil {
			panic(err)
		}
		return d.read.queryRow(ctx, q, args)
	}
	done, err := d.takeTurn(ctx, q)
	if err != nil {
		if errors.Is(err, ErrWriteInTx) {
			panic(err)
		}
		// the context ended while waiting: the row reports it
		return d.write.db.QueryRowContext(ctx, q, args...)
	}
	defer done()
	return d.write.queryRow(ctx, q, args)
}

// Insert runs an INSERT and returns the new row's id (RETURNING id works on both dialects).
func (d *DB) Insert(ctx context.Context, q string, args ...any) (int64, error) {
	q = d.Rebind(q + " RETURNING id")
	done, err := d.takeTurn(ctx, q)
	if err != nil {
		return 0, err
	}
	defer done()
	var id int64
	err = d.write.queryRow(ctx, q, args).Scan(&id)
	return id, withStatement(q, err)
}

// Querier reads: a *DB, or a *Tx when the read must see the transaction's own writes (the
// record after a change, for the business log).
type Querier interface {
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

// Row is what a row of a query scans from.
type Row = interface{ Scan(...any) error }

// IDs runs a query answering one column of ids and returns them (an empty slice, never nil, when none).
func IDs(ctx context.Context, q Querier, query string, args ...any) ([]int64, error) {
	out := []int64{}
	err := EachRow(ctx, q, query, args, func(row Row) error {
		var id int64
		if err := row.Scan(&id); err != nil {
			return err
		}
		out = append(out, id)
		return nil
	})
	return out, err
}

// EachRow runs a query and hands every row to fn, stopping at fn's first error.
func EachRow(ctx context.Context, q Querier, query string, args []any, fn func(row Row) error) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Tx is a transaction with the same rebinding helpers.
type Tx struct {
	*sql.Tx
	db *DB
	// missed are the statements run here that the cache did not hold yet: preparing one on the
	// pool would need the connection the transaction holds, so they are prepared after it ends.
	missed []string
}

// Dialect is the SQL flavour of the transaction's database.
func (t *Tx) Dialect() Dialect { return t.db.Dialect }

func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	q = t.db.Rebind(q)
	st, release := t.stmt(ctx, q)
	if st == nil {
		res, err := t.Tx.ExecContext(ctx, q, args...)
		return res, withStatement(q, err)
	}
	defer release()
	res, err := st.ExecContext(ctx, args...)
	return res, withStatement(q, err)
}

// Query runs unprepared: rows of it may still be open when the same statement runs again in the
// transaction, and SQLite cannot step one prepared statement twice at once on a connection.
func (t *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	q = t.db.Rebind(q)
	rows, err := t.Tx.QueryContext(ctx, q, args...)
	return rows, withStatement(q, err)
}

func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	q = t.db.Rebind(q)
	st, release := t.stmt(ctx, q)
	if st == nil {
		return t.Tx.QueryRowContext(ctx, q, args...)
	}
	defer release()
	return st.QueryRowContext(ctx, args...)
}

func (t *Tx) Insert(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	err := t.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id)
	return id, withStatement(q, err)
}

// stmt is the cached statement of q bound to the transaction, or nil (run q unprepared). release
// closes the transaction's handle (the prepared statement stays with the connection) and hands the
// cache entry back.
func (t *Tx) stmt(ctx context.Context, q string) (*sql.Stmt, func()) {
	c := t.db.write.stmts
	if c == nil {
		return nil, nil
	}
	e := c.lookup(q)
	if e == nil {
		if len(t.missed) < maxMissed && !slices.Contains(t.missed, q) {
			t.missed = append(t.missed, q)
		}
		return nil, nil
	}
	ts := t.Tx.StmtContext(ctx, e.stmt)
	return ts, func() {
		ts.Close()
		c.release(e)
	}
}

// InTx runs fn in a transaction: committed when fn returns nil, rolled back otherwise,
// so a failed request never leaves a half-written record. Inside fn, every write goes through the
// *Tx: a write through the *DB (or another InTx) returns ErrWriteInTx.
func (d *DB) InTx(ctx context.Context, fn func(*Tx) error) (err error) {
	done, err := d.takeTurn(ctx, "BEGIN")
	if err != nil {
		return err
	}
	defer done()
	sqltx, err := d.write.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx := &Tx{Tx: sqltx, db: d}
	release := d.txs.hold()
	defer func() {
		p := recover()
		if p != nil || err != nil {
			_ = sqltx.Rollback()
		}
		release()
		// still our turn, and the connection is free again: prepare what the transaction missed
		if d.write.stmts != nil && len(tx.missed) > 0 {
			d.write.stmts.prepare(ctx, tx.missed)
		}
		if p != nil {
			panic(p)
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return sqltx.Commit()
}

// txOwners are the goroutines inside InTx. The goroutine id is read only while some transaction
// is open, and only on the write paths, so reads never pay for it.
type txOwners struct {
	open atomic.Int64
	ids  sync.Map // goroutine id -> struct{}
}

func (o *txOwners) hold() (release func()) {
	id := goid()
	o.ids.Store(id, struct{}{})
	o.open.Add(1)
	return func() {
		o.ids.Delete(id)
		o.open.Add(-1)
	}
}

func (o *txOwners) heldByCaller() bool {
	if o.open.Load() == 0 {
		return false
	}
	_, ok := o.ids.Load(goid())
	return ok
}

// goid is the calling goroutine's id, read from the first line of its stack ("goroutine 12 [...").
func goid() uint64 {
	var buf [32]byte
	n := runtime.Stack(buf[:], false)
	var id uint64
	for _, c := range buf[len("goroutine "):n] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + uint64(c-'0')
	}
	return id
}

// Placeholders returns "?, ?, ?" for n arguments.
func Placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// IsUniqueViolation tells whether err is a unique-constraint failure on either dialect.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// ErrNoRows is re-exported so stores need not import database/sql for it.
var ErrNoRows = sql.ErrNoRows

// IsNoRows tells whether err means "no such row".
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// Optimize keeps the planner's statistics current, so that list plans hold as tables grow. SQLite
// keeps none by itself: PRAGMA optimize analyses the tables whose size changed much since their last
// analysis (atStart: also those never analysed), with analysis_limit bounding the rows it reads per
// index. PostgreSQL's autovacuum analyses changed tables by itself, so there it does nothing.
func (d *DB) Optimize(ctx context.Context, atStart bool) error {
	if d.Dialect != SQLite {
		return nil
	}
	// Analysis writes sqlite_stat1: both run on the one write connection (analysis_limit is per connection).
	if _, err := d.Exec(ctx, `PRAGMA analysis_limit = 1000`); err != nil {
		return err
	}
	stmt := `PRAGMA optimize`
	if atStart {
		stmt = `PRAGMA optimize = 0x10002`
	}
	_, err := d.Exec(ctx, stmt)
	return err
}
