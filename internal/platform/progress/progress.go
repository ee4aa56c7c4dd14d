// Package progress carries a reporter of long work's progress in a context: an import run as a job reports the
// rows it has done (Report), and the job engine (internal/tasks) keeps the figure the owner's browser polls. Work
// run inside a request has no reporter and Report does nothing.
package progress

import "context"

// Func receives the units of work done out of total (total 0: not known yet).
type Func func(done, total int64)

type key struct{}

// With is ctx carrying f.
func With(ctx context.Context, f Func) context.Context { return context.WithValue(ctx, key{}, f) }

// Report tells ctx's reporter, if any, that done of total are done. It is cheap: call it as often as every row.
func Report(ctx context.Context, done, total int) {
	if f, ok := ctx.Value(key{}).(Func); ok && f != nil {
		f(int64(done), int64(total))
	}
}
