package tasks

import (
	"errors"
	"testing"
	"time"

	"biddesk/internal/platform/httpx"
)

func TestCheckCron(t *testing.T) {
	for expr, want := range map[string]string{
		"0 2 * * *":               "",
		"*/5 * * * *":             "",
		"* * * * *":               "", // once a minute is the most allowed
		"0 * * * * *":             "", // a seconds field that fires once a minute
		"@daily":                  "",
		"@every 1h":               "",
		"":                        "task.cron_invalid",
		"61 * * * *":              "task.cron_invalid",
		"* * * *":                 "task.cron_invalid",
		"every day":               "task.cron_invalid",
		"*/10 * * * * *":          "task.cron_too_often",
		"0,30 * * * * *":          "task.cron_too_often",
		"@every 30s":              "task.cron_too_often",
		"0 0 30 2 *":              "task.cron_never",
		string(make([]byte, 101)): "task.cron_invalid",
	} {
		_, err := CheckCron(expr)
		var he *httpx.Error
		switch {
		case want == "" && err != nil:
			t.Errorf("%q refused: %v", expr, err)
		case want != "" && (!errors.As(err, &he) || he.Key != want):
			t.Errorf("%q: %v, want %s", expr, err, want)
		}
	}
}

func TestScheduleTimes(t *testing.T) {
	loc := time.UTC
	s, err := ParseCron("CRON_TZ=UTC 15 4 * * 1-5")
	if err != nil {
		t.Fatal(err)
	}
	from := time.Date(2026, 11, 27, 12, 0, 0, 0, loc) // a Friday
	got := NextTimes(s, from, 3)
	want := []time.Time{time.Date(2026, 11, 30, 4, 15, 0, 0, loc), time.Date(2026, 12, 1, 4, 15, 0, 0, loc), time.Date(2026, 12, 2, 4, 15, 0, 0, loc)}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("next %d: %v, want %v", i, got[i], want[i])
		}
	}
	// the latest missed time between a last run and now
	hourly, _ := ParseCron("CRON_TZ=UTC 0 * * * *")
	last := time.Date(2026, 11, 25, 1, 0, 0, 0, loc)
	if at, ok := latestBetween(hourly, last, time.Date(2026, 11, 25, 4, 30, 0, 0, loc)); !ok || !at.Equal(time.Date(2026, 11, 25, 4, 0, 0, 0, loc)) {
		t.Errorf("latest missed: %v %v", at, ok)
	}
	if _, ok := latestBetween(hourly, last, time.Date(2026, 11, 25, 1, 59, 0, 0, loc)); ok {
		t.Error("a time was missed before the next one came")
	}
	if n := Every(time.Second).Next(time.Date(2026, 1, 1, 0, 0, 0, 400_000_000, loc)); !n.Equal(time.Date(2026, 1, 1, 0, 0, 1, 0, loc)) {
		t.Errorf("Every: %v", n)
	}
}

func TestSayIsShownInTheReadersLanguage(t *testing.T) {
	m := Say("task.msg.purge", 1, 2, 3)
	if got := render(m, httpx.LangZH); got != "删除下载凭证 1 个、会话 2 个、记住登录凭证 3 个" {
		t.Errorf("zh: %q", got)
	}
	if got := render(joinError(m, errors.New("disk full")), httpx.LangEN); got != "Deleted 1 download tickets, 2 sessions and 3 remember-me tokens: disk full" {
		t.Errorf("en with an error: %q", got)
	}
	if got := render(joinError("plain", errors.New("boom")), httpx.LangEN); got != "plain: boom" {
		t.Errorf("plain: %q", got)
	}
}
