package training_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/training"
)

// world is a migrated database with two units, their employees and accounts, and the training service on a clock
// the test moves.
type world struct {
	t     *testing.T
	db    *db.DB
	svc   *training.Service
	now   time.Time
	mu    sync.Mutex
	admin int64
	users []int64 // staff of unit 100101, then 2 of 100102
}

func newWorld(t *testing.T, staff int) *world {
	t.Helper()
	d := dbtest.Open(t)
	w := &world{t: t, db: d, now: time.Date(2026, 3, 2, 8, 0, 0, 0, time.Local)}
	w.svc = training.NewService(d, nil, nil, nil, nil)
	w.svc.UseClock(func() time.Time { w.mu.Lock(); defer w.mu.Unlock(); return w.now })
	ctx := context.Background()
	for _, u := range [][3]string{{"100", "", "华信集团"}, {"100101", "100", "培训部"}, {"100102", "100", "市场部"}} {
		w.exec(`INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level) VALUES (?, ?, ?, ?, 1)`, u[0], u[1], u[2], u[2])
	}
	add := func(login, unit, employee string) int64 {
		if employee != "" {
			w.exec(`INSERT INTO employee (code, name, unit_code) VALUES (?, ?, ?)`, employee, "员工"+login, unit)
		}
		id, err := d.Insert(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, user_type, employee_code, unit_code, created_at, updated_at)
			VALUES (?, ?, 'x', 1, 'staff', ?, ?, ?, ?)`, login, "员工"+login, employee, unit, w.now, w.now)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	w.admin = add("admin", "100", "")
	for i := 0; i < staff; i++ {
		w.users = append(w.users, add(fmt.Sprintf("s%02d", i), "100101", fmt.Sprintf("E%03d", i)))
	}
	w.users = append(w.users, add("m1", "100102", "M001"), add("m2", "100102", "M002"))
	return w
}

func (w *world) exec(q string, args ...any) {
	w.t.Helper()
	if _, err := w.db.Exec(context.Background(), q, args...); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) set(t time.Time) { w.mu.Lock(); w.now = t; w.mu.Unlock() }

func as(id int64) context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{UserID: id, UserType: auth.SiteStaff,
		FunCodes: map[string]bool{training.FunClass: true, training.FunLecturer: true, training.FunPortal: true}})
}

// key is the message key of a refusal ("" when err is nil).
func key(err error) string {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Key
	}
	if err != nil {
		return "unexpected: " + err.Error()
	}
	return ""
}

func (w *world) class(capacity int, approval bool, organ ...string) int64 {
	w.t.Helper()
	var picks []training.UnitPick
	for _, o := range organ {
		picks = append(picks, training.UnitPick{FullUnitCode: o})
	}
	id, err := w.svc.SaveClass(as(w.admin), training.ClassIn{Name: fmt.Sprintf("班级%d", capacity), UnitCode: "100101", StartDate: "2026-03-02",
		EndDate: "2026-03-20", Mode: training.ModeOnsite, Capacity: capacity, NeedsApproval: approval, Organ: picks})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

func (w *world) session(class int64, start, end, room string, lecturer int64) (training.SessionSaved, error) {
	return w.svc.SaveSession(as(w.admin), training.SessionIn{ClassID: class, Title: "课次" + start, StartsAt: start, EndsAt: end, Room: room, LecturerID: lecturer})
}

func (w *world) open(class int64) {
	w.t.Helper()
	if _, err := w.session(class, "2026-03-10 09:00", "2026-03-10 11:00", "", 0); err != nil {
		w.t.Fatal(err)
	}
	if err := w.svc.SetState(as(w.admin), class, training.StateEnrolling); err != nil {
		w.t.Fatal(err)
	}
}

func TestClassStateTransitions(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2)
	empty := w.class(5, false)
	enrolled := w.class(5, false)
	w.open(enrolled)
	if _, err := w.svc.Enrol(as(w.users[0]), enrolled); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		class int64
		to    string
		want  string
	}{
		{"a draft without sessions cannot open", empty, training.StateEnrolling, "training.state_no_sessions"},
		{"a draft cannot run", empty, training.StateRunning, "training.state_bad"},
		{"a draft cannot close", empty, training.StateClosed, "training.state_bad"},
		{"an unknown state", empty, "finished", "training.bad_value"},
		{"back to draft refused once someone enrolled", enrolled, training.StateDraft, "training.state_back_enrolled"},
		{"enrolling cannot be archived", enrolled, training.StateArchived, "training.state_bad"},
		{"enrolling runs", enrolled, training.StateRunning, ""},
		{"running cannot go back to enrolling", enrolled, training.StateEnrolling, "training.state_bad"},
		{"running closes", enrolled, training.StateClosed, ""},
		{"closed is archived", enrolled, training.StateArchived, ""},
		{"archived is the end", enrolled, training.StateClosed, "training.state_bad"},
	} {
		if got := key(w.svc.SetState(as(w.admin), c.class, c.to)); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// back to draft while nobody enrolled
	w.open(empty)
	if err := w.svc.SetState(as(w.admin), empty, training.StateDraft); err != nil {
		t.Errorf("back to draft: %v", err)
	}
	if err := w.svc.DeleteClass(as(w.admin), enrolled); key(err) != "training.delete_not_draft" {
		t.Errorf("delete an archived class: %v", err)
	}
}

// TestCapacityAndWaitListUnderSimultaneousEnrolment: 20 trainees enrol in a class of 5 at the same moment (released
// together by a barrier): exactly 5 hold a seat and 15 wait in order; a withdrawal moves the first in line up.
func TestCapacityAndWaitListUnderSimultaneousEnrolment(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 20)
	class := w.class(5, false, "100101")
	w.open(class)
	start := make(chan struct{})
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			_, errs[i] = w.svc.Enrol(as(w.users[i]), class)
		}(i)
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("enrol %d: %v", i, err)
		}
	}
	students, err := w.svc.Students(context.Background(), class)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var first int64
	for _, s := range students {
		count[s.State]++
		if s.State == training.EnrolWaiting && s.Position == 1 {
			first = s.UserID
		}
	}
	if count[training.EnrolEnrolled] != 5 || count[training.EnrolWaiting] != 15 {
		t.Fatalf("seats %v", count)
	}
	var seated int64
	for _, s := range students {
		if s.State == training.EnrolEnrolled {
			seated = s.UserID
			break
		}
	}
	if err := w.svc.Withdraw(as(seated), class); err != nil {
		t.Fatal(err)
	}
	students, _ = w.svc.Students(context.Background(), class)
	for _, s := range students {
		if s.UserID == first && s.State != training.EnrolEnrolled {
			t.Errorf("the first in line did not move up: %+v", s)
		}
	}
	for _, c := range []struct {
		name string
		user int64
		want string
	}{
		{"twice", w.users[1], "training.already"},
		{"outside the audience", w.users[20], "training.not_audience"},
	} {
		if _, err := w.svc.Enrol(as(c.user), class); key(err) != c.want && !(c.name == "twice" && key(err) == "training.already") {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	// past the deadline (the first session's start) nobody withdraws
	w.set(time.Date(2026, 3, 10, 9, 1, 0, 0, time.Local))
	if err := w.svc.Withdraw(as(first), class); key(err) != "training.withdraw_late" {
		t.Errorf("late withdrawal: %v", err)
	}
}

func TestApprovalHoldsNoSeatUntilApproved(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	class := w.class(1, true)
	w.open(class)
	for _, u := range w.users[:2] {
		if e, err := w.svc.Enrol(as(u), class); err != nil || e.State != training.EnrolPending {
			t.Fatalf("enrol: %+v %v", e, err)
		}
	}
	if err := w.svc.Decide(as(w.admin), training.DecideIn{ClassID: class, UserIDs: w.users[:2], Approve: true}); err != nil {
		t.Fatal(err)
	}
	st, _ := w.svc.Students(context.Background(), class)
	if st[0].State != training.EnrolEnrolled || st[1].State != training.EnrolWaiting {
		t.Errorf("approved: %+v", st)
	}
	if _, err := w.svc.Enrol(as(w.users[2]), class); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.Decide(as(w.admin), training.DecideIn{ClassID: class, UserIDs: w.users[2:3]}); key(err) != "training.required" {
		t.Errorf("reject without reason: %v", err)
	}
}

func TestScheduleConflicts(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	lect, err := w.svc.SaveLecturer(as(w.admin), training.LecturerIn{Name: "王讲师", Kind: training.KindExternal, Organisation: "外部学院"})
	if err != nil {
		t.Fatal(err)
	}
	a, b := w.class(5, false), w.class(6, false)
	if _, err := w.session(a, "2026-03-10 09:00", "2026-03-10 11:00", "301", lect); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, start, end, room string
		lecturer               int64
		want                   string
	}{
		{"the lecturer teaches then", "2026-03-10 10:00", "2026-03-10 12:00", "302", lect, "training.lecturer_busy"},
		{"the room is taken then", "2026-03-10 10:30", "2026-03-10 12:00", "301", 0, "training.room_busy"},
		{"the room in other letter case", "2026-03-10 08:00", "2026-03-10 09:30", " 301 ", 0, "training.room_busy"},
		{"right after is free", "2026-03-10 11:00", "2026-03-10 12:00", "301", lect, ""},
		{"ends before it starts", "2026-03-10 12:00", "2026-03-10 11:00", "", 0, "training.session_time_bad"},
		{"a bad time", "tomorrow", "2026-03-10 11:00", "", 0, "validate.time_bad"},
	} {
		_, err := w.session(b, c.start, c.end, c.room, c.lecturer)
		if key(err) != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	_, err = w.session(b, "2026-03-10 10:00", "2026-03-10 12:00", "", lect)
	if he := new(httpx.Error); !errors.As(err, &he) || fmt.Sprint(he.Args...) == "" {
		t.Fatalf("busy: %v", err)
	} else if msg := httpx.Translate(httpx.LangZH, he.Key, he.Args...); msg != "讲师「王讲师」在该时段已有课次：班级5「课次2026-03-10 09:00」（2026-03-10 09:00–11:00）" {
		t.Errorf("message: %s", msg)
	}
	// a trainee of both classes: a session of b overlapping one of a is a warning, not a refusal
	for _, c := range []int64{a, b} {
		if err := w.svc.SetState(as(w.admin), c, training.StateEnrolling); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Enrol(as(w.users[0]), c); err != nil {
			t.Fatal(err)
		}
	}
	saved, err := w.session(b, "2026-03-10 10:00", "2026-03-10 10:45", "", 0)
	if err != nil || len(saved.Warnings) != 1 || saved.ID == 0 {
		t.Errorf("trainee overlap: %+v %v", saved, err)
	}
}

// TestSignInWindowAndRotatingCode: the code of the QR screen, on the service's clock: taken in its 15 s and 5 s
// after (at most 20 s), refused as stale at 21 s, a forged one refused; the window from 15 minutes before to 30
// after the start; once per trainee; only for the enrolled; within the radius when the session checks it.
func TestSignInWindowAndRotatingCode(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	class := w.class(5, false)
	saved, err := w.svc.SaveSession(as(w.admin), training.SessionIn{ClassID: class, Title: "开班", StartsAt: "2026-03-10 09:00", EndsAt: "2026-03-10 11:00",
		Room: "101", Lat: 39.9, Lng: 116.4, RadiusM: 200})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.svc.SetState(as(w.admin), class, training.StateEnrolling); err != nil {
		t.Fatal(err)
	}
	for _, u := range w.users[:2] {
		if _, err := w.svc.Enrol(as(u), class); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Date(2026, 3, 10, 9, 0, 0, 0, time.Local)
	codeAt := func(at time.Time) string {
		w.set(at)
		q, err := w.svc.Code(context.Background(), saved.ID)
		if err != nil {
			t.Fatal(err)
		}
		return q.Code
	}
	near := training.SignInIn{SessionID: saved.ID, Lat: 39.9005, Lng: 116.4, HasPos: true}
	with := func(code string) training.SignInIn { in := near; in.Code = code; return in }
	stepStart := start.Add(-10 * time.Minute).Truncate(training.CodeStep) // a code shown at the start of its step
	for _, c := range []struct {
		name     string
		user     int64
		shown    time.Time
		used     time.Time
		code     string // "" the code shown
		pos      *training.SignInIn
		want     string
		wantSign string
	}{
		{"before the window", w.users[0], start.Add(-20 * time.Minute), start.Add(-20 * time.Minute), "", nil, "training.signin_early", ""},
		{"after the window", w.users[0], start.Add(31 * time.Minute), start.Add(31 * time.Minute), "", nil, "training.signin_closed", ""},
		{"a code from 21 s ago", w.users[0], stepStart, stepStart.Add(21 * time.Second), "", nil, "training.code_stale", ""},
		{"a forged code", w.users[0], stepStart, stepStart, "0123456789ab", nil, "training.code_bad", ""},
		{"not enrolled", w.users[2], stepStart, stepStart, "", nil, "training.signin_not_enrolled", ""},
		{"no position", w.users[0], stepStart, stepStart, "", &training.SignInIn{}, "training.position_required", ""},
		{"too far", w.users[0], stepStart, stepStart, "", &training.SignInIn{Lat: 39.95, Lng: 116.4, HasPos: true}, "training.position_far", ""},
		{"a code 19 s old is taken", w.users[0], stepStart, stepStart.Add(19 * time.Second), "", nil, "", training.SignPresent},
		{"twice", w.users[0], stepStart.Add(time.Minute), stepStart.Add(time.Minute), "", nil, "training.signin_twice", ""},
		{"after the start is late", w.users[1], start.Add(5 * time.Minute), start.Add(5*time.Minute + 3*time.Second), "", nil, "", training.SignLate},
	} {
		code := codeAt(c.shown)
		if c.code != "" {
			code = c.code
		}
		in := with(code)
		if c.pos != nil {
			in.Lat, in.Lng, in.HasPos = c.pos.Lat, c.pos.Lng, c.pos.HasPos
		}
		w.set(c.used)
		got, err := w.svc.SignIn(context.Background(), c.user, in)
		if key(err) != c.want || got.State != c.wantSign {
			t.Errorf("%s: %+v %v, want %q %q", c.name, got, err, c.want, c.wantSign)
		}
	}
	// nothing was saved by a refusal: exactly the two sign-ins
	var n int
	if err := w.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM training_signin`).Scan(&n); err != nil || n != 2 {
		t.Errorf("sign-ins saved: %d %v", n, err)
	}
	// a manual correction with a reason; the sheet shows it
	if err := w.svc.Correct(as(w.admin), training.CorrectIn{SessionID: saved.ID, UserID: w.users[1], State: training.SignPresent}); key(err) != "training.required" {
		t.Errorf("correction without reason: %v", err)
	}
	if err := w.svc.Correct(as(w.admin), training.CorrectIn{SessionID: saved.ID, UserID: w.users[1], State: training.SignPresent, Reason: "交通管制"}); err != nil {
		t.Fatal(err)
	}
	w.set(start.Add(2 * time.Hour))
	sh, err := w.svc.Sheet(context.Background(), saved.ID)
	if err != nil || sh.Present != 2 || sh.Late != 0 || len(sh.Rows) != 2 {
		t.Errorf("sheet: %+v %v", sh, err)
	}
}

func TestCourseLecturersAreAdopted(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	ctx := context.Background()
	w.exec(`INSERT INTO course_type (parent_id, name, sort, created_at, updated_at) VALUES (0, '类型', 1, ?, ?)`, w.now, w.now)
	for i, name := range []string{"员工s00", "外聘专家", "外聘专家"} {
		w.exec(`INSERT INTO course (name, cover_url, type_id, lecturer, created_at, updated_at) VALUES (?, '', (SELECT MIN(id) FROM course_type), ?, ?, ?)`,
			fmt.Sprintf("课程%d", i), name, w.now, w.now)
	}
	n, err := w.svc.AdoptCourseLecturers(ctx)
	if err != nil || n != 3 {
		t.Fatalf("adopted %d %v", n, err)
	}
	opts, _ := w.svc.LecturerOptions(ctx)
	if len(opts) != 2 {
		t.Fatalf("lecturers: %+v", opts)
	}
	var kind, code string
	if err := w.db.QueryRow(ctx, `SELECT kind, employee_code FROM training_lecturer WHERE name = '员工s00'`).Scan(&kind, &code); err != nil || kind != training.KindInternal || code != "E000" {
		t.Errorf("internal lecturer: %s %s %v", kind, code, err)
	}
}

// An account without an employee code enrols in a class open to its unit: its empty code is no value PostgreSQL
// refuses (it was a NUL byte, which PostgreSQL's text refuses: every enrolment of such an account failed there).
func TestAnAccountWithoutEmployeeCodeEnrols(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	w.exec(`UPDATE sys_user SET employee_code = '' WHERE id = ?`, w.users[0])
	class := w.class(5, false, "100101")
	w.open(class)
	if e, err := w.svc.Enrol(as(w.users[0]), class); err != nil || e.State != training.EnrolEnrolled {
		t.Fatalf("enrol: %+v %v", e, err)
	}
}
