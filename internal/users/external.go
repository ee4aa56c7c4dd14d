package users

import (
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// The list of external accounts (/externalUser) is a list over the account record, so it is declared here,
// next to the record's columns and joins; internal/external serves it (ExternalTable) without reaching into
// this package's SQL.

// externalSpec is the /externalUser list: live external accounts, searched by login code, name,
// organisation and state.
var externalSpec = &list.Spec{
	Select:    userSelect,
	From:      userFrom,
	CountFrom: "sys_user u",
	// A late row lookup over the account indexes of migration 023, as the staff list.
	Key:     "u.id",
	KeyFrom: "sys_user u",
	Where:   `u.deleted_at IS NULL AND u.user_type = '` + auth.SiteExternal + `'`,
	Filters: []list.Filter{
		{Param: "loginCode", Column: "u.login_code", Kind: list.Text, FullText: "sys_user_fts"},
		{Param: "userName", Column: "u.user_name", Kind: list.Text, FullText: "sys_user_fts"},
		{Param: "extOrgId", Column: "u.ext_org_id", Kind: list.Exact, Map: list.Int("extOrgId")},
		{Param: "state", Column: "u.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{"0": 0, "1": 1})},
	},
	// The organisation-name sort reads its keys with the organisation join (an account may have none).
	SortFrom: map[string]list.KeySource{"extOrgName": {From: userFrom}},
	Sorts: map[string]string{
		"loginCode": "u.login_code", "userName": "u.user_name", "extOrgName": "e.name", "state": "u.state",
		"createdAt": "u.created_at", "lastLoginAt": lastSignIn,
	},
	DefaultSort: "u.created_at DESC",
	TieBreak:    "u.id {dir}",
}

// ExternalTable serves GET /api/sys/externalUser/list and /export.
func ExternalTable(d *db.DB, roles Roles) *list.Table[User] {
	state := func(s int, lang string) any { return httpx.Translate(lang, stateKey(s)) }
	return &list.Table[User]{
		DB: d, Spec: externalSpec, Scan: scanUser, Complete: withRoles(roles), File: "extuser.file",
		Columns: []list.Column[User]{
			{Title: "user.col.loginCode", Value: text(func(u User) string { return u.LoginCode })},
			{Title: "user.col.userName", Value: text(func(u User) string { return u.UserName })},
			{Title: "extuser.col.org", Value: text(func(u User) string { return u.ExtOrgName })},
			{Title: "user.col.phone", Value: text(func(u User) string { return u.Phone })},
			{Title: "user.col.email", Value: text(func(u User) string { return u.Email })},
			{Title: "user.col.state", Value: func(u User, lang string) any { return state(u.State, lang) }},
			{Title: "extuser.col.orgState", Value: func(u User, lang string) any { return state(u.ExtOrgState, lang) }},
			{Title: "user.col.roles", Value: text(roleNames)},
			{Title: "user.col.createdAt", Value: func(u User, _ string) any { return u.CreatedAt }},
			{Title: "user.col.lastLoginAt", Value: func(u User, _ string) any { return u.LastLoginAt }},
		},
	}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"extuser.file":         {"外部用户", "external_users"},
		"extuser.col.org":      {"所属组织", "Organisation"},
		"extuser.col.orgState": {"组织状态", "Organisation state"},
	})
}
