package access

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// FunctionRec is a function code as /functionsmanager shows it: the menu it belongs to, and how
// many resources and roles use it.
type FunctionRec struct {
	ID            int64  `json:"id"`
	Code          string `json:"code"`
	Name          string `json:"name"`
	MenuCode      string `json:"menuCode" doc:"the menu it belongs to, '' for none"`
	MenuName      string `json:"menuName"`
	Sort          int    `json:"sort"`
	ResourceCount int    `json:"resourceCount" doc:"function routes it opens"`
	RoleCount     int    `json:"roleCount" doc:"roles holding it"`
}

const (
	fnResourceCount = `(SELECT COUNT(*) FROM sys_resource_function rf JOIN sys_resource r ON r.id = rf.resource_id AND r.access = 'function' WHERE rf.function_code = f.code)`
	fnRoleCount     = `(SELECT COUNT(*) FROM sys_role_function rf WHERE rf.function_code = f.code)`
)

// functionSpec is GET /api/sys/function/list: search by code, name, menu or a keyword on both.
var functionSpec = &list.Spec{
	Select: `f.id, f.code, f.name, f.menu_code, COALESCE(m.name, ''), f.sort, ` + fnResourceCount + `, ` + fnRoleCount,
	From:   `sys_function f LEFT JOIN sys_menu m ON m.code = f.menu_code AND f.menu_code <> ''`,
	Filters: []list.Filter{
		{Param: "code", Column: "f.code", Kind: list.Contains},
		{Param: "name", Column: "f.name", Kind: list.Contains},
		{Param: "menuCode", Column: "f.menu_code", Kind: list.Exact},
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"f.code", "f.name"}},
	},
	Sorts: map[string]string{"code": "f.code", "name": "f.name", "sort": "f.sort", "menuCode": "f.menu_code",
		"resourceCount": fnResourceCount, "roleCount": fnRoleCount},
	DefaultSort: "f.sort ASC",
	TieBreak:    "f.id ASC",
}

func scanFunction(row interface{ Scan(...any) error }) (FunctionRec, error) {
	var f FunctionRec
	err := row.Scan(&f.ID, &f.Code, &f.Name, &f.MenuCode, &f.MenuName, &f.Sort, &f.ResourceCount, &f.RoleCount)
	return f, err
}

// FunctionTable serves GET /api/sys/function/list and /export.
func (s *Store) FunctionTable() *list.Table[FunctionRec] {
	return &list.Table[FunctionRec]{
		DB: s.db, Spec: functionSpec, Scan: scanFunction, File: "function.file",
		Columns: []list.Column[FunctionRec]{
			{Title: "function.col.code", Value: func(f FunctionRec, _ string) any { return f.Code }},
			{Title: "function.col.name", Value: func(f FunctionRec, _ string) any { return f.Name }},
			{Title: "function.col.menu", Value: func(f FunctionRec, _ string) any { return f.MenuName }},
			{Title: "function.col.sort", Value: func(f FunctionRec, _ string) any { return f.Sort }},
			{Title: "function.col.resources", Value: func(f FunctionRec, _ string) any { return f.ResourceCount }},
			{Title: "function.col.roles", Value: func(f FunctionRec, _ string) any { return f.RoleCount }},
		},
	}
}

// FunctionForm is the input of add and edit.
type FunctionForm struct {
	ID                   int64
	Code, Name, MenuCode string
	Sort                 int
}

func (f *FunctionForm) check(add bool) error {
	f.Code, f.Name, f.MenuCode = strings.TrimSpace(f.Code), strings.TrimSpace(f.Name), strings.TrimSpace(f.MenuCode)
	if add {
		if f.Code == "" {
			return httpx.Fail("function.code_required")
		}
		if !codeRe.MatchString(f.Code) {
			return httpx.Fail("menu.code_rule")
		}
	}
	if f.Name == "" {
		return httpx.Fail("function.name_required")
	}
	if utf8.RuneCountInString(f.Name) > MenuNameMax {
		return httpx.Fail("function.name_too_long", MenuNameMax)
	}
	if f.Sort < 0 || f.Sort > SortMax {
		return httpx.Fail("menu.bad_sort", SortMax)
	}
	return nil
}

func oneFunction(ctx context.Context, tx *db.Tx, where string, arg any) (FunctionRec, error) {
	f, err := scanFunction(tx.QueryRow(ctx, `SELECT `+functionSpec.Select+` FROM `+functionSpec.From+` WHERE `+where, arg))
	if db.IsNoRows(err) {
		return f, httpx.Fail("function.not_found")
	}
	return f, err
}

func checkMenuCode(ctx context.Context, tx *db.Tx, code string) error {
	if code == "" {
		return nil
	}
	n, err := count(ctx, tx, `SELECT COUNT(*) FROM sys_menu WHERE code = ?`, code)
	if err != nil {
		return err
	}
	if n == 0 {
		return httpx.Fail("role.unknown_menu", code)
	}
	return nil
}

// addFunction creates a function code inside tx, grants it to the system administrator role and
// logs it under module (the screen it was made from).
func addFunction(ctx context.Context, tx *db.Tx, f FunctionForm, module string) (int64, error) {
	if err := f.check(true); err != nil {
		return 0, err
	}
	n, err := count(ctx, tx, `SELECT COUNT(*) FROM sys_function WHERE LOWER(code) = LOWER(?)`, f.Code)
	if err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, httpx.Fail("function.code_taken", f.Code)
	}
	if err := checkMenuCode(ctx, tx, f.MenuCode); err != nil {
		return 0, err
	}
	id, err := tx.Insert(ctx, `INSERT INTO sys_function (code, name, menu_code, sort) VALUES (?, ?, ?, ?)`, f.Code, f.Name, f.MenuCode, f.Sort)
	if err != nil {
		return 0, err
	}
	if err := grantSysAdmin(ctx, tx, "sys_role_function", "function_code", f.Code); err != nil {
		return 0, err
	}
	after, err := oneFunction(ctx, tx, "f.id = ?", id)
	if err != nil {
		return 0, err
	}
	return id, audit.Record(ctx, tx, audit.Change{Module: module, Action: audit.Create, TargetID: id, Target: f.Code, After: after})
}

// AddFunction creates a function code (granted to the system administrator role).
func (s *Store) AddFunction(ctx context.Context, f FunctionForm) (_ int64, err error) {
	defer errs.Wrap(&err, "access: add function")
	var id int64
	err = s.write(ctx, func(tx *db.Tx) error {
		var err error
		id, err = addFunction(ctx, tx, f, FunctionsScreen)
		return err
	})
	return id, err
}

// EditFunction changes a function code's name, menu and order number (not the code: resources
// and roles refer to it).
func (s *Store) EditFunction(ctx context.Context, id int64, f FunctionForm) (err error) {
	defer errs.Wrap(&err, "access: edit function %d", id)
	f.ID = id
	if err := f.check(false); err != nil {
		return err
	}
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneFunction(ctx, tx, "f.id = ?", f.ID)
		if err != nil {
			return err
		}
		if err := checkMenuCode(ctx, tx, f.MenuCode); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_function SET name = ?, menu_code = ?, sort = ? WHERE id = ?`, f.Name, f.MenuCode, f.Sort, f.ID); err != nil {
			return err
		}
		after, err := oneFunction(ctx, tx, "f.id = ?", f.ID)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunctionsScreen, Action: audit.Update, TargetID: f.ID, Target: before.Code, Before: before, After: after})
	})
}

// DeleteFunction removes a function code that no resource needs; the roles holding it lose it.
// The portal code and the permission screens' codes cannot be deleted.
func (s *Store) DeleteFunction(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "access: delete function %d", id)
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := oneFunction(ctx, tx, "f.id = ?", id)
		if err != nil {
			return err
		}
		for _, c := range append([]string{FunctionPortal}, lockCodes...) {
			if before.Code == c {
				return httpx.Fail("function.protected", c)
			}
		}
		paths, err := readStrings(ctx, tx, `SELECT r.method || ' ' || r.path FROM sys_resource r JOIN sys_resource_function rf ON rf.resource_id = r.id
			WHERE rf.function_code = ? AND r.access = ? ORDER BY r.path, r.method`, before.Code, AccessFunction)
		if err != nil {
			return err
		}
		if len(paths) > 0 {
			return httpx.Fail("function.in_use", before.Code, len(paths), paths[0])
		}
		roles, err := readStrings(ctx, tx, `SELECT r.code FROM sys_role r JOIN sys_role_function rf ON rf.role_id = r.id WHERE rf.function_code = ? ORDER BY r.code`, before.Code)
		if err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM sys_role_function WHERE function_code = ?`, `DELETE FROM sys_function WHERE code = ?`} {
			if _, err := tx.Exec(ctx, q, before.Code); err != nil {
				return err
			}
		}
		gone := struct {
			FunctionRec
			RevokedFromRoles []string `json:"revokedFromRoles"`
		}{before, roles}
		return audit.Record(ctx, tx, audit.Change{Module: FunctionsScreen, Action: audit.Delete, TargetID: id, Target: before.Code, Before: gone})
	})
}

// FunctionOption is a function code to choose from.
type FunctionOption struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	MenuCode string `json:"menuCode"`
}

// FunctionOptions lists every function code in order (the resource screen's multi-select).
func (s *Store) FunctionOptions(ctx context.Context) (_ []FunctionOption, err error) {
	defer errs.Wrap(&err, "access: function options")
	rows, err := s.db.Query(ctx, `SELECT code, name, menu_code FROM sys_function ORDER BY sort, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []FunctionOption{}
	for rows.Next() {
		var f FunctionOption
		if err := rows.Scan(&f.Code, &f.Name, &f.MenuCode); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// FunctionHandlers are the endpoints of /functionsmanager: List and Export come with the table.
type FunctionHandlers struct {
	*list.Table[FunctionRec]
	store *Store
}

func NewFunctionHandlers(s *Store) *FunctionHandlers {
	return &FunctionHandlers{Table: s.FunctionTable(), store: s}
}

// All is GET /api/sys/function/all.
func (h *FunctionHandlers) All(r *http.Request, _ route.None) ([]FunctionOption, error) {
	return h.store.FunctionOptions(r.Context())
}

// FunctionIn is what the function dialog sends.
type FunctionIn struct {
	Code     string `param:"code" doc:"add only"`
	Name     string `param:"name"`
	MenuCode string `param:"menuCode" doc:"the menu it belongs to, '' for none"`
	Sort     int    `param:"sort"`
}

func (in FunctionIn) form() FunctionForm {
	return FunctionForm{Code: in.Code, Name: in.Name, MenuCode: in.MenuCode, Sort: in.Sort}
}

// FunctionEditIn is what edit sends: the function code's row and the form.
type FunctionEditIn struct {
	FunctionIn
	ID int64 `param:"id,required"`
}

// Add is POST /api/sys/function/add (code, name, menuCode, sort); data is {id}.
func (h *FunctionHandlers) Add(r *http.Request, in FunctionIn) (httpx.Created, error) {
	id, err := h.store.AddFunction(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// Edit is PUT /api/sys/function/edit (id, name, menuCode, sort).
func (h *FunctionHandlers) Edit(r *http.Request, in FunctionEditIn) (route.None, error) {
	return route.None{}, h.store.EditFunction(r.Context(), in.ID, in.form())
}

// Del is DELETE /api/sys/function/del (id).
func (h *FunctionHandlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.store.DeleteFunction(r.Context(), in.ID)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"function.not_found":     {"操作编码不存在", "No such function code"},
		"function.code_required": {"请输入操作编码", "Please enter the function code"},
		"function.code_taken":    {"操作编码 %s 已存在", "The function code %s is already taken"},
		"function.name_required": {"请输入操作名称", "Please enter the function name"},
		"function.name_too_long": {"操作名称不能超过%d个字符", "The function name cannot exceed %d characters"},
		"function.protected":     {"操作编码 %s 是系统必需的，不能删除", "The function code %s is required by the system and cannot be deleted"},
		"function.in_use":        {"操作编码 %s 仍被%d个资源使用（如 %s），请先在资源管理中更换", "The function code %s still guards %d resources (such as %s); change them in resource management first"},
		"function.file":          {"操作列表", "functions"},
		"function.col.code":      {"操作编码", "Code"},
		"function.col.name":      {"操作名称", "Name"},
		"function.col.menu":      {"所属菜单", "Menu"},
		"function.col.sort":      {"排序号", "Order"},
		"function.col.resources": {"资源数", "Resources"},
		"function.col.roles":     {"角色数", "Roles"},
	})
}
