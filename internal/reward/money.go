package reward

import (
	"fmt"
	"strconv"
	"strings"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/validate"
)

// ParseCents reads an amount in yuan ("1200", "1200.5", "1200.50") as integer cents: never a float. Negative
// amounts, more than two decimals and more than MaxCents are refused with the field's label (a message key).
func ParseCents(field httpx.Msg, s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, httpx.Fail("reward.amount_required", field)
	}
	if strings.HasPrefix(s, "-") {
		return 0, httpx.Fail("reward.amount_negative", field)
	}
	if !validate.IsDecimal(s) { // the one plain-decimal rule (no "+1", "1e3", "0x10", "1_000", NaN)
		return 0, httpx.Fail("reward.amount_bad", field)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, httpx.Fail("reward.amount_decimals", field)
	}
	if len(whole) > 12 {
		return 0, httpx.Fail("reward.amount_large", field)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, httpx.Fail("reward.amount_bad", field)
	}
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt((frac + "0")[:2], 10, 64)
	}
	c := w*100 + f
	if c > MaxCents {
		return 0, httpx.Fail("reward.amount_large", field)
	}
	return c, nil
}

// Yuan writes cents as yuan with two decimals.
func Yuan(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}
