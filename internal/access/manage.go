package access

import (
	"context"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Role is a role as the role list (/sysroles) shows it.
type Role struct {
	ID          int64     `json:"id"`
	Code        string    `json:"code"`
	Name        string    `json:"name"`
	Remark      string    `json:"remark"`
	MemberCount int       `json:"memberCount" doc:"live accounts holding the role"`
	Builtin     bool      `json:"builtin" doc:"a built-in role (sysadmin, libadmin, staff): cannot be deleted"`
	CreatedAt   time.Time `json:"createdAt"`
}

// memberCountSQL counts the live accounts holding role r.
const memberCountSQL = `(SELECT COUNT(*) FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id AND u.deleted_at IS NULL WHERE ur.role_id = r.id)`

// roleSpec is GET /api/sys/role/list: search by name or code (contains), or a keyword on both.
var roleSpec = &list.Spec{
	Select: `r.id, r.code, r.name, r.remark, ` + memberCountSQL + `, r.created_at`,
	From:   `sys_role r`,
	Filters: []list.Filter{
		{Param: "name", Column: "r.name", Kind: list.Contains},
		{Param: "code", Column: "r.code", Kind: list.Contains},
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"r.code", "r.name"}},
	},
	Sorts:       map[string]string{"code": "r.code", "name": "r.name", "createdAt": "r.created_at", "memberCount": memberCountSQL},
	DefaultSort: "r.id ASC",
	TieBreak:    "r.id ASC",
}

func isBuiltin(code string) bool {
	for _, b := range BuiltinRoles {
		if b.Code == code {
			return true
		}
	}
	return false
}

func scanRole(row interface{ Scan(...any) error }) (Role, error) {
	var r Role
	err := row.Scan(&r.ID, &r.Code, &r.Name, &r.Remark, &r.MemberCount, &r.CreatedAt)
	r.Builtin = isBuiltin(r.Code)
	return r, err
}

// UserRole is one row of the 'user roles' export: an account and one of its roles.
type UserRole struct {
	LoginCode, UserName, UnitName, RoleName string
}

// userRoleSpec is GET /api/sys/role/exportUserRoles: every (live account, role) pair.
var userRoleSpec = &list.Spec{
	Select: `u.login_code, u.user_name, COALESCE(` + org.LabelSQL("o") + `, ''), r.name`,
	From: `sys_user_role ur JOIN sys_user u ON u.id = ur.user_id JOIN sys_role r ON r.id = ur.role_id
		LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code`,
	Where: `u.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "roleId", Column: "r.id", Kind: list.Exact, Map: list.Int("roleId")},
		{Param: "loginCode", Column: "u.login_code", Kind: list.Contains},
		{Param: "userName", Column: "u.user_name", Kind: list.Contains},
	},
	Sorts:       map[string]string{"loginCode": "u.login_code", "roleName": "r.name"},
	DefaultSort: "u.login_code ASC",
	TieBreak:    "u.id ASC, r.id ASC",
}

// RoleTables serves the role list and the 'user roles' export (limited to the accounts the caller
// may see in user management).
func (s *Store) RoleTables() (*list.Table[Role], *list.Table[UserRole]) {
	d := s.db
	roles := &list.Table[Role]{DB: d, Spec: roleSpec, Scan: scanRole, Restrict: s.memberCountSort, Complete: s.memberCounts}
	userRoles := &list.Table[UserRole]{
		DB: d, Spec: userRoleSpec, File: "role.userRoles.file", Restrict: s.usersScope,
		Scan: func(row interface{ Scan(...any) error }) (UserRole, error) {
			var u UserRole
			err := row.Scan(&u.LoginCode, &u.UserName, &u.UnitName, &u.RoleName)
			return u, err
		},
		Columns: []list.Column[UserRole]{
			{Title: "role.col.loginCode", Value: func(u UserRole, _ string) any { return u.LoginCode }},
			{Title: "role.col.userName", Value: func(u UserRole, _ string) any { return u.UserName }},
			{Title: "role.col.unit", Value: func(u UserRole, _ string) any { return u.UnitName }},
			{Title: "role.col.role", Value: func(u UserRole, _ string) any { return u.RoleName }},
		},
	}
	return roles, userRoles
}

// memberCount is the SQL expression counting, for role r, the live members the caller may see in
// user management (memberCountSQL limited by their data scope), with its arguments, and whether
// it differs from memberCountSQL: a role's member count tells no more than its member list
// (/api/user/search?roleId=) shows.
func (s *Store) memberCount(ctx context.Context) (expr string, args []any, scoped bool, err error) {
	v, err := s.scopes.Visibility(ctx, principalID(ctx), org.ModuleUsers)
	if err != nil || v.All {
		return memberCountSQL, nil, false, err
	}
	cond, args := v.Condition("u.unit_code")
	return strings.TrimSuffix(memberCountSQL, ")") + " AND " + cond + ")", args, true, nil
}

func principalID(ctx context.Context) int64 {
	if p := auth.PrincipalFrom(ctx); p != nil {
		return p.UserID
	}
	return 0
}

// memberCountSort sorts the role list by the caller's member count (memberCount).
func (s *Store) memberCountSort(r *http.Request, _ *httpx.Input, q *list.Query) error {
	count, args, scoped, err := s.memberCount(r.Context())
	if scoped {
		q.ReplaceSort("memberCount", count, args...)
	}
	return err
}

// memberCounts replaces the member counts of a page of the role list with the caller's.
func (s *Store) memberCounts(ctx context.Context, roles []Role) error {
	count, args, scoped, err := s.memberCount(ctx)
	if err != nil || !scoped {
		return err
	}
	for i := range roles {
		if err := s.db.QueryRow(ctx, `SELECT `+count+` FROM sys_role r WHERE r.id = ?`, append(append([]any{}, args...), roles[i].ID)...).Scan(&roles[i].MemberCount); err != nil {
			return err
		}
	}
	return nil
}

// Limits of a role's fields.
const (
	RoleNameMax   = 50
	RoleRemarkMax = 200
)

var roleCodeRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{1,31}$`)

// RoleForm is the input of add and edit.
type RoleForm struct {
	ID                 int64
	Code, Name, Remark string
}

func (f *RoleForm) check(add bool) error {
	f.Code, f.Name, f.Remark = strings.TrimSpace(f.Code), strings.TrimSpace(f.Name), strings.TrimSpace(f.Remark)
	if add {
		if f.Code == "" {
			return httpx.Fail("role.code_required")
		}
		if !roleCodeRe.MatchString(f.Code) {
			return httpx.Fail("role.code_rule")
		}
	}
	if f.Name == "" {
		return httpx.Fail("role.name_required")
	}
	if utf8.RuneCountInString(f.Name) > RoleNameMax {
		return httpx.Fail("role.name_too_long", RoleNameMax)
	}
	if utf8.RuneCountInString(f.Remark) > RoleRemarkMax {
		return httpx.Fail("role.remark_too_long", RoleRemarkMax)
	}
	return nil
}

// AddRole creates a role without grants; the code (unique in any letter case) never changes afterwards.
func (s *Store) AddRole(ctx context.Context, f RoleForm) (_ int64, err error) {
	defer errs.Wrap(&err, "access: add role")
	if err := f.check(true); err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := uniqueRole(ctx, tx, 0, f); err != nil {
			return err
		}
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO sys_role (code, name, remark, created_at) VALUES (?, ?, ?, ?)`, f.Code, f.Name, f.Remark, time.Now().UTC())
		if err != nil {
			return err
		}
		after, err := loadRole(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: RolesScreen, Action: audit.Create, TargetID: id, Target: after.Name, After: after})
	})
	return id, err
}

// EditRole changes a role's name and remark (within the editor's reach).
func (s *Store) EditRole(ctx context.Context, f RoleForm) (err error) {
	defer errs.Wrap(&err, "access: edit role %d", f.ID)
	if err := f.check(false); err != nil {
		return err
	}
	a, err := s.Actor(ctx, auth.PrincipalFrom(ctx))
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := loadRole(ctx, tx, f.ID)
		if err != nil {
			return err
		}
		if err := checkRoleReach(ctx, tx, a, f.ID, before.Code); err != nil {
			return err
		}
		if err := uniqueRole(ctx, tx, f.ID, f); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_role SET name = ?, remark = ? WHERE id = ?`, f.Name, f.Remark, f.ID); err != nil {
			return err
		}
		after, err := loadRole(ctx, tx, f.ID)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: RolesScreen, Action: audit.Update, TargetID: f.ID, Target: after.Name, Before: before, After: after})
	})
}

// RolesScreen is the menu and function code of /sysroles.
const RolesScreen = "sysroles"

// loadRole reads a role as the role list shows it, inside tx.
func loadRole(ctx context.Context, tx *db.Tx, id int64) (Role, error) {
	r, err := scanRole(tx.QueryRow(ctx, `SELECT `+roleSpec.Select+` FROM sys_role r WHERE r.id = ?`, id))
	if db.IsNoRows(err) {
		return r, httpx.Fail("role.not_found")
	}
	return r, err
}

// roleGrants is a role's menus and function codes as the business log keeps them.
type roleGrants struct {
	MenuCodes []string `json:"menuCodes"`
	FunCodes  []string `json:"funCodes"`
}

func grantsOf(ctx context.Context, from db.Querier, roleID int64) (roleGrants, error) {
	var g roleGrants
	var err error
	if g.MenuCodes, err = readStrings(ctx, from, `SELECT menu_code FROM sys_role_menu WHERE role_id = ? ORDER BY menu_code`, roleID); err != nil {
		return g, err
	}
	g.FunCodes, err = readStrings(ctx, from, `SELECT function_code FROM sys_role_function WHERE role_id = ? ORDER BY function_code`, roleID)
	if g.MenuCodes == nil {
		g.MenuCodes = []string{}
	}
	if g.FunCodes == nil {
		g.FunCodes = []string{}
	}
	return g, err
}

func uniqueRole(ctx context.Context, tx *db.Tx, self int64, f RoleForm) error {
	var n int
	if f.Code != "" {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE LOWER(code) = LOWER(?) AND id <> ?`, f.Code, self).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("role.code_taken")
		}
	}
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE name = ? AND id <> ?`, f.Name, self).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return httpx.Fail("role.name_taken")
	}
	return nil
}

func roleCode(ctx context.Context, tx *db.Tx, id int64) (string, error) {
	var code string
	rows, err := tx.Query(ctx, `SELECT code FROM sys_role WHERE id = ?`, id)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return "", err
		}
		return "", httpx.Fail("role.not_found")
	}
	if err := rows.Scan(&code); err != nil {
		return "", err
	}
	return code, rows.Err()
}

// DeleteRole removes a role and its grants. Built-in roles, roles that live accounts still
// hold and roles beyond the editor's own are refused.
func (s *Store) DeleteRole(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "access: delete role %d", id)
	a, err := s.Actor(ctx, auth.PrincipalFrom(ctx))
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		role, err := loadRole(ctx, tx, id)
		if err != nil {
			return err
		}
		code := role.Code
		if code == RoleSysAdmin {
			return httpx.Fail("role.sysadmin_undeletable")
		}
		if isBuiltin(code) {
			return httpx.Fail("role.builtin_undeletable")
		}
		if err := checkRoleReach(ctx, tx, a, id, code); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id AND u.deleted_at IS NULL WHERE ur.role_id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("role.has_members", n)
		}
		// The log keeps the grants that go with the role.
		grants, err := grantsOf(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM sys_role_menu WHERE role_id = ?`, `DELETE FROM sys_role_function WHERE role_id = ?`,
			`DELETE FROM sys_user_role WHERE role_id = ?`, `DELETE FROM sys_role WHERE id = ?`,
		} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		before := struct {
			Role
			roleGrants
		}{role, grants}
		return audit.Record(ctx, tx, audit.Change{Module: RolesScreen, Action: audit.Delete, TargetID: id, Target: role.Name, Before: before})
	})
}

// Function is one function code of the catalogue; MenuCode is the menu it belongs to ("" for none).
type Function struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	MenuCode string `json:"menuCode"`
}

// OpenAPIName keeps the name the web knows a function code of the catalogue by.
func (Function) OpenAPIName() string { return "FunctionDef" }

// OpenAPIName keeps the name the web knows a role's grants by.
func (Grants) OpenAPIName() string { return "RoleGrants" }

// Grants is what a role is granted, with the catalogue of function codes to choose from.
type Grants struct {
	RoleID    int64      `json:"roleId"`
	RoleCode  string     `json:"roleCode"`
	MenuCodes []string   `json:"menuCodes"`
	FunCodes  []string   `json:"funCodes"`
	Functions []Function `json:"functions" doc:"every function code of the catalogue"`
}

// RoleGrants returns the role's menu and function codes, sorted.
func (s *Store) RoleGrants(ctx context.Context, roleID int64) (_ *Grants, err error) {
	defer errs.Wrap(&err, "access: role grants %d", roleID)
	g := &Grants{RoleID: roleID}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if g.RoleCode, err = roleCode(ctx, tx, roleID); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cur, err := grantsOf(ctx, s.db, roleID)
	if err != nil {
		return nil, err
	}
	g.MenuCodes, g.FunCodes = cur.MenuCodes, cur.FunCodes
	rows, err := s.db.Query(ctx, `SELECT code, name, menu_code FROM sys_function ORDER BY sort, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	g.Functions = []Function{}
	for rows.Next() {
		var f Function
		if err := rows.Scan(&f.Code, &f.Name, &f.MenuCode); err != nil {
			return nil, err
		}
		g.Functions = append(g.Functions, f)
	}
	return g, rows.Err()
}

// SetRoleGrants replaces a role's menus and function codes in one transaction. Only codes of
// sys_menu and sys_function are accepted; the groups above a granted menu are granted with it;
// the built-in sysadmin role always keeps the role-permission screen, so nobody locks everyone out.
// The change counts from the members' next call: function codes are read per call.
func (s *Store) SetRoleGrants(ctx context.Context, roleID int64, menuCodes, funCodes []string) (err error) {
	defer errs.Wrap(&err, "access: set role grants %d", roleID)
	all, err := s.allMenus(ctx)
	if err != nil {
		return err
	}
	parent := make(map[string]string, len(all))
	for _, m := range all {
		parent[m.Code] = m.ParentCode
	}
	menus := map[string]bool{}
	for _, c := range menuCodes {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if _, ok := parent[c]; !ok {
			return httpx.Fail("role.unknown_menu", c)
		}
		for p := c; p != "" && !menus[p]; p = parent[p] {
			menus[p] = true
		}
	}
	funcs := map[string]bool{}
	a, err := s.Actor(ctx, auth.PrincipalFrom(ctx))
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *db.Tx) error {
		role, err := loadRole(ctx, tx, roleID)
		if err != nil {
			return err
		}
		code := role.Code
		if err := checkRoleReach(ctx, tx, a, roleID, code); err != nil {
			return err
		}
		for _, c := range funCodes {
			c = strings.TrimSpace(c)
			if c == "" || funcs[c] {
				continue
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_function WHERE code = ?`, c).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return httpx.Fail("role.unknown_function", c)
			}
			funcs[c] = true
		}
		if code == RoleSysAdmin && (!menus[GrantsScreen] || !funcs[GrantsScreen]) {
			return httpx.Fail("role.sysadmin_keeps_grants")
		}
		before, err := grantsOf(ctx, tx, roleID)
		if err != nil {
			return err
		}
		// the grant rule: the editor adds only what they hold
		if err := checkAddedGrants(a, before, menus, funcs); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sys_role_menu WHERE role_id = ?`, roleID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sys_role_function WHERE role_id = ?`, roleID); err != nil {
			return err
		}
		for _, m := range sortedKeys(menus) {
			if _, err := tx.Exec(ctx, `INSERT INTO sys_role_menu (role_id, menu_code) VALUES (?, ?)`, roleID, m); err != nil {
				return err
			}
		}
		for _, f := range sortedKeys(funcs) {
			if _, err := tx.Exec(ctx, `INSERT INTO sys_role_function (role_id, function_code) VALUES (?, ?)`, roleID, f); err != nil {
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Change{Module: GrantsScreen, Action: audit.Grant, TargetID: roleID, Target: role.Name,
			Before: before, After: roleGrants{MenuCodes: sortedKeys(menus), FunCodes: sortedKeys(funcs)}})
	})
}

// GrantsScreen is the menu and function code of /rolemanager.
const GrantsScreen = "rolemanager"

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RoleHandlers are the endpoints of /sysroles and /rolemanager.
type RoleHandlers struct {
	store     *Store
	roles     *list.Table[Role]
	userRoles *list.Table[UserRole]
}

func NewRoleHandlers(s *Store) *RoleHandlers {
	r, u := s.RoleTables()
	return &RoleHandlers{store: s, roles: r, userRoles: u}
}

// RoleIn is what the role dialog sends.
type RoleIn struct {
	Code   string `param:"code" doc:"add only: 2-32 letters, digits or underscores, starting with a letter"`
	Name   string `param:"name"`
	Remark string `param:"remark"`
}

// Add is POST /api/sys/role/add (code, name, remark); data is {id}.
func (h *RoleHandlers) Add(r *http.Request, in RoleIn) (httpx.Created, error) {
	id, err := h.store.AddRole(r.Context(), RoleForm{Code: in.Code, Name: in.Name, Remark: in.Remark})
	if err != nil {
		return httpx.Created{}, err
	}
	return httpx.Created{ID: id}, nil
}

// RoleEditIn is what edit sends.
type RoleEditIn struct {
	ID     int64  `param:"id,required"`
	Name   string `param:"name"`
	Remark string `param:"remark"`
}

// Edit is PUT /api/sys/role/edit (id, name, remark).
func (h *RoleHandlers) Edit(r *http.Request, in RoleEditIn) (route.None, error) {
	return route.None{}, h.store.EditRole(r.Context(), RoleForm{ID: in.ID, Name: in.Name, Remark: in.Remark})
}

// Del is DELETE /api/sys/role/del (id).
func (h *RoleHandlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.store.DeleteRole(r.Context(), in.ID)
}

// RoleIDIn names a role.
type RoleIDIn struct {
	RoleID int64 `param:"roleId,required"`
}

// GetGrants is GET /api/sys/role/grants (roleId).
func (h *RoleHandlers) GetGrants(r *http.Request, in RoleIDIn) (*Grants, error) {
	return h.store.RoleGrants(r.Context(), in.RoleID)
}

// GrantsIn replaces a role's menus and function codes (both required; an empty list takes every one away).
type GrantsIn struct {
	RoleIDIn
	MenuCodes *[]string `param:"menuCodes,required"`
	FunCodes  *[]string `param:"funCodes,required"`
}

// PutGrants is PUT /api/sys/role/grants (roleId, menuCodes[], funCodes[]).
func (h *RoleHandlers) PutGrants(r *http.Request, in GrantsIn) (route.None, error) {
	return route.None{}, h.store.SetRoleGrants(r.Context(), in.RoleID, *in.MenuCodes, *in.FunCodes)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"role.code_required":         {"请输入角色编码", "Please enter the role code"},
		"role.code_rule":             {"角色编码为2-32位字母、数字或下划线，以字母开头", "The role code is 2-32 letters, digits or underscores, starting with a letter"},
		"role.name_required":         {"请输入角色名称", "Please enter the role name"},
		"role.name_too_long":         {"角色名称不能超过%d个字符", "The role name cannot exceed %d characters"},
		"role.remark_too_long":       {"备注不能超过%d个字符", "The remark cannot exceed %d characters"},
		"role.code_taken":            {"角色编码已存在", "The role code is already taken"},
		"role.name_taken":            {"角色名称已存在", "The role name is already taken"},
		"role.sysadmin_undeletable":  {"内置的系统管理员角色不能删除", "The built-in system administrator role cannot be deleted"},
		"role.builtin_undeletable":   {"内置角色不能删除", "Built-in roles cannot be deleted"},
		"role.has_members":           {"该角色下还有%d个用户，请先在角色分配中移除后再删除", "%d users still hold this role; remove them in role assignment first"},
		"role.unknown_menu":          {"菜单编码不存在：%s", "No such menu code: %s"},
		"role.unknown_function":      {"操作编码不存在：%s", "No such function code: %s"},
		"role.sysadmin_keeps_grants": {"系统管理员角色必须保留“角色权限”菜单与操作，以免无人能再分配权限", "The system administrator role must keep the role-permission menu and function, so that someone can still grant permissions"},
		"role.userRoles.file":        {"用户角色", "user_roles"},
		"role.col.loginCode":         {"登录账号", "Login code"},
		"role.col.userName":          {"用户姓名", "User name"},
		"role.col.unit":              {"所属单位", "Unit"},
		"role.col.role":              {"角色", "Role"},
	})
}
