package exam

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// MyExam is an exam open to the caller, or one they took, as the taker sees it.
type MyExam struct {
	ID              int64      `json:"id"`
	Name            string     `json:"name"`
	OpensAt         time.Time  `json:"opensAt"`
	ClosesAt        time.Time  `json:"closesAt"`
	LatestStart     *time.Time `json:"latestStart"`
	DurationMin     int        `json:"durationMin"`
	AttemptsAllowed int        `json:"attemptsAllowed"`
	AttemptsUsed    int        `json:"attemptsUsed"`
	OpenAttempt     int64      `json:"openAttempt" doc:"the attempt to continue (0 none)"`
	CanStart        bool       `json:"canStart"`
	Questions       int        `json:"questions"`
	Total           float64    `json:"total"`
	PassMark        float64    `json:"passMark"`
	Results         string     `json:"results" enum:"now,after_close,released"`
	Attempts        []MyResult `json:"attempts" doc:"the caller's submitted attempts; their result once it may be shown"`
}

// MyResult is a submitted attempt as its taker sees it: the result only once the exam shows it.
type MyResult struct {
	AttemptID   int64      `json:"attemptId"`
	No          int        `json:"no"`
	SubmittedAt *time.Time `json:"submittedAt"`
	Shown       bool       `json:"shown" doc:"the result may be shown (released)"`
	Result      *Outcome   `json:"result" doc:"null until shown"`
}

// Outcome is the result of an attempt once released.
type Outcome struct {
	Marks   float64 `json:"marks"`
	Passed  bool    `json:"passed"`
	Pending int     `json:"pending" doc:"answers still awaiting marking"`
}

// TakerQuestion is a question as the taker sees it while answering: no key, no explanation, no marks.
type TakerQuestion struct {
	QuestionID int64           `json:"questionId"`
	Position   int             `json:"position"`
	Type       string          `json:"type" enum:"single,multiple,judge,fill,short"`
	Stem       string          `json:"stem"`
	Images     []int64         `json:"images"`
	Options    []Option        `json:"options" doc:"in the taker's order"`
	Blanks     int             `json:"blanks" doc:"fill-in: the number of blanks"`
	Points     float64         `json:"points" doc:"what the question is worth"`
	Response   json.RawMessage `json:"response" doc:"the caller's saved answer (null none)"`
	Seq        int64           `json:"seq" doc:"the sequence number of the saved answer"`
}

// AttemptView is an attempt as its taker sees it: the deadline by the server's clock, the questions and the
// saved answers; the result (with the key and explanations) only once the exam shows it.
type AttemptView struct {
	AttemptID   int64           `json:"attemptId"`
	ExamID      int64           `json:"examId"`
	ExamName    string          `json:"examName"`
	No          int             `json:"no"`
	StartedAt   time.Time       `json:"startedAt"`
	Deadline    time.Time       `json:"deadline"`
	ServerNow   time.Time       `json:"serverNow"`
	SecondsLeft int             `json:"secondsLeft"`
	State       string          `json:"state" enum:"open,submitted,marked"`
	LeaveLimit  int             `json:"leaveLimit"`
	Leaves      int             `json:"leaves"`
	Total       float64         `json:"total"`
	Questions   []TakerQuestion `json:"questions"`
	Shown       bool            `json:"shown"`
	Result      *Review         `json:"result" doc:"null until the result may be shown"`
}

// Review is a released attempt: the marks per question with the key and explanation.
type Review struct {
	Outcome
	Items []ReviewItem `json:"items"`
}

// ReviewItem is a question's marking as shown after release.
type ReviewItem struct {
	QuestionID  int64           `json:"questionId"`
	Marks       *float64        `json:"marks" doc:"null: awaiting marking"`
	Key         json.RawMessage `json:"key"`
	Explanation string          `json:"explanation"`
}

// SaveIn is one answer change of the page: seq grows with every change of the question on the page.
type SaveIn struct {
	H5Token    string          `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	AttemptID  int64           `param:"attemptId,required"`
	QuestionID int64           `param:"questionId,required"`
	Seq        int64           `param:"seq,required" doc:"the page's sequence number of this change (per question, growing)"`
	Response   json.RawMessage `param:"response" doc:"the answer in the type's form (single \"A\", multiple [\"A\"], judge true, fill [\"…\"], short \"…\"); null clears"`
}

// SaveOut is what a save answers: the sequence number stored (a later one than seq: this change was older and
// is ignored).
type SaveOut struct {
	QuestionID int64     `json:"questionId"`
	Seq        int64     `json:"seq"`
	Applied    bool      `json:"applied"`
	SavedAt    time.Time `json:"savedAt"`
}

// AttemptIn names an attempt of the caller.
type AttemptIn struct {
	H5Token   string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	AttemptID int64  `param:"attemptId,required"`
}

// ExamRef names an exam.
type ExamRef struct {
	H5Token string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	ExamID  int64  `param:"examId,required"`
}

// EventIn is what the page reports: leaving it, losing focus, a paste.
type EventIn struct {
	H5Token   string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	AttemptID int64  `param:"attemptId,required"`
	Kind      string `param:"kind,required" enum:"leave,blur,paste"`
	Detail    string `param:"detail" max:"200"`
}

// EventOut says how many leaves are counted and whether the limit submitted the attempt.
type EventOut struct {
	Leaves    int  `json:"leaves"`
	Limit     int  `json:"limit"`
	Submitted bool `json:"submitted"`
}

// Submitted is what a submission answers (the same for every repeat).
type Submitted struct {
	AttemptID   int64     `json:"attemptId"`
	SubmittedAt time.Time `json:"submittedAt"`
	Kind        string    `json:"kind" enum:"taker,deadline,leave"`
	Repeated    bool      `json:"repeated" doc:"it had been submitted before: nothing changed"`
}

type examRow struct {
	ID                 int64
	Name               string
	PaperID            int64
	Opens, Closes      time.Time
	Latest, Released   *time.Time
	Duration, Allowed  int
	ShuffleQ, ShuffleO int
	Results, State     string
	LeaveLimit         int
	PassMark, Total    float64
}

func (s *Service) examRow(ctx context.Context, q db.Querier, id int64) (examRow, error) {
	var e examRow
	err := q.QueryRow(ctx, `SELECT e.id, e.name, e.paper_id, e.opens_at, e.closes_at, e.latest_start, e.released_at, e.duration_min, e.attempts_allowed,
		e.shuffle_questions, e.shuffle_options, e.results, e.state, e.leave_limit, e.pass_mark, p.total FROM exam_exam e JOIN exam_paper p ON p.id = e.paper_id
		WHERE e.id = ?`, id).Scan(&e.ID, &e.Name, &e.PaperID, &e.Opens, &e.Closes, &e.Latest, &e.Released, &e.Duration, &e.Allowed, &e.ShuffleQ,
		&e.ShuffleO, &e.Results, &e.State, &e.LeaveLimit, &e.PassMark, &e.Total)
	if db.IsNoRows(err) {
		return e, httpx.Fail("exam.exam_not_found")
	}
	return e, err
}

// shown tells whether an exam's results may be shown now.
func (e examRow) shown(now time.Time) bool {
	switch e.Results {
	case ResultsNow:
		return true
	case ResultsAfter:
		return !now.Before(e.Closes)
	}
	return e.Released != nil
}

// MyExams are the published exams whose audience holds the caller, and those they took.
func (s *Service) MyExams(ctx context.Context, userID int64) ([]MyExam, error) {
	m, err := s.member(ctx, s.db, userID)
	if err != nil {
		return nil, wrap(err, "my exams %d", userID)
	}
	now := s.now().UTC()
	out := []MyExam{}
	var rows []examRow
	err = db.EachRow(ctx, s.db, `SELECT e.id FROM exam_exam e WHERE e.state = 'published' AND (`+audienceSQL+` OR EXISTS (SELECT 1 FROM exam_attempt a
		WHERE a.exam_id = e.id AND a.user_id = ?)) ORDER BY e.opens_at DESC, e.id DESC`, append(m.args(), userID), func(r db.Row) error {
		var id int64
		if err := r.Scan(&id); err != nil {
			return err
		}
		rows = append(rows, examRow{ID: id})
		return nil
	})
	if err != nil {
		return nil, wrap(err, "my exams %d", userID)
	}
	for _, x := range rows {
		e, err := s.examRow(ctx, s.db, x.ID)
		if err != nil {
			return nil, wrap(err, "my exams %d", userID)
		}
		me := MyExam{ID: e.ID, Name: e.Name, OpensAt: e.Opens, ClosesAt: e.Closes, LatestStart: e.Latest, DurationMin: e.Duration,
			AttemptsAllowed: e.Allowed, Total: e.Total, PassMark: e.PassMark, Results: e.Results, Attempts: []MyResult{}}
		if err := s.db.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM exam_paper_item WHERE paper_id = ?) + (SELECT COALESCE(SUM(pick_count), 0) FROM exam_paper_rule WHERE paper_id = ?)`,
			e.PaperID, e.PaperID).Scan(&me.Questions); err != nil {
			return nil, wrap(err, "my exams %d", userID)
		}
		shown := e.shown(now)
		err = db.EachRow(ctx, s.db, `SELECT id, attempt_no, state, submitted_at, score, passed, pending, deadline FROM exam_attempt WHERE exam_id = ? AND user_id = ? ORDER BY attempt_no`,
			[]any{e.ID, userID}, func(r db.Row) error {
				var id int64
				var no, passed, pending int
				var state string
				var sub *time.Time
				var score float64
				var deadline time.Time
				if err := r.Scan(&id, &no, &state, &sub, &score, &passed, &pending, &deadline); err != nil {
					return err
				}
				me.AttemptsUsed++
				if state == AttemptOpen {
					if now.Before(deadline) {
						me.OpenAttempt = id
					}
					return nil
				}
				mr := MyResult{AttemptID: id, No: no, SubmittedAt: sub, Shown: shown}
				if shown {
					mr.Result = &Outcome{Marks: score, Passed: passed == 1, Pending: pending}
				}
				me.Attempts = append(me.Attempts, mr)
				return nil
			})
		if err != nil {
			return nil, wrap(err, "my exams %d", userID)
		}
		me.CanStart = me.OpenAttempt != 0 || (now.Before(e.Closes) && !now.Before(e.Opens) && (e.Latest == nil || !now.After(*e.Latest)) &&
			me.AttemptsUsed < e.Allowed)
		out = append(out, me)
	}
	return out, nil
}

// Start starts an attempt, or continues the caller's open one (a reload, another device: the same attempt, its
// answers and its deadline). A new attempt needs a published exam that is open, before its latest start, whose
// audience holds the caller, with attempts left; its questions are drawn (a rule paper) and shuffled as the exam
// says, and kept on the attempt. The deadline is the earlier of the start plus the duration and the close.
func (s *Service) Start(ctx context.Context, userID, examID int64) (AttemptView, error) {
	// A continuation (a reload, another device, every taker at once when the server is back after a restart) only
	// reads: the caller's open attempt of a published exam before its deadline is answered without the taker's lock
	// and a write turn (on SQLite the one writer, which the saves wait for). Anything else takes the path below.
	var attemptID int64
	var deadline time.Time
	var state string
	err := s.db.QueryRow(ctx, `SELECT a.id, a.deadline, e.state FROM exam_attempt a JOIN exam_exam e ON e.id = a.exam_id
		WHERE a.exam_id = ? AND a.user_id = ? AND a.state = 'open'`, examID, userID).Scan(&attemptID, &deadline, &state)
	if err == nil && state == ExamPublished && s.now().UTC().Before(deadline) {
		return s.Attempt(ctx, userID, attemptID)
	} else if err != nil && !db.IsNoRows(err) {
		return AttemptView{}, wrap(err, "start exam %d for %d", examID, userID)
	}
	attemptID = 0
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.Lock(ctx, lockTaker, strconv.FormatInt(examID, 10)+":"+strconv.FormatInt(userID, 10)); err != nil {
			return err
		}
		e, err := s.examRow(ctx, tx, examID)
		if err != nil {
			return err
		}
		if e.State != ExamPublished {
			return httpx.Fail("exam.exam_not_found")
		}
		now := s.now().UTC()
		var open int64
		var deadline time.Time
		err = tx.QueryRow(ctx, `SELECT id, deadline FROM exam_attempt WHERE exam_id = ? AND user_id = ? AND state = 'open'`, examID, userID).Scan(&open, &deadline)
		if err != nil && !db.IsNoRows(err) {
			return err
		}
		if open != 0 {
			if now.Before(deadline) {
				attemptID = open
				return nil
			}
			if _, err := s.submitTx(ctx, tx, open, 0, SubmitDeadline); err != nil {
				return err
			}
		}
		m, err := s.member(ctx, tx, userID)
		if err != nil {
			return err
		}
		var in int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM exam_exam e WHERE e.id = ? AND `+audienceSQL, append([]any{examID}, m.args()...)...).Scan(&in); err != nil {
			return err
		}
		if in == 0 {
			return httpx.Fail("exam.not_audience", e.Name)
		}
		switch {
		case now.Before(e.Opens):
			return httpx.Fail("exam.not_open", e.Name, e.Opens.Local().Format("2006-01-02 15:04"))
		case !now.Before(e.Closes):
			return httpx.Fail("exam.closed", e.Name, e.Closes.Local().Format("2006-01-02 15:04"))
		case e.Latest != nil && now.After(*e.Latest):
			return httpx.Fail("exam.latest_passed", e.Latest.Local().Format("2006-01-02 15:04"))
		}
		var used int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM exam_attempt WHERE exam_id = ? AND user_id = ?`, examID, userID).Scan(&used); err != nil {
			return err
		}
		if used >= e.Allowed {
			return httpx.Fail("exam.no_attempts", e.Allowed)
		}
		rnd := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
		drawn, err := s.draw(ctx, tx, e.PaperID, rnd)
		if err != nil {
			return err
		}
		if e.ShuffleQ == 1 {
			rnd.Shuffle(len(drawn), func(a, b int) { drawn[a], drawn[b] = drawn[b], drawn[a] })
		}
		deadline = now.Add(time.Duration(e.Duration) * time.Minute)
		if e.Closes.Before(deadline) {
			deadline = e.Closes
		}
		total := 0.0
		for _, d := range drawn {
			total += d.Score
		}
		attemptID, err = tx.Insert(ctx, `INSERT INTO exam_attempt (exam_id, user_id, attempt_no, started_at, deadline, state, total) VALUES (?, ?, ?, ?, ?, 'open', ?)`,
			examID, userID, used+1, now, deadline, round2(total))
		if err != nil {
			return err
		}
		for i, d := range drawn {
			order := ""
			if e.ShuffleO == 1 && (d.Type == TypeSingle || d.Type == TypeMultiple) {
				var opts string
				if err := tx.QueryRow(ctx, `SELECT options FROM exam_question_version WHERE id = ?`, d.VersionID).Scan(&opts); err != nil {
					return err
				}
				var os []Option
				_ = json.Unmarshal([]byte(opts), &os)
				keys := make([]string, len(os))
				for j, o := range os {
					keys[j] = o.Key
				}
				rnd.Shuffle(len(keys), func(a, b int) { keys[a], keys[b] = keys[b], keys[a] })
				order = jsonText(keys)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO exam_attempt_item (attempt_id, question_id, version_id, position, max_score, option_order)
				VALUES (?, ?, ?, ?, ?, ?)`, attemptID, d.ID, d.VersionID, i+1, d.Score, order); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return AttemptView{}, wrap(err, "start exam %d for %d", examID, userID)
	}
	return s.Attempt(ctx, userID, attemptID)
}

// Attempt is the caller's attempt as they see it (another taker's is not found).
func (s *Service) Attempt(ctx context.Context, userID, attemptID int64) (AttemptView, error) {
	var v AttemptView
	var examID, owner int64
	err := s.db.QueryRow(ctx, `SELECT a.id, a.exam_id, a.user_id, a.attempt_no, a.started_at, a.deadline, a.state, a.leaves, a.total, a.score, a.passed, a.pending
		FROM exam_attempt a WHERE a.id = ?`, attemptID).Scan(&v.AttemptID, &examID, &owner, &v.No, &v.StartedAt, &v.Deadline, &v.State, &v.Leaves, &v.Total,
		new(float64), new(int), new(int))
	if db.IsNoRows(err) || (err == nil && owner != userID) {
		return v, httpx.Fail("exam.attempt_not_found")
	} else if err != nil {
		return v, wrap(err, "attempt %d", attemptID)
	}
	e, err := s.examRow(ctx, s.db, examID)
	if err != nil {
		return v, wrap(err, "attempt %d", attemptID)
	}
	now := s.now().UTC()
	v.ExamID, v.ExamName, v.LeaveLimit, v.ServerNow = examID, e.Name, e.LeaveLimit, now
	if v.State == AttemptOpen && v.Deadline.After(now) {
		v.SecondsLeft = int(v.Deadline.Sub(now).Seconds())
	}
	v.Questions = []TakerQuestion{}
	err = db.EachRow(ctx, s.db, `SELECT i.question_id, i.position, v.qtype, v.stem, v.images, v.options, v.answer, i.max_score, i.option_order, i.answer, i.client_seq
		FROM exam_attempt_item i JOIN exam_question_version v ON v.id = i.version_id WHERE i.attempt_id = ? ORDER BY i.position`, []any{attemptID}, func(r db.Row) error {
		var q TakerQuestion
		var images, options, key, order, resp string
		if err := r.Scan(&q.QuestionID, &q.Position, &q.Type, &q.Stem, &images, &options, &key, &q.Points, &order, &resp, &q.Seq); err != nil {
			return err
		}
		_ = json.Unmarshal([]byte(images), &q.Images)
		if q.Images == nil {
			q.Images = []int64{}
		}
		q.Options = orderOptions(options, order)
		if q.Type == TypeFill {
			k, _ := parseKey(TypeFill, []byte(key))
			q.Blanks = len(k.Blanks)
		}
		if resp != "" {
			q.Response = json.RawMessage(resp)
		}
		v.Questions = append(v.Questions, q)
		return nil
	})
	if err != nil {
		return v, wrap(err, "attempt %d", attemptID)
	}
	if v.State != AttemptOpen && e.shown(now) {
		v.Shown = true
		v.Result, err = s.review(ctx, attemptID)
	}
	return v, wrap(err, "attempt %d", attemptID)
}

func orderOptions(options, order string) []Option {
	var os []Option
	_ = json.Unmarshal([]byte(options), &os)
	if os == nil {
		return []Option{}
	}
	var keys []string
	if order == "" || json.Unmarshal([]byte(order), &keys) != nil || len(keys) != len(os) {
		return os
	}
	out := make([]Option, 0, len(os))
	for _, k := range keys {
		for _, o := range os {
			if o.Key == k {
				out = append(out, o)
			}
		}
	}
	return out
}

func (s *Service) review(ctx context.Context, attemptID int64) (*Review, error) {
	r := &Review{Items: []ReviewItem{}}
	var passed int
	if err := s.db.QueryRow(ctx, `SELECT score, passed, pending FROM exam_attempt WHERE id = ?`, attemptID).Scan(&r.Marks, &passed, &r.Pending); err != nil {
		return nil, err
	}
	r.Passed = passed == 1
	err := db.EachRow(ctx, s.db, `SELECT i.question_id, i.score, v.answer, v.explanation FROM exam_attempt_item i JOIN exam_question_version v ON v.id = i.version_id
		WHERE i.attempt_id = ? ORDER BY i.position`, []any{attemptID}, func(row db.Row) error {
		var it ReviewItem
		var key string
		if err := row.Scan(&it.QuestionID, &it.Marks, &key, &it.Explanation); err != nil {
			return err
		}
		it.Key = json.RawMessage(key)
		r.Items = append(r.Items, it)
		return nil
	})
	return r, err
}

// Save stores one answer change of the caller's open attempt before its deadline. A change whose sequence number
// is not above the stored one is older than what is saved (a retry that arrived late) and is ignored. Another
// taker's attempt, a question not in the attempt, an answer not of the question's form, or a save after the
// deadline or the submission is refused and nothing is stored.
func (s *Service) Save(ctx context.Context, userID int64, in SaveIn) (SaveOut, error) {
	now := s.now().UTC()
	out := SaveOut{QuestionID: in.QuestionID}
	var owner int64
	var state, qtype string
	var deadline time.Time
	var found int
	err := s.db.QueryRow(ctx, `SELECT a.user_id, a.state, a.deadline, COALESCE((SELECT v.qtype FROM exam_attempt_item i JOIN exam_question_version v ON v.id = i.version_id
		WHERE i.attempt_id = a.id AND i.question_id = ?), ''), 1 FROM exam_attempt a WHERE a.id = ?`, in.QuestionID, in.AttemptID).Scan(&owner, &state, &deadline, &qtype, &found)
	switch {
	case db.IsNoRows(err) || (err == nil && owner != userID):
		return out, httpx.Fail("exam.attempt_not_found")
	case err != nil:
		return out, wrap(err, "save answer attempt %d", in.AttemptID)
	case state != AttemptOpen:
		return out, httpx.Fail("exam.already_submitted")
	case !now.Before(deadline):
		return out, httpx.Fail("exam.deadline_passed", deadline.Local().Format("15:04:05"))
	case qtype == "":
		return out, httpx.Fail("exam.question_not_in_paper")
	case in.Seq < 1:
		return out, httpx.Fail("exam.seq_bad")
	}
	resp := ""
	if len(in.Response) > 0 && string(in.Response) != "null" {
		if len(in.Response) > 20_000 {
			return out, httpx.Fail("exam.answer_too_long")
		}
		r, ok := parseResponse(qtype, in.Response)
		if !ok {
			return out, httpx.Fail("exam.response_bad", httpx.Msg("exam.type."+qtype))
		}
		resp = responseText(qtype, r)
	}
	res, err := s.db.Exec(ctx, `UPDATE exam_attempt_item SET answer = ?, client_seq = ?, saved_at = ? WHERE attempt_id = ? AND question_id = ? AND client_seq < ?
		AND EXISTS (SELECT 1 FROM exam_attempt a WHERE a.id = ? AND a.state = 'open' AND a.deadline > ?)`,
		resp, in.Seq, now, in.AttemptID, in.QuestionID, in.Seq, in.AttemptID, now)
	if err != nil {
		return out, wrap(err, "save answer attempt %d", in.AttemptID)
	}
	n, _ := res.RowsAffected()
	var saved *time.Time
	if err := s.db.QueryRow(ctx, `SELECT i.client_seq, i.saved_at, a.state FROM exam_attempt_item i JOIN exam_attempt a ON a.id = i.attempt_id
		WHERE i.attempt_id = ? AND i.question_id = ?`, in.AttemptID, in.QuestionID).Scan(&out.Seq, &saved, &state); err != nil {
		return out, wrap(err, "save answer attempt %d", in.AttemptID)
	}
	if n == 0 && state != AttemptOpen {
		return out, httpx.Fail("exam.already_submitted")
	}
	out.Applied = n == 1
	if saved != nil {
		out.SavedAt = *saved
	}
	return out, nil
}

// responseText is an answer in its stored form.
func responseText(t string, r Response) string {
	switch t {
	case TypeSingle:
		return jsonText(r.Choice)
	case TypeMultiple:
		if r.Choices == nil {
			r.Choices = []string{}
		}
		return jsonText(r.Choices)
	case TypeJudge:
		if r.Judge == nil {
			return ""
		}
		return jsonText(*r.Judge)
	case TypeFill:
		if r.Blanks == nil {
			r.Blanks = []string{}
		}
		return jsonText(r.Blanks)
	}
	return jsonText(r.Text)
}

// Submit submits the caller's attempt. It is idempotent: a double click, a second tab or a retry finds it
// submitted and answers the same, with Repeated.
func (s *Service) Submit(ctx context.Context, userID, attemptID int64) (Submitted, error) {
	var out Submitted
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		out, err = s.submitTx(ctx, tx, attemptID, userID, SubmitTaker)
		return err
	})
	return out, wrap(err, "submit attempt %d", attemptID)
}

// submitTx submits an attempt (of userID, 0 any) with one conditional UPDATE, so that of simultaneous
// submissions exactly one changes the row; that one marks the answers.
func (s *Service) submitTx(ctx context.Context, tx *db.Tx, attemptID, userID int64, kind string) (Submitted, error) {
	out := Submitted{AttemptID: attemptID}
	now := s.now().UTC()
	res, err := tx.Exec(ctx, `UPDATE exam_attempt SET state = 'submitted', submitted_at = ?, submit_kind = ? WHERE id = ? AND state = 'open' AND (user_id = ? OR ? = 0)`,
		now, kind, attemptID, userID, userID)
	if err != nil {
		return out, err
	}
	n, _ := res.RowsAffected()
	var owner int64
	var sub *time.Time
	if err := tx.QueryRow(ctx, `SELECT user_id, submitted_at, submit_kind FROM exam_attempt WHERE id = ?`, attemptID).Scan(&owner, &sub, &out.Kind); err != nil {
		if db.IsNoRows(err) {
			return out, httpx.Fail("exam.attempt_not_found")
		}
		return out, err
	}
	if userID != 0 && owner != userID {
		return out, httpx.Fail("exam.attempt_not_found")
	}
	if sub != nil {
		out.SubmittedAt = *sub
	}
	if n == 0 {
		out.Repeated = true
		return out, nil
	}
	return out, s.markAttempt(ctx, tx, attemptID)
}

// markAttempt marks every answer of a submitted attempt that a key marks; the rest wait for a person.
func (s *Service) markAttempt(ctx context.Context, tx *db.Tx, attemptID int64) error {
	var mode string
	if err := tx.QueryRow(ctx, `SELECT p.multi_mode FROM exam_attempt a JOIN exam_exam e ON e.id = a.exam_id JOIN exam_paper p ON p.id = e.paper_id WHERE a.id = ?`,
		attemptID).Scan(&mode); err != nil {
		return err
	}
	type item struct {
		qid                         int64
		qtype, options, key, answer string
		review                      int
		max                         float64
	}
	var items []item
	if err := db.EachRow(ctx, tx, `SELECT i.question_id, v.qtype, v.options, v.answer, v.review, i.answer, i.max_score FROM exam_attempt_item i
		JOIN exam_question_version v ON v.id = i.version_id WHERE i.attempt_id = ?`, []any{attemptID}, func(r db.Row) error {
		var it item
		if err := r.Scan(&it.qid, &it.qtype, &it.options, &it.key, &it.review, &it.answer, &it.max); err != nil {
			return err
		}
		items = append(items, it)
		return nil
	}); err != nil {
		return err
	}
	for _, it := range items {
		key, _ := parseKey(it.qtype, []byte(it.key))
		var opts []Option
		_ = json.Unmarshal([]byte(it.options), &opts)
		resp, _ := parseResponse(it.qtype, []byte(it.answer))
		score, review := Mark(it.qtype, mode, key, opts, resp, it.max, it.review == 1)
		var sc any = score
		if review {
			sc = nil
			if it.answer == "" || it.answer == `""` || it.answer == "[]" { // nothing written: nothing to mark
				sc, review = 0.0, false
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE exam_attempt_item SET score = ?, review = ? WHERE attempt_id = ? AND question_id = ?`, sc, db.Flag(review), attemptID, it.qid); err != nil {
			return err
		}
	}
	return recount(ctx, tx, attemptID)
}

// Event records what the page reported of the caller's open attempt; a leave at the exam's limit submits it.
func (s *Service) Event(ctx context.Context, userID int64, in EventIn) (EventOut, error) {
	var out EventOut
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var owner int64
		var state string
		err := tx.QueryRow(ctx, `SELECT a.user_id, a.state, e.leave_limit FROM exam_attempt a JOIN exam_exam e ON e.id = a.exam_id WHERE a.id = ?`, in.AttemptID).
			Scan(&owner, &state, &out.Limit)
		if db.IsNoRows(err) || (err == nil && owner != userID) {
			return httpx.Fail("exam.attempt_not_found")
		} else if err != nil {
			return err
		}
		if state != AttemptOpen {
			return httpx.Fail("exam.already_submitted")
		}
		if _, err := tx.Exec(ctx, `INSERT INTO exam_attempt_event (attempt_id, kind, at, detail) VALUES (?, ?, ?, ?)`, in.AttemptID, in.Kind, s.now().UTC(), in.Detail); err != nil {
			return err
		}
		if in.Kind != "leave" {
			return tx.QueryRow(ctx, `SELECT leaves FROM exam_attempt WHERE id = ?`, in.AttemptID).Scan(&out.Leaves)
		}
		if _, err := tx.Exec(ctx, `UPDATE exam_attempt SET leaves = leaves + 1 WHERE id = ?`, in.AttemptID); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT leaves FROM exam_attempt WHERE id = ?`, in.AttemptID).Scan(&out.Leaves); err != nil {
			return err
		}
		if out.Limit > 0 && out.Leaves >= out.Limit {
			if _, err := s.submitTx(ctx, tx, in.AttemptID, userID, SubmitLeave); err != nil {
				return err
			}
			out.Submitted = true
		}
		return nil
	})
	return out, wrap(err, "event attempt %d", in.AttemptID)
}

// SubmitDue submits every open attempt whose deadline plus Grace has passed (the job, every minute): the taker's
// saved answers are marked even when no browser is open.
func (s *Service) SubmitDue(ctx context.Context) (int, error) {
	ids, err := db.IDs(ctx, s.db, `SELECT id FROM exam_attempt WHERE state = 'open' AND deadline <= ? ORDER BY id`, s.now().UTC().Add(-Grace))
	if err != nil {
		return 0, wrap(err, "submit due")
	}
	n := 0
	for _, id := range ids {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			out, err := s.submitTx(ctx, tx, id, 0, SubmitDeadline)
			if err == nil && !out.Repeated {
				n++
			}
			return err
		})
		if err != nil {
			return n, wrap(err, "submit due attempt %d", id)
		}
	}
	return n, nil
}
