package stats

import (
	"context"
	"errors"
	"fmt"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// A rollup folds the new rows of an event table into daily tables (migration 030). Its statements read the
// events with from < id <= to; dayExpr stands for the event's day in the statistics zone.
type rollup struct {
	name, source string
	tables       []string
	folds        []string
}

var rollups = []rollup{
	{name: "login", source: "login_log", tables: []string{"stat_login_day", "stat_login_month"}, folds: []string{
		`INSERT INTO stat_login_day (day, unit_code, n)
		SELECT {{day l.created_at}}, COALESCE(u.unit_code, ''), COUNT(*) FROM login_log l LEFT JOIN sys_user u ON u.id = l.user_id
		WHERE l.id > ? AND l.id <= ? AND l.success = 1 AND l.user_id IS NOT NULL GROUP BY 1, 2
		ON CONFLICT (day, unit_code) DO UPDATE SET n = stat_login_day.n + excluded.n`,
		`INSERT INTO stat_login_month (month, unit_code, n)
		SELECT substr({{day l.created_at}}, 1, 7), COALESCE(u.unit_code, ''), COUNT(*) FROM login_log l LEFT JOIN sys_user u ON u.id = l.user_id
		WHERE l.id > ? AND l.id <= ? AND l.success = 1 AND l.user_id IS NOT NULL GROUP BY 1, 2
		ON CONFLICT (month, unit_code) DO UPDATE SET n = stat_login_month.n + excluded.n`,
	}},
	{name: "download", source: "file_download", tables: []string{"stat_download_day", "stat_download_month", "stat_download_record"}, folds: []string{
		`INSERT INTO stat_download_month (month, unit_code, record_type, n)
		SELECT substr({{day d.created_at}}, 1, 7), COALESCE(u.unit_code, ''), d.record_type, COUNT(*) FROM file_download d LEFT JOIN sys_user u ON u.id = d.user_id
		WHERE d.id > ? AND d.id <= ? GROUP BY 1, 2, 3
		ON CONFLICT (month, unit_code, record_type) DO UPDATE SET n = stat_download_month.n + excluded.n`,
		`INSERT INTO stat_download_day (day, unit_code, record_type, n)
		SELECT {{day d.created_at}}, COALESCE(u.unit_code, ''), d.record_type, COUNT(*) FROM file_download d LEFT JOIN sys_user u ON u.id = d.user_id
		WHERE d.id > ? AND d.id <= ? GROUP BY 1, 2, 3
		ON CONFLICT (day, unit_code, record_type) DO UPDATE SET n = stat_download_day.n + excluded.n`,
		`INSERT INTO stat_download_record (day, record_type, record_id, n)
		SELECT {{day d.created_at}}, d.record_type, d.record_id, COUNT(*) FROM file_download d
		WHERE d.id > ? AND d.id <= ? AND d.record_id IS NOT NULL GROUP BY 1, 2, 3
		ON CONFLICT (day, record_type, record_id) DO UPDATE SET n = stat_download_record.n + excluded.n`,
	}},
	{name: "download_unit_record", source: "file_download", tables: []string{"stat_download_unit_record_month"}, folds: []string{
		`INSERT INTO stat_download_unit_record_month (month, unit_code, record_type, record_id, n)
		SELECT substr({{day d.created_at}}, 1, 7), COALESCE(u.unit_code, ''), d.record_type, d.record_id, COUNT(*) FROM file_download d LEFT JOIN sys_user u ON u.id = d.user_id
		WHERE d.id > ? AND d.id <= ? AND d.record_id IS NOT NULL GROUP BY 1, 2, 3, 4
		ON CONFLICT (month, unit_code, record_type, record_id) DO UPDATE SET n = stat_download_unit_record_month.n + excluded.n`,
	}},
	{name: "download_user", source: "file_download", tables: []string{"stat_download_user_month"}, folds: []string{
		`INSERT INTO stat_download_user_month (user_id, month, n)
		SELECT d.user_id, substr({{day d.created_at}}, 1, 7), COUNT(*) FROM file_download d
		WHERE d.id > ? AND d.id <= ? AND d.user_id IS NOT NULL GROUP BY 1, 2
		ON CONFLICT (user_id, month) DO UPDATE SET n = stat_download_user_month.n + excluded.n`,
	}},
}

// errMoved: another instance folded meanwhile; this fold is rolled back (its events are counted by the other).
var errMoved = errors.New("stats: the mark moved")

// zone names the statistics zone with its offset now: a change of either rebuilds the rollups.
func (s *Service) zone() (string, int) {
	_, off := s.now().In(s.Loc).Zone()
	return fmt.Sprintf("%s%+d", s.Loc.String(), off/60), off / 60
}

// Refresh folds the events written since the last fold into the rollups. Every statistics call runs it first, so
// the numbers include every event committed before the call.
func (s *Service) Refresh(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "stats: refresh")
	s.mu.Lock()
	defer s.mu.Unlock()
	zone, offset := s.zone()
	for _, r := range rollups {
		// most calls find nothing new: seen from the read pool, without taking the write connection's turn
		if current, err := s.folded(ctx, r, zone); err != nil {
			return err
		} else if current {
			continue
		}
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			var last int64
			var z string
			if err := tx.QueryRow(ctx, `SELECT last_id, zone FROM stat_mark WHERE name = ?`, r.name).Scan(&last, &z); err != nil {
				return err
			}
			start := last
			if z != zone {
				for _, t := range r.tables {
					if _, err := tx.Exec(ctx, `DELETE FROM `+t); err != nil {
						return err
					}
				}
				start = 0
			}
			var top int64
			if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM `+r.source).Scan(&top); err != nil {
				return err
			}
			if top <= start && z == zone {
				return nil
			}
			for _, f := range r.folds {
				if _, err := tx.Exec(ctx, dayTemplate(s.db.Dialect, f, offset), start, top); err != nil {
					return fmt.Errorf("fold %s: %w", r.name, err)
				}
			}
			res, err := tx.Exec(ctx, `UPDATE stat_mark SET last_id = ?, zone = ? WHERE name = ? AND last_id = ? AND zone = ?`, top, zone, r.name, last, z)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return errMoved
			}
			return nil
		})
		if err != nil && !errors.Is(err, errMoved) {
			return err
		}
	}
	return nil
}

// folded tells whether rollup r holds every event of its source, in zone.
func (s *Service) folded(ctx context.Context, r rollup, zone string) (bool, error) {
	var last, top int64
	var z string
	if err := s.db.QueryRow(ctx, `SELECT last_id, zone FROM stat_mark WHERE name = ?`, r.name).Scan(&last, &z); err != nil {
		return false, err
	}
	if z != zone {
		return false, nil
	}
	if err := s.db.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM `+r.source).Scan(&top); err != nil {
		return false, err
	}
	return top <= last, nil
}

// dayTemplate replaces each {{day column}} of q by the SQL of the column's day in the zone offset.
func dayTemplate(d db.Dialect, q string, offset int) string {
	out := []byte{}
	for {
		i := indexOf(q, "{{day ")
		if i < 0 {
			return string(append(out, q...))
		}
		j := indexOf(q[i:], "}}")
		col := q[i+6 : i+j]
		out = append(append(out, q[:i]...), dayExpr(d, col, offset)...)
		q = q[i+j+2:]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// dayExpr is the SQL of a timestamp column's day ('YYYY-MM-DD') at offset minutes east of UTC.
func dayExpr(d db.Dialect, column string, offset int) string {
	off := fmt.Sprintf("%+d minutes", offset)
	if d == db.Postgres {
		return fmt.Sprintf("to_char(%s + interval '%s', 'YYYY-MM-DD')", column, off)
	}
	return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s, '%s')", column, off)
}

// dayBucket is the SQL of a day column's ('YYYY-MM-DD') period label.
func (c *call) dayBucket(column string) string {
	switch c.period {
	case Week:
		if c.s.db.Dialect == db.Postgres {
			return "to_char(date_trunc('week', CAST(" + column + " AS date)), 'YYYY-MM-DD')"
		}
		return "date(" + column + ", '-6 days', 'weekday 1')"
	case Month:
		return "substr(" + column + ", 1, 7)"
	}
	return column
}

// days are the first and the last day of the range, as the rollups' day column holds them.
func (c *call) days2() (string, string) {
	return c.start.Format("2006-01-02"), c.start.AddDate(0, 0, c.days-1).Format("2006-01-02")
}

// wholeMonths are the first and the last whole month of the range (the first day of each, in Loc); ok is false when
// the range holds no whole month.
func (c *call) wholeMonths() (first, last time.Time, ok bool) {
	first = time.Date(c.start.Year(), c.start.Month(), 1, 0, 0, 0, 0, c.s.Loc)
	if c.start.Day() != 1 {
		first = first.AddDate(0, 1, 0)
	}
	end := c.start.AddDate(0, 0, c.days) // the day after the range
	last = time.Date(end.Year(), end.Month(), 1, 0, 0, 0, 0, c.s.Loc).AddDate(0, -1, 0)
	return first, last, !last.Before(first)
}

// rolled is the rows of a rollup over the range as a subquery named s, with its arguments: the days of a day
// table (day, cols), except that the whole months of the range are read from the month table (each month as its
// first day) when byMonth is set (the answer does not divide the range into days or weeks).
func (c *call) rolled(base, cols string, byMonth bool) (string, []any) {
	d0, d1 := c.days2()
	first, last, ok := c.wholeMonths()
	if !byMonth || !ok {
		return `(SELECT day, ` + cols + ` FROM ` + base + `_day) s`, nil
	}
	mFirst, mLast := first.Format("2006-01"), last.Format("2006-01")
	dFirst, dAfter := first.Format("2006-01-02"), last.AddDate(0, 1, 0).Format("2006-01-02")
	return `(SELECT day, ` + cols + ` FROM ` + base + `_day WHERE day >= ? AND day < ?
		UNION ALL SELECT day, ` + cols + ` FROM ` + base + `_day WHERE day >= ? AND day <= ?
		UNION ALL SELECT month || '-01', ` + cols + ` FROM ` + base + `_month WHERE month >= ? AND month <= ?) s`,
		[]any{d0, dFirst, dAfter, d1, mFirst, mLast}
}
