package training_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/training"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

// ended is a class of 5 seats with two sessions of one lecturer (10 and 11 March), w.users[0..2] seated, the clock
// after both sessions; users[0] and [1] attended both, users[2] one.
func (w *world) ended(t *testing.T) (class int64, sessions [2]int64, lecturer int64) {
	t.Helper()
	lecturer, err := w.svc.SaveLecturer(as(w.admin), training.LecturerIn{Kind: training.KindExternal, Name: "评估讲师", Organisation: "外部学院"})
	if err != nil {
		t.Fatal(err)
	}
	class = w.class(5, false)
	for i, d := range []string{"2026-03-10", "2026-03-11"} {
		s, err := w.session(class, d+" 09:00", d+" 11:00", "", lecturer)
		if err != nil {
			t.Fatal(err)
		}
		sessions[i] = s.ID
	}
	if err := w.svc.SetState(as(w.admin), class, training.StateEnrolling); err != nil {
		t.Fatal(err)
	}
	for _, u := range w.users[:3] {
		if _, err := w.svc.Enrol(as(u), class); err != nil {
			t.Fatal(err)
		}
	}
	for i, s := range sessions {
		for j, u := range w.users[:3] {
			if j == 2 && i == 1 {
				continue
			}
			if err := w.svc.Correct(as(w.admin), training.CorrectIn{SessionID: s, UserID: u, State: training.SignPresent, Reason: "补签"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.set(time.Date(2026, 3, 11, 12, 0, 0, 0, time.Local))
	return class, sessions, lecturer
}

// TestEvaluationOncePerTraineeAndAnonymous: a seated trainee evaluates an ended session once (the second is refused
// naming the first, nothing saved); a session not ended, a trainee without a seat, stars out of range are refused;
// the results (per session, lecturer, course, distribution) and the lecturer's average carry no name or account of
// who evaluated.
func TestEvaluationOncePerTraineeAndAnonymous(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 4)
	class, sessions, lecturer := w.ended(t)
	ok := func(u int64, in training.EvaluateIn) {
		t.Helper()
		if err := w.svc.Evaluate(as(u), in); err != nil {
			t.Fatal(err)
		}
	}
	ok(w.users[0], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 5, LecturerStars: 4, Comment: "讲得清楚"})
	ok(w.users[1], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 2, LecturerStars: 1, Comment: "太快了"})

	count := func() int {
		var n int
		if err := w.db.QueryRow(context.Background(), `SELECT COUNT(*) FROM training_evaluation`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, c := range []struct {
		name string
		user int64
		in   training.EvaluateIn
		want string
	}{
		{"twice", w.users[0], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 3, LecturerStars: 3}, "training.eval_twice"},
		{"no seat", w.users[3], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 3, LecturerStars: 3}, "training.eval_not_enrolled"},
		{"no stars", w.users[2], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 0, LecturerStars: 3}, "training.eval_stars"},
		{"six stars", w.users[2], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 6, LecturerStars: 3}, "training.eval_stars"},
		{"no lecturer stars", w.users[2], training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 3}, "training.eval_stars"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := count()
			if got := key(w.svc.Evaluate(as(c.user), c.in)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			if count() != before {
				t.Error("a refused evaluation was saved")
			}
		})
	}
	t.Run("not ended", func(t *testing.T) {
		w.set(time.Date(2026, 3, 11, 10, 0, 0, 0, time.Local))
		defer w.set(time.Date(2026, 3, 11, 12, 0, 0, 0, time.Local))
		if got := key(w.svc.Evaluate(as(w.users[2]), training.EvaluateIn{ClassID: class, SessionID: sessions[1], CourseStars: 3, LecturerStars: 3})); got != "training.eval_not_ended" {
			t.Errorf("got %q", got)
		}
		if got := key(w.svc.Evaluate(as(w.users[2]), training.EvaluateIn{ClassID: class, CourseStars: 3})); got != "training.eval_not_ended" {
			t.Errorf("the class: got %q", got)
		}
	})
	t.Run("twice at once: one is saved", func(t *testing.T) {
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs[i] = w.svc.Evaluate(as(w.users[2]), training.EvaluateIn{ClassID: class, SessionID: sessions[1], CourseStars: 4, LecturerStars: 5})
			}()
		}
		close(start)
		wg.Wait()
		done := 0
		for _, err := range errs {
			if err == nil {
				done++
			} else if key(err) != "training.eval_twice" {
				t.Errorf("refusal: %v", err)
			}
		}
		if done != 1 {
			t.Errorf("%d of 4 simultaneous evaluations saved", done)
		}
	})
	ok(w.users[0], training.EvaluateIn{ClassID: class, CourseStars: 4, LecturerStars: 4, Comment: "整体不错"})

	res, err := w.svc.ClassEvaluations(context.Background(), class)
	if err != nil {
		t.Fatal(err)
	}
	if res.Summary.Count != 4 || len(res.Sessions) != 2 || len(res.Lecturers) != 1 || len(res.Comments) != 4 {
		t.Fatalf("results: %+v", res)
	}
	l := res.Lecturers[0].Summary
	if l.LecturerCount != 3 || l.LecturerDist[0] != 1 || l.LecturerDist[3] != 1 || l.LecturerDist[4] != 1 || l.LecturerAverage != 3.33 {
		t.Errorf("the lecturer's distribution: %+v", l)
	}
	if s := res.Sessions[0].Summary; res.Sessions[0].ID == sessions[0] && (s.CourseDist[4] != 1 || s.CourseDist[1] != 1 || s.CourseAverage != 3.5) {
		t.Errorf("the first session: %+v", s)
	}
	byLecturer, err := w.svc.LecturerEvaluations(context.Background(), lecturer)
	if err != nil {
		t.Fatal(err)
	}
	// anonymity: nothing in the answers names or identifies who evaluated
	for name, v := range map[string]any{"class": res, "lecturer": byLecturer} {
		b, _ := json.Marshal(v)
		for _, who := range []string{"员工s00", "员工s01", "员工s02", "s00", "E000", "E001", "userId", "loginCode"} {
			if bytes.Contains(b, []byte(who)) {
				t.Errorf("the %s results name %q: %s", name, who, b)
			}
		}
	}
	lects, err := w.svc.LecturerOptions(context.Background())
	if err != nil || len(lects) == 0 {
		t.Fatal(lects, err)
	}
	todo, err := w.svc.MyEvaluations(context.Background(), w.users[2])
	if err != nil {
		t.Fatal(err)
	}
	doneBy := map[int64]bool{}
	for _, x := range todo {
		doneBy[x.SessionID] = x.Done
	}
	if len(todo) != 3 || !doneBy[sessions[1]] || doneBy[sessions[0]] || doneBy[0] {
		t.Errorf("users[2]'s evaluations: %+v", todo)
	}
}

// TestCertificateByRuleAndRevocation: closing a class issues its certificate to every seated trainee who meets the
// rule (attendance, evaluation given), with a readable unique serial; a manual issue skips a live one; revocation
// needs a reason, is in the business log and shows on the public verification, which answers the masked name only.
func TestCertificateByRuleAndRevocation(t *testing.T) {
	t.Parallel()
	w := newWorld(t, 4)
	class, sessions, _ := w.ended(t)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		rule training.CertRule
		want string
	}{
		{"attendance above 100", training.CertRule{ClassID: class, Enabled: true, MinAttendance: 101}, "training.cert_attendance"},
		{"validity too long", training.CertRule{ClassID: class, Enabled: true, ValidityMonths: 121}, "training.cert_validity"},
		{"an exam without exams", training.CertRule{ClassID: class, Enabled: true, ExamID: 7}, "training.cert_exam_not_found"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := key(w.svc.SaveCertRule(as(w.admin), c.rule)); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	if err := w.svc.SaveCertRule(as(w.admin), training.CertRule{ClassID: class, Enabled: true, MinAttendance: 100, NeedsEvaluation: true,
		ValidityMonths: 24}); err != nil {
		t.Fatal(err)
	}
	// users[0]: both sessions and an evaluation; users[1]: both, no evaluation; users[2]: one session, an evaluation
	for _, u := range []int64{w.users[0], w.users[2]} {
		if err := w.svc.Evaluate(as(u), training.EvaluateIn{ClassID: class, SessionID: sessions[0], CourseStars: 4, LecturerStars: 4}); err != nil {
			t.Fatal(err)
		}
	}
	cands, err := w.svc.Candidates(ctx, class)
	if err != nil {
		t.Fatal(err)
	}
	meets := map[int64]bool{}
	for _, c := range cands {
		meets[c.UserID] = c.Meets
	}
	if len(cands) != 3 || !meets[w.users[0]] || meets[w.users[1]] || meets[w.users[2]] {
		t.Fatalf("candidates: %+v", cands)
	}
	for _, st := range []string{training.StateRunning, training.StateClosed} {
		if err := w.svc.SetState(as(w.admin), class, st); err != nil {
			t.Fatal(err)
		}
	}
	mine, err := w.svc.MyCertificates(ctx, w.users[0])
	if err != nil || len(mine) != 1 {
		t.Fatalf("users[0]'s certificates: %+v %v", mine, err)
	}
	c := mine[0]
	if !strings.HasPrefix(c.Serial, "BD-2026-") || len(c.Serial) != len("BD-2026-000001") || c.State != training.CertValid ||
		c.IssuedOn != "2026-03-11" || c.ValidUntil != "2028-03-11" || c.Manual {
		t.Errorf("certificate: %+v", c)
	}
	if other, _ := w.svc.MyCertificates(ctx, w.users[1]); len(other) != 0 {
		t.Errorf("users[1] lacks the evaluation yet holds %+v", other)
	}

	// by hand: users[1] gets one, users[0] (live already) is skipped; a trainee without a seat is refused
	got, err := w.svc.Issue(as(w.admin), training.IssueIn{ClassID: class, UserIDs: []int64{w.users[0], w.users[1]}})
	if err != nil || len(got.Issued) != 1 || got.Skipped != 1 || !got.Issued[0].Manual || got.Issued[0].Serial == c.Serial {
		t.Fatalf("manual issue: %+v %v", got, err)
	}
	if k := key(func() error {
		_, err := w.svc.Issue(as(w.admin), training.IssueIn{ClassID: class, UserIDs: []int64{w.users[3]}})
		return err
	}()); k != "training.not_student" {
		t.Errorf("no seat: %q", k)
	}
	// the serial is unique: the database refuses a second row with it
	if _, err := w.db.Exec(ctx, `INSERT INTO training_certificate (serial, class_id, user_id, holder_name, title, issued_on, created_at)
		VALUES (?, ?, ?, 'x', 'x', '2026-03-11', ?)`, c.Serial, class, w.users[3], time.Now()); !db.IsUniqueViolation(err) {
		t.Errorf("a second certificate %s: %v", c.Serial, err)
	}

	v, err := w.svc.Verify(ctx, strings.ToLower(c.Serial))
	if err != nil || !v.Found || v.State != training.CertValid || v.Holder != "员****" || v.Title != "班级5" {
		t.Errorf("verification: %+v %v", v, err)
	}
	if v, _ := w.svc.Verify(ctx, "BD-2026-999999"); v.Found {
		t.Errorf("an unknown serial: %+v", v)
	}
	if v, _ := w.svc.Verify(ctx, "' OR 1=1 --"); v.Found {
		t.Errorf("a malformed serial: %+v", v)
	}

	if k := key(w.svc.Revoke(as(w.admin), training.RevokeIn{ID: c.ID, Reason: " "})); k != "training.required" {
		t.Errorf("no reason: %q", k)
	}
	if err := w.svc.Revoke(as(w.admin), training.RevokeIn{ID: c.ID, Reason: "出勤记录有误"}); err != nil {
		t.Fatal(err)
	}
	if k := key(w.svc.Revoke(as(w.admin), training.RevokeIn{ID: c.ID, Reason: "再次"})); k != "training.cert_revoked_already" {
		t.Errorf("twice: %q", k)
	}
	if v, _ := w.svc.Verify(ctx, c.Serial); v.State != training.CertRevoked {
		t.Errorf("after revocation: %+v", v)
	}
	var logged int
	if err := w.db.QueryRow(ctx, `SELECT COUNT(*) FROM business_log WHERE action = 'revoke'`).Scan(&logged); err != nil || logged != 1 {
		t.Errorf("business log of the revocation: %d %v", logged, err)
	}
	// expired: past its validity
	w.set(time.Date(2028, 3, 12, 9, 0, 0, 0, time.Local))
	if v, _ := w.svc.Verify(ctx, got.Issued[0].Serial); v.State != training.CertExpired {
		t.Errorf("past its validity: %+v", v)
	}

	pdf, err := training.CertificatePDF(c, "https://biddesk.example/verify/cert/"+c.Serial)
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF-1.4")) || !bytes.Contains(pdf, []byte("%%EOF")) {
		t.Errorf("pdf: %v %q", err, pdf[:min(20, len(pdf))])
	}
	if err := api.Validate(bytes.NewReader(pdf), nil); err != nil {
		t.Errorf("the certificate's PDF is not valid: %v", err)
	}
}

func TestMaskName(t *testing.T) {
	for in, want := range map[string]string{"张三": "张*", "欧阳修": "欧**", "Anna": "A***", "李": "*", "": "", " 王小明 ": "王**"} {
		if got := training.MaskName(in); got != want {
			t.Errorf("MaskName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The certificate's PDF: Latin text (the serial, dates, the address) is drawn in Helvetica, not in the Chinese font's
// full width; a long class name and a name with Latin-1 letters still make a valid file; the address of the
// verification page is in it (the QR encodes the same; decoded by zbarimg when the layout was checked by eye).
func TestCertificatePDFLayout(t *testing.T) {
	for _, c := range []struct{ name, holder, title string }{
		{"a short Chinese title", "张晓东", "投标文件编制实务"},
		{"a long mixed title and a Latin-1 name", "Anna Müller-Schmidt",
			"2026年度华信集团各分子公司招投标业务骨干、项目经理及商务标编制人员能力提升暨Bid Management专项培训班（第二期，北京）" + strings.Repeat("续", 60)},
	} {
		t.Run(c.name, func(t *testing.T) {
			cert := training.Certificate{Serial: "BD-2026-000123", HolderName: c.holder, Title: c.title, IssuedOn: "2026-03-11", EmployeeCode: "HX000100"}
			url := "https://biddesk.example/verify/cert/" + cert.Serial
			pdf, err := training.CertificatePDF(cert, url)
			if err != nil {
				t.Fatal(err)
			}
			if err := api.Validate(bytes.NewReader(pdf), nil); err != nil {
				t.Errorf("not valid: %v", err)
			}
			for _, want := range []string{"/F2 12.0 Tf", "(BD-2026-000123) Tj", "(2026-03-11) Tj", "(" + url + ") Tj", "/BaseFont /STSong-Light"} {
				if !bytes.Contains(pdf, []byte(want)) {
					t.Errorf("the PDF lacks %q", want)
				}
			}
		})
	}
}
