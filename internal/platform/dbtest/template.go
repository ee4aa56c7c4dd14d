package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"biddesk/internal/platform/db"
)

// Template is a database built once per test process (migrated and seeded) and copied for each test
// that asks for it: copying a SQLite file or creating a PostgreSQL database from a template takes a
// fraction of the time of migrating and seeding again.
type Template struct {
	once   sync.Once
	err    error
	folder string // the data folder it was built with (SQLite's biddesk.db, the demo's stored files)
	pgName string // PostgreSQL: the template database
}

var (
	templatesMu sync.Mutex
	templates   = map[string]*Template{}
)

// Build is what fills a template: it opens the database at dsn ("" for SQLite in dataDir), migrates,
// seeds and closes every connection before returning.
type Build func(dsn, dataDir string) error

// Clone gives the test a copy of the template named key, built by build at the first call: it returns
// the database URL for the test's config ("" for SQLite, whose file is copied into dataDir).
func Clone(tb testing.TB, key, dataDir string, build Build) string {
	tb.Helper()
	templatesMu.Lock()
	tp := templates[key]
	if tp == nil {
		tp = &Template{}
		templates[key] = tp
	}
	templatesMu.Unlock()
	base := os.Getenv("BIDDESK_TEST_PG")
	tp.once.Do(func() { tp.err = tp.build(base, build) })
	if tp.err != nil {
		tb.Fatalf("template database %q: %v", key, tp.err)
	}
	if err := copyTree(tp.folder, dataDir); err != nil {
		tb.Fatalf("copy the template's data folder: %v", err)
	}
	if base == "" {
		return ""
	}
	name := "t_" + randomHex()
	admin := adminDB(tb, base)
	if _, err := admin.Exec(context.Background(), "CREATE DATABASE "+name+" TEMPLATE "+tp.pgName); err != nil {
		tb.Fatalf("copy the template database: %v", err)
	}
	tb.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	return withDatabase(base, name)
}

func (tp *Template) build(base string, build Build) error {
	dir, err := os.MkdirTemp("", "biddesk-template-")
	if err != nil {
		return err
	}
	tp.folder = dir
	if base == "" {
		return build("", dir)
	}
	tp.pgName = "tpl_" + randomHex()
	ctx := context.Background()
	admin, err := db.Open(ctx, base, "")
	if err != nil {
		return err
	}
	defer admin.Close()
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+tp.pgName); err != nil {
		return err
	}
	return build(withDatabase(base, tp.pgName), dir)
}

// DropTemplates removes the templates of this process (TestMain calls it after the tests).
func DropTemplates() {
	templatesMu.Lock()
	defer templatesMu.Unlock()
	base := os.Getenv("BIDDESK_TEST_PG")
	for _, tp := range templates {
		if tp.folder != "" {
			_ = os.RemoveAll(tp.folder)
		}
		if tp.pgName != "" {
			if admin, err := db.Open(context.Background(), base, ""); err == nil {
				_, _ = admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+tp.pgName+" WITH (FORCE)")
				admin.Close()
			}
		}
	}
	templates = map[string]*Template{}
}

func adminDB(tb testing.TB, base string) *db.DB {
	tb.Helper()
	admin, err := db.Open(context.Background(), base, "")
	if err != nil {
		tb.Fatalf("PostgreSQL: %v", err)
	}
	tb.Cleanup(func() { admin.Close() })
	return admin
}

// withDatabase is base with another database name.
func withDatabase(base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		panic(fmt.Sprintf("BIDDESK_TEST_PG: %v", err))
	}
	u.Path = "/" + name
	return u.String()
}

func randomHex() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// copyTree copies the files under from into to (folders created owner-only, as the server makes them).
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o700)
		}
		return copyFile(path, target)
	})
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
