// Package errs says where an error came from: a service's entry point wraps what it returns with its area, its
// operation and the record it worked on, `area: operation key: cause`, with %w so that errors.Is and errors.As
// still see the cause (an *httpx.Error refusal still answers the user with its own message and code).
package errs

import "fmt"

// Wrap, deferred at the top of a function with a named error result, prefixes a non-nil error with what the
// function was doing:
//
//	func (s *Service) Approve(ctx context.Context, id int64) (err error) {
//		defer errs.Wrap(&err, "reward: approve %d", id)
//
// gives `reward: approve 12: <cause>`, like fmt.Errorf("reward: approve %d: %w", id, err) at every return.
// The arguments are keys (ids, codes), never values the user typed or secrets: they reach the exception log.
func Wrap(err *error, format string, args ...any) {
	if *err != nil {
		*err = fmt.Errorf(format+": %w", append(args, *err)...)
	}
}
