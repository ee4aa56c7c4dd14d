package app

import (
	"context"
	"fmt"
	"time"

	"biddesk/internal/tasks"
)

// The scheduled tasks (internal/tasks): the handlers registered in code, and the job engine's start and
// stop. Every task here is a Go function; a job names one by its code among these only.

// openTasks creates the job engine and the task manager; the tasks are registered by registerTasks, and
// the engine runs from StartJobs.
func (a *App) openTasks(opts tasks.Options) {
	if opts.Logger == nil {
		opts.Logger = a.Log
	}
	a.Tasks = tasks.NewService(a.DB, a.Changes, tasks.NewEngine(a.DB, opts))
}

// registerTasks registers the product's scheduled tasks.
func (a *App) registerTasks() {
	e := a.Tasks.Engine()
	e.Register(tasks.Task{
		Code: "library_reminders", Name: "task.name.library_reminders", Cron: "0 1 * * *",
		Timeout: 10 * time.Minute, Retries: 3, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun, AtFirstStart: true,
		Run: func(ctx context.Context) (string, error) {
			n, err := a.Library.GenerateMessages(ctx)
			return tasks.Say("task.msg.reminders", n), err
		},
	})
	e.Register(tasks.Task{
		Code: "purge_sessions", Name: "task.name.purge_sessions", Cron: "30 * * * *",
		Timeout: 5 * time.Minute, Retries: 2, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireSkip,
		Run: func(ctx context.Context) (string, error) {
			t, s, r, err := a.Users.PurgeExpired(ctx, time.Now())
			return tasks.Say("task.msg.purge", t, s, r), err
		},
	})
	e.Register(tasks.Task{
		Code: "log_retention", Name: "task.name.log_retention", Cron: "0 3 * * *",
		Timeout: 20 * time.Minute, Retries: 2, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun,
		Run: func(ctx context.Context) (string, error) {
			return tasks.Retain(ctx, a.DB, time.Now())
		},
	})
	e.Register(tasks.Task{
		Code: "backup", Name: "task.name.backup", Cron: "30 2 * * *",
		Timeout: 30 * time.Minute, Retries: 1, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun,
		Run: func(ctx context.Context) (string, error) {
			return a.ScheduledBackup(ctx, time.Now())
		},
	})
	a.registerTrainingTasks()
}

// StartJobs starts the job engine: this instance works jobs, and enqueues the scheduled ones while it is
// the elected leader. `biddesk serve` calls it; tests that need the engine call it too.
func (a *App) StartJobs(ctx context.Context) error {
	if err := a.Tasks.Engine().Start(ctx); err != nil {
		return fmt.Errorf("start the job engine: %w", err)
	}
	a.jobsStarted = true
	return nil
}

// StopJobs waits for the runs in progress (until ctx ends, then cancels them) and stops the engine.
func (a *App) StopJobs(ctx context.Context) error {
	if !a.jobsStarted {
		return nil
	}
	a.jobsStarted = false
	return a.Tasks.Engine().Stop(ctx)
}
