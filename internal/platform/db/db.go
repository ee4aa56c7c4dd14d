// Package db opens the product database (SQLite by default, PostgreSQL when a DSN is given),
// hides the few dialect differences, and applies the embedded migrations.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// DB is a *sql.DB that knows its dialect. Queries are written with '?' placeholders and
// rebound for PostgreSQL, so stores hold one version of each statement.
type DB struct {
	*sql.DB
	Dialect Dialect
}

// Open connects to PostgreSQL when dsn is set, otherwise to SQLite in dataDir/biddesk.db.
func Open(ctx context.Context, dsn, dataDir string) (*DB, error) {
	if dsn != "" {
		sqldb, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		sqldb.SetMaxOpenConns(20)
		sqldb.SetMaxIdleConns(10)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		if err := sqldb.PingContext(ctx); err != nil {
			sqldb.Close()
			return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
		}
		return &DB{DB: sqldb, Dialect: Postgres}, nil
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data folder: %w", err)
	}
	path := filepath.Join(dataDir, "biddesk.db")
	return openSQLite(ctx, "file:"+path)
}

func openSQLite(ctx context.Context, uri string) (*DB, error) {
	sep := "?"
	if strings.Contains(uri, "?") {
		sep = "&"
	}
	dsn := uri + sep + "_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_time_format=sqlite&_txlock=immediate"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// WAL allows many readers and one writer; a few connections keep readers from queueing.
	sqldb.SetMaxOpenConns(8)
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("open SQLite: %w", err)
	}
	return &DB{DB: sqldb, Dialect: SQLite}, nil
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

// Exec, Query and QueryRow rebind their statement before running it.
func (d *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return d.DB.ExecContext(ctx, d.Rebind(q), args...)
}

func (d *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return d.DB.QueryContext(ctx, d.Rebind(q), args...)
}

func (d *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return d.DB.QueryRowContext(ctx, d.Rebind(q), args...)
}

// Insert runs an INSERT and returns the new row's id (RETURNING id works on both dialects).
func (d *DB) Insert(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	err := d.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id)
	return id, err
}

// Querier reads: a *DB, or a *Tx when the read must see the transaction's own writes (the
// record after a change, for the business log).
type Querier interface {
	Query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

// Row is what a row of a query scans from.
type Row = interface{ Scan(...any) error }

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
}

// Dialect is the SQL flavour of the transaction's database.
func (t *Tx) Dialect() Dialect { return t.db.Dialect }

func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return t.Tx.ExecContext(ctx, t.db.Rebind(q), args...)
}

func (t *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return t.Tx.QueryContext(ctx, t.db.Rebind(q), args...)
}

func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return t.Tx.QueryRowContext(ctx, t.db.Rebind(q), args...)
}

func (t *Tx) Insert(ctx context.Context, q string, args ...any) (int64, error) {
	var id int64
	err := t.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id)
	return id, err
}

// InTx runs fn in a transaction: committed when fn returns nil, rolled back otherwise,
// so a failed request never leaves a half-written record.
func (d *DB) InTx(ctx context.Context, fn func(*Tx) error) (err error) {
	sqltx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx := &Tx{Tx: sqltx, db: d}
	defer func() {
		if p := recover(); p != nil {
			_ = sqltx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqltx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return sqltx.Commit()
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
	conn, err := d.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA analysis_limit = 1000`); err != nil {
		return err
	}
	stmt := `PRAGMA optimize`
	if atStart {
		stmt = `PRAGMA optimize = 0x10002`
	}
	_, err = conn.ExecContext(ctx, stmt)
	return err
}
