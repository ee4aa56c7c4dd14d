package training_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/org"
	"biddesk/internal/training"
)

// walk calls fn with every key and every string value of a decoded JSON value.
func walk(v any, fn func(key, value string)) {
	switch x := v.(type) {
	case map[string]any:
		for k, y := range x {
			fn(k, "")
			walk(y, fn)
		}
	case []any:
		for _, y := range x {
			walk(y, fn)
		}
	case string:
		fn("", x)
	}
}

// TestCertificateCallsAndVerificationPage: the evaluation and certificate calls need training_class (the library
// administrator has none); the learner's side refuses an external account; a trainee evaluates an ended session
// from the portal once; the administrator's results name nobody; closing the class issues the certificate by its
// rule; the public verification answers without sign-in only the state, the class and the masked name, and is
// throttled per address; the PDF and the exports 'evaluation' and 'course certification' open.
func TestCertificateCallsAndVerificationPage(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	partner := e.LoginOutSite("partner", "Partner@123").AccessToken

	for _, c := range []struct{ method, path string }{
		{"GET", "/api/training/evaluation/class?classId=1"},
		{"GET", "/api/training/evaluation/export?classId=1"},
		{"GET", "/api/training/cert/list?classId=1"},
		{"PUT", "/api/training/cert/rule"},
		{"POST", "/api/training/cert/issue"},
		{"PUT", "/api/training/cert/revoke"},
		{"GET", "/api/training/cert/export?classId=1"},
		{"GET", "/api/training/cert/pdf?id=1"},
	} {
		t.Run("no code: "+c.path, func(t *testing.T) {
			if resp, _ := e.Call(c.method, c.path, lib, map[string]any{}); resp.StatusCode != 403 {
				t.Errorf("%s %s as libadmin: %d", c.method, c.path, resp.StatusCode)
			}
		})
	}
	e.Refused("GET", "/api/portal/training/evaluations", partner, nil, "外部账号不能参加内部培训")
	e.Refused("GET", "/api/portal/training/certificates", partner, nil, "外部账号不能参加内部培训")
	e.Refused("POST", "/api/portal/training/evaluate", partner, map[string]any{"classId": 1, "courseStars": 5}, "外部账号不能参加内部培训")

	var mu sync.Mutex
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.Local)
	e.App.Training().UseClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	set := func(t time.Time) { mu.Lock(); now = t; mu.Unlock() }

	var lect struct{ ID int64 }
	e.Done("POST", "/api/training/lecturer/add", admin, map[string]any{"kind": "external", "name": "认证讲师乙", "organisation": "外部学院"}, &lect)
	unit := org.DemoPeople[org.DemoStaffEmployee].Unit
	var class struct{ ID int64 }
	e.Done("POST", "/api/training/class/add", admin, map[string]any{"name": "认证测试班", "unitCode": unit, "startDate": "2026-03-02",
		"endDate": "2026-03-20", "mode": "onsite", "capacity": 5, "lecturerIds": []int64{lect.ID},
		"organ": []map[string]string{{"fullUnitCode": unit}}}, &class)
	var s1 training.SessionSaved
	e.Done("POST", "/api/training/session/add", admin, map[string]any{"classId": class.ID, "title": "认证第1讲", "lecturerId": lect.ID,
		"startsAt": "2026-03-10 09:00", "endsAt": "2026-03-10 11:00"}, &s1)
	e.Done("PUT", "/api/training/class/state", admin, map[string]any{"id": class.ID, "state": "enrolling"}, nil)
	e.Done("POST", "/api/portal/training/enrol", staff, map[string]any{"classId": class.ID}, nil)
	staffID := e.UserID("staff")
	e.Done("PUT", "/api/training/signin/correct", admin, map[string]any{"sessionId": s1.ID, "userId": staffID, "state": "present", "reason": "纸质签到"}, nil)

	e.Refused("POST", "/api/portal/training/evaluate", staff, map[string]any{"classId": class.ID, "sessionId": s1.ID, "courseStars": 5, "lecturerStars": 4},
		"「认证第1讲」尚未结束，结束后才能评估")
	set(time.Date(2026, 3, 10, 12, 0, 0, 0, time.Local))
	var todo []training.EvalTodo
	e.Done("GET", "/api/portal/training/evaluations", staff, nil, &todo)
	if len(todo) == 0 || todo[0].SessionID != s1.ID || todo[0].Done {
		t.Fatalf("to evaluate: %+v", todo)
	}
	e.Done("POST", "/api/portal/training/evaluate", staff, map[string]any{"classId": class.ID, "sessionId": s1.ID, "courseStars": 5, "lecturerStars": 4,
		"comment": "案例很实用"}, nil)
	e.Refused("POST", "/api/portal/training/evaluate", staff, map[string]any{"classId": class.ID, "sessionId": s1.ID, "courseStars": 1, "lecturerStars": 1},
		"您已于2026-03-10 12:00评估过「认证第1讲」，每人只能评估一次")

	person := org.DemoPeople[org.DemoStaffEmployee]
	code, _ := org.DemoEmployee(org.DemoStaffEmployee)
	noOne := func(what string, raw []byte) {
		t.Helper()
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		walk(v, func(k, s string) {
			if k == "userId" || k == "loginCode" || k == "userName" || (s != "" && (s == person.Name || s == "staff" || s == code)) {
				t.Errorf("%s names who evaluated (%q %q): %s", what, k, s, raw)
			}
		})
	}
	_, res := e.Call("GET", fmt.Sprintf("/api/training/evaluation/class?classId=%d", class.ID), admin, nil)
	noOne("the class's results", res.Data)
	var results training.EvalResults
	_ = json.Unmarshal(res.Data, &results)
	if results.Summary.Count != 1 || results.Summary.CourseDist[4] != 1 || len(results.Comments) != 1 || results.Comments[0].Comment != "案例很实用" {
		t.Errorf("results: %s", res.Data)
	}
	_, res = e.Call("GET", fmt.Sprintf("/api/training/evaluation/lecturer?lecturerId=%d", lect.ID), admin, nil)
	noOne("the lecturer's results", res.Data)
	var lecturers struct{ Records []training.Lecturer }
	e.Done("GET", "/api/training/lecturer/list?keyword="+"认证讲师乙", admin, nil, &lecturers)
	if len(lecturers.Records) != 1 || lecturers.Records[0].Rating != 4 || lecturers.Records[0].Ratings != 1 {
		t.Errorf("the lecturers list's average: %+v", lecturers.Records)
	}

	e.Done("PUT", "/api/training/cert/rule", admin, map[string]any{"classId": class.ID, "enabled": true, "minAttendance": 100, "needsEvaluation": true,
		"validityMonths": 12}, nil)
	for _, st := range []string{"running", "closed"} {
		e.Done("PUT", "/api/training/class/state", admin, map[string]any{"id": class.ID, "state": st}, nil)
	}
	var all, mine []training.Certificate
	e.Done("GET", "/api/portal/training/certificates", staff, nil, &all)
	for _, c := range all { // the demo's pricing class certified staff too
		if c.ClassID == class.ID {
			mine = append(mine, c)
		}
	}
	if len(mine) != 1 || mine[0].State != "valid" || mine[0].Title != "认证测试班" || mine[0].ValidUntil != "2027-03-10" {
		t.Fatalf("my certificates: %+v", mine)
	}
	serial := mine[0].Serial

	// the public page: no sign-in, only the state, the class and the masked name
	_, env := e.Call("GET", "/api/verify/cert?serial="+serial, "", nil)
	if env.Code != 0 {
		t.Fatalf("verify: %+v", env)
	}
	var v any
	_ = json.Unmarshal(env.Data, &v)
	allowed := map[string]bool{"serial": true, "found": true, "state": true, "title": true, "holder": true, "validUntil": true}
	walk(v, func(k, s string) {
		if k != "" && !allowed[k] {
			t.Errorf("the verification answers %q: %s", k, env.Data)
		}
		if s != "" && (strings.Contains(s, person.Name) || s == "staff" || s == code) {
			t.Errorf("the verification names the holder (%q): %s", s, env.Data)
		}
	})
	var ver training.Verification
	_ = json.Unmarshal(env.Data, &ver)
	if !ver.Found || ver.State != "valid" || ver.Holder != training.MaskName(person.Name) || ver.Title != "认证测试班" {
		t.Errorf("verification: %+v", ver)
	}

	resp, raw := e.Fetch(fmt.Sprintf("/api/portal/training/certificate/pdf?id=%d", mine[0].ID), staff)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(raw), "%PDF-") {
		t.Errorf("pdf: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	resp, raw = e.Fetch(fmt.Sprintf("/api/training/cert/export?classId=%d", class.ID), admin)
	rows := apptest.SheetRows(t, raw)
	if resp.StatusCode != 200 || len(rows) != 2 || rows[1][0] != "staff" || rows[1][3] != "100%" || rows[1][7] != serial || rows[1][10] != "有效" {
		t.Errorf("export 'course certification': %v", rows)
	}
	resp, raw = e.Fetch(fmt.Sprintf("/api/training/evaluation/export?classId=%d", class.ID), admin)
	rows = apptest.SheetRows(t, raw)
	if resp.StatusCode != 200 || len(rows) != 2 || rows[1][0] != "认证第1讲" || rows[1][2] != "认证讲师乙" || rows[1][3] != "5" || rows[1][5] != "案例很实用" {
		t.Errorf("export 'evaluation': %v", rows)
	}
	for _, row := range rows {
		for _, cell := range row {
			if cell == person.Name || cell == "staff" {
				t.Errorf("export 'evaluation' names who evaluated: %v", rows)
			}
		}
	}

	// revoked: the page says so; then the lookups of one address are throttled within a minute
	var certs []training.Candidate
	e.Done("GET", fmt.Sprintf("/api/training/cert/list?classId=%d", class.ID), admin, nil, &certs)
	e.Refused("PUT", "/api/training/cert/revoke", admin, map[string]any{"id": mine[0].ID, "reason": "  "}, "缺少参数 reason")
	e.Done("PUT", "/api/training/cert/revoke", admin, map[string]any{"id": mine[0].ID, "reason": "证书信息有误"}, nil)
	if e.BizLog(training.FunClass, "revoke") != 1 {
		t.Error("the revocation is not in the business log")
	}
	set(time.Date(2026, 3, 10, 13, 0, 0, 0, time.Local))
	throttled := 0
	for i := 0; i < training.VerifyPerMinute+1; i++ {
		resp, env := e.Call("GET", "/api/verify/cert?serial="+serial, "", nil)
		if resp.StatusCode == 429 {
			throttled++
			continue
		}
		_ = json.Unmarshal(env.Data, &ver)
		if ver.State != "revoked" {
			t.Errorf("after revocation: %s", env.Data)
		}
	}
	if throttled != 1 {
		t.Errorf("%d of %d lookups in a minute throttled, want 1", throttled, training.VerifyPerMinute+1)
	}
}
