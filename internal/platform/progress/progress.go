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

// On tells whether ctx has a reporter (the work runs as a job).
func On(ctx context.Context) bool {
	f, ok := ctx.Value(key{}).(Func)
	return ok && f != nil
}

// Meter counts the steps of a long work as one figure for ctx's reporter: an import checks its rows, then writes
// those that passed. The whole grows as the work learns what is left (Expect).
type Meter struct {
	ctx         context.Context
	done, total int
}

// NewMeter is a meter reporting to ctx's reporter (none inside a request: it only counts then).
func NewMeter(ctx context.Context) *Meter { return &Meter{ctx: ctx} }

// Expect tells the meter that n more steps remain: the whole is what is done plus n.
func (m *Meter) Expect(n int) {
	m.total = m.done + n
	Report(m.ctx, m.done, m.total)
}

// Step counts one step done and answers ctx's error (a job its owner cancelled): a loop stops at once on it.
func (m *Meter) Step() error {
	m.done++
	if m.done > m.total {
		m.total = m.done
	}
	Report(m.ctx, m.done, m.total)
	return m.ctx.Err()
}
