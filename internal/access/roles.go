package access

import (
	"context"
	"net/http"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// RoleRef names a role.
type RoleRef struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// RoleSummary is a role with how many live accounts hold it (GET /api/user/role/all).
type RoleSummary struct {
	RoleRef
	MemberCount int `json:"memberCount" doc:"live accounts holding the role"`
}

// AllRoles lists every role with its member count: the members the caller may see in user
// management, the same accounts the role's member list shows them (docs/data-rules.md).
func (s *Store) AllRoles(ctx context.Context) (_ []RoleSummary, err error) {
	defer errs.Wrap(&err, "access: all roles")
	count, args, _, err := s.memberCount(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT r.id, r.code, r.name, `+count+` FROM sys_role r ORDER BY r.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []RoleSummary{}
	for rows.Next() {
		var r RoleSummary
		if err := rows.Scan(&r.ID, &r.Code, &r.Name, &r.MemberCount); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RolesOfUsers returns the roles of each of the users.
func (s *Store) RolesOfUsers(ctx context.Context, userIDs []int64) (_ map[int64][]RoleRef, err error) {
	defer errs.Wrap(&err, "access: roles of users %v", userIDs)
	return UserRoles(ctx, s.db, userIDs)
}

// RolesOfUsersIn returns the roles of each of the users as q sees them (for the areas that read them inside
// their own transaction, through an interface they declare).
func (s *Store) RolesOfUsersIn(ctx context.Context, q db.Querier, userIDs []int64) (_ map[int64][]RoleRef, err error) {
	defer errs.Wrap(&err, "access: roles of users in %v", userIDs)
	return UserRoles(ctx, q, userIDs)
}

// UserRoles returns the roles of each of the users as q sees them (a transaction sees its own changes).
func UserRoles(ctx context.Context, q db.Querier, userIDs []int64) (map[int64][]RoleRef, error) {
	out := map[int64][]RoleRef{}
	if len(userIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(userIDs))
	for i, id := range userIDs {
		args[i] = id
	}
	rows, err := q.Query(ctx, `SELECT ur.user_id, r.id, r.code, r.name FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
		WHERE ur.user_id IN (`+db.Placeholders(len(args))+`) ORDER BY r.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var uid int64
		var r RoleRef
		if err := rows.Scan(&uid, &r.ID, &r.Code, &r.Name); err != nil {
			return nil, err
		}
		out[uid] = append(out[uid], r)
	}
	return out, rows.Err()
}

// CheckRoles fails with a clear message when one of the ids is not a role.
func (s *Store) CheckRoles(ctx context.Context, roleIDs []int64) (err error) {
	defer errs.Wrap(&err, "access: check roles %v", roleIDs)
	for _, id := range roleIDs {
		var n int
		if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("role.not_found")
		}
	}
	return nil
}

// SetUserRoles replaces the roles of a user inside tx (the account area's transaction: user management
// writes role memberships only through this method).
func (s *Store) SetUserRoles(ctx context.Context, tx *db.Tx, userID int64, roleIDs []int64) (err error) {
	defer errs.Wrap(&err, "access: set user roles userID=%d roleIDs=%v", userID, roleIDs)
	if _, err := tx.Exec(ctx, `DELETE FROM sys_user_role WHERE user_id = ?`, userID); err != nil {
		return err
	}
	seen := map[int64]bool{}
	for _, id := range roleIDs {
		if seen[id] {
			continue
		}
		seen[id] = true
		if _, err := tx.Exec(ctx, `INSERT INTO sys_user_role (user_id, role_id) VALUES (?, ?)`, userID, id); err != nil {
			return err
		}
	}
	return nil
}

// Member is an account with its roles, as role assignment (/roleusers) shows it.
type Member struct {
	UserID    int64     `json:"userId"`
	LoginCode string    `json:"loginCode"`
	UserName  string    `json:"userName"`
	Roles     []RoleRef `json:"roles"`
}

// member reads a live account and its roles inside tx.
func member(ctx context.Context, tx *db.Tx, userID int64) (Member, error) {
	m := Member{UserID: userID, Roles: []RoleRef{}}
	err := tx.QueryRow(ctx, `SELECT login_code, user_name FROM sys_user WHERE id = ? AND deleted_at IS NULL`, userID).Scan(&m.LoginCode, &m.UserName)
	if db.IsNoRows(err) {
		return m, httpx.Fail("user.not_found")
	}
	if err != nil {
		return m, err
	}
	roles, err := UserRoles(ctx, tx, []int64{userID})
	if rs := roles[userID]; rs != nil {
		m.Roles = rs
	}
	return m, err
}

// MembersScreen is the menu and function code of /roleusers.
const MembersScreen = "roleusers"

// GrantRole gives a role to a live user (nothing changes when the user holds it already);
// RevokeRole takes it away. The user must be within the caller's data scope of user management,
// and the change must obey the grant rule (grantrule.go). A change is written to the business
// log with the user's roles before and after; a call that changes nothing leaves no log row.
func (s *Store) GrantRole(ctx context.Context, userID, roleID int64) (err error) {
	defer errs.Wrap(&err, "access: grant role userID=%d roleID=%d", userID, roleID)
	return s.changeMember(ctx, userID, roleID, true)
}

func (s *Store) RevokeRole(ctx context.Context, userID, roleID int64) (err error) {
	defer errs.Wrap(&err, "access: revoke role userID=%d roleID=%d", userID, roleID)
	return s.changeMember(ctx, userID, roleID, false)
}

func (s *Store) changeMember(ctx context.Context, userID, roleID int64, grant bool) error {
	a, err := s.Actor(ctx, auth.PrincipalFrom(ctx))
	if err != nil {
		return err
	}
	action, stmt, args := audit.Remove, `DELETE FROM sys_user_role WHERE user_id = ? AND role_id = ?`, []any{userID, roleID}
	if grant {
		action, stmt = audit.Assign, `INSERT INTO sys_user_role (user_id, role_id) SELECT CAST(? AS BIGINT), CAST(? AS BIGINT)
		WHERE NOT EXISTS (SELECT 1 FROM sys_user_role WHERE user_id = ? AND role_id = ?)`
		args = append(args, userID, roleID)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		// an account outside the caller's scope answers like a missing one
		if err := memberInScope(ctx, tx, a, userID); err != nil {
			return err
		}
		before, err := member(ctx, tx, userID)
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE id = ?`, roleID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("role.not_found")
		}
		if err := s.CheckManage(ctx, tx, a, []int64{userID}); err != nil {
			return err
		}
		next := []int64{}
		for _, r := range before.Roles {
			if r.ID != roleID {
				next = append(next, r.ID)
			}
		}
		if grant {
			next = append(next, roleID)
		}
		unit, err := unitOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := s.CheckUserRoles(ctx, tx, a, userID, unit, next); err != nil {
			return err
		}
		if grant {
			if err := grantable(ctx, tx, userID, roleID); err != nil {
				return err
			}
		}
		res, err := tx.Exec(ctx, stmt, args...)
		if err != nil {
			return err
		}
		if changed, err := res.RowsAffected(); err != nil || changed == 0 {
			return err
		}
		after, err := member(ctx, tx, userID)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: MembersScreen, Action: action, TargetID: userID, Target: before.LoginCode, Before: before, After: after})
	})
}

// RoleAll is GET /api/user/role/all.
func (h *Handlers) RoleAll(r *http.Request, _ route.None) ([]RoleSummary, error) {
	return h.store.AllRoles(r.Context())
}

// MemberIn names an account and a role.
type MemberIn struct {
	UserID int64 `param:"userId,required"`
	RoleID int64 `param:"roleId,required"`
}

// AssignUserRole is PUT /api/user/role/user (userId, roleId).
func (h *Handlers) AssignUserRole(r *http.Request, in MemberIn) (route.None, error) {
	return route.None{}, h.store.GrantRole(r.Context(), in.UserID, in.RoleID)
}

// RemoveUserRole is DELETE /api/user/role/user (userId, roleId).
func (h *Handlers) RemoveUserRole(r *http.Request, in MemberIn) (route.None, error) {
	return route.None{}, h.store.RevokeRole(r.Context(), in.UserID, in.RoleID)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"role.not_found": {"角色不存在", "No such role"},
		"user.not_found": {"用户不存在", "No such user"},
	})
}
