package list

import (
	"context"

	"biddesk/internal/platform/db"
)

// An export too large to answer while the user waits runs as a job (internal/app/exportjob.go): before the file is
// made, the export's own handler is asked how many rows it would write. A context carrying a *Counted asks it: an
// export that knows (every Table's) fills it in and writes nothing; one that does not leaves it unknown and the
// export is answered in the request as before.

// Counted is an export's answer to "how many rows?".
type Counted struct {
	Rows  int
	Known bool
}

type countedKey struct{}

// AskCount is ctx asking the export it is given to for its count instead of its file.
func AskCount(ctx context.Context) (context.Context, *Counted) {
	c := &Counted{}
	return context.WithValue(ctx, countedKey{}, c), c
}

// CountAsked is the count ctx asks for, nil when it asks for the file.
func CountAsked(ctx context.Context) *Counted {
	c, _ := ctx.Value(countedKey{}).(*Counted)
	return c
}

// ExportCount is how many rows an export of q writes: the matching rows, at most MaxExportRows.
func ExportCount(ctx context.Context, d *db.DB, s *Spec, q *Query) (int, error) {
	where, args := q.whereSQL(d.Dialect, s)
	n, _, err := s.count(ctx, d, where, args)
	return min(n, MaxExportRows), err
}
