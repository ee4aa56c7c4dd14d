package db_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
)

func TestIsRead(t *testing.T) {
	for q, want := range map[string]bool{
		`SELECT 1`:               true,
		"  \n\t select * from t": true,
		`(SELECT a FROM t) UNION ALL (SELECT b FROM u)`:           true,
		"-- note\nSELECT 1":                                       true,
		"/* x */ SELECT 1":                                        true,
		`VALUES (1)`:                                              true,
		`WITH x AS (SELECT 1) SELECT * FROM x`:                    true,
		`WITH x AS (SELECT updated_at FROM t) SELECT * FROM x`:    true,
		`WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x`:      false,
		`WITH d AS (DELETE FROM t RETURNING id) SELECT id FROM d`: false,
		`INSERT INTO t (a) VALUES (1) RETURNING id`:               false,
		`update t set a = 1 returning a`:                          false,
		`DELETE FROM t RETURNING id`:                              false,
		`PRAGMA wal_checkpoint`:                                   false,
		``:                                                        false,
		`SELECTED`:                                                false,
	} {
		if got := db.IsRead(q); got != want {
			t.Errorf("IsRead(%q) = %v, want %v", q, got, want)
		}
	}
}

func newCounterDB(t *testing.T) *db.DB {
	t.Helper()
	d := dbtest.Open(t)
	if _, err := d.Exec(context.Background(), `CREATE TABLE pool_t (id `+map[db.Dialect]string{db.SQLite: "INTEGER PRIMARY KEY AUTOINCREMENT", db.Postgres: "BIGSERIAL PRIMARY KEY"}[d.Dialect]+`, who TEXT NOT NULL, n INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return d
}

// A transaction holding the write connection: reads go on beside it and see the last commit;
// on SQLite another write waits for the commit instead of failing with SQLITE_BUSY.
func TestReadsRunBesideAnOpenWriteTransaction(t *testing.T) {
	d := newCounterDB(t)
	ctx := context.Background()
	inside, release := make(chan struct{}), make(chan struct{})
	txDone := make(chan error, 1)
	go func() {
		txDone <- d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO pool_t (who, n) VALUES ('tx', 1)`); err != nil {
				return err
			}
			close(inside)
			<-release
			return nil
		})
	}()
	<-inside
	// reads do not wait for the transaction, and do not see its uncommitted row
	for i := 0; i < 20; i++ {
		var n int
		rctx, cancel := context.WithTimeout(ctx, 2*time.Minute) // a read that waited for the transaction would wait for ever
		err := d.QueryRow(rctx, `SELECT COUNT(*) FROM pool_t`).Scan(&n)
		cancel()
		if err != nil || n != 0 {
			t.Fatalf("read beside the transaction: %d rows, %v", n, err)
		}
	}
	// a write from another goroutine waits for the commit (SQLite: one writer), then succeeds
	writeDone := make(chan error, 1)
	go func() {
		_, err := d.Exec(ctx, `INSERT INTO pool_t (who, n) VALUES ('after', 2)`)
		writeDone <- err
	}()
	if d.Dialect == db.SQLite {
		select {
		case err := <-writeDone:
			t.Fatalf("a second write ran while the transaction held the write connection (err %v)", err)
		case <-time.After(100 * time.Millisecond):
		}
	}
	close(release)
	if err := <-txDone; err != nil {
		t.Fatal(err)
	}
	if err := <-writeDone; err != nil {
		t.Fatalf("the waiting write: %v", err)
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d rows after both writes (%v)", n, err)
	}
}

// Inside InTx, a write through the *DB would wait for the connection its own transaction holds:
// it is refused at once, and the transaction's own reads and writes go on.
func TestWriteThroughDBInsideTxIsRefused(t *testing.T) {
	d := newCounterDB(t)
	ctx := context.Background()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := d.Exec(ctx, `INSERT INTO pool_t (who, n) VALUES ('db', 1)`); !errors.Is(err, db.ErrWriteInTx) {
			t.Errorf("Exec through *DB inside InTx: %v", err)
		}
		if _, err := d.Insert(ctx, `INSERT INTO pool_t (who, n) VALUES ('db', 1)`); !errors.Is(err, db.ErrWriteInTx) {
			t.Errorf("Insert through *DB inside InTx: %v", err)
		}
		if _, err := d.Query(ctx, `UPDATE pool_t SET n = 2 RETURNING id`); !errors.Is(err, db.ErrWriteInTx) {
			t.Errorf("a writing Query through *DB inside InTx: %v", err)
		}
		if err := d.InTx(ctx, func(*db.Tx) error { return nil }); !errors.Is(err, db.ErrWriteInTx) {
			t.Errorf("InTx inside InTx: %v", err)
		}
		func() {
			defer func() {
				if p, _ := recover().(error); !errors.Is(p, db.ErrWriteInTx) {
					t.Errorf("a writing QueryRow through *DB inside InTx: panic %v", p)
				}
			}()
			d.QueryRow(ctx, `INSERT INTO pool_t (who, n) VALUES ('db', 1) RETURNING id`)
		}()
		// in tests, a read through the *DB is refused too (on PostgreSQL it takes a second connection)
		if _, err := d.Query(ctx, `SELECT id FROM pool_t`); !errors.Is(err, db.ErrReadInTx) {
			t.Errorf("a read through *DB inside InTx: %v", err)
		}
		func() {
			defer func() {
				if p, _ := recover().(error); !errors.Is(p, db.ErrReadInTx) {
					t.Errorf("a QueryRow read through *DB inside InTx: panic %v", p)
				}
			}()
			d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t`)
		}()
		// the transaction sees its own write; another goroutine reads the last commit
		if _, err := tx.Insert(ctx, `INSERT INTO pool_t (who, n) VALUES ('tx', 1)`); err != nil {
			return err
		}
		var outside, inside int
		done := make(chan error)
		go func() { done <- d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t`).Scan(&outside) }()
		if err := <-done; err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t`).Scan(&inside); err != nil {
			return err
		}
		if outside != 0 || inside != 1 {
			t.Errorf("counts: outside %d, inside %d", outside, inside)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// another goroutine's write during a transaction is not refused, and the guard ends with it
	if _, err := d.Exec(ctx, `INSERT INTO pool_t (who, n) VALUES ('db', 1)`); err != nil {
		t.Fatalf("write after the transaction: %v", err)
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d rows, want the tx's and the one after (%v)", n, err)
	}
}

// Many goroutines released together, writing in transactions and through the *DB while others
// read: no error (no SQLITE_BUSY), every write kept. 20 rounds.
func TestConcurrentWritesAreSerialisedWithoutErrors(t *testing.T) {
	d := newCounterDB(t)
	ctx := context.Background()
	const writers, rounds = 16, 20
	total := 0
	for round := 0; round < rounds; round++ {
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make(chan error, 3*writers)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				who := fmt.Sprintf("r%dw%d", round, w)
				var err error
				switch w % 4 {
				case 0, 1: // read-then-write in one transaction (the pattern that failed with SQLITE_BUSY)
					err = d.InTx(ctx, func(tx *db.Tx) error {
						var n int
						if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t WHERE who = ?`, who).Scan(&n); err != nil {
							return err
						}
						_, err := tx.Exec(ctx, `INSERT INTO pool_t (who, n) VALUES (?, ?)`, who, n+1)
						return err
					})
				case 2:
					_, err = d.Insert(ctx, `INSERT INTO pool_t (who, n) VALUES (?, 1)`, who)
				case 3:
					var n int
					err = d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t WHERE who <> ?`, who).Scan(&n)
				}
				if err != nil {
					errs <- fmt.Errorf("%s: %w", who, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		total += writers * 3 / 4
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t`).Scan(&n); err != nil || n != total {
		t.Fatalf("%d rows, want %d (%v)", n, total, err)
	}
}

// Statements are prepared once and kept, within a bound; a transaction's statements are prepared
// after it (the pool's only write connection is the transaction's), and a statement still runs
// right while its rows of an earlier run are open in the same transaction.
func TestStatementCache(t *testing.T) {
	d := newCounterDB(t)
	ctx := context.Background()
	if d.Dialect != db.SQLite {
		if r, w := d.CachedStatements(); r != 0 || w != 0 {
			t.Fatalf("PostgreSQL: pgx caches statements itself, ours holds %d/%d", r, w)
		}
		return
	}
	r0, w0 := d.CachedStatements()
	for i := 0; i < 3; i++ {
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t WHERE n > ?`, i).Scan(&n); err != nil {
			t.Fatal(err)
		}
	}
	if r, _ := d.CachedStatements(); r != r0+1 {
		t.Fatalf("read cache: %d after one statement run 3 times, was %d", r, r0)
	}
	ins := `INSERT INTO pool_t (who, n) VALUES (?, ?)`
	for i := 0; i < 3; i++ {
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := tx.Exec(ctx, ins, "a", i)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	if _, w := d.CachedStatements(); w != w0+1 {
		t.Fatalf("write cache: %d after one statement in 3 transactions, was %d", w, w0)
	}
	// the same statement inside its own rows' loop, in a transaction
	err := d.InTx(ctx, func(tx *db.Tx) error {
		sel := `SELECT id, n FROM pool_t WHERE who = ? ORDER BY id`
		var pairs []string
		err := db.EachRow(ctx, tx, sel, []any{"a"}, func(row db.Row) error {
			var id, n int
			if err := row.Scan(&id, &n); err != nil {
				return err
			}
			var first int
			if err := tx.QueryRow(ctx, sel, "a").Scan(&first, new(int)); err != nil {
				return err
			}
			pairs = append(pairs, fmt.Sprintf("%d:%d", n, first))
			return nil
		})
		if err == nil && len(pairs) != 3 {
			err = fmt.Errorf("rows %v", pairs)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// dynamic statements (IN lists of every length) do not grow the cache past its bound
	for n := 1; n <= db.StmtCacheSize+50; n++ {
		args := make([]any, n)
		for i := range args {
			args[i] = i
		}
		rows, err := d.Query(ctx, `SELECT id FROM pool_t WHERE n IN (`+db.Placeholders(n)+`)`, args...)
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	if r, _ := d.CachedStatements(); r != db.StmtCacheSize {
		t.Fatalf("read cache holds %d statements, bound %d", r, db.StmtCacheSize)
	}
	// and an evicted statement still answers
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM pool_t WHERE n > ?`, -1).Scan(&n); err != nil || n != 3 {
		t.Fatalf("evicted statement: %d (%v)", n, err)
	}
}

// The read connections refuse writes, so a write routed to them fails loudly instead of competing
// for the file's lock.
func TestReadPoolIsQueryOnly(t *testing.T) {
	d := newCounterDB(t)
	if d.Dialect != db.SQLite {
		t.Skip("PostgreSQL has one pool")
	}
	if err := d.ExecOnReadPool(context.Background(), `INSERT INTO pool_t (who, n) VALUES ('r', 1)`); err == nil {
		t.Fatal("the read pool accepted a write")
	}
}
