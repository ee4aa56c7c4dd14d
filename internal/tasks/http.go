package tasks

import (
	"database/sql"
	"net/http"
	"strings"
	"time"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
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
// range of the start; sorted by start (newest first) or duration.
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
	Sorts:       map[string]string{"startedAt": "l.started_at", "durationMs": "l.duration_ms"},
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
			{Title: "task.col.message", Value: func(l LogRow, _ string) any { return l.Message }},
		},
	}
}

// CodeIn names a task.
type CodeIn struct {
	Code string `param:"code,required"`
}

// List is GET /api/sys/task/list.
func (h *Handlers) List(r *http.Request, _ struct{}) ([]Row, error) {
	return h.s.List(r.Context(), httpx.Lang(r))
}

// PreviewIn is a cron expression to check.
type PreviewIn struct {
	Cron string `param:"cron,required"`
}

// Preview is GET /api/sys/task/preview: the next five times of a cron expression, or why it is refused.
func (h *Handlers) Preview(_ *http.Request, in PreviewIn) (*Preview, error) {
	return h.s.Preview(in.Cron)
}

// UpdateIn is a task's new settings.
type UpdateIn struct {
	Code       string `param:"code,required"`
	Cron       string `param:"cron,required"`
	Overlap    string `param:"overlap,required"`
	Misfire    string `param:"misfire,required"`
	TimeoutSec int    `param:"timeoutSec,required"`
	Retries    int    `param:"retries,required"`
}

// Update is POST /api/sys/task/update.
func (h *Handlers) Update(r *http.Request, in UpdateIn) (any, error) {
	return nil, h.s.UpdateSettings(r.Context(), Update(in))
}

// EnableIn pauses (enabled=false) or resumes a task.
type EnableIn struct {
	Code    string `param:"code,required"`
	Enabled bool   `param:"enabled"`
}

// Enable is POST /api/sys/task/enable.
func (h *Handlers) Enable(r *http.Request, in EnableIn) (any, error) {
	return nil, h.s.SetEnabled(r.Context(), in.Code, in.Enabled)
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
func (h *Handlers) Retentions(r *http.Request, _ struct{}) ([]Retention, error) {
	return h.s.Retentions(r.Context())
}

// RetentionIn is a log's new retention.
type RetentionIn struct {
	Log  string `param:"log,required"`
	Days int    `param:"days,required"`
}

// SetRetention is POST /api/sys/task/retention.
func (h *Handlers) SetRetention(r *http.Request, in RetentionIn) (any, error) {
	return nil, h.s.SetRetention(r.Context(), in.Log, in.Days)
}

// IDIn names a row of the task log.
type IDIn struct {
	ID int64 `param:"id,required"`
}

// Cancel is POST /api/sys/taskLog/cancel: cancels the job of a run.
func (h *Handlers) Cancel(r *http.Request, in IDIn) (any, error) {
	return nil, h.s.CancelRun(r.Context(), in.ID)
}

// The binders below read the typed inputs from the request's parameters until the route table binds
// them itself (route.Call).

func none(in *httpx.Input) (struct{}, error) { return struct{}{}, nil }

func codeIn(in *httpx.Input) (CodeIn, error) {
	c := strings.TrimSpace(in.String("code"))
	if c == "" {
		return CodeIn{}, httpx.Fail("http.required", "code")
	}
	return CodeIn{Code: c}, nil
}

func previewIn(in *httpx.Input) (PreviewIn, error) {
	return PreviewIn{Cron: in.String("cron")}, nil
}

func updateIn(in *httpx.Input) (UpdateIn, error) {
	c, err := codeIn(in)
	if err != nil {
		return UpdateIn{}, err
	}
	u := UpdateIn{Code: c.Code, Cron: in.String("cron"), Overlap: in.String("overlap"), Misfire: in.String("misfire")}
	for _, f := range []struct {
		name string
		v    *int
	}{{"timeoutSec", &u.TimeoutSec}, {"retries", &u.Retries}} {
		if !in.Has(f.name) {
			return u, httpx.Fail("http.required", f.name)
		}
		if *f.v, err = in.Int(f.name, 0); err != nil {
			return u, err
		}
	}
	return u, nil
}

func enableIn(in *httpx.Input) (EnableIn, error) {
	c, err := codeIn(in)
	return EnableIn{Code: c.Code, Enabled: in.Bool("enabled")}, err
}

func retentionIn(in *httpx.Input) (RetentionIn, error) {
	if !in.Has("days") {
		return RetentionIn{}, httpx.Fail("http.required", "days")
	}
	d, err := in.Int("days", 0)
	return RetentionIn{Log: strings.TrimSpace(in.String("log")), Days: d}, err
}

func idIn(in *httpx.Input) (IDIn, error) {
	id, err := in.ID("id")
	return IDIn{ID: id}, err
}

// bind turns a typed handler and its binder into an httpx handler.
func bind[In, Out any](read func(*httpx.Input) (In, error), fn func(*http.Request, In) (Out, error)) httpx.Handler {
	return httpx.WithInput(func(r *http.Request, in *httpx.Input) (any, error) {
		v, err := read(in)
		if err != nil {
			return nil, err
		}
		return fn(r, v)
	})
}
