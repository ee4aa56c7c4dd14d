package training

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/validate"
)

// SessionIn is a session's form; times are of the company's zone ("2006-01-02 15:04") or RFC 3339.
type SessionIn struct {
	ID         int64   `param:"id" doc:"edit only"`
	ClassID    int64   `param:"classId" doc:"add only"`
	Title      string  `param:"title"`
	CourseID   int64   `param:"courseId"`
	LecturerID int64   `param:"lecturerId"`
	StartsAt   string  `param:"startsAt,required"`
	EndsAt     string  `param:"endsAt,required"`
	Room       string  `param:"room"`
	Link       string  `param:"link"`
	Lat        float64 `param:"lat"`
	Lng        float64 `param:"lng"`
	RadiusM    int     `param:"radiusM" doc:"metres; 0: no position check"`
}

const sessionSelect = `s.id, s.class_id, c.name, s.title, COALESCE(s.course_id, 0), COALESCE(co.name, ''), COALESCE(s.lecturer_id, 0),
	COALESCE(l.name, ''), s.starts_at, s.ends_at, s.room, s.link, s.lat, s.lng, s.radius_m,
	(SELECT COUNT(*) FROM training_signin g WHERE g.session_id = s.id AND g.state IN ('present', 'late'))`

const sessionFrom = `training_session s JOIN training_class c ON c.id = s.class_id LEFT JOIN course co ON co.id = s.course_id
	LEFT JOIN training_lecturer l ON l.id = s.lecturer_id`

func scanSession(r db.Row) (Session, error) {
	var x Session
	err := r.Scan(&x.ID, &x.ClassID, &x.ClassName, &x.Title, &x.CourseID, &x.CourseName, &x.LecturerID, &x.LecturerName, &x.StartsAt, &x.EndsAt,
		&x.Room, &x.Link, &x.Lat, &x.Lng, &x.RadiusM, &x.Signed)
	x.StartsAt, x.EndsAt = x.StartsAt.UTC(), x.EndsAt.UTC()
	if x.Title == "" {
		x.Title = x.CourseName
	}
	return x, err
}

func (s *Service) sessions(ctx context.Context, q db.Querier, where string, args ...any) ([]Session, error) {
	out := []Session{}
	err := db.EachRow(ctx, q, `SELECT `+sessionSelect+` FROM `+sessionFrom+` WHERE `+where+` ORDER BY s.starts_at, s.id`, args, func(r db.Row) error {
		x, err := scanSession(r)
		out = append(out, x)
		return err
	})
	return out, err
}

// Sessions are a class's sessions in time order.
func (s *Service) Sessions(ctx context.Context, classID int64) ([]Session, error) {
	if _, err := s.classFor(ctx, s.db, classID); err != nil {
		return nil, err
	}
	return s.sessions(ctx, s.db, `s.class_id = ?`, classID)
}

func (s *Service) session(ctx context.Context, q db.Querier, id int64) (Session, error) {
	list, err := s.sessions(ctx, q, `s.id = ?`, id)
	if err != nil {
		return Session{}, err
	}
	if len(list) == 0 {
		return Session{}, httpx.Fail("training.session_not_found")
	}
	return list[0], nil
}

// span writes a session's time as people read it: "2026-03-05 09:00–11:00".
func span(a, b time.Time) string {
	a, b = a.In(time.Local), b.In(time.Local)
	if a.Format(day) == b.Format(day) {
		return a.Format("2006-01-02 15:04") + "–" + b.Format("15:04")
	}
	return a.Format("2006-01-02 15:04") + "–" + b.Format("2006-01-02 15:04")
}

func title(x Session) string {
	if x.Title != "" {
		return x.Title
	}
	return "#" + strconv.FormatInt(x.ID, 10)
}

// SaveSession adds or changes a session. A lecturer or a room in another session at the same time is refused,
// naming that session; trainees of the class who have another class's session then are warnings.
func (s *Service) SaveSession(ctx context.Context, in SessionIn) (SessionSaved, error) {
	if _, err := principal(ctx); err != nil {
		return SessionSaved{}, err
	}
	var err error
	if in.Title, err = text(in.Title, "training.col.session", NameMax, false); err != nil {
		return SessionSaved{}, err
	}
	if in.Room, err = text(in.Room, "training.f.room", NameMax, false); err != nil {
		return SessionSaved{}, err
	}
	if in.Link, err = text(in.Link, "training.f.link", TextMax, false); err != nil {
		return SessionSaved{}, err
	}
	start, err := validate.DateTime("training.col.start", in.StartsAt)
	if err != nil {
		return SessionSaved{}, err
	}
	end, err := validate.DateTime("training.col.end", in.EndsAt)
	if err != nil {
		return SessionSaved{}, err
	}
	if !end.After(start) || end.Sub(start) > 12*time.Hour {
		return SessionSaved{}, httpx.Fail("training.session_time_bad")
	}
	if in.Lat < -90 || in.Lat > 90 || in.Lng < -180 || in.Lng > 180 {
		return SessionSaved{}, httpx.Fail("training.position_bad")
	}
	if in.RadiusM < 0 || in.RadiusM > 5000 {
		return SessionSaved{}, httpx.Fail("training.radius_bad")
	}
	out := SessionSaved{ID: in.ID, Warnings: []string{}}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// every change of the schedule is one decision against every other: the conflict checks see each other's writes
		if err := tx.Lock(ctx, lockSchedule, "all"); err != nil {
			return err
		}
		if in.ID != 0 {
			var cls int64
			err := tx.QueryRow(ctx, `SELECT class_id FROM training_session WHERE id = ?`, in.ID).Scan(&cls)
			if db.IsNoRows(err) {
				return httpx.Fail("training.session_not_found")
			} else if err != nil {
				return err
			}
			in.ClassID = cls
		}
		c, err := s.classFor(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		if c.State == StateClosed || c.State == StateArchived {
			return httpx.Fail("training.session_class_state")
		}
		var course, lecturer any
		if in.CourseID != 0 {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM course WHERE id = ?`, in.CourseID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return httpx.Fail("training.course_not_found", in.CourseID)
			}
			course = in.CourseID
		}
		if in.LecturerID != 0 {
			var name string
			err := tx.QueryRow(ctx, `SELECT name FROM training_lecturer WHERE id = ?`, in.LecturerID).Scan(&name)
			if db.IsNoRows(err) {
				return httpx.Fail("training.lecturer_not_found")
			} else if err != nil {
				return err
			}
			lecturer = in.LecturerID
			other, err := s.sessions(ctx, tx, `s.lecturer_id = ? AND s.id <> ? AND s.starts_at < ? AND s.ends_at > ?`, in.LecturerID, in.ID, end, start)
			if err != nil {
				return err
			}
			if len(other) > 0 {
				o := other[0]
				return httpx.Fail("training.lecturer_busy", name, o.ClassName, title(o), span(o.StartsAt, o.EndsAt))
			}
		}
		if in.Room != "" {
			other, err := s.sessions(ctx, tx, `LOWER(s.room) = LOWER(?) AND s.id <> ? AND s.starts_at < ? AND s.ends_at > ?`, in.Room, in.ID, end, start)
			if err != nil {
				return err
			}
			if len(other) > 0 {
				o := other[0]
				return httpx.Fail("training.room_busy", in.Room, o.ClassName, title(o), span(o.StartsAt, o.EndsAt))
			}
		}
		now := s.now().UTC()
		if in.ID == 0 {
			if out.ID, err = tx.Insert(ctx, `INSERT INTO training_session (class_id, title, course_id, lecturer_id, starts_at, ends_at, room, link, lat, lng,
				radius_m, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.ClassID, in.Title, course, lecturer, start, end,
				in.Room, in.Link, in.Lat, in.Lng, in.RadiusM, now, now); err != nil {
				return err
			}
		} else if _, err := tx.Exec(ctx, `UPDATE training_session SET title = ?, course_id = ?, lecturer_id = ?, starts_at = ?, ends_at = ?, room = ?, link = ?,
			lat = ?, lng = ?, radius_m = ?, updated_at = ? WHERE id = ?`, in.Title, course, lecturer, start, end, in.Room, in.Link, in.Lat, in.Lng,
			in.RadiusM, now, in.ID); err != nil {
			return err
		}
		if out.Warnings, err = s.traineeOverlaps(ctx, tx, in.ClassID, out.ID, start, end, langOf(ctx)); err != nil {
			return err
		}
		action := audit.Create
		if in.ID != 0 {
			action = audit.Update
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: action, TargetID: out.ID, Target: c.Name + " / " + in.Title + " " + span(start, end), After: in})
	})
	if err != nil {
		return SessionSaved{}, fmt.Errorf("training: save session %d of class %d: %w", in.ID, in.ClassID, err)
	}
	return out, nil
}

// traineeOverlaps are the warnings about the enrolled trainees of class classID who are enrolled in another class
// with a session overlapping [start, end): up to five named, the rest counted.
func (s *Service) traineeOverlaps(ctx context.Context, q db.Querier, classID, sessionID int64, start, end time.Time, lang string) ([]string, error) {
	out := []string{}
	more := 0
	err := db.EachRow(ctx, q, `SELECT u.user_name, oc.name, os.title, COALESCE(co.name, ''), os.starts_at, os.ends_at
		FROM training_enrolment me JOIN sys_user u ON u.id = me.user_id
		JOIN training_enrolment oe ON oe.user_id = me.user_id AND oe.class_id <> me.class_id AND oe.state = 'enrolled'
		JOIN training_class oc ON oc.id = oe.class_id
		JOIN training_session os ON os.class_id = oc.id AND os.starts_at < ? AND os.ends_at > ? AND os.id <> ?
		LEFT JOIN course co ON co.id = os.course_id
		WHERE me.class_id = ? AND me.state = 'enrolled' ORDER BY u.user_name, os.starts_at`, []any{end, start, sessionID, classID}, func(r db.Row) error {
		var name, class, t, course string
		var a, b time.Time
		if err := r.Scan(&name, &class, &t, &course, &a, &b); err != nil {
			return err
		}
		if t == "" {
			t = course
		}
		if len(out) < 5 {
			out = append(out, httpx.Translate(lang, "training.trainee_overlap", name, class, t, span(a, b)))
		} else {
			more++
		}
		return nil
	})
	if more > 0 {
		out = append(out, httpx.Translate(lang, "training.trainees_overlap", more))
	}
	return out, err
}

// myOverlaps are the warnings of an enrolment: the class's sessions that overlap the caller's other classes' ones.
func (s *Service) myOverlaps(ctx context.Context, q db.Querier, userID, classID int64, lang string) ([]string, error) {
	out := []string{}
	err := db.EachRow(ctx, q, `SELECT s.title, COALESCE(sc.name, ''), s.starts_at, s.ends_at, oc.name, os.title, COALESCE(oco.name, '')
		FROM training_session s LEFT JOIN course sc ON sc.id = s.course_id
		JOIN training_enrolment oe ON oe.user_id = ? AND oe.class_id <> s.class_id AND oe.state = 'enrolled'
		JOIN training_class oc ON oc.id = oe.class_id
		JOIN training_session os ON os.class_id = oc.id AND os.starts_at < s.ends_at AND os.ends_at > s.starts_at
		LEFT JOIN course oco ON oco.id = os.course_id
		WHERE s.class_id = ? ORDER BY s.starts_at LIMIT 5`, []any{userID, classID}, func(r db.Row) error {
		var t, tc, oc, ot, otc string
		var a, b time.Time
		if err := r.Scan(&t, &tc, &a, &b, &oc, &ot, &otc); err != nil {
			return err
		}
		if t == "" {
			t = tc
		}
		if ot == "" {
			ot = otc
		}
		out = append(out, httpx.Translate(lang, "training.my_overlap", t, span(a, b), ot, oc))
		return nil
	})
	return out, err
}

// DeleteSession removes a session without sign-ins.
func (s *Service) DeleteSession(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockSchedule, "all"); err != nil {
			return err
		}
		x, err := s.session(ctx, tx, id)
		if err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, x.ClassID)
		if err != nil {
			return err
		}
		if c.State == StateClosed || c.State == StateArchived {
			return httpx.Fail("training.session_class_state")
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM training_signin WHERE session_id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("training.session_signed")
		}
		if _, err := tx.Exec(ctx, `DELETE FROM training_session WHERE id = ?`, id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: audit.Delete, TargetID: id, Target: x.ClassName + " / " + title(x) + " " + span(x.StartsAt, x.EndsAt)})
	})
	if err != nil {
		return fmt.Errorf("training: delete session %d: %w", id, err)
	}
	return nil
}

// MySchedule is the caller's sessions between from and to (dates of the company's zone, to included) of the
// classes they hold a seat in, with their sign-in.
func (s *Service) MySchedule(ctx context.Context, userID int64, from, to string) ([]Session, error) {
	a, err := time.ParseInLocation(day, from, time.Local)
	if err != nil {
		return nil, httpx.Fail("training.date_bad", httpx.Msg("training.f.startDate"))
	}
	b, err := time.ParseInLocation(day, to, time.Local)
	if err != nil {
		return nil, httpx.Fail("training.date_bad", httpx.Msg("training.f.endDate"))
	}
	if b.Before(a) || b.Sub(a) > 62*24*time.Hour {
		return nil, httpx.Fail("training.period_bad")
	}
	list, err := s.sessions(ctx, s.db, `s.starts_at >= ? AND s.starts_at < ? AND EXISTS (SELECT 1 FROM training_enrolment e WHERE e.class_id = s.class_id
		AND e.user_id = ? AND e.state = 'enrolled') AND c.state IN ('enrolling', 'running', 'closed')`, a.UTC(), b.AddDate(0, 0, 1).UTC(), userID)
	if err != nil {
		return nil, err
	}
	if err := s.fillMine(ctx, userID, list); err != nil {
		return nil, err
	}
	return list, nil
}

// fillMine sets each session's MyState: the caller's sign-in, absent once the window has closed without one.
func (s *Service) fillMine(ctx context.Context, userID int64, list []Session) error {
	_, after := s.window()
	now := s.now()
	for i := range list {
		var st string
		err := s.db.QueryRow(ctx, `SELECT state FROM training_signin WHERE session_id = ? AND user_id = ?`, list[i].ID, userID).Scan(&st)
		switch {
		case db.IsNoRows(err):
			st = SignNone
			if now.After(list[i].StartsAt.Add(after)) {
				st = SignAbsent
			}
		case err != nil:
			return err
		}
		list[i].MyState = st
	}
	return nil
}

// window is the sign-in window around a session's start (system parameters).
func (s *Service) window() (before, after time.Duration) {
	if s.params == nil {
		return 15 * time.Minute, 30 * time.Minute
	}
	return s.params.SignInWindow()
}

// Remind writes a message to-do to each trainee holding a seat for every session that starts tomorrow (the
// company's day), once per session and trainee; it answers how many were written.
func (s *Service) Remind(ctx context.Context) (int, error) {
	now := s.now().In(time.Local)
	from := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.Local)
	list, err := s.sessions(ctx, s.db, `s.starts_at >= ? AND s.starts_at < ? AND c.state IN ('enrolling', 'running')`, from.UTC(), from.AddDate(0, 0, 1).UTC())
	if err != nil {
		return 0, fmt.Errorf("training: reminders: %w", err)
	}
	n := 0
	for _, x := range list {
		users, err := db.IDs(ctx, s.db, `SELECT user_id FROM training_enrolment WHERE class_id = ? AND state = 'enrolled' ORDER BY user_id`, x.ClassID)
		if err != nil {
			return n, fmt.Errorf("training: reminders of session %d: %w", x.ID, err)
		}
		place := x.Room
		if place == "" {
			place = x.Link
		}
		if place == "" {
			place = "—"
		}
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			if s.notify == nil {
				return nil
			}
			c, err := s.notify.Notify(ctx, tx, users, Notice{Code: fmt.Sprintf("training:session:%d", x.ID),
				Title:   httpx.Translate(httpx.LangZH, "training.remind.title", x.ClassName),
				Content: httpx.Translate(httpx.LangZH, "training.remind.content", x.ClassName, title(x), x.StartsAt.In(time.Local).Format("2006-01-02 15:04"), place),
				Path:    "/gatewayTraining", RefID: x.ClassID})
			n += c
			return err
		})
		if err != nil {
			return n, fmt.Errorf("training: reminders of session %d: %w", x.ID, err)
		}
	}
	return n, nil
}

// distance is the great-circle distance in metres.
func distance(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371000.0
	rad := math.Pi / 180
	dlat, dlng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dlng/2)*math.Sin(dlng/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

type langKey struct{}

// WithLang carries the caller's language to the warnings the service writes.
func WithLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, langKey{}, lang)
}

func langOf(ctx context.Context) string {
	if l, ok := ctx.Value(langKey{}).(string); ok {
		return l
	}
	return httpx.LangZH
}
