package training_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/org"
	"biddesk/internal/training"
)

// TestSurveyAndHonourCalls: the questionnaire and honour screens' calls need their function codes; an administrator
// designs and sends a questionnaire to the staff member's unit, the staff member answers it in the portal once, the
// results and the export 'questionnaires' hold the answer; the honorary catalogue's entry shows in the portal and in
// the export 'honorary catalogue'; a partner is refused the learner's calls.
func TestSurveyAndHonourCalls(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	partner := e.LoginOutSite("partner", "Partner@123").AccessToken
	for _, c := range []struct{ name, method, path string }{
		{"questionnaires", "GET", "/api/training/survey/list"},
		{"a new questionnaire", "POST", "/api/training/survey/add"},
		{"the results", "GET", "/api/training/survey/results?id=1"},
		{"the questionnaire export", "GET", "/api/training/survey/export?id=1"},
		{"honours", "GET", "/api/training/honour/list"},
		{"a new honour", "POST", "/api/training/honour/add"},
		{"the honour export", "GET", "/api/training/honour/export"},
	} {
		t.Run("no code: "+c.name, func(t *testing.T) {
			if resp, _ := e.Call(c.method, c.path, lib, map[string]any{}); resp.StatusCode != 403 {
				t.Errorf("%s %s as libadmin: %d", c.method, c.path, resp.StatusCode)
			}
		})
	}
	e.Refused("GET", "/api/portal/training/surveys", partner, nil, "外部账号不能参加内部培训")
	e.Refused("GET", "/api/portal/training/honours", partner, nil, "外部账号不能参加内部培训")

	unit := org.DemoPeople[org.DemoStaffEmployee].Unit
	var created struct{ ID int64 }
	e.Done("POST", "/api/training/survey/add", admin, map[string]any{"title": "测试问卷", "deadline": time.Now().AddDate(0, 0, 3).Format("2006-01-02 15:04"),
		"organ": []map[string]string{{"fullUnitCode": unit}}, "questions": []map[string]any{
			{"kind": "single", "title": "满意吗", "options": []string{"满意", "不满意"}, "required": true},
			{"kind": "text", "title": "建议"}}}, &created)
	var sent training.SurveySendOut
	e.Done("PUT", "/api/training/survey/send", admin, map[string]any{"id": created.ID}, &sent)
	if sent.Recipients < 1 {
		t.Fatalf("sent: %+v", sent)
	}
	var form training.MySurvey
	e.Done("GET", fmt.Sprintf("/api/portal/training/survey?surveyId=%d", created.ID), staff, nil, &form)
	answer := map[string]any{"surveyId": created.ID, "answers": []map[string]any{{"questionId": form.Questions[0].ID, "choices": []int{1}},
		{"questionId": form.Questions[1].ID, "text": "多些案例"}}}
	e.Done("POST", "/api/portal/training/survey/answer", staff, answer, nil)
	e.Refused("POST", "/api/portal/training/survey/answer", staff, answer, "您已提交过问卷「测试问卷」，每人只能提交一次")
	var res training.SurveyResults
	e.Done("GET", fmt.Sprintf("/api/training/survey/results?id=%d", created.ID), admin, nil, &res)
	if res.Responses != 1 || res.Questions[0].Counts[0] != 1 || res.Questions[1].Texts[0].UserName != org.DemoPeople[org.DemoStaffEmployee].Name {
		t.Errorf("results: %+v", res)
	}
	export := func(path string) [][]string {
		t.Helper()
		resp, raw := e.Fetch(path, admin)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, raw)
		}
		return apptest.SheetRows(t, raw)
	}
	rows := export(fmt.Sprintf("/api/training/survey/export?id=%d", created.ID))
	if b, _ := json.Marshal(rows); len(rows) != 2 || rows[0][5] != "1. 满意吗" || rows[1][2] != "staff" || rows[1][5] != "满意" || rows[1][6] != "多些案例" {
		t.Errorf("export 'questionnaires': %s", b)
	}

	var staffID int64
	var mine []training.MySurvey
	e.Done("GET", "/api/portal/training/surveys", staff, nil, &mine)
	if len(mine) == 0 {
		t.Fatal("no questionnaires for the staff member")
	}
	var cands []training.Option
	e.Done("GET", "/api/training/honour/candidates?kind=trainee&keyword=staff", admin, nil, &cands)
	for _, c := range cands {
		if c.Name == org.DemoPeople[org.DemoStaffEmployee].Name {
			staffID = c.ID
		}
	}
	if staffID == 0 {
		t.Fatalf("candidates: %+v", cands)
	}
	e.Done("POST", "/api/training/honour/add", admin, map[string]any{"year": 2031, "kind": "trainee", "refId": staffID, "citation": "全勤学员"}, &created)
	var book training.HonourBook
	e.Done("GET", "/api/portal/training/honours?year=2031", staff, nil, &book)
	if len(book.Items) != 1 || book.Items[0].Citation != "全勤学员" {
		t.Errorf("portal book: %+v", book)
	}
	rows = export("/api/training/honour/export?year=2031")
	if b, _ := json.Marshal(rows); len(rows) != 2 || rows[1][0] != "2031" || rows[1][1] != "优秀学员" || rows[1][4] != "全勤学员" {
		t.Errorf("export 'honorary catalogue': %s", b)
	}
}
