package access_test

import (
	"encoding/json"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// The role screens add to a role only the menus, codes and data scopes their editor holds; the
// system administrator role is a system administrator's to change.
func TestRoleScreensGrantOnlyWhatTheEditorHolds(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	editor := e.GrantRole(admin, "roleeditor", []string{"rolemanager", "sysroles"}, []string{"rolemanager", "sysroles", "gateway"},
		[]map[string]any{{"moduleName": "*", "scope": "unit_and_below"}})
	target := e.AddRole(admin, "target", "目标角色")
	sysadmin, libadmin := e.RoleID(admin, "sysadmin"), e.RoleID(admin, "libadmin")
	e.Account(admin, "re", "100201", editor)
	re := e.SignIn("re")
	put := func(roleID int64, menus, funcs []string) apptest.Envelope {
		_, r := e.Call("PUT", "/api/sys/role/grants", re, map[string]any{"roleId": roleID, "menuCodes": menus, "funCodes": funcs})
		return r
	}
	scope := func(roleID int64, scopes any) apptest.Envelope {
		_, r := e.Call("PUT", "/api/sys/role/dataScope", re, map[string]any{"roleId": roleID, "scopes": scopes})
		return r
	}
	for _, c := range []struct {
		r   apptest.Envelope
		msg string
	}{
		{put(target, []string{"login_log"}, []string{}), "不能授予您自己没有的菜单：login_log"},
		{put(target, []string{"sysuser"}, []string{"sysuser"}), "不能授予您自己没有的菜单：sysuser"},
		{put(target, []string{}, []string{"sysuser"}), "不能授予您自己没有的操作权限：sysuser"},
		{put(sysadmin, []string{"rolemanager"}, []string{"rolemanager"}), "只有系统管理员才能修改系统管理员角色"},
		{scope(sysadmin, []map[string]any{}), "只有系统管理员才能修改系统管理员角色"},
		{scope(target, []map[string]any{{"moduleName": "library", "scope": "all"}}), "模块「library」的数据范围不能超出您自己的数据范围"},
		{scope(target, []map[string]any{{"moduleName": "*", "scope": "custom", "unitCodes": []string{"100202"}}}), "模块「sysuser」的数据范围不能超出您自己的数据范围"},
		{scope(target, []map[string]any{{"moduleName": "sysuser", "scope": "custom", "unitCodes": []string{"100201", "1001"}}}), "模块「sysuser」的数据范围不能超出您自己的数据范围"},
	} {
		if c.r.Code != 1 || c.r.Message != c.msg {
			t.Errorf("%+v, want %q", c.r, c.msg)
		}
	}
	if g := grants(e, admin, target); len(g.MenuCodes) != 0 || len(g.FunCodes) != 0 {
		t.Errorf("refused grants were stored: %+v", g)
	}
	// what he holds he grants
	if r := put(target, []string{"rolemanager"}, []string{"rolemanager", "gateway"}); r.Code != 0 {
		t.Errorf("held grants: %+v", r)
	}
	// a role carrying what he does not hold is beyond him: he neither strips it (its members are
	// not his to reach), nor renames, re-scopes or deletes it; the system administrator role neither
	lib := grants(e, admin, libadmin)
	for name, r := range map[string]apptest.Envelope{
		"strip":  put(libadmin, []string{}, []string{}),
		"keep":   put(libadmin, lib.MenuCodes, lib.FunCodes),
		"scope":  scope(libadmin, []map[string]any{}),
		"rename": e.Answer("PUT", "/api/sys/role/edit", re, map[string]any{"id": libadmin, "name": "改名", "remark": "x"}),
	} {
		if r.Code != 1 || !strings.HasPrefix(r.Message, "该角色含有您自己没有的权限（") {
			t.Errorf("%s a role beyond the editor: %+v", name, r)
		}
	}
	if r := e.Answer("PUT", "/api/sys/role/edit", re, map[string]any{"id": sysadmin, "name": "hacked", "remark": "x"}); r.Code != 1 || r.Message != "只有系统管理员才能修改系统管理员角色" {
		t.Errorf("renaming the system administrator role: %+v", r)
	}
	if after := grants(e, admin, libadmin); len(after.FunCodes) != len(lib.FunCodes) || len(after.MenuCodes) != len(lib.MenuCodes) {
		t.Errorf("the library role changed: %+v, was %+v", after, lib)
	}
	beyond := e.AddRole(admin, "beyond", "超出角色")
	e.Done("PUT", "/api/sys/role/grants", admin, map[string]any{"roleId": beyond, "menuCodes": []string{"login_log"}, "funCodes": []string{"login_log"}}, nil)
	if r := e.Answer("DELETE", "/api/sys/role/del", re, map[string]any{"id": beyond}); r.Code != 1 || r.Message != "该角色含有您自己没有的权限（login_log），您不能修改它" {
		t.Errorf("deleting a role beyond the editor: %+v", r)
	}
	// his own role's name he may change
	if r := e.Answer("PUT", "/api/sys/role/edit", re, map[string]any{"id": target, "name": "目标角色二", "remark": ""}); r.Code != 0 {
		t.Errorf("renaming a role within reach: %+v", r)
	}
	// data scopes within his own: his subtree, or relative scopes that keep every member inside it
	if r := scope(target, []map[string]any{{"moduleName": "library", "scope": "custom", "unitCodes": []string{"100201003"}}}); r.Code != 0 {
		t.Errorf("custom scope inside his subtree: %+v", r)
	}
	if r := scope(target, []map[string]any{{"moduleName": "*", "scope": "unit_and_below"}}); r.Code != 0 {
		t.Errorf("relative scope of a role without members: %+v", r)
	}
	// once the role has a member elsewhere, a relative scope would show that member's unit
	e.Account(admin, "faraway", "100101", target)
	if r := scope(target, []map[string]any{{"moduleName": "library", "scope": "custom", "unitCodes": []string{"100201003"}}}); r.Code != 0 {
		t.Errorf("narrowing: %+v", r)
	}
	if r := scope(target, []map[string]any{{"moduleName": "*", "scope": "unit"}}); r.Code != 1 || r.Message != "模块「sysuser」的数据范围不能超出您自己的数据范围" {
		t.Errorf("relative scope over a member elsewhere: %+v", r)
	}
	_, r := e.Call("PUT", "/api/sys/role/grants", re, map[string]any{"roleId": target, "menuCodes": []string{"login_log"}, "funCodes": []string{}}, "Accept-Language", "en")
	if r.Message != "You cannot grant a menu you do not hold: login_log" {
		t.Errorf("English refusal: %+v", r)
	}
	// the system administrator changes any role
	e.Done("PUT", "/api/sys/role/grants", admin, map[string]any{"roleId": target, "menuCodes": []string{"login_log"}, "funCodes": []string{"login_log"}}, nil)
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": target, "scopes": []map[string]any{{"moduleName": "*", "scope": "all"}}}, nil)
	var got []struct{ Scope string }
	_, r = e.Call("GET", "/api/sys/role/dataScope?roleId="+itoa(target), admin, nil)
	if json.Unmarshal(r.Data, &got) != nil || len(got) != 1 || got[0].Scope != "all" {
		t.Errorf("admin's scope change: %+v", r)
	}
}
