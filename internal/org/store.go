// Package org holds organisation units and employees: the tree and its look-ups, the data
// rules that limit which units a user may see, the employee selector, and the Excel import.
package org

import (
	"context"
	"strconv"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Special marks the three root nodes of spec section 9 that are never selectable.
const (
	SpecialGroupRoot    = "group_root"    // the group
	SpecialSecondRoot   = "second_root"   // the service company
	SpecialSubCompanies = "sub_companies" // the 'subordinate companies' placeholder
)

// Unit types, for the picker's type filter.
const (
	TypeCompany    = 1
	TypeDepartment = 2
)

// Unit is an organisation unit (spec section 3). IsClick follows the spec: a unit that is not
// clickable is a leaf, so IsClick is true exactly when the unit has active children (HasChildren
// says the same for clients of the first tree API). Disabled units, and the three special roots,
// cannot be chosen.
type Unit struct {
	ID                 int64  `json:"id"`
	UnitName           string `json:"unitName"`
	UnitLabel          string `json:"unitLabel" doc:"the end of the path that tells the unit from every other (北京华信物业服务有限公司 / 投标管理部)"`
	FullUnitCode       string `json:"fullUnitCode"`
	ParentFullUnitCode string `json:"parentFullUnitCode"`
	FullUnitName       string `json:"fullUnitName" doc:"path of names joined by commas"`
	Level              string `json:"level" doc:"level as a string number, root 1"`
	TLevel             int    `json:"tlevel" doc:"the tree level as a number (root 1): the level the picker asks the children of this unit at is tlevel+1"`
	IsClick            bool   `json:"isClick" doc:"true when the unit has active children (spec: a unit that is not clickable is a leaf)"`
	Disabled           bool   `json:"disabled" doc:"true: cannot be chosen (the special roots, disabled units)"`
	Special            string `json:"special,omitempty" doc:"group_root, second_root or sub_companies for the non-selectable roots"`
	UnitType           int    `json:"unitType" doc:"1 company, 2 department"`
	InStatus           int    `json:"inStatus"`
	HasChildren        bool   `json:"hasChildren"`
}

// Store holds the SQL of units and employees.
type Store struct {
	db     *db.DB
	scopes scopeCache // Visibility's answers (scopecache.go)
	bg     Background // the job engine a large import runs on (UseJobs)
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// unitQuery is a WHERE clause over org_unit u, built from parts.
type unitQuery struct {
	where []string
	args  []any
	order string
	limit int
}

func (q *unitQuery) and(cond string, args ...any) *unitQuery {
	q.where = append(q.where, cond)
	q.args = append(q.args, args...)
	return q
}

// units runs q: one query, children flags included (no query per unit).
func (s *Store) units(ctx context.Context, q *unitQuery) ([]Unit, error) {
	sql := `SELECT u.id, u.unit_name, ` + LabelSQL("u") + `, u.full_unit_code, u.parent_full_unit_code, u.full_unit_name, u.level, u.disabled, u.special, u.unit_type, u.in_status
		FROM org_unit u`
	if len(q.where) > 0 {
		sql += " WHERE " + strings.Join(q.where, " AND ")
	}
	order := q.order
	if order == "" {
		order = "u.level, u.sort, u.id"
	}
	sql += " ORDER BY " + order
	if q.limit > 0 {
		sql += " LIMIT " + strconv.Itoa(q.limit)
	}
	rows, err := s.db.Query(ctx, sql, q.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Unit{}
	for rows.Next() {
		var u Unit
		var level, disabled int
		if err := rows.Scan(&u.ID, &u.UnitName, &u.UnitLabel, &u.FullUnitCode, &u.ParentFullUnitCode, &u.FullUnitName, &level, &disabled, &u.Special, &u.UnitType, &u.InStatus); err != nil {
			return nil, err
		}
		u.Level, u.TLevel = strconv.Itoa(level), level
		u.Disabled = disabled == 1 || u.Special != ""
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, s.markParents(ctx, out)
}

// markParents sets HasChildren (and IsClick) of the units that have an active child, in one statement
// for all of them. A correlated EXISTS per unit let PostgreSQL scan the whole unit table once per
// unit found (on a small table it expects the first child early; a leaf has none): 3.5 ms for a search.
func (s *Store) markParents(ctx context.Context, units []Unit) error {
	if len(units) == 0 {
		return nil
	}
	codes := make([]any, len(units))
	for i, u := range units {
		codes[i] = u.FullUnitCode
	}
	rows, err := s.db.Query(ctx, `SELECT DISTINCT parent_full_unit_code FROM org_unit
		WHERE in_status = 1 AND parent_full_unit_code IN (`+db.Placeholders(len(codes))+`)`, codes...)
	if err != nil {
		return err
	}
	defer rows.Close()
	parents := map[string]bool{}
	for rows.Next() {
		var code string
		if err := rows.Scan(&code); err != nil {
			return err
		}
		parents[code] = true
	}
	for i := range units {
		units[i].HasChildren = parents[units[i].FullUnitCode]
		units[i].IsClick = units[i].HasChildren
	}
	return rows.Err()
}

// Children returns the active units whose parent is pid, in their order; the roots when pid is "".
func (s *Store) Children(ctx context.Context, pid string) (_ []Unit, err error) {
	defer errs.Wrap(&err, "org: children")
	return s.units(ctx, (&unitQuery{order: "u.sort, u.id"}).and("u.parent_full_unit_code = ?", pid).and("u.in_status = 1"))
}

// Unit returns the unit with the code, or nil.
func (s *Store) Unit(ctx context.Context, code string) (_ *Unit, err error) {
	defer errs.Wrap(&err, "org: unit %s", code)
	us, err := s.units(ctx, (&unitQuery{}).and("u.full_unit_code = ?", code))
	if err != nil || len(us) == 0 {
		return nil, err
	}
	return &us[0], nil
}

// Exists tells whether an active unit has this code.
func (s *Store) Exists(ctx context.Context, code string) (_ bool, err error) {
	defer errs.Wrap(&err, "org: exists %s", code)
	var n int
	err = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE full_unit_code = ? AND in_status = 1`, code).Scan(&n)
	return n > 0, err
}

// UnitName returns a unit's name, "" when the code is empty or unknown.
func (s *Store) UnitName(ctx context.Context, code string) (_ string, err error) {
	defer errs.Wrap(&err, "org: unit name %s", code)
	if code == "" {
		return "", nil
	}
	var name string
	err = s.db.QueryRow(ctx, `SELECT unit_name FROM org_unit WHERE full_unit_code = ?`, code).Scan(&name)
	if db.IsNoRows(err) {
		return "", nil
	}
	return name, err
}

// CountUnits returns how many units exist.
func (s *Store) CountUnits(ctx context.Context) (_ int, err error) {
	defer errs.Wrap(&err, "org: count units")
	var n int
	err = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit`).Scan(&n)
	return n, err
}
