package access

import (
	"context"
	"regexp"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// External accounts (partners and clients, signing in at /login2) see only the portal: they never
// hold a menu (every menu is an admin screen) nor a function code other than the portal's
// (PortalFunctions). The rule holds at every door: a role granting anything else is refused to an
// external account (user forms, role assignment), and the function codes and menus read for an
// external account leave the rest out (FunctionCodes, UserGrants) whatever the tables say, so a
// role that external accounts share with staff (the built-in portal role) may still be granted
// admin screens for its staff members.

// PortalFunctions are the function codes an external account may hold. An area that adds a code
// meant for the portal's users (staff and external alike) lists it here.
var PortalFunctions = []string{FunctionPortal}

var plainCode = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// portalCodesSQL is PortalFunctions as an SQL list of literals (the codes are written in code).
func portalCodesSQL() string {
	quoted := make([]string, len(PortalFunctions))
	for i, c := range PortalFunctions {
		if !plainCode.MatchString(c) {
			panic("access: portal function code " + c + " is not a plain code")
		}
		quoted[i] = "'" + c + "'"
	}
	return "(" + strings.Join(quoted, ", ") + ")"
}

// adminRoleCond holds for a role r that grants a menu or a function code outside the portal's.
func adminRoleCond() string {
	return `(EXISTS (SELECT 1 FROM sys_role_menu am WHERE am.role_id = r.id)
	OR EXISTS (SELECT 1 FROM sys_role_function af WHERE af.role_id = r.id AND af.function_code NOT IN ` + portalCodesSQL() + `))`
}

// externalCodeFilter keeps only the portal's function codes (rf.function_code) for an external account (ur.user_id).
func externalCodeFilter() string {
	return ` AND (rf.function_code IN ` + portalCodesSQL() + ` OR NOT EXISTS (SELECT 1 FROM sys_user xu
	WHERE xu.id = ur.user_id AND xu.user_type = '` + auth.SiteExternal + `'))`
}

// externalMenuFilter leaves every menu out for an external account (ur.user_id).
const externalMenuFilter = ` AND NOT EXISTS (SELECT 1 FROM sys_user xu WHERE xu.id = ur.user_id AND xu.user_type = '` + auth.SiteExternal + `')`

// noAdminRoles fails, naming the role, when one of the roles grants an admin menu or function code.
func noAdminRoles(ctx context.Context, q db.Querier, roleIDs []int64) error {
	for _, id := range roleIDs {
		var name string
		err := q.QueryRow(ctx, `SELECT r.name FROM sys_role r WHERE r.id = ? AND `+adminRoleCond(), id).Scan(&name)
		if db.IsNoRows(err) {
			continue
		}
		if err != nil {
			return err
		}
		return httpx.Fail("role.admin_for_external", name)
	}
	return nil
}

// CheckRolesFor fails when one of the roles does not exist or, for an account of userType
// external, grants an admin menu or function code.
func (s *Store) CheckRolesFor(ctx context.Context, userType string, roleIDs []int64) (err error) {
	defer errs.Wrap(&err, "access: check roles for %v", roleIDs)
	if err := s.CheckRoles(ctx, roleIDs); err != nil {
		return err
	}
	if userType != auth.SiteExternal {
		return nil
	}
	return noAdminRoles(ctx, s.db, roleIDs)
}

// grantable refuses to give an admin role to an external account (role assignment), as q sees it.
func grantable(ctx context.Context, q db.Querier, userID, roleID int64) error {
	var userType string
	err := q.QueryRow(ctx, `SELECT user_type FROM sys_user WHERE id = ? AND deleted_at IS NULL`, userID).Scan(&userType)
	if db.IsNoRows(err) {
		return httpx.Fail("user.not_found")
	}
	if err != nil || userType != auth.SiteExternal {
		return err
	}
	return noAdminRoles(ctx, q, []int64{roleID})
}

// PortalRoles lists the roles an external account may hold: those granting no menu and only
// portal function codes.
func (s *Store) PortalRoles(ctx context.Context) (_ []RoleRef, err error) {
	defer errs.Wrap(&err, "access: portal roles")
	rows, err := s.db.Query(ctx, `SELECT r.id, r.code, r.name FROM sys_role r WHERE NOT `+adminRoleCond()+` ORDER BY r.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []RoleRef{}
	for rows.Next() {
		var r RoleRef
		if err := rows.Scan(&r.ID, &r.Code, &r.Name); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"role.admin_for_external": {"外部用户只能使用门户，不能授予含管理菜单或管理操作权限的角色「%s」", "External users only use the portal; the role %s grants admin menus or functions"},
	})
}
