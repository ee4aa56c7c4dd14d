package tasks_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/tasks"
)

// A work job still running on an instance whose heartbeat stopped (killed: it never ended its run) is taken up
// again by a live instance within seconds, as its next attempt; a job running on an instance that is still seen
// is left alone. (The two-process proof, with a real SIGKILL, is internal/cluster's TestTwoInstances.)
func TestWorkOfADeadInstanceIsTakenUp(t *testing.T) {
	e := apptest.New(t)
	ctx := context.Background()
	eng := e.App.Tasks.Engine()
	var runs atomic.Int32
	eng.RegisterWork(tasks.Work{Kind: "t_orphan", Name: "t_orphan", Timeout: time.Hour, Retries: 2,
		Run: func(ctx context.Context, j *tasks.Job) (any, error) { runs.Add(1); return "ok", nil }})
	owner := e.UserID(apptest.Admin)
	dead, err := eng.Enqueue(ctx, tasks.NewJob{Kind: "t_orphan", Owner: owner, Title: "dead"})
	if err != nil {
		t.Fatal(err)
	}
	alive, err := eng.Enqueue(ctx, tasks.NewJob{Kind: "t_orphan", Owner: owner, Title: "alive"})
	if err != nil {
		t.Fatal(err)
	}
	// as a fetch by another instance leaves them: River's row running its first attempt, the job's row running there
	now := time.Now().UTC()
	for id, inst := range map[int64]string{dead: "ghost", alive: "busy"} {
		if _, err := e.App.DB.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = 1 WHERE id = (SELECT river_id FROM sys_job WHERE id = ?)`, id); err != nil {
			t.Fatal(err)
		}
		if _, err := e.App.DB.Exec(ctx, `UPDATE sys_job SET state = 'running', attempt = 1, instance = ? WHERE id = ?`, inst, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.App.DB.Exec(ctx, `INSERT INTO sys_instance (name, started_at, seen_at) VALUES ('ghost', ?, ?), ('busy', ?, ?)`,
		now.Add(-time.Hour), now.Add(-time.Minute), now.Add(-time.Hour), now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	eng.Tune(tasks.Options{Beat: 50 * time.Millisecond, DeadAfter: 10 * time.Second})
	e.StartJobs("survivor")
	tok := e.As(apptest.Admin).Token
	j := e.WaitJob(tok, dead)
	if j.State != tasks.JobDone || j.Attempt != 2 || runs.Load() != 1 {
		t.Fatalf("the dead instance's job: %+v (runs %d)", j, runs.Load())
	}
	// the same pass of the rescue saw the other job: its instance is alive, so it still runs there
	if st, err := eng.JobState(ctx, alive); err != nil || st.State != tasks.JobRunning {
		t.Fatalf("the live instance's job: %+v %v", st, err)
	}
	// this instance is seen; stopped on purpose, it forgets itself
	if n := e.Count(`SELECT COUNT(*) FROM sys_instance WHERE name = 'survivor'`); n != 1 {
		t.Fatalf("heartbeat rows of this instance: %d", n)
	}
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := e.App.StopJobs(sctx); err != nil {
		t.Fatal(err)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_instance WHERE name = 'survivor'`); n != 0 {
		t.Fatalf("an instance stopped on purpose is still listed")
	}
}

// A progress figure that reaches the database after the job ended (the watcher's last write, given up at the end of
// the run but still applied) leaves the ended job's figure alone: it stays 'done, 500 of 500'.
func TestALateProgressWriteLeavesAnEndedJobAlone(t *testing.T) {
	e := apptest.New(t)
	ctx := context.Background()
	eng := e.App.Tasks.Engine()
	eng.RegisterWork(tasks.Work{Kind: "t_late", Name: "t_late", Timeout: time.Hour, Retries: 1,
		Run: func(ctx context.Context, j *tasks.Job) (any, error) { j.Progress(500, 500); return "ok", nil }})
	e.StartJobs("here")
	id, err := eng.Enqueue(ctx, tasks.NewJob{Kind: "t_late", Owner: e.UserID(apptest.Admin), Title: "late"})
	if err != nil {
		t.Fatal(err)
	}
	if j := e.WaitJob(e.As(apptest.Admin).Token, id); j.State != tasks.JobDone || j.Done != 500 {
		t.Fatalf("job before the late write: %+v", j)
	}
	if err := eng.WriteProgressLate(ctx, id, 499, 500); err != nil {
		t.Fatal(err)
	}
	if j, err := eng.JobState(ctx, id); err != nil || j.State != tasks.JobDone || j.Done != 500 || j.Total != 500 {
		t.Fatalf("after a late progress write: %+v, %v", j, err)
	}
}
