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
	if name != "下属公司" {
		t.Fatalf("subordinate-companies node is %q", name)
	}
}
