package stats

import (
	"context"
	"strings"

	"biddesk/internal/org"
	"biddesk/internal/platform/errs"
)

type roleInfo struct {
	id         int64
	code, name string
}

// Role is /personnel_role: accounts per role, per unit (a column per role) and, with byPerson or at a unit
// without subordinates, each person's roles. Roles are counted as they are now; the period does not apply.
func (s *Service) Role(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: role")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("u.unit_code")
	var roles []roleInfo
	if err := forEach(c, `SELECT id, code, name FROM sys_role ORDER BY id`, nil, func(scan func(...any) error) error {
		var ri roleInfo
		if err := scan(&ri.id, &ri.code, &ri.name); err != nil {
			return err
		}
		roles = append(roles, ri)
		return nil
	}); err != nil {
		return nil, err
	}
	// accounts by (unit, role); the role's index in roles is the value's position
	pos := map[int64]int{}
	for i, ri := range roles {
		pos[ri.id] = i
	}
	width := len(roles) + 2 // accounts, accounts without a role, then one per role
	byUnit := map[string][]int64{}
	get := func(code string) []int64 {
		v := byUnit[code]
		if v == nil {
			v = make([]int64, width)
			byUnit[code] = v
		}
		return v
	}
	if err := forEach(c, `SELECT u.unit_code, COUNT(*), SUM(CASE WHEN EXISTS (SELECT 1 FROM sys_user_role x WHERE x.user_id = u.id) THEN 0 ELSE 1 END)
		FROM sys_user u WHERE u.deleted_at IS NULL AND `+cond+` GROUP BY u.unit_code`, cargs, func(scan func(...any) error) error {
		var code string
		var n, none int64
		if err := scan(&code, &n, &none); err != nil {
			return err
		}
		v := get(code)
		v[0], v[1] = n, none
		return nil
	}); err != nil {
		return nil, err
	}
	if err := forEach(c, `SELECT u.unit_code, ur.role_id, COUNT(*) FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id
		WHERE u.deleted_at IS NULL AND `+cond+` GROUP BY u.unit_code, ur.role_id`, cargs, func(scan func(...any) error) error {
		var code string
		var role, n int64
		if err := scan(&code, &role, &n); err != nil {
			return err
		}
		if i, ok := pos[role]; ok {
			get(code)[2+i] += n
		}
		return nil
	}); err != nil {
		return nil, err
	}
	totals := make([]int64, width)
	for _, v := range byUnit {
		for i := range v {
			totals[i] += v[i]
		}
	}
	chart := Chart{Key: "roles", Title: c.tr("stats.t.roles"), Kind: "bar", Series: []Series{{Key: "accounts", Name: c.tr("stats.c.accounts")}}}
	roleTable := Table{Key: "roles", Title: c.tr("stats.t.roles"), Columns: []Column{c.col("roleName", false), c.col("roleCode", false), c.col("accounts", true)}, Rows: []map[string]any{}}
	for i, ri := range roles {
		chart.Labels = append(chart.Labels, ri.name)
		chart.Series[0].Values = append(chart.Series[0].Values, totals[2+i])
		roleTable.Rows = append(roleTable.Rows, map[string]any{"roleName": ri.name, "roleCode": ri.code, "accounts": totals[2+i]})
	}
	chart.Labels = append(chart.Labels, c.tr("stats.c.noRole"))
	chart.Series[0].Values = append(chart.Series[0].Values, totals[1])
	roleTable.Rows = append(roleTable.Rows, map[string]any{"roleName": c.tr("stats.c.noRole"), "roleCode": "", "accounts": totals[1]})
	r.Summary = []Stat{c.stat("accounts", totals[0]), c.stat("roles", int64(len(roles))), c.stat("noRole", totals[1])}
	r.Charts = append(r.Charts, chart)

	if f.ByPerson || (c.unit != nil && c.unit.Leaf) {
		t, err := c.rolePeople(cond, cargs)
		if err != nil {
			return nil, err
		}
		r.Tables = append(r.Tables, t, roleTable)
		return r, nil
	}
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	cols := []Column{c.col("accounts", true), c.col("noRole", true)}
	for _, ri := range roles {
		cols = append(cols, Column{Key: "role_" + ri.code, Title: ri.name, Number: true})
	}
	ch, t := c.unitTable("roleUnits", bars, fold(bars, byUnit, width), cols, []int{0})
	r.Charts = append(r.Charts, ch)
	r.Tables = append(r.Tables, t, roleTable)
	return r, nil
}

// rolePeople lists the people of the scope with their roles (at most MaxRows, by login code).
func (c *call) rolePeople(cond string, cargs []any) (Table, error) {
	t := Table{Key: "rolePeople", Title: c.tr("stats.t.rolePeople"), Rows: []map[string]any{}, Columns: []Column{
		c.col("loginCode", false), c.col("userName", false), c.col("unitName", false), c.col("roleNames", false)}}
	var ids []int64
	rows := map[int64]map[string]any{}
	err := forEach(c, `SELECT u.id, u.login_code, u.user_name, COALESCE(`+org.LabelSQL("o")+`, '') FROM sys_user u
		LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code WHERE u.deleted_at IS NULL AND `+cond+`
		ORDER BY u.login_code LIMIT `+itoa(MaxRows), cargs, func(scan func(...any) error) error {
		var id int64
		var code, name, unit string
		if err := scan(&id, &code, &name, &unit); err != nil {
			return err
		}
		row := map[string]any{"loginCode": code, "userName": name, "unitName": unit, "roleNames": ""}
		ids = append(ids, id)
		rows[id] = row
		t.Rows = append(t.Rows, row)
		return nil
	})
	if err != nil || len(ids) == 0 {
		return t, err
	}
	in := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		in[i], args[i] = "?", id
	}
	names := map[int64][]string{}
	err = forEach(c, `SELECT ur.user_id, r.name FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
		WHERE ur.user_id IN (`+strings.Join(in, ",")+`) ORDER BY ur.user_id, r.id`, args, func(scan func(...any) error) error {
		var id int64
		var name string
		if err := scan(&id, &name); err != nil {
			return err
		}
		names[id] = append(names[id], name)
		return nil
	})
	for id, ns := range names {
		rows[id]["roleNames"] = strings.Join(ns, c.tr("stats.sep"))
	}
	return t, err
}
