package org

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// SearchLimit caps the hits of a unit search: the picker shows a list, not a report.
const SearchLimit = 100

// OrganQuery are the parameters of the picker's organisation calls (spec section 7, getOrganList
// and getOrganSearch).
type OrganQuery struct {
	UnitName     string // substring of the name
	FullUnitCode string // children of this unit
	ParentID     int64  // children of the unit with this id
	Level        int    // the units at this level (root query: 1)
	IsClick      *bool  // only units with (true) or without (false) children
	DelPartment  bool   // 'remove root': start at the subordinate companies (level 3)
	IsDataRule   bool
	ModuleName   string
	Type         int // unit type, when above 0
	InStatus     int // 1 active (default), 0 closed
}

// OrganIn is the input of the picker's organisation calls (getOrganList, getOrganSearch).
type OrganIn struct {
	UnitName     string `param:"unitName" doc:"a name search (contains; at most 100 characters)"`
	FullUnitCode string `param:"fullUnitCode" doc:"the children of this unit"`
	DelPartment  bool   `param:"delPartment" doc:"'remove root': start at the subordinate companies (level 3)"`
	IsDataRule   bool   `param:"isDataRule" doc:"only the units the caller's data rules allow for moduleName"`
	ModuleName   string `param:"moduleName"`
	Level        int    `param:"level" doc:"the units at this level (root query: 1)"`
	Type         int    `param:"type" doc:"unit type, when above 0 (1 company, 2 department)"`
	InStatus     *int   `param:"inStatus" doc:"1 active (default), 0 closed"`
	IsClick      string `param:"isClick" doc:"true: only units with children; false: only leaves"`
	ID           int64  `param:"id" doc:"the children of the unit with this id"`
}

func (in OrganIn) query() (OrganQuery, error) {
	q := OrganQuery{
		UnitName:     strings.TrimSpace(in.UnitName),
		FullUnitCode: strings.TrimSpace(in.FullUnitCode),
		DelPartment:  in.DelPartment,
		IsDataRule:   in.IsDataRule,
		ModuleName:   strings.TrimSpace(in.ModuleName),
		Level:        in.Level,
		Type:         in.Type,
		InStatus:     1,
		ParentID:     in.ID,
	}
	if in.InStatus != nil {
		q.InStatus = *in.InStatus
	}
	if q.InStatus != 0 && q.InStatus != 1 {
		return q, httpx.Fail("org.in_status_rule")
	}
	if s := strings.TrimSpace(in.IsClick); s != "" {
		b, perr := strconv.ParseBool(s)
		if perr != nil {
			return q, httpx.BadRequest("http.bad_bool", "isClick")
		}
		q.IsClick = &b
	}
	if utf8.RuneCountInString(q.UnitName) > 100 {
		return q, httpx.Fail("org.keyword_too_long", 100)
	}
	if q.IsDataRule && q.ModuleName == "" {
		q.ModuleName = AnyModule
	}
	return q, nil
}

// Organs answers getOrganList: a search when unitName is set, else the children of a unit, else
// the units of a level (the root by default). With IsDataRule only the units the user may see
// for the module are returned, and the root query starts at the user's top visible units.
func (s *Store) Organs(ctx context.Context, userID int64, q OrganQuery) (_ []Unit, err error) {
	defer errs.Wrap(&err, "org: organs %d", userID)
	uq := &unitQuery{}
	uq.and("u.in_status = ?", q.InStatus)
	if q.Type > 0 {
		uq.and("u.unit_type = ?", q.Type)
	}
	if q.IsClick != nil {
		cond := "EXISTS (SELECT 1 FROM org_unit c WHERE c.parent_full_unit_code = u.full_unit_code AND c.in_status = 1)"
		if !*q.IsClick {
			cond = "NOT " + cond
		}
		uq.and(cond)
	}
	rootQuery := q.UnitName == "" && q.FullUnitCode == "" && q.ParentID == 0
	if q.IsDataRule {
		vis, err := s.Visibility(ctx, userID, q.ModuleName)
		if err != nil {
			return nil, err
		}
		if !vis.All && rootQuery {
			// the root query of a limited user: the tops of the visible subtrees (minimal by construction)
			tops := append(append([]string{}, vis.Prefixes...), vis.Exact...)
			if len(tops) == 0 {
				return []Unit{}, nil
			}
			uq.and("u.full_unit_code IN ("+placeholders(len(tops))+")", anySlice(tops)...)
			uq.order = "u.full_unit_code"
			return s.units(ctx, uq)
		}
		cond, args := vis.Condition("u.full_unit_code")
		uq.and(cond, args...)
	}
	switch {
	case q.UnitName != "":
		uq.and(list.ContainsSQL("u.unit_name"), list.ContainsArg(q.UnitName))
		if q.DelPartment {
			uq.and("u.special = ''")
		}
		uq.limit = SearchLimit
	case q.FullUnitCode != "" || q.ParentID > 0:
		if q.ParentID > 0 {
			uq.and("u.parent_full_unit_code = (SELECT p.full_unit_code FROM org_unit p WHERE p.id = ?)", q.ParentID)
		} else {
			uq.and("u.parent_full_unit_code = ?", q.FullUnitCode)
		}
		uq.order = "u.sort, u.id"
	case q.DelPartment:
		uq.and("u.parent_full_unit_code IN (SELECT p.full_unit_code FROM org_unit p WHERE p.special = ?)", SpecialSubCompanies)
		uq.order = "u.sort, u.id"
	default:
		level := q.Level
		if level <= 0 {
			level = 1
		}
		uq.and("u.level = ?", level)
		uq.order = "u.sort, u.id"
	}
	return s.units(ctx, uq)
}

// AccessibleTops answers getAccessOrgan: the top units the user may access in the module.
func (s *Store) AccessibleTops(ctx context.Context, userID int64, module string) (_ []Unit, err error) {
	defer errs.Wrap(&err, "org: accessible tops userID=%d module=%s", userID, module)
	if module == "" {
		module = AnyModule
	}
	return s.Organs(ctx, userID, OrganQuery{IsDataRule: true, ModuleName: module, InStatus: 1})
}

// TreeNode is a unit of the second tree API (spec section 3: id, name, pid).
type TreeNode struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	PID      string      `json:"pid"`
	Children []*TreeNode `json:"children,omitempty"`
}

// Tree returns the active subtree below pid (the whole tree when pid is ""), nested, from one
// query of three columns (no children flags: the nesting shows them).
func (s *Store) Tree(ctx context.Context, pid string) (_ []*TreeNode, err error) {
	defer errs.Wrap(&err, "org: tree")
	q := `SELECT full_unit_code, unit_name, parent_full_unit_code FROM org_unit WHERE in_status = 1`
	var args []any
	if pid != "" {
		q += " AND " + list.PrefixSQL("full_unit_code") + " AND full_unit_code <> ?"
		args = append(args, list.PrefixArg(pid), pid)
	}
	rows, err := s.db.Query(ctx, q+" ORDER BY level, sort, id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byCode := map[string]*TreeNode{}
	roots := []*TreeNode{}
	for rows.Next() {
		n := &TreeNode{}
		if err := rows.Scan(&n.ID, &n.Name, &n.PID); err != nil {
			return nil, err
		}
		byCode[n.ID] = n
		if parent, ok := byCode[n.PID]; ok {
			parent.Children = append(parent.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots, rows.Err()
}

// ByNameOrCode finds active units whose name contains the keyword or whose code starts with it.
func (s *Store) ByNameOrCode(ctx context.Context, keyword string) (_ []Unit, err error) {
	defer errs.Wrap(&err, "org: by name or code")
	q := &unitQuery{limit: SearchLimit}
	q.and("u.in_status = 1")
	q.and("("+list.ContainsSQL("u.unit_name")+" OR "+list.PrefixSQL("u.full_unit_code")+")", list.ContainsArg(keyword), list.PrefixArg(keyword))
	return s.units(ctx, q)
}

// AtLevel returns the active units of a level.
func (s *Store) AtLevel(ctx context.Context, level int) (_ []Unit, err error) {
	defer errs.Wrap(&err, "org: at level")
	q := &unitQuery{order: "u.sort, u.id"}
	q.and("u.in_status = 1").and("u.level = ?", level)
	return s.units(ctx, q)
}

// Handlers are the HTTP endpoints of the organisation area.
type Handlers struct {
	store *Store
	guard ScopeGuard
}

// ScopeGuard refuses a change of a role's data scopes that the caller may not make (the grant
// rule of internal/access: docs/data-rules.md).
type ScopeGuard func(ctx context.Context, roleID int64, rules []DataScope) error

func NewHandlers(s *Store, guard ScopeGuard) *Handlers { return &Handlers{store: s, guard: guard} }

func caller(ctx context.Context) int64 { return httpx.InfoFrom(ctx).UserID }

// PidIn names a parent unit by its code ("" for the roots).
type PidIn struct {
	PID string `param:"pid" doc:"the parent's fullUnitCode; empty: the roots"`
}

// GetByPid is GET /api/dataHumanResources/getByPid?pid=...: the children of a unit, or the roots.
func (h *Handlers) GetByPid(r *http.Request, in PidIn) ([]Unit, error) {
	return h.store.Children(r.Context(), strings.TrimSpace(in.PID))
}

// Tree is GET /api/dataHumanResources/tree?pid=: the nested tree (id, name, pid).
func (h *Handlers) Tree(r *http.Request, in PidIn) ([]*TreeNode, error) {
	return h.store.Tree(r.Context(), strings.TrimSpace(in.PID))
}

// KeywordIn is a unit search by name or code.
type KeywordIn struct {
	Keyword    string `param:"keyword" doc:"name contains or code starts with; at most 100 characters"`
	NameOrCode string `param:"nameOrCode" doc:"the same as keyword (when keyword is empty)"`
}

// GetByNameOrCode is GET /api/dataHumanResources/getByNameOrCode?keyword=.
func (h *Handlers) GetByNameOrCode(r *http.Request, in KeywordIn) ([]Unit, error) {
	kw := strings.TrimSpace(in.Keyword)
	if kw == "" {
		kw = strings.TrimSpace(in.NameOrCode)
	}
	if kw == "" {
		return nil, httpx.Fail("http.required", "keyword")
	}
	if utf8.RuneCountInString(kw) > 100 {
		return nil, httpx.Fail("org.keyword_too_long", 100)
	}
	return h.store.ByNameOrCode(r.Context(), kw)
}

// LevelIn names a level of the organisation.
type LevelIn struct {
	Level *int `param:"level" doc:"1 (default) is the root"`
}

// LevelInfoList is GET /api/organization/levelInfoList?level= (default 1).
func (h *Handlers) LevelInfoList(r *http.Request, in LevelIn) ([]Unit, error) {
	level := 1
	if in.Level != nil {
		level = *in.Level
	}
	return h.store.AtLevel(r.Context(), level)
}

// SelectOrgCode is GET /motivate/project/config/selectOrgCode (getOrganList).
func (h *Handlers) SelectOrgCode(r *http.Request, in OrganIn) ([]Unit, error) {
	q, err := in.query()
	if err != nil {
		return nil, err
	}
	return h.store.Organs(r.Context(), caller(r.Context()), q)
}

// ByUnitName is GET /api/organization/unitInfo/byUnitName (getOrganSearch): a name search.
func (h *Handlers) ByUnitName(r *http.Request, in OrganIn) ([]Unit, error) {
	q, err := in.query()
	if err != nil {
		return nil, err
	}
	if q.UnitName == "" {
		return nil, httpx.Fail("http.required", "unitName")
	}
	q.FullUnitCode, q.ParentID = "", 0
	return h.store.Organs(r.Context(), caller(r.Context()), q)
}

// ModuleIn names the module whose data rules apply.
type ModuleIn struct {
	ModuleName string `param:"moduleName" doc:"empty: any module"`
}

// Authority is GET /api/recruit/interview/user/authority (getAccessOrgan).
func (h *Handlers) Authority(r *http.Request, in ModuleIn) ([]Unit, error) {
	return h.store.AccessibleTops(r.Context(), caller(r.Context()), strings.TrimSpace(in.ModuleName))
}

// DataModules is GET /api/org/dataModules: the module names a data scope may name.
func (h *Handlers) DataModules(r *http.Request, _ route.None) ([]Module, error) {
	lang := httpx.Lang(r)
	out := make([]Module, len(Modules))
	for i, m := range Modules {
		out[i] = Module{Name: m.Name, Label: httpx.Translate(lang, m.Label)}
	}
	return out, nil
}
