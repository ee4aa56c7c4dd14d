package org

import (
	"context"
	"strings"
	"testing"

	"biddesk/internal/platform/dbtest"
)

// The picker's name search finds an employee by part of the name, one character included, best
// matches first; a long pasted list still matches whole names only.
func TestEmployeeNameSearchByPart(t *testing.T) {
	s := NewStore(dbtest.Open(t))
	ctx := context.Background()
	if err := s.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	for _, e := range [][2]string{{"T1", "王"}, {"T2", "汪王林"}, {"T3", "王伟测试"}, {"T4", "王%_"}} {
		if _, err := s.db.Exec(ctx, `INSERT INTO employee (code, name, phone, email, unit_code, in_status) VALUES (?, ?, '', '', '100104', 1)`, e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Employees(ctx, byName, []string{"王"})
	if err != nil || len(got) == 0 || len(got) > NameSearchHits {
		t.Fatalf("王: %d hits (%v)", len(got), err)
	}
	if got[0].Code != "T1" || got[0].Match != "王" || got[0].UnitName == "" {
		t.Fatalf("the whole name first: %+v", got[0])
	}
	rank := func(name string) int { // 0 whole, 1 begins with, 2 contains
		switch {
		case name == "王":
			return 0
		case strings.HasPrefix(name, "王"):
			return 1
		}
		return 2
	}
	for i, e := range got {
		if !strings.Contains(e.Name, "王") {
			t.Fatalf("%s does not contain 王", e.Name)
		}
		if i > 0 && rank(e.Name) < rank(got[i-1].Name) {
			t.Fatalf("%s after %s", e.Name, got[i-1].Name)
		}
	}
	// two characters inside a name; the LIKE wildcards are the user's text
	if got, _ := s.Employees(ctx, byName, []string{"王林"}); len(got) != 1 || got[0].Code != "T2" {
		t.Fatalf("王林: %+v", got)
	}
	if got, _ := s.Employees(ctx, byName, []string{"%_"}); len(got) != 1 || got[0].Code != "T4" {
		t.Fatalf("%%_: %+v", got)
	}
	if got, _ := s.Employees(ctx, byName, []string{"无此人"}); len(got) != 0 {
		t.Fatalf("无此人: %+v", got)
	}
	// a roll of more than NameSearchTerms names: whole names only
	roll := []string{"王伟测试"}
	for i := 0; i < NameSearchTerms; i++ {
		roll = append(roll, "无此人"+string(rune('a'+i)))
	}
	if got, _ := s.Employees(ctx, byName, roll); len(got) != 1 || got[0].Code != "T3" {
		t.Fatalf("roll: %+v", got)
	}
}

// Pinyin initials find an employee too: the whole initials first, then those that begin with them; rows
// written without initials (before the column, or by another path) get them at start.
func TestEmployeeNameSearchByPinyinInitials(t *testing.T) {
	for name, want := range map[string]string{"王建国": "wjg", "张晓东": "zxd", "Lily王": "lilyw", "欧阳·娜娜": "oynn", "": ""} {
		if got := NameInitials(name); got != want {
			t.Fatalf("NameInitials(%q) = %q, want %q", name, got, want)
		}
	}
	s := NewStore(dbtest.Open(t))
	ctx := context.Background()
	if err := s.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	// written without initials, as a row older than the column is
	for _, e := range [][2]string{{"P1", "吴俊国"}, {"P2", "吴俊国栋"}, {"P3", "王建"}} {
		if _, err := s.db.Exec(ctx, `INSERT INTO employee (code, name, phone, email, unit_code, in_status) VALUES (?, ?, '', '', '100104', 1)`, e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := s.Employees(ctx, byName, []string{"wjg"}); len(got) != 0 && got[0].Code == "P1" {
		t.Fatalf("initials found before they were filled: %+v", got)
	}
	if err := s.FillInitials(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := s.Employees(ctx, byName, []string{"WJG"})
	if err != nil || len(got) < 2 {
		t.Fatalf("WJG: %+v (%v)", got, err)
	}
	if got[0].Match != "WJG" || NameInitials(got[0].Name) != "wjg" {
		t.Fatalf("whole initials first: %+v", got[0])
	}
	for i, e := range got {
		in := NameInitials(e.Name)
		if !strings.HasPrefix(in, "wjg") {
			t.Fatalf("%s (%s) does not begin with wjg", e.Name, in)
		}
		if i > 0 && in == "wjg" && NameInitials(got[i-1].Name) != "wjg" {
			t.Fatalf("%s after %s", e.Name, got[i-1].Name)
		}
	}
	codes := map[string]bool{}
	for _, e := range got {
		codes[e.Code] = true
	}
	if !codes["P1"] || !codes["P2"] || codes["P3"] {
		t.Fatalf("wjg: %v", codes)
	}
	// letters that are nobody's initials answer nothing, as a name that nobody has
	if got, _ := s.Employees(ctx, byName, []string{"qqqx"}); len(got) != 0 {
		t.Fatalf("qqqx: %+v", got)
	}
}
