package db_test

import (
	"context"
	"testing"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
)

// Tx.Lock holds one advisory lock per distinct key until the transaction ends, which another transaction cannot
// take meanwhile (PostgreSQL); on SQLite it is a no-op, the immediate transaction being the lock.
func TestTxLockHoldsEachKeyUntilTheEnd(t *testing.T) {
	d := dbtest.Open(t)
	ctx := context.Background()
	const class = db.LockClass(7499)
	var held []int64
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, class, "b", "a", "b"); err != nil {
			return err
		}
		if tx.Dialect() != db.Postgres {
			return nil
		}
		rows, err := tx.Query(ctx, `SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = ? AND objsubid = 2
			AND pid = pg_backend_pid() ORDER BY objid`, int32(class))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n int64
			if err := rows.Scan(&n); err != nil {
				return err
			}
			held = append(held, n)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		// another connection cannot take them now
		taken := make(chan bool, len(held))
		for _, n := range held {
			go func() {
				var ok bool
				if err := d.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(?, ?)`, int32(class), int32(uint32(n))).Scan(&ok); err != nil {
					t.Error(err)
				}
				taken <- ok
			}()
		}
		for range held {
			if <-taken {
				t.Errorf("another connection took a held lock")
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if d.Dialect != db.Postgres {
		return
	}
	if len(held) != 2 {
		t.Fatalf("locks held for b, a, b: %v", held)
	}
	var ok bool
	if err := d.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(?, ?)`, int32(class), int32(uint32(held[0]))).Scan(&ok); err != nil || !ok {
		t.Fatalf("the lock outlived its transaction: %v %v", ok, err)
	}
}
