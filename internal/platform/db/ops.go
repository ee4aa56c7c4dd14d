package db

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
)

// PoolStats are the connection pools' statistics by name: SQLite's "write" and "read", PostgreSQL's
// one pool "postgres" (/metrics).
func (d *DB) PoolStats() map[string]sql.DBStats {
	if d.Dialect == Postgres {
		return map[string]sql.DBStats{"postgres": d.write.db.Stats()}
	}
	return map[string]sql.DBStats{"write": d.write.db.Stats(), "read": d.read.db.Stats()}
}

// Pending counts the migrations of fsys not yet recorded as applied (/readyz: 0 once Migrate ran).
func (d *DB) Pending(ctx context.Context, fsys fs.FS) (int, error) {
	migs, err := plan(fsys)
	if err != nil {
		return 0, err
	}
	done := map[int]bool{}
	err = EachRow(ctx, d, `SELECT version FROM schema_migrations`, nil, func(row Row) error {
		var v int
		if err := row.Scan(&v); err != nil {
			return err
		}
		done[v] = true
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("read schema_migrations: %w", err)
	}
	n := 0
	for _, m := range migs {
		if !done[m.version] {
			n++
		}
	}
	return n, nil
}

// Flag is a bool as the 0/1 the schema's flag columns (INTEGER on both databases) and the API's flags hold.
func Flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
