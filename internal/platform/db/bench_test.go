package db_test

import (
	"context"
	"database/sql"
	"fmt"
	"syscall"
	"testing"
	"time"

	"biddesk/internal/platform/dbtest"
)

// BenchmarkQueryRowByID is the cached read path: one row by primary key, the statement text the
// same on every call (what the prepared-statement cache is for).
func BenchmarkQueryRowByID(b *testing.B) {
	d := dbtest.Open(b)
	ctx := context.Background()
	if _, err := d.Exec(ctx, `CREATE TABLE bench_row (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL, state INTEGER NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	for i := 1; i <= 1000; i++ {
		if _, err := d.Exec(ctx, `INSERT INTO bench_row (id, name, code, state) VALUES (?, ?, ?, ?)`, i, fmt.Sprintf("name %d", i), fmt.Sprintf("C%04d", i), i%2); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			var name, code string
			var state int
			if err := d.QueryRow(ctx, `SELECT name, code, state FROM bench_row WHERE id = ? AND state >= 0`, i%1000+1).Scan(&name, &code, &state); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSessionLookup is the statement every signed-in request runs (auth.Store.SessionByTokenHash):
// a join with many columns, where parsing and planning weigh more than in a one-table look-up.
func BenchmarkSessionLookup(b *testing.B) {
	d := dbtest.Open(b)
	ctx := context.Background()
	now := time.Now().UTC()
	for i := 1; i <= 200; i++ {
		uid, err := d.Insert(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, created_at, updated_at) VALUES (?, ?, 'x', ?, ?)`, fmt.Sprintf("u%d", i), fmt.Sprintf("User %d", i), now, now)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.Exec(ctx, `INSERT INTO sys_session (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)`, fmt.Sprintf("h%d", i), uid, now, now, now.Add(time.Hour)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	defer reportCPU(b)()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			var sid, suid, uid int64
			var created, seen, expires time.Time
			var ended sql.NullTime
			var reason, login, name, hash, utype, unit, phone, email string
			var state, upd int
			var last sql.NullTime
			err := d.QueryRow(ctx, `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.ended_at, s.end_reason,
		u.id, u.login_code, u.user_name, u.password_hash, u.state, u.update_pwd, u.user_type, u.unit_code, u.phone, u.email, u.last_login_at
		FROM sys_session s JOIN sys_user u ON u.id = s.user_id AND u.deleted_at IS NULL WHERE s.token_hash = ?`, fmt.Sprintf("h%d", i%200+1)).
				Scan(&sid, &suid, &created, &seen, &expires, &ended, &reason, &uid, &login, &name, &hash, &state, &upd, &utype, &unit, &phone, &email, &last)
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// reportCPU adds the process's CPU time per operation (user + system): on a shared machine the
// wall time per operation mostly measures the neighbours.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
