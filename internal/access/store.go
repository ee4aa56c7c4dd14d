package access

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Store holds the SQL of menus, functions, roles and grants.
type Store struct {
	db *db.DB
	// scopes are the data rules the grant rule compares (grantrule.go)
	scopes *org.Store

	mu    sync.RWMutex
	menus []menuRow                    // cached: the menu table is small and read on every sign-in
	tree  *httpx.Encoded[[]*auth.Menu] // cached: the whole visible tree (GET /api/sys/menu/tree), built from menus
	gen   uint64                       // bumped by Invalidate, so a read that raced a change is not cached

	// res is the resource table as the guard reads it on every call (see resources.go).
	res    atomic.Pointer[resourceSnapshot]
	served atomic.Pointer[map[routeKey]bool]
	bus    *changes.Bus
}

func NewStore(d *db.DB) *Store { return &Store{db: d, scopes: org.NewStore(d)} }

type menuRow struct {
	ID                                 int64
	Code, ParentCode, Name, Path, Icon string
	Sort                               int
	Visible                            bool
}

// Invalidate drops cached menus after a change.
func (s *Store) Invalidate() {
	s.mu.Lock()
	s.menus, s.tree = nil, nil
	s.gen++
	s.mu.Unlock()
}

// Topic is the change topic of menus, function codes, resources and grants.
const Topic = "access"

// Watch announces the store's writes on b, and refreshes the store's caches whenever this or
// another instance changes menus, function codes, resources or grants.
func (s *Store) Watch(b *changes.Bus) {
	s.bus = b
	b.Subscribe(Topic, s.Refresh)
}

// Refresh drops the menu cache and reloads the resource snapshot.
func (s *Store) Refresh(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "access: refresh")
	s.Invalidate()
	return s.LoadResources(ctx)
}

// write runs fn in one transaction as a change of Topic: the caches of every instance follow.
func (s *Store) write(ctx context.Context, fn func(*db.Tx) error) error {
	if s.bus != nil {
		return s.bus.Write(ctx, Topic, fn)
	}
	if err := s.db.InTx(ctx, fn); err != nil {
		return err
	}
	return s.Refresh(ctx)
}

func (s *Store) allMenus(ctx context.Context) ([]menuRow, error) {
	s.mu.RLock()
	m, gen := s.menus, s.gen
	s.mu.RUnlock()
	if m != nil {
		return m, nil
	}
	m, err := readMenus(ctx, s.db)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.gen == gen {
		s.menus = m
	}
	s.mu.Unlock()
	return m, nil
}

// wholeTree is every visible menu as a tree, built once per change of the menus. Callers only read it.
func (s *Store) wholeTree(ctx context.Context) (*httpx.Encoded[[]*auth.Menu], error) {
	s.mu.RLock()
	t, gen := s.tree, s.gen
	s.mu.RUnlock()
	if t != nil {
		return t, nil
	}
	all, err := s.allMenus(ctx)
	if err != nil {
		return nil, err
	}
	codes := make([]string, len(all))
	for i, m := range all {
		codes[i] = m.Code
	}
	tree := buildTree(all, codes)
	if tree == nil {
		tree = []*auth.Menu{}
	}
	if t, err = httpx.Encode(tree); err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.gen == gen {
		s.tree = t
	}
	s.mu.Unlock()
	return t, nil
}

// UserGrants returns the user's role names, function codes and menu tree
// (a group appears when any of its children is granted).
func (s *Store) UserGrants(ctx context.Context, userID int64) (_ []string, _ []string, _ []*auth.Menu, err error) {
	defer errs.Wrap(&err, "access: user grants %d", userID)
	roles, err := s.RoleNames(ctx, userID)
	if err != nil {
		return nil, nil, nil, err
	}
	funcs, err := s.FunctionCodes(ctx, userID)
	if err != nil {
		return nil, nil, nil, err
	}
	granted, err := s.strings(ctx, `SELECT DISTINCT rm.menu_code FROM sys_role_menu rm JOIN sys_user_role ur ON ur.role_id = rm.role_id WHERE ur.user_id = ?`+externalMenuFilter, userID)
	if err != nil {
		return nil, nil, nil, err
	}
	all, err := s.allMenus(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	return roles, funcs, buildTree(all, granted), nil
}

// RoleNames returns the names of the user's roles, in the roles' order.
func (s *Store) RoleNames(ctx context.Context, userID int64) (_ []string, err error) {
	defer errs.Wrap(&err, "access: role names %d", userID)
	return s.strings(ctx, `SELECT r.name FROM sys_role r JOIN sys_user_role ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id`, userID)
}

// FunctionCodes returns the user's function codes, sorted.
func (s *Store) FunctionCodes(ctx context.Context, userID int64) (_ []string, err error) {
	defer errs.Wrap(&err, "access: function codes %d", userID)
	funcs, err := s.strings(ctx, `SELECT DISTINCT rf.function_code FROM sys_role_function rf JOIN sys_user_role ur ON ur.role_id = rf.role_id WHERE ur.user_id = ?`+externalCodeFilter(), userID)
	sort.Strings(funcs)
	return funcs, err
}

func (s *Store) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	return readStrings(ctx, s.db, q, args...)
}

// readStrings reads a one-column result as q sees it.
func readStrings(ctx context.Context, from db.Querier, q string, args ...any) ([]string, error) {
	rows, err := from.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func buildTree(all []menuRow, granted []string) []*auth.Menu {
	ok := make(map[string]bool, len(granted))
	for _, g := range granted {
		ok[g] = true
	}
	children := map[string][]menuRow{}
	for _, m := range all {
		children[m.ParentCode] = append(children[m.ParentCode], m)
	}
	var walk func(parent string) []*auth.Menu
	walk = func(parent string) []*auth.Menu {
		out := []*auth.Menu{}
		for _, m := range children[parent] {
			if !m.Visible || Unbuilt(m.Code) {
				continue
			}
			sub := walk(m.Code)
			if ok[m.Code] || len(sub) > 0 {
				if len(children[m.Code]) > 0 && len(sub) == 0 {
					continue // a group with no granted child is not shown
				}
				out = append(out, &auth.Menu{Code: m.Code, Name: m.Name, Path: m.Path, Icon: m.Icon, SubMenus: sub})
			}
		}
		return out
	}
	return walk("")
}

// SeedBuiltins writes the menu catalogue, one function code per route, and the built-in roles.
// It runs once, on an empty database.
func (s *Store) SeedBuiltins(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "access: seed builtins")
	defer s.Invalidate()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_menu`).Scan(&n); err != nil || n > 0 {
			return err
		}
		groupOf := map[string][]string{} // top-level code -> every code below it, itself included
		sortNo := 0
		var insert func(parent string, defs []MenuDef, top string) error
		insert = func(parent string, defs []MenuDef, top string) error {
			for _, d := range defs {
				sortNo++
				t := top
				if t == "" {
					t = d.Code
				}
				groupOf[t] = append(groupOf[t], d.Code)
				if _, err := tx.Exec(ctx, `INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible) VALUES (?, ?, ?, ?, ?, ?, 1)`, d.Code, parent, d.Name, d.Path, d.Icon, sortNo); err != nil {
					return err
				}
				if d.Path != "" {
					if _, err := tx.Exec(ctx, `INSERT INTO sys_function (code, name, menu_code, sort) VALUES (?, ?, ?, ?)`, d.Code, d.Name, d.Code, sortNo); err != nil {
						return err
					}
				}
				if err := insert(d.Code, d.Children, t); err != nil {
					return err
				}
			}
			return nil
		}
		if err := insert("", Catalogue, ""); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO sys_function (code, name, menu_code, sort) VALUES (?, '门户访问', '', 0)`, FunctionPortal); err != nil {
			return err
		}
		for _, r := range BuiltinRoles {
			id, err := tx.Insert(ctx, `INSERT INTO sys_role (code, name, remark, created_at) VALUES (?, ?, ?, ?)`, r.Code, r.Name, r.Remark, time.Now().UTC())
			if err != nil {
				return err
			}
			var codes []string
			if r.MenuGroups == nil {
				for _, cs := range groupOf {
					codes = append(codes, cs...)
				}
			}
			for _, g := range r.MenuGroups {
				codes = append(codes, groupOf[g]...)
			}
			for _, c := range codes {
				if _, err := tx.Exec(ctx, `INSERT INTO sys_role_menu (role_id, menu_code) VALUES (?, ?)`, id, c); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO sys_role_function (role_id, function_code) SELECT CAST(? AS BIGINT), code FROM sys_function WHERE code = ? OR menu_code IN (SELECT menu_code FROM sys_role_menu WHERE role_id = ?)`, id, FunctionPortal, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// RoleExists tells whether a role with the code exists.
func (s *Store) RoleExists(ctx context.Context, roleCode string) (_ bool, err error) {
	defer errs.Wrap(&err, "access: role exists")
	var n int
	err = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM sys_role WHERE code = ?`, roleCode).Scan(&n)
	return n > 0, err
}

// AssignRole grants the role with the given code to a user.
func (s *Store) AssignRole(ctx context.Context, userID int64, roleCode string) (err error) {
	defer errs.Wrap(&err, "access: assign role %d", userID)
	res, err := s.db.Exec(ctx, `INSERT INTO sys_user_role (user_id, role_id) SELECT CAST(? AS BIGINT), id FROM sys_role WHERE code = ?`, userID, roleCode)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("no role %q", roleCode)
	}
	return nil
}
