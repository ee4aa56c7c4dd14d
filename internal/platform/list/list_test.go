package list

import (
	"testing"
	"time"

	"biddesk/internal/platform/httpx"
)

func TestEscapeLike(t *testing.T) {
	if got := EscapeLike("50%_a!b"); got != "50!%!_a!!b" {
		t.Fatalf("EscapeLike: %q", got)
	}
}

func TestOrderByUsesOnlyTheWhitelist(t *testing.T) {
	s := &Spec{Sorts: map[string]string{"name": "u.user_name"}, DefaultSort: "u.id DESC", TieBreak: "u.id"}
	for _, c := range []struct{ sort, order, want string }{
		{"", "", "u.id DESC, u.id"},
		{"name", "descend", "u.user_name DESC, u.id"},
		{"name", "", "u.user_name ASC, u.id"},
	} {
		got, err := s.orderBy(c.sort, c.order)
		if err != nil || got != c.want {
			t.Errorf("orderBy(%q, %q) = %q, %v", c.sort, c.order, got, err)
		}
	}
	for _, bad := range [][2]string{{"u.user_name", ""}, {"name; DROP TABLE x", ""}, {"name", "up"}} {
		if _, err := s.orderBy(bad[0], bad[1]); err == nil {
			t.Errorf("orderBy(%q, %q) accepted", bad[0], bad[1])
		} else if e, ok := err.(*httpx.Error); !ok || e.Code != httpx.CodeFail {
			t.Errorf("orderBy(%q): %v is not a code-1 failure", bad[0], err)
		}
	}
}

func TestParseTime(t *testing.T) {
	at, dateOnly, err := ParseTime("2025-03-01T08:00:00+08:00")
	if err != nil || dateOnly || !at.Equal(time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)) || at.Location() != time.UTC {
		t.Fatalf("RFC 3339: %v %v %v", at, dateOnly, err)
	}
	if _, dateOnly, err := ParseTime("2025-03-01"); err != nil || !dateOnly {
		t.Fatalf("date only: %v %v", dateOnly, err)
	}
	if _, _, err := ParseTime("yesterday"); err == nil {
		t.Fatal("accepted 'yesterday'")
	}
}
