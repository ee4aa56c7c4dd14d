package list

import (
	"context"

	"biddesk/internal/platform/db"
)

// All runs a query and scans every row, for a short list that needs no paging (an empty list, never nil).
func All[T any](ctx context.Context, d *db.DB, scan Scanner[T], q string, args ...any) ([]T, error) {
	rows, err := d.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		rec, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, rec)
	}
	return out, rows.Err()
}
