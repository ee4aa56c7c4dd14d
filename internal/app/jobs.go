package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/dtable"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/tasks"
)

// Long work in the background (internal/tasks, jobs.go): the areas' kinds of job and how a call enqueues one for
// its caller.

// background enqueues a job owned by the caller of ctx (an import sent to the background).
func (a *App) background(ctx context.Context, kind, title string, args any, input []byte) (int64, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return 0, httpx.ErrNoToken
	}
	return a.Tasks.Engine().Enqueue(ctx, tasks.NewJob{Kind: kind, Owner: p.UserID, Title: title, Args: args, Input: input})
}

// actingWork is a kind of job that acts for its owner (their rights as they are when it runs, their name in the
// business log). A failure the owner can read (a refused workbook, a right taken away) is not tried again.
func (a *App) actingWork(kind, name string, timeout time.Duration, run func(ctx context.Context, j *tasks.Job) (any, error)) tasks.Work {
	return tasks.Work{Kind: kind, Name: name, Timeout: timeout, Retries: 1,
		Run: func(ctx context.Context, j *tasks.Job) (any, error) {
			actx, err := a.Auth.ActFor(ctx, j.Owner)
			if errors.Is(err, auth.ErrOwnerGone) {
				return nil, tasks.Permanent(httpx.Fail("job.owner_gone"))
			}
			if err != nil {
				return nil, err
			}
			res, err := run(actx, j)
			var he *httpx.Error
			if errors.As(err, &he) {
				return nil, tasks.Permanent(err)
			}
			return res, err
		}}
}

// orgWorks: the organisation import in the background, for the holders of the screen.
func (a *App) orgWorks() []tasks.Work {
	return []tasks.Work{a.actingWork(org.ImportJobKind, "org.import.job", 30*time.Minute, func(ctx context.Context, j *tasks.Job) (any, error) {
		if p := auth.PrincipalFrom(ctx); !p.Can(org.Screen) {
			return nil, httpx.Fail("job.no_right")
		}
		var args org.ImportJobArgs
		if err := j.Decode(&args); err != nil {
			return nil, err
		}
		return a.Org.RunImportJob(ctx, args, j.Input)
	})}
}

// libraryWorks: a material type's import in the background, for the holders of the type's right.
func (a *App) libraryWorks() []tasks.Work {
	return []tasks.Work{a.actingWork(library.ImportJobKind, "lib.import.job", 30*time.Minute, func(ctx context.Context, j *tasks.Job) (any, error) {
		var args library.ImportJobArgs
		if err := j.Decode(&args); err != nil {
			return nil, err
		}
		t := library.TypeOf(args.Type)
		if t == nil || !t.Import {
			return nil, tasks.Permanent(fmt.Errorf("library import job: no importable type %q", args.Type))
		}
		if p := auth.PrincipalFrom(ctx); !p.Can(t.Code) {
			return nil, httpx.Fail("job.no_right")
		}
		return a.Library.RunImportJob(ctx, t, args, j.Input)
	})}
}

// dtableWorks: a table's import in the background (the owner's right to write the table is checked when it runs).
func (a *App) dtableWorks() []tasks.Work {
	return []tasks.Work{a.actingWork(dtable.ImportJobKind, "dtable.import_job", 30*time.Minute, func(ctx context.Context, j *tasks.Job) (any, error) {
		var args dtable.ImportJobArgs
		if err := j.Decode(&args); err != nil {
			return nil, err
		}
		return a.dtables.RunImportJob(ctx, args, j.Input)
	})}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"job.owner_gone": {"发起任务的账号已停用或删除", "The account that started the job is disabled or deleted"},
		"job.no_right":   {"发起任务的账号已没有该功能的权限", "The account that started the job no longer holds the right to do it"},
	})
}
