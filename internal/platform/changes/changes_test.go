package changes_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/migrations"
)

// Two processes' worth of connections to one database (one SQLite file, or one PostgreSQL schema).
func twoHandles(t *testing.T) (*db.DB, *db.DB) {
	t.Helper()
	ctx := context.Background()
	dsn, dir := dbtest.DSN(t), t.TempDir()
	open := func() *db.DB {
		d, err := db.Open(ctx, dsn, dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		return d
	}
	a := open()
	if _, err := a.Migrate(ctx, migrations.FS); err != nil {
		t.Fatal(err)
	}
	return a, open()
}

func TestAChangeReachesTheOtherBus(t *testing.T) {
	ctx := context.Background()
	da, dbb := twoHandles(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := changes.New(da, quiet), changes.New(dbb, quiet)
	b.Poll = 100 * time.Millisecond
	var inA, inB atomic.Int32
	a.Subscribe("t", func(context.Context) error { inA.Add(1); return nil })
	b.Subscribe("t", func(context.Context) error { inB.Add(1); return nil })
	b.Subscribe("other", func(context.Context) error { t.Error("another topic's subscriber ran"); return nil })
	for _, bus := range []*changes.Bus{a, b} {
		if err := bus.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(bus.Stop)
	}

	// The writer's own subscribers have run when Write returns; the other bus follows within its poll.
	if err := a.Write(ctx, "t", func(tx *db.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if inA.Load() != 1 {
		t.Fatalf("writer's subscribers ran %d times", inA.Load())
	}
	deadline := time.Now().Add(patience)
	for inB.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if inB.Load() != 1 {
		t.Fatalf("the other bus ran its subscribers %d times", inB.Load())
	}

	// A failed write records nothing, and the writer's own poll does not run its subscribers again.
	if err := a.Write(ctx, "t", func(tx *db.Tx) error { return errors.New("refused") }); err == nil {
		t.Fatal("the failed write succeeded")
	}
	if err := a.Check(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if inA.Load() != 1 || inB.Load() != 1 {
		t.Errorf("after a failed write: writer %d, other %d", inA.Load(), inB.Load())
	}
}

func TestAFailedReloadIsRetried(t *testing.T) {
	ctx := context.Background()
	da, dbb := twoHandles(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := changes.New(da, quiet), changes.New(dbb, quiet)
	var calls atomic.Int32
	b.Subscribe("t", func(context.Context) error {
		if calls.Add(1) == 1 {
			return errors.New("database busy")
		}
		return nil
	})
	if err := b.Start(); err != nil {
		t.Fatal(err)
	}
	b.Stop() // driven by hand below
	if err := a.Write(ctx, "t", func(tx *db.Tx) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := b.Check(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if calls.Load() != 2 {
		t.Errorf("subscriber ran %d times: want a failure, then one retry that succeeds, then nothing", calls.Load())
	}
}

// Version answers the counter as the database has it at the next call after a write of this process,
// and after a trigger's bump made by the other instance once its notification lands (PostgreSQL) or at
// the next poll (SQLite): what the wait below allows for.
func TestVersionFollowsEveryWriter(t *testing.T) {
	ctx := context.Background()
	da, dbb := twoHandles(t)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a := changes.New(da, quiet)
	a.Poll = 100 * time.Millisecond // SQLite: how soon another process's change is seen
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Stop)
	// on PostgreSQL: wait for the LISTEN connection, or every call reads and nothing is tested
	{
		deadline := time.Now().Add(patience)
		for !a.Listening() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if !a.Listening() {
			t.Fatal("the bus never listened")
		}
	}
	version := func() int64 {
		t.Helper()
		v, err := a.Version(ctx, "auth")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v0 := version()
	if v := version(); v != v0 {
		t.Fatalf("nothing moved, yet the version went %d -> %d", v0, v)
	}
	// a trigger's bump (a role's data scope) written by this process: the very next call sees it
	if _, err := da.Exec(ctx, `INSERT INTO sys_role_data_scope (role_id, module, scope) VALUES (1, '*', 'all')`); err != nil {
		t.Fatal(err)
	}
	v1 := version()
	if v1 <= v0 {
		t.Fatalf("after this process's write: version %d, before %d", v1, v0)
	}
	// the other instance's write: visible once its notification arrives, or at the next poll
	if _, err := dbb.Exec(ctx, `UPDATE sys_role_data_scope SET scope = 'unit' WHERE role_id = 1`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(patience)
	v2 := version()
	for v2 == v1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		v2 = version()
	}
	if v2 <= v1 {
		t.Fatalf("the other instance's change never showed: version %d", v2)
	}

	// list_version, which list totals compare, bumped directly by the other instance (as a dynamic table's
	// write does): the same
	count := func() int64 {
		t.Helper()
		v, err := da.Counter(ctx, "list_version\x00sys_user", `SELECT version FROM list_version WHERE name = ?`, "sys_user")
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	l0 := count()
	if _, err := dbb.Exec(ctx, `UPDATE list_version SET version = version + 1 WHERE name = ?`, "sys_user"); err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(patience)
	l1 := count()
	for l1 == l0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		l1 = count()
	}
	if l1 != l0+1 {
		t.Fatalf("list_version moved by the other instance: %d, before %d", l1, l0)
	}
}

// patience bounds a wait for something that must happen (the other bus's poll, a notification): far beyond what
// any machine needs, so that the test does not depend on the machine's speed; a wait ends when it happens.
const patience = 2 * time.Minute
