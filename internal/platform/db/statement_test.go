package db_test

import (
	"errors"
	"strings"
	"testing"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
)

// A driver's error carries the statement that failed (clipped, without arguments), and the usual tests on it
// (no rows, unique violation, errors.As) still see through it, in and out of a transaction.
func TestErrorsNameTheirStatement(t *testing.T) {
	d := dbtest.Open(t)
	ctx := t.Context()
	if _, err := d.Exec(ctx, `CREATE TABLE stmt_t (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE)`); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, `INSERT INTO stmt_t (id, code) VALUES (1, ?)`, "a"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		run  func() error
		is   func(error) bool
	}{
		{"a unique violation", func() error {
			_, err := d.Exec(ctx, `INSERT INTO stmt_t (id, code) VALUES (2, ?)`, "a")
			return err
		}, db.IsUniqueViolation},
		{"a missing table", func() error {
			_, err := d.Query(ctx, `SELECT nothing FROM stmt_missing WHERE id = ?`, 1)
			return err
		}, func(err error) bool { return err != nil }},
		{"inside a transaction", func() error {
			return d.InTx(ctx, func(tx *db.Tx) error {
				_, err := tx.Exec(ctx, `INSERT INTO stmt_t (id, code) VALUES (3, ?)`, "a")
				return err
			})
		}, db.IsUniqueViolation},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			var se *db.StatementError
			if !c.is(err) || !errors.As(err, &se) || !strings.Contains(err.Error(), "[statement: ") || !strings.Contains(se.Statement, "stmt_") {
				t.Fatalf("error %v", err)
			}
		})
	}
	var id int64
	if err := d.QueryRow(ctx, `SELECT id FROM stmt_t WHERE code = ?`, "zz").Scan(&id); !db.IsNoRows(err) {
		t.Fatalf("no rows: %v", err)
	}
}
