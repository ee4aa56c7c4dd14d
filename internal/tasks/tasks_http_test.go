package tasks_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/tasks"
)

type taskRow struct {
	Code        string      `json:"code"`
	Cron        string      `json:"cron"`
	Enabled     bool        `json:"enabled"`
	Overlap     string      `json:"overlap"`
	Misfire     string      `json:"misfire"`
	TimeoutSec  int         `json:"timeoutSec"`
	Retries     int         `json:"retries"`
	Name        string      `json:"name"`
	NextRuns    []time.Time `json:"nextRuns"`
	LastOutcome string      `json:"lastOutcome"`
}

type taskLogRow struct {
	ID          int64      `json:"id"`
	Task        string     `json:"task"`
	Trigger     string     `json:"trigger"`
	FireAt      *time.Time `json:"fireAt"`
	Attempt     int        `json:"attempt"`
	MaxAttempts int        `json:"maxAttempts"`
	Instance    string     `json:"instance"`
	StartedAt   time.Time  `json:"startedAt"`
	EndedAt     *time.Time `json:"endedAt"`
	Outcome     string     `json:"outcome"`
	Message     string     `json:"message"`
	StartedBy   string     `json:"startedBy"`
}

// startJobs registers the test's tasks on e's engine and starts it with short intervals.
func startJobs(t *testing.T, e *apptest.Env, instance string, sched map[string]time.Duration, ts ...tasks.Task) {
	t.Helper()
	eng := e.App.Tasks.Engine()
	for _, tk := range ts {
		eng.Register(tk)
	}
	eng.Tune(tasks.Options{Instance: instance, Poll: 50 * time.Millisecond, Backoff: 20 * time.Millisecond,
		Schedule: func(code string) tasks.Schedule {
			if d, ok := sched[code]; ok {
				return tasks.Every(d)
			}
			return nil
		}})
	if err := e.App.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// taskLog reads the task log of one task through the API (oldest first).
func taskLog(e *apptest.Env, tok, task string) []taskLogRow {
	e.T.Helper()
	var page struct {
		Records []taskLogRow `json:"records"`
	}
	e.Done("GET", "/api/sys/taskLog/list?"+url.Values{"task": {task}, "limit": {"100"}, "sort": {"startedAt"}, "order": {"asc"}}.Encode(), tok, nil, &page)
	return page.Records
}

// waitFor polls ok for up to d.
func waitTask(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !ok() {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, d)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func ended(rows []taskLogRow) bool {
	for _, r := range rows {
		if r.Outcome == tasks.OutcomeRunning {
			return false
		}
	}
	return len(rows) > 0
}

// The task manager lists the registered tasks; a schedule is checked before saving (the next five times,
// or a clear refusal), changed with a business-log line, paused and resumed.
func TestTaskManagerSchedules(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	var list []taskRow
	e.Done("GET", "/api/sys/task/list", tok, nil, &list)
	codes := map[string]taskRow{}
	for _, r := range list {
		codes[r.Code] = r
	}
	for _, c := range []string{"library_reminders", "purge_sessions", "log_retention"} {
		r, ok := codes[c]
		if !ok || r.Name == "" || r.Name == "task.name."+c || !r.Enabled || len(r.NextRuns) != 5 {
			t.Errorf("task %s: %+v", c, r)
		}
	}

	var p struct {
		NextRuns []time.Time `json:"nextRuns"`
	}
	e.Done("GET", "/api/sys/task/preview?cron="+url.QueryEscape("15 2 * * 1-5"), tok, nil, &p)
	if len(p.NextRuns) != 5 {
		t.Fatalf("preview: %v", p.NextRuns)
	}
	for i, at := range p.NextRuns {
		l := at.Local()
		if l.Hour() != 2 || l.Minute() != 15 || l.Weekday() == time.Saturday || l.Weekday() == time.Sunday || (i > 0 && !at.After(p.NextRuns[i-1])) {
			t.Errorf("preview time %d: %v", i, l)
		}
	}
	upd := map[string]any{"code": "purge_sessions", "cron": "*/5 * * * *", "overlap": "allow", "misfire": "run", "timeoutSec": 120, "retries": 4}
	const unparsable = "Cron 表达式无法解析，请使用“分 时 日 月 周”五段格式，例如 0 2 * * *"
	const tooOften = "执行频率不能高于每分钟一次"
	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct {
			name  string
			cron  string // a preview of this schedule, or
			field string // a change of this field
			value any
			msg   string
		}{
			{"a preview of four fields", "61 * * *", "", nil, unparsable},
			{"a preview by the second", "*/10 * * * * *", "", nil, tooOften},
			{"a preview every 30 seconds", "@every 30s", "", nil, tooOften},
			{"a schedule of six fields", "", "cron", "* * * * * *", tooOften},
			{"a schedule in words", "", "cron", "every day", unparsable},
			{"an unknown overlap", "", "overlap", "sometimes", "并发策略只能是允许或禁止"},
			{"no timeout", "", "timeoutSec", 0, "超时时间须在 1 到 1800 秒之间"},
			{"too many retries", "", "retries", 11, "重试次数须在 0 到 10 之间"},
			{"a task that does not exist", "", "code", "no_such_task", "任务不存在"},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				e := e.For(t)
				if c.field == "" {
					e.Refused("GET", "/api/sys/task/preview?cron="+url.QueryEscape(c.cron), tok, nil, c.msg)
					return
				}
				b := map[string]any{}
				for k, x := range upd {
					b[k] = x
				}
				b[c.field] = c.value
				e.Refused("POST", "/api/sys/task/update", tok, b, c.msg)
			})
		}
	})
	if n := e.BizLog("task_manager", ""); n != 0 {
		t.Fatalf("refused changes were logged: %d", n)
	}
	e.Done("POST", "/api/sys/task/update", tok, upd, nil)
	e.Done("POST", "/api/sys/task/update", tok, upd, nil) // the same again: nothing to log
	e.Done("POST", "/api/sys/task/enable", tok, map[string]any{"code": "purge_sessions", "enabled": false}, nil)
	e.Done("GET", "/api/sys/task/list", tok, nil, &list)
	for _, r := range list {
		if r.Code == "purge_sessions" && (r.Cron != "*/5 * * * *" || r.Overlap != "allow" || r.Misfire != "run" || r.TimeoutSec != 120 || r.Retries != 4 || r.Enabled || len(r.NextRuns) != 0) {
			t.Errorf("after the changes: %+v", r)
		}
	}
	if u, p := e.BizLog("task_manager", "update"), e.BizLog("task_manager", "disable"); u != 1 || p != 1 {
		t.Errorf("business log: %d updates, %d pauses", u, p)
	}
	e.Done("POST", "/api/sys/task/retention", tok, map[string]any{"log": "login_log", "days": 30}, nil)
	e.Refused("POST", "/api/sys/task/retention", tok, map[string]any{"log": "sys_user", "days": 30}, "没有这种日志")
	e.Refused("POST", "/api/sys/task/retention", tok, map[string]any{"log": "login_log", "days": 0}, "保留天数须在 1 到 3650 之间")

	// a staff member may not see or change them
	staff := e.Login("staff", "Staff@123").AccessToken
	for _, c := range [][2]string{{"GET", "/api/sys/task/list"}, {"POST", "/api/sys/task/run"}, {"GET", "/api/sys/taskLog/list"}} {
		if resp, _ := e.Call(c[0], c[1], staff, map[string]any{"code": "log_retention"}); resp.StatusCode != 403 {
			t.Errorf("staff %s %s: HTTP %d", c[0], c[1], resp.StatusCode)
		}
	}
}

// Run now writes its log line; a failing task retries by its policy, then records the failure; a task
// that forbids overlap runs once at a time; a run past its timeout is recorded as such.
func TestTaskRunsRetriesAndTimeouts(t *testing.T) {
	t.Parallel() // mostly waiting (schedules, another instance, timeouts): it overlaps the other slow tests
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	var fails atomic.Int32
	release := make(chan struct{})
	startJobs(t, e, "one", nil,
		tasks.Task{Code: "t_ok", Name: "t_ok", Cron: "0 0 1 1 *", Retries: 0, Run: func(ctx context.Context) (string, error) { return "did it", nil }},
		tasks.Task{Code: "t_fail", Name: "t_fail", Cron: "0 0 1 1 *", Retries: 2, Run: func(ctx context.Context) (string, error) {
			fails.Add(1)
			return "half", errors.New("broken")
		}},
		tasks.Task{Code: "t_slow", Name: "t_slow", Cron: "0 0 1 1 *", Overlap: tasks.OverlapForbid, Run: func(ctx context.Context) (string, error) {
			select {
			case <-release:
				return "released", nil
			case <-ctx.Done():
				return "", ctx.Err()
			}
		}},
	)

	e.Done("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_ok"}, nil)
	waitTask(t, apptest.Patience, "t_ok ran", func() bool { return ended(taskLog(e, tok, "t_ok")) })
	if rows := taskLog(e, tok, "t_ok"); len(rows) != 1 || rows[0].Outcome != "success" || rows[0].Message != "did it" || rows[0].Trigger != "manual" ||
		rows[0].StartedBy != "admin" || rows[0].Instance != "one" || rows[0].EndedAt == nil {
		t.Errorf("t_ok log: %+v", rows)
	}
	if e.BizLog("task_manager", "run") != 1 {
		t.Error("run now was not in the business log")
	}

	e.Done("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_fail"}, nil)
	waitTask(t, apptest.Patience, "t_fail's three attempts", func() bool { rows := taskLog(e, tok, "t_fail"); return len(rows) == 3 && ended(rows) })
	time.Sleep(300 * time.Millisecond) // no fourth attempt comes
	rows := taskLog(e, tok, "t_fail")
	for i, r := range rows {
		if r.Outcome != "failed" || r.Attempt != i+1 || r.MaxAttempts != 3 || r.Message != "half: broken" {
			t.Errorf("t_fail attempt %d: %+v", i+1, r)
		}
	}
	if len(rows) != 3 || fails.Load() != 3 {
		t.Errorf("t_fail: %d log rows, %d calls", len(rows), fails.Load())
	}

	e.Done("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_slow"}, nil)
	waitTask(t, apptest.Patience, "t_slow started", func() bool { return len(taskLog(e, tok, "t_slow")) == 1 })
	e.Refused("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_slow"}, "该任务正在运行，且不允许并发执行")
	close(release)
	waitTask(t, apptest.Patience, "t_slow ended", func() bool { return ended(taskLog(e, tok, "t_slow")) })

	// a timeout of one second ends a run that waits for ever
	e.Done("POST", "/api/sys/task/update", tok, map[string]any{"code": "t_slow", "cron": "0 0 1 1 *", "overlap": "forbid", "misfire": "skip", "timeoutSec": 1, "retries": 0}, nil)
	release = make(chan struct{})
	// the engine marks the job of the run that ended complete a moment after its log line
	waitTask(t, apptest.Patience, "t_slow runs again", func() bool {
		_, r := e.Call("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_slow"})
		return r.Code == 0
	})
	waitTask(t, apptest.Patience, "t_slow timed out", func() bool { rows := taskLog(e, tok, "t_slow"); return len(rows) == 2 && ended(rows) })
	if rows := taskLog(e, tok, "t_slow"); rows[1].Outcome != "timeout" {
		t.Errorf("t_slow after its timeout: %+v", rows[1])
	}

	// a run cancelled from the log ends as cancelled, and is not retried
	e.Done("POST", "/api/sys/task/update", tok, map[string]any{"code": "t_slow", "cron": "0 0 1 1 *", "overlap": "forbid", "misfire": "skip", "timeoutSec": 600, "retries": 3}, nil)
	waitTask(t, apptest.Patience, "t_slow runs a third time", func() bool {
		_, r := e.Call("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_slow"})
		return r.Code == 0
	})
	var running taskLogRow
	waitTask(t, apptest.Patience, "t_slow's third run started", func() bool {
		rows := taskLog(e, tok, "t_slow")
		running = rows[len(rows)-1]
		return len(rows) == 3 && running.Outcome == "running"
	})
	e.Done("POST", "/api/sys/taskLog/cancel", tok, map[string]any{"id": running.ID}, nil)
	waitTask(t, apptest.Patience, "t_slow cancelled", func() bool { return ended(taskLog(e, tok, "t_slow")) })
	time.Sleep(500 * time.Millisecond)
	if rows := taskLog(e, tok, "t_slow"); len(rows) != 3 || rows[2].Outcome != "cancelled" {
		t.Errorf("t_slow after the cancel: %+v", rows)
	}
	if e.BizLog("task_manager", "cancel") != 1 {
		t.Error("the cancel is not in the business log")
	}

	// the export holds the same rows
	resp, raw := e.Send("GET", "/api/sys/taskLog/export?format=csv&task=t_fail", tok, nil, "", nil)
	if resp.StatusCode != 200 || strings.Count(string(raw), "broken") != 3 {
		t.Errorf("export: HTTP %d %q", resp.StatusCode, raw)
	}
}

// A scheduled task fires on its schedule; paused, it does not.
func TestTaskScheduleFiresAndPauses(t *testing.T) {
	t.Parallel() // mostly waiting (schedules, another instance, timeouts): it overlaps the other slow tests
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	var runs atomic.Int32
	startJobs(t, e, "one", map[string]time.Duration{"t_tick": time.Second},
		tasks.Task{Code: "t_tick", Name: "t_tick", Cron: "* * * * *", Overlap: tasks.OverlapAllow, Run: func(ctx context.Context) (string, error) {
			runs.Add(1)
			return "tick", nil
		}})
	waitTask(t, apptest.Patience, "three scheduled runs", func() bool { return runs.Load() >= 3 })
	for _, r := range taskLog(e, tok, "t_tick") {
		if r.Trigger != "schedule" || r.FireAt == nil || !r.FireAt.Equal(r.FireAt.Truncate(time.Second)) || r.StartedAt.Before(*r.FireAt) {
			t.Errorf("scheduled run: %+v", r)
		}
	}
	e.Done("POST", "/api/sys/task/enable", tok, map[string]any{"code": "t_tick", "enabled": false}, nil)
	paused := time.Now()
	// A run of a time before the pause may still start and end after it (on a slow machine, well after it);
	// no run is for a time after the pause. The next ticks would have come within these seconds.
	time.Sleep(2500 * time.Millisecond)
	for _, r := range taskLog(e, tok, "t_tick") {
		if r.FireAt != nil && r.FireAt.After(paused) {
			t.Errorf("a paused task ran for %v (paused at %v)", r.FireAt, paused)
		}
	}
}

// Two instances on one database: every scheduled time runs exactly once, whichever instance runs it;
// a missed time with the misfire policy "run once now" runs once, although both instances catch up.
func TestTaskRunsOncePerScheduleAcrossInstances(t *testing.T) {
	t.Parallel() // mostly waiting (schedules, another instance, timeouts): it overlaps the other slow tests
	a := apptest.New(t)
	b := apptest.New(t, func(c *config.Config) {
		c.DataDir, c.DatabaseURL = a.App.Config.DataDir, a.App.Config.DatabaseURL
	})
	tok := a.Login("admin", "Admin@123").AccessToken
	var runs atomic.Int32
	tick := func() tasks.Task {
		return tasks.Task{Code: "t_tick", Name: "t_tick", Cron: "* * * * *", Overlap: tasks.OverlapAllow, Run: func(ctx context.Context) (string, error) {
			runs.Add(1)
			return "tick", nil
		}}
	}
	catch := func() tasks.Task {
		return tasks.Task{Code: "t_catch", Name: "t_catch", Cron: "0 * * * *", Misfire: tasks.MisfireRun, Run: func(ctx context.Context) (string, error) {
			return "caught up", nil
		}}
	}
	// t_catch last ran for a time three hours ago: the hours since were missed
	ctx := context.Background()
	long := time.Now().UTC().Add(-3 * time.Hour)
	if _, err := a.App.DB.Exec(ctx, `INSERT INTO sys_task (code, cron, enabled, overlap, misfire, timeout_sec, retries, last_fire_at, created_at, updated_at)
		VALUES ('t_catch', '0 * * * *', 1, 'forbid', 'run', 60, 0, ?, ?, ?)`, long, long, long); err != nil {
		t.Fatal(err)
	}
	sched := map[string]time.Duration{"t_tick": time.Second, "library_reminders": time.Second}
	startJobs(t, a, "a", sched, tick(), catch())
	startJobs(t, b, "b", sched, tick(), catch())

	waitTask(t, apptest.Patience, "eight scheduled runs", func() bool { return runs.Load() >= 8 })
	// stop both instances (the runs under way end) before counting: a tick firing while the log is read would
	// be a log row without its run yet, however briefly
	for _, e := range []*apptest.Env{a, b} {
		ctx, cancel := context.WithTimeout(context.Background(), apptest.Patience)
		if err := e.App.StopJobs(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
	}
	rows := taskLog(a, tok, "t_tick")
	// the library's reminders too: each of their scheduled times once
	rem := map[time.Time]int{}
	for _, r := range taskLog(a, tok, "library_reminders") {
		if r.FireAt == nil || r.Outcome == "failed" {
			t.Errorf("library reminders: %+v", r)
			continue
		}
		rem[r.FireAt.UTC()]++
	}
	for at, n := range rem {
		if n != 1 {
			t.Errorf("library reminders for %v ran %d times", at, n)
		}
	}
	if len(rem) < 4 {
		t.Errorf("library reminders ran for %d scheduled times", len(rem))
	}
	seen := map[time.Time]int{}
	for _, r := range rows {
		if r.FireAt == nil {
			t.Fatalf("a scheduled run without its time: %+v", r)
		}
		seen[r.FireAt.UTC()]++
	}
	for at, n := range seen {
		if n != 1 {
			t.Errorf("scheduled time %v ran %d times", at, n)
		}
	}
	if len(rows) != int(runs.Load()) || len(seen) < 8 {
		t.Errorf("%d log rows, %d runs, %d scheduled times", len(rows), runs.Load(), len(seen))
	}
	caught := taskLog(a, tok, "t_catch")
	if len(caught) != 1 || caught[0].Trigger != "misfire" || caught[0].FireAt == nil || caught[0].FireAt.Minute() != 0 ||
		time.Since(*caught[0].FireAt) > time.Hour || caught[0].Outcome == "failed" {
		t.Errorf("misfire catch-up: %+v", caught)
	}
	t.Logf("%d scheduled times, each run once: %s", len(seen), instances(rows))
}

func instances(rows []taskLogRow) string {
	n := map[string]int{}
	for _, r := range rows {
		n[r.Instance]++
	}
	return fmt.Sprint(n)
}

// Kill -9 during a run: the instance's process dies with the run in progress. Another instance takes the
// job over once it is stuck; the attempt that died is recorded as interrupted, the task is retried by its
// policy, and it runs to completion once.
func TestTaskKilledRunIsInterruptedAndRetried(t *testing.T) {
	t.Parallel() // mostly waiting (schedules, another instance, timeouts): it overlaps the other slow tests
	if testing.Short() {
		t.Skip("starts a second process")
	}
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	cmd := exec.Command(os.Args[0], "-test.run=^TestTaskHelperDoomedInstance$", "-test.count=1")
	cmd.Env = append(os.Environ(), "BIDDESK_TASK_HELPER_DIR="+e.App.Config.DataDir, "BIDDESK_TASK_HELPER_DSN="+e.App.Config.DatabaseURL)
	out := &strings.Builder{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	}()
	waitTask(t, apptest.Patience, "the doomed instance's run started", func() bool {
		rows := taskLog(e, tok, "t_hang")
		return len(rows) == 1 && rows[0].Outcome == "running" && rows[0].Instance == "doomed"
	})
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	killed = true

	var runs atomic.Int32
	e.App.Tasks.Engine().Register(tasks.Task{Code: "t_hang", Name: "t_hang", Cron: "0 0 1 1 *", Retries: 2,
		Run: func(ctx context.Context) (string, error) { runs.Add(1); return "finished", nil }})
	// a run is taken for stuck once it is older than its timeout (and the engine's RescueAfter)
	e.Done("POST", "/api/sys/task/update", tok, map[string]any{"code": "t_hang", "cron": "0 0 1 1 *", "overlap": "forbid", "misfire": "skip", "timeoutSec": 1, "retries": 2}, nil)
	e.App.Tasks.Engine().Tune(tasks.Options{RescueAfter: time.Second})
	startJobs(t, e, "survivor", nil)
	waitTask(t, apptest.Patience, "the run retried to completion", func() bool {
		rows := taskLog(e, tok, "t_hang")
		return len(rows) == 2 && ended(rows)
	})
	time.Sleep(500 * time.Millisecond)
	rows := taskLog(e, tok, "t_hang")
	if len(rows) != 2 || rows[0].Outcome != "interrupted" || rows[0].Attempt != 1 || rows[0].Instance != "doomed" ||
		rows[1].Outcome != "success" || rows[1].Attempt != 2 || rows[1].Instance != "survivor" || runs.Load() != 1 {
		t.Errorf("after the kill: %+v (runs %d)\n%s", rows, runs.Load(), out)
	}
}

// TestTaskHelperDoomedInstance is the process TestTaskKilledRunIsInterruptedAndRetried kills: an instance on
// the parent's database that starts a run which never ends.
func TestTaskHelperDoomedInstance(t *testing.T) {
	dir := os.Getenv("BIDDESK_TASK_HELPER_DIR")
	if dir == "" {
		t.Skip("run by TestTaskKilledRunIsInterruptedAndRetried")
	}
	e := apptest.New(t, func(c *config.Config) { c.DataDir, c.DatabaseURL = dir, os.Getenv("BIDDESK_TASK_HELPER_DSN") })
	startJobs(t, e, "doomed", nil, tasks.Task{Code: "t_hang", Name: "t_hang", Cron: "0 0 1 1 *", Retries: 2,
		Run: func(ctx context.Context) (string, error) { select {} }})
	if _, err := e.App.Tasks.RunNow(context.Background(), "t_hang"); err != nil {
		t.Fatal(err)
	}
	select {} // until killed
}

// The housekeeping tasks: the purge deletes expired download tickets and long-ended sessions; the log
// retention deletes what is older than each log's days (changed on the screen), and keeps the rest.
func TestTaskHousekeeping(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	ctx := context.Background()
	d := e.App.DB
	now := time.Now().UTC()
	old, recent := now.AddDate(0, 0, -40), now.AddDate(0, 0, -10)
	uid := e.UserID("admin")
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := d.Exec(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	for i, at := range []time.Time{old, recent} {
		exec(`INSERT INTO login_log (login_code, success, created_at) VALUES (?, 1, ?)`, fmt.Sprintf("keep-test-%d", i), at)
		exec(`INSERT INTO sys_session (token_hash, user_id, created_at, last_seen_at, expires_at, ended_at) VALUES (?, ?, ?, ?, ?, ?)`,
			fmt.Sprintf("purge-test-%d", i), uid, at, at, at.Add(time.Hour), at.Add(time.Minute))
		exec(`INSERT INTO download_ticket (ticket_hash, user_id, path, created_at, expires_at) VALUES (?, ?, '/x', ?, ?)`, fmt.Sprintf("purge-test-%d", i), uid, at, at.Add(time.Minute))
	}
	startJobs(t, e, "one", nil)
	e.Done("POST", "/api/sys/task/retention", tok, map[string]any{"log": "login_log", "days": 30}, nil)
	for _, code := range []string{"purge_sessions", "log_retention"} {
		e.Done("POST", "/api/sys/task/run", tok, map[string]any{"code": code}, nil)
		waitTask(t, apptest.Patience, code, func() bool { return ended(taskLog(e, tok, code)) })
		if r := taskLog(e, tok, code); r[0].Outcome != "success" {
			t.Fatalf("%s: %+v", code, r)
		}
	}
	if n := e.Count(`SELECT COUNT(*) FROM login_log WHERE login_code LIKE 'keep-test-%'`); n != 1 {
		t.Errorf("login log rows left: %d, want the recent one", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_session WHERE token_hash LIKE 'purge-test-%'`); n != 1 {
		t.Errorf("sessions left: %d, want the one ended 10 days ago", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM download_ticket WHERE ticket_hash LIKE 'purge-test-%'`); n != 0 {
		t.Errorf("expired tickets left: %d", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_session WHERE ended_at IS NULL`); n == 0 {
		t.Error("the live sessions were purged")
	}
	if m := taskLog(e, tok, "log_retention")[0].Message; !strings.Contains(m, "登录日志 1 条") {
		t.Errorf("log_retention's message: %q", m)
	}
	if e.BizLog("task_manager", "retention") != 1 {
		t.Error("the retention change is not in the business log")
	}
}

// A graceful stop (SIGTERM) lets the run in progress finish; past the stop's deadline, the runs still going are
// cancelled and recorded as interrupted.
func TestTaskStopIsGraceful(t *testing.T) {
	for _, hard := range []bool{false, true} {
		e := apptest.New(t)
		tok := e.Login("admin", "Admin@123").AccessToken
		started := make(chan struct{}, 1)
		// the run takes 1.5 s; in the hard case longer than any stop waits, however slow the machine
		runFor := 1500 * time.Millisecond
		if hard {
			runFor = apptest.Patience
		}
		startJobs(t, e, "one", nil, tasks.Task{Code: "t_wait", Name: "t_wait", Cron: "0 0 1 1 *", Run: func(ctx context.Context) (string, error) {
			started <- struct{}{}
			select {
			case <-time.After(runFor):
				return "finished", nil
			case <-ctx.Done():
				return "stopped", ctx.Err()
			}
		}})
		e.Done("POST", "/api/sys/task/run", tok, map[string]any{"code": "t_wait"}, nil)
		<-started
		wait := apptest.Patience
		if hard {
			wait = 200 * time.Millisecond
		}
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		_ = e.App.StopJobs(ctx)
		cancel()
		rows := taskLog(e, tok, "t_wait")
		want := "success"
		if hard {
			want = "interrupted" // and retried by its policy, on this or another instance
		}
		if len(rows) != 1 || rows[0].Outcome != want {
			t.Errorf("hard stop %v: %+v", hard, rows)
		}
	}
}
