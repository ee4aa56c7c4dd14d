package tasks

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// JobView is a job as its owner sees it (GET /api/sys/job/get, /api/sys/job/mine).
type JobView struct {
	ID    int64  `json:"id"`
	Kind  string `json:"kind"`
	Name  string `json:"name" doc:"what kind of work, in the caller's language"`
	Title string `json:"title" doc:"the file or record the job works on"`
	State string `json:"state" enum:"queued,running,done,failed,cancelled"`
	Done  int64  `json:"done" doc:"rows (or steps) done"`
	Total int64  `json:"total" doc:"of this many; 0 while not known"`
	// Attempt is the attempt running or last run, of MaxAttempts.
	Attempt     int    `json:"attempt"`
	MaxAttempts int    `json:"maxAttempts"`
	Message     string `json:"message" doc:"why it failed, or why the last attempt failed while it waits to try again"`
	// Result is the work's answer once done (an import's report, say); null before.
	Result    json.RawMessage `json:"result"`
	CreatedAt time.Time       `json:"createdAt"`
	UpdatedAt time.Time       `json:"updatedAt"`
	EndedAt   *time.Time      `json:"endedAt"`
	riverID   sql.NullInt64
	msgKey    string
	msgArgs   string
}

const jobCols = `id, kind, title, state, done, total, attempt, max_attempts, message_key, message_args, result, created_at, updated_at, ended_at, river_id`

func scanJob(row interface{ Scan(...any) error }) (JobView, error) {
	var j JobView
	var result string
	var ended sql.NullTime
	err := row.Scan(&j.ID, &j.Kind, &j.Title, &j.State, &j.Done, &j.Total, &j.Attempt, &j.MaxAttempts, &j.msgKey, &j.msgArgs,
		&result, &j.CreatedAt, &j.UpdatedAt, &ended, &j.riverID)
	if result != "" {
		j.Result = json.RawMessage(result)
	}
	if ended.Valid {
		j.EndedAt = &ended.Time
	}
	return j, err
}

func (e *Engine) finishView(j *JobView, lang string) {
	if w := e.work(j.Kind); w != nil && w.Name != "" {
		j.Name = httpx.Translate(lang, w.Name)
	} else {
		j.Name = j.Kind
	}
	if j.msgKey != "" {
		var args []any
		_ = json.Unmarshal([]byte(j.msgArgs), &args)
		j.Message = httpx.Translate(lang, j.msgKey, args...)
	}
	// a job running here answers its progress from memory (on SQLite the work's transaction may hold back the
	// written figure)
	if r := e.runningJob(j.ID); r != nil && j.State == JobRunning && r.total.Load() > 0 {
		j.Done, j.Total = r.done.Load(), r.total.Load()
	}
}

// JobState is the state of job id, after reaping it if it was lost: not finished in its row while its engine
// job has ended or is gone (an instance killed during its last attempt), it is failed now.
func (e *Engine) JobState(ctx context.Context, id int64) (_ JobView, err error) {
	defer errs.Wrap(&err, "tasks: job %d", id)
	j, err := scanJob(e.db.QueryRow(ctx, `SELECT `+jobCols+` FROM sys_job WHERE id = ?`, id))
	if err != nil {
		return j, err
	}
	if (j.State == JobQueued || j.State == JobRunning) && j.riverID.Valid {
		var rs string
		err := e.db.QueryRow(ctx, `SELECT state FROM river_job WHERE id = ?`, j.riverID.Int64).Scan(&rs)
		lost := db.IsNoRows(err) || err == nil && (rs == "completed" || rs == "discarded" || rs == "cancelled")
		if err != nil && !db.IsNoRows(err) {
			return j, err
		}
		if lost {
			if err := e.reap(ctx, j.ID); err != nil {
				return j, err
			}
			return scanJob(e.db.QueryRow(ctx, `SELECT `+jobCols+` FROM sys_job WHERE id = ?`, id))
		}
	}
	return j, nil
}

// reap marks a lost job failed (once) and tells its work.
func (e *Engine) reap(ctx context.Context, id int64) error {
	now := e.now().UTC()
	res, err := e.db.Exec(ctx, `UPDATE sys_job SET state = ?, message_key = ?, input = NULL, updated_at = ?, ended_at = ? WHERE id = ? AND state IN (?, ?)`,
		JobFailed, "job.interrupted", now, now, id, JobQueued, JobRunning)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	var kind, args string
	var owner int64
	if err := e.db.QueryRow(ctx, `SELECT kind, owner_id, args FROM sys_job WHERE id = ?`, id).Scan(&kind, &owner, &args); err != nil {
		return err
	}
	if w := e.work(kind); w != nil && w.Failed != nil {
		w.Failed(ctx, &Job{ID: id, Kind: kind, Owner: owner, Args: json.RawMessage(args)}, "job.interrupted")
	}
	return nil
}

// Job is GET /api/sys/job/get's rule: the caller's own job, else not found.
func (s *Service) Job(ctx context.Context, id int64, lang string) (_ *JobView, err error) {
	defer errs.Wrap(&err, "tasks: job view %d", id)
	p := auth.PrincipalFrom(ctx)
	var owner int64
	err = s.db.QueryRow(ctx, `SELECT owner_id FROM sys_job WHERE id = ?`, id).Scan(&owner)
	if db.IsNoRows(err) || err == nil && (p == nil || owner != p.UserID) {
		return nil, httpx.Fail("job.not_found")
	}
	if err != nil {
		return nil, err
	}
	j, err := s.e.JobState(ctx, id)
	if err != nil {
		return nil, err
	}
	s.e.finishView(&j, lang)
	return &j, nil
}

// MaxMine is how many of the caller's latest jobs "my jobs" lists.
const MaxMine = 50

// Mine is the caller's latest jobs, newest first.
func (s *Service) Mine(ctx context.Context, lang string) (_ []JobView, err error) {
	defer errs.Wrap(&err, "tasks: my jobs")
	p := auth.PrincipalFrom(ctx)
	out := []JobView{}
	if p == nil {
		return out, nil
	}
	var ids []int64
	err = db.EachRow(ctx, s.db, `SELECT id, state FROM sys_job WHERE owner_id = ? ORDER BY id DESC LIMIT ?`, []any{p.UserID, MaxMine}, func(row db.Row) error {
		var id int64
		var st string
		if err := row.Scan(&id, &st); err != nil {
			return err
		}
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		j, err := s.e.JobState(ctx, id)
		if err != nil {
			return nil, err
		}
		s.e.finishView(&j, lang)
		out = append(out, j)
	}
	return out, nil
}

// CancelJob asks to stop the caller's job: a waiting one never starts, a running one stops at its next progress
// report (an import rolls back: nothing of it is written).
func (s *Service) CancelJob(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "tasks: cancel job %d", id)
	p := auth.PrincipalFrom(ctx)
	var owner int64
	var state string
	err = s.db.QueryRow(ctx, `SELECT owner_id, state FROM sys_job WHERE id = ?`, id).Scan(&owner, &state)
	if db.IsNoRows(err) || err == nil && (p == nil || owner != p.UserID) {
		return httpx.Fail("job.not_found")
	}
	if err != nil {
		return err
	}
	if state != JobQueued && state != JobRunning {
		return httpx.Fail("job.ended")
	}
	_, err = s.db.Exec(ctx, `UPDATE sys_job SET cancel_requested = 1, updated_at = ? WHERE id = ?`, s.now().UTC(), id)
	return err
}

// JobIn names a job.
type JobIn struct {
	ID int64 `param:"id,required" doc:"the job's id (as the call that started it answered)"`
}

// JobOut is the job a call started in the background.
type JobOut struct {
	JobID int64 `json:"jobId"`
}

// JobRoutes are the calls of a signed-in user's own jobs.
func (h *Handlers) JobRoutes() []route.Route {
	return []route.Route{
		route.Call("GET", "/api/sys/job/get", route.SignedIn, func(r *http.Request, in JobIn) (*JobView, error) {
			return h.s.Job(r.Context(), in.ID, httpx.Lang(r))
		}).Doc("One of the caller's jobs (long work in the background): its state, progress and, once done, its result", "任务进度"),
		route.Call("GET", "/api/sys/job/mine", route.SignedIn, func(r *http.Request, _ route.None) ([]JobView, error) {
			return h.s.Mine(r.Context(), httpx.Lang(r))
		}).Doc("The caller's latest 50 jobs, newest first", "我的任务"),
		route.Call("POST", "/api/sys/job/cancel", route.SignedIn, func(r *http.Request, in JobIn) (route.None, error) {
			return route.None{}, h.s.CancelJob(r.Context(), in.ID)
		}).Doc("Cancel one of the caller's jobs that has not ended (an import stops and writes nothing)", "取消任务"),
	}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"job.not_found":   {"任务不存在", "The job does not exist"},
		"job.ended":       {"任务已结束", "The job has already ended"},
		"job.failed":      {"任务执行失败，请稍后重试", "The job failed: please try again later"},
		"job.timeout":     {"任务超时", "The job ran out of time"},
		"job.interrupted": {"任务执行中断（服务实例已停止），请重新提交", "The job was interrupted (its server stopped): please start it again"},
	})
}
