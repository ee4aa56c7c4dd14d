package external_test

import (
	"testing"

	"biddesk/internal/apptest"
)

// An external organisation is put in charge only of a staff account the caller sees in user
// management (the accounts the screen's picker shows); keeping the one in charge is no choice.
func TestExternalOrgOwnerObeysTheDataScope(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	orgAdmin := e.GrantRole(admin, "orgadm", []string{"externalOrgan"}, []string{"externalOrgan", "gateway"},
		[]map[string]any{{"moduleName": "sysuser", "scope": "unit_and_below"}})
	e.Account(admin, "oa", "100201", orgAdmin)
	nearID := e.Account(admin, "nearby", "100201003")
	farID := e.Account(admin, "faraway", "100101")
	oa := e.SignIn("oa")
	const unknown = "对接人须为有效的员工账号"

	e.Refused("POST", "/api/sys/externalOrgan/add", oa, map[string]any{"name": "甲方", "kind": "client", "ownerId": farID}, unknown)
	mine := e.Added("POST", "/api/sys/externalOrgan/add", oa, map[string]any{"name": "甲方", "kind": "client", "ownerId": nearID})
	e.Refused("PUT", "/api/sys/externalOrgan/edit", oa, map[string]any{"id": mine, "name": "甲方", "kind": "client", "ownerId": farID}, unknown)
	if e.OrgOwner(mine) != nearID {
		t.Fatalf("a refused edit changed the owner: %d", e.OrgOwner(mine))
	}
	// one the administrator put in charge stays through his edits
	theirs := e.Added("POST", "/api/sys/externalOrgan/add", admin, map[string]any{"name": "乙方", "kind": "client", "ownerId": farID})
	e.Done("PUT", "/api/sys/externalOrgan/edit", oa, map[string]any{"id": theirs, "name": "乙方公司", "kind": "client", "ownerId": farID}, nil)
	e.Done("PUT", "/api/sys/externalOrgan/edit", oa, map[string]any{"id": theirs, "name": "乙方公司", "kind": "client", "ownerId": nearID}, nil)
	e.Refused("PUT", "/api/sys/externalOrgan/edit", oa, map[string]any{"id": theirs, "name": "乙方公司", "kind": "client", "ownerId": farID}, unknown)
}
