package training

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/validate"
)

// Service holds the rules of training.
type Service struct {
	db      *db.DB
	notify  Notifier
	courses Courses
	params  Params
	authn   Authenticator
	now     func() time.Time
	// quiet: the demo's writes tell nobody and leave no business-log line
	quiet bool

	exams Exams
	dicts Dicts

	keyMu sync.Mutex
	key   []byte
}

// NewService wires the service to what it needs of the other areas.
func NewService(d *db.DB, notify Notifier, courses Courses, params Params, authn Authenticator) *Service {
	return &Service{db: d, notify: notify, courses: courses, params: params, authn: authn, now: time.Now}
}

// UseClock makes the service read the time from now (tests of the QR rotation and the windows).
func (s *Service) UseClock(now func() time.Time) { s.now = now }

// The locks of training (db.Tx.Lock): lockClass serialises every decision on a class's seats (enrolment,
// withdrawal, approval, a change of capacity); lockSchedule every change of sessions (the conflict checks).
const (
	lockClass    db.LockClass = 7501
	lockSchedule db.LockClass = 7502
)

func principal(ctx context.Context) (*auth.Principal, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return nil, httpx.ErrTokenInvalid
	}
	return p, nil
}

// staff refuses an external (partner) account: training is for the company's staff.
func staff(p *auth.Principal) error {
	if p.UserType == auth.SiteExternal {
		return httpx.Fail("training.external")
	}
	return nil
}

const day = "2006-01-02"

// text trims v and checks its length; required refuses it empty.
func text(v string, field string, max int, required bool) (string, error) {
	v = strings.TrimSpace(v)
	if required && v == "" {
		return "", httpx.Fail("training.required", httpx.Msg(field))
	}
	if utf8.RuneCountInString(v) > max {
		return "", httpx.Fail("training.too_long", httpx.Msg(field), max)
	}
	return v, nil
}

func parseDay(field, v string) (string, error) {
	t, err := validate.Date(strings.TrimSpace(v))
	if err != nil {
		return "", httpx.Fail("training.date_bad", httpx.Msg(field))
	}
	return t.Format(day), nil
}

// record writes a change to the business log inside tx; the demo's writes (quiet) leave none.
func (s *Service) record(ctx context.Context, tx *db.Tx, c audit.Change) error {
	if s.quiet {
		return nil
	}
	return audit.Record(ctx, tx, c)
}

func (s *Service) tell(ctx context.Context, tx *db.Tx, users []int64, n Notice) error {
	if s.quiet || s.notify == nil || len(users) == 0 {
		return nil
	}
	_, err := s.notify.Notify(ctx, tx, users, n)
	return err
}

/* ---------- the sign-in key ---------- */

// secret is the server's key of the sign-in codes, written once (by the first instance that needs it) and shared by
// every instance through the database.
func (s *Service) secret(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	var k string
	err := s.db.QueryRow(ctx, `SELECT secret FROM training_key WHERE id = 1`).Scan(&k)
	if db.IsNoRows(err) {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, fmt.Errorf("training: sign-in key: %w", err)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO training_key (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`, hex.EncodeToString(b)); err != nil {
			return nil, fmt.Errorf("training: sign-in key: %w", err)
		}
		err = s.db.QueryRow(ctx, `SELECT secret FROM training_key WHERE id = 1`).Scan(&k)
	}
	if err != nil {
		return nil, fmt.Errorf("training: sign-in key: %w", err)
	}
	key, err := hex.DecodeString(k)
	if err != nil {
		return nil, fmt.Errorf("training: sign-in key: %w", err)
	}
	s.key = key
	return key, nil
}

/* ---------- lecturers ---------- */

// LecturerIn is a lecturer's form.
type LecturerIn struct {
	ID           int64  `param:"id" doc:"edit only"`
	Name         string `param:"name" doc:"required for an external lecturer; an internal one takes the employee's name"`
	Kind         string `param:"kind,required" enum:"internal,external"`
	EmployeeCode string `param:"employeeCode" doc:"an internal lecturer's employee (the picker)"`
	Organisation string `param:"organisation"`
	Contact      string `param:"contact"`
	Title        string `param:"title"`
	Level        string `param:"level"`
	Specialities string `param:"specialities"`
	Remark       string `param:"remark"`
}

func (s *Service) checkLecturer(ctx context.Context, q db.Querier, in *LecturerIn) error {
	var err error
	switch in.Kind {
	case KindInternal:
		in.EmployeeCode = strings.TrimSpace(in.EmployeeCode)
		if in.EmployeeCode == "" {
			return httpx.Fail("training.employee_required")
		}
		var name string
		err := q.QueryRow(ctx, `SELECT name FROM employee WHERE code = ?`, in.EmployeeCode).Scan(&name)
		if db.IsNoRows(err) {
			return httpx.Fail("training.employee_not_found", in.EmployeeCode)
		} else if err != nil {
			return err
		}
		if strings.TrimSpace(in.Name) == "" {
			in.Name = name
		}
		in.Organisation = ""
	case KindExternal:
		in.EmployeeCode = ""
	default:
		return httpx.Fail("training.bad_value", httpx.Msg("training.col.kind"))
	}
	for _, f := range []struct {
		v     *string
		field string
		max   int
		req   bool
	}{{&in.Name, "training.f.name", 50, true}, {&in.Organisation, "training.f.organisation", NameMax, false},
		{&in.Contact, "training.f.contact", NameMax, false}, {&in.Title, "training.f.title", 50, false}, {&in.Level, "training.f.level", 50, false},
		{&in.Specialities, "training.f.specialities", TextMax, false}, {&in.Remark, "training.f.remark", TextMax, false}} {
		if *f.v, err = text(*f.v, f.field, f.max, f.req); err != nil {
			return err
		}
	}
	return nil
}

// SaveLecturer adds (ID 0) or changes a lecturer; a new name reaches the courses that name them.
func (s *Service) SaveLecturer(ctx context.Context, in LecturerIn) (int64, error) {
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkLecturer(ctx, tx, &in); err != nil {
			return err
		}
		now := s.now().UTC()
		if id == 0 {
			id, err = tx.Insert(ctx, `INSERT INTO training_lecturer (name, kind, employee_code, organisation, contact, title, level, specialities, remark,
				created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.Name, in.Kind, in.EmployeeCode, in.Organisation,
				in.Contact, in.Title, in.Level, in.Specialities, in.Remark, p.UserID, now, now)
			if err != nil {
				return err
			}
			return s.record(ctx, tx, audit.Change{Module: FunLecturer, Action: audit.Create, TargetID: id, Target: in.Name, After: in})
		}
		var before string
		err := tx.QueryRow(ctx, `SELECT name FROM training_lecturer WHERE id = ?`, id).Scan(&before)
		if db.IsNoRows(err) {
			return httpx.Fail("training.lecturer_not_found")
		} else if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE training_lecturer SET name = ?, kind = ?, employee_code = ?, organisation = ?, contact = ?, title = ?, level = ?,
			specialities = ?, remark = ?, updated_at = ? WHERE id = ?`, in.Name, in.Kind, in.EmployeeCode, in.Organisation, in.Contact, in.Title,
			in.Level, in.Specialities, in.Remark, now, id); err != nil {
			return err
		}
		if before != in.Name && s.courses != nil {
			if err := s.courses.RenameLecturer(ctx, tx, id, in.Name); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Module: FunLecturer, Action: audit.Update, TargetID: id, Target: in.Name,
			Before: map[string]any{"name": before}, After: in})
	})
	if err != nil {
		return 0, fmt.Errorf("training: save lecturer %d: %w", in.ID, err)
	}
	return id, nil
}

// DeleteLecturer removes a lecturer no course, class or session names.
func (s *Service) DeleteLecturer(ctx context.Context, id int64) error {
	if _, err := principal(ctx); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockSchedule, "all"); err != nil {
			return err
		}
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM training_lecturer WHERE id = ?`, id).Scan(&name)
		if db.IsNoRows(err) {
			return httpx.Fail("training.lecturer_not_found")
		} else if err != nil {
			return err
		}
		var courses, used int
		if err := tx.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM course WHERE lecturer_id = ?)`, id).Scan(&courses); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM training_class_lecturer WHERE lecturer_id = ?) + (SELECT COUNT(*) FROM training_session WHERE lecturer_id = ?)`,
			id, id).Scan(&used); err != nil {
			return err
		}
		if courses+used > 0 {
			return httpx.Fail("training.lecturer_used", name, courses, used)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM training_lecturer WHERE id = ?`, id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunLecturer, Action: audit.Delete, TargetID: id, Target: name})
	})
	if err != nil {
		return fmt.Errorf("training: delete lecturer %d: %w", id, err)
	}
	return nil
}

// LinkCourse is what the learning content asks when a course is saved: the lecturer chosen (id), or the lecturer of
// that exact name (the course screens' free text), created as an external lecturer when there is none. ("", 0) for
// no lecturer.
func (s *Service) LinkCourse(ctx context.Context, tx *db.Tx, id int64, name string) (int64, string, error) {
	name = strings.TrimSpace(name)
	if id > 0 {
		err := tx.QueryRow(ctx, `SELECT name FROM training_lecturer WHERE id = ?`, id).Scan(&name)
		if db.IsNoRows(err) {
			return 0, "", httpx.Fail("training.lecturer_not_found")
		}
		return id, name, err
	}
	if name == "" {
		return 0, "", nil
	}
	id, err := s.lecturerByName(ctx, tx, name)
	return id, name, err
}

// lecturerByName finds the lecturer of the name or creates one: internal when exactly one employee has the name.
func (s *Service) lecturerByName(ctx context.Context, tx *db.Tx, name string) (int64, error) {
	var found sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT MIN(id) FROM training_lecturer WHERE name = ?`, name).Scan(&found); err != nil {
		return 0, err
	}
	if found.Valid {
		return found.Int64, nil
	}
	var codes []string
	if err := db.EachRow(ctx, tx, `SELECT code FROM employee WHERE name = ? ORDER BY code LIMIT 2`, []any{name}, func(r db.Row) error {
		var c string
		codes = append(codes, c)
		return r.Scan(&codes[len(codes)-1])
	}); err != nil {
		return 0, err
	}
	kind, code := KindExternal, ""
	if len(codes) == 1 {
		kind, code = KindInternal, codes[0]
	}
	now := s.now().UTC()
	id, err := tx.Insert(ctx, `INSERT INTO training_lecturer (name, kind, employee_code, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, name, kind, code, now, now)
	return id, err
}

// AdoptCourseLecturers links the courses whose lecturer is free text only (written before this area, or by the
// content's demo) to lecturer rows, as migration 057 did for the courses of its time.
func (s *Service) AdoptCourseLecturers(ctx context.Context) (int, error) {
	n := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var names []string
		if err := db.EachRow(ctx, tx, `SELECT DISTINCT lecturer FROM course WHERE lecturer <> '' AND lecturer_id IS NULL ORDER BY lecturer`, nil,
			func(r db.Row) error {
				var v string
				if err := r.Scan(&v); err != nil {
					return err
				}
				names = append(names, v)
				return nil
			}); err != nil {
			return err
		}
		for _, name := range names {
			id, err := s.lecturerByName(ctx, tx, name)
			if err != nil {
				return err
			}
			res, err := tx.Exec(ctx, `UPDATE course SET lecturer_id = ? WHERE lecturer = ? AND lecturer_id IS NULL`, id, name)
			if err != nil {
				return err
			}
			c, _ := res.RowsAffected()
			n += int(c)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("training: adopt course lecturers: %w", err)
	}
	return n, nil
}

// LecturerOptions are every lecturer as select options (Extra: title, or organisation).
func (s *Service) LecturerOptions(ctx context.Context) ([]Option, error) {
	out := []Option{}
	err := db.EachRow(ctx, s.db, `SELECT id, name, CASE WHEN title <> '' THEN title ELSE organisation END FROM training_lecturer ORDER BY name, id`, nil,
		func(r db.Row) error {
			var o Option
			if err := r.Scan(&o.ID, &o.Name, &o.Extra); err != nil {
				return err
			}
			out = append(out, o)
			return nil
		})
	return out, err
}

/* ---------- plans ---------- */

// PlanIn is a plan's form.
type PlanIn struct {
	ID       int64  `param:"id" doc:"edit only"`
	Year     int    `param:"year,required"`
	UnitCode string `param:"unitCode,required"`
	Title    string `param:"title,required"`
	Remark   string `param:"remark"`
	// PlannedClasses and PlannedHours: what the plan sets out to hold (0 to 10,000 each)
	PlannedClasses int `param:"plannedClasses"`
	PlannedHours   int `param:"plannedHours"`
}

func (s *Service) unitExists(ctx context.Context, q db.Querier, code string) error {
	var n int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE full_unit_code = ?`, code).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.Fail("training.unit_not_found")
	}
	return nil
}

// SavePlan adds or changes a yearly plan.
func (s *Service) SavePlan(ctx context.Context, in PlanIn) (int64, error) {
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	if in.Year < 2000 || in.Year > 2100 {
		return 0, httpx.Fail("training.year_bad")
	}
	if in.Title, err = text(in.Title, "training.f.planTitle", NameMax, true); err != nil {
		return 0, err
	}
	if in.Remark, err = text(in.Remark, "training.f.remark", TextMax, false); err != nil {
		return 0, err
	}
	if in.PlannedClasses < 0 || in.PlannedClasses > 10000 || in.PlannedHours < 0 || in.PlannedHours > 10000 {
		return 0, httpx.Fail("training.plan_planned_bad")
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.unitExists(ctx, tx, in.UnitCode); err != nil {
			return err
		}
		now := s.now().UTC()
		if id == 0 {
			if id, err = tx.Insert(ctx, `INSERT INTO training_plan (plan_year, unit_code, title, remark, planned_classes, planned_hours, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.Year, in.UnitCode, in.Title, in.Remark, in.PlannedClasses, in.PlannedHours, p.UserID, now, now); err != nil {
				return err
			}
			return s.record(ctx, tx, audit.Change{Module: FunPlan, Action: audit.Create, TargetID: id, Target: in.Title, After: in})
		}
		res, err := tx.Exec(ctx, `UPDATE training_plan SET plan_year = ?, unit_code = ?, title = ?, remark = ?, planned_classes = ?, planned_hours = ?, updated_at = ?
			WHERE id = ?`, in.Year, in.UnitCode, in.Title, in.Remark, in.PlannedClasses, in.PlannedHours, now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return httpx.Fail("training.plan_not_found")
		}
		return s.record(ctx, tx, audit.Change{Module: FunPlan, Action: audit.Update, TargetID: id, Target: in.Title, After: in})
	})
	if err != nil {
		return 0, fmt.Errorf("training: save plan %d: %w", in.ID, err)
	}
	return id, nil
}

// DeletePlan removes a plan without classes.
func (s *Service) DeletePlan(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var title string
		var n int
		err := tx.QueryRow(ctx, `SELECT title, (SELECT COUNT(*) FROM training_class c WHERE c.plan_id = p.id) FROM training_plan p WHERE id = ?`, id).Scan(&title, &n)
		if db.IsNoRows(err) {
			return httpx.Fail("training.plan_not_found")
		} else if err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("training.plan_used", title, n)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM training_plan WHERE id = ?`, id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunPlan, Action: audit.Delete, TargetID: id, Target: title})
	})
	if err != nil {
		return fmt.Errorf("training: delete plan %d: %w", id, err)
	}
	return nil
}

/* ---------- classes ---------- */

// UnitPick and EmployeePick are the audience as the picker's selection holds it.
type UnitPick struct {
	FullUnitCode string `json:"fullUnitCode"`
	UnitName     string `json:"unitName"`
}

type EmployeePick struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// ClassIn is a class's form.
type ClassIn struct {
	ID            int64          `param:"id" doc:"edit only"`
	PlanID        int64          `param:"planId" doc:"0: no plan"`
	Name          string         `param:"name,required"`
	UnitCode      string         `param:"unitCode,required" doc:"the organising unit"`
	StartDate     string         `param:"startDate,required"`
	EndDate       string         `param:"endDate,required"`
	Mode          string         `param:"mode,required" enum:"online,onsite,blended"`
	Place         string         `param:"place"`
	MeetingLink   string         `param:"meetingLink"`
	Capacity      int            `param:"capacity,required"`
	ManagerID     int64          `param:"managerId" doc:"the class manager's account (0: the caller)"`
	NeedsApproval bool           `param:"needsApproval"`
	WithdrawUntil string         `param:"withdrawUntil" doc:"the last moment to withdraw ('': the start of the first session)"`
	Description   string         `param:"description"`
	CourseIDs     []int64        `param:"courseIds"`
	LecturerIDs   []int64        `param:"lecturerIds"`
	Organ         []UnitPick     `param:"organ" doc:"the audience's units (the picker's): their employees, later joiners included"`
	Employee      []EmployeePick `param:"employee" doc:"the audience's employees (the picker's)"`
}

type classRow struct {
	ID                 int64
	Name, State        string
	Capacity, Approval int
	Manager            int64
	WithdrawUntil      sql.NullTime
}

func (s *Service) classFor(ctx context.Context, q db.Querier, id int64) (classRow, error) {
	var c classRow
	err := q.QueryRow(ctx, `SELECT id, name, state, capacity, needs_approval, manager_id, withdraw_until FROM training_class WHERE id = ?`, id).
		Scan(&c.ID, &c.Name, &c.State, &c.Capacity, &c.Approval, &c.Manager, &c.WithdrawUntil)
	if db.IsNoRows(err) {
		return c, httpx.Fail("training.class_not_found")
	}
	return c, err
}

func (s *Service) checkClass(ctx context.Context, q db.Querier, in *ClassIn, callerID int64) error {
	var err error
	if in.Name, err = text(in.Name, "training.f.name", NameMax, true); err != nil {
		return err
	}
	if in.Place, err = text(in.Place, "training.f.place", NameMax, false); err != nil {
		return err
	}
	if in.MeetingLink, err = text(in.MeetingLink, "training.f.link", TextMax, false); err != nil {
		return err
	}
	if in.Description, err = text(in.Description, "training.f.description", 2000, false); err != nil {
		return err
	}
	if in.StartDate, err = parseDay("training.f.startDate", in.StartDate); err != nil {
		return err
	}
	if in.EndDate, err = parseDay("training.f.endDate", in.EndDate); err != nil {
		return err
	}
	if in.EndDate < in.StartDate {
		return httpx.Fail("training.period_bad")
	}
	if !slices.Contains([]string{ModeOnline, ModeOnsite, ModeBlended}, in.Mode) {
		return httpx.Fail("training.bad_value", httpx.Msg("training.f.mode"))
	}
	if in.Capacity < 1 || in.Capacity > CapacityMax {
		return httpx.Fail("training.capacity_bad", CapacityMax)
	}
	if len(in.CourseIDs) > ListMax {
		return httpx.Fail("training.too_many", httpx.Msg("training.col.courses"), ListMax)
	}
	if len(in.LecturerIDs) > ListMax {
		return httpx.Fail("training.too_many", httpx.Msg("training.col.lecturer"), ListMax)
	}
	if len(in.Organ)+len(in.Employee) > AudienceMax {
		return httpx.Fail("training.too_many", httpx.Msg("training.f.unit"), AudienceMax)
	}
	if err := s.unitExists(ctx, q, in.UnitCode); err != nil {
		return err
	}
	if in.PlanID != 0 {
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM training_plan WHERE id = ?`, in.PlanID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("training.plan_not_found")
		}
	}
	if in.ManagerID == 0 {
		in.ManagerID = callerID
	}
	var n int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user WHERE id = ? AND deleted_at IS NULL AND state = 1 AND user_type = 'staff'`, in.ManagerID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.Fail("training.manager_not_found")
	}
	in.CourseIDs, in.LecturerIDs = compact(in.CourseIDs), compact(in.LecturerIDs)
	for _, c := range in.CourseIDs {
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM course WHERE id = ?`, c).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("training.course_not_found", c)
		}
	}
	for _, l := range in.LecturerIDs {
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM training_lecturer WHERE id = ?`, l).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("training.lecturer_not_found")
		}
	}
	return nil
}

func compact(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id > 0 && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func (s *Service) writeClassLists(ctx context.Context, tx *db.Tx, id int64, in ClassIn) error {
	for _, q := range []string{`DELETE FROM training_class_course WHERE class_id = ?`, `DELETE FROM training_class_lecturer WHERE class_id = ?`,
		`DELETE FROM training_class_audience WHERE class_id = ?`} {
		if _, err := tx.Exec(ctx, q, id); err != nil {
			return err
		}
	}
	for i, c := range in.CourseIDs {
		if _, err := tx.Exec(ctx, `INSERT INTO training_class_course (class_id, course_id, sort) VALUES (?, ?, ?)`, id, c, i); err != nil {
			return err
		}
	}
	for _, l := range in.LecturerIDs {
		if _, err := tx.Exec(ctx, `INSERT INTO training_class_lecturer (class_id, lecturer_id) VALUES (?, ?)`, id, l); err != nil {
			return err
		}
	}
	if err := writeAudience(ctx, tx, `INSERT INTO training_class_audience (class_id, kind, code) VALUES (?, ?, ?)`, id, in.Organ, in.Employee); err != nil {
		return err
	}
	return nil
}

// SaveClass adds a class (a draft) or changes one that is not closed; a capacity may not drop below the seats
// held, and a larger one moves the first of the wait list up.
func (s *Service) SaveClass(ctx context.Context, in ClassIn) (int64, error) {
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	var until any
	if strings.TrimSpace(in.WithdrawUntil) != "" {
		t, err := validate.DateTime("training.f.endDate", in.WithdrawUntil)
		if err != nil {
			return 0, err
		}
		until = t
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkClass(ctx, tx, &in, p.UserID); err != nil {
			return err
		}
		var plan any
		if in.PlanID != 0 {
			plan = in.PlanID
		}
		now := s.now().UTC()
		if id == 0 {
			if id, err = tx.Insert(ctx, `INSERT INTO training_class (plan_id, name, unit_code, start_date, end_date, mode, place, meeting_link, capacity,
				manager_id, needs_approval, withdraw_until, description, state, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, plan, in.Name, in.UnitCode, in.StartDate, in.EndDate, in.Mode, in.Place,
				in.MeetingLink, in.Capacity, in.ManagerID, db.Flag(in.NeedsApproval), until, in.Description, StateDraft, p.UserID, now, now); err != nil {
				return err
			}
			if err := s.writeClassLists(ctx, tx, id, in); err != nil {
				return err
			}
			return s.record(ctx, tx, audit.Change{Module: FunClass, Action: audit.Create, TargetID: id, Target: in.Name, After: in})
		}
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(id, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.State == StateClosed || c.State == StateArchived {
			return httpx.Fail("training.edit_closed")
		}
		held, err := countState(ctx, tx, id, EnrolEnrolled)
		if err != nil {
			return err
		}
		if in.Capacity < held {
			return httpx.Fail("training.capacity_below", held)
		}
		if _, err := tx.Exec(ctx, `UPDATE training_class SET plan_id = ?, name = ?, unit_code = ?, start_date = ?, end_date = ?, mode = ?, place = ?,
			meeting_link = ?, capacity = ?, manager_id = ?, needs_approval = ?, withdraw_until = ?, description = ?, updated_at = ? WHERE id = ?`,
			plan, in.Name, in.UnitCode, in.StartDate, in.EndDate, in.Mode, in.Place, in.MeetingLink, in.Capacity, in.ManagerID,
			db.Flag(in.NeedsApproval), until, in.Description, now, id); err != nil {
			return err
		}
		if err := s.writeClassLists(ctx, tx, id, in); err != nil {
			return err
		}
		if err := s.moveUp(ctx, tx, id, in.Name, in.Capacity); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: audit.Update, TargetID: id, Target: in.Name, After: in})
	})
	if err != nil {
		return 0, fmt.Errorf("training: save class %d: %w", in.ID, err)
	}
	return id, nil
}

func countState(ctx context.Context, q db.Querier, classID int64, states ...string) (int, error) {
	args := []any{classID}
	for _, st := range states {
		args = append(args, st)
	}
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM training_enrolment WHERE class_id = ? AND state IN (`+db.Placeholders(len(states))+`)`, args...).Scan(&n)
	return n, err
}

// transitions are the moves of a class's state.
var transitions = map[string][]string{
	StateDraft:     {StateEnrolling},
	StateEnrolling: {StateDraft, StateRunning},
	StateRunning:   {StateClosed},
	StateClosed:    {StateArchived},
	StateArchived:  {},
}

func stateName(st string) httpx.Msg { return httpx.Msg("training.state." + st) }

// SetState moves a class to state to: draft to enrolling (with a schedule), back to draft while nobody has enrolled,
// enrolling to running, running to closed, closed to archived. Anything else is refused naming both states.
func (s *Service) SetState(ctx context.Context, id int64, to string) error {
	if _, err := principal(ctx); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(id, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, known := transitions[to]; !known || !slices.Contains(transitions[c.State], to) {
			if !known {
				return httpx.Fail("training.bad_value", httpx.Msg("training.col.state"))
			}
			return httpx.Fail("training.state_bad", c.Name, stateName(c.State), stateName(to))
		}
		if c.State == StateEnrolling && to == StateDraft {
			n, err := countState(ctx, tx, id, EnrolEnrolled, EnrolWaiting, EnrolPending)
			if err != nil {
				return err
			}
			if n > 0 {
				return httpx.Fail("training.state_back_enrolled", n)
			}
		}
		if to == StateEnrolling {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM training_session WHERE class_id = ?`, id).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return httpx.Fail("training.state_no_sessions")
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE training_class SET state = ?, updated_at = ? WHERE id = ?`, to, s.now().UTC(), id); err != nil {
			return err
		}
		if to == StateClosed { // certificate.go: the class's rule issues its certificates
			if _, err := s.issueOnClose(ctx, tx, id, c.Name); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: "state", TargetID: id, Target: c.Name,
			Before: map[string]any{"state": c.State}, After: map[string]any{"state": to}})
	})
	if err != nil {
		return fmt.Errorf("training: class %d to %s: %w", id, to, err)
	}
	return nil
}

// DeleteClass removes a draft class with its sessions and lists.
func (s *Service) DeleteClass(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(id, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, id)
		if err != nil {
			return err
		}
		if c.State != StateDraft {
			return httpx.Fail("training.delete_not_draft")
		}
		for _, q := range []string{`DELETE FROM training_signin WHERE session_id IN (SELECT id FROM training_session WHERE class_id = ?)`,
			`DELETE FROM training_session WHERE class_id = ?`, `DELETE FROM training_enrolment WHERE class_id = ?`,
			`DELETE FROM training_class_course WHERE class_id = ?`, `DELETE FROM training_class_lecturer WHERE class_id = ?`,
			`DELETE FROM training_class_audience WHERE class_id = ?`, `DELETE FROM training_class WHERE id = ?`} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: audit.Delete, TargetID: id, Target: c.Name})
	})
	if err != nil {
		return fmt.Errorf("training: delete class %d: %w", id, err)
	}
	return nil
}

/* ---------- enrolment ---------- */

// audienceSQL is the condition that the caller (unit code, employee code) is in class c's audience: no audience
// row (everyone), a unit above or equal to theirs, or their employee.
const audienceSQL = `(NOT EXISTS (SELECT 1 FROM training_class_audience a WHERE a.class_id = c.id) OR EXISTS (SELECT 1 FROM training_class_audience a
	WHERE a.class_id = c.id AND ((a.kind = 'organ' AND substr(?, 1, length(a.code)) = a.code) OR (a.kind = 'employee' AND a.code = NULLIF(?, '')))))`

type member struct {
	ID             int64
	Unit, Employee string
	Name           string
}

func (s *Service) member(ctx context.Context, q db.Querier, userID int64) (member, error) {
	m := member{ID: userID}
	err := q.QueryRow(ctx, `SELECT unit_code, employee_code, user_name FROM sys_user WHERE id = ?`, userID).Scan(&m.Unit, &m.Employee, &m.Name)
	return m, err
}

// Enrol enrols the caller in a class that is enrolling and whose audience holds them: enrolled while seats are
// free, else on the wait list; pending when the class needs approval. The decision is serialised per class, so
// simultaneous enrolments never take more seats than the capacity.
func (s *Service) Enrol(ctx context.Context, classID int64) (Enrolled, error) {
	p, err := principal(ctx)
	if err != nil {
		return Enrolled{}, err
	}
	if err := staff(p); err != nil {
		return Enrolled{}, err
	}
	var out Enrolled
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(classID, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, classID)
		if err != nil {
			return err
		}
		if c.State != StateEnrolling {
			return httpx.Fail("training.not_enrolling", c.Name)
		}
		m, err := s.member(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		var in int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM training_class c WHERE c.id = ? AND `+audienceSQL, classID, m.Unit, m.Employee).Scan(&in); err != nil {
			return err
		}
		if in == 0 {
			return httpx.Fail("training.not_audience", c.Name)
		}
		var had string
		err = tx.QueryRow(ctx, `SELECT state FROM training_enrolment WHERE class_id = ? AND user_id = ?`, classID, p.UserID).Scan(&had)
		switch {
		case db.IsNoRows(err):
		case err != nil:
			return err
		case had == EnrolPending || had == EnrolEnrolled || had == EnrolWaiting:
			return httpx.Fail("training.already", c.Name, httpx.Msg("training.enrol."+had))
		}
		state := EnrolPending
		if c.Approval == 0 {
			held, err := countState(ctx, tx, classID, EnrolEnrolled)
			if err != nil {
				return err
			}
			state = EnrolEnrolled
			if held >= c.Capacity {
				state = EnrolWaiting
			}
		}
		now := s.now().UTC()
		if had == "" {
			_, err = tx.Insert(ctx, `INSERT INTO training_enrolment (class_id, user_id, state, queued_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
				classID, p.UserID, state, now, now, now)
		} else {
			_, err = tx.Exec(ctx, `UPDATE training_enrolment SET state = ?, queued_at = ?, decided_by = NULL, decided_at = NULL, reason = '', updated_at = ?
				WHERE class_id = ? AND user_id = ?`, state, now, now, classID, p.UserID)
		}
		if err != nil {
			return err
		}
		out.State = state
		if state == EnrolWaiting {
			if out.Position, err = s.position(ctx, tx, classID, p.UserID); err != nil {
				return err
			}
		}
		if out.Warnings, err = s.myOverlaps(ctx, tx, p.UserID, classID, langOf(ctx)); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: "enrol", TargetID: classID, Target: c.Name + " / " + m.Name,
			After: map[string]any{"userId": p.UserID, "state": state}})
	})
	if err != nil {
		return Enrolled{}, fmt.Errorf("training: enrol class %d: %w", classID, err)
	}
	return out, nil
}

// position is the caller's place on the wait list (1: next).
func (s *Service) position(ctx context.Context, q db.Querier, classID, userID int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM training_enrolment w, training_enrolment me WHERE me.class_id = ? AND me.user_id = ?
		AND w.class_id = me.class_id AND w.state = 'waiting' AND (w.queued_at < me.queued_at OR (w.queued_at = me.queued_at AND w.id <= me.id))`,
		classID, userID).Scan(&n)
	return n, err
}

// deadline is the last moment to withdraw from a class: its withdraw_until, else the start of its first session.
func (s *Service) deadline(ctx context.Context, q db.Querier, c classRow) (time.Time, bool, error) {
	if c.WithdrawUntil.Valid {
		return c.WithdrawUntil.Time, true, nil
	}
	var first sql.NullTime
	if err := q.QueryRow(ctx, `SELECT MIN(starts_at) FROM training_session WHERE class_id = ?`, c.ID).Scan(&first); err != nil {
		// SQLite answers MIN of a timestamp as text
		var txt sql.NullString
		if err2 := q.QueryRow(ctx, `SELECT MIN(starts_at) FROM training_session WHERE class_id = ?`, c.ID).Scan(&txt); err2 != nil {
			return time.Time{}, false, err
		}
		if !txt.Valid {
			return time.Time{}, false, nil
		}
		t, perr := parseDBTime(txt.String)
		return t, perr == nil, perr
	}
	return first.Time, first.Valid, nil
}

// parseDBTime reads a timestamp SQLite gives back as text.
func parseDBTime(v string) (time.Time, error) {
	for _, l := range []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02T15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00",
		time.RFC3339Nano, "2006-01-02 15:04:05"} {
		if t, err := time.Parse(l, v); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("training: timestamp %q", v)
}

// Withdraw takes the caller out of a class before its deadline; a seat they held goes to the first of the wait list.
func (s *Service) Withdraw(ctx context.Context, classID int64) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(classID, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, classID)
		if err != nil {
			return err
		}
		var had string
		err = tx.QueryRow(ctx, `SELECT state FROM training_enrolment WHERE class_id = ? AND user_id = ?`, classID, p.UserID).Scan(&had)
		if db.IsNoRows(err) || (err == nil && had != EnrolPending && had != EnrolEnrolled && had != EnrolWaiting) {
			return httpx.Fail("training.not_enrolled", c.Name)
		} else if err != nil {
			return err
		}
		if c.State != StateEnrolling && c.State != StateRunning {
			return httpx.Fail("training.withdraw_state", c.Name)
		}
		if dl, ok, err := s.deadline(ctx, tx, c); err != nil {
			return err
		} else if ok && s.now().After(dl) {
			return httpx.Fail("training.withdraw_late", dl.In(time.Local).Format("2006-01-02 15:04"))
		}
		if _, err := tx.Exec(ctx, `UPDATE training_enrolment SET state = ?, updated_at = ? WHERE class_id = ? AND user_id = ?`,
			EnrolWithdrawn, s.now().UTC(), classID, p.UserID); err != nil {
			return err
		}
		if had == EnrolEnrolled {
			if err := s.moveUp(ctx, tx, classID, c.Name, c.Capacity); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Module: FunClass, Action: "withdraw", TargetID: classID, Target: c.Name,
			Before: map[string]any{"userId": p.UserID, "state": had}, After: map[string]any{"state": EnrolWithdrawn}})
	})
	if err != nil {
		return fmt.Errorf("training: withdraw from class %d: %w", classID, err)
	}
	return nil
}

// moveUp gives the free seats of a class to the first of its wait list, in order, and tells them (under lockClass).
func (s *Service) moveUp(ctx context.Context, tx *db.Tx, classID int64, name string, capacity int) error {
	held, err := countState(ctx, tx, classID, EnrolEnrolled)
	if err != nil {
		return err
	}
	free := capacity - held
	if free <= 0 {
		return nil
	}
	ids, err := db.IDs(ctx, tx, `SELECT user_id FROM training_enrolment WHERE class_id = ? AND state = 'waiting' ORDER BY queued_at, id LIMIT ?`, classID, free)
	if err != nil || len(ids) == 0 {
		return err
	}
	args := []any{EnrolEnrolled, s.now().UTC(), classID}
	for _, id := range ids {
		args = append(args, id)
	}
	if _, err := tx.Exec(ctx, `UPDATE training_enrolment SET state = ?, updated_at = ? WHERE class_id = ? AND user_id IN (`+db.Placeholders(len(ids))+`)`, args...); err != nil {
		return err
	}
	return s.tell(ctx, tx, ids, Notice{Code: fmt.Sprintf("training:%d:up", classID), Title: httpx.Translate(httpx.LangZH, "training.moved_up.title", name),
		Content: httpx.Translate(httpx.LangZH, "training.moved_up.content", name), Path: "/gatewayTraining", RefID: classID})
}

// DecideIn approves or rejects pending enrolments.
type DecideIn struct {
	ClassID int64   `param:"classId,required"`
	UserIDs []int64 `param:"userIds,required"`
	Approve bool    `param:"approve"`
	Reason  string  `param:"reason" doc:"required to reject"`
}

// Decide approves pending enrolments (a seat while free, else the wait list, in the order they enrolled) or rejects
// them with a reason.
func (s *Service) Decide(ctx context.Context, in DecideIn) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	reason, err := text(in.Reason, "training.f.reason", ReasonMax, !in.Approve)
	if err != nil {
		return err
	}
	if len(in.UserIDs) > 500 {
		return httpx.Fail("training.too_many", httpx.Msg("training.col.name"), 500)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockClass, strconv.FormatInt(in.ClassID, 10)); err != nil {
			return err
		}
		c, err := s.classFor(ctx, tx, in.ClassID)
		if err != nil {
			return err
		}
		args := []any{in.ClassID}
		for _, id := range in.UserIDs {
			args = append(args, id)
		}
		type pend struct {
			user int64
			name string
			st   string
		}
		var rows []pend
		if err := db.EachRow(ctx, tx, `SELECT e.user_id, u.user_name, e.state FROM training_enrolment e JOIN sys_user u ON u.id = e.user_id
			WHERE e.class_id = ? AND e.user_id IN (`+db.Placeholders(len(in.UserIDs))+`) ORDER BY e.queued_at, e.id`, args, func(r db.Row) error {
			var x pend
			if err := r.Scan(&x.user, &x.name, &x.st); err != nil {
				return err
			}
			rows = append(rows, x)
			return nil
		}); err != nil {
			return err
		}
		if len(rows) != len(compact(in.UserIDs)) {
			return httpx.Fail("training.not_student")
		}
		now := s.now().UTC()
		for _, r := range rows {
			if r.st != EnrolPending {
				return httpx.Fail("training.not_pending", r.name)
			}
			st := EnrolRejected
			if in.Approve {
				held, err := countState(ctx, tx, in.ClassID, EnrolEnrolled)
				if err != nil {
					return err
				}
				st = EnrolEnrolled
				if held >= c.Capacity {
					st = EnrolWaiting
				}
			}
			if _, err := tx.Exec(ctx, `UPDATE training_enrolment SET state = ?, decided_by = ?, decided_at = ?, reason = ?, updated_at = ?
				WHERE class_id = ? AND user_id = ?`, st, p.UserID, now, reason, now, in.ClassID, r.user); err != nil {
				return err
			}
			if err := s.record(ctx, tx, audit.Change{Module: FunClass, Action: map[bool]string{true: "approve", false: "reject"}[in.Approve],
				TargetID: in.ClassID, Target: c.Name + " / " + r.name, After: map[string]any{"userId": r.user, "state": st, "reason": reason}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("training: decide enrolments of class %d: %w", in.ClassID, err)
	}
	return nil
}

// writeAudience writes an audience's units and employees (each once, blanks left out) with insert, a statement of
// (owner id, kind, code): the classes' and the questionnaires' audiences are kept alike.
func writeAudience(ctx context.Context, tx *db.Tx, insert string, id int64, organ []UnitPick, employee []EmployeePick) error {
	seen := map[string]bool{}
	add := func(kind, code string) error {
		code = strings.TrimSpace(code)
		if code == "" || seen[kind+code] {
			return nil
		}
		seen[kind+code] = true
		_, err := tx.Exec(ctx, insert, id, kind, code)
		return err
	}
	for _, u := range organ {
		if err := add(AudienceUnit, u.FullUnitCode); err != nil {
			return err
		}
	}
	for _, e := range employee {
		if err := add(AudienceEmployee, e.Code); err != nil {
			return err
		}
	}
	return nil
}
