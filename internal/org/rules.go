package org

import (
	"context"
	"net/http"
	"sort"
	"strings"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Data scopes of a role for a module (docs/data-rules.md).
const (
	ScopeAll          = "all"            // every unit
	ScopeUnitAndBelow = "unit_and_below" // the member's own unit and its subordinates
	ScopeUnit         = "unit"           // the member's own unit only
	ScopeCustom       = "custom"         // chosen units, each with its subordinates
)

// AnyModule is the module of a role's default scope.
const AnyModule = "*"

// ModuleUsers is the module of user management and role assignment: whose accounts a user
// administrator may see and change.
const ModuleUsers = "sysuser"

// ModuleLowcode is the module of datasets and dynamic reports: the units whose accounts, employees, library
// records and logs a run shows its runner.
const ModuleLowcode = "lowcode"

var scopes = map[string]bool{ScopeAll: true, ScopeUnitAndBelow: true, ScopeUnit: true, ScopeCustom: true}

// Module is a part of the product whose lists obey data rules.
type Module struct {
	Name  string `json:"moduleName"`
	Label string `json:"label"` // a message key (translated in the answer)
	// Unset is the scope of a user whose roles name none for the module (and no default '*'):
	// own unit and below when empty.
	Unset string `json:"-"`
}

// Modules are the module names a data scope may name; areas that filter by unit add theirs.
var Modules = []Module{
	{AnyModule, "org.module.any", ""},
	{ModuleUsers, "org.module.sysuser", ""},
	{"library", "org.module.library", ""},
	// the portal shows the whole company's published materials unless a role limits it
	{"portal", "org.module.portal", ScopeAll},
	{"statistics", "org.module.statistics", ""},
	{"demand", "org.module.demand", ""},
	{"reward", "org.module.reward", ""},
	// what datasets and the reports over them show of the tables carrying a unit (docs/data-rules.md)
	{ModuleLowcode, "org.module.lowcode", ""},
}

// OpenAPIName keeps the name the web knows a data module by.
func (Module) OpenAPIName() string { return "DataModule" }

func knownModule(name string) bool {
	for _, m := range Modules {
		if m.Name == name {
			return true
		}
	}
	return false
}

// Visibility is the set of units a user may see in a module: everything, or the units whose
// code starts with one of Prefixes (a unit and its subordinates: codes are nested) or equals
// one of Exact.
type Visibility struct {
	All      bool
	Prefixes []string
	Exact    []string
}

// Sees tells whether the unit code is visible.
func (v Visibility) Sees(code string) bool {
	if v.All {
		return true
	}
	for _, p := range v.Prefixes {
		if strings.HasPrefix(code, p) {
			return true
		}
	}
	for _, e := range v.Exact {
		if code == e {
			return true
		}
	}
	return false
}

// Condition is the SQL condition limiting column (a unit code) to the visible units, with its
// arguments; "1=1" when everything is visible and "1=0" when nothing is.
func (v Visibility) Condition(column string) (string, []any) {
	if v.All {
		return "1=1", nil
	}
	var parts []string
	var args []any
	for _, p := range v.Prefixes {
		parts = append(parts, list.PrefixSQL(column))
		args = append(args, list.PrefixArg(p))
	}
	if len(v.Exact) > 0 {
		parts = append(parts, column+" IN ("+placeholders(len(v.Exact))+")")
		for _, e := range v.Exact {
			args = append(args, e)
		}
	}
	if len(parts) == 0 {
		return "1=0", nil
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

// Visibility returns what the user may see in the module: the union of the scopes of the
// user's roles (a role's scope for the module, or else its default scope '*'). A user whose
// roles name no scope sees their own unit and its subordinates, or what the module's Unset says.
func (s *Store) Visibility(ctx context.Context, userID int64, module string) (_ Visibility, err error) {
	defer errs.Wrap(&err, "org: visibility userID=%d module=%s", userID, module)
	return s.VisibilityIn(ctx, s.db, userID, module)
}

// VisibilityIn is Visibility read through q: inside a transaction, its *db.Tx, so that the
// transaction never waits for a second connection of the pool.
func (s *Store) VisibilityIn(ctx context.Context, q db.Querier, userID int64, module string) (_ Visibility, err error) {
	defer errs.Wrap(&err, "org: visibility in userID=%d module=%s", userID, module)
	if q == db.Querier(s.db) {
		return s.scopes.get(ctx, userID, module, func() (Visibility, error) { return s.readVisibility(ctx, q, userID, module) })
	}
	return s.readVisibility(ctx, q, userID, module)
}

func (s *Store) readVisibility(ctx context.Context, q db.Querier, userID int64, module string) (Visibility, error) {
	var unit string
	err := q.QueryRow(ctx, `SELECT unit_code FROM sys_user WHERE id = ?`, userID).Scan(&unit)
	if err != nil && !db.IsNoRows(err) {
		return Visibility{}, err
	}
	rows, err := q.Query(ctx, `SELECT ds.role_id, ds.module, ds.scope, ds.unit_codes FROM sys_role_data_scope ds
		JOIN sys_user_role ur ON ur.role_id = ds.role_id WHERE ur.user_id = ? AND ds.module IN (?, ?)`, userID, module, AnyModule)
	if err != nil {
		return Visibility{}, err
	}
	defer rows.Close()
	byRole := map[int64]rule{}
	for rows.Next() {
		var id int64
		var mod string
		var r rule
		if err := rows.Scan(&id, &mod, &r.scope, &r.units); err != nil {
			return Visibility{}, err
		}
		// a module's own scope beats the role's default
		if _, seen := byRole[id]; !seen || mod == module {
			byRole[id] = r
		}
	}
	if err := rows.Err(); err != nil {
		return Visibility{}, err
	}
	if len(byRole) == 0 {
		byRole[0] = rule{scope: ScopeUnitAndBelow}
		for _, m := range Modules {
			if m.Name == module && m.Unset != "" {
				byRole[0] = rule{scope: m.Unset}
			}
		}
	}
	return visibilityOf(byRole, unit), nil
}

// rule is one role's data scope for a module: the scope and, for custom, its unit codes.
type rule struct{ scope, units string }

// visibilityOf is the union of the roles' rules for a member of the unit.
func visibilityOf(byRole map[int64]rule, unit string) Visibility {
	var v Visibility
	prefixes, exact := map[string]bool{}, map[string]bool{}
	for _, r := range byRole {
		switch r.scope {
		case ScopeAll:
			return Visibility{All: true}
		case ScopeUnitAndBelow:
			if unit != "" {
				prefixes[unit] = true
			}
		case ScopeUnit:
			if unit != "" {
				exact[unit] = true
			}
		case ScopeCustom:
			for _, c := range strings.Split(r.units, ",") {
				if c = strings.TrimSpace(c); c != "" {
					prefixes[c] = true
				}
			}
		}
	}
	v.Prefixes = minimalPrefixes(prefixes)
	for e := range exact {
		if !v.Sees(e) {
			v.Exact = append(v.Exact, e)
		}
	}
	sort.Strings(v.Exact)
	return v
}

// RuleVisibility is what one role's rules alone give a member of the unit in the module (its
// scope for the module, or else its default '*'; nothing when it names neither). The grant rule
// compares it with what the granting user sees (docs/data-rules.md).
func RuleVisibility(rules []DataScope, module, unit string) Visibility {
	var pick *DataScope
	for i := range rules {
		if rules[i].ModuleName == module || (rules[i].ModuleName == AnyModule && pick == nil) {
			pick = &rules[i]
		}
	}
	if pick == nil {
		return Visibility{}
	}
	return visibilityOf(map[int64]rule{0: {scope: pick.Scope, units: strings.Join(pick.UnitCodes, ",")}}, unit)
}

// Within tells whether every unit v shows is shown by one of outer: the whole company only
// within a whole company, a subtree only within a subtree holding it, a single unit within any
// outer that sees it.
func (v Visibility) Within(outer ...Visibility) bool {
	sees := func(f func(o Visibility) bool) bool {
		for _, o := range outer {
			if o.All || f(o) {
				return true
			}
		}
		return false
	}
	if v.All {
		return sees(func(Visibility) bool { return false })
	}
	for _, p := range v.Prefixes {
		if !sees(func(o Visibility) bool {
			for _, q := range o.Prefixes {
				if strings.HasPrefix(p, q) {
					return true
				}
			}
			return false
		}) {
			return false
		}
	}
	for _, e := range v.Exact {
		if !sees(func(o Visibility) bool { return o.Sees(e) }) {
			return false
		}
	}
	return true
}

// RoleRules reads a role's data scopes as q sees them (without the units' details).
func RoleRules(ctx context.Context, q db.Querier, roleID int64) ([]DataScope, error) {
	rows, err := q.Query(ctx, `SELECT module, scope, unit_codes FROM sys_role_data_scope WHERE role_id = ? ORDER BY module`, roleID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []DataScope{}
	for rows.Next() {
		var d DataScope
		var codes string
		if err := rows.Scan(&d.ModuleName, &d.Scope, &codes); err != nil {
			return nil, err
		}
		d.UnitCodes = splitCodes(codes)
		out = append(out, d)
	}
	return out, rows.Err()
}

// minimalPrefixes drops prefixes covered by a shorter one (a unit inside another's subtree).
func minimalPrefixes(set map[string]bool) []string {
	all := make([]string, 0, len(set))
	for p := range set {
		all = append(all, p)
	}
	sort.Strings(all)
	var out []string
	for _, p := range all {
		if len(out) > 0 && strings.HasPrefix(p, out[len(out)-1]) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// DataScope is one rule of a role as the role screen edits it.
type DataScope struct {
	ModuleName string   `json:"moduleName"`
	Scope      string   `json:"scope" enum:"all,unit_and_below,unit,custom"`
	UnitCodes  []string `json:"unitCodes"`
	Units      []Unit   `json:"units"` // the custom units, for display
}

// OpenAPIName keeps the name the web knows a data scope by.
func (DataScope) OpenAPIName() string { return "DataScope" }

// RoleScopes returns the data scopes of a role.
func (s *Store) RoleScopes(ctx context.Context, roleID int64) (_ []DataScope, err error) {
	defer errs.Wrap(&err, "org: role scopes %d", roleID)
	rows, err := s.db.Query(ctx, `SELECT module, scope, unit_codes FROM sys_role_data_scope WHERE role_id = ? ORDER BY module`, roleID)
	if err != nil {
		return nil, err
	}
	out := []DataScope{}
	for rows.Next() {
		var d DataScope
		var codes string
		if err := rows.Scan(&d.ModuleName, &d.Scope, &codes); err != nil {
			rows.Close()
			return nil, err
		}
		d.UnitCodes = splitCodes(codes)
		out = append(out, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if len(out[i].UnitCodes) == 0 {
			out[i].Units = []Unit{}
			continue
		}
		q := &unitQuery{}
		q.and("u.full_unit_code IN ("+placeholders(len(out[i].UnitCodes))+")", anySlice(out[i].UnitCodes)...)
		if out[i].Units, err = s.units(ctx, q); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CheckScopes validates the rules a role screen sends and normalises them.
func (s *Store) CheckScopes(ctx context.Context, rules []DataScope) (err error) {
	defer errs.Wrap(&err, "org: check scopes")
	seen := map[string]bool{}
	for i := range rules {
		r := &rules[i]
		r.ModuleName, r.Scope = strings.TrimSpace(r.ModuleName), strings.TrimSpace(r.Scope)
		switch {
		case !knownModule(r.ModuleName):
			return httpx.Fail("org.scope_module_unknown", r.ModuleName)
		case seen[r.ModuleName]:
			return httpx.Fail("org.scope_module_twice", r.ModuleName)
		case !scopes[r.Scope]:
			return httpx.Fail("org.scope_unknown", r.Scope)
		case r.Scope == ScopeCustom && len(r.UnitCodes) == 0:
			return httpx.Fail("org.scope_units_required")
		case r.Scope != ScopeCustom:
			r.UnitCodes = nil
		}
		seen[r.ModuleName] = true
		for _, c := range r.UnitCodes {
			if ok, err := s.Exists(ctx, c); err != nil {
				return err
			} else if !ok {
				return httpx.Fail("org.unit_unknown", c)
			}
		}
	}
	return nil
}

// SetRoleScopes replaces a role's data scopes inside tx (the caller checked them).
func SetRoleScopes(ctx context.Context, tx *db.Tx, roleID int64, rules []DataScope) error {
	if _, err := tx.Exec(ctx, `DELETE FROM sys_role_data_scope WHERE role_id = ?`, roleID); err != nil {
		return err
	}
	for _, r := range rules {
		if _, err := tx.Exec(ctx, `INSERT INTO sys_role_data_scope (role_id, module, scope, unit_codes) VALUES (?, ?, ?, ?)`,
			roleID, r.ModuleName, r.Scope, strings.Join(r.UnitCodes, ",")); err != nil {
			return err
		}
	}
	return nil
}

func splitCodes(s string) []string {
	out := []string{}
	for _, c := range strings.Split(s, ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

func anySlice(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// placeholders returns n comma-separated '?'.
func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

// SeedDefaultScopes gives each named role (by code) a default data scope ('*') when the role
// has none yet: the built-in administrator roles see every unit.
func (s *Store) SeedDefaultScopes(ctx context.Context, byRoleCode map[string]string) (err error) {
	defer errs.Wrap(&err, "org: seed default scopes")
	for code, scope := range byRoleCode {
		if _, err := s.db.Exec(ctx, `INSERT INTO sys_role_data_scope (role_id, module, scope, unit_codes)
			SELECT r.id, ?, ?, '' FROM sys_role r WHERE r.code = ?
			AND NOT EXISTS (SELECT 1 FROM sys_role_data_scope d WHERE d.role_id = r.id)`, AnyModule, scope, code); err != nil {
			return err
		}
	}
	return nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"org.module.any":           {"全部模块（默认）", "All modules (default)"},
		"org.module.sysuser":       {"用户管理", "User management"},
		"org.module.library":       {"投标资料库", "Bid library"},
		"org.module.portal":        {"门户（未设置时可见全部）", "Portal (everything when not set)"},
		"org.module.statistics":    {"统计分析", "Statistics"},
		"org.module.demand":        {"需求征集", "Demand collection"},
		"org.module.reward":        {"证书奖励", "Certificate rewards"},
		"org.module.lowcode":       {"数据集与报表", "Datasets and reports"},
		"org.scope_module_unknown": {"未知的模块：%s", "Unknown module: %s"},
		"org.scope_module_twice":   {"模块「%s」的数据范围重复", "The data scope of module '%s' is given twice"},
		"org.scope_unknown":        {"未知的数据范围：%s", "Unknown data scope: %s"},
		"org.scope_units_required": {"自定义数据范围请至少选择一个组织", "Choose at least one unit for a custom data scope"},
		"org.unit_unknown":         {"组织「%s」不存在或已停用", "The unit '%s' does not exist or is closed"},
		"org.in_status_rule":       {"inStatus 只能是 0 或 1", "inStatus must be 0 or 1"},
		"org.keyword_too_long":     {"搜索内容长度不能超过%d", "The search text cannot exceed %d characters"},
		"org.lookup_too_many":      {"每次最多查询%d行", "At most %d lines can be looked up at once"},
		"org.role_unknown":         {"角色不存在", "The role does not exist"},
		"org.selector_one_of":      {"请只提供 employeeCodes、phoneOrEmails、employeeNames 其中之一", "Send exactly one of employeeCodes, phoneOrEmails and employeeNames"},
	})
}

// RoleIn names a role.
type RoleIn struct {
	RoleID int64 `param:"roleId,required"`
}

// RoleScopes is GET /api/sys/role/dataScope (roleId): the data scopes of a role (function code rolemanager).
func (h *Handlers) RoleScopes(r *http.Request, in RoleIn) ([]DataScope, error) {
	if err := h.store.roleExists(r.Context(), in.RoleID); err != nil {
		return nil, err
	}
	return h.store.RoleScopes(r.Context(), in.RoleID)
}

// ScopesIn replaces a role's data scopes.
type ScopesIn struct {
	RoleIn
	Scopes []DataScope `param:"scopes" doc:"[{moduleName, scope, unitCodes}]; units is ignored"`
}

// PutRoleScopes replaces a role's data scopes: {roleId, scopes: [{moduleName, scope, unitCodes}]}.
func (h *Handlers) PutRoleScopes(r *http.Request, in ScopesIn) (route.None, error) {
	id, rules := in.RoleID, in.Scopes
	ctx := r.Context()
	if err := h.store.roleExists(ctx, id); err != nil {
		return route.None{}, err
	}
	if err := h.store.CheckScopes(ctx, rules); err != nil {
		return route.None{}, err
	}
	// the grant rule: nobody widens a role beyond what they see themselves
	if err := h.guard(ctx, id, rules); err != nil {
		return route.None{}, err
	}
	before, err := h.store.RoleScopes(ctx, id)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.store.db.InTx(ctx, func(tx *db.Tx) error {
		if err := SetRoleScopes(ctx, tx, id, rules); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: "rolemanager", Action: "dataScope", TargetID: id,
			Before: scopeSummary(before), After: scopeSummary(rules)})
	})
}

func scopeSummary(rules []DataScope) []DataScope {
	out := make([]DataScope, len(rules))
	for i, r := range rules {
		out[i] = DataScope{ModuleName: r.ModuleName, Scope: r.Scope, UnitCodes: r.UnitCodes}
	}
	return out
}

func (s *Store) roleExists(ctx context.Context, id int64) error {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE id = ?`, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.Fail("org.role_unknown")
	}
	return nil
}

// Narrow restricts a list query to the units the visibility covers (nothing when it covers all).
func (v Visibility) Narrow(q *list.Query, column string) {
	if cond, args := v.Condition(column); cond != "1=1" {
		q.Where(cond, args...)
	}
}
