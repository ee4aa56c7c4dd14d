package exam_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
	"biddesk/internal/auth"
	"biddesk/internal/exam"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/httpx"
)

func TestMain(m *testing.M) { apptest.Main(m) }

// forbidden are the fields of a key, an explanation or a mark: no taker-facing answer may hold them before the
// results are shown.
var forbidden = map[string]bool{"answer": true, "explanation": true, "marks": true, "score": true, "passed": true, "reference": true, "key": false}

// walk fails the test for every forbidden field in v (the option's own "key", its letter, is allowed).
func walk(t *testing.T, path string, v any, where string) {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if forbidden[k] {
				t.Errorf("%s answers %q at %s before release", path, k, where)
			}
			if k == "result" && c != nil {
				t.Errorf("%s answers a result at %s before release", path, where)
			}
			walk(t, path, c, where+"."+k)
		}
	case []any:
		for i, c := range x {
			walk(t, path, c, fmt.Sprintf("%s[%d]", where, i))
		}
	}
}

func TestTakersSeeNoKeyOrScoreBeforeRelease(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin, staff := e.As(apptest.Admin), e.As(apptest.Staff)
	var q1, q2 exam.Saved
	admin.Done("POST", "/api/exam/question/add", map[string]any{"type": "single", "stem": "接口测试单选题", "options": []map[string]string{{"key": "A", "text": "甲"},
		{"key": "B", "text": "乙"}}, "answer": "B", "explanation": "解析文字"}, &q1)
	admin.Done("POST", "/api/exam/question/add", map[string]any{"type": "short", "stem": "接口测试简答题", "answer": "参考答案"}, &q2)
	paper := e.Added("POST", "/api/exam/paper/add", admin.Token, map[string]any{"name": "接口测试卷", "kind": "fixed",
		"items": []map[string]any{{"questionId": q1.ID, "score": 10}, {"questionId": q2.ID, "score": 10}}})
	now := time.Now()
	examID := e.Added("POST", "/api/exam/exam/add", admin.Token, map[string]any{"name": "接口测试考试", "paperId": paper,
		"opensAt": now.Add(-time.Minute).Format(time.RFC3339), "closesAt": now.Add(time.Hour).Format(time.RFC3339), "durationMin": 20,
		"passMark": 10, "results": "released", "publish": true})
	calls := []struct {
		name, method, path string
		body               any
	}{}
	var v exam.AttemptView
	staff.Done("POST", "/api/portal/exam/start", map[string]any{"examId": examID}, &v)
	calls = append(calls,
		struct {
			name, method, path string
			body               any
		}{"list", "GET", "/api/portal/exam/list", nil},
		struct {
			name, method, path string
			body               any
		}{"start again", "POST", "/api/portal/exam/start", map[string]any{"examId": examID}},
		struct {
			name, method, path string
			body               any
		}{"attempt", "GET", fmt.Sprintf("/api/portal/exam/attempt?attemptId=%d", v.AttemptID), nil},
		struct {
			name, method, path string
			body               any
		}{"save", "POST", "/api/portal/exam/save", map[string]any{"attemptId": v.AttemptID, "questionId": q1.ID, "seq": 1, "response": "B"}},
		struct {
			name, method, path string
			body               any
		}{"event", "POST", "/api/portal/exam/event", map[string]any{"attemptId": v.AttemptID, "kind": "paste"}},
		struct {
			name, method, path string
			body               any
		}{"submit", "POST", "/api/portal/exam/submit", map[string]any{"attemptId": v.AttemptID}},
		struct {
			name, method, path string
			body               any
		}{"submit again", "POST", "/api/portal/exam/submit", map[string]any{"attemptId": v.AttemptID}},
		struct {
			name, method, path string
			body               any
		}{"attempt submitted", "GET", fmt.Sprintf("/api/portal/exam/attempt?attemptId=%d", v.AttemptID), nil},
		struct {
			name, method, path string
			body               any
		}{"list submitted", "GET", "/api/portal/exam/list", nil},
	)
	for _, c := range calls {
		_, r := staff.Call(c.method, c.path, c.body)
		if r.Code != 0 {
			t.Fatalf("%s: %d %s", c.name, r.Code, r.Message)
		}
		var data any
		_ = json.Unmarshal(r.Data, &data)
		walk(t, c.path, data, "data")
		if bytes.Contains(r.Data, []byte("解析文字")) || bytes.Contains(r.Data, []byte("参考答案")) {
			t.Errorf("%s: the explanation or reference answer reached the taker", c.name)
		}
	}
	// marked and released: the result with keys
	var queue []exam.QueueItem
	admin.Done("GET", fmt.Sprintf("/api/exam/marking/queue?examId=%d", examID), nil, &queue)
	if len(queue) != 0 { // nothing written for the short answer: nothing to mark
		t.Fatalf("queue: %+v", queue)
	}
	admin.Done("PUT", "/api/exam/exam/release", map[string]any{"id": examID}, nil)
	staff.Done("GET", fmt.Sprintf("/api/portal/exam/attempt?attemptId=%d", v.AttemptID), nil, &v)
	if v.Result == nil || v.Result.Marks != 10 || len(v.Result.Items) != 2 {
		t.Fatalf("released: %+v", v.Result)
	}
	// exports go through the export writers
	for _, p := range []string{"/api/exam/question/export", "/api/exam/exam/export", fmt.Sprintf("/api/exam/grades/export?examId=%d", examID)} {
		resp, body := e.Fetch(p, admin.Token)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", p, resp.StatusCode, body)
		}
		if rows := apptest.SheetRows(t, body); len(rows) < 2 {
			t.Errorf("%s: %d rows", p, len(rows))
		}
	}
	var a exam.Analysis
	admin.Done("GET", fmt.Sprintf("/api/exam/analysis?examId=%d", examID), nil, &a)
	if a.Takers != 1 || a.Passed != 1 || len(a.Questions) != 2 || len(a.Distribution) != 10 {
		t.Fatalf("analysis: %+v", a)
	}
}

func TestTakerRoutesRefusePartnersAndNeedCodes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	partner, staff, lib := e.As(apptest.Partner), e.As(apptest.Staff), e.As(apptest.LibAdmin)
	for _, c := range []struct{ name, method, path string }{
		{"my exams", "GET", "/api/portal/exam/list"},
		{"start", "POST", "/api/portal/exam/start"},
		{"save", "POST", "/api/portal/exam/save"},
		{"submit", "POST", "/api/portal/exam/submit"},
	} {
		t.Run("partner: "+c.name, func(t *testing.T) {
			if _, r := partner.Call(c.method, c.path, map[string]any{"examId": 1, "attemptId": 1, "questionId": 1, "seq": 1}); r.Code == 0 {
				t.Errorf("%s %s answered a partner", c.method, c.path)
			}
		})
	}
	for _, c := range []struct{ name, method, path string }{
		{"bank", "GET", "/api/exam/question/list"},
		{"add a question", "POST", "/api/exam/question/add"},
		{"the bank's export", "GET", "/api/exam/question/export"},
		{"papers", "GET", "/api/exam/paper/list"},
		{"exams", "GET", "/api/exam/exam/list"},
		{"grades", "GET", "/api/exam/grades?examId=1"},
		{"marking", "GET", "/api/exam/marking/queue"},
	} {
		for _, who := range []*apptest.Client{staff, lib} {
			t.Run(who.Login+": "+c.name, func(t *testing.T) {
				if resp, _ := who.Call(c.method, c.path, map[string]any{}); resp.StatusCode != 403 {
					t.Errorf("%s %s as %s: %d", c.method, c.path, who.Login, resp.StatusCode)
				}
			})
		}
	}
}

func TestSheetImportListsEveryProblem(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.As(apptest.Admin)
	f := excelize.NewFile()
	f.SetSheetName("Sheet1", "题库")
	rows := [][]any{
		{"题型", "题干", "选项A", "选项B", "答案", "难度"},
		{"单选", "表格导入题一", "甲", "乙", "A", "2"},
		{"选择", "表格导入题二", "甲", "乙", "A", ""},
		{"判断", "表格导入题三", "", "", "", ""},
		{"多选", "表格导入题四", "甲", "乙", "AB", ""},
	}
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		_ = f.SetSheetRow("题库", cell, &r)
	}
	var buf bytes.Buffer
	_ = f.Write(&buf)
	send := func(dry bool) exam.ImportReport {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("file", "bank.xlsx")
		_, _ = fw.Write(buf.Bytes())
		_ = mw.Close()
		resp, raw := e.Send("POST", fmt.Sprintf("/api/exam/question/import?dryRun=%v", dry), admin.Token, &body, mw.FormDataContentType(), nil)
		var env apptest.Envelope
		if err := json.Unmarshal(raw, &env); err != nil || env.Code != 0 {
			t.Fatalf("import: %d %s", resp.StatusCode, raw)
		}
		var rep exam.ImportReport
		_ = json.Unmarshal(env.Data, &rep)
		return rep
	}
	before := e.Count(`SELECT COUNT(*) FROM exam_question`)
	rep := send(false)
	msgs := []string{}
	for _, p := range rep.Problems {
		msgs = append(msgs, fmt.Sprintf("%d %s", p.Row, p.Message))
	}
	joined := strings.Join(msgs, "; ")
	if rep.Applied || len(rep.Problems) != 2 || !strings.Contains(joined, "3 题型「选择」无效") || !strings.Contains(joined, "4 「答案") {
		t.Fatalf("problems: %s", joined)
	}
	if e.Count(`SELECT COUNT(*) FROM exam_question`) != before {
		t.Fatal("a failed import wrote questions")
	}
}

func TestDemoHasABankTwoExamsAndGrades(t *testing.T) {
	t.Parallel()
	e := apptest.New(t, func(c *config.Config) { c.DemoWithoutHistory, c.DemoWithoutFiles = false, false })
	admin, staff := e.As(apptest.Admin), e.As(apptest.Staff)
	for _, ty := range exam.Types {
		if e.Count(`SELECT COUNT(*) FROM exam_question WHERE qtype = ? AND course_id IS NOT NULL`, ty) == 0 {
			t.Errorf("no demo question of type %s linked to a course", ty)
		}
	}
	var exams []exam.Exam
	admin.Done("GET", "/api/exam/exam/list?keyword=2025年度招投标法规考试", nil, &exams)
	if len(exams) != 1 || exams[0].Takers < 10 || exams[0].ReleasedAt == nil || exams[0].Pending != 0 {
		t.Fatalf("the closed demo exam: %+v", exams)
	}
	var grades []exam.Grade
	admin.Done("GET", fmt.Sprintf("/api/exam/grades?examId=%d", exams[0].ID), nil, &grades)
	passed := 0
	for _, g := range grades {
		if g.Passed {
			passed++
		}
	}
	if len(grades) != exams[0].Takers || passed == 0 || passed == len(grades) {
		t.Errorf("demo grades: %d takers, %d passed", len(grades), passed)
	}
	var mine []exam.MyExam
	staff.Done("GET", "/api/portal/exam/list", nil, &mine)
	open := false
	for _, m := range mine {
		open = open || (m.Name == "投标业务能力月度测评" && m.CanStart)
	}
	if !open {
		t.Fatalf("the open demo exam is not open to the staff account: %+v", mine)
	}
}

// A question's pictures (stem and options) are uploaded as images only and served to those who may see the
// question: the examiners, and a taker while their open attempt holds it; never through the common download to
// anyone else, never after the submission, never another taker's; an edit's new version keeps the old picture for
// the attempts that saw it.
func TestQuestionPicturesOnlyToThoseWhoMaySeeThem(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin, staff := e.As(apptest.Admin), e.As(apptest.Staff)
	const upload = "/api/exam/picture/upload"
	e.RefusedUpload(upload, admin.Token, "note.txt", []byte("plain text"), "图片格式仅支持jpg、png!")
	if r, _ := e.PutFile(upload, admin.Token, "fake.png", apptest.ExeBytes()); r.Code == 0 {
		t.Fatal("a program named .png was taken as a picture")
	}
	stemPic := e.UploadOK(upload, admin.Token, "stem.png", apptest.PNGBytes(t, 60, 40, false))
	optPic := e.UploadOK(upload, admin.Token, "option.png", apptest.PNGBytes(t, 30, 30, false))
	otherPic := e.UploadOK(upload, admin.Token, "other.png", apptest.PNGBytes(t, 20, 20, false))
	var q, other exam.Saved
	admin.Done("POST", "/api/exam/question/add", map[string]any{"type": "single", "stem": "看图选择正确的标志", "images": []int64{stemPic.ID},
		"options": []map[string]any{{"key": "A", "text": "甲"}, {"key": "B", "text": "", "image": optPic.ID}}, "answer": "B"}, &q)
	admin.Done("POST", "/api/exam/question/add", map[string]any{"type": "judge", "stem": "不在试卷中的看图题", "images": []int64{otherPic.ID}, "answer": true}, &other)
	paper := e.Added("POST", "/api/exam/paper/add", admin.Token, map[string]any{"name": "看图试卷", "kind": "fixed",
		"items": []map[string]any{{"questionId": q.ID, "score": 10}}})
	now := time.Now()
	examID := e.Added("POST", "/api/exam/exam/add", admin.Token, map[string]any{"name": "看图考试", "paperId": paper,
		"opensAt": now.Add(-time.Minute).Format(time.RFC3339), "closesAt": now.Add(time.Hour).Format(time.RFC3339), "durationMin": 20,
		"passMark": 10, "results": "released", "publish": true})
	var v exam.AttemptView
	staff.Done("POST", "/api/portal/exam/start", map[string]any{"examId": examID}, &v)
	// an edit makes version 2 with another picture; the attempt keeps version 1 and its picture
	newPic := e.UploadOK(upload, admin.Token, "stem2.png", apptest.PNGBytes(t, 50, 50, false))
	admin.Done("PUT", "/api/exam/question/edit", map[string]any{"id": q.ID, "type": "single", "stem": "看图选择正确的标志（新图）", "images": []int64{newPic.ID},
		"options": []map[string]any{{"key": "A", "text": "甲"}, {"key": "B", "text": "", "image": optPic.ID}}, "answer": "B"}, nil)

	picture := func(token, path string) bool {
		t.Helper()
		resp, body := e.Fetch(path, token)
		return resp.StatusCode == 200 && strings.HasPrefix(resp.Header.Get("Content-Type"), "image/png") && bytes.HasPrefix(body, []byte("\x89PNG"))
	}
	taker := func(attempt, id int64) string {
		return fmt.Sprintf("/api/portal/exam/picture?attemptId=%d&id=%d", attempt, id)
	}
	for _, c := range []struct {
		name, token, path string
		sees              bool
	}{
		{"the examiner, the stem's picture", admin.Token, fmt.Sprintf("/api/exam/picture?id=%d", stemPic.ID), true},
		{"the examiner, the new version's picture", admin.Token, fmt.Sprintf("/api/exam/picture?id=%d", newPic.ID), true},
		{"the examiner, through the common download", admin.Token, fmt.Sprintf("/api/sys/common/file/down?id=%d&inline=true", stemPic.ID), true},
		{"a staff member without the codes", staff.Token, fmt.Sprintf("/api/exam/picture?id=%d", stemPic.ID), false},
		{"a staff member through the common download", staff.Token, fmt.Sprintf("/api/sys/common/file/down?id=%d&inline=true", stemPic.ID), false},
		{"the taker, the stem's picture of the version they saw", staff.Token, taker(v.AttemptID, stemPic.ID), true},
		{"the taker, an option's picture", staff.Token, taker(v.AttemptID, optPic.ID), true},
		{"the taker, the new version's picture they did not get", staff.Token, taker(v.AttemptID, newPic.ID), false},
		{"the taker, a question not on their paper", staff.Token, taker(v.AttemptID, otherPic.ID), false},
		{"another account with the taker's attempt", admin.Token, taker(v.AttemptID, stemPic.ID), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := picture(c.token, c.path); got != c.sees {
				t.Errorf("sees %v, want %v", got, c.sees)
			}
		})
	}
	var seen exam.AttemptView
	staff.Done("GET", fmt.Sprintf("/api/portal/exam/attempt?attemptId=%d", v.AttemptID), nil, &seen)
	if len(seen.Questions) != 1 || len(seen.Questions[0].Images) != 1 || seen.Questions[0].Images[0] != stemPic.ID {
		t.Fatalf("the attempt shows: %+v", seen.Questions)
	}
	staff.Done("POST", "/api/portal/exam/submit", map[string]any{"attemptId": v.AttemptID}, nil)
	if picture(staff.Token, taker(v.AttemptID, stemPic.ID)) {
		t.Error("the picture is served after the submission")
	}
}

// The phone page's h5Token is cached like a web session (auth's session cache under the 'auth' counter): a
// sign-out, a newer sign-in with single session, a disabled account or roles taken away, done through one
// instance, end the token on another instance sharing the database as soon as the change reaches it (PostgreSQL:
// its notification; SQLite: the change poll), although that instance had it cached and was answering from the
// cache.
func TestPhoneTokenEndsOnEveryInstance(t *testing.T) {
	t.Parallel() // mostly waiting for the other instance
	a := apptest.New(t, func(c *config.Config) { c.SingleSession = true })
	b := apptest.New(t, func(c *config.Config) {
		c.DataDir, c.DatabaseURL, c.SingleSession = a.App.Config.DataDir, a.App.Config.DatabaseURL, true
	})
	admin := a.As(apptest.Admin)
	now := time.Now()
	var q exam.Saved
	admin.Done("POST", "/api/exam/question/add", map[string]any{"type": "single", "stem": "多实例测试单选题", "options": []map[string]string{{"key": "A", "text": "甲"},
		{"key": "B", "text": "乙"}}, "answer": "B"}, &q)
	paper := a.Added("POST", "/api/exam/paper/add", admin.Token, map[string]any{"name": "多实例测试卷", "kind": "fixed",
		"items": []map[string]any{{"questionId": q.ID, "score": 10}}})
	examID := a.Added("POST", "/api/exam/exam/add", admin.Token, map[string]any{"name": "多实例测试考试", "paperId": paper,
		"opensAt": now.Add(-time.Minute).Format(time.RFC3339), "closesAt": now.Add(time.Hour).Format(time.RFC3339), "durationMin": 50,
		"passMark": 10, "results": "released", "publish": true})
	// the takers get the demo staff member's roles and unit
	staffID := a.UserID(apptest.Staff)
	var unit string
	if err := a.App.DB.QueryRow(context.Background(), `SELECT unit_code FROM sys_user WHERE id = ?`, staffID).Scan(&unit); err != nil {
		t.Fatal(err)
	}
	var roles []int64
	rows, err := a.App.DB.Query(context.Background(), `SELECT role_id FROM sys_user_role WHERE user_id = ?`, staffID)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		roles = append(roles, id)
	}
	rows.Close()

	cases := []struct {
		name string
		end  func(login string, userID int64, token string) // done through instance a
		code int                                            // what b then answers
	}{
		{"signed out", func(_ string, _ int64, token string) {
			a.Done("GET", apptest.H5+"outLogin?h5Token="+url.QueryEscape(token), "", nil, nil)
		}, auth.CodeH5Unauthorized},
		{"signed in again (single session)", func(login string, _ int64, _ string) {
			if r, _ := a.H5Login(login, apptest.AccountPassword); r.Code != 0 {
				t.Fatalf("second sign-in: %+v", r)
			}
		}, auth.CodeH5Unauthorized},
		{"account disabled", func(_ string, id int64, _ string) {
			admin.Done("PUT", "/api/sys/user/changeState", map[string]any{"ids": []int64{id}, "state": 0}, nil)
		}, auth.CodeH5Unauthorized},
		{"roles taken away", func(_ string, id int64, _ string) {
			if _, err := a.App.DB.Exec(context.Background(), `DELETE FROM sys_user_role WHERE user_id = ?`, id); err != nil {
				t.Fatal(err)
			}
		}, httpx.CodeForbidden},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			login := fmt.Sprintf("phonemulti%d", i)
			id := a.Account(admin.Token, login, unit, roles...)
			if _, err := a.App.DB.Exec(context.Background(), `UPDATE sys_user SET update_pwd = 0 WHERE id = ?`, id); err != nil {
				t.Fatal(err)
			}
			r, s := b.H5Login(login, apptest.AccountPassword)
			if r.Code != 0 {
				t.Fatalf("phone sign-in: %+v", r)
			}
			var v exam.AttemptView
			b.Done("POST", "/api/biapp/exam/start", "", map[string]any{"h5Token": s.H5Token, "examId": examID}, &v)
			seq := 0
			save := func() apptest.Envelope {
				seq++
				_, r := b.Call("POST", "/api/biapp/exam/save", "", map[string]any{"attemptId": v.AttemptID, "questionId": q.ID, "seq": seq, "response": "A"},
					"h5Token", s.H5Token)
				return r
			}
			for range 3 { // the first reads the session, the next ones are answered from b's cache
				if r := save(); r.Code != 0 {
					t.Fatalf("save on b: %+v", r)
				}
			}
			c.end(login, id, s.H5Token)
			start := time.Now()
			for {
				r := save()
				if r.Code == c.code {
					break
				}
				if r.Code != 0 {
					t.Fatalf("after the change b answered %+v, want code %d", r, c.code)
				}
				if time.Since(start) > apptest.Patience {
					t.Fatalf("b still accepts the token %v after the change", apptest.Patience)
				}
				time.Sleep(20 * time.Millisecond)
			}
			t.Logf("refused on b after %v", time.Since(start).Round(time.Millisecond))
			// and the training area's phone calls, the same caller
			if _, r := b.Call("GET", "/api/biapp/training/classes?h5Token="+url.QueryEscape(s.H5Token), "", nil); r.Code != c.code {
				t.Fatalf("training on b: %+v, want code %d", r, c.code)
			}
		})
	}
}
