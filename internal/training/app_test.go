package training_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/config"
	"biddesk/internal/training"
)

// TestFunctionCodesAndExports: the training screens' calls need their function codes (the library
// administrator has none of them); the learner's side refuses an external account; a class made through the
// calls is enrolled in from the portal and signed in with the QR screen's code; each export's rows are the screen's.
func TestFunctionCodesAndExports(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	partner := e.LoginOutSite("partner", "Partner@123").AccessToken

	for _, c := range []struct{ name, method, path string }{
		{"lecturers", "GET", "/api/training/lecturer/list"},
		{"classes", "GET", "/api/training/class/list"},
		{"a new class", "POST", "/api/training/class/add"},
		{"the QR code", "GET", "/api/training/signin/code?sessionId=1"},
		{"the sign-in export", "GET", "/api/training/signin/export?classId=1"},
	} {
		t.Run("no code: "+c.name, func(t *testing.T) {
			if resp, _ := e.Call(c.method, c.path, lib, map[string]any{}); resp.StatusCode != 403 {
				t.Errorf("%s %s as libadmin: %d", c.method, c.path, resp.StatusCode)
			}
		})
	}
	e.Refused("GET", "/api/portal/training/classes", partner, nil, "外部账号不能参加内部培训")

	var lect struct{ ID int64 }
	e.Done("POST", "/api/training/lecturer/add", admin, map[string]any{"kind": "external", "name": "测试讲师甲", "organisation": "外部学院",
		"title": "教授"}, &lect)
	unit := org.DemoPeople[org.DemoStaffEmployee].Unit
	var class struct{ ID int64 }
	now := time.Now()
	e.Done("POST", "/api/training/class/add", admin, map[string]any{"name": "测试培训班", "unitCode": unit, "startDate": now.Format("2006-01-02"),
		"endDate": now.AddDate(0, 0, 7).Format("2006-01-02"), "mode": "onsite", "place": "一号会议室", "capacity": 2,
		"lecturerIds": []int64{lect.ID}, "organ": []map[string]string{{"fullUnitCode": unit}}}, &class)
	start := now.Add(5 * time.Minute).In(time.Local)
	var s1, s2 training.SessionSaved
	end := start.Add(time.Hour).Format("15:04") // the message names the end's day only when it is another (a run near midnight)
	if start.Add(time.Hour).Format("2006-01-02") != start.Format("2006-01-02") {
		end = start.Add(time.Hour).Format("2006-01-02 15:04")
	}
	e.Done("POST", "/api/training/session/add", admin, map[string]any{"classId": class.ID, "title": "开班讲座", "lecturerId": lect.ID,
		"startsAt": start.Format("2006-01-02 15:04"), "endsAt": start.Add(time.Hour).Format("2006-01-02 15:04"), "room": "测试教室A"}, &s1)
	e.Refused("POST", "/api/training/session/add", admin, map[string]any{"classId": class.ID, "title": "冲突", "lecturerId": lect.ID,
		"startsAt": start.Add(30 * time.Minute).Format("2006-01-02 15:04"), "endsAt": start.Add(2 * time.Hour).Format("2006-01-02 15:04")},
		fmt.Sprintf("讲师「测试讲师甲」在该时段已有课次：测试培训班「开班讲座」（%s–%s）", start.Format("2006-01-02 15:04"), end))
	e.Done("POST", "/api/training/session/add", admin, map[string]any{"classId": class.ID, "title": "案例研讨", "lecturerId": lect.ID,
		"startsAt": start.AddDate(0, 0, 1).Format("2006-01-02 15:04"), "endsAt": start.AddDate(0, 0, 1).Add(time.Hour).Format("2006-01-02 15:04")}, &s2)
	e.Refused("POST", "/api/portal/training/enrol", staff, map[string]any{"classId": class.ID}, "培训班「测试培训班」当前不在报名中")
	e.Done("PUT", "/api/training/class/state", admin, map[string]any{"id": class.ID, "state": "enrolling"}, nil)
	e.Refused("PUT", "/api/training/class/state", admin, map[string]any{"id": class.ID, "state": "archived"}, "培训班「测试培训班」当前为报名中，不能改为已归档")

	var mine []training.MyClass
	e.Done("GET", "/api/portal/training/classes", staff, nil, &mine)
	found := false
	for _, c := range mine {
		found = found || (c.ID == class.ID && c.CanEnrol)
	}
	if !found {
		t.Fatalf("the staff member's classes lack the class: %+v", mine)
	}
	var en training.Enrolled
	e.Done("POST", "/api/portal/training/enrol", staff, map[string]any{"classId": class.ID}, &en)
	if en.State != training.EnrolEnrolled {
		t.Fatalf("enrolled: %+v", en)
	}
	var week []training.Session
	e.Done("GET", "/api/portal/training/schedule?from="+now.Format("2006-01-02")+"&to="+now.AddDate(0, 0, 6).Format("2006-01-02"), staff, nil, &week)
	if len(week) != 2 {
		t.Errorf("my schedule: %+v", week)
	}

	// the QR screen's code signs the staff member in (the service answers for the phone page's call)
	var qr training.QR
	e.Done("GET", fmt.Sprintf("/api/training/signin/code?sessionId=%d", s1.ID), admin, nil, &qr)
	if !qr.Open || !strings.HasPrefix(qr.Path, fmt.Sprintf("/h5Course?signin=%d&code=", s1.ID)) {
		t.Fatalf("QR: %+v", qr)
	}
	var staffID int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM sys_user WHERE login_code = 'staff'`).Scan(&staffID); err != nil {
		t.Fatal(err)
	}
	ctx := auth.WithPrincipal(context.Background(), &auth.Principal{UserID: staffID, UserType: auth.SiteStaff})
	if _, err := e.App.Training().SignIn(ctx, staffID, training.SignInIn{SessionID: s1.ID, Code: qr.Code}); err != nil {
		t.Fatal(err)
	}
	var sheet training.Sheet
	e.Done("GET", fmt.Sprintf("/api/training/signin/sheet?sessionId=%d", s1.ID), admin, nil, &sheet)
	if sheet.Present != 1 || len(sheet.Rows) != 1 {
		t.Errorf("sheet: %+v", sheet)
	}

	export := func(path string) [][]string {
		t.Helper()
		resp, raw := e.Fetch(path, admin)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, raw)
		}
		return apptest.SheetRows(t, raw)
	}
	staffName := org.DemoPeople[org.DemoStaffEmployee].Name
	for _, c := range []struct {
		name, path string
		rows       int
		check      func(rows [][]string) bool
	}{
		{"lecturers", "/api/training/lecturer/export?keyword=" + url.QueryEscape("测试讲师甲"), 2,
			func(r [][]string) bool {
				return r[0][0] == "姓名" && r[1][0] == "测试讲师甲" && r[1][1] == "外部讲师"
			}},
		{"training", "/api/training/class/export?keyword=" + url.QueryEscape("测试培训班"), 2,
			func(r [][]string) bool {
				return r[1][0] == "测试培训班" && r[1][7] == "1" && r[1][10] == "报名中"
			}},
		{"students", fmt.Sprintf("/api/training/class/students/export?classId=%d", class.ID), 2,
			func(r [][]string) bool {
				return r[1][0] == "staff" && r[1][1] == staffName && r[1][3] == "已报名" && r[1][6] == "1"
			}},
		{"schedule", fmt.Sprintf("/api/training/session/export?classId=%d", class.ID), 3,
			func(r [][]string) bool {
				return r[1][1] == "开班讲座" && r[1][3] == "测试讲师甲" && r[1][6] == "测试教室A" && r[2][1] == "案例研讨"
			}},
		{"sign-in", fmt.Sprintf("/api/training/signin/export?classId=%d", class.ID), 3,
			func(r [][]string) bool {
				return r[1][1] == "开班讲座" && r[1][6] == "出勤" && r[1][8] == "扫码" && r[2][6] == "未签到"
			}},
	} {
		t.Run("export "+c.name, func(t *testing.T) {
			rows := export(c.path)
			if len(rows) != c.rows || !c.check(rows) {
				b, _ := json.Marshal(rows)
				t.Errorf("%s: %s", c.name, b)
			}
		})
	}
}

// TestDemo: the demo company has a year of training: classes in every state with sessions, trainees and
// sign-ins, and a class enrolling that the demo staff member may join.
func TestDemo(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) { c.DemoWithoutHistory = false })
	ctx := context.Background()
	states := map[string]int{}
	err := dbEach(e, `SELECT state, COUNT(*) FROM training_class GROUP BY state`, func(st string, n int) { states[st] = n })
	if err != nil || len(states) != 5 {
		t.Errorf("class states: %v %v", states, err)
	}
	var signins, waiting int
	if err := e.App.DB.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM training_signin), (SELECT COUNT(*) FROM training_enrolment WHERE state = 'waiting')`).Scan(&signins, &waiting); err != nil || signins < 50 {
		t.Errorf("sign-ins %d, waiting %d: %v", signins, waiting, err)
	}
	// evaluations and certificates (demo_cert.go), one revoked
	certs := map[string]int{}
	var evals int
	if err := e.App.DB.QueryRow(ctx, `SELECT COUNT(*) FROM training_evaluation`).Scan(&evals); err != nil || evals == 0 {
		t.Errorf("evaluations %d: %v", evals, err)
	}
	if err := dbEach(e, `SELECT state, COUNT(*) FROM training_certificate GROUP BY state`, func(st string, n int) { certs[st] = n }); err != nil ||
		certs["valid"] == 0 || certs["revoked"] != 1 {
		t.Errorf("certificates: %v %v", certs, err)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	var mine []training.MyClass
	e.Done("GET", "/api/portal/training/classes", staff, nil, &mine)
	open := false
	for _, c := range mine {
		open = open || c.CanEnrol
	}
	if !open {
		t.Errorf("no class for the staff member to join: %+v", mine)
	}
}

func dbEach(e *apptest.Env, q string, fn func(string, int)) error {
	rows, err := e.App.DB.Query(context.Background(), q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return err
		}
		fn(s, n)
	}
	return rows.Err()
}

// TestDemoSurveysAndHonours: the demo has an answered questionnaire with its results, one open for the staff member,
// and last year's honorary catalogue in the portal.
func TestDemoSurveysAndHonours(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) { c.DemoWithoutHistory = false })
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	var list []training.Survey
	e.Done("GET", "/api/training/survey/list", admin, nil, &list)
	answered := false
	for _, s := range list {
		if s.Answered > 0 && s.Anonymous {
			var res training.SurveyResults
			e.Done("GET", fmt.Sprintf("/api/training/survey/results?id=%d", s.ID), admin, nil, &res)
			answered = res.Responses > 0 && res.Questions[1].Average > 0
		}
	}
	if !answered {
		t.Errorf("no answered questionnaire: %+v", list)
	}
	var mine []training.MySurvey
	e.Done("GET", "/api/portal/training/surveys", staff, nil, &mine)
	if len(mine) == 0 || !mine[0].Open {
		t.Errorf("the staff member's questionnaires: %+v", mine)
	}
	var book training.HonourBook
	e.Done("GET", "/api/portal/training/honours", staff, nil, &book)
	if book.Year != time.Now().Year()-1 || len(book.Items) < 4 {
		t.Errorf("honours: %+v", book)
	}
}
