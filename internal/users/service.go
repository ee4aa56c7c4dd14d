package users

import (
	"context"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/access"
	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// Units is what user management needs of the organisation area: the units, and the data
// rules (docs/data-rules.md) that limit whose accounts a caller may see and change.
type Units interface {
	Exists(ctx context.Context, fullUnitCode string) (bool, error)
	Visibility(ctx context.Context, userID int64, module string) (org.Visibility, error)
}

// Roles is what user management needs of the access area (internal/access's Store): the grant rule, the
// roles an account may hold, and the accounts' role memberships, which only the access area writes.
type Roles interface {
	Actor(ctx context.Context, p *auth.Principal) (*access.Actor, error)
	CheckRolesFor(ctx context.Context, userType string, roleIDs []int64) error
	CheckUserRoles(ctx context.Context, q db.Querier, a *access.Actor, target int64, unit string, roleIDs []int64) error
	CheckManage(ctx context.Context, q db.Querier, a *access.Actor, userIDs []int64) error
	RolesOfUsers(ctx context.Context, userIDs []int64) (map[int64][]access.RoleRef, error)
	RolesOfUsersIn(ctx context.Context, q db.Querier, userIDs []int64) (map[int64][]access.RoleRef, error)
	SetUserRoles(ctx context.Context, tx *db.Tx, userID int64, roleIDs []int64) error
}

// Kind is one kind of account and the screen that manages it: the staff of user management
// (/sysuser), or the users of external organisations (/externalUser). The rules, the lifecycle
// and the business log are the same; the kind says where an account belongs.
type Kind struct {
	UserType string // sys_user.user_type: staff or external
	Screen   string // function code of the screen, module of its business log
	// Place checks, and completes, where the account belongs (the unit of a staff account, the
	// organisation of an external one); it runs after the name.
	Place func(ctx context.Context, f *Form) error
	// DefaultRoles, when set, gives the roles of a new account whose form names none.
	DefaultRoles func(ctx context.Context) ([]int64, error)
	// Module, when set, is the data-rule module limiting the accounts (by unit) that a caller
	// may list, see and change; Units then answers for it.
	Module string
}

// Service holds the rules of user management. Every write is one transaction.
type Service struct {
	db    *db.DB
	roles Roles
	units Units
	kind  Kind
}

// NewService manages staff accounts (/sysuser).
func NewService(d *db.DB, roles Roles, units Units) *Service {
	s := &Service{db: d, roles: roles, units: units}
	s.kind = Kind{UserType: auth.SiteStaff, Screen: Screen, Place: s.unitPlace, Module: org.ModuleUsers}
	return s
}

// NewKindService manages the accounts of another kind (external users).
func NewKindService(d *db.DB, roles Roles, kind Kind) *Service {
	return &Service{db: d, roles: roles, kind: kind}
}

// scope is the caller's view of the service's accounts: all of them when the kind names no
// data-rule module, else those of the units the caller sees in it.
type scope struct {
	all bool
	vis org.Visibility
}

func (s *Service) scope(ctx context.Context, p *auth.Principal) (scope, error) {
	if s.kind.Module == "" {
		return scope{all: true}, nil
	}
	var id int64
	if p != nil {
		id = p.UserID
	}
	v, err := s.units.Visibility(ctx, id, s.kind.Module)
	return scope{all: v.All, vis: v}, err
}

// cond is the SQL condition on sys_user u of the scope.
func (sc scope) cond() (string, []any) {
	if sc.all {
		return "1=1", nil
	}
	return sc.vis.Condition("u.unit_code")
}

func (sc scope) sees(unit string) bool { return sc.all || sc.vis.Sees(unit) }

// restrict adds the caller's scope to the queries of the lists and exports over the accounts.
func (s *Service) restrict(r *http.Request, _ *httpx.Input, q *list.Query) error {
	sc, err := s.scope(r.Context(), auth.PrincipalFrom(r.Context()))
	if err != nil {
		return err
	}
	if cond, args := sc.cond(); cond != "1=1" {
		q.Where(cond, args...)
	}
	return nil
}

// caller reads, before any transaction, the caller's scope and what the grant rule compares.
func (s *Service) caller(ctx context.Context) (scope, *access.Actor, error) {
	p := auth.PrincipalFrom(ctx)
	sc, err := s.scope(ctx, p)
	if err != nil {
		return sc, nil, err
	}
	a, err := s.roles.Actor(ctx, p)
	return sc, a, err
}

// unitPlace: a staff account belongs to an existing unit, and to no external organisation.
func (s *Service) unitPlace(ctx context.Context, f *Form) error {
	f.ExtOrgID = 0
	if f.UnitCode == "" {
		return httpx.Fail("user.unit_required")
	}
	if ok, err := s.units.Exists(ctx, f.UnitCode); err != nil {
		return err
	} else if !ok {
		return httpx.Fail("user.unit_unknown")
	}
	return nil
}

// Form is what the add and edit dialogs send.
type Form struct {
	ID        int64
	LoginCode string
	UserName  string
	UnitCode  string
	ExtOrgID  int64 // external accounts: the organisation
	Phone     string
	Email     string
	Password  string  // add only
	RoleIDs   []int64 // nil: leave the roles as they are (edit)
}

func (f *Form) trim() {
	f.LoginCode, f.UserName = strings.TrimSpace(f.LoginCode), strings.TrimSpace(f.UserName)
	f.UnitCode, f.Phone, f.Email = strings.TrimSpace(f.UnitCode), strings.TrimSpace(f.Phone), strings.TrimSpace(f.Email)
}

// check applies the form's rules in the order the dialog shows its fields.
func (s *Service) check(ctx context.Context, f *Form, withPassword bool) error {
	switch {
	case f.LoginCode == "":
		return httpx.Fail("user.login_code_required")
	case !validate.LoginCode(f.LoginCode):
		return httpx.Fail("user.login_code_rule")
	case f.UserName == "":
		return httpx.Fail("user.name_required")
	case utf8.RuneCountInString(f.UserName) > validate.UserNameMax:
		return httpx.Fail("user.name_too_long", validate.UserNameMax)
	}
	if err := s.kind.Place(ctx, f); err != nil {
		return err
	}
	switch {
	case f.Phone != "" && !validate.Mobile(f.Phone):
		return httpx.Fail("user.phone_rule")
	case f.Email != "" && !validate.Email(f.Email):
		return httpx.Fail("user.email_rule")
	}
	if withPassword {
		if err := checkPassword(f.Password); err != nil {
			return err
		}
	}
	return s.roles.CheckRolesFor(ctx, s.kind.UserType, f.RoleIDs)
}

func checkPassword(pw string) error {
	switch {
	case pw == "":
		return httpx.Fail("pwd.new_required")
	case !validate.PasswordOK(pw):
		return httpx.Fail("pwd.rule")
	case validate.PasswordCommon(pw):
		return httpx.Fail("pwd.common")
	}
	return nil
}

// loginCodeTaken tells whether another account (deleted ones included: their logs keep the
// code) uses the login code.
func loginCodeTaken(ctx context.Context, tx *db.Tx, code string, except int64) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user WHERE LOWER(login_code) = LOWER(?) AND id <> ?`, code, except).Scan(&n)
	return n > 0, err
}

// orgArg is the stored organisation of an account (NULL for none).
func orgArg(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// Add creates an account of the service's kind; its user must change the initial password at
// first sign-in.
func (s *Service) Add(ctx context.Context, f Form) (_ int64, err error) {
	defer errs.Wrap(&err, "users: add")
	f.trim()
	if f.RoleIDs == nil && s.kind.DefaultRoles != nil {
		roles, err := s.kind.DefaultRoles(ctx)
		if err != nil {
			return 0, err
		}
		f.RoleIDs = roles
	}
	if err := s.check(ctx, &f, true); err != nil {
		return 0, err
	}
	sc, a, err := s.caller(ctx)
	if err != nil {
		return 0, err
	}
	// a new account must belong to a unit the caller sees
	if !sc.sees(f.UnitCode) {
		return 0, httpx.Fail("user.unit_out_of_scope")
	}
	if err := s.roles.CheckUserRoles(ctx, s.db, a, 0, f.UnitCode, f.RoleIDs); err != nil {
		return 0, err
	}
	hash, err := auth.HashPassword(f.Password)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if taken, err := loginCodeTaken(ctx, tx, f.LoginCode, 0); err != nil {
			return err
		} else if taken {
			return httpx.Fail("user.login_code_taken")
		}
		now := time.Now().UTC()
		id, err = tx.Insert(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, ext_org_id, phone, email, created_at, updated_at)
			VALUES (?, ?, ?, 1, 1, ?, ?, ?, ?, ?, ?, ?)`, f.LoginCode, f.UserName, hash, s.kind.UserType, f.UnitCode, orgArg(f.ExtOrgID), f.Phone, f.Email, now, now)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("user.login_code_taken")
		}
		if err != nil {
			return err
		}
		if err := s.roles.SetUserRoles(ctx, tx, id, f.RoleIDs); err != nil {
			return err
		}
		after, err := s.loadUsers(ctx, tx, everyone, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: s.kind.Screen, Action: audit.Create, TargetID: id, Target: f.LoginCode, After: after[0]})
	})
	return id, err
}

// Edit changes an account's details and, when RoleIDs is not nil, its roles.
func (s *Service) Edit(ctx context.Context, f Form) (err error) {
	defer errs.Wrap(&err, "users: edit %d", f.ID)
	f.trim()
	if err := s.check(ctx, &f, false); err != nil {
		return err
	}
	sc, a, err := s.caller(ctx)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		// the account as it is must be in the caller's scope, and the unit it moves to too
		before, err := s.loadUsers(ctx, tx, sc, f.ID)
		if err != nil {
			return err
		}
		if !sc.sees(f.UnitCode) {
			return httpx.Fail("user.unit_out_of_scope")
		}
		if err := s.roles.CheckManage(ctx, tx, a, []int64{f.ID}); err != nil {
			return err
		}
		if f.RoleIDs != nil {
			if err := s.roles.CheckUserRoles(ctx, tx, a, f.ID, f.UnitCode, f.RoleIDs); err != nil {
				return err
			}
		}
		if taken, err := loginCodeTaken(ctx, tx, f.LoginCode, f.ID); err != nil {
			return err
		} else if taken {
			return httpx.Fail("user.login_code_taken")
		}
		_, err = tx.Exec(ctx, `UPDATE sys_user SET login_code = ?, user_name = ?, unit_code = ?, ext_org_id = ?, phone = ?, email = ?, updated_at = ? WHERE id = ?`,
			f.LoginCode, f.UserName, f.UnitCode, orgArg(f.ExtOrgID), f.Phone, f.Email, time.Now().UTC(), f.ID)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("user.login_code_taken")
		}
		if err != nil {
			return err
		}
		if f.RoleIDs != nil {
			if err := s.roles.SetUserRoles(ctx, tx, f.ID, f.RoleIDs); err != nil {
				return err
			}
		}
		return s.recordChanges(ctx, tx, audit.Update, before)
	})
}

// Screen is the menu and function code of user management, the module of its business log.
const Screen = "sysuser"

// everyone is the scope of the reads that follow a change the caller was allowed to make.
var everyone = scope{all: true}

// loadUsers reads live accounts of the service's kind within sc as its screen shows them, in the
// order of ids (each once), inside tx; an id that is not one, or is outside sc, fails with
// user.not_found (the same answer: nothing tells an account outside the scope from a missing
// one), so a batch with one such id changes nothing.
func (s *Service) loadUsers(ctx context.Context, tx *db.Tx, sc scope, ids ...int64) ([]User, error) {
	cond, cargs := sc.cond()
	out := make([]User, 0, len(ids))
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		args := append([]any{id, s.kind.UserType}, cargs...)
		u, err := scanUser(tx.QueryRow(ctx, `SELECT `+userSelect+` FROM `+userFrom+` WHERE u.id = ? AND u.deleted_at IS NULL AND u.user_type = ? AND `+cond, args...))
		if db.IsNoRows(err) {
			return nil, httpx.Fail("user.not_found")
		}
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	roles, err := s.roles.RolesOfUsersIn(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if rs := roles[out[i].ID]; rs != nil {
			out[i].Roles = rs
		}
	}
	return out, nil
}

// recordChanges writes one business-log row per account: before as given, after as tx sees
// it now (nil for a deleted account).
func (s *Service) recordChanges(ctx context.Context, tx *db.Tx, action string, before []User) error {
	for _, b := range before {
		c := audit.Change{Module: s.kind.Screen, Action: action, TargetID: b.ID, Target: b.LoginCode, Before: b}
		if action != audit.Delete {
			after, err := s.loadUsers(ctx, tx, everyone, b.ID)
			if err != nil {
				return err
			}
			c.After, c.Target = after[0], after[0].LoginCode
		}
		if err := audit.Record(ctx, tx, c); err != nil {
			return err
		}
	}
	return nil
}

// ChangeState enables (1) or disables (0) accounts; a disabled account's sessions end at once.
func (s *Service) ChangeState(ctx context.Context, actor *auth.Principal, ids []int64, state int) (err error) {
	defer errs.Wrap(&err, "users: change state %v", ids)
	if state != 0 && state != 1 {
		return httpx.Fail("user.bad_state")
	}
	if state == 0 && contains(ids, actor.UserID) {
		return httpx.Fail("user.not_self_disable")
	}
	sc, a, err := s.caller(ctx)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.loadUsers(ctx, tx, sc, ids...)
		if err != nil {
			return err
		}
		if err := s.roles.CheckManage(ctx, tx, a, ids); err != nil {
			return err
		}
		args := []any{state, time.Now().UTC()}
		for _, id := range ids {
			args = append(args, id)
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET state = ?, updated_at = ? WHERE id IN (`+db.Placeholders(len(ids))+`)`, args...); err != nil {
			return err
		}
		if state == 0 {
			if err := auth.EndUserSessions(ctx, tx, ids, auth.EndDisabled); err != nil {
				return err
			}
		}
		// Only the accounts whose state changed are logged.
		changed := before[:0]
		for _, u := range before {
			if (u.State == 0) != (state == 0) {
				changed = append(changed, u)
			}
		}
		return s.recordChanges(ctx, tx, audit.EnableOrDisable(state), changed)
	})
}

// ResetPassword sets a new password chosen by an administrator: the user must change it at
// next sign-in (updatePwd 1) and every session of the user ends.
func (s *Service) ResetPassword(ctx context.Context, actor *auth.Principal, id int64, pw string) (err error) {
	defer errs.Wrap(&err, "users: reset password %d", id)
	if id == actor.UserID {
		return httpx.Fail("user.not_self_reset")
	}
	if err := checkPassword(pw); err != nil {
		return err
	}
	sc, a, err := s.caller(ctx)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(pw)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.loadUsers(ctx, tx, sc, id)
		if err != nil {
			return err
		}
		if err := s.roles.CheckManage(ctx, tx, a, []int64{id}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET password_hash = ?, update_pwd = 1, updated_at = ? WHERE id = ?`, hash, time.Now().UTC(), id); err != nil {
			return err
		}
		if err := auth.EndUserSessions(ctx, tx, []int64{id}, auth.EndPassword); err != nil {
			return err
		}
		// The account as the screen shows it: the password (and its hash) is in no log.
		return s.recordChanges(ctx, tx, audit.ResetPwd, before)
	})
}

// Delete soft-deletes accounts (deleted_at) and ends their sessions; nobody deletes themselves.
func (s *Service) Delete(ctx context.Context, actor *auth.Principal, ids []int64) (err error) {
	defer errs.Wrap(&err, "users: delete %v", ids)
	if contains(ids, actor.UserID) {
		return httpx.Fail("user.not_self_delete")
	}
	sc, a, err := s.caller(ctx)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.loadUsers(ctx, tx, sc, ids...)
		if err != nil {
			return err
		}
		if err := s.roles.CheckManage(ctx, tx, a, ids); err != nil {
			return err
		}
		now := time.Now().UTC()
		args := []any{now, now}
		for _, id := range ids {
			args = append(args, id)
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET deleted_at = ?, updated_at = ? WHERE id IN (`+db.Placeholders(len(ids))+`)`, args...); err != nil {
			return err
		}
		if err := auth.EndUserSessions(ctx, tx, ids, auth.EndDisabled); err != nil {
			return err
		}
		return s.recordChanges(ctx, tx, audit.Delete, before)
	})
}

func contains(ids []int64, id int64) bool {
	for _, v := range ids {
		if v == id {
			return true
		}
	}
	return false
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"user.file":                {"用户列表", "users"},
		"user.col.loginCode":       {"登录账号", "Login code"},
		"user.col.userName":        {"用户姓名", "Name"},
		"user.col.unitName":        {"所属单位", "Unit"},
		"user.col.phone":           {"手机号码", "Phone"},
		"user.col.email":           {"邮箱", "E-mail"},
		"user.col.state":           {"状态", "State"},
		"user.col.roles":           {"角色", "Roles"},
		"user.col.createdAt":       {"创建时间", "Created"},
		"user.col.lastLoginAt":     {"最近登录", "Last sign-in"},
		"user.state.available":     {"可用", "available"},
		"user.state.disabled":      {"禁用", "disabled"},
		"user.login_code_required": {"请输入登录账号", "Please enter the login code"},
		"user.login_code_rule":     {"登录账号为2-32位字母、数字或 . _ -", "The login code is 2-32 letters, digits or . _ -"},
		"user.login_code_taken":    {"登录账号已存在", "The login code already exists"},
		"user.name_required":       {"请输入用户姓名", "Please enter the name"},
		"user.name_too_long":       {"用户姓名不能超过%d个字符", "The name cannot exceed %d characters"},
		"user.unit_required":       {"请选择所属单位", "Please choose the unit"},
		"user.unit_unknown":        {"所属单位不存在", "No such unit"},
		"user.phone_rule":          {"请输入正确的手机号码", "Please enter a valid mobile number"},
		"user.email_rule":          {"请输入正确的邮箱地址", "Please enter a valid e-mail address"},
		"user.bad_state":           {"状态只能是0（禁用）或1（可用）", "The state must be 0 (disabled) or 1 (available)"},
		"user.not_self_disable":    {"不能禁用当前登录的账号", "You cannot disable your own account"},
		"user.not_self_delete":     {"不能删除当前登录的账号", "You cannot delete your own account"},
		"user.not_self_reset":      {"请通过“修改密码”修改自己的密码", "Use 'Change password' for your own account"},
		"user.unit_out_of_scope":   {"所属单位不在您的数据范围内", "The unit is outside your data scope"},
	})
}
