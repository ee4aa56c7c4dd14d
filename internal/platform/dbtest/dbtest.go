// Package dbtest gives tests a real, empty, migrated database: a SQLite file in a temporary
// folder, or, when BIDDESK_TEST_PG holds a PostgreSQL URL, a fresh schema in that database.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"testing"

	"biddesk/internal/platform/db"
	"biddesk/migrations"
	"os"
)

// DSN returns the database URL for a config: "" for SQLite (the data folder is used),
// or a PostgreSQL URL whose search_path is a new schema dropped when the test ends.
func DSN(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv("BIDDESK_TEST_PG")
	if base == "" {
		return ""
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	ctx := context.Background()
	admin, err := db.Open(ctx, base, "")
	if err != nil {
		tb.Fatalf("PostgreSQL: %v", err)
	}
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("BIDDESK_TEST_PG: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open returns a migrated database for the test, closed at its end.
func Open(tb testing.TB) *db.DB {
	tb.Helper()
	ctx := context.Background()
	d, err := db.Open(ctx, DSN(tb), tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx, migrations.FS); err != nil {
		tb.Fatal(err)
	}
	return d
}
