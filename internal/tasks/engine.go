// Package tasks is the scheduled tasks (/task_manager) and their runs (/task_log), on the River job
// engine (github.com/riverqueue/river): durable jobs in the product database, periodic jobs enqueued
// by the one elected leader of all the instances sharing it, retries with backoff, a timeout per run,
// cancellation, and a graceful stop.
//
// A task is a Go handler registered in code (Engine.Register). A job names its task by code, and the
// code is looked up among the registered ones only: nothing is resolved by name at run time.
//
// One run per scheduled time, over any number of instances: only the leader enqueues a periodic job,
// and the first job that starts for a scheduled time claims it (table sys_task_fire); a second job for
// the same time (two leaders for a moment, or two instances catching up a misfire) finds the claim and
// ends without running. "Overlap forbidden" is a River unique job (one job of the task that is not
// finished, at most); a firing while one runs is skipped.
package tasks

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Overlap and misfire policies.
const (
	OverlapAllow  = "allow"
	OverlapForbid = "forbid"
	MisfireRun    = "run"
	MisfireSkip   = "skip"
)

// Triggers of a run.
const (
	TriggerSchedule = "schedule"
	TriggerManual   = "manual"
	TriggerMisfire  = "misfire"
)

// Outcomes of a run (sys_task_log.outcome).
const (
	OutcomeRunning     = "running"
	OutcomeSuccess     = "success"
	OutcomeFailed      = "failed"
	OutcomeTimeout     = "timeout"
	OutcomeCancelled   = "cancelled"
	OutcomeInterrupted = "interrupted"
)

// Limits of the settings.
const (
	MaxTimeout = 30 * time.Minute
	MaxRetries = 10
)

// Task is a handler registered in code with its default settings.
type Task struct {
	Code string
	// Name is the message key of the task's name (both languages, httpx.RegisterMessages).
	Name    string
	Cron    string
	Timeout time.Duration
	Retries int
	Overlap string
	Misfire string
	// AtFirstStart runs the task once when an installation first starts it (a fresh installation has its
	// reminders at once), whatever its schedule.
	AtFirstStart bool
	// Run does the work; its message is written to the task log.
	Run func(ctx context.Context) (string, error)
}

// Schedule gives the next time after t.
type Schedule interface{ Next(t time.Time) time.Time }

// Options tune the engine; the zero value is the production one.
type Options struct {
	// Instance names this process in the task log (default host name and process id).
	Instance string
	// Poll is how often an idle instance looks for jobs (default 1s).
	Poll time.Duration
	// Backoff is the first retry's delay, doubled per attempt up to 10 minutes (default 10s).
	Backoff time.Duration
	// RescueAfter is how long a job must have been running before the leader may take it for one whose
	// instance died (killed during the run), and then only once it is also older than its task's timeout:
	// it is retried by its policy (default 2 minutes).
	RescueAfter time.Duration
	// Beat is how often the instance writes its heartbeat and looks for jobs of dead instances (default 2s);
	// DeadAfter how long an instance must not have been seen before its running jobs are taken up again
	// (default 15s; instances.go).
	Beat, DeadAfter time.Duration
	// Schedule, in tests, replaces the cron schedule of a task (a schedule of seconds) when it gives one.
	Schedule func(code string) Schedule
	Logger   *slog.Logger
}

// Settings are the administrator's settings of a task (a row of sys_task).
type Settings struct {
	Code       string     `json:"code"`
	Cron       string     `json:"cron"`
	Enabled    bool       `json:"enabled"`
	Overlap    string     `json:"overlap"`
	Misfire    string     `json:"misfire"`
	TimeoutSec int        `json:"timeoutSec"`
	Retries    int        `json:"retries"`
	LastFireAt *time.Time `json:"-"`
	CreatedAt  time.Time  `json:"-"`
}

// Engine runs the registered tasks on River.
type Engine struct {
	db   *db.DB
	log  *slog.Logger
	opts Options
	now  func() time.Time

	mu       sync.Mutex
	applyMu  sync.Mutex // one applyPeriodic at a time
	tasks    map[string]*Task
	order    []string
	settings map[string]Settings
	periodic map[string]*periodicEntry

	client *river.Client[*sql.Tx]
	// stopBeat ends the heartbeat (instances.go); beatDone is closed when it has ended
	stopBeat context.CancelFunc
	beatDone chan struct{}
	// jobs are the work jobs' kinds and the ones running here (jobs.go)
	jobs jobs
}

type periodicEntry struct {
	sig    string
	handle rivertype.PeriodicJobHandle
}

// NewEngine returns an engine on d; Register the tasks, then Start.
func NewEngine(d *db.DB, opts Options) *Engine {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Instance == "" {
		host, _ := os.Hostname()
		opts.Instance = host + ":" + strconv.Itoa(os.Getpid())
	}
	if opts.Poll == 0 {
		opts.Poll = time.Second
	}
	if opts.Backoff == 0 {
		opts.Backoff = 10 * time.Second
	}
	if opts.RescueAfter == 0 {
		opts.RescueAfter = 2 * time.Minute
	}
	if opts.Beat == 0 {
		opts.Beat = DefaultBeat
	}
	if opts.DeadAfter == 0 {
		opts.DeadAfter = DefaultDeadAfter
	}
	return &Engine{db: d, log: opts.Logger, opts: opts, now: time.Now,
		tasks: map[string]*Task{}, settings: map[string]Settings{}, periodic: map[string]*periodicEntry{}}
}

// Tune changes the options before Start (tests shorten the intervals, name the instance, or give
// every task a schedule of seconds); zero fields keep their value.
func (e *Engine) Tune(o Options) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if o.Instance != "" {
		e.opts.Instance = o.Instance
	}
	if o.Poll != 0 {
		e.opts.Poll = o.Poll
	}
	if o.Backoff != 0 {
		e.opts.Backoff = o.Backoff
	}
	if o.Schedule != nil {
		e.opts.Schedule = o.Schedule
	}
	if o.RescueAfter != 0 {
		e.opts.RescueAfter = o.RescueAfter
	}
	if o.Beat != 0 {
		e.opts.Beat = o.Beat
	}
	if o.DeadAfter != 0 {
		e.opts.DeadAfter = o.DeadAfter
	}
	if o.Logger != nil {
		e.opts.Logger, e.log = o.Logger, o.Logger
	}
}

// Register adds a task. Call before Start; a code registered twice panics (a programming error).
func (e *Engine) Register(t Task) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, dup := e.tasks[t.Code]; dup || t.Code == "" || t.Run == nil {
		panic("tasks: bad or duplicate task " + t.Code)
	}
	if _, err := ParseCron(t.Cron); err != nil {
		panic("tasks: " + t.Code + ": " + err.Error())
	}
	if t.Overlap == "" {
		t.Overlap = OverlapForbid
	}
	if t.Misfire == "" {
		t.Misfire = MisfireSkip
	}
	if t.Timeout == 0 {
		t.Timeout = 5 * time.Minute
	}
	e.tasks[t.Code] = &t
	e.order = append(e.order, t.Code)
	sort.Strings(e.order)
}

// Task is the registered task of code, or nil.
func (e *Engine) Task(code string) *Task {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.tasks[code]
}

// Codes are the registered tasks' codes, sorted.
func (e *Engine) Codes() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.order...)
}

// driver is River's driver for the product database: its SQLite driver on SQLite's one write
// connection (River asks for a pool of one), its database/sql driver on the PostgreSQL pool.
func driver(d *db.DB) riverdriver.Driver[*sql.Tx] {
	if d.Dialect == db.SQLite {
		return riversqlite.New(d.Engine())
	}
	return riverdatabasesql.New(d.Engine())
}

// Migrate brings River's own tables up to date with River's migrator (after the product's migrations).
func Migrate(ctx context.Context, d *db.DB, log *slog.Logger) error {
	m, err := rivermigrate.New(driver(d), &rivermigrate.Config{Logger: quiet(log)})
	if err != nil {
		return err
	}
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("job engine migrations: %w", err)
	}
	if len(res.Versions) > 0 && log != nil {
		log.Info("job engine migrated", "versions", len(res.Versions))
	}
	return nil
}

// quiet passes River's warnings and errors on, not its routine information.
func quiet(log *slog.Logger) *slog.Logger {
	if log == nil {
		log = slog.Default()
	}
	return slog.New(levelFilter{log.Handler(), slog.LevelWarn})
}

type levelFilter struct {
	slog.Handler
	min slog.Level
}

func (f levelFilter) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= f.min && f.Handler.Enabled(ctx, l)
}
func (f levelFilter) WithAttrs(a []slog.Attr) slog.Handler {
	return levelFilter{f.Handler.WithAttrs(a), f.min}
}
func (f levelFilter) WithGroup(n string) slog.Handler {
	return levelFilter{f.Handler.WithGroup(n), f.min}
}

// runArgs are a job's arguments: which registered task, and for which scheduled time.
type runArgs struct {
	Task    string     `json:"task" river:"unique"`
	FireAt  *time.Time `json:"fireAt,omitempty"`
	Trigger string     `json:"trigger"`
	By      string     `json:"by,omitempty"`
}

func (runArgs) Kind() string { return "biddesk.task" }

// Prepare writes the settings of the registered tasks that have none and loads them all (the app does it
// at open, so that the task manager works on an instance that does not run the engine).
func (e *Engine) Prepare(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "tasks: prepare")
	if err := e.ensureSettings(ctx); err != nil {
		return err
	}
	return e.Reload(ctx)
}

// Start creates the task settings that are missing, starts River and schedules the enabled tasks.
func (e *Engine) Start(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "tasks: start")
	if err := e.Prepare(ctx); err != nil {
		return err
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &worker{e: e}); err != nil {
		return err
	}
	if err := river.AddWorkerSafely(workers, &workWorker{e: e}); err != nil {
		return err
	}
	client, err := river.NewClient(driver(e.db), &river.Config{
		ID:      e.opts.Instance,
		Logger:  quiet(e.log),
		Workers: workers,
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		// polling only: River's SQLite listener reads its notification table every 50 ms, on the one write
		// connection the product shares; a fetch every Poll (1 s) is plenty for tasks scheduled by the minute
		PollOnly:             true,
		FetchPollInterval:    e.opts.Poll,
		FetchCooldown:        min(e.opts.Poll, river.FetchCooldownDefault),
		RescueStuckJobsAfter: e.opts.RescueAfter,
		// the default of a worker without its own (ours has: the task's timeout setting)
		JobTimeout: min(river.JobTimeoutDefault, e.opts.RescueAfter),
	})
	if err != nil {
		return err
	}
	e.mu.Lock()
	e.client = client
	e.periodic = map[string]*periodicEntry{} // a new client has none yet
	e.mu.Unlock()
	// the runs' contexts do not end with ctx (a signal): Stop lets them finish, then cancels them
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	e.applyPeriodic()
	bctx, stopBeat := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	e.mu.Lock()
	e.stopBeat, e.beatDone = stopBeat, done
	e.mu.Unlock()
	go e.beat(bctx, done)
	return e.catchUp(ctx)
}

// Stop waits for the runs in progress to end (ctx bounds the wait), then cancels those still running.
func (e *Engine) Stop(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "tasks: stop")
	e.mu.Lock()
	c := e.client
	stopBeat, beatDone := e.stopBeat, e.beatDone
	e.stopBeat, e.beatDone = nil, nil
	e.mu.Unlock()
	if c == nil {
		return nil
	}
	if stopBeat != nil {
		defer func() { stopBeat(); <-beatDone }()
	}
	err = c.Stop(ctx)
	if err != nil && ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return c.StopAndCancel(cctx)
	}
	return err
}

// ensureSettings writes a row of defaults for each registered task that has none.
func (e *Engine) ensureSettings(ctx context.Context) error {
	now := e.now().UTC()
	for _, code := range e.Codes() {
		t := e.Task(code)
		if _, err := e.db.Exec(ctx, `INSERT INTO sys_task (code, cron, enabled, overlap, misfire, timeout_sec, retries, created_at, updated_at)
			VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
			t.Code, t.Cron, t.Overlap, t.Misfire, int(t.Timeout/time.Second), t.Retries, now, now); err != nil {
			return err
		}
	}
	return nil
}

const settingsCols = `code, cron, enabled, overlap, misfire, timeout_sec, retries, last_fire_at, created_at`

func scanSettings(row db.Row) (Settings, error) {
	var s Settings
	var enabled int
	var last sql.NullTime
	err := row.Scan(&s.Code, &s.Cron, &enabled, &s.Overlap, &s.Misfire, &s.TimeoutSec, &s.Retries, &last, &s.CreatedAt)
	s.Enabled = enabled == 1
	if last.Valid {
		t := last.Time
		s.LastFireAt = &t
	}
	return s, err
}

// Reload reads the settings of every task (this instance's cache) and, once started, reschedules the
// tasks whose schedule changed. Every instance runs it when another changes a setting (changes.Bus).
func (e *Engine) Reload(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "tasks: reload")
	all := map[string]Settings{}
	err = db.EachRow(ctx, e.db, `SELECT `+settingsCols+` FROM sys_task`, nil, func(row db.Row) error {
		s, err := scanSettings(row)
		if err == nil {
			all[s.Code] = s
		}
		return err
	})
	if err != nil {
		return err
	}
	e.mu.Lock()
	e.settings = all
	e.mu.Unlock()
	e.applyPeriodic()
	return nil
}

// setting is the cached settings of a task, its defaults when it has no row yet.
func (e *Engine) setting(code string) Settings {
	e.mu.Lock()
	defer e.mu.Unlock()
	if s, ok := e.settings[code]; ok {
		return s
	}
	t := e.tasks[code]
	if t == nil {
		return Settings{Code: code}
	}
	return Settings{Code: code, Cron: t.Cron, Enabled: true, Overlap: t.Overlap, Misfire: t.Misfire,
		TimeoutSec: int(t.Timeout / time.Second), Retries: t.Retries}
}

func (e *Engine) schedule(code, cron string) (Schedule, error) {
	if e.opts.Schedule != nil {
		if s := e.opts.Schedule(code); s != nil {
			return s, nil
		}
	}
	return ParseCron(cron)
}

// applyPeriodic makes River's periodic jobs match the settings: one per enabled task, re-added when its
// schedule or policy changed. Only the leader enqueues them, but every instance keeps them, so that
// whichever is elected has them.
func (e *Engine) applyPeriodic() {
	// River calls a periodic job's constructor while holding its own lock, and Add and Remove take that
	// lock: River is never called with e.mu held, and a constructor never takes e.mu (its options are
	// fixed when it is added; a change of them re-adds it).
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	type change struct {
		code, sig string
		settings  Settings
		old       *periodicEntry
	}
	e.mu.Lock()
	client := e.client
	var changes []change
	for _, code := range e.order {
		s, ok := e.settings[code]
		sig := ""
		if ok && s.Enabled {
			sig = s.Cron + "|" + s.Overlap + "|" + strconv.Itoa(s.Retries)
		}
		if cur := e.periodic[code]; cur == nil && sig != "" || cur != nil && cur.sig != sig {
			changes = append(changes, change{code, sig, s, cur})
		}
	}
	e.mu.Unlock()
	if client == nil {
		return
	}
	pj := client.PeriodicJobs()
	for _, c := range changes {
		var entry *periodicEntry
		if c.old != nil {
			pj.Remove(c.old.handle)
		}
		if c.sig != "" {
			entry = e.addPeriodic(pj, c.code, c.sig, c.settings)
		}
		e.mu.Lock()
		if entry != nil {
			e.periodic[c.code] = entry
		} else {
			delete(e.periodic, c.code)
		}
		e.mu.Unlock()
	}
}

// addPeriodic adds the periodic job of a task; nil when its schedule cannot be read.
func (e *Engine) addPeriodic(pj *river.PeriodicJobBundle, code, sig string, s Settings) *periodicEntry {
	sched, err := e.schedule(code, s.Cron)
	if err != nil {
		e.log.Error("task schedule", "task", code, "err", err)
		return nil
	}
	f := &firing{s: sched}
	opts := optsOf(s)
	h, err := pj.AddSafely(river.NewPeriodicJob(f, func() (river.JobArgs, *river.InsertOpts) {
		fire := f.current()
		o := *opts
		return runArgs{Task: code, FireAt: &fire, Trigger: TriggerSchedule}, &o
	}, &river.PeriodicJobOpts{ID: "task:" + code}))
	if err != nil {
		e.log.Error("task schedule", "task", code, "err", err)
		return nil
	}
	return &periodicEntry{sig: sig, handle: h}
}

// firing is a schedule that remembers the time it last gave: when River's enqueuer calls the job's
// constructor, that time has come, and it is the scheduled time the job is for.
type firing struct {
	mu   sync.Mutex
	s    Schedule
	last time.Time
}

func (f *firing) Next(t time.Time) time.Time {
	n := f.s.Next(t)
	f.mu.Lock()
	f.last = n
	f.mu.Unlock()
	return n
}

func (f *firing) current() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last.UTC()
}

// insertOpts are a job's options from the task's cached settings.
func (e *Engine) insertOpts(code string) *river.InsertOpts { return optsOf(e.setting(code)) }

// optsOf are a job's options from a task's settings: attempts, and at most one unfinished job of the task
// when overlap is forbidden.
func optsOf(s Settings) *river.InsertOpts {
	o := &river.InsertOpts{MaxAttempts: s.Retries + 1}
	if s.Overlap == OverlapForbid {
		o.UniqueOpts = river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled,
		}}
	}
	return o
}

// ErrRunning is a run asked for while the task, which forbids overlap, has one unfinished.
var ErrRunning = errors.New("tasks: the task is already running")

// RunNowTx enqueues a run of a registered task now, started by the login code by, inside tx (so that it
// is enqueued exactly when the rest of tx commits: the business-log line of "run now").
func (e *Engine) RunNowTx(ctx context.Context, tx *sql.Tx, code, by string) (_ int64, err error) {
	defer errs.Wrap(&err, "tasks: run now tx %s", code)
	if e.Task(code) == nil {
		return 0, fmt.Errorf("unknown task %q", code)
	}
	e.mu.Lock()
	c := e.client
	e.mu.Unlock()
	if c == nil {
		return 0, errors.New("tasks: the job engine is not running")
	}
	res, err := c.InsertTx(ctx, tx, runArgs{Task: code, Trigger: TriggerManual, By: by}, e.insertOpts(code))
	if err != nil {
		return 0, err
	}
	if res.UniqueSkippedAsDuplicate {
		return 0, ErrRunning
	}
	return res.Job.ID, nil
}

// Cancel cancels a job: a running one has its context cancelled, a waiting one never starts.
func (e *Engine) Cancel(ctx context.Context, jobID int64) (err error) {
	defer errs.Wrap(&err, "tasks: cancel %d", jobID)
	e.mu.Lock()
	c := e.client
	e.mu.Unlock()
	if c == nil {
		return errors.New("tasks: the job engine is not running")
	}
	_, err = c.JobCancel(ctx, jobID)
	return err
}

// catchUp enqueues, for each enabled task whose misfire policy is "run once now", one run for the
// latest scheduled time missed while no instance was running (and a task that asks for it, at its first start). Every instance does it at start; the
// claim of the scheduled time keeps it to one run.
func (e *Engine) catchUp(ctx context.Context) error {
	now := e.now().UTC()
	for _, code := range e.Codes() {
		s := e.setting(code)
		if !s.Enabled || s.Misfire != MisfireRun {
			continue
		}
		sched, err := e.schedule(code, s.Cron)
		if err != nil {
			continue
		}
		// A task that never ran and asks for it runs once at its first start; the time it was registered is
		// its claim, shared by every instance.
		var missed time.Time
		var ok bool
		switch {
		case s.LastFireAt != nil:
			missed, ok = latestBetween(sched, *s.LastFireAt, now)
		case e.Task(code) != nil && e.Task(code).AtFirstStart:
			missed, ok = s.CreatedAt, true
		default:
			missed, ok = latestBetween(sched, s.CreatedAt, now)
		}
		if !ok {
			continue
		}
		if _, err := e.client.Insert(ctx, runArgs{Task: code, FireAt: &missed, Trigger: TriggerMisfire}, e.insertOpts(code)); err != nil {
			return err
		}
	}
	return nil
}

// latestBetween is the latest time of sched in (after, until], if any.
func latestBetween(sched Schedule, after, until time.Time) (time.Time, bool) {
	t := sched.Next(after)
	if t.After(until) || t.IsZero() {
		return time.Time{}, false
	}
	for range 100000 {
		n := sched.Next(t)
		if n.After(until) || n.IsZero() {
			return t.UTC(), true
		}
		t = n
	}
	return t.UTC(), true
}
