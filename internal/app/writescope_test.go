package app_test

import (
	"testing"
)

// employeeIn is the code of a demo employee of the unit's subtree.
func (e *env) employeeIn(prefix string) string {
	e.t.Helper()
	var code string
	if err := e.app.DB.QueryRow(e.t.Context(), `SELECT code FROM employee WHERE unit_code LIKE ? ORDER BY code LIMIT 1`, prefix+"%").Scan(&code); err != nil {
		e.t.Fatal(err)
	}
	return code
}

// A library write names only units, employees and accounts of the caller's library data rules:
// a record filed under, about, addressed to, or a CA key lent to someone of another unit is
// refused (an account answers like a missing one), and nothing is written.
func TestLibraryWritesObeyTheDataScope(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	writer := e.GrantRole(admin, "libwriter", []string{}, []string{"gateway", "library_admin", "expert_talents2_license",
		"expert_talents2_manage", "expert_talents2_message", "expert_talents2_politics"},
		[]map[string]any{{"moduleName": "library", "scope": "unit_and_below"}})
	e.Account(admin, "lw", "100201", writer)
	e.Account(admin, "faruser", "100101")
	lw := e.SignIn("lw")
	near, far := e.employeeIn("100201"), e.employeeIn("1001")
	before := e.Count(`SELECT COUNT(*) FROM lib_record`)

	license := func(unit string) map[string]any {
		return map[string]any{"title": "营业执照", "licenseType": "business", "holder": "华信", "unitCode": unit}
	}
	e.Refused("POST", "/api/library/license/add", lw, license("100101"), "所属组织：组织「100101」不在您的数据范围内")
	e.Refused("POST", "/api/library/expert/add", lw, map[string]any{"title": "专家", "employeeCode": far}, "关联员工：员工「"+far+"」不在您的数据范围内")
	e.Refused("POST", "/api/library/message/add", lw, map[string]any{"title": "消息", "content": "请处理", "recipient": "faruser"}, "接收人：用户不存在")
	e.Refused("POST", "/api/library/message/add", lw, map[string]any{"title": "消息", "content": "请处理", "recipient": "no-such-user"}, "接收人：用户不存在")
	e.Refused("POST", "/api/library/cakey/add", lw, map[string]any{"title": "CA锁", "keyNumber": "K-9", "holder": "华信", "custodian": far}, "保管人：员工「"+far+"」不在您的数据范围内")
	if _, r := e.call("POST", "/api/library/license/add", lw, license("100101"), "Accept-Language", "en"); r.Message != "Unit: the unit '100101' is outside your data scope" {
		t.Errorf("English refusal: %+v", r)
	}
	if n := e.Count(`SELECT COUNT(*) FROM lib_record`); n != before {
		t.Fatalf("refused writes left %d records", n-before)
	}

	// inside the scope every write works; an edit cannot move a record out of it
	lic := e.LibAdd(lw, "license", license("100201003"))
	e.Refused("PUT", "/api/library/license/edit", lw, map[string]any{"id": lic, "title": "营业执照", "licenseType": "business", "holder": "华信", "unitCode": "1001"}, "所属组织：组织「1001」不在您的数据范围内")
	e.LibAdd(lw, "expert", map[string]any{"title": "专家", "employeeCode": near})
	e.LibAdd(lw, "message", map[string]any{"title": "消息", "content": "请处理", "recipient": "staff"})
	key := e.LibAdd(lw, "cakey", map[string]any{"title": "CA锁", "keyNumber": "K-9", "holder": "华信", "custodian": near})
	e.Refused("POST", "/api/library/cakey/lend", lw, map[string]any{"id": key, "borrowerCode": far}, "员工「"+far+"」不在您的数据范围内")
	e.Done("POST", "/api/library/cakey/lend", lw, map[string]any{"id": key, "borrowerCode": near}, nil)

	// the administrator, whose data rules show every unit, writes anything
	e.LibAdd(admin, "license", license("100101"))
	e.LibAdd(admin, "message", map[string]any{"title": "消息", "content": "请处理", "recipient": "faruser"})
}

// An external organisation is put in charge only of a staff account the caller sees in user
// management (the accounts the screen's picker shows); keeping the one in charge is no choice.
func TestExternalOrgOwnerObeysTheDataScope(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
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
