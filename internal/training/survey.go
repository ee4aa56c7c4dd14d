package training

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// Questionnaires (/training_survey): designed from typed questions, sent to an audience (the picker's units and
// employees, expanded to their staff accounts when sent) or a class's trainees, anonymous or named, answered once
// per recipient until the deadline; reminders to who has not answered (the task training_survey_reminders).

// FunSurvey is the function code (= menu code) of the questionnaire screen.
const FunSurvey = "training_survey"

// Question kinds.
const (
	QSingle   = "single"
	QMultiple = "multiple"
	QText     = "text"
	QRating   = "rating"
)

// Questionnaire states.
const (
	SurveyDraft  = "draft"
	SurveySent   = "sent"
	SurveyClosed = "closed"
)

// Limits of a questionnaire.
const (
	QuestionsMax = 50
	OptionsMax   = 20
	AnswerMax    = 1000
	RatingMax    = 5
)

// QuestionIn is a question of the designer.
type QuestionIn struct {
	Kind     string   `json:"kind" enum:"single,multiple,text,rating"`
	Title    string   `json:"title"`
	Options  []string `json:"options" doc:"the choices of a single or multiple choice question"`
	Required bool     `json:"required"`
}

// SurveyIn is the designer's form: the questions in their order and the audience (the picker's, or a class).
type SurveyIn struct {
	ID          int64          `param:"id" doc:"edit only (a draft)"`
	Title       string         `param:"title,required"`
	Description string         `param:"description"`
	Anonymous   bool           `param:"anonymous" doc:"the responses carry no user"`
	ClassID     int64          `param:"classId" doc:"sent to the class's trainees (those with a seat) instead of the audience"`
	Deadline    string         `param:"deadline,required" doc:"the last moment to answer (YYYY-MM-DD HH:mm)"`
	Questions   []QuestionIn   `param:"questions"`
	Organ       []UnitPick     `param:"organ" doc:"the audience's units: their staff accounts"`
	Employee    []EmployeePick `param:"employee" doc:"the audience's employees"`
}

// Question is a question of a questionnaire.
type Question struct {
	ID       int64    `json:"id"`
	Sort     int      `json:"sort"`
	Kind     string   `json:"kind" enum:"single,multiple,text,rating"`
	Title    string   `json:"title"`
	Options  []string `json:"options"`
	Required bool     `json:"required"`
}

// Survey is a questionnaire as the list shows it; the detail adds its questions and audience.
type Survey struct {
	ID          int64          `json:"id"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Anonymous   bool           `json:"anonymous"`
	ClassID     int64          `json:"classId"`
	ClassName   string         `json:"className"`
	Deadline    time.Time      `json:"deadline"`
	State       string         `json:"state" enum:"draft,sent,closed"`
	SentAt      *time.Time     `json:"sentAt"`
	Recipients  int            `json:"recipients"`
	Answered    int            `json:"answered"`
	UpdatedAt   time.Time      `json:"updatedAt"`
	Questions   []Question     `json:"questions"`
	Audience    []AudienceItem `json:"audience"`
}

// Option counts of a choice question, the distribution of a rating, the text answers.
type QuestionResult struct {
	Question
	Answers int          `json:"answers" doc:"responses that answered the question"`
	Counts  []int        `json:"counts" doc:"choice questions: how many chose each option; rating: how many gave 1..5"`
	Average float64      `json:"average" doc:"rating: the average"`
	Texts   []TextAnswer `json:"texts" doc:"text questions: the answers"`
}

// TextAnswer is an answer to a text question; UserName is empty when the questionnaire is anonymous.
type TextAnswer struct {
	Text     string `json:"text"`
	UserName string `json:"userName"`
}

// SurveyResults are a questionnaire's results.
type SurveyResults struct {
	Survey    Survey           `json:"survey"`
	Responses int              `json:"responses"`
	Questions []QuestionResult `json:"questions"`
}

// MySurvey is a questionnaire sent to the caller.
type MySurvey struct {
	ID          int64      `json:"id"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	Anonymous   bool       `json:"anonymous"`
	ClassName   string     `json:"className"`
	Deadline    time.Time  `json:"deadline"`
	AnsweredAt  *time.Time `json:"answeredAt"`
	Open        bool       `json:"open" doc:"may be answered now: not answered, before the deadline, not closed"`
	Questions   []Question `json:"questions"`
}

// AnswerItem is the answer to one question.
type AnswerItem struct {
	QuestionID int64  `json:"questionId"`
	Choices    []int  `json:"choices" doc:"the chosen options, numbered from 1"`
	Text       string `json:"text"`
	Rating     int    `json:"rating" doc:"1 to 5; 0 none"`
}

// AnswerIn is a response to a questionnaire.
type AnswerIn struct {
	H5Token  string       `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	SurveyID int64        `param:"surveyId,required"`
	Answers  []AnswerItem `param:"answers"`
}

func (s *Service) checkSurvey(ctx context.Context, in *SurveyIn) (time.Time, error) {
	var err error
	if in.Title, err = text(in.Title, "training.f.surveyTitle", NameMax, true); err != nil {
		return time.Time{}, err
	}
	if in.Description, err = text(in.Description, "training.f.description", TextMax, false); err != nil {
		return time.Time{}, err
	}
	deadline, err := validate.DateTime("training.f.deadline", in.Deadline)
	if err != nil {
		return time.Time{}, err
	}
	if len(in.Questions) == 0 {
		return time.Time{}, httpx.Fail("training.survey_no_questions")
	}
	if len(in.Questions) > QuestionsMax {
		return time.Time{}, httpx.Fail("training.too_many", httpx.Msg("training.f.questions"), QuestionsMax)
	}
	for i := range in.Questions {
		q := &in.Questions[i]
		if q.Title, err = text(q.Title, "training.f.question", TextMax, true); err != nil {
			return time.Time{}, err
		}
		switch q.Kind {
		case QSingle, QMultiple:
			var opts []string
			for _, o := range q.Options {
				if o = strings.TrimSpace(strings.ReplaceAll(o, "\n", " ")); o != "" {
					if len([]rune(o)) > NameMax {
						return time.Time{}, httpx.Fail("training.too_long", httpx.Msg("training.f.option"), NameMax)
					}
					opts = append(opts, o)
				}
			}
			if len(opts) < 2 {
				return time.Time{}, httpx.Fail("training.survey_options", i+1)
			}
			if len(opts) > OptionsMax {
				return time.Time{}, httpx.Fail("training.too_many", httpx.Msg("training.f.option"), OptionsMax)
			}
			q.Options = opts
		case QText, QRating:
			q.Options = nil
		default:
			return time.Time{}, httpx.Fail("training.bad_value", httpx.Msg("training.f.questionKind"))
		}
	}
	if in.ClassID != 0 {
		if _, err := s.classFor(ctx, s.db, in.ClassID); err != nil {
			return time.Time{}, err
		}
		in.Organ, in.Employee = nil, nil
	} else if len(in.Organ)+len(in.Employee) == 0 {
		return time.Time{}, httpx.Fail("training.survey_no_audience")
	}
	if len(in.Organ)+len(in.Employee) > AudienceMax {
		return time.Time{}, httpx.Fail("training.too_many", httpx.Msg("training.f.audience"), AudienceMax)
	}
	return deadline, nil
}

func (s *Service) surveyState(ctx context.Context, q db.Querier, id int64) (string, string, error) {
	var title, state string
	err := q.QueryRow(ctx, `SELECT title, state FROM training_survey WHERE id = ?`, id).Scan(&title, &state)
	if db.IsNoRows(err) {
		return "", "", httpx.Fail("training.survey_not_found")
	}
	return title, state, err
}

// SaveSurvey adds a questionnaire (a draft) or changes a draft.
func (s *Service) SaveSurvey(ctx context.Context, in SurveyIn) (int64, error) {
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	deadline, err := s.checkSurvey(ctx, &in)
	if err != nil {
		return 0, err
	}
	now := s.now().UTC()
	var class any
	if in.ClassID != 0 {
		class = in.ClassID
	}
	id := in.ID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		action := audit.Update
		if id == 0 {
			action = audit.Create
			var err error
			id, err = tx.Insert(ctx, `INSERT INTO training_survey (title, description, anonymous, class_id, deadline, state, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, 'draft', ?, ?, ?)`, in.Title, in.Description, db.Flag(in.Anonymous), class, deadline, p.UserID, now, now)
			if err != nil {
				return err
			}
		} else {
			_, state, err := s.surveyState(ctx, tx, id)
			if err != nil {
				return err
			}
			if state != SurveyDraft {
				return httpx.Fail("training.survey_not_draft")
			}
			if _, err := tx.Exec(ctx, `UPDATE training_survey SET title = ?, description = ?, anonymous = ?, class_id = ?, deadline = ?, updated_at = ? WHERE id = ?`,
				in.Title, in.Description, db.Flag(in.Anonymous), class, deadline, now, id); err != nil {
				return err
			}
			for _, q := range []string{`DELETE FROM training_survey_question WHERE survey_id = ?`, `DELETE FROM training_survey_audience WHERE survey_id = ?`} {
				if _, err := tx.Exec(ctx, q, id); err != nil {
					return err
				}
			}
		}
		for i, q := range in.Questions {
			if _, err := tx.Exec(ctx, `INSERT INTO training_survey_question (survey_id, sort, kind, title, options, required) VALUES (?, ?, ?, ?, ?, ?)`,
				id, i+1, q.Kind, q.Title, strings.Join(q.Options, "\n"), db.Flag(q.Required)); err != nil {
				return err
			}
		}
		if err := writeAudience(ctx, tx, `INSERT INTO training_survey_audience (survey_id, kind, code) VALUES (?, ?, ?)`, id, in.Organ, in.Employee); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunSurvey, Action: action, TargetID: id, Target: in.Title, After: in})
	})
	if err != nil {
		return 0, fmt.Errorf("training: save questionnaire %d: %w", in.ID, err)
	}
	return id, nil
}

// DeleteSurvey deletes a draft questionnaire.
func (s *Service) DeleteSurvey(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		title, state, err := s.surveyState(ctx, tx, id)
		if err != nil {
			return err
		}
		if state != SurveyDraft {
			return httpx.Fail("training.survey_not_draft")
		}
		for _, q := range []string{`DELETE FROM training_survey_question WHERE survey_id = ?`, `DELETE FROM training_survey_audience WHERE survey_id = ?`,
			`DELETE FROM training_survey WHERE id = ?`} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return s.record(ctx, tx, audit.Change{Module: FunSurvey, Action: audit.Delete, TargetID: id, Target: title})
	})
	if err != nil {
		return fmt.Errorf("training: delete questionnaire %d: %w", id, err)
	}
	return nil
}

// recipientsSQL selects the staff accounts a questionnaire's audience (or its class) holds: a unit's accounts (its
// subordinate units' too) and the employees' accounts; a class's trainees with a seat.
const recipientsSQL = `SELECT u.id FROM sys_user u WHERE u.deleted_at IS NULL AND u.state = 1 AND u.user_type = 'staff' AND EXISTS (
	SELECT 1 FROM training_survey_audience a WHERE a.survey_id = ? AND ((a.kind = 'organ' AND substr(u.unit_code, 1, length(a.code)) = a.code)
		OR (a.kind = 'employee' AND u.employee_code <> '' AND a.code = u.employee_code)))
	UNION SELECT e.user_id FROM training_enrolment e JOIN training_survey v ON v.class_id = e.class_id WHERE v.id = ? AND e.state = 'enrolled'`

// SendSurvey sends a draft: its audience becomes its recipients, each told by a message to-do.
func (s *Service) SendSurvey(ctx context.Context, id int64) (int, error) {
	n := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		title, state, err := s.surveyState(ctx, tx, id)
		if err != nil {
			return err
		}
		if state != SurveyDraft {
			return httpx.Fail("training.survey_not_draft")
		}
		var deadline time.Time
		if err := tx.QueryRow(ctx, `SELECT deadline FROM training_survey WHERE id = ?`, id).Scan(&deadline); err != nil {
			return err
		}
		now := s.now().UTC()
		if !deadline.After(now) {
			return httpx.Fail("training.survey_deadline_past")
		}
		users, err := db.IDs(ctx, tx, recipientsSQL, id, id)
		if err != nil {
			return err
		}
		if len(users) == 0 {
			return httpx.Fail("training.survey_nobody")
		}
		slices.Sort(users)
		for _, u := range users {
			if _, err := tx.Exec(ctx, `INSERT INTO training_survey_recipient (survey_id, user_id) VALUES (?, ?)`, id, u); err != nil {
				return err
			}
		}
		n = len(users)
		if _, err := tx.Exec(ctx, `UPDATE training_survey SET state = 'sent', sent_at = ?, updated_at = ? WHERE id = ?`, now, now, id); err != nil {
			return err
		}
		if err := s.tell(ctx, tx, users, Notice{Code: fmt.Sprintf("training:survey:%d", id),
			Title:   httpx.Translate(httpx.LangZH, "training.survey.title", title),
			Content: httpx.Translate(httpx.LangZH, "training.survey.content", title, deadline.In(time.Local).Format("2006-01-02 15:04")),
			Path:    "/gatewayTraining", RefID: id}); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunSurvey, Action: "publish", TargetID: id, Target: title})
	})
	if err != nil {
		return 0, fmt.Errorf("training: send questionnaire %d: %w", id, err)
	}
	return n, nil
}

// CloseSurvey ends a sent questionnaire before its deadline: nobody may answer any more.
func (s *Service) CloseSurvey(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		title, state, err := s.surveyState(ctx, tx, id)
		if err != nil {
			return err
		}
		if state != SurveySent {
			return httpx.Fail("training.survey_not_sent")
		}
		if _, err := tx.Exec(ctx, `UPDATE training_survey SET state = 'closed', updated_at = ? WHERE id = ?`, s.now().UTC(), id); err != nil {
			return err
		}
		return s.record(ctx, tx, audit.Change{Module: FunSurvey, Action: audit.Update, TargetID: id, Target: title})
	})
	if err != nil {
		return fmt.Errorf("training: close questionnaire %d: %w", id, err)
	}
	return nil
}

const surveySelect = `SELECT v.id, v.title, v.description, v.anonymous, COALESCE(v.class_id, 0), COALESCE(c.name, ''), v.deadline, v.state, v.sent_at,
	(SELECT COUNT(*) FROM training_survey_recipient r WHERE r.survey_id = v.id),
	(SELECT COUNT(*) FROM training_survey_recipient r WHERE r.survey_id = v.id AND r.answered_at IS NOT NULL), v.updated_at
	FROM training_survey v LEFT JOIN training_class c ON c.id = v.class_id`

func scanSurvey(r interface{ Scan(...any) error }) (Survey, error) {
	var v Survey
	var anon int
	err := r.Scan(&v.ID, &v.Title, &v.Description, &anon, &v.ClassID, &v.ClassName, &v.Deadline, &v.State, &v.SentAt, &v.Recipients, &v.Answered, &v.UpdatedAt)
	v.Anonymous = anon != 0
	v.Questions, v.Audience = []Question{}, []AudienceItem{}
	return v, err
}

// SurveysIn filters the questionnaires.
type SurveysIn struct {
	Keyword string `param:"keyword" max:"100"`
	State   string `param:"state" enum:"draft,sent,closed"`
}

// Surveys are the questionnaires, newest first.
func (s *Service) Surveys(ctx context.Context, in SurveysIn) ([]Survey, error) {
	where, args := []string{"1 = 1"}, []any{}
	if k := strings.TrimSpace(in.Keyword); k != "" {
		where, args = append(where, `v.title LIKE ? ESCAPE '!'`), append(args, "%"+list.EscapeLike(k)+"%")
	}
	if in.State != "" {
		where, args = append(where, `v.state = ?`), append(args, in.State)
	}
	out := []Survey{}
	err := db.EachRow(ctx, s.db, surveySelect+` WHERE `+strings.Join(where, " AND ")+` ORDER BY v.id DESC LIMIT 500`, args, func(r db.Row) error {
		v, err := scanSurvey(r)
		out = append(out, v)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("training: questionnaires: %w", err)
	}
	return out, nil
}

func (s *Service) questions(ctx context.Context, id int64) ([]Question, error) {
	out := []Question{}
	err := db.EachRow(ctx, s.db, `SELECT id, sort, kind, title, options, required FROM training_survey_question WHERE survey_id = ? ORDER BY sort`, []any{id},
		func(r db.Row) error {
			var q Question
			var opts string
			var req int
			if err := r.Scan(&q.ID, &q.Sort, &q.Kind, &q.Title, &opts, &req); err != nil {
				return err
			}
			q.Required, q.Options = req != 0, []string{}
			if opts != "" {
				q.Options = strings.Split(opts, "\n")
			}
			out = append(out, q)
			return nil
		})
	return out, err
}

// SurveyOne is a questionnaire with its questions and audience.
func (s *Service) SurveyOne(ctx context.Context, id int64) (Survey, error) {
	v, err := scanSurvey(s.db.QueryRow(ctx, surveySelect+` WHERE v.id = ?`, id))
	if db.IsNoRows(err) {
		return v, httpx.Fail("training.survey_not_found")
	} else if err != nil {
		return v, fmt.Errorf("training: questionnaire %d: %w", id, err)
	}
	if v.Questions, err = s.questions(ctx, id); err != nil {
		return v, fmt.Errorf("training: questionnaire %d: %w", id, err)
	}
	err = db.EachRow(ctx, s.db, `SELECT a.kind, a.code, COALESCE(un.unit_name, e.name, a.code) FROM training_survey_audience a
		LEFT JOIN org_unit un ON a.kind = 'organ' AND un.full_unit_code = a.code LEFT JOIN employee e ON a.kind = 'employee' AND e.code = a.code
		WHERE a.survey_id = ? ORDER BY a.kind DESC, a.code`, []any{id}, func(r db.Row) error {
		var a AudienceItem
		err := r.Scan(&a.Kind, &a.Code, &a.Name)
		v.Audience = append(v.Audience, a)
		return err
	})
	if err != nil {
		return v, fmt.Errorf("training: questionnaire %d: %w", id, err)
	}
	return v, nil
}

// response is a response with its answers by question, for the results and the export.
type response struct {
	ID                int64
	Login, Name, Unit string
	Day               string
	ByQuestion        map[int64]answerRow
}

type answerRow struct {
	Choices string
	Text    string
	Rating  int
}

// responses reads every response of a questionnaire, in the order they came; the user fields stay empty when anonymous.
func (s *Service) responses(ctx context.Context, id int64) ([]response, error) {
	var out []response
	at := map[int64]int{}
	err := db.EachRow(ctx, s.db, `SELECT p.id, p.answered_on, COALESCE(u.login_code, ''), COALESCE(u.user_name, ''), COALESCE(un.unit_name, '')
		FROM training_survey_response p LEFT JOIN sys_user u ON u.id = p.user_id LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code
		WHERE p.survey_id = ? ORDER BY p.id`, []any{id}, func(r db.Row) error {
		var x response
		if err := r.Scan(&x.ID, &x.Day, &x.Login, &x.Name, &x.Unit); err != nil {
			return err
		}
		x.ByQuestion = map[int64]answerRow{}
		at[x.ID] = len(out)
		out = append(out, x)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = db.EachRow(ctx, s.db, `SELECT a.response_id, a.question_id, a.choices, a.answer_text, a.rating FROM training_survey_answer a
		JOIN training_survey_response p ON p.id = a.response_id WHERE p.survey_id = ?`, []any{id}, func(r db.Row) error {
		var rid, qid int64
		var a answerRow
		if err := r.Scan(&rid, &qid, &a.Choices, &a.Text, &a.Rating); err != nil {
			return err
		}
		if i, ok := at[rid]; ok {
			out[i].ByQuestion[qid] = a
		}
		return nil
	})
	return out, err
}

// Results are a questionnaire's results: the options' counts, the ratings' distribution and average, the text
// answers (with the answerer's name only when the questionnaire is named).
func (s *Service) Results(ctx context.Context, id int64) (SurveyResults, error) {
	v, err := s.SurveyOne(ctx, id)
	if err != nil {
		return SurveyResults{}, err
	}
	resps, err := s.responses(ctx, id)
	if err != nil {
		return SurveyResults{}, fmt.Errorf("training: results of questionnaire %d: %w", id, err)
	}
	return tally(v, resps), nil
}

// tally folds the responses into the results of each question.
func tally(v Survey, resps []response) SurveyResults {
	out := SurveyResults{Survey: v, Responses: len(resps), Questions: []QuestionResult{}}
	for _, q := range v.Questions {
		qr := QuestionResult{Question: q, Counts: []int{}, Texts: []TextAnswer{}}
		switch q.Kind {
		case QSingle, QMultiple:
			qr.Counts = make([]int, len(q.Options))
		case QRating:
			qr.Counts = make([]int, RatingMax)
		}
		sum := 0
		for _, r := range resps {
			a, ok := r.ByQuestion[q.ID]
			if !ok {
				continue
			}
			switch q.Kind {
			case QSingle, QMultiple:
				got := false
				for _, c := range strings.Split(a.Choices, ",") {
					if n, err := strconv.Atoi(c); err == nil && n >= 1 && n <= len(qr.Counts) {
						qr.Counts[n-1]++
						got = true
					}
				}
				if got {
					qr.Answers++
				}
			case QRating:
				if a.Rating >= 1 && a.Rating <= RatingMax {
					qr.Counts[a.Rating-1]++
					qr.Answers++
					sum += a.Rating
				}
			case QText:
				if a.Text != "" {
					qr.Answers++
					name := ""
					if !v.Anonymous {
						name = r.Name
					}
					qr.Texts = append(qr.Texts, TextAnswer{Text: a.Text, UserName: name})
				}
			}
		}
		if q.Kind == QRating && qr.Answers > 0 {
			qr.Average = float64(int(float64(sum)/float64(qr.Answers)*100+0.5)) / 100
		}
		out.Questions = append(out.Questions, qr)
	}
	return out
}

// MySurveys are the questionnaires sent to the caller, those still to answer first.
func (s *Service) MySurveys(ctx context.Context, userID int64) ([]MySurvey, error) {
	out := []MySurvey{}
	now := s.now().UTC()
	err := db.EachRow(ctx, s.db, `SELECT v.id, v.title, v.description, v.anonymous, COALESCE(c.name, ''), v.deadline, v.state, r.answered_at
		FROM training_survey_recipient r JOIN training_survey v ON v.id = r.survey_id LEFT JOIN training_class c ON c.id = v.class_id
		WHERE r.user_id = ? AND v.state <> 'draft' ORDER BY CASE WHEN r.answered_at IS NULL THEN 0 ELSE 1 END, v.deadline DESC, v.id DESC LIMIT 100`,
		[]any{userID}, func(r db.Row) error {
			var m MySurvey
			var anon int
			var state string
			if err := r.Scan(&m.ID, &m.Title, &m.Description, &anon, &m.ClassName, &m.Deadline, &state, &m.AnsweredAt); err != nil {
				return err
			}
			m.Anonymous = anon != 0
			m.Open = m.AnsweredAt == nil && state == SurveySent && m.Deadline.After(now)
			m.Questions = []Question{}
			out = append(out, m)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("training: my questionnaires: %w", err)
	}
	return out, nil
}

// MySurvey is one questionnaire sent to the caller, with its questions.
func (s *Service) MySurvey(ctx context.Context, userID, id int64) (MySurvey, error) {
	all, err := s.MySurveys(ctx, userID)
	if err != nil {
		return MySurvey{}, err
	}
	for _, m := range all {
		if m.ID == id {
			if m.Questions, err = s.questions(ctx, id); err != nil {
				return m, fmt.Errorf("training: questionnaire %d: %w", id, err)
			}
			return m, nil
		}
	}
	return MySurvey{}, httpx.Fail("training.survey_not_yours")
}

// Answer saves the caller's response: once per recipient (a second is refused and nothing is saved), before the
// deadline of a sent questionnaire, every required question answered, every answer of its question's kind. An
// anonymous questionnaire's response names nobody.
func (s *Service) Answer(ctx context.Context, userID int64, in AnswerIn) error {
	var asked int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM training_survey_recipient WHERE survey_id = ? AND user_id = ?`, in.SurveyID, userID).Scan(&asked); err != nil {
		return fmt.Errorf("training: answer questionnaire %d: %w", in.SurveyID, err)
	}
	if asked == 0 {
		return httpx.Fail("training.survey_not_yours")
	}
	qs, err := s.questions(ctx, in.SurveyID)
	if err != nil {
		return fmt.Errorf("training: answer questionnaire %d: %w", in.SurveyID, err)
	}
	given := map[int64]AnswerItem{}
	for _, a := range in.Answers {
		given[a.QuestionID] = a
	}
	type row struct {
		q       int64
		choices string
		text    string
		rating  int
	}
	var rows []row
	known := map[int64]bool{}
	for _, q := range qs {
		known[q.ID] = true
		a, ok := given[q.ID]
		r := row{q: q.ID}
		switch q.Kind {
		case QSingle, QMultiple:
			seen := map[int]bool{}
			var cs []string
			for _, c := range a.Choices {
				if c < 1 || c > len(q.Options) {
					return httpx.Fail("training.answer_bad", q.Sort)
				}
				if !seen[c] {
					seen[c] = true
					cs = append(cs, strconv.Itoa(c))
				}
			}
			if q.Kind == QSingle && len(cs) > 1 {
				return httpx.Fail("training.answer_one", q.Sort)
			}
			r.choices = strings.Join(cs, ",")
			ok = ok && len(cs) > 0
		case QText:
			t, err := text(a.Text, "training.f.answer", AnswerMax, false)
			if err != nil {
				return err
			}
			r.text = t
			ok = ok && t != ""
		case QRating:
			if a.Rating < 0 || a.Rating > RatingMax {
				return httpx.Fail("training.answer_bad", q.Sort)
			}
			r.rating = a.Rating
			ok = ok && a.Rating > 0
		}
		if !ok {
			if q.Required {
				return httpx.Fail("training.answer_required", q.Sort, q.Title)
			}
			continue
		}
		rows = append(rows, r)
	}
	for id := range given {
		if !known[id] {
			return httpx.Fail("training.answer_unknown")
		}
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var title, state string
		var anon int
		var deadline time.Time
		var answered *time.Time
		err := tx.QueryRow(ctx, `SELECT v.title, v.state, v.anonymous, v.deadline, r.answered_at FROM training_survey v
			JOIN training_survey_recipient r ON r.survey_id = v.id AND r.user_id = ? WHERE v.id = ?`, userID, in.SurveyID).Scan(&title, &state, &anon, &deadline, &answered)
		if db.IsNoRows(err) {
			return httpx.Fail("training.survey_not_yours")
		} else if err != nil {
			return err
		}
		now := s.now().UTC()
		switch {
		case answered != nil:
			return httpx.Fail("training.answered", title)
		case state == SurveyDraft:
			return httpx.Fail("training.survey_not_yours")
		case state == SurveyClosed || !deadline.After(now):
			return httpx.Fail("training.survey_over", title)
		}
		// the one answer: the recipient row is marked first, so a second response racing this one finds it marked
		res, err := tx.Exec(ctx, `UPDATE training_survey_recipient SET answered_at = ? WHERE survey_id = ? AND user_id = ? AND answered_at IS NULL`,
			now, in.SurveyID, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return httpx.Fail("training.answered", title)
		}
		var who any
		if anon == 0 {
			who = userID
		}
		rid, err := tx.Insert(ctx, `INSERT INTO training_survey_response (survey_id, user_id, answered_on) VALUES (?, ?, ?)`,
			in.SurveyID, who, now.In(time.Local).Format(day))
		if err != nil {
			return err
		}
		for _, r := range rows {
			if _, err := tx.Exec(ctx, `INSERT INTO training_survey_answer (response_id, question_id, choices, answer_text, rating) VALUES (?, ?, ?, ?, ?)`,
				rid, r.q, r.choices, r.text, r.rating); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("training: answer questionnaire %d: %w", in.SurveyID, err)
	}
	return nil
}

// RemindSurveys tells the recipients who have not answered a sent questionnaire whose deadline is within the next
// three days (once a day each); it answers how many messages were written.
func (s *Service) RemindSurveys(ctx context.Context) (int, error) {
	now := s.now().UTC()
	type due struct {
		id       int64
		title    string
		deadline time.Time
	}
	var list []due
	err := db.EachRow(ctx, s.db, `SELECT id, title, deadline FROM training_survey WHERE state = 'sent' AND deadline > ? AND deadline <= ? ORDER BY id`,
		[]any{now, now.Add(72 * time.Hour)}, func(r db.Row) error {
			var d due
			err := r.Scan(&d.id, &d.title, &d.deadline)
			list = append(list, d)
			return err
		})
	if err != nil {
		return 0, fmt.Errorf("training: questionnaire reminders: %w", err)
	}
	n := 0
	stamp := now.In(time.Local).Format("20060102")
	for _, d := range list {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			users, err := db.IDs(ctx, tx, `SELECT user_id FROM training_survey_recipient WHERE survey_id = ? AND answered_at IS NULL ORDER BY user_id`, d.id)
			if err != nil || len(users) == 0 || s.notify == nil {
				return err
			}
			c, err := s.notify.Notify(ctx, tx, users, Notice{Code: fmt.Sprintf("training:survey:%d:%s", d.id, stamp),
				Title:   httpx.Translate(httpx.LangZH, "training.survey.remind", d.title),
				Content: httpx.Translate(httpx.LangZH, "training.survey.content", d.title, d.deadline.In(time.Local).Format("2006-01-02 15:04")),
				Path:    "/gatewayTraining", RefID: d.id})
			if err != nil {
				return err
			}
			n += c
			_, err = tx.Exec(ctx, `UPDATE training_survey_recipient SET reminded_at = ? WHERE survey_id = ? AND answered_at IS NULL`, now, d.id)
			return err
		})
		if err != nil {
			return n, fmt.Errorf("training: reminders of questionnaire %d: %w", d.id, err)
		}
	}
	return n, nil
}
