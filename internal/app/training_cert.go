package app

import (
	"context"
	"fmt"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/training"
)

// trainingExams gives training's certificate rule the exams (internal/exam's tables): an exam's name, whether a
// taker passed it (an attempt marked passed: the best attempt passes exactly when one does), and the exams to choose.
type trainingExams struct{ d *db.DB }

func (x trainingExams) ExamName(ctx context.Context, examID int64) (string, error) {
	var name string
	err := x.d.QueryRow(ctx, `SELECT name FROM exam_exam WHERE id = ?`, examID).Scan(&name)
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

func (x trainingExams) ExamOptions(ctx context.Context) ([]training.Option, error) {
	out := []training.Option{}
	err := db.EachRow(ctx, x.d, `SELECT id, name, opens_at FROM exam_exam ORDER BY opens_at DESC, id DESC LIMIT 500`, nil, func(r db.Row) error {
		var o training.Option
		var at any
		if err := r.Scan(&o.ID, &o.Name, &at); err != nil {
			return err
		}
		out = append(out, o)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("app: exam options: %w", err)
	}
	return out, nil
}
