// Package users is user management (/sysuser) and the user search of role assignment
// (/roleusers): the administrator's view of accounts. Signing in is the auth area's.
package users

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"biddesk/internal/access"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// User is an account as user management lists it.
type User struct {
	ID          int64            `json:"id"`
	LoginCode   string           `json:"loginCode"`
	UserName    string           `json:"userName"`
	UserType    string           `json:"userType" enum:"staff,external"`
	UnitCode    string           `json:"unitCode"`
	UnitName    string           `json:"unitName"`
	ExtOrgID    int64            `json:"extOrgId" doc:"external accounts: the organisation (0: none)"`
	ExtOrgName  string           `json:"extOrgName"`
	ExtOrgState int              `json:"extOrgState" doc:"the organisation's state; 0: its users cannot sign in"`
	Phone       string           `json:"phone"`
	Email       string           `json:"email"`
	State       int              `json:"state" doc:"0 disabled, otherwise available"`
	UpdatePwd   int              `json:"updatePwd"`
	CreatedAt   time.Time        `json:"createdAt"`
	LastLoginAt *time.Time       `json:"lastLoginAt"`
	Roles       []access.RoleRef `json:"roles"`
}

var (
	userSelect = `u.id, u.login_code, u.user_name, u.user_type, u.unit_code, COALESCE(` + org.LabelSQL("o") + `, ''),
		COALESCE(u.ext_org_id, 0), COALESCE(e.name, ''), COALESCE(e.state, 1), u.phone, u.email, u.state, u.update_pwd, u.created_at, u.last_login_at`
	userFrom = `sys_user u LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code LEFT JOIN ext_org e ON e.id = u.ext_org_id`
)

// lastSignIn is the last sign-in as the lists sort it: an account that never signed in has the lowest
// date, so it comes last newest first and first oldest first on both databases (migration 048's indexes).
const lastSignIn = "COALESCE(u.last_login_at, '0001-01-01 00:00:00')"

var userSorts = map[string]string{
	"loginCode": "u.login_code", "userName": "u.user_name", "createdAt": "u.created_at",
	"lastLoginAt": lastSignIn, "state": "u.state",
	// Units of one name in the order of their rowid, so that each unit's accounts come from its index in id
	// order too: the page is a walk of two indexes, without sorting the accounts of a name (docs/performance.md).
	"unitName": "o.unit_name {dir}, o.id {dir}",
}

// userSpec is the /sysuser list: staff accounts, searched by name, login code, unit (with its
// sub-units: unit codes nest, so a prefix selects a subtree) and state.
//
// The page is a late row lookup (migration 023): the page's ids from sys_user alone, walking the index of
// the sort (account kind, column, id), then the unit and organisation joins for those rows only; the
// unit-name sort walks the units by name (a staff account always has an existing unit: unitPlace, and
// units are never deleted). Totals are kept while list_version 'sys_user' stays the same.
var userSpec = &list.Spec{
	Select:    userSelect,
	From:      userFrom,
	CountFrom: "sys_user u", // no filter reads the unit table
	Key:       "u.id",
	KeyFrom:   "sys_user u",
	SortFrom: map[string]list.KeySource{"unitName": {From: "org_unit o CROSS JOIN sys_user u", Cond: "u.unit_code = o.full_unit_code",
		Row: "sys_user u JOIN org_unit o ON o.full_unit_code = u.unit_code", Outer: "org_unit o"}},
	Counts: list.NewCounts("sys_user"),
	// the columns list_version 'sys_user' follows (an account's created_at never changes; the units' names
	// and codes since migration 047), and the last sign-in, which moves 'sys_user_sign_in' (migration 048)
	Anchored: map[string]bool{"": true, "createdAt": true, "loginCode": true, "userName": true, "state": true, "unitName": true,
		"lastLoginAt": true},
	SortVersions: map[string]string{"lastLoginAt": "sys_user_sign_in"},
	Where:        `u.deleted_at IS NULL AND u.user_type = 'staff'`,
	Filters: []list.Filter{
		{Param: "userName", Column: "u.user_name", Kind: list.Text, FullText: "sys_user_fts"},
		{Param: "loginCode", Column: "u.login_code", Kind: list.Text, FullText: "sys_user_fts"},
		{Param: "unitCode", Column: "u.unit_code", Kind: list.Prefix},
		{Param: "state", Column: "u.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{"0": 0, "1": 1})},
	},
	Sorts:       userSorts,
	DefaultSort: "u.created_at DESC",
	TieBreak:    "u.id {dir}",
}

// searchSpec is GET /api/user/search: every live account whose login code or name holds the keyword.
var searchSpec = &list.Spec{
	Select: userSelect,
	From:   userFrom,
	Where:  `u.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"u.login_code", "u.user_name"}},
		{Param: "unitCode", Column: "u.unit_code", Kind: list.Prefix},
		{Param: "userType", Column: "u.user_type", Kind: list.Exact, Map: list.OneOf("userType", map[string]any{"staff": "staff", "external": "external"})},
		{Param: "state", Column: "u.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{"0": 0, "1": 1})},
		{Param: "roleId", Kind: list.Cond, Column: "EXISTS (SELECT 1 FROM sys_user_role x WHERE x.user_id = u.id AND x.role_id = ?)", Map: list.Int("roleId")},
	},
	Sorts:       userSorts,
	DefaultSort: "u.login_code ASC",
	TieBreak:    "u.id ASC",
}

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var last sql.NullTime
	err := row.Scan(&u.ID, &u.LoginCode, &u.UserName, &u.UserType, &u.UnitCode, &u.UnitName, &u.ExtOrgID, &u.ExtOrgName, &u.ExtOrgState, &u.Phone, &u.Email, &u.State, &u.UpdatePwd, &u.CreatedAt, &last)
	if last.Valid {
		t := last.Time
		u.LastLoginAt = &t
	}
	u.Roles = []access.RoleRef{}
	return u, err
}

func withRoles(roles Roles) func(context.Context, []User) error {
	return func(ctx context.Context, recs []User) error {
		ids := make([]int64, len(recs))
		for i, u := range recs {
			ids[i] = u.ID
		}
		m, err := roles.RolesOfUsers(ctx, ids)
		if err != nil {
			return err
		}
		for i := range recs {
			if rs := m[recs[i].ID]; rs != nil {
				recs[i].Roles = rs
			}
		}
		return nil
	}
}

func roleNames(u User) string {
	names := make([]string, len(u.Roles))
	for i, r := range u.Roles {
		names[i] = r.Name
	}
	return strings.Join(names, ",")
}

func text(f func(User) string) func(User, string) any {
	return func(u User, _ string) any { return f(u) }
}

// Tables returns the /sysuser list (with its export) and the role-assignment search.
func Tables(d *db.DB, roles Roles) (manage, search *list.Table[User]) {
	complete := withRoles(roles)
	manage = &list.Table[User]{
		DB: d, Spec: userSpec, Scan: scanUser, Complete: complete, File: "user.file",
		Columns: []list.Column[User]{
			{Title: "user.col.loginCode", Value: text(func(u User) string { return u.LoginCode })},
			{Title: "user.col.userName", Value: text(func(u User) string { return u.UserName })},
			{Title: "user.col.unitName", Value: text(func(u User) string { return u.UnitName })},
			{Title: "user.col.phone", Value: text(func(u User) string { return u.Phone })},
			{Title: "user.col.email", Value: text(func(u User) string { return u.Email })},
			{Title: "user.col.state", Value: func(u User, lang string) any { return httpx.Translate(lang, stateKey(u.State)) }},
			{Title: "user.col.roles", Value: text(roleNames)},
			{Title: "user.col.createdAt", Value: func(u User, _ string) any { return u.CreatedAt }},
			{Title: "user.col.lastLoginAt", Value: func(u User, _ string) any { return u.LastLoginAt }},
		},
	}
	search = &list.Table[User]{DB: d, Spec: searchSpec, Scan: scanUser, Complete: complete}
	return manage, search
}

func stateKey(state int) string {
	if state == 0 {
		return "user.state.disabled"
	}
	return "user.state.available"
}
