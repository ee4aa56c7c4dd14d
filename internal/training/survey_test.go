package training_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/training"
)

// notes records the message to-dos a service writes.
type notes struct {
	mu    sync.Mutex
	users map[int64]int
	codes []string
}

func (n *notes) Notify(_ context.Context, _ *db.Tx, users []int64, t training.Notice) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.users == nil {
		n.users = map[int64]int{}
	}
	for _, u := range users {
		n.users[u]++
	}
	n.codes = append(n.codes, t.Code)
	return len(users), nil
}

func (w *world) survey(anonymous bool, organ ...string) int64 {
	w.t.Helper()
	var picks []training.UnitPick
	for _, o := range organ {
		picks = append(picks, training.UnitPick{FullUnitCode: o})
	}
	id, err := w.svc.SaveSurvey(as(w.admin), training.SurveyIn{Title: "培训满意度调查", Anonymous: anonymous, Deadline: "2026-03-05 18:00",
		Organ: picks, Questions: []training.QuestionIn{
			{Kind: training.QSingle, Title: "总体评价", Options: []string{"满意", "一般", "不满意"}, Required: true},
			{Kind: training.QMultiple, Title: "希望增加的内容", Options: []string{"案例", "实操", "考试"}},
			{Kind: training.QRating, Title: "讲师评分", Required: true},
			{Kind: training.QText, Title: "其他建议"},
		}})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

func answers(qs []training.Question, single int, rating int, text string) []training.AnswerItem {
	return []training.AnswerItem{{QuestionID: qs[0].ID, Choices: []int{single}}, {QuestionID: qs[1].ID, Choices: []int{1, 2}},
		{QuestionID: qs[2].ID, Rating: rating}, {QuestionID: qs[3].ID, Text: text}}
}

// TestSurveyRules: a questionnaire sent to a unit reaches its staff only; each answers once (a second answer, even
// simultaneous, is refused and saves nothing); required questions and a single choice are checked; after the
// deadline nothing is taken; an anonymous questionnaire's results and responses carry no user; a sent one is frozen.
func TestSurveyRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	ctx := context.Background()
	id := w.survey(true, "100101")
	if _, err := w.svc.SaveSurvey(as(w.admin), training.SurveyIn{Title: "空", Deadline: "2026-03-05 18:00", Organ: []training.UnitPick{{FullUnitCode: "100101"}}}); key(err) != "training.survey_no_questions" {
		t.Errorf("no questions: %v", err)
	}
	n, err := w.svc.SendSurvey(as(w.admin), id)
	if err != nil || n != 3 {
		t.Fatalf("sent to %d: %v", n, err)
	}
	if _, err := w.svc.SendSurvey(as(w.admin), id); key(err) != "training.survey_not_draft" {
		t.Errorf("sent twice: %v", err)
	}
	if err := w.svc.DeleteSurvey(as(w.admin), id); key(err) != "training.survey_not_draft" {
		t.Errorf("deleted once sent: %v", err)
	}
	form, err := w.svc.MySurvey(ctx, w.users[0], id)
	if err != nil || !form.Open || len(form.Questions) != 4 {
		t.Fatalf("form: %+v %v", form, err)
	}
	qs := form.Questions
	if _, err := w.svc.MySurvey(ctx, w.users[3], id); key(err) != "training.survey_not_yours" {
		t.Errorf("another unit's staff sees it: %v", err)
	}
	for _, c := range []struct {
		name string
		in   []training.AnswerItem
		want string
	}{
		{"a required question left out", []training.AnswerItem{{QuestionID: qs[0].ID, Choices: []int{1}}}, "training.answer_required"},
		{"two choices of a single choice", answers(qs, 1, 4, "")[:0:0], "training.answer_required"},
		{"a rating above 5", []training.AnswerItem{{QuestionID: qs[0].ID, Choices: []int{1}}, {QuestionID: qs[2].ID, Rating: 6}}, "training.answer_bad"},
		{"an option that does not exist", []training.AnswerItem{{QuestionID: qs[0].ID, Choices: []int{4}}, {QuestionID: qs[2].ID, Rating: 3}}, "training.answer_bad"},
		{"single choice with two", []training.AnswerItem{{QuestionID: qs[0].ID, Choices: []int{1, 2}}, {QuestionID: qs[2].ID, Rating: 3}}, "training.answer_one"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := w.svc.Answer(ctx, w.users[0], training.AnswerIn{SurveyID: id, Answers: c.in}); key(err) != c.want {
				t.Errorf("got %v, want %s", err, c.want)
			}
		})
	}
	if err := w.svc.Answer(ctx, w.users[3], training.AnswerIn{SurveyID: id, Answers: answers(qs, 1, 5, "")}); key(err) != "training.survey_not_yours" {
		t.Errorf("answered by someone not asked: %v", err)
	}

	// the same person twice at once: one response
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = w.svc.Answer(ctx, w.users[0], training.AnswerIn{SurveyID: id, Answers: answers(qs, 1, 5, "多些案例")})
		}()
	}
	close(start)
	wg.Wait()
	if ok := (errs[0] == nil) != (errs[1] == nil); !ok || (key(errs[0]) != "training.answered" && key(errs[1]) != "training.answered") {
		t.Errorf("two answers at once: %v / %v", errs[0], errs[1])
	}
	if err := w.svc.Answer(ctx, w.users[1], training.AnswerIn{SurveyID: id, Answers: answers(qs, 2, 3, "")}); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.Answer(ctx, w.users[1], training.AnswerIn{SurveyID: id, Answers: answers(qs, 2, 3, "")}); key(err) != "training.answered" {
		t.Errorf("second answer: %v", err)
	}
	var responses, answersSaved, named int
	if err := w.db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM training_survey_response WHERE survey_id = ?), (SELECT COUNT(*) FROM training_survey_answer),
		(SELECT COUNT(*) FROM training_survey_response WHERE user_id IS NOT NULL)`, id).Scan(&responses, &answersSaved, &named); err != nil {
		t.Fatal(err)
	}
	if responses != 2 || answersSaved != 7 || named != 0 {
		t.Errorf("saved: %d responses, %d answers, %d named", responses, answersSaved, named)
	}
	res, err := w.svc.Results(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if res.Responses != 2 || res.Survey.Answered != 2 || res.Survey.Recipients != 3 {
		t.Errorf("results: %+v", res)
	}
	if got := res.Questions[0].Counts; got[0] != 1 || got[1] != 1 || got[2] != 0 {
		t.Errorf("single choice counts: %v", got)
	}
	if got := res.Questions[1].Counts; got[0] != 2 || got[1] != 2 || got[2] != 0 {
		t.Errorf("multiple choice counts: %v", got)
	}
	if q := res.Questions[2]; q.Average != 4 || q.Counts[4] != 1 || q.Counts[2] != 1 {
		t.Errorf("rating: %+v", q)
	}
	if q := res.Questions[3]; len(q.Texts) != 1 || q.Texts[0].Text != "多些案例" || q.Texts[0].UserName != "" {
		t.Errorf("anonymous text answers: %+v", q.Texts)
	}

	// the deadline
	w.set(time.Date(2026, 3, 5, 18, 0, 1, 0, time.Local))
	if err := w.svc.Answer(ctx, w.users[2], training.AnswerIn{SurveyID: id, Answers: answers(qs, 1, 5, "")}); key(err) != "training.survey_over" {
		t.Errorf("after the deadline: %v", err)
	}
	mine, _ := w.svc.MySurveys(ctx, w.users[2])
	if len(mine) != 1 || mine[0].Open {
		t.Errorf("my questionnaires after the deadline: %+v", mine)
	}
}

// TestSurveyNamed: a named questionnaire's text answers carry the answerer; one sent to a class reaches its
// trainees with a seat only; a closed one takes no answer.
func TestSurveyNamed(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	ctx := context.Background()
	class := w.class(1, false)
	w.open(class)
	if _, err := w.svc.Enrol(as(w.users[0]), class); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.Enrol(as(w.users[1]), class); err != nil { // waits: capacity 1
		t.Fatal(err)
	}
	id, err := w.svc.SaveSurvey(as(w.admin), training.SurveyIn{Title: "课后反馈", ClassID: class, Deadline: "2026-03-20 18:00",
		Questions: []training.QuestionIn{{Kind: training.QText, Title: "收获", Required: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := w.svc.SendSurvey(as(w.admin), id); err != nil || n != 1 {
		t.Fatalf("sent to the class: %d %v", n, err)
	}
	form, _ := w.svc.MySurvey(ctx, w.users[0], id)
	if err := w.svc.Answer(ctx, w.users[0], training.AnswerIn{SurveyID: id, Answers: []training.AnswerItem{{QuestionID: form.Questions[0].ID, Text: "  学到很多  "}}}); err != nil {
		t.Fatal(err)
	}
	res, _ := w.svc.Results(ctx, id)
	if tx := res.Questions[0].Texts; len(tx) != 1 || tx[0].UserName != "员工s00" || tx[0].Text != "学到很多" {
		t.Errorf("named answers: %+v", tx)
	}
	if err := w.svc.CloseSurvey(as(w.admin), id); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.Answer(ctx, w.users[1], training.AnswerIn{SurveyID: id}); key(err) != "training.survey_not_yours" {
		t.Errorf("a waiting trainee answered: %v", err)
	}
}

// TestSurveyReminders: the reminders go to the recipients who have not answered, of questionnaires closing within
// three days, once a day.
func TestSurveyReminders(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 3)
	rec := &notes{}
	svc := training.NewService(w.db, rec, nil, nil, nil)
	svc.UseClock(func() time.Time { w.mu.Lock(); defer w.mu.Unlock(); return w.now })
	ctx := context.Background()
	id := w.survey(false, "100101")
	if _, err := svc.SendSurvey(as(w.admin), id); err != nil {
		t.Fatal(err)
	}
	form, _ := svc.MySurvey(ctx, w.users[0], id)
	if err := svc.Answer(ctx, w.users[0], training.AnswerIn{SurveyID: id, Answers: answers(form.Questions, 1, 4, "")}); err != nil {
		t.Fatal(err)
	}
	rec.users = nil
	if n, err := svc.RemindSurveys(ctx); err != nil || n != 0 {
		t.Errorf("more than three days before the deadline: %d %v", n, err)
	}
	w.set(time.Date(2026, 3, 3, 9, 0, 0, 0, time.Local))
	n, err := svc.RemindSurveys(ctx)
	if err != nil || n != 2 {
		t.Fatalf("reminded %d: %v", n, err)
	}
	if rec.users[w.users[0]] != 0 || rec.users[w.users[1]] != 1 || rec.users[w.users[2]] != 1 || rec.users[w.users[3]] != 0 {
		t.Errorf("reminded: %v", rec.users)
	}
	w.set(time.Date(2026, 3, 6, 9, 0, 0, 0, time.Local)) // past the deadline: nobody
	if n, err := svc.RemindSurveys(ctx); err != nil || n != 0 {
		t.Errorf("after the deadline: %d %v", n, err)
	}
}

// TestHonours: entries name an existing trainee, lecturer or class once per year, with a citation; they change and go.
func TestHonours(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 2)
	ctx := as(w.admin)
	lect, err := w.svc.SaveLecturer(ctx, training.LecturerIn{Kind: training.KindExternal, Name: "王讲师", Organisation: "外部学院"})
	if err != nil {
		t.Fatal(err)
	}
	class := w.class(5, false)
	id, err := w.svc.SaveHonour(ctx, training.HonourIn{Year: 2025, Kind: training.HonourTrainee, RefID: w.users[0], Citation: "全勤并获优秀结业"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		in   training.HonourIn
		want string
	}{
		{"the same trainee again", training.HonourIn{Year: 2025, Kind: training.HonourTrainee, RefID: w.users[0], Citation: "x"}, "training.honour_dup"},
		{"no citation", training.HonourIn{Year: 2025, Kind: training.HonourLecturer, RefID: lect, Citation: " "}, "training.required"},
		{"a lecturer who does not exist", training.HonourIn{Year: 2025, Kind: training.HonourLecturer, RefID: 99999, Citation: "x"}, "training.honour_ref_missing"},
		{"a year out of range", training.HonourIn{Year: 1999, Kind: training.HonourClass, RefID: class, Citation: "x"}, "training.year_bad"},
		{"a lecturer", training.HonourIn{Year: 2025, Kind: training.HonourLecturer, RefID: lect, Citation: "授课评价第一"}, ""},
		{"a class", training.HonourIn{Year: 2025, Kind: training.HonourClass, RefID: class, Citation: "组织有序"}, ""},
		{"the trainee the next year", training.HonourIn{Year: 2026, Kind: training.HonourTrainee, RefID: w.users[0], Citation: "再获优秀"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := w.svc.SaveHonour(ctx, c.in); key(err) != c.want {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
	if _, err := w.svc.SaveHonour(ctx, training.HonourIn{ID: id, Year: 2025, Kind: training.HonourTrainee, RefID: w.users[1], Citation: "改选"}); err != nil {
		t.Fatal(err)
	}
	book, err := w.svc.Book(context.Background(), 0)
	if err != nil || book.Year != 2026 || len(book.Years) != 2 || len(book.Items) != 1 {
		t.Errorf("latest book: %+v %v", book, err)
	}
	book, _ = w.svc.Book(context.Background(), 2025)
	if len(book.Items) != 3 || book.Items[0].Kind != training.HonourTrainee || book.Items[0].Name != "员工s01" || book.Items[0].UnitLabel != "培训部" ||
		book.Items[1].Name != "王讲师" || book.Items[2].Kind != training.HonourClass {
		t.Errorf("2025: %+v", book.Items)
	}
	if err := w.svc.DeleteHonour(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := w.svc.DeleteHonour(ctx, id); key(err) != "training.honour_not_found" {
		t.Errorf("deleted twice: %v", err)
	}
}
