package db_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/migrations"
)

func TestRebind(t *testing.T) {
	pg := &db.DB{Dialect: db.Postgres}
	got := pg.Rebind(`SELECT a FROM t WHERE b = ? AND c = '?' AND d IN (?, ?)`)
	want := `SELECT a FROM t WHERE b = $1 AND c = '?' AND d IN ($2, $3)`
	if got != want {
		t.Fatalf("Rebind = %q, want %q", got, want)
	}
	lite := &db.DB{Dialect: db.SQLite}
	if s := lite.Rebind("x = ?"); s != "x = ?" {
		t.Fatalf("SQLite statement changed: %q", s)
	}
}

func TestMigrateIsIdempotentAndTxRollsBack(t *testing.T) {
	d := dbtest.Open(t)
	ctx := context.Background()
	applied, err := d.Migrate(ctx, migrations.FS)
	if err != nil || len(applied) != 0 {
		t.Fatalf("second migrate applied %v, err %v", applied, err)
	}
	boom := errors.New("boom")
	err = d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sys_role (code, name, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)`, "r1", "R1"); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx error = %v", err)
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("rolled-back insert left %d rows (err %v)", n, err)
	}
	id, err := d.Insert(ctx, `INSERT INTO sys_role (code, name, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)`, "r2", "R2")
	if err != nil || id == 0 {
		t.Fatalf("Insert id %d err %v", id, err)
	}
	_, err = d.Insert(ctx, `INSERT INTO sys_role (code, name, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)`, "r2", "again")
	if !db.IsUniqueViolation(err) {
		t.Fatalf("duplicate code: want unique violation, got %v", err)
	}
}

func TestMigrateRunsTheDialectsOwnFiles(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, dbtest.DSN(t), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	fsys := fstest.MapFS{
		"001_t.sql":          file(`CREATE TABLE mig_t (id {{pk}}, v TEXT NOT NULL);`),
		"002_b.sql":          file(`INSERT INTO mig_t (v) VALUES ('shared');`),
		"002_b.sqlite.sql":   file(`INSERT INTO mig_t (v) VALUES ('sqlite'); INSERT INTO mig_t (v) VALUES ('sqlite2');`),
		"002_b.postgres.sql": file(`DO $$ BEGIN INSERT INTO mig_t (v) VALUES ('postgres'); END $$;`),
		"003_c.postgres.sql": file(`INSERT INTO mig_t (v) VALUES ('only postgres');`),
		"004_d.sqlite.sql":   file(`INSERT INTO mig_t (v) VALUES ('only sqlite');`),
	}
	applied, err := d.Migrate(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	want, wantRows := "001_t.sql 002_b.sql 002_b.sqlite.sql 004_d.sqlite.sql", "shared sqlite sqlite2 only sqlite"
	if d.Dialect == db.Postgres {
		want, wantRows = "001_t.sql 002_b.sql 002_b.postgres.sql 003_c.postgres.sql", "shared postgres only postgres"
	}
	if got := strings.Join(applied, " "); got != want {
		t.Fatalf("applied %q, want %q", got, want)
	}
	rows, err := d.Query(ctx, `SELECT v FROM mig_t ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	rows.Close()
	if strings.Join(got, " ") != wantRows {
		t.Fatalf("rows %q, want %q (the shared file first, then the dialect's)", got, wantRows)
	}
	// every version is recorded once, also one whose only file is the other dialect's
	var versions int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&versions); err != nil || versions != 4 {
		t.Fatalf("schema_migrations: %d versions (%v)", versions, err)
	}
	if again, err := d.Migrate(ctx, fsys); err != nil || len(again) != 0 {
		t.Fatalf("second run applied %v (%v)", again, err)
	}
	// a failing file rolls its whole version back
	fsys["005_e.sql"] = file(`INSERT INTO mig_t (v) VALUES ('half');`)
	fsys["005_e.sqlite.sql"] = file(`INSERT INTO no_such_table (v) VALUES (1);`)
	fsys["005_e.postgres.sql"] = file(`INSERT INTO no_such_table (v) VALUES (1);`)
	if _, err := d.Migrate(ctx, fsys); err == nil || !strings.Contains(err.Error(), "005_e.") {
		t.Fatalf("a failing dialect file: %v", err)
	}
	var half int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM mig_t WHERE v = 'half'`).Scan(&half); err != nil || half != 0 {
		t.Fatalf("the shared file of a failed version stayed: %d (%v)", half, err)
	}
}

func TestMigrateRefusesVersionsSharedByTwoMigrations(t *testing.T) {
	ctx := context.Background()
	file := &fstest.MapFile{Data: []byte(`SELECT 1;`)}
	for _, c := range []struct {
		names []string
		err   string
	}{
		{[]string{"001_a.sql", "001_b.sql"}, "share version 1"},
		{[]string{"001_a.sqlite.sql", "001_b.postgres.sql"}, "share version 1"},
		{[]string{"001_a.sql", "001_b.sqlite.sql"}, "share version 1"},
		{[]string{"001_a.sql", "01_a.postgres.sql"}, "share version 1"},
		{[]string{"abc.sql"}, "must start with a number"},
		{[]string{"x_a.sqlite.sql"}, "must start with a number"},
	} {
		d, err := db.Open(ctx, "", t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		fsys := fstest.MapFS{}
		for _, n := range c.names {
			fsys[n] = file
		}
		if _, err := d.Migrate(ctx, fsys); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%v: err %v, want %q", c.names, err, c.err)
		}
		d.Close()
	}
}
