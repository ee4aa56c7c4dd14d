package db

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Migrate applies, in order, every migration file of fsys ("NNN_name.sql") not applied yet.
// The files are shared by both dialects; the few type names that differ are written as tokens:
//
//	{{pk}}    an auto-incrementing integer primary key
//	{{bytes}} a binary column
func (d *DB) Migrate(ctx context.Context, fsys fs.FS) (applied []string, err error) {
	if _, err := d.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMP NOT NULL)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	seen := map[int]string{}
	for _, name := range names {
		num, _, _ := strings.Cut(name, "_")
		v, _ := strconv.Atoi(num)
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s share version %d", prev, name, v)
		}
		seen[v] = name
	}
	done := map[int]bool{}
	rows, err := d.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return nil, err
		}
		done[v] = true
	}
	rows.Close()
	for _, name := range names {
		num, _, ok := strings.Cut(name, "_")
		version, convErr := strconv.Atoi(num)
		if !ok || convErr != nil {
			return applied, fmt.Errorf("migration %q: name must start with a number and '_'", name)
		}
		if done[version] {
			continue
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return applied, err
		}
		stmt := d.expand(string(body))
		err = d.InTx(ctx, func(tx *Tx) error {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, version, name, time.Now().UTC())
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("migration %s: %w", name, err)
		}
		applied = append(applied, name)
	}
	return applied, nil
}

func (d *DB) expand(s string) string {
	pk, bytes := "INTEGER PRIMARY KEY AUTOINCREMENT", "BLOB"
	if d.Dialect == Postgres {
		pk, bytes = "BIGSERIAL PRIMARY KEY", "BYTEA"
	}
	return strings.NewReplacer("{{pk}}", pk, "{{bytes}}", bytes).Replace(s)
}
