package training

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"net/http"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Stars is the scale of an evaluation (the rating widget's five texts, docs/decisions/0019-training.md).
const (
	StarsMax   = 5
	CommentMax = 500
)

// EvaluateIn is a trainee's evaluation of a session (sessionId) or of a class as a whole (sessionId 0).
type EvaluateIn struct {
	H5Token       string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	ClassID       int64  `param:"classId,required"`
	SessionID     int64  `param:"sessionId" doc:"0: the class as a whole"`
	CourseStars   int    `param:"courseStars,required" doc:"1-5"`
	LecturerStars int    `param:"lecturerStars" doc:"1-5; required when the session has a lecturer"`
	Comment       string `param:"comment"`
}

// EvalTodo is an ended session or class of the caller, to evaluate or evaluated.
type EvalTodo struct {
	ClassID      int64     `json:"classId"`
	ClassName    string    `json:"className"`
	SessionID    int64     `json:"sessionId" doc:"0: the class as a whole"`
	Title        string    `json:"title"`
	LecturerName string    `json:"lecturerName"`
	HasLecturer  bool      `json:"hasLecturer"`
	EndedAt      time.Time `json:"endedAt"`
	Done         bool      `json:"done"`
}

// EvalSummary is the aggregate of evaluations: counts, averages and the distribution (counts per star, 1 to 5).
type EvalSummary struct {
	Count           int     `json:"count"`
	CourseAverage   float64 `json:"courseAverage"`
	CourseDist      []int   `json:"courseDist" doc:"counts of 1 to 5 stars"`
	LecturerCount   int     `json:"lecturerCount"`
	LecturerAverage float64 `json:"lecturerAverage"`
	LecturerDist    []int   `json:"lecturerDist" doc:"counts of 1 to 5 stars"`
}

func newSummary() EvalSummary {
	return EvalSummary{CourseDist: make([]int, StarsMax), LecturerDist: make([]int, StarsMax)}
}

func (x *EvalSummary) add(course, lecturer int) {
	if course >= 1 && course <= StarsMax {
		x.CourseAverage = (x.CourseAverage*float64(x.Count) + float64(course)) / float64(x.Count+1)
		x.Count++
		x.CourseDist[course-1]++
	}
	if lecturer >= 1 && lecturer <= StarsMax {
		x.LecturerAverage = (x.LecturerAverage*float64(x.LecturerCount) + float64(lecturer)) / float64(x.LecturerCount+1)
		x.LecturerCount++
		x.LecturerDist[lecturer-1]++
	}
}

func (x *EvalSummary) round() {
	x.CourseAverage = math.Round(x.CourseAverage*100) / 100
	x.LecturerAverage = math.Round(x.LecturerAverage*100) / 100
}

// EvalGroup is the summary of one session, lecturer or course.
type EvalGroup struct {
	ID      int64       `json:"id"`
	Name    string      `json:"name"`
	Summary EvalSummary `json:"summary"`
}

// EvalComment is one evaluation without its author: evaluations are anonymous.
type EvalComment struct {
	Target        string    `json:"target" doc:"the session's title, or the class's name for the class as a whole"`
	LecturerName  string    `json:"lecturerName"`
	CourseStars   int       `json:"courseStars"`
	LecturerStars int       `json:"lecturerStars"`
	Comment       string    `json:"comment"`
	CreatedAt     time.Time `json:"createdAt"`
}

// EvalResults are a class's or a lecturer's evaluation results: the whole, per session, lecturer and course, and
// the evaluations one by one without names.
type EvalResults struct {
	Summary   EvalSummary   `json:"summary"`
	Sessions  []EvalGroup   `json:"sessions"`
	Lecturers []EvalGroup   `json:"lecturers"`
	Courses   []EvalGroup   `json:"courses"`
	Comments  []EvalComment `json:"comments"`
}

// evalRow is one evaluation as read for the results (no author).
type evalRow struct {
	sessionID, lecturerID, courseID int64
	target, lecturer, course        string
	courseStars, lecturerStars      int
	comment                         string
	at                              time.Time
}

// Evaluate records the caller's evaluation of an ended session or class: the caller holds a seat in the class, the
// session (or the class: closed, or every session ended) has ended, the stars are 1 to 5 (the lecturer's when the
// session has a lecturer), and it is the caller's first of that target. Nothing is saved on a refusal.
func (s *Service) Evaluate(ctx context.Context, in EvaluateIn) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if err := staff(p); err != nil {
		return err
	}
	if in.CourseStars < 1 || in.CourseStars > StarsMax {
		return httpx.Fail("training.eval_stars", httpx.Msg("training.f.courseStars"))
	}
	comment, err := text(in.Comment, "training.f.comment", CommentMax, false)
	if err != nil {
		return err
	}
	now := s.now().UTC()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := s.classFor(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		var st string
		err = tx.QueryRow(ctx, `SELECT state FROM training_enrolment WHERE class_id = ? AND user_id = ?`, c.ID, p.UserID).Scan(&st)
		if db.IsNoRows(err) || (err == nil && st != EnrolEnrolled) {
			return httpx.Fail("training.eval_not_enrolled", c.Name)
		} else if err != nil {
			return err
		}
		var lecturer, course any
		target := c.Name
		if in.SessionID != 0 {
			x, err := s.session(ctx, tx, in.SessionID)
			if err != nil {
				return err
			}
			if x.ClassID != c.ID {
				return httpx.Fail("training.session_not_found")
			}
			target = title(x)
			if now.Before(x.EndsAt) {
				return httpx.Fail("training.eval_not_ended", target)
			}
			if x.LecturerID != 0 {
				lecturer = x.LecturerID
				if in.LecturerStars < 1 || in.LecturerStars > StarsMax {
					return httpx.Fail("training.eval_stars", httpx.Msg("training.f.lecturerStars"))
				}
			} else {
				in.LecturerStars = 0
			}
			if x.CourseID != 0 {
				course = x.CourseID
			}
		} else {
			ended, err := s.classEnded(ctx, tx, c.ID, c.State, now)
			if err != nil {
				return err
			}
			if !ended {
				return httpx.Fail("training.eval_not_ended", target)
			}
			if in.LecturerStars < 0 || in.LecturerStars > StarsMax {
				return httpx.Fail("training.eval_stars", httpx.Msg("training.f.lecturerStars"))
			}
		}
		var at time.Time
		err = tx.QueryRow(ctx, `SELECT created_at FROM training_evaluation WHERE class_id = ? AND session_id = ? AND user_id = ?`,
			c.ID, in.SessionID, p.UserID).Scan(&at)
		if err == nil {
			return httpx.Fail("training.eval_twice", target, at.In(time.Local).Format("2006-01-02 15:04"))
		} else if !db.IsNoRows(err) {
			return err
		}
		_, err = tx.Insert(ctx, `INSERT INTO training_evaluation (class_id, session_id, user_id, lecturer_id, course_id, course_stars, lecturer_stars,
			comment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.ID, in.SessionID, p.UserID, lecturer, course, in.CourseStars,
			in.LecturerStars, comment, now)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("training.eval_twice", target, now.In(time.Local).Format("2006-01-02 15:04"))
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("training: evaluate class %d session %d: %w", in.ClassID, in.SessionID, err)
	}
	return nil
}

// classEnded: a class has ended when it is closed or archived, or when it has sessions and every one has ended.
func (s *Service) classEnded(ctx context.Context, q db.Querier, classID int64, state string, now time.Time) (bool, error) {
	if state == StateClosed || state == StateArchived {
		return true, nil
	}
	var n, open int
	err := q.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN ends_at > ? THEN 1 ELSE 0 END), 0) FROM training_session WHERE class_id = ?`,
		now, classID).Scan(&n, &open)
	return n > 0 && open == 0, err
}

// MyEvaluations are the caller's ended sessions and classes (those holding a seat), newest first, each with whether
// the caller has evaluated it.
func (s *Service) MyEvaluations(ctx context.Context, userID int64) ([]EvalTodo, error) {
	now := s.now().UTC()
	out := []EvalTodo{}
	done := map[[2]int64]bool{}
	if err := db.EachRow(ctx, s.db, `SELECT class_id, session_id FROM training_evaluation WHERE user_id = ?`, []any{userID}, func(r db.Row) error {
		var k [2]int64
		if err := r.Scan(&k[0], &k[1]); err != nil {
			return err
		}
		done[k] = true
		return nil
	}); err != nil {
		return nil, fmt.Errorf("training: my evaluations: %w", err)
	}
	type cl struct {
		name, state string
		last        time.Time
		n, open     int
	}
	classes := map[int64]*cl{}
	order := []int64{}
	err := db.EachRow(ctx, s.db, `SELECT s.class_id, c.name, c.state, s.id, s.title, COALESCE(l.name, ''), s.starts_at, s.ends_at
		FROM training_enrolment e JOIN training_class c ON c.id = e.class_id JOIN training_session s ON s.class_id = c.id
		LEFT JOIN training_lecturer l ON l.id = s.lecturer_id
		WHERE e.user_id = ? AND e.state = 'enrolled' ORDER BY s.ends_at DESC, s.id DESC`, []any{userID}, func(r db.Row) error {
		var t EvalTodo
		var state string
		var starts time.Time
		if err := r.Scan(&t.ClassID, &t.ClassName, &state, &t.SessionID, &t.Title, &t.LecturerName, &starts, &t.EndedAt); err != nil {
			return err
		}
		c := classes[t.ClassID]
		if c == nil {
			c = &cl{name: t.ClassName, state: state}
			classes[t.ClassID] = c
			order = append(order, t.ClassID)
		}
		c.n++
		if t.EndedAt.After(c.last) {
			c.last = t.EndedAt
		}
		if t.EndedAt.After(now) {
			c.open++
			return nil
		}
		if t.Title == "" {
			t.Title = starts.In(time.Local).Format("2006-01-02 15:04")
		}
		t.HasLecturer = t.LecturerName != ""
		t.Done = done[[2]int64{t.ClassID, t.SessionID}]
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("training: my evaluations: %w", err)
	}
	for _, id := range order {
		c := classes[id]
		if c.open > 0 && c.state != StateClosed && c.state != StateArchived {
			continue
		}
		out = append(out, EvalTodo{ClassID: id, ClassName: c.name, Title: c.name, EndedAt: c.last, HasLecturer: true, Done: done[[2]int64{id, 0}]})
	}
	return out, nil
}

func (s *Service) evalRows(ctx context.Context, where string, args ...any) ([]evalRow, error) {
	rows := []evalRow{}
	err := db.EachRow(ctx, s.db, `SELECT v.session_id, COALESCE(v.lecturer_id, 0), COALESCE(v.course_id, 0), COALESCE(s.title, ''), c.name,
		COALESCE(l.name, ''), COALESCE(co.name, ''), v.course_stars, v.lecturer_stars, v.comment, v.created_at, s.starts_at
		FROM training_evaluation v JOIN training_class c ON c.id = v.class_id LEFT JOIN training_session s ON s.id = v.session_id
		LEFT JOIN training_lecturer l ON l.id = v.lecturer_id LEFT JOIN course co ON co.id = v.course_id
		WHERE `+where+` ORDER BY v.created_at DESC, v.id DESC`, args, func(r db.Row) error {
		var e evalRow
		var className string
		var starts sql.NullTime
		if err := r.Scan(&e.sessionID, &e.lecturerID, &e.courseID, &e.target, &className, &e.lecturer, &e.course, &e.courseStars, &e.lecturerStars,
			&e.comment, &e.at, &starts); err != nil {
			return err
		}
		switch {
		case e.sessionID == 0:
			e.target = className
		case e.target == "" && starts.Valid:
			e.target = starts.Time.In(time.Local).Format("2006-01-02 15:04")
		}
		rows = append(rows, e)
		return nil
	})
	return rows, err
}

func results(rows []evalRow) EvalResults {
	out := EvalResults{Summary: newSummary(), Sessions: []EvalGroup{}, Lecturers: []EvalGroup{}, Courses: []EvalGroup{}, Comments: []EvalComment{}}
	group := func(list *[]EvalGroup, at map[int64]int, id int64, name string) *EvalSummary {
		i, ok := at[id]
		if !ok {
			i = len(*list)
			at[id] = i
			*list = append(*list, EvalGroup{ID: id, Name: name, Summary: newSummary()})
		}
		return &(*list)[i].Summary
	}
	sAt, lAt, cAt := map[int64]int{}, map[int64]int{}, map[int64]int{}
	for _, e := range rows {
		out.Summary.add(e.courseStars, e.lecturerStars)
		if e.sessionID != 0 {
			group(&out.Sessions, sAt, e.sessionID, e.target).add(e.courseStars, e.lecturerStars)
		}
		if e.lecturerID != 0 {
			group(&out.Lecturers, lAt, e.lecturerID, e.lecturer).add(0, e.lecturerStars)
		}
		if e.courseID != 0 {
			group(&out.Courses, cAt, e.courseID, e.course).add(e.courseStars, 0)
		}
		out.Comments = append(out.Comments, EvalComment{Target: e.target, LecturerName: e.lecturer, CourseStars: e.courseStars,
			LecturerStars: e.lecturerStars, Comment: e.comment, CreatedAt: e.at})
	}
	out.Summary.round()
	for _, l := range [][]EvalGroup{out.Sessions, out.Lecturers, out.Courses} {
		for i := range l {
			l[i].Summary.round()
		}
	}
	return out
}

// ClassEvaluations are a class's evaluation results, without the names of who evaluated.
func (s *Service) ClassEvaluations(ctx context.Context, classID int64) (EvalResults, error) {
	if _, err := s.classFor(ctx, s.db, classID); err != nil {
		return EvalResults{}, fmt.Errorf("training: evaluations of class %d: %w", classID, err)
	}
	rows, err := s.evalRows(ctx, "v.class_id = ?", classID)
	if err != nil {
		return EvalResults{}, fmt.Errorf("training: evaluations of class %d: %w", classID, err)
	}
	return results(rows), nil
}

// LecturerEvaluations are a lecturer's evaluation results over every class (the sessions they gave), without names.
func (s *Service) LecturerEvaluations(ctx context.Context, lecturerID int64) (EvalResults, error) {
	rows, err := s.evalRows(ctx, "v.lecturer_id = ?", lecturerID)
	if err != nil {
		return EvalResults{}, fmt.Errorf("training: evaluations of lecturer %d: %w", lecturerID, err)
	}
	return results(rows), nil
}

// completeRatings fills the lecturers' average evaluation (their stars over the sessions they gave).
func (s *Service) completeRatings(ctx context.Context, recs []Lecturer) error {
	if len(recs) == 0 {
		return nil
	}
	ids := make([]any, len(recs))
	at := map[int64]int{}
	for i, l := range recs {
		ids[i], at[l.ID] = l.ID, i
	}
	return db.EachRow(ctx, s.db, `SELECT lecturer_id, COUNT(*), SUM(lecturer_stars) FROM training_evaluation
		WHERE lecturer_stars > 0 AND lecturer_id IN (`+db.Placeholders(len(ids))+`) GROUP BY lecturer_id`, ids, func(r db.Row) error {
		var lid int64
		var n, sum int
		if err := r.Scan(&lid, &n, &sum); err != nil {
			return err
		}
		l := &recs[at[lid]]
		l.Ratings, l.Rating = n, math.Round(float64(sum)/float64(n)*100)/100
		return nil
	})
}

/* ---------- calls ---------- */

// LecturerIDIn names a lecturer.
type LecturerIDIn struct {
	LecturerID int64 `param:"lecturerId,required"`
}

// EvalClass is GET /api/training/evaluation/class.
func (h *Handlers) EvalClass(r *http.Request, in ClassIDIn) (EvalResults, error) {
	return h.svc.ClassEvaluations(r.Context(), in.ClassID)
}

// EvalLecturer is GET /api/training/evaluation/lecturer.
func (h *Handlers) EvalLecturer(r *http.Request, in LecturerIDIn) (EvalResults, error) {
	return h.svc.LecturerEvaluations(r.Context(), in.LecturerID)
}

// EvalExport is GET /api/training/evaluation/export: Export 'evaluation', without names.
func (h *Handlers) EvalExport(w http.ResponseWriter, r *http.Request, in ClassIDIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	if _, err := h.svc.classFor(r.Context(), h.svc.db, in.ClassID); err != nil {
		return err
	}
	rows, err := h.svc.evalRows(r.Context(), "v.class_id = ?", in.ClassID)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.target"), tr(l, "training.col.course"), tr(l, "training.col.lecturer"), tr(l, "training.col.courseStars"),
		tr(l, "training.col.lecturerStars"), tr(l, "training.col.comment"), tr(l, "training.col.evaluatedAt")}
	return export.Stream(w, format, tr(l, "training.file.evaluation"), header, func(x export.Writer) error {
		for _, e := range rows {
			ls := any("")
			if e.lecturerStars > 0 {
				ls = e.lecturerStars
			}
			if err := x.Row(e.target, e.course, e.lecturer, e.courseStars, ls, e.comment, e.at.In(time.Local).Format("2006-01-02 15:04")); err != nil {
				return err
			}
		}
		return nil
	})
}

// PortalEvaluations is GET /api/portal/training/evaluations.
func (h *Handlers) PortalEvaluations(r *http.Request, _ TokenIn) ([]EvalTodo, error) {
	p, err := web(r)
	if err != nil {
		return nil, err
	}
	return h.svc.MyEvaluations(r.Context(), p.UserID)
}

// PortalEvaluate is POST /api/portal/training/evaluate.
func (h *Handlers) PortalEvaluate(r *http.Request, in EvaluateIn) (route.None, error) {
	if _, err := web(r); err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Evaluate(lang(r), in)
}

// H5Evaluations is GET /api/biapp/training/evaluations.
func (h *Handlers) H5Evaluations(r *http.Request, in TokenIn) ([]EvalTodo, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return nil, err
	}
	return h.svc.MyEvaluations(ctx, p.UserID)
}

// H5Evaluate is POST /api/biapp/training/evaluate.
func (h *Handlers) H5Evaluate(r *http.Request, in EvaluateIn) (route.None, error) {
	_, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Evaluate(ctx, in)
}
