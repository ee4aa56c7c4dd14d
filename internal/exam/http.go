package exam

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
	"biddesk/internal/platform/sheet"
)

// Handlers serve the examination calls.
type Handlers struct {
	svc       *Service
	questions *list.Table[Question]
}

// NewHandlers builds the handlers of s.
func NewHandlers(s *Service) *Handlers { return &Handlers{svc: s, questions: questionTable(s)} }

func tr(lang, key string, args ...any) string { return httpx.Translate(lang, key, args...) }

/* ---------- the bank ---------- */

var questionSpec = &list.Spec{
	Select: questionSelect,
	From:   questionFrom,
	Where:  "q.state = 'active'",
	Filters: []list.Filter{
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"v.stem", "q.tags"}},
		{Param: "type", Column: "q.qtype", Kind: list.Exact, Map: list.OneOf("type", map[string]any{TypeSingle: TypeSingle, TypeMultiple: TypeMultiple,
			TypeJudge: TypeJudge, TypeFill: TypeFill, TypeShort: TypeShort})},
		{Param: "difficulty", Column: "q.difficulty", Kind: list.Exact, Map: list.Int("difficulty")},
		{Param: "courseId", Column: "q.course_id", Kind: list.Exact, Map: list.Int("courseId")},
		{Param: "tag", Column: "(',' || q.tags || ',') LIKE ?", Kind: list.Cond, Map: func(s string) (any, error) { return "%," + strings.TrimSpace(s) + ",%", nil }},
	},
	Sorts:       map[string]string{"updatedAt": "q.updated_at", "difficulty": "q.difficulty", "id": "q.id"},
	DefaultSort: "q.updated_at DESC",
	TieBreak:    "q.id {dir}",
}

func questionTable(s *Service) *list.Table[Question] {
	return &list.Table[Question]{DB: s.db, Spec: questionSpec, File: "exam.file.bank", Scan: scanQuestion,
		Columns: []list.Column[Question]{
			{Title: "exam.col.id", Value: func(q Question, _ string) any { return q.ID }},
			{Title: "exam.col.type", Value: func(q Question, lang string) any { return tr(lang, "exam.type."+q.Type) }},
			{Title: "exam.col.stem", Value: func(q Question, _ string) any { return q.Stem }},
			{Title: "exam.col.options", Value: func(q Question, _ string) any {
				parts := make([]string, len(q.Options))
				for i, o := range q.Options {
					parts[i] = o.Key + ". " + o.Text
				}
				return strings.Join(parts, "\n")
			}},
			{Title: "exam.col.answer", Value: func(q Question, lang string) any { return keyText(lang, q.Type, q.Answer) }},
			{Title: "exam.col.explanation", Value: func(q Question, _ string) any { return q.Explanation }},
			{Title: "exam.col.difficulty", Value: func(q Question, _ string) any { return q.Difficulty }},
			{Title: "exam.col.tags", Value: func(q Question, _ string) any { return strings.Join(q.Tags, ",") }},
			{Title: "exam.col.courseName", Value: func(q Question, _ string) any { return q.CourseName }},
			{Title: "exam.col.version", Value: func(q Question, _ string) any { return q.Version }},
		}}
}

// keyText writes a key as the import template reads it back.
func keyText(lang, t string, raw []byte) string {
	k, ok := parseKey(t, raw)
	if !ok {
		return ""
	}
	switch t {
	case TypeSingle:
		return k.Choice
	case TypeMultiple:
		return strings.Join(k.Choices, "")
	case TypeJudge:
		if k.Judge {
			return tr(lang, "exam.true")
		}
		return tr(lang, "exam.false")
	case TypeFill:
		parts := make([]string, len(k.Blanks))
		for i, b := range k.Blanks {
			parts[i] = strings.Join(b, ";")
		}
		return strings.Join(parts, "|")
	}
	return k.Text
}

// QuestionList is GET /api/exam/question/list.
func (h *Handlers) QuestionList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.questions.List(w, r)
}

// QuestionExport is GET /api/exam/question/export.
func (h *Handlers) QuestionExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.questions.Export(w, r)
}

// QuestionOne is GET /api/exam/question/one.
func (h *Handlers) QuestionOne(r *http.Request, in httpx.IDIn) (Question, error) {
	return h.svc.Question(r.Context(), in.ID)
}

// QuestionSave is POST /api/exam/question/add and PUT /api/exam/question/edit.
func (h *Handlers) QuestionSave(r *http.Request, in QuestionIn) (Saved, error) {
	if r.Method == http.MethodPost {
		in.ID = 0
	} else if in.ID == 0 {
		return Saved{}, httpx.Fail("http.required", "id")
	}
	return h.svc.SaveQuestion(r.Context(), in)
}

// QuestionDel is DELETE /api/exam/question/del.
func (h *Handlers) QuestionDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteQuestion(r.Context(), in.ID)
}

// QuestionKey is PUT /api/exam/question/key.
func (h *Handlers) QuestionKey(r *http.Request, in KeyIn) (Remarked, error) {
	return h.svc.CorrectKey(r.Context(), in)
}

// QuestionKeyPreview is POST /api/exam/question/key/preview.
func (h *Handlers) QuestionKeyPreview(r *http.Request, in KeyIn) (Remarked, error) {
	return h.svc.PreviewKey(r.Context(), in)
}

// ExamQuestions is GET /api/exam/exam/questions.
func (h *Handlers) ExamQuestions(r *http.Request, in ExamIDIn) ([]ExamQuestion, error) {
	return h.svc.ExamQuestions(r.Context(), in.ExamID)
}

// KeyHistory is GET /api/exam/exam/corrections.
func (h *Handlers) KeyHistory(r *http.Request, in ExamIDIn) ([]KeyCorrection, error) {
	return h.svc.KeyHistory(r.Context(), in.ExamID)
}

// ImportIn describes the import's multipart body and its query.
type ImportIn struct {
	File   httpx.FileField `param:"file,required" doc:"the .xlsx workbook (the template's sheet 题库)"`
	DryRun bool            `param:"dryRun" in:"query" doc:"true: check only, nothing is written"`
}

// PasteIn is the paste format's text.
type PasteIn struct {
	Text   string `param:"text,required" max:"2000000" doc:"questions apart by blank lines: '1. [单选] stem', options 'A. …', '答案：B', optional '解析：', '难度：', '知识点：', '课程：'"`
	DryRun bool   `param:"dryRun" doc:"true: check only"`
}

// Template is GET /api/exam/question/template.
func (h *Handlers) Template(w http.ResponseWriter, r *http.Request, _ route.None) error {
	return sheet.Template(w, httpx.Lang(r), "exam.file.template", bankSheet)
}

// Import is POST /api/exam/question/import.
func (h *Handlers) Import(w http.ResponseWriter, r *http.Request) (any, error) {
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	f, err := sheet.ReadUpload(w, r)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lang := httpx.Lang(r)
	problems := sheet.NewProblems(lang)
	rows, err := sheet.Rows(f, bankSheet, problems)
	if err != nil {
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	if rows == nil {
		if problems.Empty() {
			problems.Add("", 0, "", "exam.no_sheet", tr(lang, bankSheet.Name))
		}
		return &ImportReport{DryRun: dryRun, Problems: problems.List}, nil
	}
	return h.svc.ImportSheet(r.Context(), lang, rows, problems, dryRun)
}

// Paste is POST /api/exam/question/paste.
func (h *Handlers) Paste(r *http.Request, in PasteIn) (*ImportReport, error) {
	return h.svc.ImportPaste(r.Context(), httpx.Lang(r), in.Text, in.DryRun)
}

/* ---------- papers ---------- */

// PaperList is GET /api/exam/paper/list.
func (h *Handlers) PaperList(r *http.Request, _ route.None) ([]Paper, error) {
	return h.svc.Papers(r.Context())
}

// PaperOne is GET /api/exam/paper/one.
func (h *Handlers) PaperOne(r *http.Request, in httpx.IDIn) (Paper, error) {
	return h.svc.Paper(r.Context(), in.ID)
}

// PaperSave is POST /api/exam/paper/add and PUT /api/exam/paper/edit.
func (h *Handlers) PaperSave(r *http.Request, in PaperIn) (httpx.Created, error) {
	if r.Method == http.MethodPost {
		in.ID = 0
	}
	id, err := h.svc.SavePaper(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// PaperDel is DELETE /api/exam/paper/del.
func (h *Handlers) PaperDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeletePaper(r.Context(), in.ID)
}

// PaperPreview is GET /api/exam/paper/preview.
func (h *Handlers) PaperPreview(r *http.Request, in httpx.IDIn) (PaperPreview, error) {
	return h.svc.Preview(r.Context(), in.ID)
}

/* ---------- exams ---------- */

// ExamList is GET /api/exam/exam/list.
func (h *Handlers) ExamList(r *http.Request, in ExamsIn) ([]Exam, error) {
	return h.svc.Exams(r.Context(), in)
}

// ExamOne is GET /api/exam/exam/one.
func (h *Handlers) ExamOne(r *http.Request, in httpx.IDIn) (Exam, error) {
	return h.svc.Exam(r.Context(), in.ID)
}

// ExamSave is POST /api/exam/exam/add and PUT /api/exam/exam/edit.
func (h *Handlers) ExamSave(r *http.Request, in ExamIn) (httpx.Created, error) {
	if r.Method == http.MethodPost {
		in.ID = 0
	}
	id, err := h.svc.SaveExam(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// ExamDel is DELETE /api/exam/exam/del.
func (h *Handlers) ExamDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteExam(r.Context(), in.ID)
}

// ExamRelease is PUT /api/exam/exam/release.
func (h *Handlers) ExamRelease(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.Release(r.Context(), in.ID)
}

// ExportIn is an export's format.
type ExportIn struct {
	Keyword string `param:"keyword" max:"100"`
	ClassID int64  `param:"classId"`
	Format  string `param:"format" enum:"xlsx,csv" doc:"xlsx (default) or csv"`
}

// ExamExport is GET /api/exam/exam/export.
func (h *Handlers) ExamExport(w http.ResponseWriter, r *http.Request, in ExportIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	exams, err := h.svc.Exams(r.Context(), ExamsIn{Keyword: in.Keyword, ClassID: in.ClassID})
	if err != nil {
		return err
	}
	lang := httpx.Lang(r)
	header := []string{}
	for _, k := range []string{"exam.col.name", "exam.col.paper", "exam.col.class", "exam.col.opensAt", "exam.col.closesAt", "exam.col.duration",
		"exam.col.total", "exam.col.passMark", "exam.col.takers", "exam.col.submitted", "exam.col.passed", "exam.col.passRate", "exam.col.average", "exam.col.pending"} {
		header = append(header, tr(lang, k))
	}
	return export.Stream(w, format, tr(lang, "exam.file.exams"), header, func(x export.Writer) error {
		for _, e := range exams {
			rate := 0.0
			if e.Takers > 0 {
				rate = round2(float64(e.Passed) / float64(e.Takers))
			}
			if err := x.Row(e.Name, e.PaperName, e.ClassName, e.OpensAt, e.ClosesAt, e.DurationMin, e.Total, e.PassMark, e.Takers, e.Submitted,
				e.Passed, rate, e.Average, e.Pending); err != nil {
				return err
			}
		}
		return nil
	})
}

// ExamIDIn names an exam.
type ExamIDIn struct {
	ExamID int64  `param:"examId,required"`
	Format string `param:"format" enum:"xlsx,csv" doc:"exports: xlsx (default) or csv"`
}

// Grades is GET /api/exam/grades.
func (h *Handlers) Grades(r *http.Request, in ExamIDIn) ([]Grade, error) {
	return h.svc.Grades(r.Context(), in.ExamID)
}

// GradesExport is GET /api/exam/grades/export (the best attempt's leaves, focus losses and pastes included).
func (h *Handlers) GradesExport(w http.ResponseWriter, r *http.Request, in ExamIDIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	e, err := h.svc.Exam(r.Context(), in.ExamID)
	if err != nil {
		return err
	}
	grades, err := h.svc.Grades(r.Context(), in.ExamID)
	if err != nil {
		return err
	}
	lang := httpx.Lang(r)
	header := []string{}
	for _, k := range []string{"exam.col.name", "exam.col.login", "exam.col.unit", "exam.col.score", "exam.col.passed", "exam.col.pending", "exam.col.minutes",
		"exam.col.submittedAt", "exam.col.attempts", "exam.col.submitKind", "exam.col.leaves", "exam.col.blurs", "exam.col.pastes"} {
		header = append(header, tr(lang, k))
	}
	return export.Stream(w, format, tr(lang, "exam.file.grades")+"_"+e.Name, header, func(x export.Writer) error {
		for _, g := range grades {
			pass := tr(lang, "exam.no")
			if g.Passed {
				pass = tr(lang, "exam.yes")
			}
			if err := x.Row(g.Name, g.LoginCode, g.UnitLabel, g.Best, pass, g.Pending, g.Minutes, g.Submitted, g.Attempts,
				tr(lang, "exam.kind."+g.SubmitKind), g.Leaves, g.Blurs, g.Pastes); err != nil {
				return err
			}
		}
		return nil
	})
}

// Analysis is GET /api/exam/analysis.
func (h *Handlers) Analysis(r *http.Request, in ExamIDIn) (Analysis, error) {
	return h.svc.Analyse(r.Context(), in.ExamID)
}

// AttemptEvent is a recorded page event.
type AttemptEvent struct {
	Kind   string `json:"kind" enum:"leave,blur,paste"`
	At     string `json:"at"`
	Detail string `json:"detail"`
}

// AttemptIDIn names an attempt (the examiner's).
type AttemptIDIn struct {
	AttemptID int64 `param:"attemptId,required"`
}

// Events is GET /api/exam/attempt/events.
func (h *Handlers) Events(r *http.Request, in AttemptIDIn) ([]AttemptEvent, error) {
	return h.svc.Events(r.Context(), in.AttemptID)
}

/* ---------- marking ---------- */

// QueueList is GET /api/exam/marking/queue.
func (h *Handlers) QueueList(r *http.Request, in QueueIn) ([]QueueItem, error) {
	return h.svc.Queue(r.Context(), in)
}

// Mark is PUT /api/exam/marking/mark.
func (h *Handlers) Mark(r *http.Request, in MarkIn) (route.None, error) {
	return route.None{}, h.svc.MarkAnswer(r.Context(), in)
}

/* ---------- the taker ---------- */

func web(r *http.Request) (*auth.Principal, error) {
	p, err := principal(r.Context())
	if err != nil {
		return nil, err
	}
	return p, staff(p)
}

// phone is the phone page's caller: its h5Token, the portal's code, a staff account.
func (h *Handlers) phone(r *http.Request, param string) (*auth.Principal, context.Context, error) {
	p, ctx, err := auth.PhoneCaller(r, param, h.svc.authn, FunPortal)
	if err != nil {
		return nil, nil, err
	}
	if err := staff(p); err != nil {
		return nil, nil, err
	}
	return p, ctx, nil
}

// taker is the caller of a taker's call: the portal's session (web) or, when h5 is set, the phone page's token.
func (h *Handlers) taker(r *http.Request, h5 bool, token string) (*auth.Principal, context.Context, error) {
	if h5 {
		return h.phone(r, token)
	}
	p, err := web(r)
	return p, r.Context(), err
}

// TokenIn carries the phone page's session.
type TokenIn struct {
	H5Token string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
}

func (h *Handlers) myExams(h5 bool) func(r *http.Request, in TokenIn) ([]MyExam, error) {
	return func(r *http.Request, in TokenIn) ([]MyExam, error) {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return nil, err
		}
		return h.svc.MyExams(ctx, p.UserID)
	}
}

func (h *Handlers) start(h5 bool) func(r *http.Request, in ExamRef) (AttemptView, error) {
	return func(r *http.Request, in ExamRef) (AttemptView, error) {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return AttemptView{}, err
		}
		return h.svc.Start(ctx, p.UserID, in.ExamID)
	}
}

func (h *Handlers) attempt(h5 bool) func(r *http.Request, in AttemptIn) (AttemptView, error) {
	return func(r *http.Request, in AttemptIn) (AttemptView, error) {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return AttemptView{}, err
		}
		return h.svc.Attempt(ctx, p.UserID, in.AttemptID)
	}
}

func (h *Handlers) save(h5 bool) func(r *http.Request, in SaveIn) (SaveOut, error) {
	return func(r *http.Request, in SaveIn) (SaveOut, error) {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return SaveOut{}, err
		}
		return h.svc.Save(ctx, p.UserID, in)
	}
}

func (h *Handlers) submit(h5 bool) func(r *http.Request, in AttemptIn) (Submitted, error) {
	return func(r *http.Request, in AttemptIn) (Submitted, error) {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return Submitted{}, err
		}
		return h.svc.Submit(ctx, p.UserID, in.AttemptID)
	}
}

func (h *Handlers) event(h5 bool) func(r *http.Request, in EventIn) (EventOut, error) {
	return func(r *http.Request, in EventIn) (EventOut, error) {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return EventOut{}, err
		}
		return h.svc.Event(ctx, p.UserID, in)
	}
}

/* ---------- pictures ---------- */

// PictureIn describes a picture upload's multipart body.
type PictureIn struct {
	File httpx.FileField `param:"file,required" doc:"a jpg or png image, at most 2 MB"`
}

// PictureUpload is POST /api/exam/picture/upload.
func (h *Handlers) PictureUpload(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.svc.UploadPicture(w, r)
}

// PictureRef names a picture (a file id).
type PictureRef struct {
	ID int64 `param:"id,required" doc:"the picture's file id"`
}

// Picture is GET /api/exam/picture.
func (h *Handlers) Picture(w http.ResponseWriter, r *http.Request, in PictureRef) error {
	_, err := h.svc.sendPicture(w, r.Context(), in.ID)
	return err
}

// TakerPictureIn names a picture of the caller's attempt.
type TakerPictureIn struct {
	H5Token   string `param:"h5Token" max:"128" doc:"phone page only (or the h5Token header)"`
	AttemptID int64  `param:"attemptId,required"`
	ID        int64  `param:"id,required" doc:"the picture's file id"`
}

func (h *Handlers) takerPicture(h5 bool) func(w http.ResponseWriter, r *http.Request, in TakerPictureIn) error {
	return func(w http.ResponseWriter, r *http.Request, in TakerPictureIn) error {
		p, ctx, err := h.taker(r, h5, in.H5Token)
		if err != nil {
			return err
		}
		ok, err := h.svc.MayTakerSee(ctx, p.UserID, in.AttemptID, in.ID)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Fail("exam.picture_not_found")
		}
		_, err = h.svc.sendPicture(w, ctx, in.ID)
		return err
	}
}
