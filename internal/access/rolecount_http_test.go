package access_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// A role's member count tells a scoped caller no more than the role's member list shows: the
// live members of the units they see in user management, on /api/user/role/all and on the role
// list, whose sort by member count follows the same counts.
func TestRoleMemberCountsObeyTheDataScope(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	ra := e.GrantRole(admin, "roleadm", []string{"roleusers", "sysroles"}, []string{"roleusers", "sysroles", "gateway"},
		[]map[string]any{{"moduleName": "sysuser", "scope": "unit_and_below"}})
	far := e.GrantRole(admin, "cntfar", []string{}, []string{"gateway"}, nil)
	near := e.GrantRole(admin, "cntnear", []string{}, []string{"gateway"}, nil)
	for _, login := range []string{"f1", "f2", "f3"} {
		e.Account(admin, login, "100101", far)
	}
	e.Account(admin, "n1", "100201003", near, far)
	gone := e.Account(admin, "n2", "100201003", near)
	e.Done("DELETE", "/api/sys/user/del", admin, map[string]any{"ids": []int64{gone}}, nil)
	e.Account(admin, "ra", "100201", ra)
	tok := e.SignIn("ra")

	all := func(tok string) map[string]int {
		_, r := e.Call("GET", "/api/user/role/all", tok, nil)
		var roles []struct {
			Code        string `json:"code"`
			MemberCount int    `json:"memberCount"`
		}
		if r.Code != 0 || json.Unmarshal(r.Data, &roles) != nil {
			t.Fatalf("role/all: %+v", r)
		}
		out := map[string]int{}
		for _, x := range roles {
			out[x.Code] = x.MemberCount
		}
		return out
	}
	if got := all(tok); got["cntfar"] != 1 || got["cntnear"] != 1 || got["roleadm"] != 1 {
		t.Errorf("scoped role/all counts: %v", got)
	}
	if got := all(admin); got["cntfar"] != 4 || got["cntnear"] != 1 || got["roleadm"] != 1 {
		t.Errorf("admin role/all counts: %v", got)
	}
	// the role list: 'own unit' only (100201): the members in 100201003 drop out too
	page := func(tok, order string) string {
		var out []string
		for _, r := range apptest.List[roleRec](e, "/api/sys/role/list", tok, url.Values{"keyword": {"cnt"}, "sort": {"memberCount"}, "order": {order}}).Records {
			out = append(out, r.Code+"="+itoa(int64(r.MemberCount)))
		}
		return strings.Join(out, ",")
	}
	if got := page(admin, "desc"); got != "cntfar=4,cntnear=1" {
		t.Errorf("admin role list: %s", got)
	}
	if got := page(tok, "desc"); got != "cntfar=1,cntnear=1" {
		t.Errorf("scoped role list: %s", got)
	}
	e.Account(admin, "n3", "100201", near)
	if got := page(tok, "desc"); got != "cntnear=2,cntfar=1" {
		t.Errorf("scoped role list sorted by its own counts: %s", got)
	}
	if got := page(tok, "asc"); got != "cntfar=1,cntnear=2" {
		t.Errorf("scoped role list ascending: %s", got)
	}
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": ra, "scopes": []map[string]any{{"moduleName": "sysuser", "scope": "unit"}}}, nil)
	if got := page(tok, "desc"); got != "cntnear=1,cntfar=0" {
		t.Errorf("'own unit' role list: %s", got)
	}
	if got := all(tok); got["cntfar"] != 0 || got["cntnear"] != 1 {
		t.Errorf("'own unit' role/all counts: %v", got)
	}
}
