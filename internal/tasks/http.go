package tasks

import (
	"database/sql"
	"net/http"
	"time"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Handlers serve /task_manager and /task_log.
type Handlers struct {
	s   *Service
	log *list.Table[LogRow]
}

// NewHandlers returns the handlers of the task screens.
func NewHandlers(s *Service) *Handlers {
	return &Handlers{s: s, log: logTable(s)}
}

// LogRow is a run (one attempt) as /task_log lists it.
type LogRow struct {
	ID          int64      `json:"id"`
	Task        string     `json:"task"`
	JobID       int64      `json:"jobId"`
	Trigger     string     `json:"trigger"`
	FireAt      *time.Time `json:"fireAt"`
	Attempt     int        `json:"attempt"`
	MaxAttempts int        `json:"maxAttempts"`
	Instance    string     `json:"instance"`
	StartedAt   time.Time  `json:"startedAt"`
	EndedAt     *time.Time `json:"endedAt"`
	DurationMs  *int64     `json:"durationMs"`
	Outcome     string     `json:"outcome"`
	Message     string     `json:"message"`
	StartedBy   string     `json:"startedBy"`
}

var outcomes = map[string]any{OutcomeRunning: OutcomeRunning, OutcomeSuccess: OutcomeSuccess, OutcomeFailed: OutcomeFailed,
	OutcomeTimeout: OutcomeTimeout, OutcomeCancelled: OutcomeCancelled, OutcomeInterrupted: OutcomeInterrupted}

var triggers = map[string]any{TriggerSchedule: TriggerSchedule, TriggerManual: TriggerManual, TriggerMisfire: TriggerMisfire}

// logSpec: filters task, outcome and trigger (exact), keyword (message, instance, who started it), time
// range of the start; sorted by start (newest first).
var logSpec = &list.Spec{
	Select: `l.id, l.task_code, l.job_id, l.trigger_kind, l.fire_at, l.attempt, l.max_attempts, l.instance, l.started_at, l.ended_at,
		l.duration_ms, l.outcome, l.message, l.started_by`,
	From: `sys_task_log l`,
	Filters: []list.Filter{
		{Param: "task", Column: "l.task_code", Kind: list.Exact},
		{Param: "outcome", Column: "l.outcome", Kind: list.Exact, Map: list.OneOf("outcome", outcomes)},
		{Param: "trigger", Column: "l.trigger_kind", Kind: list.Exact, Map: list.OneOf("trigger", triggers)},
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"l.message", "l.instance", "l.started_by"}},
		{Param: "startTime", Column: "l.started_at", Kind: list.After},
		{Param: "endTime", Column: "l.started_at", Kind: list.Before},
	},
	Sorts:       map[string]string{"startedAt": "l.started_at"},
	DefaultSort: "l.started_at DESC",
	TieBreak:    "l.id DESC",
}

func scanLog(row interface{ Scan(...any) error }) (LogRow, error) {
	var l LogRow
	var fire, ended sql.NullTime
	var dur sql.NullInt64
	err := row.Scan(&l.ID, &l.Task, &l.JobID, &l.Trigger, &fire, &l.Attempt, &l.MaxAttempts, &l.Instance, &l.StartedAt, &ended,
		&dur, &l.Outcome, &l.Message, &l.StartedBy)
	if fire.Valid {
		l.FireAt = &fire.Time
	}
	if ended.Valid {
		l.EndedAt = &ended.Time
	}
	if dur.Valid {
		l.DurationMs = &dur.Int64
	}
	return l, err
}

func logTable(s *Service) *list.Table[LogRow] {
	name := func(l LogRow, lang string) any {
		if t := s.e.Task(l.Task); t != nil {
			return httpx.Translate(lang, t.Name)
		}
		return l.Task
	}
	return &list.Table[LogRow]{
		DB: s.db, Spec: logSpec, Scan: scanLog, File: "task.log.file",
		Columns: []list.Column[LogRow]{
			{Title: "task.col.task", Value: name},
			{Title: "task.col.trigger", Value: func(l LogRow, lang string) any { return httpx.Translate(lang, "task.trigger."+l.Trigger) }},
			{Title: "task.col.fireAt", Value: func(l LogRow, _ string) any { return l.FireAt }},
			{Title: "task.col.startedAt", Value: func(l LogRow, _ string) any { return l.StartedAt }},
			{Title: "task.col.endedAt", Value: func(l LogRow, _ string) any { return l.EndedAt }},
			{Title: "task.col.durationMs", Value: func(l LogRow, _ string) any { return l.DurationMs }},
			{Title: "task.col.outcome", Value: func(l LogRow, lang string) any { return httpx.Translate(lang, "task.outcome."+l.Outcome) }},
			{Title: "task.col.attempt", Value: func(l LogRow, _ string) any { return l.Attempt }},
			{Title: "task.col.instance", Value: func(l LogRow, _ string) any { return l.Instance }},
			{Title: "task.col.startedBy", Value: func(l LogRow, _ string) any { return l.StartedBy }},
			{Title: "task.col.message", Value: func(l LogRow, lang string) any { return render(l.Message, lang) }},
		},
	}
}

// LogList is GET /api/sys/taskLog/list: the page, its messages in the caller's language.
func (h *Handlers) LogList(w http.ResponseWriter, r *http.Request) (any, error) {
	out, err := h.log.List(w, r)
	if p, ok := out.(*list.Page[LogRow]); ok && err == nil {
		lang := httpx.Lang(r)
		for i := range p.Records {
			p.Records[i].Message = render(p.Records[i].Message, lang)
		}
	}
	return out, err
}

// CodeIn names a task.
type CodeIn struct {
	Code string `param:"code,required" max:"64" doc:"the task's code"`
}

// List is GET /api/sys/task/list.
func (h *Handlers) List(r *http.Request, _ route.None) ([]Row, error) {
	return h.s.List(r.Context(), httpx.Lang(r))
}

// PreviewIn is a cron expression to check.
type PreviewIn struct {
	Cron string `param:"cron,required" max:"100" doc:"five fields (minute hour day month weekday), or a descriptor such as @daily"`
}

// Preview is GET /api/sys/task/preview: the next five times of a cron expression, or why it is refused.
func (h *Handlers) Preview(_ *http.Request, in PreviewIn) (*Preview, error) {
	return h.s.Preview(in.Cron)
}

// UpdateIn is a task's new settings.
type UpdateIn struct {
	Code       string `param:"code,required" max:"64"`
	Cron       string `param:"cron,required" max:"100" doc:"at most once a minute"`
	Overlap    string `param:"overlap,required" max:"10" doc:"allow or forbid"`
	Misfire    string `param:"misfire,required" max:"10" doc:"run (once, at start) or skip"`
	TimeoutSec int    `param:"timeoutSec,required" doc:"1 to 1800"`
	Retries    int    `param:"retries,required" doc:"0 to 10"`
}

// Update is POST /api/sys/task/update.
func (h *Handlers) Update(r *http.Request, in UpdateIn) (route.None, error) {
	return route.None{}, h.s.UpdateSettings(r.Context(), Update(in))
}

// EnableIn pauses (enabled=false) or resumes a task.
type EnableIn struct {
	Code    string `param:"code,required" max:"64"`
	Enabled bool   `param:"enabled" doc:"false pauses the task"`
}

// Enable is POST /api/sys/task/enable.
func (h *Handlers) Enable(r *http.Request, in EnableIn) (route.None, error) {
	return route.None{}, h.s.SetEnabled(r.Context(), in.Code, in.Enabled)
}

// RunOut is the job a "run now" enqueued.
type RunOut struct {
	JobID int64 `json:"jobId"`
}

// Run is POST /api/sys/task/run.
func (h *Handlers) Run(r *http.Request, in CodeIn) (*RunOut, error) {
	id, err := h.s.RunNow(r.Context(), in.Code)
	if err != nil {
		return nil, err
	}
	return &RunOut{JobID: id}, nil
}

// Retentions is GET /api/sys/task/retention.
func (h *Handlers) Retentions(r *http.Request, _ route.None) ([]Retention, error) {
	return h.s.Retentions(r.Context())
}

// RetentionIn is a log's new retention.
type RetentionIn struct {
	Log  string `param:"log,required" max:"30" doc:"business_log, login_log, exception_log or task_log"`
	Days int    `param:"days,required" doc:"1 to 3650"`
}

// SetRetention is POST /api/sys/task/retention.
func (h *Handlers) SetRetention(r *http.Request, in RetentionIn) (route.None, error) {
	return route.None{}, h.s.SetRetention(r.Context(), in.Log, in.Days)
}

// IDIn names a row of the task log.
type IDIn struct {
	ID int64 `param:"id,required" doc:"the id of the run's row in the task log"`
}

// Cancel is POST /api/sys/taskLog/cancel: cancels the job of a run.
func (h *Handlers) Cancel(r *http.Request, in IDIn) (route.None, error) {
	return route.None{}, h.s.CancelRun(r.Context(), in.ID)
}
