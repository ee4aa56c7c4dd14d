package tasks

import "time"

// Every is a schedule on multiples of d since the epoch (every instance computes the same times); tests
// use it for schedules of seconds, which a cron expression of the task manager may not have.
type Every time.Duration

// Next is the first multiple of d after t.
func (d Every) Next(t time.Time) time.Time {
	return t.Truncate(time.Duration(d)).Add(time.Duration(d)).UTC()
}
