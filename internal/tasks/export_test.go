package tasks

import "context"

// WriteProgressLate writes a progress figure for job id as the watcher of its run would have (a write that arrives
// after the run ended).
func (e *Engine) WriteProgressLate(ctx context.Context, id, done, total int64) error {
	j := &Job{ID: id}
	j.Progress(done, total)
	return e.writeProgress(ctx, j)
}
