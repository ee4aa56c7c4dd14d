package access

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Access kinds of a resource. Public and signed-in routes are what the route table says (a
// resource edit cannot open or close them); a function route needs one of its function codes.
const (
	AccessPublic   = "public"
	AccessSignedIn = "signed-in"
	AccessFunction = "function"
)

// Screens whose function codes no resource edit may take from their own calls, and which no menu
// or function change may hide or remove: through them an administrator can always repair the rest.
const (
	ResourceScreen  = "resmanager"
	MenuScreen      = "menusmanager"
	FunctionsScreen = "functionsmanager"
)

// lockCodes are the function codes that keep the permission screens reachable.
var lockCodes = []string{GrantsScreen, ResourceScreen}

// RouteDef is what the route table says of one API route.
type RouteDef struct {
	Method, Path, Name string
	Access             string   // AccessPublic, AccessSignedIn or AccessFunction
	Codes              []string // AccessFunction: the route table's function codes (any one of them)
	Download           bool
}

type routeKey struct{ method, path string }

// resourceSnapshot is the resource table as the guard reads it: method and path to the codes.
type resourceSnapshot map[routeKey][]string

// Needs returns the function codes (any one of them) a function route needs now, as the resource
// table says; ok is false when the table has no codes for it (the caller falls back to the route
// table). A map look-up: it runs on every call.
func (s *Store) Needs(method, path string) (codes []string, ok bool) {
	m := s.res.Load()
	if m == nil {
		return nil, false
	}
	codes, ok = (*m)[routeKey{method, path}]
	return codes, ok
}

// LoadResources reads the resource table into the snapshot the guard uses.
func (s *Store) LoadResources(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "access: load resources")
	rows, err := s.db.Query(ctx, `SELECT r.method, r.path, rf.function_code FROM sys_resource r
		JOIN sys_resource_function rf ON rf.resource_id = r.id WHERE r.access = ? ORDER BY r.id, rf.function_code`, AccessFunction)
	if err != nil {
		return err
	}
	defer rows.Close()
	m := resourceSnapshot{}
	for rows.Next() {
		var k routeKey
		var code string
		if err := rows.Scan(&k.method, &k.path, &code); err != nil {
			return err
		}
		m[k] = append(m[k], code)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	s.res.Store(&m)
	return nil
}

// SyncResources writes the route table into the resource table: a missing route is inserted with
// the route table's codes; an existing one keeps its name and codes (an administrator's edit) and
// takes the route table's access kind, download flag and default codes. Rows of routes this build
// no longer serves stay (another instance may still serve them) and are listed as not served.
func (s *Store) SyncResources(ctx context.Context, defs []RouteDef) (err error) {
	defer errs.Wrap(&err, "access: sync resources")
	served := make(map[routeKey]bool, len(defs))
	for _, d := range defs {
		served[routeKey{d.Method, d.Path}] = true
	}
	s.served.Store(&served)
	now := time.Now().UTC()
	return s.write(ctx, func(tx *db.Tx) error {
		type row struct {
			id               int64
			access, defaults string
			download         int
		}
		have := map[routeKey]row{}
		rows, err := tx.Query(ctx, `SELECT id, method, path, access, download, default_codes FROM sys_resource`)
		if err != nil {
			return err
		}
		for rows.Next() {
			var k routeKey
			var r row
			if err := rows.Scan(&r.id, &k.method, &k.path, &r.access, &r.download, &r.defaults); err != nil {
				rows.Close()
				return err
			}
			have[k] = r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, d := range defs {
			defaults := strings.Join(d.Codes, ",")
			cur, ok := have[routeKey{d.Method, d.Path}]
			if !ok {
				var id int64
				err := tx.QueryRow(ctx, `INSERT INTO sys_resource (method, path, name, access, download, default_codes, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
					ON CONFLICT (method, path) DO NOTHING RETURNING id`, d.Method, d.Path, clip(d.Name, ResourceNameMax), d.Access, db.Flag(d.Download), defaults, now).Scan(&id)
				if db.IsNoRows(err) {
					continue // another instance inserted it meanwhile
				}
				if err != nil {
					return err
				}
				if err := setResourceCodes(ctx, tx, id, d.Codes); err != nil {
					return err
				}
				continue
			}
			if cur.access == d.Access && cur.download == db.Flag(d.Download) && cur.defaults == defaults {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE sys_resource SET access = ?, download = ?, default_codes = ? WHERE id = ?`, d.Access, db.Flag(d.Download), defaults, cur.id); err != nil {
				return err
			}
			// A route that became function-guarded starts with the route table's codes.
			if d.Access == AccessFunction {
				var n int
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_resource_function WHERE resource_id = ?`, cur.id).Scan(&n); err != nil {
					return err
				}
				if n == 0 {
					if err := setResourceCodes(ctx, tx, cur.id, d.Codes); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

func setResourceCodes(ctx context.Context, tx *db.Tx, id int64, codes []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM sys_resource_function WHERE resource_id = ?`, id); err != nil {
		return err
	}
	for _, c := range codes {
		if _, err := tx.Exec(ctx, `INSERT INTO sys_resource_function (resource_id, function_code) VALUES (?, ?)`, id, c); err != nil {
			return err
		}
	}
	return nil
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// Resource is one row of /resmanager.
type Resource struct {
	ID       int64  `json:"id"`
	Method   string `json:"method"`
	Path     string `json:"path"`
	Name     string `json:"name"`
	Access   string `json:"access" enum:"public,signed-in,function" doc:"public and signed-in are fixed by the server"`
	Download bool   `json:"download" doc:"an export opened in a new window (accepts a download ticket)"`
	// FunCodes are the codes that may call it now; DefaultCodes the route table's.
	FunCodes     []string `json:"funCodes" doc:"function routes: the codes that may call it now (any one of them)"`
	DefaultCodes []string `json:"defaultCodes" doc:"the route table's codes (restore default)"`
	// LockedCodes cannot be taken away (they keep the permission screens reachable).
	LockedCodes []string   `json:"lockedCodes" doc:"codes that cannot be removed (they keep the permission screens reachable)"`
	Editable    bool       `json:"editable" doc:"function codes can be set (function routes only)"`
	Served      bool       `json:"served" doc:"this server version serves the route"`
	UpdatedAt   *time.Time `json:"updatedAt"`
}

var (
	methods      = map[string]any{"GET": "GET", "POST": "POST", "PUT": "PUT", "DELETE": "DELETE"}
	accessValues = map[string]any{AccessPublic: AccessPublic, AccessSignedIn: AccessSignedIn, AccessFunction: AccessFunction}
)

// resourceSpec is GET /api/sys/resource/list: search by path, method, function code, access and name.
var resourceSpec = &list.Spec{
	Select: `r.id, r.method, r.path, r.name, r.access, r.download, r.default_codes, r.updated_at`,
	From:   `sys_resource r`,
	Filters: []list.Filter{
		{Param: "path", Column: "r.path", Kind: list.Contains},
		{Param: "method", Column: "r.method", Kind: list.Exact, Map: func(s string) (any, error) {
			return list.OneOf("method", methods)(strings.ToUpper(s))
		}},
		{Param: "funCode", Column: `EXISTS (SELECT 1 FROM sys_resource_function rf WHERE rf.resource_id = r.id AND rf.function_code = ?)`, Kind: list.Cond},
		{Param: "access", Column: "r.access", Kind: list.Exact, Map: list.OneOf("access", accessValues)},
		{Param: "name", Column: "r.name", Kind: list.Contains},
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"r.path", "r.name"}},
	},
	Sorts:       map[string]string{"path": "r.path", "method": "r.method", "name": "r.name", "access": "r.access", "updatedAt": "r.updated_at"},
	DefaultSort: "r.path ASC, r.method ASC",
	TieBreak:    "r.id ASC",
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

func lockedOf(defaults []string) []string {
	out := []string{}
	for _, c := range defaults {
		for _, l := range lockCodes {
			if c == l {
				out = append(out, c)
			}
		}
	}
	return out
}

func scanResource(row interface{ Scan(...any) error }) (Resource, error) {
	var r Resource
	var download int
	var defaults string
	var updated *time.Time
	err := row.Scan(&r.ID, &r.Method, &r.Path, &r.Name, &r.Access, &download, &defaults, &updated)
	r.Download, r.DefaultCodes, r.UpdatedAt = download == 1, splitCodes(defaults), updated
	r.LockedCodes, r.Editable, r.FunCodes = lockedOf(r.DefaultCodes), r.Access == AccessFunction, []string{}
	return r, err
}

// completeResources fills in the codes of a page of resources and whether this build serves them.
func (s *Store) completeResources(ctx context.Context, recs []Resource) error {
	byID := make(map[int64]*Resource, len(recs))
	args := make([]any, 0, len(recs))
	for i := range recs {
		byID[recs[i].ID] = &recs[i]
		args = append(args, recs[i].ID)
	}
	rows, err := s.db.Query(ctx, `SELECT resource_id, function_code FROM sys_resource_function WHERE resource_id IN (`+db.Placeholders(len(args))+`) ORDER BY function_code`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var code string
		if err := rows.Scan(&id, &code); err != nil {
			return err
		}
		if r := byID[id]; r != nil && r.Access == AccessFunction {
			r.FunCodes = append(r.FunCodes, code)
		}
	}
	served := s.served.Load()
	for i := range recs {
		recs[i].Served = served == nil || (*served)[routeKey{recs[i].Method, recs[i].Path}]
	}
	return rows.Err()
}

// ResourceTable serves GET /api/sys/resource/list and /export.
func (s *Store) ResourceTable() *list.Table[Resource] {
	return &list.Table[Resource]{
		DB: s.db, Spec: resourceSpec, Scan: scanResource, Complete: s.completeResources, File: "resource.file",
		Columns: []list.Column[Resource]{
			{Title: "resource.col.method", Value: func(r Resource, _ string) any { return r.Method }},
			{Title: "resource.col.path", Value: func(r Resource, _ string) any { return r.Path }},
			{Title: "resource.col.name", Value: func(r Resource, _ string) any { return r.Name }},
			{Title: "resource.col.access", Value: func(r Resource, lang string) any { return httpx.Translate(lang, "resource.access."+r.Access) }},
			{Title: "resource.col.funCodes", Value: func(r Resource, _ string) any { return strings.Join(r.FunCodes, ",") }},
			{Title: "resource.col.defaultCodes", Value: func(r Resource, _ string) any { return strings.Join(r.DefaultCodes, ",") }},
		},
	}
}

// Field limits of a resource.
const (
	ResourceNameMax  = 100
	ResourceCodesMax = 20
)

// oneResource reads a resource with its codes inside tx.
func oneResource(ctx context.Context, tx *db.Tx, id int64) (Resource, error) {
	r, err := scanResource(tx.QueryRow(ctx, `SELECT `+resourceSpec.Select+` FROM sys_resource r WHERE r.id = ?`, id))
	if db.IsNoRows(err) {
		return r, httpx.Fail("resource.not_found")
	}
	if err != nil {
		return r, err
	}
	if r.Access == AccessFunction {
		codes, err := readStrings(ctx, tx, `SELECT function_code FROM sys_resource_function WHERE resource_id = ? ORDER BY function_code`, id)
		if err != nil {
			return r, err
		}
		if codes != nil {
			r.FunCodes = codes
		}
	}
	return r, nil
}

// resourceLog is a resource as the business log keeps it.
type resourceLog struct {
	Name     string   `json:"name"`
	FunCodes []string `json:"funCodes"`
}

// EditResource changes a resource's name and, for a function route, the codes that may call it.
// funCodes nil leaves the codes as they are. The change is enforced from the next call, on every instance.
func (s *Store) EditResource(ctx context.Context, id int64, name string, funCodes []string) (err error) {
	defer errs.Wrap(&err, "access: edit resource %d", id)
	name = strings.TrimSpace(name)
	if name == "" {
		return httpx.Fail("resource.name_required")
	}
	if utf8.RuneCountInString(name) > ResourceNameMax {
		return httpx.Fail("resource.name_too_long", ResourceNameMax)
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneResource(ctx, tx, id)
		if err != nil {
			return err
		}
		codes := before.FunCodes
		if funCodes != nil {
			if !before.Editable {
				return httpx.Fail("resource.fixed_access")
			}
			if codes, err = checkCodes(ctx, tx, before, funCodes); err != nil {
				return err
			}
			if err := setResourceCodes(ctx, tx, id, codes); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_resource SET name = ?, updated_at = ? WHERE id = ?`, name, time.Now().UTC(), id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{
			Module: ResourceScreen, Action: audit.Update, TargetID: id, Target: before.Method + " " + before.Path,
			Before: resourceLog{before.Name, before.FunCodes}, After: resourceLog{name, codes},
		})
	})
}

// ResetResource gives a function route the route table's codes again.
func (s *Store) ResetResource(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "access: reset resource %d", id)
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneResource(ctx, tx, id)
		if err != nil {
			return err
		}
		if !before.Editable {
			return httpx.Fail("resource.fixed_access")
		}
		if len(before.DefaultCodes) == 0 {
			return httpx.Fail("resource.no_default")
		}
		if err := setResourceCodes(ctx, tx, id, before.DefaultCodes); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_resource SET updated_at = ? WHERE id = ?`, time.Now().UTC(), id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{
			Module: ResourceScreen, Action: "reset", TargetID: id, Target: before.Method + " " + before.Path,
			Before: resourceLog{before.Name, before.FunCodes}, After: resourceLog{before.Name, before.DefaultCodes},
		})
	})
}

// checkCodes validates a resource's new codes: at least one, each a known function code, and the
// codes that keep the permission screens reachable kept. It returns them sorted, without repeats.
func checkCodes(ctx context.Context, tx *db.Tx, r Resource, in []string) ([]string, error) {
	set := map[string]bool{}
	for _, c := range in {
		for _, part := range strings.Split(c, ",") {
			if part = strings.TrimSpace(part); part != "" {
				set[part] = true
			}
		}
	}
	if len(set) == 0 {
		return nil, httpx.Fail("resource.codes_required")
	}
	if len(set) > ResourceCodesMax {
		return nil, httpx.Fail("resource.codes_too_many", ResourceCodesMax)
	}
	codes := sortedKeys(set)
	for _, c := range codes {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_function WHERE code = ?`, c).Scan(&n); err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, httpx.Fail("role.unknown_function", c)
		}
	}
	for _, l := range r.LockedCodes {
		if !set[l] {
			return nil, httpx.Fail("resource.keeps_code", r.Method+" "+r.Path, l)
		}
	}
	return codes, nil
}

// ResourceRef is a function route and its codes, for the role-permission screen.
type ResourceRef struct {
	Method   string   `json:"method"`
	Path     string   `json:"path"`
	Name     string   `json:"name"`
	FunCodes []string `json:"funCodes"`
}

// FunctionResources lists every function route this build serves with the codes that open it.
func (s *Store) FunctionResources(ctx context.Context) (_ []ResourceRef, err error) {
	defer errs.Wrap(&err, "access: function resources")
	rows, err := s.db.Query(ctx, `SELECT r.method, r.path, r.name, rf.function_code FROM sys_resource r
		JOIN sys_resource_function rf ON rf.resource_id = r.id WHERE r.access = ? ORDER BY r.path, r.method, rf.function_code`, AccessFunction)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ResourceRef{}
	served := s.served.Load()
	for rows.Next() {
		var r ResourceRef
		var code string
		if err := rows.Scan(&r.Method, &r.Path, &r.Name, &code); err != nil {
			return nil, err
		}
		if served != nil && !(*served)[routeKey{r.Method, r.Path}] {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Method == r.Method && out[n-1].Path == r.Path {
			out[n-1].FunCodes = append(out[n-1].FunCodes, code)
			continue
		}
		r.FunCodes = []string{code}
		out = append(out, r)
	}
	return out, rows.Err()
}

// ResourceHandlers are the endpoints of /resmanager: List and Export come with the table.
type ResourceHandlers struct {
	*list.Table[Resource]
	store *Store
}

func NewResourceHandlers(s *Store) *ResourceHandlers {
	return &ResourceHandlers{Table: s.ResourceTable(), store: s}
}

// ResourceIn renames a resource and, for a function route, sets its codes.
type ResourceIn struct {
	ID       int64     `param:"id,required"`
	FunCodes *[]string `param:"funCodes" doc:"function routes: the codes that may call it (any one of them); not sent: the codes stay"`
	Name     string    `param:"name"`
}

// Edit is PUT /api/sys/resource/edit (id, name, funCodes[]; without funCodes the codes stay).
func (h *ResourceHandlers) Edit(r *http.Request, in ResourceIn) (route.None, error) {
	var codes []string
	if in.FunCodes != nil {
		if codes = *in.FunCodes; codes == nil {
			codes = []string{}
		}
	}
	return route.None{}, h.store.EditResource(r.Context(), in.ID, in.Name, codes)
}

// Reset is PUT /api/sys/resource/reset (id).
func (h *ResourceHandlers) Reset(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.store.ResetResource(r.Context(), in.ID)
}

// All is GET /api/sys/resource/all: every function route with its codes (role permissions).
func (h *ResourceHandlers) All(r *http.Request, _ route.None) ([]ResourceRef, error) {
	return h.store.FunctionResources(r.Context())
}

// summaryRule drops the '(function code x)' and '; sort: ...' remarks of an API summary: the
// resource table says the first better, and the second is for developers.
var summaryRule = regexp.MustCompile(`\s*\((needs )?function codes? [^)]*\)|;\s*sort: .*$`)

// ResourceName makes a resource's default name from its API summary.
func ResourceName(summary string) string {
	return strings.TrimSpace(summaryRule.ReplaceAllString(summary, ""))
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"resource.not_found":        {"资源不存在", "No such resource"},
		"resource.name_required":    {"请输入资源名称", "Please enter the resource name"},
		"resource.name_too_long":    {"资源名称不能超过%d个字符", "The resource name cannot exceed %d characters"},
		"resource.fixed_access":     {"公开接口和登录即可调用的接口由系统决定访问方式，不能分配操作编码", "Public and signed-in calls are open by design; their function codes cannot be set"},
		"resource.no_default":       {"该接口没有默认操作编码", "This call has no default function codes"},
		"resource.codes_required":   {"请至少选择一个操作编码", "Please choose at least one function code"},
		"resource.codes_too_many":   {"操作编码不能超过%d个", "At most %d function codes"},
		"resource.keeps_code":       {"接口 %s 必须保留操作编码 %s，否则将无人能再管理权限", "%s must keep the function code %s, or nobody could manage permissions any more"},
		"resource.file":             {"资源列表", "resources"},
		"resource.col.method":       {"请求方式", "Method"},
		"resource.col.path":         {"接口路径", "Path"},
		"resource.col.name":         {"资源名称", "Name"},
		"resource.col.access":       {"访问方式", "Access"},
		"resource.col.funCodes":     {"操作编码", "Function codes"},
		"resource.col.defaultCodes": {"默认操作编码", "Default function codes"},
		"resource.access.public":    {"公开", "public"},
		"resource.access.signed-in": {"登录即可", "signed-in"},
		"resource.access.function":  {"按操作编码", "by function code"},
	})
}
