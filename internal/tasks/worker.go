package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"

	"biddesk/internal/platform/db"
)

// worker is River's worker of every task job: it looks the task up among the registered ones, claims
// the scheduled time, and writes the run to the task log.
type worker struct {
	river.WorkerDefaults[runArgs]
	e *Engine
}

// Timeout is the task's timeout setting (River cancels the run's context after it).
func (w *worker) Timeout(job *river.Job[runArgs]) time.Duration {
	s := w.e.setting(job.Args.Task)
	if s.TimeoutSec <= 0 {
		return time.Minute
	}
	return time.Duration(s.TimeoutSec) * time.Second
}

// NextRetry backs off exponentially: Backoff, then twice as long each attempt, at most 10 minutes.
func (w *worker) NextRetry(job *river.Job[runArgs]) time.Time {
	d := w.e.opts.Backoff << min(job.Attempt-1, 16)
	return time.Now().Add(min(d, 10*time.Minute))
}

// errDuplicate ends a job whose scheduled time another job claimed first.
var errDuplicate = errors.New("another job ran this scheduled time")

// maxMessage bounds the message a run leaves in the log.
const maxMessage = 2000

func (w *worker) Work(ctx context.Context, job *river.Job[runArgs]) error {
	e := w.e
	t := e.Task(job.Args.Task)
	if t == nil {
		// a job of a task no longer registered (or never): nothing to resolve, nothing to run
		return river.JobCancel(fmt.Errorf("unknown task %q", job.Args.Task))
	}
	s := e.setting(t.Code)
	if job.Args.Trigger != TriggerManual && !s.Enabled {
		return nil // paused since it was enqueued
	}
	if job.Args.FireAt != nil {
		mine, err := e.claim(ctx, t.Code, job.Args.FireAt.UTC(), job.ID)
		if err != nil {
			return err
		}
		if !mine {
			return river.JobCancel(errDuplicate)
		}
	}
	// an earlier attempt of this job that never ended (the process was killed) was interrupted
	if _, err := e.db.Exec(ctx, `UPDATE sys_task_log SET outcome = ?, ended_at = ?, message = ? WHERE job_id = ? AND outcome = ?`,
		OutcomeInterrupted, e.now().UTC(), "interrupted: the instance stopped during the run", job.ID, OutcomeRunning); err != nil {
		return err
	}
	started := e.now().UTC()
	var fire any
	if job.Args.FireAt != nil {
		fire = job.Args.FireAt.UTC()
	}
	logID, err := e.db.Insert(ctx, `INSERT INTO sys_task_log (task_code, job_id, trigger_kind, fire_at, attempt, max_attempts, instance, started_at, outcome, started_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.Code, job.ID, job.Args.Trigger, fire, job.Attempt, job.MaxAttempts, e.opts.Instance, started, OutcomeRunning, job.Args.By)
	if err != nil {
		return err
	}

	msg, runErr := safeRun(ctx, t.Run)
	outcome := OutcomeSuccess
	switch {
	case runErr == nil:
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		outcome = OutcomeTimeout
	case errors.Is(context.Cause(ctx), river.ErrJobCancelledRemotely):
		outcome = OutcomeCancelled // from the task log: not retried
	case ctx.Err() != nil:
		outcome = OutcomeInterrupted // the instance stopped: retried by the task's policy
	default:
		outcome = OutcomeFailed
	}
	msg = joinError(msg, runErr)
	ended := e.now().UTC()
	// the log line is written even when the run's context has ended
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if _, err := e.db.Exec(wctx, `UPDATE sys_task_log SET ended_at = ?, duration_ms = ?, outcome = ?, message = ? WHERE id = ?`,
		ended, ended.Sub(started).Milliseconds(), outcome, clip(msg, maxMessage), logID); err != nil {
		e.log.Error("task log", "task", t.Code, "err", err)
	}
	return runErr
}

// claim records that job runs the scheduled time fire of task; false when another job did first.
func (e *Engine) claim(ctx context.Context, task string, fire time.Time, jobID int64) (bool, error) {
	var owner int64
	err := e.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sys_task_fire (task_code, fire_at, job_id) VALUES (?, ?, ?) ON CONFLICT (task_code, fire_at) DO NOTHING`,
			task, fire, jobID); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT job_id FROM sys_task_fire WHERE task_code = ? AND fire_at = ?`, task, fire).Scan(&owner); err != nil {
			return err
		}
		if owner != jobID {
			return nil
		}
		_, err := tx.Exec(ctx, `UPDATE sys_task SET last_fire_at = ? WHERE code = ? AND (last_fire_at IS NULL OR last_fire_at < ?)`, fire, task, fire)
		return err
	})
	return owner == jobID, err
}

// safeRun runs fn, turning a panic into an error (the stack goes to the server log only).
func safeRun(ctx context.Context, fn func(context.Context) (string, error)) (msg string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
			slog.Error("task panicked", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	return fn(ctx)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "…"
}
