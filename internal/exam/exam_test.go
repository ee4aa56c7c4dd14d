package exam_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/exam"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/httpx"
)

// world is a migrated database with a unit, its staff accounts, and the exam service on a clock the test moves.
type world struct {
	t     *testing.T
	db    *db.DB
	svc   *exam.Service
	mu    sync.Mutex
	now   time.Time
	admin int64
	users []int64
}

func newWorld(t *testing.T, staff int) *world {
	t.Helper()
	d := dbtest.Open(t)
	w := &world{t: t, db: d, now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	w.svc = exam.NewService(d, nil)
	w.svc.UseClock(func() time.Time { w.mu.Lock(); defer w.mu.Unlock(); return w.now })
	w.exec(`INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level) VALUES ('100101', '', '培训部', '培训部', 1)`)
	add := func(login string) int64 {
		id, err := d.Insert(context.Background(), `INSERT INTO sys_user (login_code, user_name, password_hash, state, user_type, employee_code, unit_code, created_at, updated_at)
			VALUES (?, ?, 'x', 1, 'staff', ?, '100101', ?, ?)`, login, "员工"+login, "E"+login, w.now, w.now)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	w.admin = add("admin")
	for i := 0; i < staff; i++ {
		w.users = append(w.users, add(fmt.Sprintf("s%02d", i)))
	}
	return w
}

func (w *world) exec(q string, args ...any) {
	w.t.Helper()
	if _, err := w.db.Exec(context.Background(), q, args...); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) set(t time.Time) { w.mu.Lock(); w.now = t; w.mu.Unlock() }

func (w *world) count(q string, args ...any) int {
	w.t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		w.t.Fatal(err)
	}
	return n
}

func as(id int64) context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{UserID: id, UserType: auth.SiteStaff})
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

func raw(s string) json.RawMessage { return json.RawMessage(s) }

func (w *world) question(in exam.QuestionIn) int64 {
	w.t.Helper()
	s, err := w.svc.SaveQuestion(as(w.admin), in)
	if err != nil {
		w.t.Fatal(err)
	}
	return s.ID
}

func single(stem, answer string) exam.QuestionIn {
	return exam.QuestionIn{Type: exam.TypeSingle, Stem: stem, Answer: raw(`"` + answer + `"`),
		Options: []exam.Option{{Key: "A", Text: "甲"}, {Key: "B", Text: "乙"}, {Key: "C", Text: "丙"}}}
}

// fixedExam is a published fixed paper of the questions (10 points each) open from now for an hour, 30 minutes long.
func (w *world) fixedExam(results string, qs ...int64) int64 {
	w.t.Helper()
	in := exam.PaperIn{Name: "试卷", Kind: exam.PaperFixed}
	for _, q := range qs {
		in.Items = append(in.Items, exam.PaperItemIn{QuestionID: q, Score: 10})
	}
	paper, err := w.svc.SavePaper(as(w.admin), in)
	if err != nil {
		w.t.Fatal(err)
	}
	id, err := w.svc.SaveExam(as(w.admin), exam.ExamIn{Name: "考试", PaperID: paper, OpensAt: w.now.Format(time.RFC3339),
		ClosesAt: w.now.Add(time.Hour).Format(time.RFC3339), DurationMin: 30, PassMark: 10, Results: results, Publish: true})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

func (w *world) start(user, examID int64) exam.AttemptView {
	w.t.Helper()
	v, err := w.svc.Start(context.Background(), user, examID)
	if err != nil {
		w.t.Fatal(err)
	}
	return v
}

func TestVersionsKeepWhatTheTakerSaw(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2)
	q := w.question(single("第一版题干", "A"))
	e := w.fixedExam(exam.ResultsNow, q)
	first := w.start(w.users[0], e)
	in := single("第二版题干", "B")
	in.ID = q
	saved, err := w.svc.SaveQuestion(as(w.admin), in)
	if err != nil || saved.Version != 2 {
		t.Fatalf("edit: %+v %v", saved, err)
	}
	again := w.start(w.users[0], e) // a reload: the same attempt, the version it saw
	if again.AttemptID != first.AttemptID || again.Questions[0].Stem != "第一版题干" {
		t.Fatalf("reload: %+v", again)
	}
	second := w.start(w.users[1], e)
	if second.Questions[0].Stem != "第二版题干" {
		t.Fatalf("a new attempt sees the new version: %+v", second.Questions[0])
	}
	// the first taker answers A (the key of the version they saw) and scores
	if _, err := w.svc.Save(context.Background(), w.users[0], exam.SaveIn{AttemptID: first.AttemptID, QuestionID: q, Seq: 1, Response: raw(`"A"`)}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.Submit(context.Background(), w.users[0], first.AttemptID); err != nil {
		t.Fatal(err)
	}
	v, _ := w.svc.Attempt(context.Background(), w.users[0], first.AttemptID)
	if v.Result == nil || v.Result.Marks != 10 {
		t.Fatalf("marked against the version seen: %+v", v.Result)
	}
}

func TestDuplicatesByNormalisedStem(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 0)
	w.question(single("投标保证金不得超过（  ）", "A"))
	_, err := w.svc.SaveQuestion(as(w.admin), single("投标保证金 不得超过（ ）？", "B"))
	if key(err) != "exam.duplicate" {
		t.Fatalf("duplicate: %v", err)
	}
}

func TestRulePapersAreFair(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 0)
	for i := 0; i < 12; i++ {
		w.question(single(fmt.Sprintf("单选题%d", i), "A"))
		w.question(exam.QuestionIn{Type: exam.TypeJudge, Stem: fmt.Sprintf("判断题%d", i), Answer: raw(`true`), Difficulty: 1 + i%2})
	}
	paper, err := w.svc.SavePaper(as(w.admin), exam.PaperIn{Name: "规则卷", Kind: exam.PaperRules, PassMark: 30,
		Rules: []exam.RuleIn{{Type: exam.TypeSingle, Count: 5, Score: 4}, {Type: exam.TypeJudge, Difficulty: 2, Count: 3, Score: 5}, {Type: exam.TypeJudge, Count: 4, Score: 2.5}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.SavePaper(as(w.admin), exam.PaperIn{Name: "不够", Kind: exam.PaperRules, Rules: []exam.RuleIn{{Type: exam.TypeJudge, Difficulty: 2, Count: 7, Score: 1}}})
	if key(err) != "exam.rule_short" {
		t.Fatalf("too few: %v", err)
	}
	for i := 0; i < 100; i++ {
		p, err := w.svc.Preview(context.Background(), paper)
		if err != nil {
			t.Fatal(err)
		}
		types := map[string]int{}
		seen := map[int64]bool{}
		for _, q := range p.Questions {
			types[q.Type]++
			if seen[q.ID] {
				t.Fatalf("draw %d: question %d twice", i, q.ID)
			}
			seen[q.ID] = true
		}
		if p.Total != 45 || len(p.Questions) != 12 || types[exam.TypeSingle] != 5 || types[exam.TypeJudge] != 7 {
			t.Fatalf("draw %d: total %v, %d questions %v", i, p.Total, len(p.Questions), types)
		}
	}
}

func TestSavesKeepTheLatestChangeAndTheDeadlineIsTheServers(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2)
	q1, q2 := w.question(single("题一", "A")), w.question(single("题二", "B"))
	other := w.question(single("不在卷中的题", "C"))
	e := w.fixedExam(exam.ResultsNow, q1, q2)
	start := w.now
	v := w.start(w.users[0], e)
	if !v.Deadline.Equal(start.Add(30*time.Minute)) || v.SecondsLeft != 1800 {
		t.Fatalf("deadline %v, %d s left", v.Deadline, v.SecondsLeft)
	}
	ctx := context.Background()
	save := func(user, q int64, seq int64, resp string) (exam.SaveOut, error) {
		return w.svc.Save(ctx, user, exam.SaveIn{AttemptID: v.AttemptID, QuestionID: q, Seq: seq, Response: raw(resp)})
	}
	if out, err := save(w.users[0], q1, 2, `"A"`); err != nil || !out.Applied {
		t.Fatalf("seq 2: %+v %v", out, err)
	}
	if out, err := save(w.users[0], q1, 1, `"C"`); err != nil || out.Applied || out.Seq != 2 {
		t.Fatalf("an older change must be ignored: %+v %v", out, err)
	}
	for _, c := range []struct {
		name string
		user int64
		q    int64
		resp string
		want string
	}{
		{"another taker's attempt", w.users[1], q1, `"B"`, "exam.attempt_not_found"},
		{"a question not in the paper", w.users[0], other, `"C"`, "exam.question_not_in_paper"},
		{"an answer not of the type's form", w.users[0], q2, `["A"]`, "exam.response_bad"},
	} {
		if _, err := save(c.user, c.q, 5, c.resp); key(err) != c.want {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	w.set(start.Add(10 * time.Minute))
	if again := w.start(w.users[0], e); again.AttemptID != v.AttemptID || again.SecondsLeft != 1200 || string(again.Questions[0].Response) != `"A"` {
		t.Fatalf("continue: %+v", again)
	}
	w.set(start.Add(30 * time.Minute))
	if _, err := save(w.users[0], q2, 3, `"B"`); key(err) != "exam.deadline_passed" {
		t.Fatalf("after the deadline: %v", err)
	}
	w.set(start.Add(30*time.Minute + exam.Grace - time.Second))
	if n, err := w.svc.SubmitDue(ctx); err != nil || n != 0 {
		t.Fatalf("before the grace: %d %v", n, err)
	}
	w.set(start.Add(30*time.Minute + exam.Grace))
	if n, err := w.svc.SubmitDue(ctx); err != nil || n != 1 {
		t.Fatalf("at deadline plus grace: %d %v", n, err)
	}
	got, _ := w.svc.Attempt(ctx, w.users[0], v.AttemptID)
	if got.State != exam.AttemptMarked || got.Result == nil || got.Result.Marks != 10 {
		t.Fatalf("submitted by the job: %+v %+v", got.State, got.Result)
	}
	if w.count(`SELECT COUNT(*) FROM exam_attempt WHERE id = ? AND submit_kind = 'deadline'`, v.AttemptID) != 1 {
		t.Fatal("the job's submission is not recorded as such")
	}
	if n, _ := w.svc.SubmitDue(ctx); n != 0 {
		t.Fatalf("a second run submits again: %d", n)
	}
}

func TestSubmitIsIdempotentUnderABarrier(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	q := w.question(single("并发交卷", "A"))
	e := w.fixedExam(exam.ResultsNow, q)
	v := w.start(w.users[0], e)
	const n = 20
	var wg sync.WaitGroup
	barrier := make(chan struct{})
	results := make([]exam.Submitted, n)
	errs := make([]error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-barrier
			results[i], errs[i] = w.svc.Submit(context.Background(), w.users[0], v.AttemptID)
		}(i)
	}
	close(barrier)
	wg.Wait()
	first := 0
	for i := range results {
		if errs[i] != nil {
			t.Fatalf("submit %d: %v", i, errs[i])
		}
		if !results[i].Repeated {
			first++
		}
	}
	if first != 1 || w.count(`SELECT COUNT(*) FROM exam_attempt WHERE id = ? AND state <> 'open'`, v.AttemptID) != 1 {
		t.Fatalf("%d submissions took effect", first)
	}
	if _, err := w.svc.Save(context.Background(), w.users[0], exam.SaveIn{AttemptID: v.AttemptID, QuestionID: q, Seq: 9, Response: raw(`"A"`)}); key(err) != "exam.already_submitted" {
		t.Fatalf("a save after the submission: %v", err)
	}
}

func TestACorrectedKeyMarksEveryAttemptAgain(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	q := w.question(single("答案有误的题", "A"))
	q2 := w.question(single("另一题", "A"))
	e := w.fixedExam(exam.ResultsNow, q, q2)
	for i, u := range w.users {
		v := w.start(u, e)
		ans := []string{`"A"`, `"B"`, `"B"`}[i]
		if _, err := w.svc.Save(context.Background(), u, exam.SaveIn{AttemptID: v.AttemptID, QuestionID: q, Seq: 1, Response: raw(ans)}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Submit(context.Background(), u, v.AttemptID); err != nil {
			t.Fatal(err)
		}
	}
	score := func(u int64) (float64, int) {
		var s float64
		var p int
		if err := w.db.QueryRow(context.Background(), `SELECT score, passed FROM exam_attempt WHERE user_id = ?`, u).Scan(&s, &p); err != nil {
			t.Fatal(err)
		}
		return s, p
	}
	if s, p := score(w.users[1]); s != 0 || p != 0 {
		t.Fatalf("before: %v %d", s, p)
	}
	// the preview tells what would change and writes nothing
	pre, err := w.svc.PreviewKey(as(w.admin), exam.KeyIn{ID: q, Answer: raw(`"B"`)})
	if err != nil || pre.Applied || pre.Attempts != 3 || pre.Changed != 3 || pre.PassChanged != 3 || len(pre.Exams) != 1 || !pre.Exams[0].Shown {
		t.Fatalf("preview: %+v %v", pre, err)
	}
	if s, _ := score(w.users[1]); s != 0 || w.count(`SELECT COUNT(*) FROM exam_key_correction`) != 0 {
		t.Fatal("the preview wrote")
	}
	// the takers already see their results (results at once): the correction needs a confirmation
	if _, err := w.svc.CorrectKey(as(w.admin), exam.KeyIn{ID: q, Answer: raw(`"B"`), ExamID: e}); key(err) != "exam.key_shown" {
		t.Fatalf("a correction changing shown results without confirmation: %v", err)
	}
	if s, _ := score(w.users[1]); s != 0 {
		t.Fatal("the refused correction re-marked")
	}
	re, err := w.svc.CorrectKey(as(w.admin), exam.KeyIn{ID: q, Answer: raw(`"B"`), ExamID: e, ConfirmShown: true})
	if err != nil || !re.Applied || re.Attempts != 3 || re.Items != 3 || re.Changed != 3 {
		t.Fatalf("correct: %+v %v", re, err)
	}
	for i, want := range []float64{0, 10, 10} {
		if s, p := score(w.users[i]); s != want || p != map[bool]int{true: 1, false: 0}[want >= 10] {
			t.Errorf("taker %d after the correction: %v passed %d, want %v", i, s, p, want)
		}
	}
	if w.count(`SELECT COUNT(*) FROM business_log WHERE module = 'exam' AND action = 'rekey'`) != 1 {
		t.Error("the correction is not in the business log")
	}
	hist, err := w.svc.KeyHistory(context.Background(), e)
	if err != nil || len(hist) != 1 || string(hist[0].Before) != `"A"` || string(hist[0].After) != `"B"` || hist[0].Changed != 3 || hist[0].Attempts != 3 {
		t.Fatalf("the exam's history: %+v %v", hist, err)
	}
	qs, err := w.svc.ExamQuestions(context.Background(), e)
	if err != nil || len(qs) != 2 || qs[0].QuestionID != q || qs[0].Attempts != 3 || qs[0].Corrections != 1 || string(qs[0].Answer) != `"B"` {
		t.Fatalf("the exam's questions: %+v %v", qs, err)
	}
}

// A correction of each objective type re-marks by the new key; bad keys are refused with a clear message and
// write nothing; an exam whose results await release needs no confirmation, a released one does.
func TestKeyCorrectionByTypeAndItsRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	ctx := context.Background()
	multi := w.question(exam.QuestionIn{Type: exam.TypeMultiple, Stem: "多选题", Answer: raw(`["A","B"]`),
		Options: []exam.Option{{Key: "A", Text: "甲"}, {Key: "B", Text: "乙"}, {Key: "C", Text: "丙"}}})
	judge := w.question(exam.QuestionIn{Type: exam.TypeJudge, Stem: "判断题", Answer: raw(`true`)})
	fill := w.question(exam.QuestionIn{Type: exam.TypeFill, Stem: "评标委员会___人以上", Answer: raw(`[["7"]]`)})
	short := w.question(exam.QuestionIn{Type: exam.TypeShort, Stem: "简述", Answer: raw(`"要点"`)})
	one := w.question(single("单选题", "A"))
	e := w.fixedExam(exam.ResultsReleased, multi, judge, fill, one)
	v := w.start(w.users[0], e)
	for q, r := range map[int64]string{multi: `["A","C"]`, judge: `false`, fill: `["５"]`, one: `"C"`} {
		if _, err := w.svc.Save(ctx, w.users[0], exam.SaveIn{AttemptID: v.AttemptID, QuestionID: q, Seq: 1, Response: raw(r)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.svc.Submit(ctx, w.users[0], v.AttemptID); err != nil {
		t.Fatal(err)
	}
	total := func() float64 {
		var s float64
		if err := w.db.QueryRow(ctx, `SELECT score FROM exam_attempt WHERE id = ?`, v.AttemptID).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if got := total(); got != 0 {
		t.Fatalf("before: %v", got)
	}
	for _, c := range []struct {
		name   string
		in     exam.KeyIn
		refuse string
		total  float64
	}{
		{"an option the question has not", exam.KeyIn{ID: one, Answer: raw(`"E"`)}, "exam.answer_no_option", 0},
		{"a multiple choice naming an option it has not", exam.KeyIn{ID: multi, Answer: raw(`["A","Z"]`)}, "exam.answer_no_option", 0},
		{"a multiple choice of one option", exam.KeyIn{ID: multi, Answer: raw(`["A"]`)}, "exam.multiple_two", 0},
		{"a judge key not true or false", exam.KeyIn{ID: judge, Answer: raw(`"对"`)}, "exam.answer_bad", 0},
		{"a fill-in with an empty alternative", exam.KeyIn{ID: fill, Answer: raw(`[["5",""]]`)}, "exam.answer_bad", 0},
		{"a fill-in with another number of blanks", exam.KeyIn{ID: fill, Answer: raw(`[["5"],["五"]]`)}, "exam.blanks_count", 0},
		{"the same key", exam.KeyIn{ID: one, Answer: raw(`"a"`)}, "exam.key_same", 0},
		{"a short answer", exam.KeyIn{ID: short, Answer: raw(`"新要点"`)}, "exam.key_short", 0},
		{"a question that is not there", exam.KeyIn{ID: 999999, Answer: raw(`"A"`)}, "exam.question_not_found", 0},
		{"a version of another question", exam.KeyIn{ID: one, VersionID: 999999, Answer: raw(`"B"`)}, "exam.question_not_found", 0},
		{"multiple choice", exam.KeyIn{ID: multi, Answer: raw(`["C","A"]`)}, "", 10},
		{"true/false", exam.KeyIn{ID: judge, Answer: raw(`false`)}, "", 20},
		{"fill-in alternatives (normalised)", exam.KeyIn{ID: fill, Answer: raw(`[["5","五"]]`)}, "", 30},
		{"single choice", exam.KeyIn{ID: one, Answer: raw(`"C"`)}, "", 40},
	} {
		t.Run(c.name, func(t *testing.T) {
			re, err := w.svc.CorrectKey(as(w.admin), c.in)
			if key(err) != c.refuse {
				t.Fatalf("got %v, want %q", err, c.refuse)
			}
			if c.refuse == "" && (re.Changed != 1 || re.Exams[0].Shown) {
				t.Errorf("remarked: %+v", re)
			}
			if got := total(); got != c.total {
				t.Errorf("total %v, want %v", got, c.total)
			}
		})
	}
	if n := w.count(`SELECT COUNT(*) FROM exam_key_correction WHERE exam_id = ?`, e); n != 4 {
		t.Fatalf("%d corrections in the exam's history, want 4", n)
	}
	// released: the takers see the results, a change needs the confirmation
	if err := w.svc.Release(as(w.admin), e); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.CorrectKey(as(w.admin), exam.KeyIn{ID: one, Answer: raw(`"A"`)}); key(err) != "exam.key_shown" {
		t.Fatalf("after the release: %v", err)
	}
	if re, err := w.svc.CorrectKey(as(w.admin), exam.KeyIn{ID: one, Answer: raw(`"A"`), ConfirmShown: true}); err != nil || total() != 30 || !re.Exams[0].Shown {
		t.Fatalf("confirmed after the release: %+v %v, total %v", re, err, total())
	}
}

func TestMarkingQueueAndRelease(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 1)
	q := w.question(exam.QuestionIn{Type: exam.TypeShort, Stem: "简述", Answer: raw(`"要点"`)})
	f := w.question(exam.QuestionIn{Type: exam.TypeFill, Stem: "招标分为公开招标和___招标，评标委员会___人以上", Answer: raw(`[["邀请"],["5","五"]]`)})
	e := w.fixedExam(exam.ResultsReleased, q, f)
	v := w.start(w.users[0], e)
	ctx := context.Background()
	w.svc.Save(ctx, w.users[0], exam.SaveIn{AttemptID: v.AttemptID, QuestionID: q, Seq: 1, Response: raw(`"我的回答"`)})
	w.svc.Save(ctx, w.users[0], exam.SaveIn{AttemptID: v.AttemptID, QuestionID: f, Seq: 1, Response: raw(`["ＹＡＯ请 ", "５"]`)})
	w.svc.Submit(ctx, w.users[0], v.AttemptID)
	if got, _ := w.svc.Attempt(ctx, w.users[0], v.AttemptID); got.Result != nil || got.Shown {
		t.Fatalf("shown before release: %+v", got.Result)
	}
	queue, err := w.svc.Queue(ctx, exam.QueueIn{ExamID: e})
	// anonymous, with the stem's pictures (none here: an empty list, never null)
	if err != nil || len(queue) != 1 || queue[0].Taker != fmt.Sprintf("答卷 %d", v.AttemptID) || queue[0].Images == nil {
		t.Fatalf("queue: %+v %v", queue, err)
	}
	if err := w.svc.Release(as(w.admin), e); key(err) != "exam.release_pending" {
		t.Fatalf("release with answers awaiting marking: %v", err)
	}
	if err := w.svc.MarkAnswer(as(w.admin), exam.MarkIn{AttemptID: v.AttemptID, QuestionID: q, Score: 11}); key(err) != "exam.mark_bad" {
		t.Fatalf("a mark above the value: %v", err)
	}
	if err := w.svc.MarkAnswer(as(w.admin), exam.MarkIn{AttemptID: v.AttemptID, QuestionID: q, Score: 7}); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.Release(as(w.admin), e); err != nil {
		t.Fatal(err)
	}
	got, _ := w.svc.Attempt(ctx, w.users[0], v.AttemptID)
	// the fill-in: "ＹＡＯ请 " is not 邀请 (one blank of two wrong), "５" is 5 after normalising: half of 10
	if got.Result == nil || got.Result.Marks != 12 || !got.Result.Passed {
		t.Fatalf("after release: %+v", got.Result)
	}
}

func TestImportIsAllOrNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 0)
	ctx := context.Background()
	bad := "1. [单选] 第一题\nA. 甲\nB. 乙\n答案：B\n\n2. [问答题型] 第二题\n答案：x\n\n3. [判断] 第三题\n\n4. [多选] 第四题\nA. 甲\nB. 乙\n答案：AZ"
	rep, err := w.svc.ImportPaste(ctx, httpx.LangZH, bad, false)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[int]string{}
	for _, p := range rep.Problems {
		rows[p.Row] = p.Message
	}
	if rep.Applied || rep.Added != 0 || len(rows) != 3 || rows[2] == "" || rows[3] != "请填写答案" || rows[4] == "" {
		t.Fatalf("report: %+v", rep)
	}
	if n := w.count(`SELECT COUNT(*) FROM exam_question`); n != 0 {
		t.Fatalf("%d questions written by a failed import", n)
	}
	good := "1. [单选] 第一题\nA. 甲\nB. 乙\n答案：B\n解析：因为\n\n2. [填空] 招标分为___和___\n答案：公开|邀请；邀请招标\n\n3. [判断] 第三题\n答案：错"
	if rep, err := w.svc.ImportPaste(ctx, httpx.LangZH, good, true); err != nil || rep.Applied || len(rep.Problems) != 0 || rep.Rows != 3 {
		t.Fatalf("dry run: %+v %v", rep, err)
	}
	if rep, err := w.svc.ImportPaste(ctx, httpx.LangZH, good, false); err != nil || !rep.Applied || rep.Added != 3 {
		t.Fatalf("import: %+v %v", rep, err)
	}
	if rep, _ := w.svc.ImportPaste(ctx, httpx.LangZH, good, false); rep.Applied || len(rep.Problems) != 3 {
		t.Fatalf("importing again must find the duplicates: %+v", rep)
	}
}

func TestSeedDemoOnceThroughTheService(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 40)
	began := time.Now()
	if err := w.svc.SeedDemo(context.Background(), w.admin, w.users[0], w.users[1:]); err != nil {
		t.Fatal(err)
	}
	t.Logf("the exam demo took %v", time.Since(began)) // docs/performance.md
	if err := w.svc.SeedDemo(context.Background(), w.admin, w.users[0], w.users[1:]); err != nil {
		t.Fatal(err)
	}
	if n := w.count(`SELECT COUNT(*) FROM exam_exam`); n != 2 {
		t.Fatalf("%d exams after seeding twice", n)
	}
	if n := w.count(`SELECT COUNT(*) FROM exam_attempt WHERE state = 'marked'`); n != 39 {
		t.Fatalf("%d marked attempts", n)
	}
}

// An account without an employee code (the load run's trainees, accounts made by hand) starts an exam open to every
// staff member and is not in an exam for named employees: its empty code is no value PostgreSQL refuses (it was a
// NUL byte, which PostgreSQL's text refuses: every start and list of such an account failed there).
func TestAnAccountWithoutEmployeeCodeTakesExams(t *testing.T) {
	w := newWorld(t, 1)
	w.exec(`UPDATE sys_user SET employee_code = '' WHERE id = ?`, w.users[0])
	everyone := w.fixedExam("now", w.question(single("无工号也能考", "A")))
	if v := w.start(w.users[0], everyone); v.AttemptID == 0 {
		t.Fatal("no attempt")
	}
	mine, err := w.svc.MyExams(context.Background(), w.users[0])
	if err != nil || len(mine) != 1 {
		t.Fatalf("my exams: %v %+v", err, mine)
	}
}

// The page's events are counted per kind on the taker's grade line and listed in time order for the examiner; an
// event for another taker's attempt, or after the submission, is refused and not recorded.
func TestAttemptEventsAreCountedAndListed(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2)
	ctx := context.Background()
	q := w.question(single("行为记录题", "A"))
	e := w.fixedExam(exam.ResultsNow, q)
	v := w.start(w.users[0], e)
	for i, k := range []string{"blur", "leave", "paste", "blur", "leave", "blur"} {
		w.set(w.now.Add(time.Duration(i+1) * time.Second))
		if _, err := w.svc.Event(ctx, w.users[0], exam.EventIn{AttemptID: v.AttemptID, Kind: k}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.svc.Event(ctx, w.users[1], exam.EventIn{AttemptID: v.AttemptID, Kind: "leave"}); key(err) != "exam.attempt_not_found" {
		t.Fatalf("another taker's attempt: %v", err)
	}
	if _, err := w.svc.Submit(ctx, w.users[0], v.AttemptID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.Event(ctx, w.users[0], exam.EventIn{AttemptID: v.AttemptID, Kind: "paste"}); key(err) != "exam.already_submitted" {
		t.Fatalf("after the submission: %v", err)
	}
	grades, err := w.svc.Grades(ctx, e)
	if err != nil || len(grades) != 1 || grades[0].Leaves != 2 || grades[0].Blurs != 3 || grades[0].Pastes != 1 {
		t.Fatalf("grades: %+v %v", grades, err)
	}
	evs, err := w.svc.Events(ctx, v.AttemptID)
	if err != nil || len(evs) != 6 {
		t.Fatalf("events: %+v %v", evs, err)
	}
	for i, k := range []string{"blur", "leave", "paste", "blur", "leave", "blur"} {
		if evs[i].Kind != k || (i > 0 && evs[i].At <= evs[i-1].At) {
			t.Errorf("event %d: %+v, want %s after the one before", i, evs[i], k)
		}
	}
}
