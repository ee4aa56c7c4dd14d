package library_test

import (
	"testing"

	"biddesk/internal/apptest"
)

// employeeIn is the code of a demo employee of the unit's subtree.
func employeeIn(e *apptest.Env, prefix string) string {
	e.T.Helper()
	var code string
	if err := e.App.DB.QueryRow(e.T.Context(), `SELECT code FROM employee WHERE unit_code LIKE ? ORDER BY code LIMIT 1`, prefix+"%").Scan(&code); err != nil {
		e.T.Fatal(err)
	}
	return code
}

// A library write names only units, employees and accounts of the caller's library data rules:
// a record filed under, about, addressed to, or a CA key lent to someone of another unit is
// refused (an account answers like a missing one), and nothing is written.
func TestLibraryWritesObeyTheDataScope(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	writer := e.GrantRole(admin, "libwriter", []string{}, []string{"gateway", "library_admin", "expert_talents2_license",
		"expert_talents2_manage", "expert_talents2_message", "expert_talents2_politics"},
		[]map[string]any{{"moduleName": "library", "scope": "unit_and_below"}})
	e.Account(admin, "lw", "100201", writer)
	e.Account(admin, "faruser", "100101")
	lw := e.SignIn("lw")
	near, far := employeeIn(e, "100201"), employeeIn(e, "1001")
	before := e.Count(`SELECT COUNT(*) FROM lib_record`)

	license := func(unit string) map[string]any {
		return map[string]any{"title": "营业执照", "licenseType": "business", "holder": "华信", "unitCode": unit}
	}
	e.Refused("POST", "/api/library/license/add", lw, license("100101"), "所属组织：组织「100101」不在您的数据范围内")
	e.Refused("POST", "/api/library/expert/add", lw, map[string]any{"title": "专家", "employeeCode": far}, "关联员工：员工「"+far+"」不在您的数据范围内")
	e.Refused("POST", "/api/library/message/add", lw, map[string]any{"title": "消息", "content": "请处理", "recipient": "faruser"}, "接收人：用户不存在")
	e.Refused("POST", "/api/library/message/add", lw, map[string]any{"title": "消息", "content": "请处理", "recipient": "no-such-user"}, "接收人：用户不存在")
	e.Refused("POST", "/api/library/cakey/add", lw, map[string]any{"title": "CA锁", "keyNumber": "K-9", "holder": "华信", "custodian": far}, "保管人：员工「"+far+"」不在您的数据范围内")
	if _, r := e.Call("POST", "/api/library/license/add", lw, license("100101"), "Accept-Language", "en"); r.Message != "Unit: the unit '100101' is outside your data scope" {
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
