package reward

import (
	"testing"

	"biddesk/internal/platform/httpx"
)

func TestParseCentsIsExact(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "1200": 120000, "1200.5": 120050, "1200.50": 120050, "0.01": 1, "19.99": 1999, "100000000": MaxCents} {
		if got, err := ParseCents(httpx.Msg("reward.f.amount"), in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for in, key := range map[string]string{"": "reward.amount_required", "-1": "reward.amount_negative", "1.234": "reward.amount_decimals",
		"1e3": "reward.amount_bad", "1.": "reward.amount_bad", ".5": "reward.amount_bad", "12a": "reward.amount_bad", "100000000.01": "reward.amount_large",
		"9999999999999": "reward.amount_large",
		"+1":            "reward.amount_bad", "0x10": "reward.amount_bad", "1_000": "reward.amount_bad", "NaN": "reward.amount_bad", "１": "reward.amount_bad"} {
		if _, err := ParseCents(httpx.Msg("reward.f.amount"), in); err == nil || err.(*httpx.Error).Key != key {
			t.Errorf("%q: %v, want %s", in, err, key)
		}
	}
	if Yuan(120050) != "1200.50" || Yuan(1) != "0.01" || Yuan(0) != "0.00" {
		t.Errorf("Yuan: %s %s %s", Yuan(120050), Yuan(1), Yuan(0))
	}
}
