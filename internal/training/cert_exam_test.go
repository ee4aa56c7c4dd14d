package training_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/exam"
	"biddesk/internal/org"
	"biddesk/internal/training"
)

// An exam is a completion rule of a course certification: the rule's exam is chosen with the picker (searched by the
// exam's name, each with its state and open period); a trainee who meets the attendance meets the rule only once
// they passed the exam, and closing the class then issues their certificate; one who failed it gets none.
func TestExamPassedCountsTowardTheCertificate(t *testing.T) {
	e := apptest.New(t)
	admin, staff, lib := e.As(apptest.Admin), e.As(apptest.Staff), e.As(apptest.LibAdmin)
	staffID := e.UserID("staff")

	// the exams: a published one open now (one question, pass mark 10 of 10) and a draft
	var q exam.Saved
	admin.Done("POST", "/api/exam/question/add", map[string]any{"type": "single", "stem": "结业考试单选题", "options": []map[string]string{{"key": "A", "text": "甲"},
		{"key": "B", "text": "乙"}}, "answer": "B"}, &q)
	paper := e.Added("POST", "/api/exam/paper/add", admin.Token, map[string]any{"name": "结业考试卷", "kind": "fixed",
		"items": []map[string]any{{"questionId": q.ID, "score": 10}}})
	now := time.Now()
	addExam := func(name string, publish bool) int64 {
		return e.Added("POST", "/api/exam/exam/add", admin.Token, map[string]any{"name": name, "paperId": paper,
			"opensAt": now.Add(-time.Minute).Format(time.RFC3339), "closesAt": now.Add(time.Hour).Format(time.RFC3339), "durationMin": 20,
			"passMark": 10, "attemptsAllowed": 2, "results": "now", "publish": publish})
	}
	final := addExam("项目管理结业考试", true)
	draft := addExam("项目管理结业考试（补考）", false)

	t.Run("the picker", func(t *testing.T) {
		for _, c := range []struct {
			keyword string
			want    map[int64]string // id: state
		}{
			{"项目管理结业", map[int64]string{final: "open", draft: "draft"}},
			{"补考", map[int64]string{draft: "draft"}},
			{"没有这场考试", map[int64]string{}},
		} {
			var got []training.ExamOption
			admin.Done("GET", "/api/training/cert/exams?keyword="+url.QueryEscape(c.keyword), nil, &got)
			if len(got) != len(c.want) {
				t.Errorf("%q: %+v", c.keyword, got)
			}
			for _, o := range got {
				if c.want[o.ID] != o.State || o.OpensAt.IsZero() || !o.ClosesAt.After(o.OpensAt) {
					t.Errorf("%q: %+v", c.keyword, o)
				}
			}
		}
		if resp, _ := lib.Call("GET", "/api/training/cert/exams", nil); resp.StatusCode != 403 {
			t.Errorf("the picker without training_class: %d", resp.StatusCode)
		}
	})

	// a class the demo staff member attends in full
	unit := org.DemoPeople[org.DemoStaffEmployee].Unit
	class := e.Added("POST", "/api/training/class/add", admin.Token, map[string]any{"name": "考试认证班", "unitCode": unit,
		"startDate": now.Format("2006-01-02"), "endDate": now.AddDate(0, 0, 10).Format("2006-01-02"), "mode": "onsite", "capacity": 5,
		"organ": []map[string]string{{"fullUnitCode": unit}}})
	var s1 training.SessionSaved
	start := now.AddDate(0, 0, 1)
	admin.Done("POST", "/api/training/session/add", map[string]any{"classId": class, "title": "考试认证第1讲",
		"startsAt": start.Format("2006-01-02") + " 09:00", "endsAt": start.Format("2006-01-02") + " 11:00"}, &s1)
	admin.Done("PUT", "/api/training/class/state", map[string]any{"id": class, "state": "enrolling"}, nil)
	staff.Done("POST", "/api/portal/training/enrol", map[string]any{"classId": class}, nil)
	admin.Done("PUT", "/api/training/signin/correct", map[string]any{"sessionId": s1.ID, "userId": staffID, "state": "present", "reason": "纸质签到"}, nil)
	admin.Refused("PUT", "/api/training/cert/rule", map[string]any{"classId": class, "enabled": true, "examId": 987654}, "考试不存在")
	admin.Done("PUT", "/api/training/cert/rule", map[string]any{"classId": class, "enabled": true, "minAttendance": 100, "examId": final}, nil)
	var rule training.CertRule
	admin.Done("GET", fmt.Sprintf("/api/training/cert/rule?classId=%d", class), nil, &rule)
	if rule.ExamID != final || rule.ExamName != "项目管理结业考试" {
		t.Fatalf("the rule: %+v", rule)
	}
	candidate := func() training.Candidate {
		t.Helper()
		var list []training.Candidate
		admin.Done("GET", fmt.Sprintf("/api/training/cert/list?classId=%d", class), nil, &list)
		if len(list) != 1 || list[0].UserID != staffID {
			t.Fatalf("candidates: %+v", list)
		}
		return list[0]
	}
	take := func(answer string) {
		t.Helper()
		var v exam.AttemptView
		staff.Done("POST", "/api/portal/exam/start", map[string]any{"examId": final}, &v)
		staff.Done("POST", "/api/portal/exam/save", map[string]any{"attemptId": v.AttemptID, "questionId": q.ID, "seq": 1, "response": answer}, nil)
		staff.Done("POST", "/api/portal/exam/submit", map[string]any{"attemptId": v.AttemptID}, nil)
	}

	for _, step := range []struct {
		name   string
		answer string // "" takes no exam
		passed bool
	}{
		{"attended, no exam taken", "", false},
		{"attended, the exam failed", "A", false},
		{"attended, the exam passed at the second attempt", "B", true},
	} {
		if step.answer != "" {
			take(step.answer)
		}
		if c := candidate(); c.Attendance != 100 || c.ExamPassed != step.passed || c.Meets != step.passed {
			t.Fatalf("%s: %+v", step.name, c)
		}
	}
	for _, st := range []string{"running", "closed"} {
		admin.Done("PUT", "/api/training/class/state", map[string]any{"id": class, "state": st}, nil)
	}
	if c := candidate(); c.Certificate == nil || c.Certificate.State != training.CertValid || c.Certificate.Manual {
		t.Fatalf("closing the class issued no certificate for the passed exam: %+v", c)
	}
}
