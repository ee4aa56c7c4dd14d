package dataset

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Limits of a run. Timeout is a variable so that a test may shorten it.
var Timeout = 5 * time.Second

const (
	MaxRows     = 1000 // rows one run answers
	PreviewRows = 20   // rows a test of a dataset shows
	MaxValueLen = 1000 // characters of a parameter's value
	maxCellLen  = 2000 // characters of a text cell answered
)

// Limits of what a run may make the server hold. A cell is cut to maxCellLen characters in the answer, but
// the database makes the whole value first, and the driver copies it: without them one statement
// (printf('%.*c', 100000000, 'x') on three rows) held over a gigabyte.
const (
	// MaxValueBytes bounds a text or blob value on SQLite (SQLITE_LIMIT_LENGTH on the run's connection,
	// which is then discarded): over it the statement stops with SQLITE_TOOBIG. It is well above anything
	// the product stores (a request body is at most 1 MiB), as SQLite applies it to the values read from
	// tables and to the whole rows it sorts too.
	MaxValueBytes = 2 << 20
	// MaxColumns bounds a result's columns on SQLite (SQLITE_LIMIT_COLUMN): a row is at most
	// MaxColumns x MaxValueBytes. A dynamic table has at most 64 columns, two joined 128.
	MaxColumns = 150
	// MaxRowBytes bounds one row on PostgreSQL: a DataRow message longer than that is refused by the
	// connection before it is read (pgproto3's maximum body length), and the connection is discarded.
	MaxRowBytes = 8 << 20
	// MaxResultBytes bounds the text and blob bytes of all the rows read (before they are cut for the
	// answer), on both databases.
	MaxResultBytes = 64 << 20
)

// Readable is the allow-list of what a dataset may read: the business tables a report needs, and,
// of a table that also holds a secret, only the columns listed. Sessions, tickets, remembered logins,
// configuration, security events, exception and business logs, files' storage keys and the low-code
// definitions themselves are not in it. Dynamic tables are read by their own names only (dynamic.go), never as
// dt_<id>. On PostgreSQL the
// role biddesk_dataset is granted the unguarded ones (migrations 035 and 051); the guarded ones (scope.go),
// whose personal columns are listed here too, are read only through the run's scoped views.
var Readable = map[string][]string{
	"org_unit": nil, "employee": nil, "sys_dict": nil, "sys_role": nil, "sys_user_role": nil,
	"lib_record": nil, "lib_tag": nil, "lib_record_tag": nil, "lib_ca_loan": nil, "ext_org": nil,
	"login_log": nil, "file_download": nil, "portal_read": nil, "expert_book": nil,
	"sys_user": {"id", "login_code", "user_name", "state", "user_type", "employee_code", "unit_code", "ext_org_id",
		"last_login_at", "created_at", "updated_at", "deleted_at", "phone", "email"},
}

var dynamicTable = regexp.MustCompile(`^dt_[0-9]+$`)

// readable tells whether a dataset may read column of table.
func readable(table, column string) bool {
	table = strings.ToLower(table)
	cols, ok := Readable[table]
	if !ok {
		return false
	}
	if cols == nil || column == "" { // "": no column is read (a count of the rows)
		return true
	}
	for _, c := range cols {
		if strings.EqualFold(c, column) {
			return true
		}
	}
	return false
}

// sqliteFunctions are the SQL functions a dataset may call on SQLite: computation only (no file,
// extension, or database-inspecting function).
var sqliteFunctions = map[string]bool{}

func init() {
	for _, f := range strings.Fields(`abs avg char coalesce count date datetime group_concat hex ifnull iif instr
		julianday length like glob lower ltrim max min nullif printf format quote random replace round rtrim sign
		strftime substr substring sum time total trim typeof unicode upper unixepoch concat concat_ws
		row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
		json json_extract json_array json_object json_array_length json_group_array json_group_object`) {
		sqliteFunctions[f] = true
	}
}

// authorizer is the SQLite authorizer of a dataset's connection: a SELECT reading allowed columns,
// calling allowed functions (recursive queries included); everything else, from INSERT to ATTACH
// and PRAGMA, is denied while the statement is prepared. SQLite reports a FROM item of which no
// column is read (COUNT(*)) as a read without a column: that is allowed of a name that is not a
// table of the database outside the allow-list (a CTE, a subquery), since it reveals nothing but a
// count of rows the query could read anyway. tables are the database's tables and views.
//
// A guarded table (scope.go) is read only through the run's scoped views (v): its base table main.T only
// from inside the inner view bearing the run's secret name (SQLite names the innermost view as the
// context of a read), the view T with its personal columns only where s allows them (the first one
// refused is kept in refused, for the message).
//
// A dynamic table (dynamic.go) is read only by its name, through the view of that name the run created for a
// runner its roles admit (dynViews): its physical table main.dt_<id> only from inside the inner view bearing the
// run's secret name. The first refused read or call is kept in denied, for the message.
func authorizer(tables map[string]bool, s Scope, v *views, dynViews, dynTables map[string]bool, refused *string, denied *denial) sqlite.AuthorizerFn {
	inner := authorizerOf(tables, s, v, dynViews, dynTables, refused)
	return func(action sqlite.AuthorizerActionCode, arg1, arg2, dbName, context string) sqlite.AuthorizerReturnCode {
		r := inner(action, arg1, arg2, dbName, context)
		if r == sqlite.AuthorizerDeny && denied.name == "" {
			switch action {
			case sqlite.AuthRead:
				denied.kind, denied.name, denied.column = "table", arg1, arg2
			case sqlite.AuthFunction:
				denied.kind, denied.name = "function", arg2
			default:
				denied.kind, denied.name = "action", "-"
			}
		}
		return r
	}
}

// denial is the first thing the SQLite authorizer refused: a read of a table (and column), a function, another action.
type denial struct{ kind, name, column string }

func authorizerOf(tables map[string]bool, s Scope, v *views, dynViews, dynTables map[string]bool, refused *string) sqlite.AuthorizerFn {
	return func(action sqlite.AuthorizerActionCode, arg1, arg2, dbName, inner string) sqlite.AuthorizerReturnCode {
		if action == sqlite.AuthRead {
			t := strings.ToLower(arg1)
			if dynamicTable.MatchString(t) {
				if dbName == "main" && dynTables[t] && strings.EqualFold(inner, v.source(t)) {
					return sqlite.AuthorizerOK
				}
				return sqlite.AuthorizerDeny
			}
			if dbName == "temp" && dynViews[t] {
				return sqlite.AuthorizerOK
			}
			if _, ok := guarded[t]; ok || strings.HasPrefix(t, "dsrc_") {
				switch {
				case dbName == "temp" && strings.HasPrefix(t, "dsrc_"+v.secret+"_"):
					return sqlite.AuthorizerOK // an inner view, named only by its outer one
				case dbName == "temp" && ok && arg2 != "" && s.personal(t, arg2):
					if *refused == "" {
						*refused = t + "." + strings.ToLower(arg2)
					}
					return sqlite.AuthorizerDeny
				case dbName == "temp" && ok && readable(t, arg2):
					return sqlite.AuthorizerOK
				case dbName == "main" && ok && strings.HasPrefix(strings.ToLower(inner), "dsrc_"+v.secret+"_") && readable(t, arg2):
					return sqlite.AuthorizerOK
				case dbName == "main" && ok && arg2 == "" && s.All:
					// a count of the base table's rows, which SQLite reads without a column once a view
					// without condition is flattened: a runner of every unit may know it
					return sqlite.AuthorizerOK
				}
				return sqlite.AuthorizerDeny
			}
		}
		if action == sqlite.AuthRead && arg2 == "" && !tables[strings.ToLower(arg1)] {
			return sqlite.AuthorizerOK
		}
		return authorize(action, arg1, arg2, dbName)
	}
}

func authorize(action sqlite.AuthorizerActionCode, arg1, arg2, dbName string) sqlite.AuthorizerReturnCode {
	switch action {
	case sqlite.AuthSelect, sqlite.AuthRecursive:
		return sqlite.AuthorizerOK
	case sqlite.AuthRead:
		if (dbName == "main" || dbName == "") && readable(arg1, arg2) {
			return sqlite.AuthorizerOK
		}
	case sqlite.AuthFunction:
		if sqliteFunctions[strings.ToLower(arg2)] {
			return sqlite.AuthorizerOK
		}
	}
	return sqlite.AuthorizerDeny
}

// Result is what a run answers: the columns in order and the rows (each a list of cells: a
// number, text, a time as RFC 3339, or null), Truncated when more rows were there.
type Result struct {
	Columns   []string `json:"columns"`
	Rows      [][]any  `json:"rows"`
	Truncated bool     `json:"truncated"`
	ElapsedMS int64    `json:"elapsedMs"`
}

// run runs a dataset's statement with its parameters' values bound, read-only, at most limit rows,
// within Timeout.
func run(ctx context.Context, d *db.DB, scope Scope, sqlText string, values map[string]string, limit int) (*Result, error) {
	p, err := parse(sqlText, d.Dialect == db.Postgres)
	if err != nil {
		return nil, err
	}
	args := make([]any, len(p.order))
	for i, name := range p.order {
		v, ok := values[name]
		if !ok {
			return nil, httpx.Fail("dataset.missing_param", name)
		}
		if utf8.RuneCountInString(v) > MaxValueLen {
			return nil, httpx.Fail("http.too_long", name, MaxValueLen)
		}
		args[i] = v // always text, always bound
	}
	// The database stops after limit+1 rows: the extra one only tells that there were more.
	stmt := "SELECT * FROM (\n" + p.text + "\n) dataset_q LIMIT " + fmt.Sprint(limit+1)
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	start := time.Now()
	var res *Result
	if d.Dialect == db.Postgres {
		res, err = runPostgres(ctx, d, scope, stmt, args, limit)
	} else {
		res, err = runSQLite(ctx, d, scope, stmt, args, limit)
	}
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) || strings.Contains(err.Error(), "statement timeout") ||
			strings.Contains(err.Error(), "interrupted") {
			return nil, httpx.Fail("dataset.timeout", int(Timeout/time.Second))
		}
		var he *httpx.Error
		if errors.As(err, &he) {
			return nil, err
		}
		if i := strings.Index(err.Error(), personalMarker); i >= 0 {
			col := err.Error()[i+len(personalMarker):]
			if j := strings.IndexAny(col, " \"(,"); j >= 0 {
				col = col[:j]
			}
			return nil, personalError(col)
		}
		var se *sqlite.Error
		if errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_TOOBIG {
			return nil, httpx.Fail("dataset.value_too_large", MaxValueBytes>>20)
		}
		var long *pgproto3.ExceededMaxBodyLenErr
		if errors.As(err, &long) {
			return nil, httpx.Fail("dataset.row_too_large", MaxRowBytes>>20)
		}
		return nil, explain(err, scope)
	}
	res.ElapsedMS = time.Since(start).Milliseconds()
	return res, nil
}

// runSQLite runs on a connection of the read-only pool (query_only) with the dataset authorizer
// installed for the run; the connection is then discarded, so no other caller ever shares it.
func runSQLite(ctx context.Context, d *db.DB, scope Scope, stmt string, args []any, limit int) (*Result, error) {
	conn, err := d.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer func() {
		// Drop the authorizer and the connection with it (ErrBadConn: the pool closes it).
		_ = conn.Raw(func(dc any) error {
			if r, ok := dc.(sqlite.AuthorizerRegisterer); ok {
				_ = r.RegisterAuthorizer(nil)
			}
			return driver.ErrBadConn
		})
		conn.Close()
	}()
	tables := map[string]bool{"sqlite_master": true, "sqlite_schema": true, "sqlite_temp_master": true, "sqlite_temp_schema": true, "sqlite_sequence": true}
	names, err := conn.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type IN ('table', 'view')`)
	if err != nil {
		return nil, err
	}
	for names.Next() {
		var n string
		if err := names.Scan(&n); err != nil {
			names.Close()
			return nil, err
		}
		tables[strings.ToLower(n)] = true
	}
	names.Close()
	// The scoped views of the guarded tables the statement may name live in the connection's own temp
	// schema (the connection is discarded after the run): they are written before the authorizer is set,
	// with the reader's query_only lifted for them alone (temp objects only; the database file is never
	// written) and set again before the statement.
	v, err := newViews(false, "")
	if err != nil {
		return nil, err
	}
	needed := namedTables(stmt)
	dyn := namedDynamic(stmt, scope.Tables, false)
	columns := map[string][]string{}
	for _, t := range needed {
		cs, err := sqliteColumns(ctx, conn, t)
		if err != nil {
			return nil, err
		}
		columns[t] = cs
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA query_only = 0"); err != nil {
		return nil, err
	}
	for _, q := range append(v.statements(scope, columns, needed), v.dynamicStatements(dyn)...) {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return nil, fmt.Errorf("dataset: scoped view: %w", err)
		}
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA query_only = 1"); err != nil {
		return nil, err
	}
	var refused string
	var denied denial
	dynViews, dynTables := dynamicNames(dyn)
	if err := conn.Raw(func(dc any) error {
		r, ok := dc.(sqlite.AuthorizerRegisterer)
		if !ok {
			return errors.New("dataset: the SQLite driver offers no authorizer")
		}
		return r.RegisterAuthorizer(authorizer(tables, scope, v, dynViews, dynTables, &refused, &denied))
	}); err != nil {
		return nil, err
	}
	res, err := querySQLite(ctx, conn, stmt, args, limit)
	if err != nil && refused != "" {
		return nil, personalError(refused)
	}
	if err != nil && denied.name != "" && (strings.Contains(err.Error(), "authoriz") || strings.Contains(err.Error(), "prohibited")) {
		return nil, deniedError(scope, denied)
	}
	return res, err
}

// sqliteColumns are the columns of table t of the main database.
func sqliteColumns(ctx context.Context, conn *sql.Conn, t string) ([]string, error) {
	rows, err := conn.QueryContext(ctx, `SELECT name FROM pragma_table_info(?, 'main')`, t)
	if err != nil {
		return nil, fmt.Errorf("dataset: columns of %s: %w", t, err)
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

func querySQLite(ctx context.Context, conn *sql.Conn, stmt string, args []any, limit int) (*Result, error) {
	if _, err := sqlite.Limit(conn, sqlite3.SQLITE_LIMIT_LENGTH, MaxValueBytes); err != nil {
		return nil, err
	}
	if _, err := sqlite.Limit(conn, sqlite3.SQLITE_LIMIT_COLUMN, MaxColumns); err != nil {
		return nil, err
	}
	rows, err := conn.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, limit)
}

// runPostgres runs in a READ ONLY transaction with a statement timeout, as the role biddesk_dataset
// (SELECT on the unguarded tables of the allow-list only), always rolled back, on a connection that refuses a
// row longer than MaxRowBytes and is then discarded. The scoped views of the guarded tables the statement may
// name are created first in the transaction's temp schema (searched before every other schema) by the app's
// own role, and only they are granted to biddesk_dataset; the transaction is then made read-only.
func runPostgres(ctx context.Context, d *db.DB, scope Scope, stmt string, args []any, limit int) (*Result, error) {
	conn, err := d.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer func() {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // the pool closes it
		conn.Close()
	}()
	if err := conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("dataset: unexpected PostgreSQL connection %T", dc)
		}
		c.Conn().PgConn().Frontend().SetMaxBodyLen(MaxRowBytes)
		return nil
	}); err != nil {
		return nil, err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ms := Timeout.Milliseconds()
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("SET LOCAL statement_timeout = %d", ms)); err != nil {
		return nil, err
	}
	// The role may not change its own role back (set_config('role', ...) in the statement): migration 051
	// takes set_config from it; where that could not be done, datasets are refused.
	var canSet bool
	if err := tx.QueryRowContext(ctx, `SELECT pg_has_role('biddesk_dataset', 'MEMBER') AND
		has_function_privilege('biddesk_dataset', 'pg_catalog.set_config(text, text, boolean)', 'EXECUTE')`).Scan(&canSet); err != nil {
		return nil, httpx.Fail("dataset.no_role")
	}
	if canSet {
		return nil, httpx.Fail("dataset.no_role")
	}
	var schema string
	if err := tx.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, err
	}
	v, err := newViews(true, schema)
	if err != nil {
		return nil, err
	}
	needed := namedTables(stmt)
	columns := map[string][]string{}
	if len(needed) > 0 {
		rows, err := tx.QueryContext(ctx, `SELECT c.relname, a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
			WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
			ORDER BY c.relname, a.attnum`)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var t, c string
			if err := rows.Scan(&t, &c); err != nil {
				rows.Close()
				return nil, err
			}
			if _, ok := guarded[t]; ok {
				columns[t] = append(columns[t], c)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	for _, q := range append(v.statements(scope, columns, needed), v.dynamicStatements(namedDynamic(stmt, scope.Tables, true))...) {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return nil, fmt.Errorf("dataset: scoped view: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, "SET TRANSACTION READ ONLY"); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, "SET LOCAL ROLE biddesk_dataset"); err != nil {
		return nil, httpx.Fail("dataset.no_role")
	}
	rows, err := tx.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return collect(rows, limit)
}

func collect(rows *sql.Rows, limit int) (*Result, error) {
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	res := &Result{Columns: cols, Rows: [][]any{}}
	// PostgreSQL's NUMERIC arrives as text: it is answered as a number, as SQLite's are (a report totals it).
	numeric := make([]bool, len(cols))
	if types, err := rows.ColumnTypes(); err == nil {
		for i, ct := range types {
			numeric[i] = ct.DatabaseTypeName() == "NUMERIC"
		}
	}
	var read int64 // text and blob bytes read
	for rows.Next() {
		if len(res.Rows) == limit {
			res.Truncated = true
			break
		}
		cells := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range cells {
			ptrs[i] = &cells[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, c := range cells {
			switch x := c.(type) {
			case []byte:
				read += int64(len(x))
			case string:
				read += int64(len(x))
			}
			cells[i] = cell(c)
			if numeric[i] {
				if s, ok := cells[i].(string); ok {
					if f, err := strconv.ParseFloat(s, 64); err == nil {
						cells[i] = f
					}
				}
			}
		}
		if read > MaxResultBytes {
			return nil, httpx.Fail("dataset.result_too_large", MaxResultBytes>>20)
		}
		res.Rows = append(res.Rows, cells)
	}
	return res, rows.Err()
}

// cell is a value as JSON answers it.
func cell(v any) any {
	switch x := v.(type) {
	case []byte:
		return clip(string(x))
	case string:
		return clip(x)
	case time.Time:
		return x.UTC().Format(time.RFC3339)
	case int64, float64, bool, nil:
		return x
	}
	return clip(fmt.Sprint(v))
}

func clip(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "�")
	}
	if r := []rune(s); len(r) > maxCellLen {
		return string(r[:maxCellLen]) + "…"
	}
	return s
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dataset.value_too_large": {"查询产生的值过大（一个文本或二进制值不能超过 %dMB），请用 substr() 截短",
			"A value of the query is too large (a text or binary value cannot exceed %d MB): shorten it with substr()"},
		"dataset.row_too_large": {"查询结果的一行过大（不能超过 %dMB），请用 substr() 截短长文本或减少列",
			"A row of the result is too large (at most %d MB): shorten long text with substr() or select fewer columns"},
		"dataset.result_too_large": {"查询结果过大（文本合计不能超过 %dMB），请减少行或列，或用 substr() 截短长文本",
			"The result is too large (at most %d MB of text in all): select fewer rows or columns, or shorten long text with substr()"},
	})
}
