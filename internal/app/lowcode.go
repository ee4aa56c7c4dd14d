package app

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"biddesk/internal/access"
	"biddesk/internal/auth"
	"biddesk/internal/dataset"
	"biddesk/internal/dreport"
	"biddesk/internal/dtable"
	"biddesk/internal/org"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
	"biddesk/internal/sysconfig"
)

// staffOnlyLowcode is the one rule keeping external (partner) accounts out of the low-code data: every call of
// the areas marked staffOnly in areas.go (dynamic tables, datasets, dynamic reports), whatever its access (a function code, or any signed-in account with the table's or
// report's roles deciding), answers an external account 403 无权限访问该功能 before its handler runs. An
// external account sees only the portal (docs/api.md, "External users"): a role it shares with staff, named
// among a table's readers or writers or a report's roles, reaches the staff members only. assembleRoutes
// applies it by area, so a call added to one of these areas later is covered too; the callers below (tables,
// reports) also give an external account no role, behind it.
func staffOnlyLowcode(rt route.Route) route.Route {
	next := rt.Handler
	rt.Handler = func(w http.ResponseWriter, r *http.Request) (any, error) {
		if externalCaller(r.Context()) {
			return nil, httpx.ErrForbidden
		}
		return next(w, r)
	}
	return rt
}

// externalCaller tells whether the caller is an external (partner) account.
func externalCaller(ctx context.Context) bool {
	p := auth.PrincipalFrom(ctx)
	return p != nil && p.UserType == auth.SiteExternal
}

// datasetScope is what a dataset run shows its caller (docs/data-rules.md, "Datasets and reports"): the units
// of the caller's scope for the module lowcode, and the personal columns the system parameter
// dataset.personal_columns allows, and the dynamic tables the caller's roles may read. No caller, or an external
// one, sees no unit and no dynamic table.
func (a *App) datasetScope(ctx context.Context) (dataset.Scope, error) {
	sc := dataset.Scope{Personal: map[string]bool{}}
	for _, c := range strings.Split(a.SysConfig.Text(sysconfig.KeyDatasetPersonal), ",") {
		if c = strings.ToLower(strings.TrimSpace(c)); c != "" {
			sc.Personal[c] = true
		}
	}
	p := auth.PrincipalFrom(ctx)
	if p == nil || p.UserType == auth.SiteExternal {
		return sc, nil
	}
	vis, err := a.Org.Visibility(ctx, p.UserID, org.ModuleLowcode)
	if err != nil {
		return sc, fmt.Errorf("dataset: scope of %d: %w", p.UserID, err)
	}
	sc.All, sc.Prefixes, sc.Exact = vis.All, vis.Prefixes, vis.Exact
	// the dynamic tables the caller's roles may read (every one for a system administrator), by their own names
	if a.dtables != nil {
		tables, err := a.dtables.ReadableByCaller(ctx)
		if err != nil {
			return sc, fmt.Errorf("dataset: dynamic tables of %d: %w", p.UserID, err)
		}
		for _, t := range tables {
			d := dataset.Dynamic{ID: t.ID, Name: t.Name, Table: t.Table}
			for _, f := range t.Fields {
				d.Columns = append(d.Columns, dataset.DynamicColumn{Code: f.FieldName, Title: f.Name, Column: f.Column(), Type: f.Type})
			}
			sc.Tables = append(sc.Tables, d)
		}
	}
	return sc, nil
}

// dtableCaller tells the dynamic tables who calls: a system administrator, or the role ids of the
// caller's account.
func (a *App) dtableCaller(ctx context.Context) (dtable.Caller, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil || p.UserType == auth.SiteExternal {
		return dtable.Caller{}, nil // no role: an external account reads and writes no table
	}
	held, err := access.UserRoles(ctx, a.DB, []int64{p.UserID})
	if err != nil {
		return dtable.Caller{}, err
	}
	c := dtable.Caller{UserID: p.UserID}
	for _, r := range held[p.UserID] {
		c.Roles = append(c.Roles, r.ID)
		if r.Code == access.RoleSysAdmin {
			c.SysAdmin = true
		}
	}
	return c, nil
}

// lowcodeLookups gives the dynamic tables the names their choice and dictionary values stand for.
type lowcodeLookups struct{ a *App }

func (l lowcodeLookups) names(ctx context.Context, table, key, name, live string, codes []string) (map[string]string, error) {
	out := map[string]string{}
	for len(codes) > 0 {
		n := min(len(codes), 500)
		args := make([]any, n)
		for i, c := range codes[:n] {
			args[i] = c
		}
		rows, err := l.a.DB.Query(ctx, `SELECT `+key+`, `+name+` FROM `+table+` WHERE `+key+` IN (`+strings.TrimSuffix(strings.Repeat("?, ", n), ", ")+`)`+live, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var k, v string
			if err := rows.Scan(&k, &v); err != nil {
				rows.Close()
				return nil, err
			}
			out[k] = v
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		codes = codes[n:]
	}
	return out, nil
}

func (l lowcodeLookups) UnitNames(ctx context.Context, codes []string) (map[string]string, error) {
	return l.names(ctx, "org_unit", "full_unit_code", "unit_name", "", codes)
}

// UserNames are the live accounts by login code (the shared user choice's value).
func (l lowcodeLookups) UserNames(ctx context.Context, codes []string) (map[string]string, error) {
	return l.names(ctx, "sys_user", "login_code", "user_name", " AND deleted_at IS NULL", codes)
}

func (l lowcodeLookups) DictItems(ctx context.Context, group string) (map[string]string, bool, error) {
	if group == "" {
		return nil, false, nil
	}
	top, err := l.a.Dict.Tree(ctx)
	if err != nil {
		return nil, false, err
	}
	for _, g := range top {
		if fmt.Sprint(g.Value) != group {
			continue
		}
		out := map[string]string{}
		for _, c := range g.ChildDict {
			out[fmt.Sprint(c.Value)] = c.Key
		}
		return out, true, nil
	}
	return nil, false, nil
}

func (l lowcodeLookups) RoleExists(ctx context.Context, ids []int64) (bool, error) {
	uniq := map[int64]bool{}
	args := []any{}
	for _, id := range ids {
		if !uniq[id] {
			uniq[id] = true
			args = append(args, id)
		}
	}
	var n int
	err := l.a.DB.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")+`)`, args...).Scan(&n)
	return n == len(args), err
}

// reportDatasets gives the dynamic reports their datasets' filters and rows.
type reportDatasets struct{ ds *dataset.Service }

func (r reportDatasets) Filters(ctx context.Context, id int64) ([]dreport.Filter, error) {
	d, err := r.ds.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]dreport.Filter, len(d.Params))
	for i, p := range d.Params {
		out[i] = dreport.Filter{Name: p.Name, Label: p.Label, Sample: p.Sample}
	}
	return out, nil
}

func (r reportDatasets) Choices(ctx context.Context) ([]dreport.DatasetChoice, error) {
	cs, err := r.ds.Choices(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]dreport.DatasetChoice, len(cs))
	for i, c := range cs {
		out[i] = dreport.DatasetChoice{ID: c.ID, Name: c.Name}
	}
	return out, nil
}

func (r reportDatasets) Columns(ctx context.Context, id int64) ([]string, error) {
	res, err := r.ds.RunSaved(ctx, id, nil, 1)
	if err != nil {
		return nil, err
	}
	return res.Columns, nil
}

func (r reportDatasets) Run(ctx context.Context, id int64, values map[string]string) (*dreport.Data, error) {
	res, err := r.ds.RunSaved(ctx, id, values, dataset.MaxRows)
	if err != nil {
		return nil, err
	}
	return &dreport.Data{Columns: res.Columns, Rows: res.Rows, Truncated: res.Truncated}, nil
}

// reportCaller tells the reports who runs them: a system administrator or a holder of the dreport code
// runs every report, anyone else those of their roles. An external account (portal only) runs none, as its
// side menu holds none, whatever role it shares with staff.
func (a *App) reportCaller(ctx context.Context) (dreport.Caller, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil || p.UserType == auth.SiteExternal {
		return dreport.Caller{}, nil
	}
	c, err := a.dtableCaller(ctx)
	if err != nil {
		return dreport.Caller{}, err
	}
	return dreport.Caller{Designer: c.SysAdmin || p.Can(dreport.Screen), Roles: c.Roles}, nil
}

// reportMenus are the access area's grants, with the side menu of a session adding the dynamic reports marked
// for it that the account may run (their roles, or every one for a designer), so a report in the menu is
// reachable by whoever may run it. External accounts hold no menu, reports included.
type reportMenus struct{ a *App }

// reportMenuCode is the group of the reports in the side menu; a report's leaf is dreport_<id> at /dreport?id=<id>.
const reportMenuCode = "dreport_menu"

func (g reportMenus) FunctionCodes(ctx context.Context, userID int64) ([]string, error) {
	return g.a.Access.FunctionCodes(ctx, userID)
}

func (g reportMenus) RoleNames(ctx context.Context, userID int64) ([]string, error) {
	return g.a.Access.RoleNames(ctx, userID)
}

func (g reportMenus) UserGrants(ctx context.Context, userID int64) ([]string, []string, []*auth.Menu, error) {
	roles, funCodes, menus, err := g.a.Access.UserGrants(ctx, userID)
	if err != nil || g.a.reports == nil {
		return roles, funCodes, menus, err
	}
	var userType string
	if err := g.a.DB.QueryRow(ctx, `SELECT user_type FROM sys_user WHERE id = ?`, userID).Scan(&userType); err != nil {
		return nil, nil, nil, err
	}
	if userType == auth.SiteExternal {
		return roles, funCodes, menus, nil
	}
	held, err := access.UserRoles(ctx, g.a.DB, []int64{userID})
	if err != nil {
		return nil, nil, nil, err
	}
	c := dreport.Caller{Designer: slices.Contains(funCodes, dreport.Screen)}
	for _, r := range held[userID] {
		c.Roles = append(c.Roles, r.ID)
		c.Designer = c.Designer || r.Code == access.RoleSysAdmin
	}
	reports, err := g.a.reports.InMenu(ctx, c)
	if err != nil || len(reports) == 0 {
		return roles, funCodes, menus, err
	}
	group := &auth.Menu{Code: reportMenuCode, Name: "报表", Icon: "chart", SubMenus: []*auth.Menu{}}
	for _, r := range reports {
		group.SubMenus = append(group.SubMenus, &auth.Menu{Code: fmt.Sprintf("dreport_%d", r.ID), Name: r.Name,
			Path: fmt.Sprintf("/dreport?id=%d", r.ID), SubMenus: []*auth.Menu{}})
	}
	return roles, funCodes, append(menus, group), nil
}
