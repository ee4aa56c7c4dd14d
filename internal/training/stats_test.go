package training_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/stats"
	"biddesk/internal/training"
)

// TestTrainingStatistics: the training statistics of a small known year: two trainees of 培训部 and one of 市场部 in a
// closed class of two sessions (2 h and 1.5 h); attendance, completion (at least 80 %), hours per unit, per employee
// and per lecturer (with the average of the lecturer's ratings); a user whose statistics scope is 市场部 sees only it and may not name 培训部.
func TestTrainingStatistics(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2)
	ctx := as(w.admin)
	lect, err := w.svc.SaveLecturer(ctx, training.LecturerIn{Kind: training.KindExternal, Name: "统计讲师", Organisation: "外部学院"})
	if err != nil {
		t.Fatal(err)
	}
	class := w.class(5, false)
	if _, err := w.session(class, "2026-03-11 09:00", "2026-03-11 10:30", "", lect); err != nil {
		t.Fatal(err)
	}
	w.open(class) // and a session 2026-03-10 09:00-11:00
	s00, s01, m1 := w.users[0], w.users[1], w.users[2]
	for _, u := range []int64{s00, s01, m1} {
		if _, err := w.svc.Enrol(as(u), class); err != nil {
			t.Fatal(err)
		}
	}
	w.set(time.Date(2026, 3, 10, 8, 0, 0, 0, time.Local))
	if err := w.svc.SetState(ctx, class, training.StateRunning); err != nil {
		t.Fatal(err)
	}
	sessions, err := w.svc.Sessions(context.Background(), class)
	if err != nil || len(sessions) != 2 {
		t.Fatalf("sessions: %v %v", sessions, err)
	}
	sign := func(session, user int64, state string) {
		w.exec(`INSERT INTO training_signin (session_id, user_id, signed_at, state, method, created_at, updated_at) VALUES (?, ?, ?, ?, 'qr', ?, ?)`,
			session, user, w.now, state, w.now, w.now)
	}
	sign(sessions[0].ID, s00, training.SignPresent)
	sign(sessions[1].ID, s00, training.SignPresent)
	sign(sessions[0].ID, s01, training.SignLate)
	sign(sessions[1].ID, s01, training.SignAbsent)
	sign(sessions[0].ID, m1, training.SignPresent)
	sign(sessions[1].ID, m1, training.SignLate)
	for i, u := range []int64{s00, m1} { // the lecturer's ratings: 5 and 4
		w.exec(`INSERT INTO training_evaluation (class_id, session_id, user_id, lecturer_id, course_stars, lecturer_stars, created_at) VALUES (?, ?, ?, ?, 4, ?, ?)`,
			class, sessions[1].ID, u, lect, 5-i, time.Date(2026, 3, 12, 9, 0, 0, 0, time.Local))
	}
	w.set(time.Date(2026, 4, 1, 8, 0, 0, 0, time.Local))
	if err := w.svc.SetState(ctx, class, training.StateClosed); err != nil {
		t.Fatal(err)
	}

	scope := org.Visibility{All: true}
	svc := stats.NewService(w.db, func(context.Context, int64, string) (org.Visibility, error) { return scope, nil }, nil)
	svc.UseClock(func() time.Time { return time.Date(2026, 4, 1, 8, 0, 0, 0, time.Local) })
	year := 2026
	rep, err := svc.Training(ctx, "zh-CN", stats.Filter{Year: &year})
	if err != nil {
		t.Fatal(err)
	}
	summary := map[string]int64{}
	for _, s := range rep.Summary {
		summary[s.Key] = s.Value
	}
	if summary["trainees"] != 3 || summary["trainingHours"] != 9 || summary["attendanceRate"] != 83 || summary["completionRate"] != 67 {
		t.Errorf("summary: %v", summary)
	}
	units := map[string]map[string]any{}
	for _, row := range rep.Tables[0].Rows {
		units[row["unitName"].(string)] = row
	}
	if u := units["培训部"]; u == nil || u["trainees"] != int64(2) || u["seats"] != int64(4) || u["attended"] != int64(3) || u["attendanceRate"] != 75.0 ||
		u["closedSeats"] != int64(2) || u["completed"] != int64(1) || u["completionRate"] != 50.0 || u["hours"] != 5.5 {
		t.Errorf("培训部: %v", u)
	}
	if u := units["市场部"]; u == nil || u["attended"] != int64(2) || u["completionRate"] != 100.0 || u["hours"] != 3.5 {
		t.Errorf("市场部: %v", u)
	}
	people := rep.Tables[1].Rows
	if len(people) != 3 || people[0]["login"] != "s00" || people[1]["login"] != "m1" || people[0]["hours"] != 3.5 || people[2]["login"] != "s01" || people[2]["hours"] != 2.0 {
		t.Errorf("per employee: %v", people)
	}
	if l := rep.Tables[2].Rows; len(l) != 1 || l[0]["lecturer"] != "统计讲师" || l[0]["sessions"] != int64(1) || l[0]["hours"] != 1.5 || l[0]["evaluations"] != int64(2) || l[0]["rating"] != 4.5 {
		t.Errorf("per lecturer: %v", l)
	}
	var march int64
	for i, label := range rep.Charts[2].Labels {
		if label == "2026-03" {
			march = rep.Charts[2].Series[0].Values[i]
		}
	}
	if march != 5 {
		t.Errorf("sign-ins in March: %d (%v)", march, rep.Charts[2])
	}

	// a user who sees 市场部 only
	scope = org.Visibility{Prefixes: []string{"100102"}}
	rep, err = svc.Training(ctx, "zh-CN", stats.Filter{Year: &year})
	if err != nil {
		t.Fatal(err)
	}
	if rows := rep.Tables[0].Rows; len(rows) != 1 || rows[0]["unitName"] != "市场部" {
		t.Errorf("scoped units: %v", rows)
	}
	if rows := rep.Tables[1].Rows; len(rows) != 1 || rows[0]["login"] != "m1" {
		t.Errorf("scoped people: %v", rows)
	}
	if rep.Summary[0].Value != 1 {
		t.Errorf("scoped summary: %v", rep.Summary)
	}
	if _, err := svc.Training(ctx, "zh-CN", stats.Filter{Year: &year, UnitCode: "100101"}); key(err) != "stats.unit_out_of_scope" {
		t.Errorf("naming 培训部 out of scope: %v", err)
	}
}

// TestSeatCountsEqualARecount: the counts the training statistics read (training_seat_count per seat and
// training_session.attended, kept by migration 066's triggers) equal a recount from the sign-ins after QR sign-ins,
// corrections (to absent and back), a withdrawal, a session given another end (its length) and a session's sign-ins deleted.
func TestSeatCountsEqualARecount(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	ctx := context.Background()
	check := func(step string) {
		t.Helper()
		minutes := `CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER)`
		if w.db.Dialect == db.Postgres {
			minutes = `CAST(EXTRACT(EPOCH FROM (x.ends_at - x.starts_at)) / 60 AS BIGINT)`
		}
		recount := `SELECT x.class_id, g.user_id, COUNT(*) AS attended, SUM(` + minutes + `) AS minutes FROM training_signin g
			JOIN training_session x ON x.id = g.session_id WHERE g.state IN ('present', 'late') GROUP BY x.class_id, g.user_id`
		var diff, seats int
		if err := w.db.QueryRow(ctx, `SELECT
			(SELECT COUNT(*) FROM (`+recount+`) r LEFT JOIN training_seat_count s ON s.class_id = r.class_id AND s.user_id = r.user_id
				WHERE s.attended IS NULL OR s.attended <> r.attended OR s.minutes <> r.minutes)
			+ (SELECT COUNT(*) FROM training_seat_count s LEFT JOIN (`+recount+`) r ON s.class_id = r.class_id AND s.user_id = r.user_id WHERE r.attended IS NULL)
			+ (SELECT COUNT(*) FROM training_session x WHERE x.attended <> (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = x.id AND g.state IN ('present', 'late'))),
			(SELECT COUNT(*) FROM training_seat_count)`).Scan(&diff, &seats); err != nil {
			t.Fatal(err)
		}
		if diff != 0 {
			t.Errorf("%s: %d maintained counts differ from the recount", step, diff)
		}
		t.Logf("%s: %d seats counted", step, seats)
	}
	class := w.class(5, false)
	second, err := w.session(class, "2026-03-11 09:00", "2026-03-11 10:30", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	w.open(class) // and a session 2026-03-10 09:00-11:00
	for _, u := range w.users[:4] {
		if _, err := w.svc.Enrol(as(u), class); err != nil {
			t.Fatal(err)
		}
	}
	sessions, err := w.svc.Sessions(ctx, class)
	if err != nil || len(sessions) != 2 {
		t.Fatalf("sessions: %v %v", sessions, err)
	}
	first := sessions[0].ID
	check("before any sign-in")
	// QR sign-ins: three on time, one late
	start := time.Date(2026, 3, 10, 9, 0, 0, 0, time.Local)
	for i, u := range w.users[:4] {
		at := start.Add(-5 * time.Minute)
		if i == 3 {
			at = start.Add(5 * time.Minute)
		}
		w.set(at)
		q, err := w.svc.Code(ctx, first)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.SignIn(ctx, u, training.SignInIn{SessionID: first, Code: q.Code}); err != nil {
			t.Fatal(err)
		}
	}
	check("after QR sign-ins")
	correct := func(session, user int64, state string) {
		t.Helper()
		if err := w.svc.Correct(as(w.admin), training.CorrectIn{SessionID: session, UserID: user, State: state, Reason: "核对"}); err != nil {
			t.Fatal(err)
		}
	}
	correct(second.ID, w.users[0], training.SignPresent) // a new sign-in by hand
	correct(second.ID, w.users[1], training.SignAbsent)  // an absence by hand: no attendance
	correct(first, w.users[2], training.SignAbsent)      // present -> absent
	check("after corrections")
	var attended, minutes int64
	if err := w.db.QueryRow(ctx, `SELECT attended, minutes FROM training_seat_count WHERE class_id = ? AND user_id = ?`, class, w.users[0]).Scan(&attended, &minutes); err != nil ||
		attended != 2 || minutes != 210 {
		t.Errorf("s00's seat: %d sessions, %d minutes, %v", attended, minutes, err)
	}
	correct(first, w.users[2], training.SignLate) // absent -> late
	correct(second.ID, w.users[1], training.SignPresent)
	check("after corrections back")
	w.set(time.Date(2026, 3, 9, 8, 0, 0, 0, time.Local))
	if err := w.svc.Withdraw(as(w.users[3]), class); err != nil {
		t.Fatal(err)
	}
	check("after a withdrawal")
	w.exec(`UPDATE training_session SET ends_at = ? WHERE id = ?`, time.Date(2026, 3, 11, 12, 0, 0, 0, time.Local), second.ID) // 3 hours now
	check("after a session's new end")
	if err := w.db.QueryRow(ctx, `SELECT minutes FROM training_seat_count WHERE class_id = ? AND user_id = ?`, class, w.users[0]).Scan(&minutes); err != nil || minutes != 300 {
		t.Errorf("s00's minutes after the longer session: %d %v", minutes, err)
	}
	w.exec(`DELETE FROM training_signin WHERE session_id = ?`, first)
	check("after the sign-ins of a session are deleted")
}

// TestTrainingStatisticsOfAClassAcrossTheYearsEnd: a class with a session in December 2025 and one in March 2026
// counts for 2026 only the March session's sign-ins and hours (read from the sign-ins, not the seat's counts).
func TestTrainingStatisticsOfAClassAcrossTheYearsEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	ctx := as(w.admin)
	class := w.class(5, false)
	december, err := w.session(class, "2026-03-12 09:00", "2026-03-12 10:00", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	w.open(class) // and a session 2026-03-10 09:00-11:00
	if _, err := w.svc.Enrol(as(w.users[0]), class); err != nil {
		t.Fatal(err)
	}
	w.exec(`UPDATE training_session SET starts_at = ?, ends_at = ? WHERE id = ?`, time.Date(2025, 12, 30, 9, 0, 0, 0, time.Local),
		time.Date(2025, 12, 30, 10, 0, 0, 0, time.Local), december.ID)
	sessions, err := w.svc.Sessions(context.Background(), class)
	if err != nil || len(sessions) != 2 {
		t.Fatalf("sessions: %v %v", sessions, err)
	}
	for _, x := range sessions {
		w.exec(`INSERT INTO training_signin (session_id, user_id, signed_at, state, method, created_at, updated_at) VALUES (?, ?, ?, 'present', 'qr', ?, ?)`,
			x.ID, w.users[0], w.now, w.now, w.now)
	}
	svc := stats.NewService(w.db, func(context.Context, int64, string) (org.Visibility, error) { return org.Visibility{All: true}, nil }, nil)
	svc.UseClock(func() time.Time { return time.Date(2026, 4, 1, 8, 0, 0, 0, time.Local) })
	for _, c := range []struct {
		year  int
		hours float64
	}{{2026, 2}, {2025, 1}} {
		rep, err := svc.Training(ctx, "zh-CN", stats.Filter{Year: &c.year})
		if err != nil {
			t.Fatal(err)
		}
		if people := rep.Tables[1].Rows; len(people) != 1 || people[0]["sessionsAttended"] != int64(1) || people[0]["hours"] != c.hours {
			t.Errorf("%d: %v", c.year, people)
		}
	}
}

// TestTrainingCertificationRateByUnit: per unit the employees (staff accounts), those holding a live certificate
// issued in the year (a revoked one or one of another year does not count, two count once), the rate; the chart
// drills into the units; a user whose scope is 市场部 sees only it; a drill-down into 培训部 shows it on its own.
func TestTrainingCertificationRateByUnit(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3) // 培训部: s00, s01, s02; 市场部: m1, m2
	ctx := as(w.admin)
	classes := []int64{w.class(5, false), w.class(6, false)}
	certify := func(class, user int64, issued, state string) {
		t.Helper()
		w.exec(`INSERT INTO training_certificate (serial, class_id, user_id, holder_name, title, issued_on, state, created_at) VALUES (?, ?, ?, 'x', 'x', ?, ?, ?)`,
			fmt.Sprintf("BD-T-%d-%d-%s", class, user, issued), class, user, issued, state, w.now)
	}
	s00, s01, s02, m1, m2 := w.users[0], w.users[1], w.users[2], w.users[3], w.users[4]
	certify(classes[0], s00, "2026-03-01", "valid")
	certify(classes[1], s00, "2026-05-01", "valid") // a second certificate: counted once
	certify(classes[0], s01, "2026-03-01", "revoked")
	certify(classes[0], s02, "2025-12-30", "valid") // another year
	certify(classes[0], m1, "2026-12-31", "valid")
	_ = m2
	scope := org.Visibility{All: true}
	svc := stats.NewService(w.db, func(context.Context, int64, string) (org.Visibility, error) { return scope, nil }, nil)
	svc.UseClock(func() time.Time { return time.Date(2026, 4, 1, 8, 0, 0, 0, time.Local) })
	year := 2026
	report := func(unit string) *stats.Report {
		t.Helper()
		rep, err := svc.Training(ctx, "zh-CN", stats.Filter{Year: &year, UnitCode: unit})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	certTable := func(rep *stats.Report) map[string]string {
		out := map[string]string{}
		for _, tb := range rep.Tables {
			if tb.Key == "trainingCertification" {
				for _, row := range tb.Rows {
					out[row["unitName"].(string)] = fmt.Sprint(row["employees"], "/", row["certified"], "/", row["certificationRate"])
				}
			}
		}
		return out
	}
	rep := report("")
	if got := certTable(rep); got["培训部"] != "3/1/33.3" || got["市场部"] != "2/1/50" {
		t.Errorf("by unit: %v", got)
	}
	var chart *stats.Chart
	for i := range rep.Charts {
		if rep.Charts[i].Key == "trainingCertification" {
			chart = &rep.Charts[i]
		}
	}
	if chart == nil || fmt.Sprint(chart.Codes) != "[100101 100102]" || fmt.Sprint(chart.Series[0].Values) != "[33 50]" {
		t.Errorf("chart: %+v", chart)
	}
	if got := certTable(report("100101")); len(got) != 1 || !strings.Contains(fmt.Sprint(got), ":3/1/33.3") {
		t.Errorf("drill-down: %v", got)
	}
	scope = org.Visibility{Prefixes: []string{"100102"}}
	if got := certTable(report("")); len(got) != 1 || got["市场部"] != "2/1/50" {
		t.Errorf("scoped to 市场部: %v", got)
	}
	for _, s := range report("").Summary {
		if s.Key == "certificationRate" && s.Value != 50 {
			t.Errorf("scoped summary: %v", s)
		}
	}
}

// TestTrainingStatisticsExportHasTheCertificationRate: export 'statistics' (training) carries the certification
// table after the others, with its title and columns.
func TestTrainingStatisticsExportHasTheCertificationRate(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	path := stats.PathTrainingExport
	resp, body := e.Fetch(path+"?ticket="+e.Ticket(admin, path)+"&year=2026", "")
	if resp.StatusCode != 200 {
		t.Fatalf("export: %d", resp.StatusCode)
	}
	rows := apptest.SheetRows(t, body)
	at := -1
	for i, r := range rows {
		if len(r) > 0 && r[0] == "各单位认证率（%）" {
			at = i
		}
	}
	if at < 0 || at+1 >= len(rows) || !slices.Equal(rows[at+1], []string{"单位", "员工人数", "获证人数", "认证率（%）"}) {
		t.Errorf("the certification table: %d in %q", at, rows)
	}
}
