package access

import (
	"context"
	"fmt"
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// The grant rule (docs/data-rules.md, "User management and the grant rule"): nobody grants more
// than they hold. A role given to an account may carry no menu, no function code and no data
// scope beyond the granting user's own; a role screen may add to a role only menus and codes its
// editor holds, and widen a data scope only within the editor's own; nobody changes their own
// roles; the system administrator role, its grants and its members' accounts are a system
// administrator's alone. A system administrator is bound only by the last two: the role is the
// top of the chain (it may be narrowed, and must then be restorable by its holders).

// Actor is what the calling user holds, read once per call before any transaction.
type Actor struct {
	UserID   int64
	SysAdmin bool
	menus    map[string]bool
	funcs    map[string]bool
	vis      map[string]org.Visibility // per data-rule module
}

// dataModules are the modules a data scope limits (the default '*' is not one).
func dataModules() []string {
	var out []string
	for _, m := range org.Modules {
		if m.Name != org.AnyModule {
			out = append(out, m.Name)
		}
	}
	return out
}

// Actor reads what p holds: its roles' menus and function codes, its data scope in every module,
// and whether it is a system administrator. A missing principal holds nothing.
func (s *Store) Actor(ctx context.Context, p *auth.Principal) (_ *Actor, err error) {
	defer errs.Wrap(&err, "access: actor")
	a := &Actor{menus: map[string]bool{}, funcs: map[string]bool{}, vis: map[string]org.Visibility{}}
	if p != nil {
		a.UserID = p.UserID
	}
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
		WHERE ur.user_id = ? AND r.code = ?`, a.UserID, RoleSysAdmin).Scan(&n); err != nil {
		return nil, err
	}
	a.SysAdmin = n > 0
	menus, err := s.strings(ctx, `SELECT DISTINCT rm.menu_code FROM sys_role_menu rm JOIN sys_user_role ur ON ur.role_id = rm.role_id WHERE ur.user_id = ?`, a.UserID)
	if err != nil {
		return nil, err
	}
	for _, m := range menus {
		a.menus[m] = true
	}
	funcs, err := s.FunctionCodes(ctx, a.UserID)
	if err != nil {
		return nil, err
	}
	for _, f := range funcs {
		a.funcs[f] = true
	}
	for _, m := range dataModules() {
		if a.vis[m], err = s.scopes.Visibility(ctx, a.UserID, m); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// Sees is the actor's data scope in a module.
func (a *Actor) Sees(module string) org.Visibility { return a.vis[module] }

// roleFits tells whether a role carries only menus, function codes and, for a member of unit,
// data scopes that the actor holds; name is the role's name.
func (a *Actor) roleFits(ctx context.Context, q db.Querier, roleID int64, unit string) (fits bool, name string, err error) {
	if err := q.QueryRow(ctx, `SELECT name FROM sys_role WHERE id = ?`, roleID).Scan(&name); db.IsNoRows(err) {
		return false, "", httpx.Fail("role.not_found")
	} else if err != nil {
		return false, "", err
	}
	g, err := grantsOf(ctx, q, roleID)
	if err != nil {
		return false, name, err
	}
	for _, m := range g.MenuCodes {
		if !a.menus[m] {
			return false, name, nil
		}
	}
	for _, f := range g.FunCodes {
		if !a.funcs[f] {
			return false, name, nil
		}
	}
	rules, err := org.RoleRules(ctx, q, roleID)
	if err != nil {
		return false, name, err
	}
	for _, m := range dataModules() {
		if !org.RuleVisibility(rules, m, unit).Within(a.vis[m]) {
			return false, name, nil
		}
	}
	return true, name, nil
}

// CheckUserRoles applies the grant rule to giving the account target (0: a new one) of unit the
// roles roleIDs in place of those it holds, as q sees them.
func (s *Store) CheckUserRoles(ctx context.Context, q db.Querier, a *Actor, target int64, unit string, roleIDs []int64) (err error) {
	defer errs.Wrap(&err, "access: check user roles %v", roleIDs)
	cur := map[int64]bool{}
	if target != 0 {
		held, err := UserRoles(ctx, q, []int64{target})
		if err != nil {
			return err
		}
		for _, r := range held[target] {
			cur[r.ID] = true
		}
	}
	next := map[int64]bool{}
	for _, id := range roleIDs {
		next[id] = true
	}
	var added, changed []int64
	for id := range next {
		if !cur[id] {
			added = append(added, id)
			changed = append(changed, id)
		}
	}
	for id := range cur {
		if !next[id] {
			changed = append(changed, id)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	if target != 0 && target == a.UserID {
		return httpx.Fail("role.not_own_roles")
	}
	for _, id := range changed {
		var code string
		err := q.QueryRow(ctx, `SELECT code FROM sys_role WHERE id = ?`, id).Scan(&code)
		if db.IsNoRows(err) {
			return httpx.Fail("role.not_found")
		}
		if err != nil {
			return err
		}
		if code == RoleSysAdmin && !a.SysAdmin {
			return httpx.Fail("role.sysadmin_only")
		}
	}
	if a.SysAdmin {
		return nil
	}
	for _, id := range added {
		if fits, name, err := a.roleFits(ctx, q, id, unit); err != nil {
			return err
		} else if !fits {
			return httpx.Fail("role.wider_than_own", name)
		}
	}
	return nil
}

// CheckManage refuses any change to an account that holds more than the actor: the account of
// a system administrator is a system administrator's to change, and an account holding a role
// beyond the actor's own (menus, function codes, data scope for its unit) is out of the actor's
// reach too; else a new password, phone or e-mail would hand the actor that role.
func (s *Store) CheckManage(ctx context.Context, q db.Querier, a *Actor, userIDs []int64) (err error) {
	defer errs.Wrap(&err, "access: check manage %v", userIDs)
	if a.SysAdmin || len(userIDs) == 0 {
		return nil
	}
	held, err := UserRoles(ctx, q, userIDs)
	if err != nil {
		return err
	}
	checked := map[string]bool{} // role id and unit already found to fit
	for _, id := range userIDs {
		var unit string
		if err := q.QueryRow(ctx, `SELECT unit_code FROM sys_user WHERE id = ?`, id).Scan(&unit); err != nil && !db.IsNoRows(err) {
			return err
		}
		for _, r := range held[id] {
			if r.Code == RoleSysAdmin {
				return httpx.Fail("role.sysadmin_account")
			}
			key := fmt.Sprint(r.ID, "|", unit)
			if checked[key] {
				continue
			}
			fits, name, err := a.roleFits(ctx, q, r.ID, unit)
			if err != nil {
				return err
			}
			if !fits {
				return httpx.Fail("role.account_wider", name)
			}
			checked[key] = true
		}
	}
	return nil
}

// checkRoleReach refuses a change to a role (its name, grants, scopes or existence) beyond the
// editor's own: the system administrator role to anyone but its holders, and a role carrying a
// menu or function code the editor lacks, whose members the editor could otherwise strip of
// rights the editor never had.
func checkRoleReach(ctx context.Context, q db.Querier, a *Actor, roleID int64, roleCode string) error {
	if a.SysAdmin {
		return nil
	}
	if roleCode == RoleSysAdmin {
		return httpx.Fail("role.sysadmin_role")
	}
	g, err := grantsOf(ctx, q, roleID)
	if err != nil {
		return err
	}
	for _, m := range g.MenuCodes {
		if !a.menus[m] {
			return httpx.Fail("role.beyond_own", m)
		}
	}
	for _, f := range g.FunCodes {
		if !a.funcs[f] {
			return httpx.Fail("role.beyond_own", f)
		}
	}
	return nil
}

// CheckScopeChange is the grant rule of the data-scope editor (org.ScopeGuard): the role may
// not come to show a member (its current members, or a member of no unit for the absolute
// scopes) a unit that neither the editor nor the role's former rules showed.
func (s *Store) CheckScopeChange(ctx context.Context, roleID int64, rules []org.DataScope) (err error) {
	defer errs.Wrap(&err, "access: check scope change %d", roleID)
	a, err := s.Actor(ctx, auth.PrincipalFrom(ctx))
	if err != nil {
		return err
	}
	var code string
	if err := s.db.QueryRow(ctx, `SELECT code FROM sys_role WHERE id = ?`, roleID).Scan(&code); db.IsNoRows(err) {
		return httpx.Fail("role.not_found")
	} else if err != nil {
		return err
	}
	if err := checkRoleReach(ctx, s.db, a, roleID, code); err != nil || a.SysAdmin {
		return err
	}
	before, err := org.RoleRules(ctx, s.db, roleID)
	if err != nil {
		return err
	}
	units, err := s.strings(ctx, `SELECT DISTINCT u.unit_code FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id
		WHERE ur.role_id = ? AND u.deleted_at IS NULL`, roleID)
	if err != nil {
		return err
	}
	units = append(units, "")
	for _, m := range dataModules() {
		for _, u := range units {
			if !org.RuleVisibility(rules, m, u).Within(a.vis[m], org.RuleVisibility(before, m, u)) {
				return httpx.Fail("role.scope_wider", m)
			}
		}
	}
	return nil
}

// checkAddedGrants refuses menus and function codes added to a role (not in before) that the
// editor does not hold.
func checkAddedGrants(a *Actor, before roleGrants, menus, funcs map[string]bool) error {
	if a.SysAdmin {
		return nil
	}
	had := func(list []string, c string) bool {
		for _, v := range list {
			if v == c {
				return true
			}
		}
		return false
	}
	for _, m := range sortedKeys(menus) {
		if !a.menus[m] && !had(before.MenuCodes, m) {
			return httpx.Fail("role.menu_not_held", m)
		}
	}
	for _, f := range sortedKeys(funcs) {
		if !a.funcs[f] && !had(before.FunCodes, f) {
			return httpx.Fail("role.function_not_held", f)
		}
	}
	return nil
}

// usersScope limits a list over accounts (sys_user u) to the caller's data scope of user
// management (the 'user roles' export of the role list).
func (s *Store) usersScope(r *http.Request, _ *httpx.Input, q *list.Query) error {
	p := auth.PrincipalFrom(r.Context())
	var id int64
	if p != nil {
		id = p.UserID
	}
	v, err := s.scopes.Visibility(r.Context(), id, org.ModuleUsers)
	if err != nil {
		return err
	}
	if cond, args := v.Condition("u.unit_code"); cond != "1=1" {
		q.Where(cond, args...)
	}
	return nil
}

// memberInScope fails like a missing account when the account userID is outside the actor's
// data scope of user management, as tx sees it.
func memberInScope(ctx context.Context, tx *db.Tx, a *Actor, userID int64) error {
	var unit string
	err := tx.QueryRow(ctx, `SELECT unit_code FROM sys_user WHERE id = ? AND deleted_at IS NULL`, userID).Scan(&unit)
	if db.IsNoRows(err) || (err == nil && !a.vis[org.ModuleUsers].Sees(unit)) {
		return httpx.Fail("user.not_found")
	}
	return err
}

// unitOf is the unit of an account as tx sees it.
func unitOf(ctx context.Context, tx *db.Tx, userID int64) (string, error) {
	var unit string
	err := tx.QueryRow(ctx, `SELECT unit_code FROM sys_user WHERE id = ?`, userID).Scan(&unit)
	return unit, err
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"role.not_own_roles":     {"不能修改自己的角色", "You cannot change your own roles"},
		"role.sysadmin_only":     {"只有系统管理员才能授予或取消系统管理员角色", "Only a system administrator can grant or take away the system administrator role"},
		"role.sysadmin_account":  {"只有系统管理员才能管理系统管理员的账号", "Only a system administrator can manage a system administrator's account"},
		"role.account_wider":     {"该用户拥有超出您自己权限的角色「%s」，您不能管理该账号", "The account holds the role %s, beyond your own; you cannot manage it"},
		"role.sysadmin_role":     {"只有系统管理员才能修改系统管理员角色", "Only a system administrator can change the system administrator role"},
		"role.beyond_own":        {"该角色含有您自己没有的权限（%s），您不能修改它", "The role carries a permission you do not hold (%s); you cannot change it"},
		"role.wider_than_own":    {"角色「%s」含有您自己没有的菜单、操作权限或更大的数据范围，不能授予", "The role %s carries menus, functions or a data scope beyond your own; you cannot grant it"},
		"role.menu_not_held":     {"不能授予您自己没有的菜单：%s", "You cannot grant a menu you do not hold: %s"},
		"role.function_not_held": {"不能授予您自己没有的操作权限：%s", "You cannot grant a function you do not hold: %s"},
		"role.scope_wider":       {"模块「%s」的数据范围不能超出您自己的数据范围", "The data scope of module %s cannot go beyond your own"},
	})
}
