// Package org holds organisation units and employees.
package org

import (
	"context"

	"biddesk/internal/platform/db"
)

// Special marks the three root nodes of spec section 9 that are never selectable.
const (
	SpecialGroupRoot    = "group_root"    // the group
	SpecialSecondRoot   = "second_root"   // the service company
	SpecialSubCompanies = "sub_companies" // the 'subordinate companies' placeholder
)

// Unit is an organisation unit (spec section 3).
type Unit struct {
	ID                 int64  `json:"id"`
	UnitName           string `json:"unitName"`
	FullUnitCode       string `json:"fullUnitCode"`
	ParentFullUnitCode string `json:"parentFullUnitCode"`
	FullUnitName       string `json:"fullUnitName"`
	Level              string `json:"level"`
	IsClick            bool   `json:"isClick"`
	Disabled           bool   `json:"disabled"`
	Special            string `json:"special,omitempty"`
}

// Store holds the SQL of units and employees.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// UnitName returns a unit's name, "" when the code is empty or unknown.
func (s *Store) UnitName(ctx context.Context, code string) (string, error) {
	if code == "" {
		return "", nil
	}
	var name string
	err := s.db.QueryRow(ctx, `SELECT unit_name FROM org_unit WHERE full_unit_code = ?`, code).Scan(&name)
	if db.IsNoRows(err) {
		return "", nil
	}
	return name, err
}

// CountUnits returns how many units exist.
func (s *Store) CountUnits(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit`).Scan(&n)
	return n, err
}
