// Package training is staff training (issue 30, first slice): lecturers (/training_lecturer), yearly plans and
// classes with their audience, enrolments and wait list, the schedule of sessions, and the sign-in per session by a
// rotating QR code (/training_class); the learner's side in the portal and on the phone page (/h5Course). The rules
// are docs/decisions/0019-training.md.
package training

import (
	"context"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
)

// Function codes (= menu codes) of the two screens; the portal's for the learner's side.
const (
	FunLecturer = "training_lecturer"
	FunClass    = "training_class"
	FunPlan     = "training_plan" // the yearly plans (/training_plan)
	FunPortal   = "gateway"
)

// Lecturer kinds.
const (
	KindInternal = "internal"
	KindExternal = "external"
)

// Class states and modes.
const (
	StateDraft     = "draft"
	StateEnrolling = "enrolling"
	StateRunning   = "running"
	StateClosed    = "closed"
	StateArchived  = "archived"

	ModeOnline  = "online"
	ModeOnsite  = "onsite"
	ModeBlended = "blended"
)

// Enrolment states.
const (
	EnrolPending   = "pending"
	EnrolEnrolled  = "enrolled"
	EnrolWaiting   = "waiting"
	EnrolWithdrawn = "withdrawn"
	EnrolRejected  = "rejected"
)

// Sign-in states and methods.
const (
	SignPresent = "present"
	SignLate    = "late"
	SignAbsent  = "absent"
	// SignNone: not signed in yet, the window still open or not yet reached.
	SignNone = "none"

	MethodQR     = "qr"
	MethodManual = "manual"
)

// The sign-in code: a new one every CodeStep, the one before still taken for CodeGrace after it changed.
const (
	CodeStep  = 15 * time.Second
	CodeGrace = 5 * time.Second
)

// Audience kinds: the picker's groups.
const (
	AudienceUnit     = "organ"
	AudienceEmployee = "employee"
)

// Limits.
const (
	NameMax     = 100
	TextMax     = 500
	ReasonMax   = 200
	CapacityMax = 5000
	AudienceMax = 1000
	ListMax     = 50 // courses or lecturers of a class
)

// Lecturer is a lecturer with the courses they teach and the hours taught (sessions that have ended).
type Lecturer struct {
	ID           int64       `json:"id"`
	Name         string      `json:"name"`
	Kind         string      `json:"kind" enum:"internal,external"`
	EmployeeCode string      `json:"employeeCode"`
	UnitLabel    string      `json:"unitLabel" doc:"an internal lecturer's unit"`
	Organisation string      `json:"organisation"`
	Contact      string      `json:"contact"`
	Title        string      `json:"title"`
	Level        string      `json:"level"`
	Specialities string      `json:"specialities"`
	Remark       string      `json:"remark"`
	Courses      []CourseRef `json:"courses"`
	Hours        float64     `json:"hours" doc:"hours of the lecturer's sessions that have ended"`
	Sessions     int         `json:"sessions"`
	Rating       float64     `json:"rating" doc:"the average of the lecturer's stars in evaluations (0: none yet)"`
	Ratings      int         `json:"ratings" doc:"how many evaluations rated the lecturer"`
	UpdatedAt    time.Time   `json:"updatedAt"`
}

// CourseRef names a course of the learning content.
type CourseRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Option is a select option.
type Option struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Extra string `json:"extra"`
}

// Plan is a yearly training plan of a unit.
type Plan struct {
	ID        int64  `json:"id"`
	Year      int    `json:"year"`
	UnitCode  string `json:"unitCode"`
	UnitLabel string `json:"unitLabel"`
	Title     string `json:"title"`
	Remark    string `json:"remark"`
	Classes   int    `json:"classes"`
	// what the plan sets out to hold, and its progress: classes running, closed or archived, the hours of their
	// sessions that have ended (one decimal)
	PlannedClasses int     `json:"plannedClasses"`
	PlannedHours   int     `json:"plannedHours"`
	ClassesHeld    int     `json:"classesHeld"`
	HoursHeld      float64 `json:"hoursHeld"`
}

// AudienceItem is a unit or an employee of a class's audience.
type AudienceItem struct {
	Kind string `json:"kind" enum:"organ,employee"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// Class is a training class as the list shows it.
type Class struct {
	ID            int64      `json:"id"`
	PlanID        int64      `json:"planId"`
	PlanTitle     string     `json:"planTitle"`
	Name          string     `json:"name"`
	UnitCode      string     `json:"unitCode"`
	UnitLabel     string     `json:"unitLabel"`
	StartDate     string     `json:"startDate"`
	EndDate       string     `json:"endDate"`
	Mode          string     `json:"mode" enum:"online,onsite,blended"`
	Place         string     `json:"place"`
	MeetingLink   string     `json:"meetingLink"`
	Capacity      int        `json:"capacity"`
	ManagerID     int64      `json:"managerId"`
	ManagerName   string     `json:"managerName"`
	NeedsApproval bool       `json:"needsApproval"`
	WithdrawUntil *time.Time `json:"withdrawUntil"`
	Description   string     `json:"description"`
	State         string     `json:"state" enum:"draft,enrolling,running,closed,archived"`
	Enrolled      int        `json:"enrolled"`
	Waiting       int        `json:"waiting"`
	Pending       int        `json:"pending"`
	Sessions      int        `json:"sessions"`
	UpdatedAt     time.Time  `json:"updatedAt"`
}

// ClassDetail is a class with its courses, lecturers and audience.
type ClassDetail struct {
	Class
	Courses   []CourseRef    `json:"courses"`
	Lecturers []Option       `json:"lecturers"`
	Audience  []AudienceItem `json:"audience"`
	// Next are the states the class may move to now.
	Next []string `json:"next"`
}

// Student is an enrolment of a class.
type Student struct {
	UserID    int64      `json:"userId"`
	LoginCode string     `json:"loginCode"`
	UserName  string     `json:"userName"`
	UnitLabel string     `json:"unitLabel"`
	State     string     `json:"state" enum:"pending,enrolled,waiting,withdrawn,rejected"`
	Position  int        `json:"position" doc:"place on the wait list (1: next to move up); 0 when not waiting"`
	QueuedAt  time.Time  `json:"queuedAt"`
	DecidedAt *time.Time `json:"decidedAt"`
	Reason    string     `json:"reason"`
	Attended  int        `json:"attended" doc:"sessions signed in (present or late)"`
}

// Session is a session of a class's schedule.
type Session struct {
	ID           int64     `json:"id"`
	ClassID      int64     `json:"classId"`
	ClassName    string    `json:"className"`
	Title        string    `json:"title"`
	CourseID     int64     `json:"courseId"`
	CourseName   string    `json:"courseName"`
	LecturerID   int64     `json:"lecturerId"`
	LecturerName string    `json:"lecturerName"`
	StartsAt     time.Time `json:"startsAt"`
	EndsAt       time.Time `json:"endsAt"`
	Room         string    `json:"room"`
	Link         string    `json:"link"`
	Lat          float64   `json:"lat"`
	Lng          float64   `json:"lng"`
	RadiusM      int       `json:"radiusM" doc:"metres; 0: no position check"`
	Signed       int       `json:"signed" doc:"trainees signed in (present or late)"`
	// MyState is the caller's sign-in in my schedule (none, present, late, absent).
	MyState string `json:"myState"`
}

// SessionSaved is what adding or changing a session answers: its id and the warnings (trainees of the class who
// have a session of another class at the same time).
type SessionSaved struct {
	ID       int64    `json:"id"`
	Warnings []string `json:"warnings"`
}

// SheetRow is a trainee's line on a session's sign-in sheet.
type SheetRow struct {
	UserID    int64      `json:"userId"`
	LoginCode string     `json:"loginCode"`
	UserName  string     `json:"userName"`
	UnitLabel string     `json:"unitLabel"`
	State     string     `json:"state" enum:"none,present,late,absent"`
	SignedAt  *time.Time `json:"signedAt"`
	Method    string     `json:"method"`
	Reason    string     `json:"reason"`
}

// Sheet is a session's sign-in sheet with its counts.
type Sheet struct {
	Session Session    `json:"session"`
	Rows    []SheetRow `json:"rows"`
	Present int        `json:"present"`
	Late    int        `json:"late"`
	Absent  int        `json:"absent"`
	Open    bool       `json:"open" doc:"the sign-in window is open now"`
	Opens   time.Time  `json:"opens"`
	Closes  time.Time  `json:"closes"`
}

// QR is the current sign-in code of a session: Path is the phone page's address the QR encodes.
type QR struct {
	SessionID int64     `json:"sessionId"`
	Code      string    `json:"code"`
	Path      string    `json:"path"`
	ChangesAt time.Time `json:"changesAt" doc:"when the next code replaces it (every 15 s)"`
	Open      bool      `json:"open"`
	Opens     time.Time `json:"opens"`
	Closes    time.Time `json:"closes"`
	Signed    int       `json:"signed"`
	Enrolled  int       `json:"enrolled"`
}

// MyClass is a class open to the caller or one they are enrolled in, with their enrolment.
type MyClass struct {
	Class
	Courses  []CourseRef `json:"courses"`
	MyState  string      `json:"myState" doc:"the caller's enrolment ('' none)"`
	Position int         `json:"position" doc:"the caller's place on the wait list"`
	CanEnrol bool        `json:"canEnrol"`
	CanLeave bool        `json:"canLeave"`
	Next     *Session    `json:"next" doc:"the next session"`
}

// Enrolled is what enrolling answers: the caller's state and warnings (overlapping sessions of their other classes).
type Enrolled struct {
	State    string   `json:"state" enum:"pending,enrolled,waiting"`
	Position int      `json:"position"`
	Warnings []string `json:"warnings"`
}

// SignedIn is what a sign-in answers.
type SignedIn struct {
	State     string    `json:"state" enum:"present,late"`
	SignedAt  time.Time `json:"signedAt"`
	ClassName string    `json:"className"`
	Session   string    `json:"session"`
}

// SessionCard is what the phone page shows before signing in.
type SessionCard struct {
	ID        int64     `json:"id"`
	ClassName string    `json:"className"`
	Title     string    `json:"title"`
	StartsAt  time.Time `json:"startsAt"`
	EndsAt    time.Time `json:"endsAt"`
	Room      string    `json:"room"`
	NeedsPos  bool      `json:"needsPosition"`
	MyState   string    `json:"myState"`
}

// Notice is a message to-do (the reminders the day before).
type Notice struct {
	Code, Title, Content, Path string
	RefID                      int64
}

// Notifier writes message to-dos inside the caller's transaction.
type Notifier interface {
	Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (int, error)
}

// Courses is what training needs of the learning content: a course's lecturer link (course.lecturer_id and the
// name kept in course.lecturer), kept by content.
type Courses interface {
	// RenameLecturer writes a lecturer's new name to the courses that name them.
	RenameLecturer(ctx context.Context, tx *db.Tx, lecturerID int64, name string) error
}

// Params are the system parameters of the sign-in window.
type Params interface {
	SignInWindow() (before, after time.Duration)
}

// Authenticator turns the phone page's h5Token into its caller.
type Authenticator func(ctx context.Context, token string) (*auth.Principal, error)
