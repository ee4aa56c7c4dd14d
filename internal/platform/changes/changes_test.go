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
	deadline := time.Now().Add(3 * time.Second)
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
