package tasks

import (
	"context"
	"errors"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Function codes of the screens (their menu codes).
const (
	ScreenManager = "task_manager"
	ScreenLog     = "task_log"
)

// Topic is the changes topic of the task settings: every instance reloads them and reschedules.
const Topic = "tasks"

// Business-log actions of the task manager.
const (
	ActUpdate = "update"
	ActEnable = "enable"
	ActPause  = "disable"
	ActRun    = "run"
	ActCancel = "cancel"
	ActKeep   = "retention"
)

// Service is the task manager's rules over the engine.
type Service struct {
	db  *db.DB
	bus *changes.Bus
	e   *Engine
	now func() time.Time
}

// NewService returns the task manager on d; it subscribes the engine to the settings' topic.
func NewService(d *db.DB, bus *changes.Bus, e *Engine) *Service {
	if bus != nil {
		bus.Subscribe(Topic, e.Reload)
	}
	return &Service{db: d, bus: bus, e: e, now: time.Now}
}

// Engine is the job engine the service drives.
func (s *Service) Engine() *Engine { return s.e }

// Row is a task as /task_manager lists it.
type Row struct {
	Settings
	Name        string      `json:"name"`
	Description string      `json:"description"`
	NextRuns    []time.Time `json:"nextRuns"`
	LastRunAt   *time.Time  `json:"lastRunAt"`
	LastOutcome string      `json:"lastOutcome"`
	LastMessage string      `json:"lastMessage"`
	Running     bool        `json:"running"`
}

// List is every registered task with its settings and last run.
func (s *Service) List(ctx context.Context, lang string) (_ []Row, err error) {
	defer errs.Wrap(&err, "tasks: list")
	set, err := s.settings(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := make([]Row, 0, len(set))
	for _, code := range s.e.Codes() {
		st, ok := set[code]
		if !ok {
			st = s.e.setting(code)
		}
		t := s.e.Task(code)
		r := Row{Settings: st, Name: httpx.Translate(lang, t.Name), NextRuns: []time.Time{}}
		if key := "task.desc." + code; httpx.Translate(lang, key) != key {
			r.Description = httpx.Translate(lang, key)
		}
		if sched, err := ParseCron(st.Cron); err == nil && st.Enabled {
			r.NextRuns = NextTimes(sched, s.now(), 5)
		}
		var started time.Time
		err := s.db.QueryRow(ctx, `SELECT started_at, outcome, message FROM sys_task_log WHERE task_code = ? ORDER BY started_at DESC, id DESC LIMIT 1`, code).
			Scan(&started, &r.LastOutcome, &r.LastMessage)
		switch {
		case err == nil:
			r.LastRunAt = &started
			r.LastMessage = render(r.LastMessage, lang)
			r.Running = r.LastOutcome == OutcomeRunning
		case !db.IsNoRows(err):
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

func (s *Service) settings(ctx context.Context, q db.Querier) (map[string]Settings, error) {
	all := map[string]Settings{}
	err := db.EachRow(ctx, q, `SELECT `+settingsCols+` FROM sys_task`, nil, func(row db.Row) error {
		st, err := scanSettings(row)
		if err == nil {
			all[st.Code] = st
		}
		return err
	})
	return all, err
}

// Preview is what a cron expression means before it is saved: its next five times (the web app
// writes its readable description).
type Preview struct {
	Cron     string      `json:"cron"`
	NextRuns []time.Time `json:"nextRuns"`
}

// Preview checks expr as Update would and gives its next five times.
func (s *Service) Preview(expr string) (_ *Preview, err error) {
	defer errs.Wrap(&err, "tasks: preview")
	sched, err := CheckCron(expr)
	if err != nil {
		return nil, err
	}
	return &Preview{Cron: expr, NextRuns: NextTimes(sched, s.now(), 5)}, nil
}

// Update is the new settings of a task (every field is required).
type Update struct {
	Code       string
	Cron       string
	Overlap    string
	Misfire    string
	TimeoutSec int
	Retries    int
}

// audited is a task's settings as the business log shows them.
type audited struct {
	Cron       string `json:"cron"`
	Enabled    bool   `json:"enabled"`
	Overlap    string `json:"overlap"`
	Misfire    string `json:"misfire"`
	TimeoutSec int    `json:"timeoutSec"`
	Retries    int    `json:"retries"`
}

func auditOf(st Settings) audited {
	return audited{st.Cron, st.Enabled, st.Overlap, st.Misfire, st.TimeoutSec, st.Retries}
}

func (s *Service) task(code string) (*Task, error) {
	t := s.e.Task(code)
	if t == nil {
		return nil, httpx.Fail("task.not_found")
	}
	return t, nil
}

func (s *Service) one(ctx context.Context, tx *db.Tx, code string) (Settings, error) {
	st, err := scanSettings(tx.QueryRow(ctx, `SELECT `+settingsCols+` FROM sys_task WHERE code = ?`, code))
	if db.IsNoRows(err) {
		return st, httpx.Fail("task.not_found")
	}
	return st, err
}

// write runs fn in a transaction that tells every instance the settings changed.
func (s *Service) write(ctx context.Context, fn func(*db.Tx) error) error {
	if s.bus == nil {
		if err := s.db.InTx(ctx, fn); err != nil {
			return err
		}
		return s.e.Reload(ctx)
	}
	return s.bus.Write(ctx, Topic, fn)
}

// UpdateSettings saves a task's schedule and policies, with its business-log line.
func (s *Service) UpdateSettings(ctx context.Context, u Update) (err error) {
	defer errs.Wrap(&err, "tasks: update settings")
	t, err := s.task(u.Code)
	if err != nil {
		return err
	}
	if _, err := CheckCron(u.Cron); err != nil {
		return err
	}
	if u.Overlap != OverlapAllow && u.Overlap != OverlapForbid {
		return httpx.Fail("task.overlap_invalid")
	}
	if u.Misfire != MisfireRun && u.Misfire != MisfireSkip {
		return httpx.Fail("task.misfire_invalid")
	}
	if u.TimeoutSec < 1 || u.TimeoutSec > int(MaxTimeout/time.Second) {
		return httpx.Fail("task.timeout_invalid", int(MaxTimeout/time.Second))
	}
	if u.Retries < 0 || u.Retries > MaxRetries {
		return httpx.Fail("task.retries_invalid", MaxRetries)
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := s.one(ctx, tx, u.Code)
		if err != nil {
			return err
		}
		after := before
		after.Cron, after.Overlap, after.Misfire, after.TimeoutSec, after.Retries = u.Cron, u.Overlap, u.Misfire, u.TimeoutSec, u.Retries
		if auditOf(after) == auditOf(before) {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_task SET cron = ?, overlap = ?, misfire = ?, timeout_sec = ?, retries = ?, updated_at = ? WHERE code = ?`,
			u.Cron, u.Overlap, u.Misfire, u.TimeoutSec, u.Retries, s.now().UTC(), u.Code); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: ScreenManager, Action: ActUpdate, TargetID: u.Code,
			Target: httpx.Translate(httpx.LangZH, t.Name), Before: auditOf(before), After: auditOf(after)})
	})
}

// SetEnabled pauses or resumes a task. A resumed task does not catch up what it missed while paused.
func (s *Service) SetEnabled(ctx context.Context, code string, enabled bool) (err error) {
	defer errs.Wrap(&err, "tasks: set enabled %s", code)
	t, err := s.task(code)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := s.one(ctx, tx, code)
		if err != nil {
			return err
		}
		if before.Enabled == enabled {
			return nil
		}
		v, action := 0, ActPause
		if enabled {
			v, action = 1, ActEnable
		}
		now := s.now().UTC()
		if _, err := tx.Exec(ctx, `UPDATE sys_task SET enabled = ?, last_fire_at = ?, updated_at = ? WHERE code = ?`, v, now, now, code); err != nil {
			return err
		}
		after := before
		after.Enabled = enabled
		return audit.Record(ctx, tx, audit.Change{Module: ScreenManager, Action: action, TargetID: code,
			Target: httpx.Translate(httpx.LangZH, t.Name), Before: auditOf(before), After: auditOf(after)})
	})
}

// RunNow enqueues a run of the task now (paused or not), with its business-log line, in one transaction.
func (s *Service) RunNow(ctx context.Context, code string) (_ int64, err error) {
	defer errs.Wrap(&err, "tasks: run now %s", code)
	t, err := s.task(code)
	if err != nil {
		return 0, err
	}
	by := httpx.InfoFrom(ctx).LoginCode
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if id, err = s.e.RunNowTx(ctx, tx.Tx, code, by); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: ScreenManager, Action: ActRun, TargetID: code,
			Target: httpx.Translate(httpx.LangZH, t.Name), After: map[string]any{"jobId": id}})
	})
	if errors.Is(err, ErrRunning) {
		return 0, httpx.Fail("task.running")
	}
	return id, err
}

// CancelRun cancels the job of a run in the log (one still running or waiting for a retry).
func (s *Service) CancelRun(ctx context.Context, logID int64) (err error) {
	defer errs.Wrap(&err, "tasks: cancel run %d", logID)
	var code, outcome string
	var jobID int64
	err = s.db.QueryRow(ctx, `SELECT task_code, job_id, outcome FROM sys_task_log WHERE id = ?`, logID).Scan(&code, &jobID, &outcome)
	if db.IsNoRows(err) {
		return httpx.Fail("task.log_not_found")
	}
	if err != nil {
		return err
	}
	if err := s.e.Cancel(ctx, jobID); err != nil {
		return err
	}
	name := code
	if t := s.e.Task(code); t != nil {
		name = httpx.Translate(httpx.LangZH, t.Name)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		return audit.Record(ctx, tx, audit.Change{Module: ScreenManager, Action: ActCancel, TargetID: code, Target: name,
			Before: map[string]any{"jobId": jobID, "outcome": outcome}})
	})
}

// Retention is how many days a log keeps.
type Retention struct {
	Log  string `json:"log"`
	Days int    `json:"days"`
}

// MaxRetentionDays bounds a retention.
const MaxRetentionDays = 3650

// Retentions are the logs' retention days.
func (s *Service) Retentions(ctx context.Context) (_ []Retention, err error) {
	defer errs.Wrap(&err, "tasks: retentions")
	out := []Retention{}
	err = db.EachRow(ctx, s.db, `SELECT log_name, days FROM sys_log_retention ORDER BY log_name`, nil, func(row db.Row) error {
		var r Retention
		err := row.Scan(&r.Log, &r.Days)
		out = append(out, r)
		return err
	})
	return out, err
}

// SetRetention changes the days a log keeps (1 to MaxRetentionDays), with its business-log line.
func (s *Service) SetRetention(ctx context.Context, log string, days int) (err error) {
	defer errs.Wrap(&err, "tasks: set retention")
	if _, ok := retainedLogs[log]; !ok {
		return httpx.Fail("task.log_unknown")
	}
	if days < 1 || days > MaxRetentionDays {
		return httpx.Fail("task.days_invalid", MaxRetentionDays)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var before int
		err := tx.QueryRow(ctx, `SELECT days FROM sys_log_retention WHERE log_name = ?`, log).Scan(&before)
		if db.IsNoRows(err) {
			_, err = tx.Exec(ctx, `INSERT INTO sys_log_retention (log_name, days) VALUES (?, ?)`, log, days)
		} else if err == nil {
			if before == days {
				return nil
			}
			_, err = tx.Exec(ctx, `UPDATE sys_log_retention SET days = ? WHERE log_name = ?`, days, log)
		}
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: ScreenManager, Action: ActKeep, TargetID: log, Target: log,
			Before: map[string]int{"days": before}, After: map[string]int{"days": days}})
	})
}
