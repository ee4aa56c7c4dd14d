package db

import "context"

// CachedStatements is the size of each pool's statement cache (0, 0 on PostgreSQL, where pgx keeps its own).
func (d *DB) CachedStatements() (read, write int) {
	if d.read.stmts != nil {
		read = d.read.stmts.len()
	}
	if d.write.stmts != nil {
		write = d.write.stmts.len()
	}
	return read, write
}

// ExecOnReadPool runs a statement on the read pool, bypassing the routing (to prove it refuses writes).
func (d *DB) ExecOnReadPool(ctx context.Context, q string) error {
	_, err := d.read.db.ExecContext(ctx, q)
	return err
}

const StmtCacheSize = stmtCacheSize
