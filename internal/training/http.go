package training

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Handlers serve the training calls.
type Handlers struct {
	svc       *Service
	lecturers *list.Table[Lecturer]
	classes   *list.Table[Class]
	// verifyLimit throttles the public verification of certificates (certificate_http.go)
	verifyLimit limiter
}

// NewHandlers builds the handlers of s.
func NewHandlers(s *Service) *Handlers {
	return &Handlers{svc: s, lecturers: lecturerTable(s), classes: classTable(s)}
}

func lang(r *http.Request) context.Context { return WithLang(r.Context(), httpx.Lang(r)) }

func tr(lang, key string) string { return httpx.Translate(lang, key) }

/* ---------- lecturers ---------- */

var lecturerSpec = &list.Spec{
	Select: `l.id, l.name, l.kind, l.employee_code, COALESCE(` + org.LabelSQL("un") + `, ''), l.organisation, l.contact, l.title, l.level,
		l.specialities, l.remark, l.updated_at`,
	From: `training_lecturer l LEFT JOIN employee e ON e.code = l.employee_code AND l.employee_code <> '' LEFT JOIN org_unit un ON un.full_unit_code = e.unit_code`,
	Filters: []list.Filter{
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"l.name", "l.organisation", "l.specialities", "l.title"}},
		{Param: "kind", Column: "l.kind", Kind: list.Exact, Map: list.OneOf("kind", map[string]any{KindInternal: KindInternal, KindExternal: KindExternal})},
	},
	Sorts:       map[string]string{"name": "l.name", "updatedAt": "l.updated_at"},
	DefaultSort: "l.name ASC",
	TieBreak:    "l.id {dir}",
}

func scanLecturer(r interface{ Scan(...any) error }) (Lecturer, error) {
	var l Lecturer
	err := r.Scan(&l.ID, &l.Name, &l.Kind, &l.EmployeeCode, &l.UnitLabel, &l.Organisation, &l.Contact, &l.Title, &l.Level, &l.Specialities,
		&l.Remark, &l.UpdatedAt)
	l.Courses = []CourseRef{}
	return l, err
}

func lecturerTable(s *Service) *list.Table[Lecturer] {
	return &list.Table[Lecturer]{DB: s.db, Spec: lecturerSpec, File: "training.file.lecturers", Scan: scanLecturer,
		Complete: s.completeLecturers,
		Columns: []list.Column[Lecturer]{
			{Title: "training.col.name", Value: func(l Lecturer, _ string) any { return l.Name }},
			{Title: "training.col.kind", Value: func(l Lecturer, lang string) any { return tr(lang, "training.kind."+l.Kind) }},
			{Title: "training.col.employee", Value: func(l Lecturer, _ string) any { return l.EmployeeCode }},
			{Title: "training.col.unit", Value: func(l Lecturer, _ string) any { return l.UnitLabel }},
			{Title: "training.col.org", Value: func(l Lecturer, _ string) any { return l.Organisation }},
			{Title: "training.col.contact", Value: func(l Lecturer, _ string) any { return l.Contact }},
			{Title: "training.col.title", Value: func(l Lecturer, _ string) any { return l.Title }},
			{Title: "training.col.level", Value: func(l Lecturer, _ string) any { return l.Level }},
			{Title: "training.col.special", Value: func(l Lecturer, _ string) any { return l.Specialities }},
			{Title: "training.col.courses", Value: func(l Lecturer, _ string) any {
				names := make([]string, len(l.Courses))
				for i, c := range l.Courses {
					names[i] = c.Name
				}
				return strings.Join(names, "、")
			}},
			{Title: "training.col.hours", Value: func(l Lecturer, _ string) any { return l.Hours }},
			{Title: "training.col.rating", Value: func(l Lecturer, _ string) any { return l.Rating }},
		}}
}

// completeLecturers fills the courses each lecturer teaches and the hours of their sessions that have ended.
func (s *Service) completeLecturers(ctx context.Context, recs []Lecturer) error {
	if len(recs) == 0 {
		return nil
	}
	ids := make([]any, len(recs))
	at := map[int64]int{}
	for i, l := range recs {
		ids[i], at[l.ID] = l.ID, i
	}
	in := `(` + db.Placeholders(len(ids)) + `)`
	if err := db.EachRow(ctx, s.db, `SELECT lecturer_id, id, name FROM course WHERE lecturer_id IN `+in+` ORDER BY name`, ids, func(r db.Row) error {
		var lid int64
		var c CourseRef
		if err := r.Scan(&lid, &c.ID, &c.Name); err != nil {
			return err
		}
		recs[at[lid]].Courses = append(recs[at[lid]].Courses, c)
		return nil
	}); err != nil {
		return err
	}
	if err := s.completeRatings(ctx, recs); err != nil {
		return err
	}
	now := s.now().UTC()
	return db.EachRow(ctx, s.db, `SELECT lecturer_id, starts_at, ends_at FROM training_session WHERE lecturer_id IN `+in+` AND ends_at <= ?`,
		append(ids, now), func(r db.Row) error {
			var lid int64
			var a, b time.Time
			if err := r.Scan(&lid, &a, &b); err != nil {
				return err
			}
			l := &recs[at[lid]]
			l.Sessions++
			l.Hours = float64(int((l.Hours+b.Sub(a).Hours())*10+0.5)) / 10
			return nil
		})
}

// LecturerList is GET /api/training/lecturer/list.
func (h *Handlers) LecturerList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.lecturers.List(w, r)
}

// LecturerExport is GET /api/training/lecturer/export.
func (h *Handlers) LecturerExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.lecturers.Export(w, r)
}

// LecturerOne is GET /api/training/lecturer/one.
func (h *Handlers) LecturerOne(r *http.Request, in httpx.IDIn) (Lecturer, error) {
	l, err := h.lecturers.One(r.Context(), "l.id = ?", in.ID)
	if db.IsNoRows(err) {
		return l, httpx.Fail("training.lecturer_not_found")
	} else if err != nil {
		return l, err
	}
	recs := []Lecturer{l}
	err = h.svc.completeLecturers(r.Context(), recs)
	return recs[0], err
}

// LecturerSave is POST /api/training/lecturer/add and PUT /api/training/lecturer/edit.
func (h *Handlers) LecturerSave(r *http.Request, in LecturerIn) (httpx.Created, error) {
	id, err := h.svc.SaveLecturer(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// LecturerDel is DELETE /api/training/lecturer/del.
func (h *Handlers) LecturerDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteLecturer(r.Context(), in.ID)
}

// LecturerOptions is GET /api/training/lecturer/options.
func (h *Handlers) LecturerOptions(r *http.Request, _ route.None) ([]Option, error) {
	return h.svc.LecturerOptions(r.Context())
}

/* ---------- plans ---------- */

// PlansIn narrows the plans: a year, a unit (its sub-units too), words of the title or remark.
type PlansIn struct {
	Year     int    `param:"year" doc:"0: every year"`
	UnitCode string `param:"unitCode" doc:"the unit and its sub-units"`
	Keyword  string `param:"keyword" max:"100"`
	Format   string `param:"format" enum:"xlsx,csv" doc:"export only"`
}

// plans are the plans of in's filters with their progress, newest year first, then by unit.
func (s *Service) plans(ctx context.Context, in PlansIn) ([]Plan, error) {
	out := []Plan{}
	where, args := []string{"1 = 1"}, []any{s.now().UTC()}
	if in.Year != 0 {
		where, args = append(where, "p.plan_year = ?"), append(args, in.Year)
	}
	if in.UnitCode != "" {
		where, args = append(where, list.PrefixSQL("p.unit_code")), append(args, list.PrefixArg(in.UnitCode))
	}
	if k := strings.TrimSpace(in.Keyword); k != "" {
		where, args = append(where, "(p.title LIKE ? OR p.remark LIKE ?)"), append(args, "%"+k+"%", "%"+k+"%")
	}
	minutes := `CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER)`
	if s.db.Dialect == db.Postgres {
		minutes = `CAST(EXTRACT(EPOCH FROM (x.ends_at - x.starts_at)) / 60 AS BIGINT)`
	}
	err := db.EachRow(ctx, s.db, `SELECT p.id, p.plan_year, p.unit_code, COALESCE(`+org.LabelSQL("un")+`, p.unit_code), p.title, p.remark,
		p.planned_classes, p.planned_hours,
		(SELECT COUNT(*) FROM training_class c WHERE c.plan_id = p.id),
		(SELECT COUNT(*) FROM training_class c WHERE c.plan_id = p.id AND c.state IN ('running', 'closed', 'archived')),
		(SELECT COALESCE(SUM(`+minutes+`), 0) FROM training_class c JOIN training_session x ON x.class_id = c.id WHERE c.plan_id = p.id AND x.ends_at <= ?)
		FROM training_plan p LEFT JOIN org_unit un ON un.full_unit_code = p.unit_code
		WHERE `+strings.Join(where, " AND ")+` ORDER BY p.plan_year DESC, p.unit_code, p.id`, args, func(row db.Row) error {
		var p Plan
		var minutes int64
		if err := row.Scan(&p.ID, &p.Year, &p.UnitCode, &p.UnitLabel, &p.Title, &p.Remark, &p.PlannedClasses, &p.PlannedHours, &p.Classes,
			&p.ClassesHeld, &minutes); err != nil {
			return err
		}
		p.HoursHeld = float64((minutes*10+30)/60) / 10
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("training: plans: %w", err)
	}
	return out, nil
}

// Plans is GET /api/training/plan/list.
func (h *Handlers) Plans(r *http.Request, in PlansIn) ([]Plan, error) {
	return h.svc.plans(r.Context(), in)
}

// PlanExport is GET /api/training/plan/export.
func (h *Handlers) PlanExport(w http.ResponseWriter, r *http.Request, in PlansIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	items, err := h.svc.plans(r.Context(), in)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.year"), tr(l, "training.col.unit"), tr(l, "training.col.plan"), tr(l, "training.col.plannedClasses"),
		tr(l, "training.col.classes"), tr(l, "training.col.classesHeld"), tr(l, "training.col.plannedHours"), tr(l, "training.col.hoursHeld"),
		tr(l, "training.col.remark")}
	return export.Stream(w, format, tr(l, "training.file.plans"), header, func(x export.Writer) error {
		for _, p := range items {
			if err := x.Row(p.Year, p.UnitLabel, p.Title, p.PlannedClasses, p.Classes, p.ClassesHeld, p.PlannedHours, p.HoursHeld, p.Remark); err != nil {
				return err
			}
		}
		return nil
	})
}

// PlanSave is POST /api/training/plan/add and PUT /api/training/plan/edit.
func (h *Handlers) PlanSave(r *http.Request, in PlanIn) (httpx.Created, error) {
	id, err := h.svc.SavePlan(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// PlanDel is DELETE /api/training/plan/del.
func (h *Handlers) PlanDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeletePlan(r.Context(), in.ID)
}

/* ---------- classes ---------- */

const classSelect = `c.id, COALESCE(c.plan_id, 0), COALESCE(p.title, ''), c.name, c.unit_code, COALESCE(` + `COALESCE(NULLIF(un.unit_label, ''), un.unit_name)` + `, c.unit_code),
	c.start_date, c.end_date, c.mode, c.place, c.meeting_link, c.capacity, c.manager_id, COALESCE(m.user_name, ''), c.needs_approval, c.withdraw_until,
	c.description, c.state,
	(SELECT COUNT(*) FROM training_enrolment e WHERE e.class_id = c.id AND e.state = 'enrolled'),
	(SELECT COUNT(*) FROM training_enrolment e WHERE e.class_id = c.id AND e.state = 'waiting'),
	(SELECT COUNT(*) FROM training_enrolment e WHERE e.class_id = c.id AND e.state = 'pending'),
	(SELECT COUNT(*) FROM training_session s WHERE s.class_id = c.id), c.updated_at`

const classFrom = `training_class c LEFT JOIN training_plan p ON p.id = c.plan_id LEFT JOIN org_unit un ON un.full_unit_code = c.unit_code
	LEFT JOIN sys_user m ON m.id = c.manager_id`

var classStates = map[string]any{StateDraft: StateDraft, StateEnrolling: StateEnrolling, StateRunning: StateRunning, StateClosed: StateClosed,
	StateArchived: StateArchived}

var classSpec = &list.Spec{
	Select: classSelect,
	From:   classFrom,
	Filters: []list.Filter{
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"c.name", "c.place", "p.title"}},
		{Param: "state", Column: "c.state", Kind: list.Exact, Map: list.OneOf("state", classStates)},
		{Param: "planId", Column: "c.plan_id", Kind: list.Exact, Map: func(v string) (any, error) {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return nil, httpx.BadRequest("http.bad_field", "planId")
			}
			return n, nil
		}},
		{Param: "unitCode", Column: "c.unit_code", Kind: list.Prefix},
		{Param: "year", Column: "substr(c.start_date, 1, 4) = ?", Kind: list.Cond},
	},
	Sorts:       map[string]string{"startDate": "c.start_date", "name": "c.name", "updatedAt": "c.updated_at"},
	DefaultSort: "c.start_date DESC",
	TieBreak:    "c.id {dir}",
}

func scanClass(r interface{ Scan(...any) error }) (Class, error) {
	var c Class
	var approval int
	var until *time.Time
	err := r.Scan(&c.ID, &c.PlanID, &c.PlanTitle, &c.Name, &c.UnitCode, &c.UnitLabel, &c.StartDate, &c.EndDate, &c.Mode, &c.Place, &c.MeetingLink,
		&c.Capacity, &c.ManagerID, &c.ManagerName, &approval, &until, &c.Description, &c.State, &c.Enrolled, &c.Waiting, &c.Pending, &c.Sessions, &c.UpdatedAt)
	c.NeedsApproval = approval == 1
	if until != nil {
		u := until.UTC()
		c.WithdrawUntil = &u
	}
	return c, err
}

func classTable(s *Service) *list.Table[Class] {
	return &list.Table[Class]{DB: s.db, Spec: classSpec, File: "training.file.classes", Scan: scanClass,
		Columns: []list.Column[Class]{
			{Title: "training.col.class", Value: func(c Class, _ string) any { return c.Name }},
			{Title: "training.col.plan", Value: func(c Class, _ string) any { return c.PlanTitle }},
			{Title: "training.col.unit", Value: func(c Class, _ string) any { return c.UnitLabel }},
			{Title: "training.col.period", Value: func(c Class, _ string) any { return c.StartDate + " ~ " + c.EndDate }},
			{Title: "training.col.mode", Value: func(c Class, lang string) any { return tr(lang, "training.mode."+c.Mode) }},
			{Title: "training.col.place", Value: func(c Class, _ string) any { return strings.TrimSpace(c.Place + " " + c.MeetingLink) }},
			{Title: "training.col.capacity", Value: func(c Class, _ string) any { return c.Capacity }},
			{Title: "training.col.enrolled", Value: func(c Class, _ string) any { return c.Enrolled }},
			{Title: "training.col.waiting", Value: func(c Class, _ string) any { return c.Waiting }},
			{Title: "training.col.manager", Value: func(c Class, _ string) any { return c.ManagerName }},
			{Title: "training.col.state", Value: func(c Class, lang string) any { return tr(lang, "training.state."+c.State) }},
		}}
}

// ClassList is GET /api/training/class/list.
func (h *Handlers) ClassList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.classes.List(w, r)
}

// ClassExport is GET /api/training/class/export.
func (h *Handlers) ClassExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.classes.Export(w, r)
}

// ClassOne is GET /api/training/class/one.
func (h *Handlers) ClassOne(r *http.Request, in httpx.IDIn) (ClassDetail, error) {
	return h.svc.ClassDetail(r.Context(), h.classes, in.ID)
}

// ClassDetail reads a class with its courses, lecturers, audience and next states.
func (s *Service) ClassDetail(ctx context.Context, t *list.Table[Class], id int64) (ClassDetail, error) {
	c, err := t.One(ctx, "c.id = ?", id)
	if db.IsNoRows(err) {
		return ClassDetail{}, httpx.Fail("training.class_not_found")
	} else if err != nil {
		return ClassDetail{}, err
	}
	d := ClassDetail{Class: c, Courses: []CourseRef{}, Lecturers: []Option{}, Audience: []AudienceItem{}, Next: transitions[c.State]}
	if d.Next == nil {
		d.Next = []string{}
	}
	if d.Courses, err = s.classCourses(ctx, id); err != nil {
		return d, err
	}
	if err := db.EachRow(ctx, s.db, `SELECT l.id, l.name, l.title FROM training_class_lecturer x JOIN training_lecturer l ON l.id = x.lecturer_id
		WHERE x.class_id = ? ORDER BY l.name`, []any{id}, func(r db.Row) error {
		var o Option
		if err := r.Scan(&o.ID, &o.Name, &o.Extra); err != nil {
			return err
		}
		d.Lecturers = append(d.Lecturers, o)
		return nil
	}); err != nil {
		return d, err
	}
	err = db.EachRow(ctx, s.db, `SELECT a.kind, a.code, COALESCE(un.unit_name, e.name, a.code) FROM training_class_audience a
		LEFT JOIN org_unit un ON a.kind = 'organ' AND un.full_unit_code = a.code LEFT JOIN employee e ON a.kind = 'employee' AND e.code = a.code
		WHERE a.class_id = ? ORDER BY a.kind DESC, a.code`, []any{id}, func(r db.Row) error {
		var a AudienceItem
		if err := r.Scan(&a.Kind, &a.Code, &a.Name); err != nil {
			return err
		}
		d.Audience = append(d.Audience, a)
		return nil
	})
	return d, err
}

func (s *Service) classCourses(ctx context.Context, id int64) ([]CourseRef, error) {
	out := []CourseRef{}
	err := db.EachRow(ctx, s.db, `SELECT co.id, co.name FROM training_class_course x JOIN course co ON co.id = x.course_id WHERE x.class_id = ? ORDER BY x.sort`,
		[]any{id}, func(r db.Row) error {
			var c CourseRef
			if err := r.Scan(&c.ID, &c.Name); err != nil {
				return err
			}
			out = append(out, c)
			return nil
		})
	return out, err
}

// ClassSave is POST /api/training/class/add and PUT /api/training/class/edit.
func (h *Handlers) ClassSave(r *http.Request, in ClassIn) (httpx.Created, error) {
	id, err := h.svc.SaveClass(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// StateIn moves a class to another state.
type StateIn struct {
	ID    int64  `param:"id,required"`
	State string `param:"state,required" enum:"draft,enrolling,running,closed,archived"`
}

// ClassState is PUT /api/training/class/state.
func (h *Handlers) ClassState(r *http.Request, in StateIn) (route.None, error) {
	return route.None{}, h.svc.SetState(r.Context(), in.ID, in.State)
}

// ClassDel is DELETE /api/training/class/del.
func (h *Handlers) ClassDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteClass(r.Context(), in.ID)
}

// ClassIDIn names a class.
type ClassIDIn struct {
	ClassID int64  `param:"classId,required"`
	Format  string `param:"format" enum:"xlsx,csv"`
}

// Students are a class's enrolments: seats, wait list in order, pending, withdrawn and rejected.
func (s *Service) Students(ctx context.Context, classID int64) ([]Student, error) {
	if _, err := s.classFor(ctx, s.db, classID); err != nil {
		return nil, err
	}
	out := []Student{}
	pos := 0
	err := db.EachRow(ctx, s.db, `SELECT u.id, u.login_code, u.user_name, COALESCE(`+org.LabelSQL("un")+`, ''), e.state, e.queued_at, e.decided_at, e.reason,
		(SELECT COUNT(*) FROM training_signin g JOIN training_session x ON x.id = g.session_id WHERE x.class_id = e.class_id AND g.user_id = e.user_id
			AND g.state IN ('present', 'late'))
		FROM training_enrolment e JOIN sys_user u ON u.id = e.user_id LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code
		WHERE e.class_id = ? ORDER BY CASE e.state WHEN 'enrolled' THEN 1 WHEN 'pending' THEN 2 WHEN 'waiting' THEN 3 ELSE 4 END, e.queued_at, e.id`,
		[]any{classID}, func(r db.Row) error {
			var st Student
			var decided *time.Time
			if err := r.Scan(&st.UserID, &st.LoginCode, &st.UserName, &st.UnitLabel, &st.State, &st.QueuedAt, &decided, &st.Reason, &st.Attended); err != nil {
				return err
			}
			st.QueuedAt = st.QueuedAt.UTC()
			if decided != nil {
				d := decided.UTC()
				st.DecidedAt = &d
			}
			if st.State == EnrolWaiting {
				pos++
				st.Position = pos
			}
			out = append(out, st)
			return nil
		})
	return out, err
}

// StudentList is GET /api/training/class/students.
func (h *Handlers) StudentList(r *http.Request, in ClassIDIn) ([]Student, error) {
	return h.svc.Students(r.Context(), in.ClassID)
}

// StudentExport is GET /api/training/class/students/export.
func (h *Handlers) StudentExport(w http.ResponseWriter, r *http.Request, in ClassIDIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	list, err := h.svc.Students(r.Context(), in.ClassID)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.login"), tr(l, "training.col.name"), tr(l, "training.col.unit"), tr(l, "training.col.state"),
		tr(l, "training.col.position"), tr(l, "training.col.queuedAt"), tr(l, "training.col.attended")}
	return export.Stream(w, format, tr(l, "training.file.students"), header, func(x export.Writer) error {
		for _, st := range list {
			pos := any("")
			if st.Position > 0 {
				pos = st.Position
			}
			if err := x.Row(st.LoginCode, st.UserName, st.UnitLabel, tr(l, "training.enrol."+st.State), pos,
				st.QueuedAt.In(time.Local).Format("2006-01-02 15:04"), st.Attended); err != nil {
				return err
			}
		}
		return nil
	})
}

// Decide is PUT /api/training/class/decide.
func (h *Handlers) Decide(r *http.Request, in DecideIn) (route.None, error) {
	return route.None{}, h.svc.Decide(r.Context(), in)
}

/* ---------- sessions ---------- */

// SessionList is GET /api/training/session/list.
func (h *Handlers) SessionList(r *http.Request, in ClassIDIn) ([]Session, error) {
	return h.svc.Sessions(r.Context(), in.ClassID)
}

// SessionSave is POST /api/training/session/add and PUT /api/training/session/edit.
func (h *Handlers) SessionSave(r *http.Request, in SessionIn) (SessionSaved, error) {
	return h.svc.SaveSession(lang(r), in)
}

// SessionDel is DELETE /api/training/session/del.
func (h *Handlers) SessionDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteSession(r.Context(), in.ID)
}

// ScheduleExport is GET /api/training/session/export.
func (h *Handlers) ScheduleExport(w http.ResponseWriter, r *http.Request, in ClassIDIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	list, err := h.svc.Sessions(r.Context(), in.ClassID)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.class"), tr(l, "training.col.session"), tr(l, "training.col.course"), tr(l, "training.col.lecturer"),
		tr(l, "training.col.start"), tr(l, "training.col.end"), tr(l, "training.col.room"), tr(l, "training.col.attended")}
	return export.Stream(w, format, tr(l, "training.file.schedule"), header, func(x export.Writer) error {
		for _, s := range list {
			place := s.Room
			if place == "" {
				place = s.Link
			}
			if err := x.Row(s.ClassName, s.Title, s.CourseName, s.LecturerName, s.StartsAt.In(time.Local).Format("2006-01-02 15:04"),
				s.EndsAt.In(time.Local).Format("2006-01-02 15:04"), place, s.Signed); err != nil {
				return err
			}
		}
		return nil
	})
}

/* ---------- sign-in ---------- */

// SessionIDIn names a session.
type SessionIDIn struct {
	SessionID int64 `param:"sessionId,required"`
}

// SheetGet is GET /api/training/signin/sheet.
func (h *Handlers) SheetGet(r *http.Request, in SessionIDIn) (Sheet, error) {
	return h.svc.Sheet(r.Context(), in.SessionID)
}

// CodeGet is GET /api/training/signin/code.
func (h *Handlers) CodeGet(r *http.Request, in SessionIDIn) (QR, error) {
	return h.svc.Code(r.Context(), in.SessionID)
}

// CorrectPut is PUT /api/training/signin/correct.
func (h *Handlers) CorrectPut(r *http.Request, in CorrectIn) (route.None, error) {
	return route.None{}, h.svc.Correct(r.Context(), in)
}

// SignInExport is GET /api/training/signin/export: every session of a class and every trainee's sign-in.
func (h *Handlers) SignInExport(w http.ResponseWriter, r *http.Request, in ClassIDIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	sessions, err := h.svc.Sessions(r.Context(), in.ClassID)
	if err != nil {
		return err
	}
	sheets := make([]Sheet, 0, len(sessions))
	for _, s := range sessions {
		sh, err := h.svc.Sheet(r.Context(), s.ID)
		if err != nil {
			return err
		}
		sheets = append(sheets, sh)
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.class"), tr(l, "training.col.session"), tr(l, "training.col.start"), tr(l, "training.col.login"),
		tr(l, "training.col.name"), tr(l, "training.col.unit"), tr(l, "training.col.state"), tr(l, "training.col.signedAt"),
		tr(l, "training.col.method"), tr(l, "training.col.reason")}
	return export.Stream(w, format, tr(l, "training.file.signin"), header, func(x export.Writer) error {
		for _, sh := range sheets {
			for _, row := range sh.Rows {
				at, method := "", ""
				if row.SignedAt != nil {
					at = row.SignedAt.In(time.Local).Format("2006-01-02 15:04:05")
				}
				if row.Method != "" {
					method = tr(l, "training.method."+row.Method)
				}
				if err := x.Row(sh.Session.ClassName, sh.Session.Title, sh.Session.StartsAt.In(time.Local).Format("2006-01-02 15:04"), row.LoginCode,
					row.UserName, row.UnitLabel, tr(l, "training.sign."+row.State), at, method, row.Reason); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

/* ---------- the learner's side: portal (web session) and phone page (h5Token) ---------- */

// MyClasses are the classes enrolling whose audience holds the caller, and every class they have an enrolment in
// (but withdrawn or rejected ones of classes no longer enrolling), with their state and next session.
func (s *Service) MyClasses(ctx context.Context, p *auth.Principal) ([]MyClass, error) {
	if err := staff(p); err != nil {
		return nil, err
	}
	m, err := s.member(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	out := []MyClass{}
	err = db.EachRow(ctx, s.db, `SELECT `+classSelect+`, COALESCE(me.state, '') FROM `+classFrom+`
		LEFT JOIN training_enrolment me ON me.class_id = c.id AND me.user_id = ?
		WHERE (c.state = 'enrolling' AND `+audienceSQL+`) OR (me.state IN ('pending', 'enrolled', 'waiting') AND c.state IN ('enrolling', 'running', 'closed'))
		ORDER BY c.start_date DESC, c.id DESC LIMIT 100`, []any{p.UserID, m.Unit, m.Employee}, func(r db.Row) error {
		var mc MyClass
		var st string
		c, err := scanClass(rowWithExtra{r, &st})
		if err != nil {
			return err
		}
		mc.Class, mc.MyState = c, st
		out = append(out, mc)
		return nil
	})
	if err != nil {
		return nil, err
	}
	now := s.now()
	for i := range out {
		c := &out[i]
		if c.Courses, err = s.classCourses(ctx, c.ID); err != nil {
			return nil, err
		}
		active := c.MyState == EnrolPending || c.MyState == EnrolEnrolled || c.MyState == EnrolWaiting
		c.CanEnrol = c.State == StateEnrolling && !active
		if active && (c.State == StateEnrolling || c.State == StateRunning) {
			row, err := s.classFor(ctx, s.db, c.ID)
			if err != nil {
				return nil, err
			}
			dl, ok, err := s.deadline(ctx, s.db, row)
			if err != nil {
				return nil, err
			}
			c.CanLeave = !ok || !now.After(dl)
		}
		if c.MyState == EnrolWaiting {
			if c.Position, err = s.position(ctx, s.db, c.ID, p.UserID); err != nil {
				return nil, err
			}
		}
		next, err := s.sessions(ctx, s.db, `s.class_id = ? AND s.ends_at > ?`, c.ID, now.UTC())
		if err != nil {
			return nil, err
		}
		if len(next) > 0 {
			c.Next = &next[0]
		}
	}
	return out, nil
}

// rowWithExtra scans a class row followed by one more column.
type rowWithExtra struct {
	r     db.Row
	extra *string
}

func (x rowWithExtra) Scan(dest ...any) error { return x.r.Scan(append(dest, x.extra)...) }

// ClassIn2 names a class of the learner's side.
type ClassRef struct {
	H5Token string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	ClassID int64  `param:"classId,required"`
}

// WeekIn is a period of my schedule.
type WeekIn struct {
	H5Token string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	From    string `param:"from,required" doc:"first day (YYYY-MM-DD)"`
	To      string `param:"to,required" doc:"last day (YYYY-MM-DD), at most 62 days after from"`
}

// TokenIn carries the phone page's session.
type TokenIn struct {
	H5Token string `param:"h5Token" max:"128" doc:"the mobile session (or the h5Token header)"`
}

// CardIn names the session of a QR code on the phone page.
type CardIn struct {
	H5Token   string `param:"h5Token" max:"128" doc:"the mobile session (or the h5Token header)"`
	SessionID int64  `param:"sessionId,required"`
}

func web(r *http.Request) (*auth.Principal, error) {
	p, err := principal(r.Context())
	if err != nil {
		return nil, err
	}
	return p, staff(p)
}

// phone is the phone page's caller: its h5Token, the portal's code, a staff account.
func (h *Handlers) phone(r *http.Request, param string) (*auth.Principal, context.Context, error) {
	p, ctx, err := auth.PhoneCaller(r, param, h.svc.authn, FunPortal)
	if err != nil {
		return nil, nil, err
	}
	if err := staff(p); err != nil {
		return nil, nil, err
	}
	return p, WithLang(ctx, httpx.Lang(r)), nil
}

// PortalClasses is GET /api/portal/training/classes.
func (h *Handlers) PortalClasses(r *http.Request, _ route.None) ([]MyClass, error) {
	p, err := web(r)
	if err != nil {
		return nil, err
	}
	return h.svc.MyClasses(r.Context(), p)
}

// PortalEnrol is POST /api/portal/training/enrol.
func (h *Handlers) PortalEnrol(r *http.Request, in ClassRef) (Enrolled, error) {
	if _, err := web(r); err != nil {
		return Enrolled{}, err
	}
	return h.svc.Enrol(lang(r), in.ClassID)
}

// PortalWithdraw is POST /api/portal/training/withdraw.
func (h *Handlers) PortalWithdraw(r *http.Request, in ClassRef) (route.None, error) {
	if _, err := web(r); err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Withdraw(r.Context(), in.ClassID)
}

// PortalSchedule is GET /api/portal/training/schedule.
func (h *Handlers) PortalSchedule(r *http.Request, in WeekIn) ([]Session, error) {
	p, err := web(r)
	if err != nil {
		return nil, err
	}
	return h.svc.MySchedule(r.Context(), p.UserID, in.From, in.To)
}

// H5Classes is GET /api/biapp/training/classes.
func (h *Handlers) H5Classes(r *http.Request, in TokenIn) ([]MyClass, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return nil, err
	}
	return h.svc.MyClasses(ctx, p)
}

// H5Enrol is POST /api/biapp/training/enrol.
func (h *Handlers) H5Enrol(r *http.Request, in ClassRef) (Enrolled, error) {
	_, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return Enrolled{}, err
	}
	return h.svc.Enrol(ctx, in.ClassID)
}

// H5Withdraw is POST /api/biapp/training/withdraw.
func (h *Handlers) H5Withdraw(r *http.Request, in ClassRef) (route.None, error) {
	_, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Withdraw(ctx, in.ClassID)
}

// H5Schedule is GET /api/biapp/training/schedule.
func (h *Handlers) H5Schedule(r *http.Request, in WeekIn) ([]Session, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return nil, err
	}
	return h.svc.MySchedule(ctx, p.UserID, in.From, in.To)
}

// H5Session is GET /api/biapp/training/session.
func (h *Handlers) H5Session(r *http.Request, in CardIn) (SessionCard, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return SessionCard{}, err
	}
	return h.svc.SessionCard(ctx, p.UserID, in.SessionID)
}

// H5SignIn is POST /api/biapp/training/signin.
func (h *Handlers) H5SignIn(r *http.Request, in SignInIn) (SignedIn, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return SignedIn{}, err
	}
	return h.svc.SignIn(ctx, p.UserID, in)
}
