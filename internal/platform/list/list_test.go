package list

import (
	"errors"
	"math"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"biddesk/internal/platform/db"
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

func TestOffsetNeverOverflows(t *testing.T) {
	for _, c := range []struct {
		current, limit, total, offset int
		onPage                        bool
	}{
		{1, 10, 0, 0, false},
		{1, 10, 5, 0, true},
		{2, 10, 10, 0, false},
		{2, 10, 11, 10, true},
		{math.MaxInt, 100, 50, 0, false}, // (current-1)*limit would overflow
		{math.MaxInt / 2, math.MaxInt / 2, math.MaxInt, 0, false},
		{0, 10, 50, 0, false},
	} {
		if off, ok := Offset(c.current, c.limit, c.total); off != c.offset || ok != c.onPage {
			t.Errorf("Offset(%d, %d, %d) = %d %v", c.current, c.limit, c.total, off, ok)
		}
	}
}

func TestPagingAndTimeBounds(t *testing.T) {
	for q, key := range map[string]string{
		"current=0": "list.bad_current", "current=1000001": "list.bad_current", "current=9223372036854775807": "list.bad_current",
		"current=99999999999999999999": "list.bad_current", "limit=101": "list.bad_limit", "limit=-9223372036854775808": "list.bad_limit",
		"current=1.5": "http.bad_number", "limit=1e2": "http.bad_number", "current=": "",
	} {
		r := httptest.NewRequest("GET", "/x?"+q, nil)
		in, err := httpx.ReadInput(httptest.NewRecorder(), r)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = Paging(in)
		var e *httpx.Error
		if key == "" && err != nil || key != "" && (!errors.As(err, &e) || e.Key != key || e.Status != 400) {
			t.Errorf("%s: %v, want %q", q, err, key)
		}
	}
	for _, s := range []string{"0000-01-01", "10000-01-01", "9999-12-31T23:00:00-23:00", "0001-01-01T00:00:00+01:00", "2024-02-30"} {
		if _, _, err := ParseTime(s); err == nil {
			t.Errorf("ParseTime(%q) accepted", s)
		}
	}
	if _, _, err := ParseTime("2024-02-29"); err != nil {
		t.Error(err)
	}
}

func TestSortOfSeveralColumnsTakesTheDirectionOnEach(t *testing.T) {
	s := &Spec{Select: "a.id", From: "t a", Sorts: map[string]string{"name": "a.name {dir}, a.id {dir}"}, TieBreak: "a.id DESC"}
	got, err := s.OrderedSQL(db.SQLite, "name", "desc")
	if err != nil || !strings.Contains(got, "ORDER BY a.name DESC, a.id DESC, a.id DESC") {
		t.Fatalf("%q %v", got, err)
	}
}
