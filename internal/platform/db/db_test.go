package db_test

import (
	"context"
	"errors"
	"testing"

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
