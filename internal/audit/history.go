package audit

import (
	"context"

	"biddesk/internal/platform/db"
)

// History returns the business log of one record (its module and target id), newest first, at most
// limit entries, each with the record before and after: a record screen's history drawer.
func History(ctx context.Context, d *db.DB, module, targetID string, limit int) ([]BusinessLogDetail, error) {
	rows, err := d.Query(ctx, `SELECT `+businessLogSpec.Select+` FROM `+businessLogSpec.From+`
		WHERE l.module = ? AND l.target_id = ? ORDER BY l.created_at DESC, l.id DESC LIMIT ?`, module, targetID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BusinessLogDetail{}
	for rows.Next() {
		l, err := scanBusinessLog(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l.Detail())
	}
	return out, rows.Err()
}
