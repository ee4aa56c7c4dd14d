package exam

import (
	"context"
	"encoding/json"
	"math"
	"sort"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// QueueItem is an answer awaiting a person's marking. Anonymous: the taker is named by the attempt's number only.
type QueueItem struct {
	AttemptID  int64           `json:"attemptId"`
	QuestionID int64           `json:"questionId"`
	ExamID     int64           `json:"examId"`
	ExamName   string          `json:"examName"`
	Taker      string          `json:"taker" doc:"答卷 N (anonymous marking) or the taker's name"`
	Type       string          `json:"type" enum:"single,multiple,judge,fill,short"`
	Stem       string          `json:"stem"`
	Images     []int64         `json:"images" doc:"the stem's pictures (GET /api/exam/picture)"`
	Reference  json.RawMessage `json:"reference" doc:"the key or reference answer"`
	Response   json.RawMessage `json:"response"`
	Max        float64         `json:"max"`
}

// QueueIn narrows the marking queue.
type QueueIn struct {
	ExamID int64 `param:"examId" doc:"0: every exam"`
}

// Queue is the answers awaiting marking, oldest submission first (at most 500).
func (s *Service) Queue(ctx context.Context, in QueueIn) ([]QueueItem, error) {
	where, args := "", []any{}
	if in.ExamID != 0 {
		where, args = " AND a.exam_id = ?", append(args, in.ExamID)
	}
	out := []QueueItem{}
	err := db.EachRow(ctx, s.db, `SELECT i.attempt_id, i.question_id, e.id, e.name, e.anonymous, u.user_name, v.qtype, v.stem, v.images, v.answer, i.answer, i.max_score
		FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id JOIN exam_exam e ON e.id = a.exam_id JOIN sys_user u ON u.id = a.user_id
		JOIN exam_question_version v ON v.id = i.version_id
		WHERE i.review = 1 AND i.score IS NULL AND a.state = 'submitted'`+where+` ORDER BY a.submitted_at, a.id, i.position LIMIT 500`, args, func(r db.Row) error {
		var q QueueItem
		var anon int
		var name, images, key, resp string
		if err := r.Scan(&q.AttemptID, &q.QuestionID, &q.ExamID, &q.ExamName, &anon, &name, &q.Type, &q.Stem, &images, &key, &resp, &q.Max); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(images), &q.Images)
		if q.Images == nil {
			q.Images = []int64{}
		}
		q.Taker = name
		if anon == 1 {
			q.Taker = httpx.Translate(httpx.LangZH, "exam.anonymous", q.AttemptID)
		}
		q.Reference = json.RawMessage(key)
		if resp == "" {
			resp = "null"
		}
		q.Response = json.RawMessage(resp)
		out = append(out, q)
		return nil
	})
	return out, wrap(err, "marking queue")
}

// MarkIn is a person's mark of one answer.
type MarkIn struct {
	AttemptID  int64   `param:"attemptId,required"`
	QuestionID int64   `param:"questionId,required"`
	Score      float64 `param:"score" doc:"0 to the question's value"`
	Comment    string  `param:"comment" max:"500"`
}

// MarkAnswer records a person's mark of an answer awaiting one (or corrects it), then the attempt's total and pass.
func (s *Service) MarkAnswer(ctx context.Context, in MarkIn) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var max float64
		var review int
		var state string
		err := tx.QueryRow(ctx, `SELECT i.max_score, i.review, a.state FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id
			WHERE i.attempt_id = ? AND i.question_id = ?`, in.AttemptID, in.QuestionID).Scan(&max, &review, &state)
		if db.IsNoRows(err) {
			return httpx.Fail("exam.answer_not_found")
		} else if err != nil {
			return err
		}
		if state == AttemptOpen || review != 1 {
			return httpx.Fail("exam.not_for_marking")
		}
		if in.Score < 0 || in.Score > max || math.IsNaN(in.Score) {
			return httpx.Fail("exam.mark_bad", max)
		}
		var by any
		if p := auth.PrincipalFrom(ctx); p != nil {
			by = p.UserID
		}
		if _, err := tx.Exec(ctx, `UPDATE exam_attempt_item SET score = ?, comment = ?, marked_by = ?, marked_at = ? WHERE attempt_id = ? AND question_id = ?`,
			round2(in.Score), in.Comment, by, s.now().UTC(), in.AttemptID, in.QuestionID); err != nil {
			return err
		}
		if err := recount(ctx, tx, in.AttemptID); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Action: "mark", TargetID: in.AttemptID, Target: "答卷", After: in})
	})
	return wrap(err, "mark attempt %d question %d", in.AttemptID, in.QuestionID)
}

// Grade is a taker's line of an exam's grades: their best attempt.
type Grade struct {
	UserID     int64      `json:"userId"`
	Name       string     `json:"name"`
	LoginCode  string     `json:"loginCode"`
	UnitCode   string     `json:"unitCode"`
	UnitLabel  string     `json:"unitLabel"`
	Attempts   int        `json:"attempts"`
	Best       float64    `json:"best"`
	Passed     bool       `json:"passed"`
	Pending    int        `json:"pending"`
	Minutes    float64    `json:"minutes" doc:"the time the best attempt took"`
	Submitted  *time.Time `json:"submitted"`
	AttemptID  int64      `json:"attemptId" doc:"the best attempt"`
	SubmitKind string     `json:"submitKind"`
	Leaves     int        `json:"leaves" doc:"times the best attempt's page was left"`
	Blurs      int        `json:"blurs" doc:"times it lost focus"`
	Pastes     int        `json:"pastes" doc:"pastes into it"`
}

// Grades are an exam's takers with their best submitted attempt, best first.
func (s *Service) Grades(ctx context.Context, examID int64) ([]Grade, error) {
	if _, err := s.examRow(ctx, s.db, examID); err != nil {
		return nil, wrap(err, "grades %d", examID)
	}
	byUser := map[int64]*Grade{}
	var order []int64
	err := db.EachRow(ctx, s.db, `SELECT a.id, a.user_id, u.user_name, u.login_code, u.unit_code, COALESCE(`+org.LabelSQL("un")+`, u.unit_code), a.score, a.passed,
		a.pending, a.started_at, a.submitted_at, a.submit_kind, a.leaves,
		(SELECT COUNT(*) FROM exam_attempt_event ev WHERE ev.attempt_id = a.id AND ev.kind = 'blur'),
		(SELECT COUNT(*) FROM exam_attempt_event ev WHERE ev.attempt_id = a.id AND ev.kind = 'paste') FROM exam_attempt a JOIN sys_user u ON u.id = a.user_id
		LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code WHERE a.exam_id = ? AND a.state <> 'open' ORDER BY a.id`, []any{examID}, func(r db.Row) error {
		var g Grade
		var passed int
		var started time.Time
		if err := r.Scan(&g.AttemptID, &g.UserID, &g.Name, &g.LoginCode, &g.UnitCode, &g.UnitLabel, &g.Best, &passed, &g.Pending, &started, &g.Submitted,
			&g.SubmitKind, &g.Leaves, &g.Blurs, &g.Pastes); err != nil {
			return err
		}
		g.Passed = passed == 1
		if g.Submitted != nil {
			g.Minutes = round2(g.Submitted.Sub(started).Minutes())
		}
		prev := byUser[g.UserID]
		if prev == nil {
			order = append(order, g.UserID)
			g.Attempts = 1
			byUser[g.UserID] = &g
			return nil
		}
		g.Attempts = prev.Attempts + 1
		if g.Best > prev.Best || (g.Passed && !prev.Passed) {
			byUser[g.UserID] = &g
		} else {
			prev.Attempts = g.Attempts
		}
		return nil
	})
	if err != nil {
		return nil, wrap(err, "grades %d", examID)
	}
	out := make([]Grade, 0, len(order))
	for _, id := range order {
		out = append(out, *byUser[id])
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Best > out[b].Best })
	return out, nil
}

// Analysis is an exam's figures: the summary, the distribution of the best scores in tenths of the total, the
// units' figures, and each question's correct rate and discrimination.
type Analysis struct {
	ExamID       int64         `json:"examId"`
	Takers       int           `json:"takers"`
	Passed       int           `json:"passed"`
	PassRate     float64       `json:"passRate"`
	Average      float64       `json:"average"`
	Highest      float64       `json:"highest"`
	Lowest       float64       `json:"lowest"`
	Total        float64       `json:"total"`
	Distribution []Band        `json:"distribution"`
	Units        []UnitFigure  `json:"units"`
	Questions    []QuestionFig `json:"questions"`
}

// Band is a tenth of the total and how many takers' best score fell in it.
type Band struct {
	From  float64 `json:"from"`
	To    float64 `json:"to"`
	Count int     `json:"count"`
}

// UnitFigure is a unit's takers, passes and average.
type UnitFigure struct {
	UnitCode  string  `json:"unitCode"`
	UnitLabel string  `json:"unitLabel"`
	Takers    int     `json:"takers"`
	Passed    int     `json:"passed"`
	Average   float64 `json:"average"`
}

// QuestionFig is a question's figures over the submitted attempts that had it.
type QuestionFig struct {
	QuestionID     int64   `json:"questionId"`
	Type           string  `json:"type"`
	Stem           string  `json:"stem"`
	Answered       int     `json:"answered"`
	Correct        int     `json:"correct" doc:"answers with full marks"`
	CorrectRate    float64 `json:"correctRate"`
	Discrimination float64 `json:"discrimination" doc:"upper-lower 27 % index, -1 to 1"`
}

// Analyse is an exam's analysis.
func (s *Service) Analyse(ctx context.Context, examID int64) (Analysis, error) {
	a := Analysis{ExamID: examID, Distribution: []Band{}, Units: []UnitFigure{}, Questions: []QuestionFig{}}
	e, err := s.examRow(ctx, s.db, examID)
	if err != nil {
		return a, wrap(err, "analyse %d", examID)
	}
	a.Total = e.Total
	grades, err := s.Grades(ctx, examID)
	if err != nil {
		return a, err
	}
	a.Takers = len(grades)
	units := map[string]*UnitFigure{}
	var unitOrder []string
	sum := 0.0
	for i := 0; i < 10; i++ {
		a.Distribution = append(a.Distribution, Band{From: round2(e.Total * float64(i) / 10), To: round2(e.Total * float64(i+1) / 10)})
	}
	for i, g := range grades {
		sum += g.Best
		if g.Passed {
			a.Passed++
		}
		if i == 0 || g.Best > a.Highest {
			a.Highest = g.Best
		}
		if i == 0 || g.Best < a.Lowest {
			a.Lowest = g.Best
		}
		if e.Total > 0 {
			b := int(g.Best / e.Total * 10)
			a.Distribution[min(max(b, 0), 9)].Count++
		}
		u := units[g.UnitCode]
		if u == nil {
			u = &UnitFigure{UnitCode: g.UnitCode, UnitLabel: g.UnitLabel}
			units[g.UnitCode] = u
			unitOrder = append(unitOrder, g.UnitCode)
		}
		u.Takers++
		if g.Passed {
			u.Passed++
		}
		u.Average += g.Best
	}
	if a.Takers > 0 {
		a.Average = round2(sum / float64(a.Takers))
		a.PassRate = round2(float64(a.Passed) / float64(a.Takers))
	}
	for _, c := range unitOrder {
		u := units[c]
		u.Average = round2(u.Average / float64(u.Takers))
		a.Units = append(a.Units, *u)
	}
	// per question: every submitted attempt with its total
	type cell struct {
		score float64
		right bool
	}
	perQ := map[int64]map[int64]cell{}
	meta := map[int64]*QuestionFig{}
	var qOrder []int64
	attemptScore := map[int64]float64{}
	err = db.EachRow(ctx, s.db, `SELECT i.attempt_id, a.score, i.question_id, v.qtype, v.stem, i.score, i.max_score, i.answer FROM exam_attempt_item i
		JOIN exam_attempt a ON a.id = i.attempt_id JOIN exam_question_version v ON v.id = i.version_id
		WHERE a.exam_id = ? AND a.state <> 'open' ORDER BY i.question_id, i.attempt_id`, []any{examID}, func(r db.Row) error {
		var att, qid int64
		var total, max float64
		var score *float64
		var qtype, stem, ans string
		if err := r.Scan(&att, &total, &qid, &qtype, &stem, &score, &max, &ans); err != nil {
			return err
		}
		attemptScore[att] = total
		if meta[qid] == nil {
			meta[qid] = &QuestionFig{QuestionID: qid, Type: qtype, Stem: clip(stem, 60)}
			perQ[qid] = map[int64]cell{}
			qOrder = append(qOrder, qid)
		}
		if ans != "" && ans != `""` && ans != "[]" {
			meta[qid].Answered++
		}
		right := score != nil && *score >= max
		if right {
			meta[qid].Correct++
		}
		perQ[qid][att] = cell{right: right}
		return nil
	})
	if err != nil {
		return a, wrap(err, "analyse %d", examID)
	}
	for _, qid := range qOrder {
		f := meta[qid]
		var scores []float64
		var rights []bool
		for att, c := range perQ[qid] {
			scores = append(scores, attemptScore[att])
			rights = append(rights, c.right)
		}
		if n := len(perQ[qid]); n > 0 {
			f.CorrectRate = round2(float64(f.Correct) / float64(n))
		}
		f.Discrimination = Discrimination(scores, rights)
		a.Questions = append(a.Questions, *f)
	}
	return a, nil
}

// Events are what the page reported of an attempt, in time order.
func (s *Service) Events(ctx context.Context, attemptID int64) ([]AttemptEvent, error) {
	out := []AttemptEvent{}
	err := db.EachRow(ctx, s.db, `SELECT kind, at, detail FROM exam_attempt_event WHERE attempt_id = ? ORDER BY at, id`, []any{attemptID}, func(r db.Row) error {
		var ev AttemptEvent
		var at time.Time
		if err := r.Scan(&ev.Kind, &at, &ev.Detail); err != nil {
			return err
		}
		ev.At = at.Local().Format("2006-01-02 15:04:05")
		out = append(out, ev)
		return nil
	})
	return out, wrap(err, "events of attempt %d", attemptID)
}
