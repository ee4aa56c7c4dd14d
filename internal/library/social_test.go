package library

import (
	"testing"
	"time"
)

// The continuous-months rule (docs/library.md, 'Continuous months'): consecutive calendar months ending with the
// month asked, each paid at least once in the city.
func TestContinuousMonthsRule(t *testing.T) {
	months := func(ms ...string) map[string]bool {
		out := map[string]bool{}
		for _, m := range ms {
			out[m] = true
		}
		return out
	}
	span := func(from, to string) []string {
		var out []string
		for m := from; m <= to; m = AddMonths(m, 1) {
			out = append(out, m)
		}
		return out
	}
	for _, c := range []struct {
		name string
		paid []string
		upTo string
		want int
	}{
		{"twelve months up to the month", span("2025-06", "2026-05"), "2026-05", 12},
		{"across a year end", span("2025-11", "2026-02"), "2026-02", 4},
		{"the month itself unpaid", span("2025-01", "2026-04"), "2026-05", 0},
		{"counted up to an earlier month", span("2025-01", "2026-05"), "2025-12", 12},
		{"a gap breaks the run", append(span("2025-01", "2025-09"), span("2025-11", "2026-05")...), "2026-05", 7},
		{"a month paid twice counts once", append(span("2026-01", "2026-05"), "2026-03", "2026-03"), "2026-05", 5},
		{"nothing paid", nil, "2026-05", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ContinuousMonths(months(c.paid...), c.upTo); got != c.want {
				t.Errorf("got %d, want %d", got, c.want)
			}
		})
	}
	// a city change: runs are per city
	runs := runsOf(map[string]map[string]bool{"杭州": months(span("2025-01", "2025-12")...), "上海": months(span("2026-01", "2026-05")...)}, "2026-05")
	if len(runs) != 1 || runs[0] != (SocialRun{City: "上海", Months: 5, From: "2026-01", UpTo: "2026-05"}) {
		t.Errorf("runs after a move: %+v", runs)
	}
}

func TestParseMonthAndCity(t *testing.T) {
	now := time.Date(2026, 5, 20, 12, 0, 0, 0, time.Local)
	for in, want := range map[string]string{"2026-05": "2026-05", "2026/5": "2026-05", "2026.1": "2026-01", "2025年12月": "2025-12",
		"202604": "2026-04", "2026-03-01": "2026-03", "46113": "2026-04"} {
		if got, err := ParseMonth(in, now); err != nil || got != want {
			t.Errorf("ParseMonth(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"2026-13", "2026-06", "abc", "1900-01", ""} {
		if got, err := ParseMonth(bad, now); err == nil {
			t.Errorf("ParseMonth(%q) = %q, want an error", bad, got)
		}
	}
	if NormCity(" 上海市 ") != "上海" || NormCity("市") != "市" || NormCity("杭州") != "杭州" {
		t.Error("NormCity")
	}
}

func TestMessageKindOfCode(t *testing.T) {
	for code, want := range map[string]string{"review:1:2": MsgReview, "expiry:license:3:2026-01-01": MsgExpiry, "loan:4:2026-01-01": MsgLoan,
		"course:5:audit:99": MsgCourse, "reward:6:approve": MsgReward, "demand:7:open": MsgDemand, "coursepush:8": MsgNotice, "": MsgNotice} {
		if got := KindOfCode(code); got != want {
			t.Errorf("KindOfCode(%q) = %q, want %q", code, got, want)
		}
	}
}
