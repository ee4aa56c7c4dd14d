package app

import (
	"context"
	"fmt"

	"biddesk/internal/tasks"
)

// The scheduled tasks (internal/tasks): the handlers registered in code, and the job engine's start and
// stop. Every task here is a Go function; a job names one by its code among these only.

// openTasks creates the job engine and the task manager; the areas register their tasks (areas.go), and
// the engine runs from StartJobs.
func (a *App) openTasks(opts tasks.Options) {
	if opts.Logger == nil {
		opts.Logger = a.Log
	}
	a.Tasks = tasks.NewService(a.DB, a.Changes, tasks.NewEngine(a.DB, opts))
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
