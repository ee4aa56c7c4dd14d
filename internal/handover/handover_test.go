package handover_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type handoverPreview struct {
	ID   int64 `json:"id"`
	From struct {
		ID        int64  `json:"id"`
		LoginCode string `json:"loginCode"`
	} `json:"from"`
	To struct {
		LoginCode string `json:"loginCode"`
	} `json:"to"`
	Kinds []struct {
		Key     string `json:"key"`
		Label   string `json:"label"`
		Count   int    `json:"count"`
		Skipped int    `json:"skipped"`
	} `json:"kinds"`
	Total int `json:"total"`
}

// counts renders the kinds of a preview as "key=count/skipped".
func (p handoverPreview) counts() string {
	var out []string
	for _, k := range p.Kinds {
		out = append(out, k.Key+"="+itoa(int64(k.Count))+"/"+itoa(int64(k.Skipped)))
	}
	return strings.Join(out, ",")
}

type handoverRec struct {
	ID            int64          `json:"id"`
	FromLoginCode string         `json:"fromLoginCode"`
	ToLoginCode   string         `json:"toLoginCode"`
	Counts        map[string]int `json:"counts"`
	Total         int            `json:"total"`
	Remark        string         `json:"remark"`
	State         string         `json:"state"`
	OperatorLogin string         `json:"operatorLoginCode"`
	UndoneAt      *string        `json:"undoneAt"`
}

func handoverCall(e *apptest.Env, method, path, tok string, body any) (handoverPreview, apptest.Envelope) {
	e.T.Helper()
	_, r := e.Call(method, path, tok, body)
	var p handoverPreview
	if r.Code == 0 && r.Data != nil && string(r.Data) != "null" {
		if err := json.Unmarshal(r.Data, &p); err != nil {
			e.T.Fatal(err)
		}
	}
	return p, r
}

// handoverSetup: a departing employee (two roles, two organisations in charge) and a successor
// who already holds one of the roles.
func handoverSetup(e *apptest.Env, tok string) (from, to, orgA, orgB int64) {
	lib, staff := e.RoleID(tok, "libadmin"), e.RoleID(tok, "staff")
	from = e.AddUser(tok, map[string]any{"loginCode": "leaver", "userName": "离职员工", "unitCode": "100101", "password": "Start#2024", "roleIds": []int64{lib, staff}})
	to = e.AddUser(tok, map[string]any{"loginCode": "heir", "userName": "接手员工", "unitCode": "100101", "password": "Start#2024", "roleIds": []int64{staff}})
	orgA = e.Added("POST", "/api/sys/externalOrgan/add", tok, map[string]any{"name": "甲方公司", "kind": "client", "ownerId": from})
	orgB = e.Added("POST", "/api/sys/externalOrgan/add", tok, map[string]any{"name": "乙方公司", "kind": "partner", "ownerId": from})
	return from, to, orgA, orgB
}

func TestHandoverPreviewRunAndUndo(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	from, to, orgA, orgB := handoverSetup(e, tok)
	q := "?fromUserId=" + itoa(from) + "&toUserId=" + itoa(to)

	_, r := e.Call("GET", "/api/sys/handover/kinds", tok, nil)
	if string(r.Data) != `[{"key":"roles","label":"角色成员"},{"key":"ext_org_owner","label":"负责的外部组织"}]` {
		t.Fatalf("kinds: %s", r.Data)
	}
	// The departing employee may be disabled; the preview counts per kind, the held role is skipped.
	if _, r := e.Call("PUT", "/api/sys/user/changeState", tok, map[string]any{"ids": []int64{from}, "state": 0}); r.Code != 0 {
		t.Fatal(r)
	}
	p, r := handoverCall(e, "GET", "/api/sys/handover/preview"+q, tok, nil)
	if r.Code != 0 || p.counts() != "roles=1/1,ext_org_owner=2/0" || p.Total != 3 || p.Kinds[1].Label != "负责的外部组织" || p.From.LoginCode != "leaver" {
		t.Fatalf("preview: %+v %+v", p, r)
	}
	_, r = e.Call("GET", "/api/sys/handover/preview"+q, tok, nil, "Accept-Language", "en")
	if !strings.Contains(string(r.Data), `"label":"External organisations in charge"`) {
		t.Errorf("English labels: %s", r.Data)
	}
	// Nothing moved by a preview.
	if e.OrgOwner(orgA) != from || e.RoleCodes(from) != "libadmin,staff" {
		t.Fatal("the preview changed data")
	}

	res, r := handoverCall(e, "POST", "/api/sys/handover/run", tok, map[string]any{"fromUserId": from, "toUserId": to, "remark": "离职交接"})
	if r.Code != 0 || res.ID == 0 || res.Total != 3 || res.counts() != "roles=1/1,ext_org_owner=2/0" {
		t.Fatalf("run: %+v %+v", res, r)
	}
	if e.OrgOwner(orgA) != to || e.OrgOwner(orgB) != to || e.RoleCodes(to) != "libadmin,staff" || e.RoleCodes(from) != "staff" {
		t.Fatalf("after the run: owners %d %d, roles %q / %q", e.OrgOwner(orgA), e.OrgOwner(orgB), e.RoleCodes(to), e.RoleCodes(from))
	}
	// Nothing left to hand over.
	if _, r := handoverCall(e, "POST", "/api/sys/handover/run", tok, map[string]any{"fromUserId": from, "toUserId": to}); r.Code != 1 || r.Message != "「离职员工」没有可交接的数据" {
		t.Errorf("second run: %+v", r)
	}

	// The history lists it; the business log has it with the exact ids moved.
	h := apptest.List[handoverRec](e, "/api/sys/handover/list", tok, url.Values{"keyword": {"heir"}})
	if h.Total != 1 || h.Records[0].ID != res.ID || h.Records[0].State != "done" || h.Records[0].Counts["ext_org_owner"] != 2 || h.Records[0].Remark != "离职交接" || h.Records[0].OperatorLogin != "admin" {
		t.Fatalf("history: %+v", h)
	}
	lines, _, after := e.BusinessLog("handover_manager")
	if strings.Join(lines, ",") != "handover 离职员工(leaver) → 接手员工(heir)" || !strings.Contains(after, `"ext_org_owner":[`+itoa(orgA)+`,`+itoa(orgB)+`]`) {
		t.Fatalf("business log: %q %s", lines, after)
	}

	// Undo from the log entry: exactly those rows go back.
	var logID int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM business_log WHERE module = 'handover_manager'`).Scan(&logID); err != nil {
		t.Fatal(err)
	}
	if _, r := e.Call("POST", "/api/sys/handover/undo", tok, map[string]any{"logId": logID}); r.Code != 0 {
		t.Fatalf("undo: %+v", r)
	}
	if e.OrgOwner(orgA) != from || e.OrgOwner(orgB) != from || e.RoleCodes(from) != "libadmin,staff" || e.RoleCodes(to) != "staff" {
		t.Fatalf("after the undo: owners %d %d, roles %q / %q", e.OrgOwner(orgA), e.OrgOwner(orgB), e.RoleCodes(from), e.RoleCodes(to))
	}
	if _, r := e.Call("POST", "/api/sys/handover/undo", tok, map[string]any{"id": res.ID}); r.Code != 1 || r.Message != "该交接已撤销" {
		t.Errorf("second undo: %+v", r)
	}
	h = apptest.List[handoverRec](e, "/api/sys/handover/list", tok, url.Values{"state": {"undone"}})
	if h.Total != 1 || h.Records[0].UndoneAt == nil {
		t.Errorf("undone in the history: %+v", h)
	}
	if lines, before, after := e.BusinessLog("handover_manager"); len(lines) != 2 || lines[1] != "undo 离职员工(leaver) → 接手员工(heir)" ||
		!strings.Contains(before, `"state":"done"`) || !strings.Contains(after, `"state":"undone"`) {
		t.Errorf("undo's business log: %q %s %s", lines, before, after)
	}
	// An entry of another module is no handover.
	if _, r := e.Call("POST", "/api/sys/handover/undo", tok, map[string]any{"logId": 1}); r.Message != "该业务日志不是一条数据交接记录" {
		t.Errorf("undo of another log entry: %+v", r)
	}

	// Export: a real workbook with the kinds' names.
	_, body := e.Fetch("/api/sys/handover/export", tok)
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || rows[0][1] != "交出人" || rows[1][1] != "离职员工(leaver)" || rows[1][3] != "角色成员 1；负责的外部组织 2" || rows[1][7] != "已撤销" {
		t.Fatalf("export: %v", rows)
	}
}

func TestHandoverUndoIsRefusedOnceTheRowsChanged(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	from, to, orgA, orgB := handoverSetup(e, tok)
	res, r := handoverCall(e, "POST", "/api/sys/handover/run", tok, map[string]any{"fromUserId": from, "toUserId": to})
	if r.Code != 0 {
		t.Fatal(r)
	}
	// Another administrator gives one of the organisations to someone else.
	var libID int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM sys_user WHERE login_code = 'libadmin'`).Scan(&libID); err != nil {
		t.Fatal(err)
	}
	if _, r := e.Call("PUT", "/api/sys/externalOrgan/edit", tok, map[string]any{"id": orgB, "name": "乙方公司", "kind": "partner", "ownerId": libID}); r.Code != 0 {
		t.Fatal(r)
	}
	if _, r := e.Call("POST", "/api/sys/handover/undo", tok, map[string]any{"id": res.ID}); r.Code != 1 ||
		r.Message != "有1条「负责的外部组织」已不属于接收人（已转移或删除），无法撤销，未做任何更改" {
		t.Fatalf("undo after a change: %+v", r)
	}
	// Nothing moved back, not even the rows that had not changed.
	if e.OrgOwner(orgA) != to || e.RoleCodes(to) != "libadmin,staff" {
		t.Fatalf("a refused undo moved rows")
	}
	// Put it back: now a role the departing user holds again clashes.
	if _, r := e.Call("PUT", "/api/sys/externalOrgan/edit", tok, map[string]any{"id": orgB, "name": "乙方公司", "kind": "partner", "ownerId": to}); r.Code != 0 {
		t.Fatal(r)
	}
	if _, r := e.Call("PUT", "/api/user/role/user", tok, map[string]any{"userId": from, "roleId": e.RoleID(tok, "libadmin")}); r.Code != 0 {
		t.Fatal(r)
	}
	if _, r := e.Call("POST", "/api/sys/handover/undo", tok, map[string]any{"id": res.ID}); r.Code != 1 || r.Message != "交出人已重新拥有1条「角色成员」，无法撤销，未做任何更改" {
		t.Fatalf("undo with a clash: %+v", r)
	}
	if h := apptest.List[handoverRec](e, "/api/sys/handover/list", tok, nil); h.Records[0].State != "done" {
		t.Errorf("a refused undo changed the record: %+v", h)
	}
	if lines, _, _ := e.BusinessLog("handover_manager"); len(lines) != 1 {
		t.Errorf("a refused undo was logged: %q", lines)
	}
}

func TestHandoverRefusals(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	from, to, _, _ := handoverSetup(e, tok)
	partner := e.UserID("partner")
	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct {
			name     string
			from, to any
			msg      string
		}{
			{"to oneself", from, from, "交出人和接收人不能是同一个账号"},
			{"to an account that does not exist", from, 99999, "账号不存在"},
			{"from staff to a partner", from, partner, "交出人和接收人须同为员工账号或同为外部账号"},
			{"to nobody", from, "", "缺少参数 toUserId"},
			{"from an id that is no number", "x", to, "参数 fromUserId 必须是整数"},
		} {
			for _, call := range []struct{ method, path string }{{"GET", "/api/sys/handover/preview"}, {"POST", "/api/sys/handover/run"}} {
				t.Run(call.method+" "+c.name, func(t *testing.T) {
					t.Parallel()
					body := map[string]any{"fromUserId": c.from, "toUserId": c.to}
					path := call.path
					if call.method == "GET" {
						path += "?fromUserId=" + url.QueryEscape(toString(c.from)) + "&toUserId=" + url.QueryEscape(toString(c.to))
						body = nil
					}
					if _, r := handoverCall(e.For(t), call.method, path, tok, body); r.Code != 1 || r.Message != c.msg {
						t.Errorf("%s %v→%v: %+v, want %q", call.method, c.from, c.to, r, c.msg)
					}
				})
			}
		}
	})
	// The recipient must be enabled.
	if _, r := e.Call("PUT", "/api/sys/user/changeState", tok, map[string]any{"ids": []int64{to}, "state": 0}); r.Code != 0 {
		t.Fatal(r)
	}
	if _, r := handoverCall(e, "POST", "/api/sys/handover/run", tok, map[string]any{"fromUserId": from, "toUserId": to}); r.Message != "接收人「接手员工」的账号已禁用，请选择可用的账号" {
		t.Errorf("disabled recipient: %+v", r)
	}
	if _, r := e.Call("POST", "/api/sys/handover/undo", tok, map[string]any{"id": 99999}); r.Message != "交接记录不存在" {
		t.Errorf("undo of an unknown handover: %+v", r)
	}
	if _, r := e.Call("GET", "/api/sys/handover/list?sort=moved", tok, nil); r.Message != "不支持按该字段排序" {
		t.Errorf("tampered sort: %+v", r)
	}

	// Without the function code every call is refused.
	staff := e.Login("staff", "Staff@123").AccessToken
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/sys/handover/kinds"}, {"GET", "/api/sys/handover/preview"}, {"POST", "/api/sys/handover/run"},
		{"POST", "/api/sys/handover/undo"}, {"GET", "/api/sys/handover/list"}, {"GET", "/api/sys/handover/export"}, {"GET", "/api/user/search"},
	} {
		if resp, r := e.Call(c.method, c.path, staff, map[string]any{}); resp.StatusCode != 403 || r.Code != 403 {
			t.Errorf("%s %s by staff: HTTP %d %+v", c.method, c.path, resp.StatusCode, r)
		}
	}
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}
