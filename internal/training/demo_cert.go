package training

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"biddesk/internal/platform/db"
)

// SeedCertDemo gives the demo's closed and archived classes (SeedDemo) evaluations and certificates, when no
// evaluation exists yet: most trainees who attended a session evaluate it the day after (stars mostly 4 and 5, some
// lower, a few comments), each class gets a rule (attendance 50 %, validity 36 months) and its trainees who meet it a
// certificate dated the class's last day; one certificate is revoked.
func (s *Service) SeedCertDemo(ctx context.Context, adminID int64) error {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM training_evaluation`).Scan(&n); err != nil || n > 0 {
		return err
	}
	type cl struct {
		id   int64
		name string
	}
	var classes []cl
	if err := db.EachRow(ctx, s.db, `SELECT id, name FROM training_class WHERE state IN ('closed', 'archived') ORDER BY id`, nil, func(r db.Row) error {
		var c cl
		classes = append(classes, c)
		return r.Scan(&classes[len(classes)-1].id, &classes[len(classes)-1].name)
	}); err != nil {
		return err
	}
	comments := []string{"案例贴近投标实务，收获很大", "讲得清楚，节奏合适", "希望多一些实操练习", "资料很实用，已用于下一个标", "时间有点紧，内容偏多", ""}
	type signed struct {
		session, user, lecturer, course int64
		ends                            time.Time
	}
	for ci, c := range classes {
		var rows []signed
		if err := db.EachRow(ctx, s.db, `SELECT s.id, g.user_id, COALESCE(s.lecturer_id, 0), COALESCE(s.course_id, 0), s.ends_at FROM training_signin g
			JOIN training_session s ON s.id = g.session_id WHERE s.class_id = ? AND g.state IN ('present', 'late') ORDER BY s.id, g.user_id`, []any{c.id},
			func(r db.Row) error {
				var x signed
				if err := r.Scan(&x.session, &x.user, &x.lecturer, &x.course, &x.ends); err != nil {
					return err
				}
				rows = append(rows, x)
				return nil
			}); err != nil {
			return err
		}
		var last time.Time
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			for i, x := range rows {
				if x.ends.After(last) {
					last = x.ends
				}
				if (i+ci)%5 == 4 { // about one in five does not evaluate
					continue
				}
				stars := []int{5, 4, 5, 4, 3, 5, 4, 2, 5, 4}[(i*7+ci)%10]
				lstars := []int{5, 5, 4, 4, 5, 3, 4, 5}[(i*3+ci)%8]
				var lect, course any
				if x.lecturer != 0 {
					lect = x.lecturer
				} else {
					lstars = 0
				}
				if x.course != 0 {
					course = x.course
				}
				if _, err := tx.Exec(ctx, `INSERT INTO training_evaluation (class_id, session_id, user_id, lecturer_id, course_id, course_stars, lecturer_stars,
					comment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.id, x.session, x.user, lect, course, stars, lstars,
					comments[(i+ci)%len(comments)], x.ends.Add(20*time.Hour)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("training: demo evaluations of %s: %w", c.name, err)
		}
		if last.IsZero() {
			continue
		}
		q := &Service{db: s.db, now: func() time.Time { return last.Add(24 * time.Hour) }, quiet: true, exams: s.exams}
		// the pricing class's certificate is bid material the demo reward rules pay for (造价 / 二级)
		var kind, level string
		if c.name == "工程量清单与报价策略" {
			kind, level = "cost", "2"
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO training_cert_rule (class_id, enabled, min_attendance, needs_evaluation, validity_months,
			reward_kind, reward_level, updated_by, updated_at) VALUES (?, 1, 50, 0, 36, ?, ?, ?, ?)`, c.id, kind, level, adminID, last); err != nil {
			return fmt.Errorf("training: demo rule of %s: %w", c.name, err)
		}
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			if err := tx.Lock(ctx, lockClass, strconv.FormatInt(c.id, 10)); err != nil {
				return err
			}
			_, err := q.issueOnClose(ctx, tx, c.id, c.name)
			return err
		})
		if err != nil {
			return fmt.Errorf("training: demo certificates of %s: %w", c.name, err)
		}
	}
	// one revoked, to show the state and the verification page's answer
	_, err := s.db.Exec(ctx, `UPDATE training_certificate SET state = 'revoked', revoke_reason = '出勤记录核对有误，待重新认定', revoked_at = created_at,
		revoked_by = ? WHERE id = (SELECT MIN(c.id) FROM training_certificate c JOIN sys_user u ON u.id = c.user_id WHERE u.login_code <> 'staff')`, adminID)
	return err
}
