package org

import (
	"context"
	"testing"

	"biddesk/internal/platform/dbtest"
)

func TestDemoOrganisation(t *testing.T) {
	s := NewStore(dbtest.Open(t))
	ctx := context.Background()
	if err := s.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.SeedDemo(ctx); err != nil { // a second run changes nothing
		t.Fatal(err)
	}
	n, err := s.CountUnits(ctx)
	if err != nil || n < 280 || n > 330 {
		t.Fatalf("%d units, want about 300 (%v)", n, err)
	}
	var levels, specials, employees, orphans int
	s.db.QueryRow(ctx, `SELECT COUNT(DISTINCT level) FROM org_unit`).Scan(&levels)
	s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE special <> '' AND is_click = 0`).Scan(&specials)
	s.db.QueryRow(ctx, `SELECT COUNT(*) FROM employee`).Scan(&employees)
	s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit u WHERE u.parent_full_unit_code <> '' AND NOT EXISTS (SELECT 1 FROM org_unit p WHERE p.full_unit_code = u.parent_full_unit_code)`).Scan(&orphans)
	if levels != 4 || specials != 3 || employees != 500 || orphans != 0 {
		t.Fatalf("levels %d, special roots %d, employees %d, orphans %d", levels, specials, employees, orphans)
	}
	name, _ := s.UnitName(ctx, "1002")
	if name != "区域公司" {
		t.Fatalf("subordinate-companies node is %q", name)
	}
}

// The named demo people are one person each: their code answers their name and unit, and no
// other demo employee carries the name.
func TestDemoPeopleAgree(t *testing.T) {
	s := NewStore(dbtest.Open(t))
	ctx := context.Background()
	if err := s.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	for i, p := range DemoPeople {
		code, name := DemoEmployee(i)
		if name != p.Name {
			t.Fatalf("DemoEmployee(%d) = %s, want %s", i, name, p.Name)
		}
		var n int
		var unit string
		if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM employee WHERE name = ?`, p.Name).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d employees named %s (%v)", n, p.Name, err)
		}
		if err := s.db.QueryRow(ctx, `SELECT unit_code FROM employee WHERE code = ? AND name = ?`, code, p.Name).Scan(&unit); err != nil {
			t.Fatalf("%s is not %s: %v", code, p.Name, err)
		}
		if p.Unit != "" && unit != p.Unit {
			t.Fatalf("%s works in %s, want %s", p.Name, unit, p.Unit)
		}
	}
}
