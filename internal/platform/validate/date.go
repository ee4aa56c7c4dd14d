package validate

import (
	"errors"
	"strings"
	"time"

	"biddesk/internal/platform/httpx"
)

// The years a date entered in a form may have: a year 0001 or 20260 is a typing slip, never a record's date.
const (
	MinYear = 1900
	MaxYear = 9999
)

// DayLayout is the form's date: YYYY-MM-DD.
const DayLayout = "2006-01-02"

// Date reads a day written in one of layouts (DayLayout when none is given) and checks that it exists and that
// its year is within MinYear and MaxYear. The refusals say which is wrong: the form of the text
// (validate.date_format), a day that does not exist in the right form, such as 2026-02-30 (validate.date_invalid),
// or the year (validate.date_year).
func Date(s string, layouts ...string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if len(layouts) == 0 {
		layouts = []string{DayLayout}
	}
	for _, l := range layouts {
		t, err := time.Parse(l, s)
		if err == nil {
			return t, Year(t)
		}
		// the text has the layout's form but names no day: a month 13, a 30 February
		var pe *time.ParseError
		if errors.As(err, &pe) && strings.Contains(pe.Message, "out of range") {
			return time.Time{}, httpx.Fail("validate.date_invalid", s)
		}
	}
	return time.Time{}, httpx.Fail("validate.date_format")
}

// DateTimeLayouts are the forms a date and time of a form may take, in the company's zone (the server's local
// time): minutes or seconds, a space or a 'T' between day and time. RFC 3339 (with its zone) is read too.
var DateTimeLayouts = []string{"2006-01-02 15:04", "2006-01-02 15:04:05", "2006-01-02T15:04"}

// DateTime reads a date and time of the company's zone (DateTimeLayouts) or RFC 3339 and answers it in UTC.
// field is the message key of the field's name: the refusal (validate.time_bad) says which field is wrong.
func DateTime(field, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, l := range DateTimeLayouts {
		if t, err := time.ParseInLocation(l, s, time.Local); err == nil {
			return t.UTC(), nil
		}
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	return time.Time{}, httpx.Fail("validate.time_bad", httpx.Msg(field))
}

// Year refuses a date whose year is outside MinYear and MaxYear.
func Year(t time.Time) error {
	if y := t.Year(); y < MinYear || y > MaxYear {
		return httpx.Fail("validate.date_year", MinYear, MaxYear)
	}
	return nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"validate.date_format":  {"日期格式应为 yyyy-MM-dd", "a date is written yyyy-MM-dd"},
		"validate.date_invalid": {"日期不存在：%s", "no such date: %s"},
		"validate.date_year":    {"日期的年份须在%d到%d之间", "the year of a date must be between %d and %d"},
		"validate.time_bad":     {"%s请输入时间", "%s must be a date and time"},
	})
}
