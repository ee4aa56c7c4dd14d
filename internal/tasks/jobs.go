package tasks

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/progress"
)

// Long work as jobs (issues 33 and 34): work that outlives a request (a courseware conversion, an import sent to
// the background) is a job of the engine, of a kind an area registers in code (Engine.RegisterWork). It is
// enqueued with its row in sys_job inside the caller's transaction (EnqueueTx), run once per cluster by whichever
// instance fetches it, retried with backoff within its attempts, and taken up by another instance when the one
// running it dies (River's rescue of stuck jobs). The row is the job's state for its owner: queued, running with
// rows done of total, done with its result, failed with a message, or cancelled.

// States of a job (sys_job.state).
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobDone      = "done"
	JobFailed    = "failed"
	JobCancelled = "cancelled"
)

// Work is a kind of job registered in code.
type Work struct {
	Kind string
	// Name is the message key of the job's title (both languages).
	Name    string
	Timeout time.Duration
	// Retries are the attempts after the first one that fails.
	Retries int
	// Run does one attempt. Its result is kept as JSON. An error marked Permanent (or a cancellation asked for
	// by the owner) ends the job at once; any other is tried again until the last attempt. The message of the
	// first *httpx.Error in the chain is what the owner reads; any other error reads as job.failed.
	Run func(ctx context.Context, j *Job) (any, error)
	// Failed, if set, is called once when the job ends failed (after its last attempt or a permanent error),
	// with the message key it failed with: the area records the failure in its own tables.
	Failed func(ctx context.Context, j *Job, key string)
}

// Job is one attempt of a job as its work sees it.
type Job struct {
	ID          int64
	Kind        string
	Owner       int64
	Args        json.RawMessage
	Input       []byte
	Attempt     int
	MaxAttempts int

	done, total atomic.Int64
	reported    atomic.Bool
}

// Decode reads the job's arguments into v.
func (j *Job) Decode(v any) error { return json.Unmarshal(j.Args, v) }

// Progress records that done of total are done; the engine writes it to the job's row every poll interval.
func (j *Job) Progress(done, total int64) {
	j.done.Store(done)
	j.total.Store(total)
	j.reported.Store(true)
}

// Reported is the last count of done the work reported.
func (j *Job) Reported() int64 { return j.done.Load() }

// permanent marks an error that ends a job without retrying.
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// Permanent marks err as one that another attempt would not cure (a deck LibreOffice cannot read).
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err}
}

// errCancelled ends a job whose owner cancelled it.
var errCancelled = errors.New("cancelled by its owner")

// NewJob is a job to enqueue.
type NewJob struct {
	Kind  string
	Owner int64
	// Title is a name the owner recognises the job by (a file's name).
	Title string
	Args  any
	Input []byte
}

// workArgs are a work job's River arguments: its kind and its row.
type workArgs struct {
	Work string `json:"kind"`
	Job  int64  `json:"job"`
}

func (workArgs) Kind() string { return "biddesk.work" }

// jobs is the engine's part for work jobs.
type jobs struct {
	mu       sync.Mutex
	works    map[string]*Work
	running  map[int64]*Job
	inserter *river.Client[*sql.Tx]
}

// RegisterWork adds a kind of job. Call before Start; a kind registered twice panics (a programming error).
func (e *Engine) RegisterWork(w Work) {
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	if e.jobs.works == nil {
		e.jobs.works = map[string]*Work{}
		e.jobs.running = map[int64]*Job{}
	}
	if _, dup := e.jobs.works[w.Kind]; dup || w.Kind == "" || w.Run == nil {
		panic("tasks: bad or duplicate work " + w.Kind)
	}
	if w.Timeout == 0 {
		w.Timeout = 10 * time.Minute
	}
	e.jobs.works[w.Kind] = &w
}

func (e *Engine) work(kind string) *Work {
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	return e.jobs.works[kind]
}

// client is the started River client, or else an insert-only one (an instance that does not work jobs, or has
// not started yet, still enqueues them for the others).
func (e *Engine) insertClient() (*river.Client[*sql.Tx], error) {
	e.mu.Lock()
	c := e.client
	e.mu.Unlock()
	if c != nil {
		return c, nil
	}
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	if e.jobs.inserter == nil {
		ins, err := river.NewClient(driver(e.db), &river.Config{Logger: quiet(e.log)})
		if err != nil {
			return nil, err
		}
		e.jobs.inserter = ins
	}
	return e.jobs.inserter, nil
}

// EnqueueTx records a job and enqueues its work inside tx: it exists exactly when the rest of tx commits.
func (e *Engine) EnqueueTx(ctx context.Context, tx *db.Tx, n NewJob) (_ int64, err error) {
	defer errs.Wrap(&err, "tasks: enqueue %s", n.Kind)
	w := e.work(n.Kind)
	if w == nil {
		return 0, fmt.Errorf("unknown work %q", n.Kind)
	}
	args, err := json.Marshal(n.Args)
	if err != nil {
		return 0, err
	}
	c, err := e.insertClient()
	if err != nil {
		return 0, err
	}
	now := e.now().UTC()
	var input any
	if n.Input != nil {
		input = n.Input
	}
	id, err := tx.Insert(ctx, `INSERT INTO sys_job (kind, owner_id, title, state, max_attempts, args, input, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, n.Kind, n.Owner, clip(n.Title, 200), JobQueued, w.Retries+1, string(args), input, now, now)
	if err != nil {
		return 0, err
	}
	res, err := c.InsertTx(ctx, tx.Tx, workArgs{Work: n.Kind, Job: id}, &river.InsertOpts{MaxAttempts: w.Retries + 1})
	if err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE sys_job SET river_id = ? WHERE id = ?`, res.Job.ID, id); err != nil {
		return 0, err
	}
	return id, nil
}

// Enqueue is EnqueueTx in a transaction of its own.
func (e *Engine) Enqueue(ctx context.Context, n NewJob) (id int64, err error) {
	err = e.db.InTx(ctx, func(tx *db.Tx) error {
		id, err = e.EnqueueTx(ctx, tx, n)
		return err
	})
	return id, err
}

// workWorker is River's worker of every work job.
type workWorker struct {
	river.WorkerDefaults[workArgs]
	e *Engine
}

func (w *workWorker) Timeout(job *river.Job[workArgs]) time.Duration {
	if wk := w.e.work(job.Args.Work); wk != nil {
		return wk.Timeout
	}
	return time.Minute
}

func (w *workWorker) NextRetry(job *river.Job[workArgs]) time.Time {
	d := w.e.opts.Backoff << min(job.Attempt-1, 16)
	return time.Now().Add(min(d, 10*time.Minute))
}

func (w *workWorker) Work(ctx context.Context, rj *river.Job[workArgs]) error {
	e := w.e
	wk := e.work(rj.Args.Work)
	if wk == nil {
		return river.JobCancel(fmt.Errorf("unknown work %q", rj.Args.Work))
	}
	j := &Job{ID: rj.Args.Job, Kind: wk.Kind, Attempt: rj.Attempt, MaxAttempts: rj.MaxAttempts}
	var state, args string
	var cancel int
	err := e.db.QueryRow(ctx, `SELECT owner_id, state, args, input, cancel_requested FROM sys_job WHERE id = ?`, j.ID).
		Scan(&j.Owner, &state, &args, &j.Input, &cancel)
	if db.IsNoRows(err) {
		return river.JobCancel(fmt.Errorf("job %d has no row", j.ID))
	}
	if err != nil {
		return err
	}
	if state == JobDone || state == JobFailed || state == JobCancelled {
		return nil
	}
	j.Args = json.RawMessage(args)
	if cancel == 1 {
		return e.endJob(ctx, wk, j, nil, errCancelled)
	}
	if _, err := e.db.Exec(ctx, `UPDATE sys_job SET state = ?, attempt = ?, max_attempts = ?, instance = ?, updated_at = ? WHERE id = ?`,
		JobRunning, j.Attempt, j.MaxAttempts, e.opts.Instance, e.now().UTC(), j.ID); err != nil {
		return err
	}
	e.jobs.mu.Lock()
	e.jobs.running[j.ID] = j
	e.jobs.mu.Unlock()
	defer func() {
		e.jobs.mu.Lock()
		delete(e.jobs.running, j.ID)
		e.jobs.mu.Unlock()
	}()

	rctx, stop := context.WithCancelCause(ctx)
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		e.watchJob(rctx, j, stop)
	}()
	res, runErr := safeRunJob(progress.With(rctx, j.Progress), wk, j)
	if runErr != nil && errors.Is(context.Cause(rctx), errCancelled) {
		runErr = errCancelled
	}
	stop(nil)
	<-watched
	return e.endJob(ctx, wk, j, res, runErr)
}

// watchJob writes the job's progress every poll interval and stops the run when its owner cancels it.
func (e *Engine) watchJob(ctx context.Context, j *Job, stop context.CancelCauseFunc) {
	t := time.NewTicker(e.opts.Poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		// a short wait: on SQLite the work's own transaction may hold the write connection; the figure is
		// written at the next tick then (this instance answers its own running jobs from memory meanwhile)
		wctx, cancel := context.WithTimeout(ctx, e.opts.Poll)
		var want int
		err := e.db.QueryRow(wctx, `SELECT cancel_requested FROM sys_job WHERE id = ?`, j.ID).Scan(&want)
		if err == nil && want == 1 {
			cancel()
			stop(errCancelled)
			return
		}
		if j.reported.Swap(false) {
			if err := e.writeProgress(wctx, j); err != nil {
				j.reported.Store(true)
			}
		}
		cancel()
	}
}

// writeProgress writes the figure the work last reported into the job's row, only while the job runs: a write given
// up at the end of the run (its context cancelled) may still reach the database after endJob's and would set an ended
// job's figure back (seen on PostgreSQL as 'done, 499 of 500').
func (e *Engine) writeProgress(ctx context.Context, j *Job) error {
	_, err := e.db.Exec(ctx, `UPDATE sys_job SET done = ?, total = ?, updated_at = ? WHERE id = ? AND state = ?`,
		j.done.Load(), j.total.Load(), e.now().UTC(), j.ID, JobRunning)
	return err
}

// endJob writes an attempt's outcome: done, cancelled, failed for good, or waiting for the next attempt.
func (e *Engine) endJob(ctx context.Context, wk *Work, j *Job, res any, runErr error) error {
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	now := e.now().UTC()
	done, total := j.done.Load(), j.total.Load()
	switch {
	case runErr == nil:
		raw, err := json.Marshal(res)
		if err != nil {
			return Permanent(err)
		}
		if total > 0 {
			done = total
		}
		_, err = e.db.Exec(wctx, `UPDATE sys_job SET state = ?, result = ?, done = ?, total = ?, input = NULL, message_key = '', message_args = '', updated_at = ?, ended_at = ? WHERE id = ?`,
			JobDone, string(raw), done, total, now, now, j.ID)
		return err
	case errors.Is(runErr, errCancelled):
		_, err := e.db.Exec(wctx, `UPDATE sys_job SET state = ?, input = NULL, updated_at = ?, ended_at = ? WHERE id = ?`,
			JobCancelled, now, now, j.ID)
		if err != nil {
			return err
		}
		return river.JobCancel(runErr)
	}
	key, args := messageOf(runErr)
	var perm permanent
	last := errors.As(runErr, &perm) || j.Attempt >= j.MaxAttempts
	if !last && ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		// the instance is stopping: the attempt is interrupted and tried again (here or elsewhere)
		key = "job.interrupted"
	}
	rawArgs, _ := json.Marshal(args)
	if !last {
		e.log.Warn("job attempt failed", "job", j.ID, "kind", j.Kind, "attempt", j.Attempt, "err", runErr)
		_, err := e.db.Exec(wctx, `UPDATE sys_job SET state = ?, message_key = ?, message_args = ?, updated_at = ? WHERE id = ?`,
			JobQueued, key, string(rawArgs), now, j.ID)
		if err != nil {
			return err
		}
		return runErr
	}
	e.log.Error("job failed", "job", j.ID, "kind", j.Kind, "attempt", j.Attempt, "err", runErr)
	if _, err := e.db.Exec(wctx, `UPDATE sys_job SET state = ?, message_key = ?, message_args = ?, input = NULL, updated_at = ?, ended_at = ? WHERE id = ?`,
		JobFailed, key, string(rawArgs), now, now, j.ID); err != nil {
		return err
	}
	if wk.Failed != nil {
		wk.Failed(wctx, j, key)
	}
	return river.JobCancel(runErr)
}

// messageOf is the message key and arguments an error reads as for the job's owner.
func messageOf(err error) (string, []any) {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Key, he.Args
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "job.timeout", nil
	}
	return "job.failed", nil
}

// safeRunJob runs the work, turning a panic into an error (the stack goes to the server log only).
func safeRunJob(ctx context.Context, wk *Work, j *Job) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
			slog.Error("job panicked", "kind", wk.Kind, "panic", p)
		}
	}()
	return wk.Run(ctx, j)
}

// running is the job of id if it runs in this instance.
func (e *Engine) runningJob(id int64) *Job {
	e.jobs.mu.Lock()
	defer e.jobs.mu.Unlock()
	return e.jobs.running[id]
}
