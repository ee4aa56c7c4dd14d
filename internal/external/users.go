package external

import (
	"context"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/handover"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/users"
)

// The accounts of external organisations are accounts like the staff's (internal/users: the same
// rules, the same lifecycle and business log); what differs is where they belong (an organisation
// instead of a unit), which roles they may hold (portal roles only: access.CheckRolesFor) and the
// site they sign in at (/login2). Their list is users.ExternalTable, a list over the account record.

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
