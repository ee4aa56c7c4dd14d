package access

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// MenuNode is a menu as /menusmanager shows it, hidden ones included.
type MenuNode struct {
	ID         int64       `json:"id"`
	Code       string      `json:"code"`
	ParentCode string      `json:"parentCode" doc:"'' for a top-level menu"`
	Name       string      `json:"name"`
	Path       string      `json:"path" doc:"a route (/...), an http(s) link, or '' for a group"`
	Icon       string      `json:"icon"`
	Sort       int         `json:"sort" doc:"order number among its siblings"`
	Visible    int         `json:"visible" doc:"1 shown, 0 hidden (with everything below it)"`
	Children   []*MenuNode `json:"children"`
}

func nodeOf(m menuRow) *MenuNode {
	return &MenuNode{ID: m.ID, Code: m.Code, ParentCode: m.ParentCode, Name: m.Name, Path: m.Path, Icon: m.Icon, Sort: m.Sort, Visible: db.Flag(m.Visible), Children: []*MenuNode{}}
}

// readMenus reads every menu in display order (by order number, then id).
func readMenus(ctx context.Context, from db.Querier) ([]menuRow, error) {
	rows, err := from.Query(ctx, `SELECT id, code, parent_code, name, path, icon, sort, visible FROM sys_menu ORDER BY sort, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []menuRow{}
	for rows.Next() {
		var r menuRow
		var vis int
		if err := rows.Scan(&r.ID, &r.Code, &r.ParentCode, &r.Name, &r.Path, &r.Icon, &r.Sort, &vis); err != nil {
			return nil, err
		}
		r.Visible = vis == 1
		out = append(out, r)
	}
	return out, rows.Err()
}

// MenuList is the whole menu tree with hidden menus, read from the database (not the cache).
func (s *Store) MenuList(ctx context.Context) (_ []*MenuNode, err error) {
	defer errs.Wrap(&err, "access: menu list")
	all, err := readMenus(ctx, s.db)
	if err != nil {
		return nil, err
	}
	nodes := make(map[string]*MenuNode, len(all))
	for _, m := range all {
		nodes[m.Code] = nodeOf(m)
	}
	roots := []*MenuNode{}
	for _, m := range all {
		n := nodes[m.Code]
		if p := nodes[m.ParentCode]; p != nil && m.ParentCode != "" {
			p.Children = append(p.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots, nil
}

// Limits of a menu's and a function code's fields.
const (
	MenuNameMax = 50
	MenuPathMax = 300
	SortMax     = 999999
	// SortStep spaces the order numbers a drag writes, leaving room for a number typed in between.
	SortStep = 10
)

var (
	codeRe     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{1,63}$`)
	menuPathRe = regexp.MustCompile(`^(/[A-Za-z0-9_\-/]*|https?://[^\s<>"']+)$`)
	iconRe     = regexp.MustCompile(`^[A-Za-z-]{0,40}$`)
)

// MenuForm is the input of add and edit.
type MenuForm struct {
	ID                                 int64
	Code, ParentCode, Name, Path, Icon string
	Sort, Visible                      int
	// WithFunction (add only) also creates the function code of the same code for a new screen.
	WithFunction bool
}

func (f *MenuForm) check(add bool) error {
	f.Code, f.ParentCode, f.Name = strings.TrimSpace(f.Code), strings.TrimSpace(f.ParentCode), strings.TrimSpace(f.Name)
	f.Path, f.Icon = strings.TrimSpace(f.Path), strings.TrimSpace(f.Icon)
	if add {
		if f.Code == "" {
			return httpx.Fail("menu.code_required")
		}
		if !codeRe.MatchString(f.Code) {
			return httpx.Fail("menu.code_rule")
		}
	}
	if f.Name == "" {
		return httpx.Fail("menu.name_required")
	}
	if utf8.RuneCountInString(f.Name) > MenuNameMax {
		return httpx.Fail("menu.name_too_long", MenuNameMax)
	}
	if f.Path != "" && (len(f.Path) > MenuPathMax || !menuPathRe.MatchString(f.Path)) {
		return httpx.Fail("menu.path_rule")
	}
	if !iconRe.MatchString(f.Icon) {
		return httpx.Fail("menu.icon_rule")
	}
	if f.Sort < 0 || f.Sort > SortMax {
		return httpx.Fail("menu.bad_sort", SortMax)
	}
	if f.Visible != 0 && f.Visible != 1 {
		return httpx.Fail("menu.bad_visible")
	}
	return nil
}

func oneMenu(ctx context.Context, tx *db.Tx, id int64) (*MenuNode, error) {
	var m menuRow
	var vis int
	err := tx.QueryRow(ctx, `SELECT id, code, parent_code, name, path, icon, sort, visible FROM sys_menu WHERE id = ?`, id).
		Scan(&m.ID, &m.Code, &m.ParentCode, &m.Name, &m.Path, &m.Icon, &m.Sort, &vis)
	if db.IsNoRows(err) {
		return nil, httpx.Fail("menu.not_found")
	}
	if err != nil {
		return nil, err
	}
	m.Visible = vis == 1
	n := nodeOf(m)
	n.Children = nil
	return n, nil
}

func count(ctx context.Context, tx *db.Tx, q string, args ...any) (int, error) {
	var n int
	err := tx.QueryRow(ctx, q, args...).Scan(&n)
	return n, err
}

// checkMenuRefs refuses a taken path and a parent that does not exist or would make a loop.
func checkMenuRefs(ctx context.Context, tx *db.Tx, f MenuForm, self string) error {
	if f.Path != "" {
		n, err := count(ctx, tx, `SELECT COUNT(*) FROM sys_menu WHERE path = ? AND code <> ?`, f.Path, self)
		if err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("menu.path_taken", f.Path)
		}
	}
	return checkParent(ctx, tx, f.ParentCode, self)
}

// checkParent: parent is "" (top level) or an existing menu that is neither self nor below it.
func checkParent(ctx context.Context, tx *db.Tx, parent, self string) error {
	if parent == "" {
		return nil
	}
	all, err := readMenus(ctx, tx)
	if err != nil {
		return err
	}
	up := make(map[string]string, len(all))
	for _, m := range all {
		up[m.Code] = m.ParentCode
	}
	if _, ok := up[parent]; !ok {
		return httpx.Fail("menu.parent_not_found")
	}
	for p, steps := parent, 0; p != "" && steps <= len(all); p, steps = up[p], steps+1 {
		if p == self {
			return httpx.Fail("menu.bad_parent")
		}
	}
	return nil
}

// keepLockMenus refuses a change that hides the role-permission or resource screen's menu, or
// any menu above them: the browser opens an admin screen only from a visible menu.
func keepLockMenus(ctx context.Context, tx *db.Tx) error {
	all, err := readMenus(ctx, tx)
	if err != nil {
		return err
	}
	by := make(map[string]menuRow, len(all))
	for _, m := range all {
		by[m.Code] = m
	}
	for _, code := range lockCodes {
		m, ok := by[code]
		for steps := 0; ok && steps <= len(all); steps++ {
			if !m.Visible {
				return httpx.Fail("menu.keeps_visible", by[code].Name)
			}
			if m.ParentCode == "" {
				break
			}
			m, ok = by[m.ParentCode]
		}
	}
	return nil
}

// grantSysAdmin gives the built-in system administrator role a new menu or function code: it
// holds everything unless narrowed on purpose.
func grantSysAdmin(ctx context.Context, tx *db.Tx, table, column, code string) error {
	_, err := tx.Exec(ctx, `INSERT INTO `+table+` (role_id, `+column+`) SELECT id, ? FROM sys_role WHERE code = ?`, code, RoleSysAdmin)
	return err
}

// AddMenu creates a menu (granted to the system administrator role) and, with WithFunction, the
// function code of the same code.
func (s *Store) AddMenu(ctx context.Context, f MenuForm) (_ int64, err error) {
	defer errs.Wrap(&err, "access: add menu")
	if err := f.check(true); err != nil {
		return 0, err
	}
	var id int64
	err = s.write(ctx, func(tx *db.Tx) error {
		n, err := count(ctx, tx, `SELECT COUNT(*) FROM sys_menu WHERE LOWER(code) = LOWER(?)`, f.Code)
		if err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("menu.code_taken", f.Code)
		}
		if err := checkMenuRefs(ctx, tx, f, f.Code); err != nil {
			return err
		}
		id, err = tx.Insert(ctx, `INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			f.Code, f.ParentCode, f.Name, f.Path, f.Icon, f.Sort, f.Visible)
		if err != nil {
			return err
		}
		if err := grantSysAdmin(ctx, tx, "sys_role_menu", "menu_code", f.Code); err != nil {
			return err
		}
		after, err := oneMenu(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Change{Module: MenuScreen, Action: audit.Create, TargetID: id, Target: f.Name, After: after}); err != nil {
			return err
		}
		if f.WithFunction {
			_, err = addFunction(ctx, tx, FunctionForm{Code: f.Code, Name: f.Name, MenuCode: f.Code, Sort: f.Sort}, MenuScreen)
		}
		return err
	})
	return id, err
}

// EditMenu changes everything of a menu but its code (grants and function codes refer to it).
func (s *Store) EditMenu(ctx context.Context, id int64, f MenuForm) (err error) {
	defer errs.Wrap(&err, "access: edit menu %d", id)
	f.ID = id
	if err := f.check(false); err != nil {
		return err
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneMenu(ctx, tx, f.ID)
		if err != nil {
			return err
		}
		if err := checkMenuRefs(ctx, tx, f, before.Code); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_menu SET parent_code = ?, name = ?, path = ?, icon = ?, sort = ?, visible = ? WHERE id = ?`,
			f.ParentCode, f.Name, f.Path, f.Icon, f.Sort, f.Visible, f.ID); err != nil {
			return err
		}
		return logMenuChange(ctx, tx, audit.Update, before)
	})
}

// logMenuChange checks the permission screens stay visible and logs the menu before and after.
func logMenuChange(ctx context.Context, tx *db.Tx, action string, before *MenuNode) error {
	if err := keepLockMenus(ctx, tx); err != nil {
		return err
	}
	after, err := oneMenu(ctx, tx, before.ID)
	if err != nil {
		return err
	}
	return audit.Record(ctx, tx, audit.Change{Module: MenuScreen, Action: action, TargetID: before.ID, Target: after.Name, Before: before, After: after})
}

// ChangeMenuVisible shows (1) or hides (0) a menu; a hidden menu and everything below it leave
// every user's side menu.
func (s *Store) ChangeMenuVisible(ctx context.Context, id int64, visible int) (err error) {
	defer errs.Wrap(&err, "access: change menu visible %d", id)
	if visible != 0 && visible != 1 {
		return httpx.Fail("menu.bad_visible")
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneMenu(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_menu SET visible = ? WHERE id = ?`, visible, id); err != nil {
			return err
		}
		action := "hide"
		if visible == 1 {
			action = "show"
		}
		return logMenuChange(ctx, tx, action, before)
	})
}

// menuDeleted is what the business log keeps of a deleted menu.
type menuDeleted struct {
	*MenuNode
	DetachedFunctions []string `json:"detachedFunctions"`
	RevokedFromRoles  []string `json:"revokedFromRoles"`
}

// DeleteMenu removes a menu without children: roles lose it, and its function codes stay (they
// guard resources) but belong to no menu. The permission screens' menus cannot be deleted.
func (s *Store) DeleteMenu(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "access: delete menu %d", id)
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneMenu(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, c := range lockCodes {
			if before.Code == c {
				return httpx.Fail("menu.protected", before.Name)
			}
		}
		n, err := count(ctx, tx, `SELECT COUNT(*) FROM sys_menu WHERE parent_code = ?`, before.Code)
		if err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("menu.has_children", before.Name, n)
		}
		gone := menuDeleted{MenuNode: before}
		if gone.DetachedFunctions, err = readStrings(ctx, tx, `SELECT code FROM sys_function WHERE menu_code = ? ORDER BY code`, before.Code); err != nil {
			return err
		}
		if gone.RevokedFromRoles, err = readStrings(ctx, tx, `SELECT r.code FROM sys_role r JOIN sys_role_menu rm ON rm.role_id = r.id WHERE rm.menu_code = ? ORDER BY r.code`, before.Code); err != nil {
			return err
		}
		for _, q := range []string{
			`UPDATE sys_function SET menu_code = '' WHERE menu_code = ?`,
			`DELETE FROM sys_role_menu WHERE menu_code = ?`,
			`DELETE FROM sys_menu WHERE code = ?`,
		} {
			if _, err := tx.Exec(ctx, q, before.Code); err != nil {
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Change{Module: MenuScreen, Action: audit.Delete, TargetID: id, Target: before.Name, Before: gone})
	})
}

// MenuOrder is one menu's new order number.
type MenuOrder struct {
	ID   int64 `json:"id"`
	Sort int   `json:"sort"`
}

// SortMenus sets order numbers; each changed menu is logged.
func (s *Store) SortMenus(ctx context.Context, items []MenuOrder) (err error) {
	defer errs.Wrap(&err, "access: sort menus")
	if len(items) == 0 {
		return httpx.Fail("http.required", "items")
	}
	if len(items) > 1000 {
		return httpx.Fail("menu.too_many")
	}
	for _, it := range items {
		if it.ID <= 0 {
			return httpx.BadRequest("http.bad_number", "id")
		}
		if it.Sort < 0 || it.Sort > SortMax {
			return httpx.Fail("menu.bad_sort", SortMax)
		}
	}
	return s.write(ctx, func(tx *db.Tx) error {
		for _, it := range items {
			before, err := oneMenu(ctx, tx, it.ID)
			if err != nil {
				return err
			}
			if before.Sort == it.Sort {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE sys_menu SET sort = ? WHERE id = ?`, it.Sort, it.ID); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Change{Module: MenuScreen, Action: "sort", TargetID: it.ID, Target: before.Name,
				Before: map[string]int{"sort": before.Sort}, After: map[string]int{"sort": it.Sort}}); err != nil {
				return err
			}
		}
		return nil
	})
}

// MoveMenu puts a menu under parentID (0: top level) at position index among its new siblings
// (what a drag and drop does) and renumbers those siblings SortStep apart.
func (s *Store) MoveMenu(ctx context.Context, id, parentID int64, index int) (err error) {
	defer errs.Wrap(&err, "access: move menu id=%d parentID=%d", id, parentID)
	if index < 0 {
		return httpx.Fail("menu.bad_index")
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneMenu(ctx, tx, id)
		if err != nil {
			return err
		}
		parent := ""
		if parentID != 0 {
			p, err := oneMenu(ctx, tx, parentID)
			if err != nil {
				if e, ok := err.(*httpx.Error); ok && e.Key == "menu.not_found" {
					return httpx.Fail("menu.parent_not_found")
				}
				return err
			}
			parent = p.Code
		}
		if err := checkParent(ctx, tx, parent, before.Code); err != nil {
			return err
		}
		all, err := readMenus(ctx, tx)
		if err != nil {
			return err
		}
		var siblings []int64
		for _, m := range all {
			if m.ParentCode == parent && m.ID != id {
				siblings = append(siblings, m.ID)
			}
		}
		if index > len(siblings) {
			index = len(siblings)
		}
		siblings = append(siblings[:index], append([]int64{id}, siblings[index:]...)...)
		if _, err := tx.Exec(ctx, `UPDATE sys_menu SET parent_code = ? WHERE id = ?`, parent, id); err != nil {
			return err
		}
		for i, sib := range siblings {
			if _, err := tx.Exec(ctx, `UPDATE sys_menu SET sort = ? WHERE id = ?`, (i+1)*SortStep, sib); err != nil {
				return err
			}
		}
		return logMenuChange(ctx, tx, "move", before)
	})
}

// menuRec is a row of the menu export.
type menuRec struct {
	MenuNode
	ParentName string
}

// menuSpec is GET /api/sys/menu/export: every menu, a group followed by its children.
var menuSpec = &list.Spec{
	Select: `m.id, m.code, m.parent_code, COALESCE(p.name, ''), m.name, m.path, m.icon, m.sort, m.visible`,
	From:   `sys_menu m LEFT JOIN sys_menu p ON p.code = m.parent_code AND m.parent_code <> ''`,
	Filters: []list.Filter{
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"m.code", "m.name", "m.path"}},
		{Param: "visible", Column: "m.visible", Kind: list.Exact, Map: list.OneOf("visible", map[string]any{"1": 1, "0": 0})},
	},
	Sorts:       map[string]string{"code": "m.code", "name": "m.name", "sort": "m.sort"},
	DefaultSort: "COALESCE(p.sort, m.sort) ASC, m.parent_code ASC, m.sort ASC",
	TieBreak:    "m.id ASC",
}

// MenuTable serves the menu export.
func (s *Store) MenuTable() *list.Table[menuRec] {
	yesNo := func(v int, lang string) any {
		if v == 1 {
			return httpx.Translate(lang, "menu.visible.1")
		}
		return httpx.Translate(lang, "menu.visible.0")
	}
	return &list.Table[menuRec]{
		DB: s.db, Spec: menuSpec, File: "menu.file",
		Scan: func(row interface{ Scan(...any) error }) (menuRec, error) {
			var m menuRec
			err := row.Scan(&m.ID, &m.Code, &m.ParentCode, &m.ParentName, &m.Name, &m.Path, &m.Icon, &m.Sort, &m.Visible)
			return m, err
		},
		Columns: []list.Column[menuRec]{
			{Title: "menu.col.code", Value: func(m menuRec, _ string) any { return m.Code }},
			{Title: "menu.col.name", Value: func(m menuRec, _ string) any { return m.Name }},
			{Title: "menu.col.parent", Value: func(m menuRec, _ string) any { return m.ParentName }},
			{Title: "menu.col.path", Value: func(m menuRec, _ string) any { return m.Path }},
			{Title: "menu.col.icon", Value: func(m menuRec, _ string) any { return m.Icon }},
			{Title: "menu.col.sort", Value: func(m menuRec, _ string) any { return m.Sort }},
			{Title: "menu.col.visible", Value: func(m menuRec, lang string) any { return yesNo(m.Visible, lang) }},
		},
	}
}

// MenuHandlers are the endpoints of /menusmanager; Export comes with the table.
type MenuHandlers struct {
	*list.Table[menuRec]
	store *Store
}

func NewMenuHandlers(s *Store) *MenuHandlers { return &MenuHandlers{Table: s.MenuTable(), store: s} }

// List is GET /api/sys/menu/list: the whole tree, hidden menus included.
func (h *MenuHandlers) List(r *http.Request, _ route.None) ([]*MenuNode, error) {
	return h.store.MenuList(r.Context())
}

// MenuIn is what the menu dialog sends.
type MenuIn struct {
	Code         string `param:"code" doc:"add only"`
	ParentCode   string `param:"parentCode" doc:"'' for a top-level menu"`
	Name         string `param:"name"`
	Path         string `param:"path" doc:"a route (/...), an http(s) link, or '' for a group"`
	Icon         string `param:"icon"`
	WithFunction bool   `param:"withFunction" doc:"add only: also add the menu's function code"`
	Sort         int    `param:"sort"`
	Visible      *int   `param:"visible" doc:"1 (default) shown, 0 hidden"`
}

func (in MenuIn) form() MenuForm {
	f := MenuForm{Code: in.Code, ParentCode: in.ParentCode, Name: in.Name, Path: in.Path, Icon: in.Icon,
		WithFunction: in.WithFunction, Sort: in.Sort, Visible: 1}
	if in.Visible != nil {
		f.Visible = *in.Visible
	}
	return f
}

// MenuEditIn is what edit sends: the menu and the form.
type MenuEditIn struct {
	MenuIn
	ID int64 `param:"id,required"`
}

// Add is POST /api/sys/menu/add; data is {id}.
func (h *MenuHandlers) Add(r *http.Request, in MenuIn) (httpx.Created, error) {
	id, err := h.store.AddMenu(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// Edit is PUT /api/sys/menu/edit.
func (h *MenuHandlers) Edit(r *http.Request, in MenuEditIn) (route.None, error) {
	return route.None{}, h.store.EditMenu(r.Context(), in.ID, in.form())
}

// Del is DELETE /api/sys/menu/del (id).
func (h *MenuHandlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.store.DeleteMenu(r.Context(), in.ID)
}

// VisibleIn shows or hides a menu. Visible's text is kept: an empty value means shown (1), as before.
type VisibleIn struct {
	ID      int64   `param:"id,required"`
	Visible *string `param:"visible,required" doc:"1 shown, 0 hidden (with everything below it)"`
}

// ChangeVisible is PUT /api/sys/menu/changeVisible (id, visible).
func (h *MenuHandlers) ChangeVisible(r *http.Request, in VisibleIn) (route.None, error) {
	v, err := httpx.ParseInt("visible", *in.Visible, 1)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.store.ChangeMenuVisible(r.Context(), in.ID, v)
}

// SortIn sets order numbers.
type SortIn struct {
	Items string `param:"items" types:"array,string" doc:"[{id, sort}], as JSON or as JSON text"`
}

// Sort is PUT /api/sys/menu/sort (items: [{id, sort}], as JSON or as JSON text).
func (h *MenuHandlers) Sort(r *http.Request, in SortIn) (route.None, error) {
	raw := strings.TrimSpace(in.Items)
	if raw == "" {
		return route.None{}, httpx.Fail("http.required", "items")
	}
	var items []MenuOrder
	if err := json.Unmarshal([]byte(raw), &items); err != nil {
		return route.None{}, httpx.Fail("menu.bad_items")
	}
	return route.None{}, h.store.SortMenus(r.Context(), items)
}

// MoveIn puts a menu under a parent at an index.
type MoveIn struct {
	ID       int64 `param:"id,required"`
	ParentID int   `param:"parentId" doc:"the new parent's id; 0 for the top level"`
	Index    *int  `param:"index,required" doc:"the position among the new siblings, from 0"`
}

// Move is PUT /api/sys/menu/move (id, parentId: 0 for the top level, index).
func (h *MenuHandlers) Move(r *http.Request, in MoveIn) (route.None, error) {
	if in.ParentID < 0 {
		return route.None{}, httpx.BadRequest("http.bad_number", "parentId")
	}
	return route.None{}, h.store.MoveMenu(r.Context(), in.ID, int64(in.ParentID), *in.Index)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"menu.not_found":        {"菜单不存在", "No such menu"},
		"menu.code_required":    {"请输入菜单编码", "Please enter the menu code"},
		"menu.code_rule":        {"编码为2-64位字母、数字或下划线，以字母开头", "A code is 2-64 letters, digits or underscores, starting with a letter"},
		"menu.code_taken":       {"菜单编码 %s 已存在", "The menu code %s is already taken"},
		"menu.name_required":    {"请输入菜单名称", "Please enter the menu name"},
		"menu.name_too_long":    {"菜单名称不能超过%d个字符", "The menu name cannot exceed %d characters"},
		"menu.path_rule":        {"路由须以 / 开头（字母、数字、_、-、/），或为 http(s):// 外部链接", "The route starts with / (letters, digits, _, -, /) or is an http(s):// link"},
		"menu.path_taken":       {"路由 %s 已被其他菜单使用", "The route %s is used by another menu"},
		"menu.icon_rule":        {"图标名只能包含字母和-，最多40个字符", "An icon name has only letters and -, at most 40 characters"},
		"menu.bad_sort":         {"排序号须在0到%d之间", "The order number must be between 0 and %d"},
		"menu.bad_visible":      {"显示状态只能是1（显示）或0（隐藏）", "Visible is 1 (shown) or 0 (hidden)"},
		"menu.parent_not_found": {"上级菜单不存在", "No such parent menu"},
		"menu.bad_parent":       {"不能把菜单移到它自己或它的下级菜单下", "A menu cannot move under itself or one of its sub-menus"},
		"menu.has_children":     {"菜单“%s”下还有%d个子菜单，请先删除或移走子菜单", "The menu '%s' still has %d sub-menus; delete or move them first"},
		"menu.protected":        {"“%s”菜单用于管理权限，不能删除", "The menu '%s' manages permissions and cannot be deleted"},
		"menu.keeps_visible":    {"“%s”菜单及其上级菜单必须保持显示，否则将无人能再管理权限", "The menu '%s' and the menus above it must stay visible, or nobody could manage permissions any more"},
		"menu.bad_index":        {"位置须为0或正整数", "The position must be 0 or more"},
		"menu.bad_items":        {"排序数据格式不正确，应为 [{id, sort}]", "The order must be a list of {id, sort}"},
		"menu.too_many":         {"一次最多调整1000个菜单的排序", "At most 1000 menus can be reordered at once"},
		"menu.file":             {"菜单列表", "menus"},
		"menu.col.code":         {"菜单编码", "Code"},
		"menu.col.name":         {"菜单名称", "Name"},
		"menu.col.parent":       {"上级菜单", "Parent"},
		"menu.col.path":         {"路由", "Route"},
		"menu.col.icon":         {"图标", "Icon"},
		"menu.col.sort":         {"排序号", "Order"},
		"menu.col.visible":      {"是否显示", "Visible"},
		"menu.visible.1":        {"显示", "shown"},
		"menu.visible.0":        {"隐藏", "hidden"},
	})
}
