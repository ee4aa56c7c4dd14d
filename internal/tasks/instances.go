package tasks

import (
	"context"
	"time"
)

// Instances that die while they run a job (issue 33). River rescues a job stuck in running only once it has run
// longer than its timeout and the engine's RescueAfter: minutes, for a courseware conversion (LibreOffice's time
// limit and five minutes more). So each instance of the engine also writes a heartbeat into sys_instance every Beat,
// and every instance looks, at each beat, for work jobs (sys_job) still running on an instance not seen for
// DeadAfter: such a job is made available again in River's table at once and taken up by whichever instance
// fetches it next, as its next attempt. A job on its last attempt is left to River's own rescue (it fails as
// interrupted). The clocks of the instances' machines must agree (NTP) to well within DeadAfter.

// Defaults of the heartbeat.
const (
	DefaultBeat      = 2 * time.Second
	DefaultDeadAfter = 15 * time.Second
	// instanceForget is how long the row of an instance not seen is kept.
	instanceForget = 24 * time.Hour
)

// beat writes this instance's heartbeat and takes up the jobs of dead instances every Beat until ctx ends,
// then removes this instance's row (an instance stopped on purpose is not dead: its jobs were finished or
// interrupted by the engine's stop).
func (e *Engine) beat(ctx context.Context, done chan<- struct{}) {
	defer close(done)
	started := e.now().UTC()
	t := time.NewTicker(e.opts.Beat)
	defer t.Stop()
	for {
		e.heartbeat(ctx, started)
		e.rescueDead(ctx)
		select {
		case <-ctx.Done():
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if _, err := e.db.Exec(cctx, `DELETE FROM sys_instance WHERE name = ?`, e.opts.Instance); err != nil {
				e.log.Warn("tasks: forget this instance", "err", err)
			}
			return
		case <-t.C:
		}
	}
}

func (e *Engine) heartbeat(ctx context.Context, started time.Time) {
	wctx, cancel := context.WithTimeout(ctx, e.opts.Beat)
	defer cancel()
	if _, err := e.db.Exec(wctx, `INSERT INTO sys_instance (name, started_at, seen_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET seen_at = excluded.seen_at`, e.opts.Instance, started, e.now().UTC()); err != nil && ctx.Err() == nil {
		e.log.Warn("tasks: heartbeat", "err", err)
	}
}

// rescueDead makes the running work jobs of the instances not seen for DeadAfter available again.
func (e *Engine) rescueDead(ctx context.Context) {
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	now := e.now().UTC()
	rows, err := e.db.Query(wctx, `SELECT j.id, j.river_id, j.instance FROM sys_job j JOIN sys_instance i ON i.name = j.instance
		WHERE j.state = ? AND j.river_id IS NOT NULL AND j.attempt < j.max_attempts AND i.seen_at < ? AND i.name <> ?`,
		JobRunning, now.Add(-e.opts.DeadAfter), e.opts.Instance)
	if err != nil {
		if ctx.Err() == nil {
			e.log.Warn("tasks: look for the jobs of dead instances", "err", err)
		}
		return
	}
	type orphan struct {
		id, river int64
		instance  string
	}
	var found []orphan
	for rows.Next() {
		var o orphan
		if err := rows.Scan(&o.id, &o.river, &o.instance); err != nil {
			rows.Close()
			return
		}
		found = append(found, o)
	}
	rows.Close()
	for _, o := range found {
		// River's row first: only a job River still has running is made available (another instance may have
		// done it already); its next fetch counts the next attempt
		res, err := e.db.Exec(wctx, `UPDATE river_job SET state = 'available' WHERE id = ? AND state = 'running'`, o.river)
		if err != nil {
			e.log.Warn("tasks: take up a job of a dead instance", "job", o.id, "err", err)
			continue
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		if _, err := e.db.Exec(wctx, `UPDATE sys_job SET state = ?, instance = '', updated_at = ? WHERE id = ? AND state = ?`,
			JobQueued, now, o.id, JobRunning); err != nil {
			e.log.Warn("tasks: take up a job of a dead instance", "job", o.id, "err", err)
			continue
		}
		e.log.Warn("tasks: job of a dead instance taken up again", "job", o.id, "instance", o.instance)
	}
	if _, err := e.db.Exec(wctx, `DELETE FROM sys_instance WHERE seen_at < ?`, now.Add(-instanceForget)); err != nil && ctx.Err() == nil {
		e.log.Warn("tasks: forget old instances", "err", err)
	}
}
