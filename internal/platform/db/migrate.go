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

// Suffixes of the migration files that run on one dialect only.
const (
	sqliteSuffix   = ".sqlite.sql"
	postgresSuffix = ".postgres.sql"
)

// migration is one version: its plain file (both dialects) and the files of each dialect, all
// named NNN_<the same name>.
type migration struct {
	version int
	base    string // NNN_name, without the suffix
	first   string // the first file of the version, for messages
	files   map[string]string
}

// parts of a migration version, in the order they run: the shared file first, then the dialect's own.
const (
	partShared   = "shared"
	partSQLite   = string(SQLite)
	partPostgres = string(Postgres)
)

// splitName reads NNN_name.sql, NNN_name.sqlite.sql or NNN_name.postgres.sql.
func splitName(name string) (version int, base, part string, err error) {
	switch {
	case strings.HasSuffix(name, sqliteSuffix):
		base, part = strings.TrimSuffix(name, sqliteSuffix), partSQLite
	case strings.HasSuffix(name, postgresSuffix):
		base, part = strings.TrimSuffix(name, postgresSuffix), partPostgres
	default:
		base, part = strings.TrimSuffix(name, ".sql"), partShared
	}
	num, _, ok := strings.Cut(base, "_")
	version, convErr := strconv.Atoi(num)
	if !ok || convErr != nil || version < 0 {
		return 0, "", "", fmt.Errorf("migration %q: name must start with a number and '_'", name)
	}
	return version, base, part, nil
}

// plan groups the files of fsys by version. A version has at most one file of each part (shared, SQLite,
// PostgreSQL), all with one name: anything else is two migrations sharing a number, refused.
func plan(fsys fs.FS) ([]*migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	byVersion := map[int]*migration{}
	var out []*migration
	for _, name := range names {
		version, base, part, err := splitName(name)
		if err != nil {
			return nil, err
		}
		m := byVersion[version]
		if m == nil {
			m = &migration{version: version, base: base, first: name, files: map[string]string{}}
			byVersion[version] = m
			out = append(out, m)
		}
		if _, dup := m.files[part]; dup || m.base != base {
			return nil, fmt.Errorf("migrations %s and %s share version %d", m.first, name, version)
		}
		m.files[part] = name
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// Migrate applies, in order, every migration version of fsys not applied yet. A version is a file
// "NNN_name.sql" shared by both dialects, and/or "NNN_name.sqlite.sql" run only on SQLite and
// "NNN_name.postgres.sql" run only on PostgreSQL (the shared file runs first). A version's files run in
// one transaction and are recorded once in schema_migrations. The few type names that differ between
// the dialects may be written in any file as tokens:
//
//	{{pk}}    an auto-incrementing integer primary key
//	{{bytes}} a binary column
func (d *DB) Migrate(ctx context.Context, fsys fs.FS) (applied []string, err error) {
	if _, err := d.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMP NOT NULL)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	migs, err := plan(fsys)
	if err != nil {
		return nil, err
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
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, m := range migs {
		if done[m.version] {
			continue
		}
		var names []string
		for _, part := range []string{partShared, string(d.Dialect)} {
			if name, ok := m.files[part]; ok {
				names = append(names, name)
			}
		}
		stmts := make([]string, len(names))
		for i, name := range names {
			body, err := fs.ReadFile(fsys, name)
			if err != nil {
				return applied, err
			}
			stmts[i] = d.expand(string(body))
		}
		// a version with only the other dialect's file is recorded too (nothing to run here)
		recorded := strings.Join(names, " + ")
		if recorded == "" {
			recorded = m.base + " (none for " + string(d.Dialect) + ")"
		}
		ran := true
		err = d.InTx(ctx, func(tx *Tx) error {
			// One migration at a time per database: instances starting together, or tests migrating schemas of one
			// database side by side (grants on a shared function collide), wait here; the one that waited finds
			// the version recorded and skips it.
			if err := tx.Lock(ctx, lockMigrations, "migrate"); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				ran = false
				return nil
			}
			for i, stmt := range stmts {
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					return fmt.Errorf("%s: %w", names[i], err)
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, m.version, recorded, time.Now().UTC())
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("migration %03d: %w", m.version, err)
		}
		if ran {
			applied = append(applied, names...)
		}
	}
	return applied, nil
}

// lockMigrations serialises the migrations of one database (Migrate).
const lockMigrations LockClass = 7001

func (d *DB) expand(s string) string {
	pk, bytes := "INTEGER PRIMARY KEY AUTOINCREMENT", "BLOB"
	if d.Dialect == Postgres {
		pk, bytes = "BIGSERIAL PRIMARY KEY", "BYTEA"
	}
	return strings.NewReplacer("{{pk}}", pk, "{{bytes}}", bytes).Replace(s)
}
