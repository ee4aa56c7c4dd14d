package external

import (
	"context"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/handover"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/users"
)

// The accounts of external organisations are accounts like the staff's (internal/users: the same
// rules, the same lifecycle and business log); what differs is where they belong (an organisation
// instead of a unit), which roles they may hold (portal roles only: access.CheckRolesFor) and the
// site they sign in at (/login2).

// userSpec is the /externalUser list: live external accounts, searched by login code, name,
// organisation and state.
var userSpec = &list.Spec{
	Select:    users.RecordSelect,
	From:      users.RecordFrom,
	CountFrom: "sys_user u",
	// A late row lookup over the account indexes of migration 023, as the staff list (internal/users).
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
	SortFrom: map[string]list.KeySource{"extOrgName": {From: users.RecordFrom}},
	Sorts: map[string]string{
		"loginCode": "u.login_code", "userName": "u.user_name", "extOrgName": "e.name", "state": "u.state",
		"createdAt": "u.created_at", "lastLoginAt": "u.last_login_at",
	},
	DefaultSort: "u.created_at DESC",
	TieBreak:    "u.id DESC",
}

// UserTable serves GET /api/sys/externalUser/list and /export.
func UserTable(d *db.DB, roles *access.Store) *list.Table[users.User] {
	text := func(f func(users.User) string) func(users.User, string) any {
		return func(u users.User, _ string) any { return f(u) }
	}
	return &list.Table[users.User]{
		DB: d, Spec: userSpec, Scan: users.ScanRecord, Complete: users.CompleteRoles(roles), File: "extuser.file",
		Columns: []list.Column[users.User]{
			{Title: "user.col.loginCode", Value: text(func(u users.User) string { return u.LoginCode })},
			{Title: "user.col.userName", Value: text(func(u users.User) string { return u.UserName })},
			{Title: "extuser.col.org", Value: text(func(u users.User) string { return u.ExtOrgName })},
			{Title: "user.col.phone", Value: text(func(u users.User) string { return u.Phone })},
			{Title: "user.col.email", Value: text(func(u users.User) string { return u.Email })},
			{Title: "user.col.state", Value: func(u users.User, lang string) any { return stateText(u.State, lang) }},
			{Title: "extuser.col.orgState", Value: func(u users.User, lang string) any { return stateText(u.ExtOrgState, lang) }},
			{Title: "user.col.roles", Value: text(users.RoleNames)},
			{Title: "user.col.createdAt", Value: func(u users.User, _ string) any { return u.CreatedAt }},
			{Title: "user.col.lastLoginAt", Value: func(u users.User, _ string) any { return u.LastLoginAt }},
		},
	}
}

// place is where an external account belongs: a live organisation (no unit).
func (s *Service) place(ctx context.Context, f *users.Form) error {
	f.UnitCode = ""
	if f.ExtOrgID == 0 {
		return httpx.Fail("extuser.org_required")
	}
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM ext_org WHERE id = ? AND deleted_at IS NULL`, f.ExtOrgID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.Fail("extuser.org_unknown")
	}
	return nil
}

// portalRole is the role a new external account gets when the form names none: the built-in
// portal-only role.
func (s *Service) portalRole(ctx context.Context) ([]int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM sys_role WHERE code = ?`, access.RoleStaff).Scan(&id)
	if db.IsNoRows(err) {
		return []int64{}, nil
	}
	return []int64{id}, err
}

// UserKind is the external account as internal/users manages it.
func (s *Service) UserKind() users.Kind {
	return users.Kind{UserType: auth.SiteExternal, Screen: UserScreen, Place: s.place, DefaultRoles: s.portalRole}
}

// OwnedOrgs is the handover kind of the organisations a staff account is in charge of.
var OwnedOrgs = handover.Kind{
	Key: "ext_org_owner", Label: "handover.kind.ext_org_owner", Table: "ext_org", OwnerColumn: "owner_id",
	Where: "deleted_at IS NULL", Sort: 20,
}
