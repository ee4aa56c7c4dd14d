package exam

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// ActionRekey is the business-log verb of an answer-key correction (the key changed, the answers marked again).
const ActionRekey = "rekey"

// KeyIn corrects the answer key of a question's version.
type KeyIn struct {
	ID           int64           `param:"id,required" doc:"the question"`
	VersionID    int64           `param:"versionId" doc:"the version whose key is wrong; 0: the current one"`
	Answer       json.RawMessage `param:"answer,required" doc:"the corrected key, in the question type's form"`
	ExamID       int64           `param:"examId" doc:"the exam the correction is made from (its history shows it even before anyone answered); 0 none"`
	ConfirmShown bool            `param:"confirmShown" doc:"required when the scores of an exam whose results its takers already see would change"`
}

// Remarked is what a key correction (or its preview) answers: the attempts marked again, how many of them change
// score or pass, and the exams they belong to.
type Remarked struct {
	Attempts    int             `json:"attempts" doc:"submitted attempts whose answer of the version the key marks"`
	Items       int             `json:"items"`
	Changed     int             `json:"changed" doc:"attempts whose score changes"`
	PassChanged int             `json:"passChanged" doc:"attempts whose pass changes"`
	Before      json.RawMessage `json:"before" doc:"the key now"`
	After       json.RawMessage `json:"after" doc:"the corrected key (normalised)"`
	Exams       []KeyExam       `json:"exams"`
	Applied     bool            `json:"applied" doc:"false: a preview, nothing written"`
}

// KeyExam is an exam a key correction touches.
type KeyExam struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Attempts    int    `json:"attempts"`
	Changed     int    `json:"changed"`
	PassChanged int    `json:"passChanged"`
	Shown       bool   `json:"shown" doc:"its takers already see their results"`
}

// PreviewKey tells what correcting the key would change, writing nothing.
func (s *Service) PreviewKey(ctx context.Context, in KeyIn) (Remarked, error) {
	var out Remarked
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		out, err = s.rekey(ctx, tx, in, false)
		return err
	})
	return out, wrap(err, "preview key %d", in.ID)
}

// CorrectKey corrects the answer key of a version in place (the stem and options the takers saw stay) and marks
// again, in the same transaction, every submitted answer of that version that the key marks (not those a person
// marked), then the totals and passes of their attempts. When an exam whose results its takers already see would
// change, the caller must confirm it (confirmShown). The correction is recorded per exam touched (the exam's
// history) and in the business log (rekey) with the key before and after and the counts.
func (s *Service) CorrectKey(ctx context.Context, in KeyIn) (Remarked, error) {
	var out Remarked
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		out, err = s.rekey(ctx, tx, in, true)
		return err
	})
	return out, wrap(err, "correct key %d", in.ID)
}

type keyItem struct {
	attempt, question, exam int64
	answer                  string
	max, old                float64
	oldNull                 bool
	mode                    string
}

type keyAttempt struct {
	exam     int64
	score    float64
	pending  int
	passed   bool
	pass     float64
	newScore float64
}

func (s *Service) rekey(ctx context.Context, tx *db.Tx, in KeyIn, write bool) (Remarked, error) {
	out := Remarked{Exams: []KeyExam{}}
	vid := in.VersionID
	if vid == 0 {
		err := tx.QueryRow(ctx, `SELECT COALESCE(current_version, 0) FROM exam_question WHERE id = ? AND state = 'active'`, in.ID).Scan(&vid)
		if db.IsNoRows(err) {
			return out, httpx.Fail("exam.question_not_found")
		} else if err != nil {
			return out, err
		}
	}
	var v struct {
		Type, Stem, Options, Answer string
		Review, No                  int
	}
	err := tx.QueryRow(ctx, `SELECT qtype, stem, options, answer, review, version_no FROM exam_question_version WHERE id = ? AND question_id = ?`, vid, in.ID).
		Scan(&v.Type, &v.Stem, &v.Options, &v.Answer, &v.Review, &v.No)
	if db.IsNoRows(err) {
		return out, httpx.Fail("exam.question_not_found")
	} else if err != nil {
		return out, err
	}
	if v.Type == TypeShort {
		return out, httpx.Fail("exam.key_short")
	}
	qin := QuestionIn{Type: v.Type, Stem: v.Stem, Answer: in.Answer, Review: v.Review == 1}
	_ = json.Unmarshal([]byte(v.Options), &qin.Options)
	c, err := validate(qin)
	if err != nil {
		return out, err
	}
	out.Before, out.After = json.RawMessage(v.Answer), json.RawMessage(c.key)
	if sameKey(v.Type, v.Answer, c.key) {
		return out, httpx.Fail("exam.key_same")
	}
	if write {
		// the version's row is locked first: a submission marking it waits for the correction
		if _, err := tx.Exec(ctx, `UPDATE exam_question_version SET answer = ? WHERE id = ?`, c.key, vid); err != nil {
			return out, err
		}
	}
	key, _ := parseKey(v.Type, []byte(c.key))
	var opts []Option
	_ = json.Unmarshal([]byte(v.Options), &opts)

	// every submitted answer of the version the key marks, and its attempt's figures
	var items []keyItem
	attempts := map[int64]*keyAttempt{}
	exams := map[int64]*KeyExam{}
	var examOrder []int64
	now := s.now().UTC()
	if v.Review != 1 {
		err = db.EachRow(ctx, tx, `SELECT i.attempt_id, i.question_id, a.exam_id, i.answer, i.max_score, i.score, p.multi_mode, a.score, a.pending, a.passed,
			e.pass_mark FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id JOIN exam_exam e ON e.id = a.exam_id
			JOIN exam_paper p ON p.id = e.paper_id WHERE i.version_id = ? AND a.state <> 'open' AND i.marked_by IS NULL ORDER BY a.exam_id, a.id`,
			[]any{vid}, func(r db.Row) error {
				var it keyItem
				var old *float64
				var a keyAttempt
				var passed int
				if err := r.Scan(&it.attempt, &it.question, &it.exam, &it.answer, &it.max, &old, &it.mode, &a.score, &a.pending, &passed, &a.pass); err != nil {
					return err
				}
				if old != nil {
					it.old = *old
				} else {
					it.oldNull = true
				}
				items = append(items, it)
				if attempts[it.attempt] == nil {
					a.exam, a.passed, a.newScore = it.exam, passed == 1, a.score
					attempts[it.attempt] = &a
				}
				return nil
			})
		if err != nil {
			return out, err
		}
	}
	for _, it := range items {
		resp, _ := parseResponse(v.Type, []byte(it.answer))
		score, _ := Mark(v.Type, it.mode, key, opts, resp, it.max, false)
		a := attempts[it.attempt]
		a.newScore = round2(a.newScore - it.old + score)
		out.Items++
		if write && (it.oldNull || score != it.old) {
			if _, err := tx.Exec(ctx, `UPDATE exam_attempt_item SET score = ? WHERE attempt_id = ? AND question_id = ?`, score, it.attempt, it.question); err != nil {
				return out, err
			}
		}
	}
	ids := make([]int64, 0, len(attempts))
	for id := range attempts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		a := attempts[id]
		x := exams[a.exam]
		if x == nil {
			e, err := s.examRow(ctx, tx, a.exam)
			if err != nil {
				return out, err
			}
			x = &KeyExam{ID: e.ID, Name: e.Name, Shown: e.shown(now)}
			exams[a.exam] = x
			examOrder = append(examOrder, a.exam)
		}
		x.Attempts++
		out.Attempts++
		if a.newScore != round2(a.score) {
			x.Changed++
			out.Changed++
		}
		if (a.pending == 0 && a.newScore >= a.pass) != a.passed {
			x.PassChanged++
			out.PassChanged++
		}
		if write {
			if err := recount(ctx, tx, id); err != nil {
				return out, err
			}
		}
	}
	slices.Sort(examOrder)
	for _, id := range examOrder {
		out.Exams = append(out.Exams, *exams[id])
	}
	if !write {
		return out, nil
	}
	var shown []string
	for _, x := range out.Exams {
		if x.Shown && x.Changed > 0 {
			shown = append(shown, "「"+x.Name+"」")
		}
	}
	if len(shown) > 0 && !in.ConfirmShown {
		return out, httpx.Fail("exam.key_shown", strings.Join(shown, "、"))
	}
	// the history of each exam touched (and of the exam it was made from)
	var uid any
	uname := ""
	if p := auth.PrincipalFrom(ctx); p != nil {
		uid, uname = p.UserID, p.UserName
	}
	rows := slices.Clone(out.Exams)
	if in.ExamID != 0 && !slices.ContainsFunc(rows, func(x KeyExam) bool { return x.ID == in.ExamID }) {
		if _, err := s.examRow(ctx, tx, in.ExamID); err != nil {
			return out, err
		}
		rows = append(rows, KeyExam{ID: in.ExamID})
	}
	if len(rows) == 0 {
		rows = append(rows, KeyExam{})
	}
	for _, x := range rows {
		var examID any
		if x.ID != 0 {
			examID = x.ID
		}
		if _, err := tx.Exec(ctx, `INSERT INTO exam_key_correction (question_id, version_id, version_no, exam_id, stem, qtype, answer_before, answer_after,
			attempts, changed, pass_changed, user_id, user_name, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			in.ID, vid, v.No, examID, clip(v.Stem, 200), v.Type, v.Answer, c.key, x.Attempts, x.Changed, x.PassChanged, uid, uname, now); err != nil {
			return out, err
		}
	}
	out.Applied = true
	return out, s.record(ctx, tx, audit.Change{Action: ActionRekey, TargetID: in.ID, Target: clip(v.Stem, 40),
		Before: map[string]any{"versionId": vid, "version": v.No, "answer": out.Before},
		After: map[string]any{"versionId": vid, "version": v.No, "answer": out.After, "attempts": out.Attempts, "items": out.Items,
			"changed": out.Changed, "passChanged": out.PassChanged}})
}

// sameKey tells whether two keys of a type say the same (a fill-in's alternatives compared normalised, in order).
func sameKey(t, a, b string) bool {
	ka, okA := parseKey(t, []byte(a))
	kb, okB := parseKey(t, []byte(b))
	if !okA || !okB {
		return false
	}
	switch t {
	case TypeSingle:
		return ka.Choice == kb.Choice
	case TypeMultiple:
		return slices.Equal(ka.Choices, kb.Choices)
	case TypeJudge:
		return ka.Judge == kb.Judge
	case TypeFill:
		return slices.EqualFunc(ka.Blanks, kb.Blanks, func(x, y []string) bool {
			return slices.EqualFunc(x, y, func(p, q string) bool { return Normalise(p) == Normalise(q) })
		})
	}
	return ka.Text == kb.Text
}

// ExamQuestion is a question version of an exam (the examiner's view, with its key): one its takers answered, or,
// for a fixed paper, the current version of one of its questions.
type ExamQuestion struct {
	QuestionID  int64           `json:"questionId"`
	VersionID   int64           `json:"versionId"`
	Version     int             `json:"version"`
	Type        string          `json:"type" enum:"single,multiple,judge,fill,short"`
	Stem        string          `json:"stem"`
	Images      []int64         `json:"images"`
	Options     []Option        `json:"options"`
	Answer      json.RawMessage `json:"answer"`
	Explanation string          `json:"explanation"`
	Review      bool            `json:"review"`
	Attempts    int             `json:"attempts" doc:"submitted attempts that hold this version"`
	Corrections int             `json:"corrections" doc:"times its key was corrected"`
}

// OpenAPIName keeps it apart from Question (both would be ExamQuestion).
func (ExamQuestion) OpenAPIName() string { return "ExamPaperQuestion" }

// ExamQuestions are the versions an exam's takers answered and, for a fixed paper, its questions' current versions.
func (s *Service) ExamQuestions(ctx context.Context, examID int64) ([]ExamQuestion, error) {
	e, err := s.examRow(ctx, s.db, examID)
	if err != nil {
		return nil, wrap(err, "exam questions %d", examID)
	}
	out := []ExamQuestion{}
	err = db.EachRow(ctx, s.db, `SELECT v.question_id, v.id, v.version_no, v.qtype, v.stem, v.images, v.options, v.answer, v.explanation, v.review,
		(SELECT COUNT(*) FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id WHERE i.version_id = v.id AND a.exam_id = ? AND a.state <> 'open'),
		(SELECT COUNT(*) FROM exam_key_correction k WHERE k.version_id = v.id AND (k.exam_id = ? OR k.exam_id IS NULL)),
		COALESCE((SELECT MIN(pi.sort) FROM exam_paper_item pi WHERE pi.paper_id = ? AND pi.question_id = v.question_id), 100000)
		FROM exam_question_version v
		WHERE v.id IN (SELECT i.version_id FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id WHERE a.exam_id = ?)
		   OR v.id IN (SELECT q.current_version FROM exam_paper_item pi JOIN exam_question q ON q.id = pi.question_id WHERE pi.paper_id = ?)
		ORDER BY 13, v.question_id, v.version_no`, []any{examID, examID, e.PaperID, examID, e.PaperID}, func(r db.Row) error {
		var q ExamQuestion
		var images, options, answer string
		var review, sort int
		if err := r.Scan(&q.QuestionID, &q.VersionID, &q.Version, &q.Type, &q.Stem, &images, &options, &answer, &q.Explanation, &review, &q.Attempts,
			&q.Corrections, &sort); err != nil {
			return err
		}
		q.Review = review == 1
		q.Answer = json.RawMessage(answer)
		q.Images, q.Options = []int64{}, []Option{}
		_ = json.Unmarshal([]byte(images), &q.Images)
		_ = json.Unmarshal([]byte(options), &q.Options)
		out = append(out, q)
		return nil
	})
	return out, wrap(err, "exam questions %d", examID)
}

// KeyCorrection is a line of an exam's history of key corrections: what changed there.
type KeyCorrection struct {
	ID          int64           `json:"id"`
	QuestionID  int64           `json:"questionId"`
	VersionID   int64           `json:"versionId"`
	Version     int             `json:"version"`
	Type        string          `json:"type" enum:"single,multiple,judge,fill,short"`
	Stem        string          `json:"stem"`
	Before      json.RawMessage `json:"before"`
	After       json.RawMessage `json:"after"`
	Attempts    int             `json:"attempts" doc:"this exam's attempts marked again"`
	Changed     int             `json:"changed" doc:"this exam's attempts whose score changed"`
	PassChanged int             `json:"passChanged"`
	UserName    string          `json:"userName"`
	At          time.Time       `json:"at"`
}

// KeyHistory is an exam's key corrections, latest first.
func (s *Service) KeyHistory(ctx context.Context, examID int64) ([]KeyCorrection, error) {
	if _, err := s.examRow(ctx, s.db, examID); err != nil {
		return nil, wrap(err, "key history %d", examID)
	}
	out := []KeyCorrection{}
	err := db.EachRow(ctx, s.db, `SELECT id, question_id, version_id, version_no, qtype, stem, answer_before, answer_after, attempts, changed, pass_changed,
		user_name, at FROM exam_key_correction WHERE exam_id = ? ORDER BY at DESC, id DESC LIMIT 500`, []any{examID}, func(r db.Row) error {
		var k KeyCorrection
		var before, after string
		if err := r.Scan(&k.ID, &k.QuestionID, &k.VersionID, &k.Version, &k.Type, &k.Stem, &before, &after, &k.Attempts, &k.Changed, &k.PassChanged,
			&k.UserName, &k.At); err != nil {
			return err
		}
		k.Before, k.After = json.RawMessage(before), json.RawMessage(after)
		out = append(out, k)
		return nil
	})
	return out, wrap(err, "key history %d", examID)
}
