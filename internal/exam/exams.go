package exam

import (
	"context"
	"slices"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	check "biddesk/internal/platform/validate"
)

// AudienceMax bounds the picker's selection.
const AudienceMax = 500

// SaveExam adds or changes an exam: its paper, audience (units and employees, or a training class), open and
// close times, the latest start, duration, attempts, pass mark (at most the paper's total), shuffling, when
// results are shown and the leave-page limit. Once someone has started, the paper and the timing that decides a
// deadline no longer change.
func (s *Service) SaveExam(ctx context.Context, in ExamIn) (int64, error) {
	var err error
	if in.Name, err = text(in.Name, "exam.f.name", 100, true); err != nil {
		return 0, err
	}
	opens, err := check.DateTime("exam.f.opensAt", in.OpensAt)
	if err != nil {
		return 0, err
	}
	closes, err := check.DateTime("exam.f.closesAt", in.ClosesAt)
	if err != nil {
		return 0, err
	}
	if !closes.After(opens) {
		return 0, httpx.Fail("exam.period_bad")
	}
	var latest any
	if in.LatestStart != "" {
		l, err := check.DateTime("exam.f.latestStart", in.LatestStart)
		if err != nil {
			return 0, err
		}
		if l.Before(opens) || l.After(closes) {
			return 0, httpx.Fail("exam.latest_bad")
		}
		latest = l
	}
	if in.DurationMin < 1 || in.DurationMin > 600 {
		return 0, httpx.Fail("exam.duration_bad")
	}
	if in.AttemptsAllowed == 0 {
		in.AttemptsAllowed = 1
	}
	if in.AttemptsAllowed < 1 || in.AttemptsAllowed > 20 {
		return 0, httpx.Fail("exam.attempts_bad")
	}
	if in.Results == "" {
		in.Results = ResultsNow
	}
	if !slices.Contains([]string{ResultsNow, ResultsAfter, ResultsReleased}, in.Results) {
		return 0, httpx.Fail("exam.bad_value", httpx.Msg("exam.f.results"))
	}
	if in.LeaveLimit < 0 || in.LeaveLimit > 100 {
		return 0, httpx.Fail("exam.leave_bad")
	}
	if len(in.Organ)+len(in.Employee) > AudienceMax {
		return 0, httpx.Fail("exam.too_many", httpx.Msg("exam.f.audience"), AudienceMax)
	}
	state := ExamDraft
	if in.Publish {
		state = ExamPublished
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var total float64
		if err := tx.QueryRow(ctx, `SELECT total FROM exam_paper WHERE id = ?`, in.PaperID).Scan(&total); err != nil {
			if db.IsNoRows(err) {
				return httpx.Fail("exam.paper_not_found")
			}
			return err
		}
		if in.PassMark <= 0 || in.PassMark > total {
			return httpx.Fail("exam.pass_above_total", in.PassMark, total)
		}
		var class any
		if in.ClassID != 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM training_class WHERE id = ?`, in.ClassID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return httpx.Fail("exam.class_not_found")
			}
			class, in.Organ, in.Employee = in.ClassID, nil, nil
		}
		now := s.now().UTC()
		if id == 0 {
			var err error
			id, err = tx.Insert(ctx, `INSERT INTO exam_exam (name, paper_id, class_id, opens_at, closes_at, duration_min, attempts_allowed, pass_mark,
				shuffle_questions, shuffle_options, results, leave_limit, latest_start, state, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.Name, in.PaperID, class, opens, closes, in.DurationMin, in.AttemptsAllowed,
				in.PassMark, db.Flag(in.ShuffleQuestions), db.Flag(in.ShuffleOptions), in.Results, in.LeaveLimit, latest, state, callerID(ctx), now, now)
			if err != nil {
				return err
			}
		} else {
			var paper int64
			var dur int
			var started int
			if err := tx.QueryRow(ctx, `SELECT paper_id, duration_min, (SELECT COUNT(*) FROM exam_attempt a WHERE a.exam_id = e.id) FROM exam_exam e WHERE e.id = ?`, id).
				Scan(&paper, &dur, &started); err != nil {
				if db.IsNoRows(err) {
					return httpx.Fail("exam.exam_not_found")
				}
				return err
			}
			if started > 0 && (paper != in.PaperID || dur != in.DurationMin) {
				return httpx.Fail("exam.exam_started", started)
			}
			if _, err := tx.Exec(ctx, `UPDATE exam_exam SET name = ?, paper_id = ?, class_id = ?, opens_at = ?, closes_at = ?, duration_min = ?,
				attempts_allowed = ?, pass_mark = ?, shuffle_questions = ?, shuffle_options = ?, results = ?, leave_limit = ?, latest_start = ?, state = ?,
				updated_at = ? WHERE id = ?`, in.Name, in.PaperID, class, opens, closes, in.DurationMin, in.AttemptsAllowed, in.PassMark,
				db.Flag(in.ShuffleQuestions), db.Flag(in.ShuffleOptions), in.Results, in.LeaveLimit, latest, state, now, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM exam_audience WHERE exam_id = ?`, id); err != nil {
				return err
			}
		}
		for _, u := range in.Organ {
			if _, err := tx.Exec(ctx, `INSERT INTO exam_audience (exam_id, kind, code) VALUES (?, 'organ', ?) ON CONFLICT DO NOTHING`, id, u.FullUnitCode); err != nil {
				return err
			}
		}
		for _, e := range in.Employee {
			if _, err := tx.Exec(ctx, `INSERT INTO exam_audience (exam_id, kind, code) VALUES (?, 'employee', ?) ON CONFLICT DO NOTHING`, id, e.Code); err != nil {
				return err
			}
		}
		action := audit.Create
		if in.ID != 0 {
			action = audit.Update
		}
		return s.record(ctx, tx, audit.Change{Action: action, TargetID: id, Target: in.Name, After: in})
	})
	return id, wrap(err, "save exam %d", in.ID)
}

// DeleteExam deletes an exam nobody has started.
func (s *Service) DeleteExam(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var name string
		var started int
		if err := tx.QueryRow(ctx, `SELECT name, (SELECT COUNT(*) FROM exam_attempt a WHERE a.exam_id = e.id) FROM exam_exam e WHERE id = ?`, id).Scan(&name, &started); err != nil {
			if db.IsNoRows(err) {
				return httpx.Fail("exam.exam_not_found")
			}
			return err
		}
		if started > 0 {
			return httpx.Fail("exam.exam_started", started)
		}
		for _, q := range []string{`DELETE FROM exam_audience WHERE exam_id = ?`, `DELETE FROM exam_exam WHERE id = ?`} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Action: audit.Delete, TargetID: id, Target: name})
	})
	return wrap(err, "delete exam %d", id)
}

// Release shows an exam's results to its takers (an exam whose results wait for the release).
func (s *Service) Release(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var name string
		if err := tx.QueryRow(ctx, `SELECT name FROM exam_exam WHERE id = ?`, id).Scan(&name); err != nil {
			if db.IsNoRows(err) {
				return httpx.Fail("exam.exam_not_found")
			}
			return err
		}
		var pending int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM exam_attempt WHERE exam_id = ? AND state = 'submitted'`, id).Scan(&pending); err != nil {
			return err
		}
		if pending > 0 {
			return httpx.Fail("exam.release_pending", pending)
		}
		if _, err := tx.Exec(ctx, `UPDATE exam_exam SET released_at = ?, updated_at = ? WHERE id = ?`, s.now().UTC(), s.now().UTC(), id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Action: "release", TargetID: id, Target: name})
	})
	return wrap(err, "release exam %d", id)
}

const examSelect = `e.id, e.name, e.paper_id, p.name, COALESCE(e.class_id, 0), COALESCE(tc.name, ''), e.opens_at, e.closes_at, e.latest_start,
	e.duration_min, e.attempts_allowed, e.pass_mark, p.total, e.shuffle_questions, e.shuffle_options, e.results, e.released_at, e.leave_limit, e.state,
	e.updated_at,
	(SELECT COUNT(DISTINCT a.user_id) FROM exam_attempt a WHERE a.exam_id = e.id),
	(SELECT COUNT(*) FROM exam_attempt a WHERE a.exam_id = e.id AND a.state <> 'open'),
	(SELECT COUNT(DISTINCT a.user_id) FROM exam_attempt a WHERE a.exam_id = e.id AND a.passed = 1),
	(SELECT COALESCE(AVG(a.score), 0) FROM exam_attempt a WHERE a.exam_id = e.id AND a.state = 'marked'),
	(SELECT COUNT(*) FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id WHERE a.exam_id = e.id AND i.review = 1 AND i.score IS NULL AND a.state <> 'open')`

const examFrom = `exam_exam e JOIN exam_paper p ON p.id = e.paper_id LEFT JOIN training_class tc ON tc.id = e.class_id`

func scanExam(r interface{ Scan(...any) error }) (Exam, error) {
	var e Exam
	var sq, so int
	var latest, released *time.Time
	err := r.Scan(&e.ID, &e.Name, &e.PaperID, &e.PaperName, &e.ClassID, &e.ClassName, &e.OpensAt, &e.ClosesAt, &latest, &e.DurationMin,
		&e.AttemptsAllowed, &e.PassMark, &e.Total, &sq, &so, &e.Results, &released, &e.LeaveLimit, &e.State, &e.UpdatedAt,
		&e.Takers, &e.Submitted, &e.Passed, &e.Average, &e.Pending)
	e.ShuffleQuestions, e.ShuffleOptions, e.LatestStart, e.ReleasedAt = sq == 1, so == 1, latest, released
	e.Average = round2(e.Average)
	e.Organ, e.Employee = []UnitPick{}, []EmployeePick{}
	return e, err
}

// Exam is one exam with its audience and figures.
func (s *Service) Exam(ctx context.Context, id int64) (Exam, error) {
	e, err := scanExam(s.db.QueryRow(ctx, `SELECT `+examSelect+` FROM `+examFrom+` WHERE e.id = ?`, id))
	if db.IsNoRows(err) {
		return e, httpx.Fail("exam.exam_not_found")
	} else if err != nil {
		return e, wrap(err, "exam %d", id)
	}
	err = db.EachRow(ctx, s.db, `SELECT a.kind, a.code, COALESCE(u.unit_name, ''), COALESCE(em.name, '') FROM exam_audience a
		LEFT JOIN org_unit u ON a.kind = 'organ' AND u.full_unit_code = a.code LEFT JOIN employee em ON a.kind = 'employee' AND em.code = a.code
		WHERE a.exam_id = ? ORDER BY a.kind, a.code`, []any{id}, func(r db.Row) error {
		var kind, code, unit, name string
		if err := r.Scan(&kind, &code, &unit, &name); err != nil {
			return err
		}
		if kind == "organ" {
			e.Organ = append(e.Organ, UnitPick{FullUnitCode: code, UnitName: unit})
		} else {
			e.Employee = append(e.Employee, EmployeePick{Code: code, Name: name})
		}
		return nil
	})
	return e, wrap(err, "exam %d", id)
}

// ExamsIn narrows the exams.
type ExamsIn struct {
	Keyword string `param:"keyword" max:"100"`
	ClassID int64  `param:"classId" doc:"the exams of a training class"`
}

// Exams are the exams (newest opening first) with their figures.
func (s *Service) Exams(ctx context.Context, in ExamsIn) ([]Exam, error) {
	where, args := "1 = 1", []any{}
	if in.Keyword != "" {
		where, args = where+" AND LOWER(e.name) LIKE LOWER(?) ESCAPE '!'", append(args, "%"+escapeLike(in.Keyword)+"%")
	}
	if in.ClassID != 0 {
		where, args = where+" AND e.class_id = ?", append(args, in.ClassID)
	}
	out := []Exam{}
	err := db.EachRow(ctx, s.db, `SELECT `+examSelect+` FROM `+examFrom+` WHERE `+where+` ORDER BY e.opens_at DESC, e.id DESC`, args, func(r db.Row) error {
		e, err := scanExam(r)
		out = append(out, e)
		return err
	})
	return out, wrap(err, "exams")
}

func escapeLike(s string) string {
	r := []rune{}
	for _, c := range s {
		if c == '!' || c == '%' || c == '_' {
			r = append(r, '!')
		}
		r = append(r, c)
	}
	return string(r)
}

// audienceSQL is the condition that the caller (unit code, employee code, user id) may take exam e: a class's
// enrolled trainees; else no audience row (every staff member), a unit above or equal to theirs, or their
// employee.
const audienceSQL = `(CASE WHEN e.class_id IS NOT NULL THEN EXISTS (SELECT 1 FROM training_enrolment te WHERE te.class_id = e.class_id AND te.user_id = ? AND te.state = 'enrolled')
	ELSE (NOT EXISTS (SELECT 1 FROM exam_audience a WHERE a.exam_id = e.id) OR EXISTS (SELECT 1 FROM exam_audience a
	WHERE a.exam_id = e.id AND ((a.kind = 'organ' AND substr(?, 1, length(a.code)) = a.code) OR (a.kind = 'employee' AND a.code = NULLIF(?, ''))))) END)`

type member struct {
	ID             int64
	Unit, Employee string
}

func (m member) args() []any { return []any{m.ID, m.Unit, m.Employee} }

func (s *Service) member(ctx context.Context, q db.Querier, userID int64) (member, error) {
	m := member{ID: userID}
	err := q.QueryRow(ctx, `SELECT unit_code, employee_code FROM sys_user WHERE id = ?`, userID).Scan(&m.Unit, &m.Employee)
	return m, err
}
