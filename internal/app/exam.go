package app

import (
	"context"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/exam"
	"biddesk/internal/files"
	"biddesk/internal/platform/db"
	"biddesk/internal/tasks"
)

// openExams wires examinations after training (an exam's audience may be a class) and the content (questions
// name courses); the phone page's calls authenticate as the content's do.
func (a *App) openExams(context.Context) error {
	a.exams = exam.NewService(a.DB, contentLearners{a}.Authenticate)
	a.exams.UseFiles(a.Files)
	// a question's picture through the common download: the examiners only (a taker sees it through the exam's calls)
	a.Files.OnRead(exam.RecordType, func(_ context.Context, p *auth.Principal, _ *files.File) (bool, error) {
		return exam.Examiner(p), nil
	})
	return nil
}

// Exams is the examination service (tests set its clock and run its job).
func (a *App) Exams() *exam.Service { return a.exams }

// examSubmitDue is the task that submits, every minute, the attempts whose deadline plus the grace has passed.
func (a *App) examSubmitDue() tasks.Task {
	return tasks.Task{
		Code: "exam_submit_due", Name: "task.name.exam_submit_due", Cron: "* * * * *",
		Timeout: 5 * time.Minute, Retries: 1, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireSkip, AtFirstStart: true,
		Run: func(ctx context.Context) (string, error) {
			n, err := a.exams.SubmitDue(ctx)
			return tasks.Say("task.msg.exam_submit_due", n), err
		},
	}
}

// seedExamDemo gives examinations their demo data (internal/exam.SeedDemo) after the demo company's past: the
// closed exam's takers are the staff accounts it created.
func (a *App) seedExamDemo(ctx context.Context) error {
	var admin, staff int64
	if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&admin); err != nil {
		return err
	}
	_ = a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'staff'`).Scan(&staff)
	people, err := db.IDs(ctx, a.DB, `SELECT id FROM sys_user WHERE user_type = 'staff' AND state = 1 AND login_code NOT IN ('admin', 'staff') ORDER BY id LIMIT 40`)
	if err != nil {
		return err
	}
	return a.exams.SeedDemo(ctx, admin, staff, people)
}
