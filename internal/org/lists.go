package org

import (
	"strconv"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

var inStatuses = map[string]any{"0": 0, "1": 1}

// unitSpec is the unit list of the organisation screen: searched by name, code (with the
// subtree), level, type and status; sorted by code, name or level.
var unitSpec = &list.Spec{
	Select: `u.id, u.unit_name, ` + LabelSQL("u") + `, u.full_unit_code, u.parent_full_unit_code, u.full_unit_name, u.level, u.disabled, u.special, u.unit_type, u.in_status,
		EXISTS (SELECT 1 FROM org_unit c WHERE c.parent_full_unit_code = u.full_unit_code AND c.in_status = 1)`,
	From: `org_unit u`,
	Filters: []list.Filter{
		{Param: "unitName", Column: "u.unit_name", Kind: list.Contains},
		{Param: "fullUnitCode", Column: "u.full_unit_code", Kind: list.Prefix},
		{Param: "level", Column: "u.level", Kind: list.Exact, Map: list.Int("level")},
		{Param: "unitType", Column: "u.unit_type", Kind: list.Exact, Map: list.OneOf("unitType", map[string]any{"1": 1, "2": 2})},
		{Param: "inStatus", Column: "u.in_status", Kind: list.Exact, Map: list.OneOf("inStatus", inStatuses)},
	},
	Sorts:       map[string]string{"fullUnitCode": "u.full_unit_code", "unitName": "u.unit_name", "level": "u.level"},
	DefaultSort: "u.full_unit_code",
	TieBreak:    "u.id",
}

func scanUnit(row interface{ Scan(...any) error }) (Unit, error) {
	var u Unit
	var level, disabled int
	err := row.Scan(&u.ID, &u.UnitName, &u.UnitLabel, &u.FullUnitCode, &u.ParentFullUnitCode, &u.FullUnitName, &level, &disabled, &u.Special, &u.UnitType, &u.InStatus, &u.HasChildren)
	u.Level, u.TLevel, u.IsClick = strconv.Itoa(level), level, u.HasChildren
	u.Disabled = disabled == 1 || u.Special != ""
	return u, err
}

// OpenAPIName keeps the name the web knows an employee row by.
func (Employee) OpenAPIName() string { return "Employee" }

// Employee is a row of the employee list.
type Employee struct {
	ID       int64  `json:"id"`
	Code     string `json:"code"`
	Name     string `json:"name"`
	UnitCode string `json:"unitCode"`
	UnitName string `json:"unitName"`
	Phone    string `json:"phone"`
	Email    string `json:"email"`
	InStatus int    `json:"inStatus"`
}

// employeeSpec: searched by code, name, unit (with its subtree), phone and status.
var employeeSpec = &list.Spec{
	Select:    `e.id, e.code, e.name, e.unit_code, COALESCE(` + LabelSQL("o") + `, ''), e.phone, e.email, e.in_status`,
	From:      `employee e LEFT JOIN org_unit o ON o.full_unit_code = e.unit_code`,
	CountFrom: `employee e`,
	Filters: []list.Filter{
		{Param: "code", Column: "e.code", Kind: list.Prefix},
		{Param: "name", Column: "e.name", Kind: list.Contains},
		{Param: "unitCode", Column: "e.unit_code", Kind: list.Prefix},
		{Param: "phone", Column: "e.phone", Kind: list.Prefix},
		{Param: "inStatus", Column: "e.in_status", Kind: list.Exact, Map: list.OneOf("inStatus", inStatuses)},
	},
	Sorts:       map[string]string{"code": "e.code", "name": "e.name", "unitCode": "e.unit_code"},
	DefaultSort: "e.code",
	TieBreak:    "e.id",
}

func scanEmployee(row interface{ Scan(...any) error }) (Employee, error) {
	var e Employee
	err := row.Scan(&e.ID, &e.Code, &e.Name, &e.UnitCode, &e.UnitName, &e.Phone, &e.Email, &e.InStatus)
	return e, err
}

func statusText(v int, lang string) string {
	return httpx.Translate(lang, "org.status."+strconv.Itoa(v))
}

// Tables returns the unit and employee lists of the organisation screen, with their exports.
func Tables(d *db.DB) (*list.Table[Unit], *list.Table[Employee]) {
	units := &list.Table[Unit]{DB: d, Spec: unitSpec, Scan: scanUnit, File: "org.file.units",
		Columns: []list.Column[Unit]{
			{Title: "org.col.fullUnitCode", Value: func(u Unit, _ string) any { return u.FullUnitCode }},
			{Title: "org.col.unitName", Value: func(u Unit, _ string) any { return u.UnitName }},
			{Title: "org.col.parentFullUnitCode", Value: func(u Unit, _ string) any { return u.ParentFullUnitCode }},
			{Title: "org.col.fullUnitName", Value: func(u Unit, _ string) any { return u.FullUnitName }},
			{Title: "org.col.level", Value: func(u Unit, _ string) any { return u.Level }},
			{Title: "org.col.unitType", Value: func(u Unit, _ string) any { return u.UnitType }},
			{Title: "org.col.inStatus", Value: func(u Unit, lang string) any { return statusText(u.InStatus, lang) }},
		}}
	employees := &list.Table[Employee]{DB: d, Spec: employeeSpec, Scan: scanEmployee, File: "org.file.employees",
		Columns: []list.Column[Employee]{
			{Title: "org.col.code", Value: func(e Employee, _ string) any { return e.Code }},
			{Title: "org.col.name", Value: func(e Employee, _ string) any { return e.Name }},
			{Title: "org.col.unitCode", Value: func(e Employee, _ string) any { return e.UnitCode }},
			{Title: "org.col.unitName", Value: func(e Employee, _ string) any { return e.UnitName }},
			{Title: "org.col.phone", Value: func(e Employee, _ string) any { return e.Phone }},
			{Title: "org.col.email", Value: func(e Employee, _ string) any { return e.Email }},
			{Title: "org.col.inStatus", Value: func(e Employee, lang string) any { return statusText(e.InStatus, lang) }},
		}}
	return units, employees
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"org.file.units":       {"组织列表", "Units"},
		"org.file.employees":   {"员工列表", "Employees"},
		"org.col.fullUnitName": {"组织全称", "Full name"},
		"org.col.level":        {"层级", "Level"},
		"org.status.1":         {"在用", "Active"},
		"org.status.0":         {"停用", "Closed"},
	})
}
