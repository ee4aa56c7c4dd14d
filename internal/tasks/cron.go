package tasks

import (
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"biddesk/internal/platform/httpx"
)

// parser reads the standard five fields (minute hour day-of-month month day-of-week), an optional
// leading seconds field, and the descriptors (@daily, @every 1h, ...). A schedule that fires more often
// than once a minute is then refused by CheckCron.
var parser = cron.NewParser(cron.SecondOptional | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// MaxCronLen bounds a cron expression.
const MaxCronLen = 100

// ParseCron parses a cron expression (without the once-a-minute check).
func ParseCron(expr string) (Schedule, error) {
	return parser.Parse(strings.TrimSpace(expr))
}

// CheckCron parses expr and refuses, with a message for the client, an expression that does not parse
// or fires more often than once a minute (two of its next 200 times less than a minute apart).
func CheckCron(expr string) (Schedule, error) {
	expr = strings.TrimSpace(expr)
	if expr == "" || len(expr) > MaxCronLen {
		return nil, httpx.Fail("task.cron_invalid")
	}
	s, err := ParseCron(expr)
	if err != nil {
		return nil, httpx.Fail("task.cron_invalid")
	}
	t := s.Next(time.Now())
	if t.IsZero() {
		return nil, httpx.Fail("task.cron_never")
	}
	for range 200 {
		n := s.Next(t)
		if n.IsZero() {
			break
		}
		if n.Sub(t) < time.Minute {
			return nil, httpx.Fail("task.cron_too_often")
		}
		t = n
	}
	return s, nil
}

// NextTimes are the next n times of s after from.
func NextTimes(s Schedule, from time.Time, n int) []time.Time {
	out := make([]time.Time, 0, n)
	t := from
	for range n {
		t = s.Next(t)
		if t.IsZero() {
			break
		}
		out = append(out, t)
	}
	return out
}
