// Package exam is examinations (issue 31, server slice): the question bank with versions, import and export
// (/exam_bank), papers fixed or drawn by rules (/exam_paper), exams with their audience, timing and results
// (/exam_manage), the taker's side in the portal and on the phone page, marking and grades (/exam_grade). The
// rules are docs/decisions/0020-examinations.md.
package exam

import (
	"context"
	"encoding/json"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/sheet"
)

// Function codes (= menu codes) of the four screens; the portal's for the taker's side.
const (
	FunBank   = "exam_bank"
	FunPaper  = "exam_paper"
	FunManage = "exam_manage"
	FunGrade  = "exam_grade"
	FunPortal = "gateway"
)

// Question types.
const (
	TypeSingle   = "single"
	TypeMultiple = "multiple"
	TypeJudge    = "judge"
	TypeFill     = "fill"
	TypeShort    = "short"
)

// Types are the question types in their usual order on a paper.
var Types = []string{TypeSingle, TypeMultiple, TypeJudge, TypeFill, TypeShort}

// Paper kinds and the ways a multiple choice is scored.
const (
	PaperFixed = "fixed"
	PaperRules = "rules"

	MultiAll       = "all"
	MultiPartial   = "partial"
	MultiPerOption = "per_option"
)

// When results are shown, and exam states.
const (
	ResultsNow      = "now"
	ResultsAfter    = "after_close"
	ResultsReleased = "released"

	ExamDraft     = "draft"
	ExamPublished = "published"
)

// Attempt states and how an attempt was submitted.
const (
	AttemptOpen      = "open"
	AttemptSubmitted = "submitted"
	AttemptMarked    = "marked"

	SubmitTaker    = "taker"
	SubmitDeadline = "deadline"
	SubmitLeave    = "leave"
)

// Grace is how long after an attempt's deadline the job submits it: a taker's own submission at the last second
// arrives first.
const Grace = 2 * time.Minute

// Option is a choice of a single or multiple choice question. Key is the option's own letter as written (A, B…);
// Image a picture's file id (the upload machinery's), 0 for none.
type Option struct {
	Key   string `json:"key"`
	Text  string `json:"text"`
	Image int64  `json:"image"`
}

// QuestionIn is a question's form. Answer by type: single "A"; multiple ["A","C"]; judge true|false; fill
// [["alt1","alt2"], ...] (one list of accepted answers per blank, the stem marks blanks with ___ or （）);
// short the reference answer (text).
type QuestionIn struct {
	ID          int64           `param:"id" doc:"edit only: the edit writes a new version"`
	Type        string          `param:"type,required" enum:"single,multiple,judge,fill,short"`
	Stem        string          `param:"stem,required" max:"4000"`
	Images      []int64         `param:"images" doc:"file ids of the stem's pictures (uploaded as elsewhere)"`
	Options     []Option        `param:"options" doc:"single and multiple choice: 2 to 8 options"`
	Answer      json.RawMessage `param:"answer,required" doc:"single \"A\"; multiple [\"A\",\"C\"]; judge true/false; fill [[\"alt\",...],...] per blank; short the reference text"`
	Explanation string          `param:"explanation" max:"4000"`
	Difficulty  int             `param:"difficulty" doc:"1 (easy) to 5 (hard); 0: 3"`
	Tags        []string        `param:"tags" doc:"knowledge tags"`
	CourseID    int64           `param:"courseId" doc:"the linked course (learning content), 0 none"`
	Review      bool            `param:"review" doc:"fill-in only: a person marks it (the marking queue)"`
}

// Question is a question's current version as the bank shows it.
type Question struct {
	ID          int64           `json:"id"`
	Type        string          `json:"type" enum:"single,multiple,judge,fill,short"`
	Stem        string          `json:"stem"`
	Images      []int64         `json:"images"`
	Options     []Option        `json:"options"`
	Answer      json.RawMessage `json:"answer" doc:"see QuestionIn"`
	Explanation string          `json:"explanation"`
	Difficulty  int             `json:"difficulty"`
	Tags        []string        `json:"tags"`
	CourseID    int64           `json:"courseId"`
	CourseName  string          `json:"courseName"`
	Review      bool            `json:"review"`
	Version     int             `json:"version"`
	VersionID   int64           `json:"versionId"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

// Saved is what saving a question answers.
type Saved struct {
	ID        int64 `json:"id"`
	VersionID int64 `json:"versionId"`
	Version   int   `json:"version"`
}

// ImportReport is what an import answers: the problems by row (the sheet's line, or the paste's question
// number), and the count written (0 on a dry run or with any problem: all or nothing).
type ImportReport struct {
	DryRun   bool            `json:"dryRun"`
	Applied  bool            `json:"applied"`
	Rows     int             `json:"rows"`
	Added    int             `json:"added"`
	Problems []sheet.Problem `json:"problems"`
}

// PaperItemIn is a question of a fixed paper with its score.
type PaperItemIn struct {
	QuestionID int64   `json:"questionId"`
	Score      float64 `json:"score"`
}

// RuleIn is a rule of a rule paper: count questions of the bank that match, score each.
type RuleIn struct {
	Type       string  `json:"type" enum:"single,multiple,judge,fill,short"`
	Difficulty int     `json:"difficulty" doc:"0: any"`
	Tag        string  `json:"tag" doc:"'': any"`
	CourseID   int64   `json:"courseId" doc:"0: any"`
	Count      int     `json:"count"`
	Score      float64 `json:"score" doc:"per question"`
}

// PaperIn is a paper's form.
type PaperIn struct {
	ID        int64         `param:"id" doc:"edit only"`
	Name      string        `param:"name,required" max:"100"`
	Kind      string        `param:"kind,required" enum:"fixed,rules"`
	MultiMode string        `param:"multiMode" enum:"all,partial,per_option" doc:"how a multiple choice is scored; '' all"`
	PassMark  float64       `param:"passMark" doc:"the usual pass mark (an exam sets its own), at most the total"`
	Remark    string        `param:"remark" max:"500"`
	Items     []PaperItemIn `param:"items" doc:"fixed: the questions in order with their scores"`
	Rules     []RuleIn      `param:"rules" doc:"rules: drawn for each taker in this order"`
}

// Paper is a paper with its questions or rules.
type Paper struct {
	ID        int64       `json:"id"`
	Name      string      `json:"name"`
	Kind      string      `json:"kind" enum:"fixed,rules"`
	MultiMode string      `json:"multiMode" enum:"all,partial,per_option"`
	PassMark  float64     `json:"passMark"`
	Total     float64     `json:"total"`
	Count     int         `json:"count" doc:"questions each taker gets"`
	Remark    string      `json:"remark"`
	Items     []PaperItem `json:"items"`
	Rules     []Rule      `json:"rules"`
	Exams     int         `json:"exams" doc:"exams that use it"`
	UpdatedAt time.Time   `json:"updatedAt"`
}

// PaperItem is a question of a fixed paper.
type PaperItem struct {
	QuestionID int64   `json:"questionId"`
	Type       string  `json:"type"`
	Stem       string  `json:"stem"`
	Score      float64 `json:"score"`
}

// Rule is a rule of a rule paper and how many questions of the bank match it now.
type Rule struct {
	RuleIn
	Available int `json:"available"`
}

// PaperPreview is a paper as one taker might get it, with the answers (the setter's preview).
type PaperPreview struct {
	Total     float64       `json:"total"`
	Questions []PreviewItem `json:"questions"`
}

// PreviewItem is a question of a preview.
type PreviewItem struct {
	Question
	Score float64 `json:"score"`
}

// UnitPick and EmployeePick are the audience as the picker's selection holds it.
type UnitPick struct {
	FullUnitCode string `json:"fullUnitCode"`
	UnitName     string `json:"unitName"`
}

type EmployeePick struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// ExamIn is an exam's form. Times are the company's ("2006-01-02 15:04") or RFC 3339.
type ExamIn struct {
	ID               int64          `param:"id" doc:"edit only"`
	Name             string         `param:"name,required" max:"100"`
	PaperID          int64          `param:"paperId,required"`
	ClassID          int64          `param:"classId" doc:"the audience is a training class's trainees (then organ and employee are ignored)"`
	Organ            []UnitPick     `param:"organ" doc:"the audience's units (and their sub-units)"`
	Employee         []EmployeePick `param:"employee" doc:"the audience's employees; no unit, employee or class: every staff member"`
	OpensAt          string         `param:"opensAt,required"`
	ClosesAt         string         `param:"closesAt,required"`
	LatestStart      string         `param:"latestStart" doc:"'' any time before the close"`
	DurationMin      int            `param:"durationMin,required" doc:"1 to 600"`
	AttemptsAllowed  int            `param:"attemptsAllowed" doc:"0: 1"`
	PassMark         float64        `param:"passMark,required"`
	ShuffleQuestions bool           `param:"shuffleQuestions"`
	ShuffleOptions   bool           `param:"shuffleOptions"`
	Results          string         `param:"results" enum:"now,after_close,released" doc:"'' now"`
	LeaveLimit       int            `param:"leaveLimit" doc:"0: not watched; at this many leaves the attempt is submitted"`
	Publish          bool           `param:"publish" doc:"takers see it (a draft is the setter's only)"`
}

// Exam is an exam with its figures.
type Exam struct {
	ID               int64          `json:"id"`
	Name             string         `json:"name"`
	PaperID          int64          `json:"paperId"`
	PaperName        string         `json:"paperName"`
	ClassID          int64          `json:"classId"`
	ClassName        string         `json:"className"`
	Organ            []UnitPick     `json:"organ"`
	Employee         []EmployeePick `json:"employee"`
	OpensAt          time.Time      `json:"opensAt"`
	ClosesAt         time.Time      `json:"closesAt"`
	LatestStart      *time.Time     `json:"latestStart"`
	DurationMin      int            `json:"durationMin"`
	AttemptsAllowed  int            `json:"attemptsAllowed"`
	PassMark         float64        `json:"passMark"`
	Total            float64        `json:"total"`
	ShuffleQuestions bool           `json:"shuffleQuestions"`
	ShuffleOptions   bool           `json:"shuffleOptions"`
	Results          string         `json:"results" enum:"now,after_close,released"`
	ReleasedAt       *time.Time     `json:"releasedAt"`
	LeaveLimit       int            `json:"leaveLimit"`
	State            string         `json:"state" enum:"draft,published"`
	Takers           int            `json:"takers" doc:"people who started"`
	Submitted        int            `json:"submitted"`
	Passed           int            `json:"passed"`
	Average          float64        `json:"average"`
	Pending          int            `json:"pending" doc:"answers awaiting marking"`
	UpdatedAt        time.Time      `json:"updatedAt"`
}

// Authenticator turns the phone page's h5Token into its caller.
type Authenticator func(ctx context.Context, token string) (*auth.Principal, error)
