package exam

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Service holds the rules of examinations.
type Service struct {
	db    *db.DB
	authn Authenticator
	now   func() time.Time
	// quiet: the demo's writes leave no business-log line
	quiet bool
	// files: the file machinery (question pictures); nil: none
	files *files.Service
}

// NewService wires the service; authn turns the phone page's h5Token into its caller (nil: no phone page).
func NewService(d *db.DB, authn Authenticator) *Service {
	return &Service{db: d, authn: authn, now: time.Now}
}

// UseClock makes the service read the time from now (tests of deadlines and the job).
func (s *Service) UseClock(now func() time.Time) { s.now = now }

// The locks of examinations (db.Tx.Lock): lockTaker serialises a taker's starts of one exam (one open attempt,
// the attempts allowed); lockBank the duplicate check of the bank.
const (
	lockTaker db.LockClass = 7601
	lockBank  db.LockClass = 7602
)

func principal(ctx context.Context) (*auth.Principal, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return nil, httpx.ErrTokenInvalid
	}
	return p, nil
}

func callerID(ctx context.Context) any {
	if p := auth.PrincipalFrom(ctx); p != nil {
		return p.UserID
	}
	return nil
}

// staff refuses an external (partner) account: exams are for the company's staff.
func staff(p *auth.Principal) error {
	if p.UserType == auth.SiteExternal {
		return httpx.Fail("exam.external")
	}
	return nil
}

// text trims v and checks its length; required refuses it empty.
func text(v string, field string, max int, required bool) (string, error) {
	v = strings.TrimSpace(v)
	if required && v == "" {
		return "", httpx.Fail("exam.required", httpx.Msg(field))
	}
	if utf8.RuneCountInString(v) > max {
		return "", httpx.Fail("exam.too_long", httpx.Msg(field), max)
	}
	return v, nil
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// record writes a change to the business log inside tx; the demo's writes (quiet) leave none.
func (s *Service) record(ctx context.Context, tx *db.Tx, c audit.Change) error {
	if s.quiet {
		return nil
	}
	c.Module = "exam"
	return audit.Record(ctx, tx, c)
}

// wrap gives an unexpected error the operation it came from; a refusal (httpx.Error) stays as it is.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*httpx.Error); ok {
		return err
	}
	return fmt.Errorf("exam: "+format+": %w", append(args, err)...)
}

// clip shortens a stem for a message.
func clip(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	return string(r[:n]) + "…"
}
