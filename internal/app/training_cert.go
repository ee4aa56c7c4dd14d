package app

import (
	"context"
	"fmt"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/reward"
	"biddesk/internal/training"
)

// trainingExams gives training's certificate rule the exams (internal/exam's tables): an exam's name, whether a
// taker passed it (an attempt marked passed: the best attempt passes exactly when one does), and the exams to choose.
type trainingExams struct{ d *db.DB }

func (x trainingExams) ExamName(ctx context.Context, q db.Querier, examID int64) (string, error) {
	var name string
	err := q.QueryRow(ctx, `SELECT name FROM exam_exam WHERE id = ?`, examID).Scan(&name)
	if db.IsNoRows(err) {
		return "", httpx.Fail("training.cert_exam_not_found")
	} else if err != nil {
		return "", fmt.Errorf("app: exam %d: %w", examID, err)
	}
	return name, nil
}

func (x trainingExams) Passed(ctx context.Context, q db.Querier, examID, userID int64) (bool, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM exam_attempt WHERE exam_id = ? AND user_id = ? AND passed = 1`, examID, userID).Scan(&n); err != nil {
		return false, fmt.Errorf("app: exam %d passed by %d: %w", examID, userID, err)
	}
	return n > 0, nil
}

// ExamOptions are the exams whose name holds keyword, newest first, with their state: draft, or published and
// upcoming, open or closed by the clock.
func (x trainingExams) ExamOptions(ctx context.Context, keyword string) ([]training.ExamOption, error) {
	out := []training.ExamOption{}
	q := `SELECT id, name, state, opens_at, closes_at FROM exam_exam`
	var args []any
	if keyword != "" {
		q += ` WHERE ` + list.ContainsSQL("name")
		args = append(args, list.ContainsArg(keyword))
	}
	q += ` ORDER BY opens_at DESC, id DESC LIMIT ?`
	args = append(args, training.ExamOptionsMax)
	now := time.Now()
	err := db.EachRow(ctx, x.d, q, args, func(r db.Row) error {
		var o training.ExamOption
		if err := r.Scan(&o.ID, &o.Name, &o.State, &o.OpensAt, &o.ClosesAt); err != nil {
			return err
		}
		switch {
		case o.State != "published":
			o.State = "draft"
		case now.Before(o.OpensAt):
			o.State = "upcoming"
		case now.Before(o.ClosesAt):
			o.State = "open"
		default:
			o.State = "closed"
		}
		out = append(out, o)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("app: exam options %q: %w", keyword, err)
	}
	return out, nil
}

// rewardTraining gives the rewards (internal/reward) the training certificates: an employee's live ones and one by
// id, with the reward kind and level of their class's rule.
type rewardTraining struct{ svc *training.Service }

func toReward(c training.RewardCert) reward.TrainingCertificate {
	return reward.TrainingCertificate{ID: c.ID, UserID: c.UserID, Serial: c.Serial, Title: c.Title, HolderName: c.HolderName,
		EmployeeCode: c.EmployeeCode, State: c.State, ValidUntil: c.ValidUntil, Kind: c.RewardKind, Level: c.RewardLevel}
}

func (t rewardTraining) CertificatesOf(ctx context.Context, userID int64, employee string) ([]reward.TrainingCertificate, error) {
	found, err := t.svc.CertificatesForReward(ctx, userID, employee)
	if err != nil {
		return nil, err
	}
	out := make([]reward.TrainingCertificate, 0, len(found))
	for _, c := range found {
		out = append(out, toReward(c))
	}
	return out, nil
}

func (t rewardTraining) Certificate(ctx context.Context, q db.Querier, id int64) (*reward.TrainingCertificate, error) {
	c, err := t.svc.CertificateForReward(ctx, q, id)
	if err != nil || c == nil {
		return nil, err
	}
	r := toReward(*c)
	return &r, nil
}
