package handover_test

import (
	"net/url"
	"testing"

	"biddesk/internal/apptest"
)

// A data handover obeys the caller's data scope of user management (docs/data-rules.md, "Data
// handover"): both accounts of a preview, a run and an undo must be in it, an account outside
// it answers like a missing one and nothing moves; the history shows only the handovers between
// accounts of the scope; and the rows that move are changes to both accounts under the grant
// rule (no account holding more than the caller, never one's own roles).
func TestHandoverObeysTheDataScopeAndTheGrantRule(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	hoRole := e.GrantRole(admin, "hoadmin", []string{"handover_manager"}, []string{"handover_manager", "gateway"},
		[]map[string]any{{"moduleName": "sysuser", "scope": "unit_and_below"}})
	clerk := e.GrantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
	libadmin := e.RoleID(admin, "libadmin")
	sysadmin := e.RoleID(admin, "sysadmin")
	hoID := e.Account(admin, "ho", "100201", hoRole)
	a1 := e.Account(admin, "a1", "100201003", clerk)
	a2 := e.Account(admin, "a2", "100201003")
	far := e.Account(admin, "far", "100101", clerk)
	far2 := e.Account(admin, "far2", "100101")
	boss := e.Account(admin, "boss", "100201003", sysadmin)
	lib := e.Account(admin, "lib", "100201003", libadmin)
	orgA := e.Added("POST", "/api/sys/externalOrgan/add", admin, map[string]any{"name": "甲方公司", "kind": "client", "ownerId": a1})
	orgB := e.Added("POST", "/api/sys/externalOrgan/add", admin, map[string]any{"name": "乙方公司", "kind": "client", "ownerId": far})
	ho := e.SignIn("ho")

	const (
		missing   = "账号不存在"
		own       = "不能修改自己的角色"
		sysAcct   = "只有系统管理员才能管理系统管理员的账号"
		widerAcct = "该用户拥有超出您自己权限的角色「资料库管理员」，您不能管理该账号"
		noRecord  = "交接记录不存在"
	)
	pair := func(from, to int64) map[string]any { return map[string]any{"fromUserId": from, "toUserId": to} }
	preview := func(from, to int64) string {
		return "/api/sys/handover/preview?fromUserId=" + itoa(from) + "&toUserId=" + itoa(to)
	}
	// outside the scope, giving or receiving, preview or run: like a missing account
	for _, p := range [][2]int64{{a1, far}, {far, a1}, {far, far2}, {a1, 987654}} {
		e.Refused("GET", preview(p[0], p[1]), ho, nil, missing)
		e.Refused("POST", "/api/sys/handover/run", ho, pair(p[0], p[1]), missing)
	}
	if _, r := e.Call("POST", "/api/sys/handover/run", ho, pair(a1, far), "Accept-Language", "en"); r.Message != "No such account" {
		t.Errorf("English refusal: %+v", r)
	}
	// inside the scope: the grant rule of user management
	e.Refused("POST", "/api/sys/handover/run", ho, pair(hoID, a2), own)
	e.Refused("POST", "/api/sys/handover/run", ho, pair(boss, a2), sysAcct)
	e.Refused("POST", "/api/sys/handover/run", ho, pair(lib, a2), widerAcct)
	if e.OrgOwner(orgA) != a1 || e.OrgOwner(orgB) != far || e.RoleCodes(a1) != "clerk" || e.RoleCodes(far) != "clerk" ||
		e.RoleCodes(a2) != "" || e.RoleCodes(boss) != "sysadmin" || e.RoleCodes(lib) != "libadmin" || e.RoleCodes(hoID) != "hoadmin" {
		t.Fatalf("a refused handover moved something: orgA→%d orgB→%d a1 %s far %s a2 %s", e.OrgOwner(orgA), e.OrgOwner(orgB), e.RoleCodes(a1), e.RoleCodes(far), e.RoleCodes(a2))
	}
	if n := e.Count(`SELECT COUNT(*) FROM handover`); n != 0 {
		t.Fatalf("refused runs left %d handover rows", n)
	}
	// a preview of accounts in the scope works, even of an account he could not run
	if p, r := handoverCall(e, "GET", preview(boss, a2), ho, nil); r.Code != 0 || p.counts() != "roles=1/0,ext_org_owner=0/0" {
		t.Errorf("preview in scope: %+v %s", r, p.counts())
	}
	mine, r := handoverCall(e, "POST", "/api/sys/handover/run", ho, pair(a1, a2))
	if r.Code != 0 || mine.Total != 2 || e.OrgOwner(orgA) != a2 || e.RoleCodes(a2) != "clerk" || e.RoleCodes(a1) != "" {
		t.Fatalf("run in scope: %+v %+v", r, mine)
	}

	// the administrator's handovers elsewhere: not in his history, not his to undo
	theirs, r := handoverCall(e, "POST", "/api/sys/handover/run", admin, pair(far, far2))
	if r.Code != 0 {
		t.Fatalf("admin run: %+v", r)
	}
	// one of the scope holding libadmin now: in his history, but its undo is out of his reach
	a3 := e.Account(admin, "a3", "100201003", libadmin)
	a4 := e.Account(admin, "a4", "100201003")
	wide, r := handoverCall(e, "POST", "/api/sys/handover/run", admin, pair(a3, a4))
	if r.Code != 0 {
		t.Fatalf("admin run: %+v", r)
	}
	h := apptest.List[handoverRec](e, "/api/sys/handover/list", ho, nil)
	if h.Total != 2 || h.Records[0].FromLoginCode != "a3" || h.Records[1].FromLoginCode != "a1" {
		t.Errorf("scoped history: %+v", h)
	}
	if h := apptest.List[handoverRec](e, "/api/sys/handover/list", ho, url.Values{"keyword": {"far"}}); h.Total != 0 {
		t.Errorf("history filter reaches outside the scope: %+v", h)
	}
	_, body := e.Fetch("/api/sys/handover/export", ho)
	if rows := apptest.SheetRows(t, body); len(rows) != 3 {
		t.Errorf("scoped export: %v", rows)
	}
	if h := apptest.List[handoverRec](e, "/api/sys/handover/list", admin, nil); h.Total != 3 {
		t.Errorf("admin history: %d", h.Total)
	}
	e.Refused("POST", "/api/sys/handover/undo", ho, map[string]any{"id": theirs.ID}, noRecord)
	e.Refused("POST", "/api/sys/handover/undo", ho, map[string]any{"id": wide.ID}, widerAcct)
	if e.OrgOwner(orgB) != far2 || e.RoleCodes(a4) != "libadmin" || e.RoleCodes(far) != "" {
		t.Errorf("a refused undo moved something: orgB→%d a4 %s", e.OrgOwner(orgB), e.RoleCodes(a4))
	}
	// his own handover he undoes
	e.Done("POST", "/api/sys/handover/undo", ho, map[string]any{"id": mine.ID}, nil)
	if e.OrgOwner(orgA) != a1 || e.RoleCodes(a1) != "clerk" {
		t.Errorf("undo in scope: orgA→%d a1 %s", e.OrgOwner(orgA), e.RoleCodes(a1))
	}
}
