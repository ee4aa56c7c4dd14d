package training_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/stats"
)

// seedTrainingYear writes a year (2025) of training in SQL: 20 units under one company, 10,000 staff accounts spread
// over them, 50 lecturers, 1,000 classes (half closed) of 5 two-hour sessions each, 40 trainees with a seat per class
// (every account in 4 classes) and their sign-ins at every session: 200,000 sign-ins, a tenth of them late.
func seedTrainingYear(b testing.TB, d *db.DB) {
	b.Helper()
	ctx := context.Background()
	const users, units, classes, perClass, sessions = 10000, 20, 1000, 40, 5
	series := func(count int) string {
		if d.Dialect == db.Postgres {
			return fmt.Sprintf("generate_series(CAST(0 AS BIGINT), CAST(%d AS BIGINT)) AS g(i)", count-1)
		}
		return fmt.Sprintf("(WITH RECURSIVE g(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM g WHERE i < %d) SELECT i FROM g) AS g", count-1)
	}
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	exec := func(q string, args ...any) {
		b.Helper()
		if _, err := d.Exec(ctx, q, args...); err != nil {
			b.Fatal(err)
		}
	}
	exec(`INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level) VALUES ('900', '', '基准集团', '基准集团', 1)`)
	unitCase := "CASE"
	for u := 0; u < units; u++ {
		code := fmt.Sprintf("900%03d", u)
		exec(`INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level) VALUES (?, '900', ?, ?, 2)`, code, fmt.Sprintf("部门%02d", u), fmt.Sprintf("部门%02d", u))
		unitCase += fmt.Sprintf(" WHEN i %% %d = %d THEN '%s'", units, u, code)
	}
	unitCase += " END"
	exec(fmt.Sprintf(`INSERT INTO sys_user (login_code, user_name, password_hash, state, user_type, employee_code, unit_code, created_at, updated_at)
		SELECT 'bench' || CAST(i AS TEXT), '员工' || CAST(i AS TEXT), 'x', 1, 'staff', '', %s, ?, ? FROM %s`, unitCase, series(users)), now, now)
	var firstUser int64
	if err := d.QueryRow(ctx, `SELECT MIN(id) FROM sys_user WHERE login_code LIKE 'bench%'`).Scan(&firstUser); err != nil {
		b.Fatal(err)
	}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		var lecturers []int64
		for l := 0; l < 50; l++ {
			id, err := tx.Insert(ctx, `INSERT INTO training_lecturer (name, kind, created_at, updated_at) VALUES (?, 'external', ?, ?)`, fmt.Sprintf("讲师%02d", l), now, now)
			if err != nil {
				return err
			}
			lecturers = append(lecturers, id)
		}
		for c := 0; c < classes; c++ {
			start := now.AddDate(0, 0, c%330)
			state := "closed"
			if c%2 == 1 {
				state = "running"
			}
			id, err := tx.Insert(ctx, `INSERT INTO training_class (name, unit_code, start_date, end_date, mode, capacity, manager_id, state, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'onsite', 100, ?, ?, ?, ?)`, fmt.Sprintf("基准班%04d", c), fmt.Sprintf("900%03d", c%units), start.Format("2006-01-02"),
				start.AddDate(0, 0, sessions).Format("2006-01-02"), firstUser, state, now, now)
			if err != nil {
				return err
			}
			for s := 0; s < sessions; s++ {
				at := start.AddDate(0, 0, s).Add(9 * time.Hour)
				if _, err := tx.Exec(ctx, `INSERT INTO training_session (class_id, title, lecturer_id, starts_at, ends_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
					id, fmt.Sprintf("第%d次", s+1), lecturers[(c+s)%len(lecturers)], at, at.Add(2*time.Hour), now, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	var firstClass int64
	if err := d.QueryRow(ctx, `SELECT MIN(id) FROM training_class WHERE name LIKE '基准班%'`).Scan(&firstClass); err != nil {
		b.Fatal(err)
	}
	exec(fmt.Sprintf(`INSERT INTO training_enrolment (class_id, user_id, state, queued_at, created_at, updated_at)
		SELECT c.id, %d + ((c.id - %d) * %d + g.i) %% %d, 'enrolled', ?, ?, ? FROM training_class c CROSS JOIN %s WHERE c.name LIKE '基准班%%'`,
		firstUser, firstClass, perClass, users, series(perClass)), now, now, now)
	exec(`INSERT INTO training_signin (session_id, user_id, signed_at, state, method, created_at, updated_at)
		SELECT x.id, en.user_id, x.starts_at, CASE WHEN (en.user_id + x.id) % 10 = 0 THEN 'late' ELSE 'present' END, 'qr', x.starts_at, x.starts_at
		FROM training_session x JOIN training_enrolment en ON en.class_id = x.class_id`)
	var n int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM training_signin`).Scan(&n); err != nil || n != classes*perClass*sessions {
		b.Fatalf("sign-ins: %d %v", n, err)
	}
	if err := d.Optimize(ctx, true); err != nil {
		b.Fatal(err)
	}
	if d.Dialect == db.Postgres {
		exec(`VACUUM ANALYZE training_signin, training_session, training_enrolment, training_class, sys_user`)
	}
}

// BenchmarkTrainingStatistics measures the training statistics of a year of 10,000 employees, 1,000 classes and
// 200,000 sign-ins: the whole company (every unit), one unit's drill-down, and a user whose scope is one unit.
// docs/performance.md has the figures: `go test -run '^$' -bench BenchmarkTrainingStatistics -benchtime 5x
// ./internal/training/` (BIDDESK_TEST_PG=... for PostgreSQL).
func BenchmarkTrainingStatistics(b *testing.B) {
	d := dbtest.Open(b)
	seedTrainingYear(b, d)
	scope := org.Visibility{All: true}
	svc := stats.NewService(d, func(context.Context, int64, string) (org.Visibility, error) { return scope, nil }, nil)
	svc.UseClock(func() time.Time { return time.Date(2026, 1, 15, 8, 0, 0, 0, time.Local) })
	ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: 1, UserType: auth.SiteStaff})
	year := 2025
	for _, c := range []struct {
		name  string
		scope org.Visibility
		unit  string
	}{
		{"company", org.Visibility{All: true}, ""},
		{"unit drill-down", org.Visibility{All: true}, "900003"},
		{"scoped to one unit", org.Visibility{Prefixes: []string{"900007"}}, ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			scope = c.scope
			if _, err := svc.Training(ctx, "zh-CN", stats.Filter{Year: &year, UnitCode: c.unit}); err != nil { // warm
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rep, err := svc.Training(ctx, "zh-CN", stats.Filter{Year: &year, UnitCode: c.unit})
				if err != nil || len(rep.Tables) != 5 {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/call")
		})
	}
}
