package app

import (
	"context"
	"time"

	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/sysconfig"
	"biddesk/internal/tasks"
	"biddesk/internal/training"
)

// Training (internal/training) declares what it needs of the other areas; these adapters give it the portal's
// messages, the learning content's courses, the system parameters of the sign-in window and the phone page's
// mobile sessions.

type trainingNotifier struct{ lib *library.Service }

func (n trainingNotifier) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, t training.Notice) (int, error) {
	return n.lib.Notify(ctx, tx, userIDs, library.Notice{Code: t.Code, Title: t.Title, Content: t.Content, RefType: "training",
		RefID: t.RefID, RefPath: t.Path})
}

type trainingParams struct{ cfg *sysconfig.Store }

func (p trainingParams) SignInWindow() (time.Duration, time.Duration) {
	return time.Duration(p.cfg.Int(sysconfig.KeySignInBefore)) * time.Minute, time.Duration(p.cfg.Int(sysconfig.KeySignInAfter)) * time.Minute
}

// openTraining wires training after the learning content (whose courses name its lecturers).
func (a *App) openTraining(ctx context.Context) error {
	a.training = training.NewService(a.DB, trainingNotifier{a.Library}, a.content, trainingParams{a.SysConfig}, contentLearners{a}.Authenticate)
	a.content.UseLecturers(a.training)
	a.training.UseExams(trainingExams{a.DB})
	a.training.UseDicts(rewardDicts{a})
	// courses whose lecturer is free text only (written before training existed) are linked to lecturer rows
	_, err := a.training.AdoptCourseLecturers(ctx)
	return err
}

// Training is the training service (tests set its clock).
func (a *App) Training() *training.Service { return a.training }

// trainingReminders is the task of the reminders the day before a session (at 18:00, for tomorrow's sessions).
func (a *App) trainingReminders() tasks.Task {
	return tasks.Task{
		Code: "training_reminders", Name: "task.name.training_reminders", Cron: "0 18 * * *",
		Timeout: 10 * time.Minute, Retries: 2, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun,
		Run: func(ctx context.Context) (string, error) {
			n, err := a.training.Remind(ctx)
			return tasks.Say("task.msg.training_reminders", n), err
		},
	}
}

// surveyReminders is the task of the questionnaire reminders (at 9:00, to who has not answered a questionnaire
// closing within three days).
func (a *App) surveyReminders() tasks.Task {
	return tasks.Task{
		Code: "training_survey_reminders", Name: "task.name.training_survey_reminders", Cron: "0 9 * * *",
		Timeout: 10 * time.Minute, Retries: 2, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun,
		Run: func(ctx context.Context) (string, error) {
			n, err := a.training.RemindSurveys(ctx)
			return tasks.Say("task.msg.training_survey_reminders", n), err
		},
	}
}

// seedTrainingDemo gives training a year of demo data (internal/training.SeedDemo), after the demo company's
// accounts exist: its classes' trainees are those accounts.
func (a *App) seedTrainingDemo(ctx context.Context) error {
	var admin int64
	if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&admin); err != nil {
		return err
	}
	if err := a.training.SeedDemo(ctx, admin, org.DemoPeople[org.DemoStaffEmployee].Unit); err != nil {
		return err
	}
	return a.training.SeedCertDemo(ctx, admin)
}
