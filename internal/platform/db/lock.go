package db

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
)

// LockClass names what a transaction lock serialises (the first key of PostgreSQL's two-key advisory locks), so
// that the same text in two areas never shares a lock. Classes in use: 7301-7304 internal/auth (which takes them
// with hashtext), 7401-7403 internal/reward, 7001 the migrations (migrate.go).
type LockClass int32

// Lock makes the rest of the transaction the only one deciding on each of keys of class: a "check, then write"
// rule (a cap, a quota, a duplicate check) run after it sees every write of the transactions that held the same
// key before, as if they had run one after the other.
//
// On PostgreSQL it takes transaction-level advisory locks pg_advisory_xact_lock(class, hash of key), released at
// commit or rollback; the keys of one call are taken in the order of their lock numbers, so two transactions
// locking several keys of a class cannot deadlock; a transaction locking several classes takes them in ascending
// class order. On SQLite nothing more is needed: a transaction is begun IMMEDIATE and holds the one writer until it
// ends, so transactions that write already run one after the other.
func (t *Tx) Lock(ctx context.Context, class LockClass, keys ...string) error {
	if t.db.Dialect != Postgres || len(keys) == 0 {
		return nil
	}
	nums := make([]int32, 0, len(keys))
	for _, k := range keys {
		h := fnv.New32a()
		_, _ = h.Write([]byte(k))
		nums = append(nums, int32(h.Sum32()))
	}
	slices.Sort(nums)
	for _, n := range slices.Compact(nums) {
		if _, err := t.Exec(ctx, `SELECT pg_advisory_xact_lock(?, ?)`, int32(class), n); err != nil {
			return fmt.Errorf("db: lock %d/%d: %w", class, n, err)
		}
	}
	return nil
}
