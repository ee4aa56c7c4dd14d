package library_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/access"
	"biddesk/internal/apptest"
	"biddesk/internal/library"
	"biddesk/internal/platform/config"
)

func TestLibraryEveryTypeCreateEditSearchDeleteExport(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	var types struct {
		Types []struct {
			Key    string `json:"key"`
			Name   string `json:"name"`
			Fields []struct {
				Key, Label, Kind string
			} `json:"fields"`
		} `json:"types"`
		WarningDays int `json:"warningDays"`
	}
	e.Done("GET", "/api/library/types", tok, nil, &types)
	if len(types.Types) != len(library.Types) || types.Types[1].Name != "企业证照" || types.Types[1].Fields[0].Label != "证照名称" || types.WarningDays != 30 {
		t.Fatalf("types: %+v", types)
	}
	for _, typ := range library.Types {
		key := typ.Key
		form := apptest.LibForms[key]
		id := e.LibAdd(tok, key, form)
		rec := e.LibOne(tok, key, id)
		if rec.S("title") != form["title"] || rec.S("status") != library.StatusPublished {
			t.Fatalf("%s: %+v", key, rec)
		}
		edited := map[string]any{"id": id}
		for k, v := range form {
			edited[k] = v
		}
		edited["title"] = strings.Replace(form["title"].(string), "甲", "乙", 1)
		e.Done("PUT", "/api/library/"+key+"/edit", tok, edited, nil)
		if got := e.LibOne(tok, key, id).S("title"); got != edited["title"] {
			t.Fatalf("%s edit: %q", key, got)
		}
		if p := e.LibList(tok, key, url.Values{"keywords": {"乙"}}); p.Total != 1 || p.Records[0].ID() != id {
			t.Fatalf("%s search: %+v", key, p)
		}
		if p := e.LibList(tok, key, url.Values{"keywords": {"甲"}}); p.Total != 0 {
			t.Fatalf("%s search old title: %+v", key, p)
		}
		// export: the header and the record
		tk := e.Ticket(tok, "/api/library/"+key+"/export")
		resp, body := e.Fetch("/api/library/"+key+"/export?keywords=乙&ticket="+tk, "")
		if resp.StatusCode != 200 {
			t.Fatalf("%s export: %d %s", key, resp.StatusCode, body)
		}
		rows := apptest.SheetRows(t, body)
		if len(rows) != 2 || rows[1][0] != edited["title"] {
			t.Fatalf("%s export rows: %v", key, rows)
		}
		e.Done("DELETE", "/api/library/"+key+"/del", tok, map[string]any{"ids": []int64{id}}, nil)
		if _, r := e.Call("GET", "/api/library/"+key+"/one?id="+itoa(id), tok, nil); r.Code != 1 || r.Message != "记录不存在或已删除" {
			t.Fatalf("%s after delete: %+v", key, r)
		}
		var deleted int
		if err := e.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM lib_record WHERE id = ? AND deleted_at IS NOT NULL`, id).Scan(&deleted); err != nil || deleted != 1 {
			t.Fatalf("%s: the row must stay, marked deleted (%d %v)", key, deleted, err)
		}
		for _, action := range []string{"create", "update", "delete"} {
			if e.BizLog(typ.Code, action) < 1 {
				t.Fatalf("%s: no business log %s", key, action)
			}
		}
		var h struct {
			Reviews []struct{ Action string } `json:"reviews"`
			Changes []struct{ Action string } `json:"changes"`
		}
		e.Refused("GET", "/api/library/"+key+"/history?id="+itoa(id), tok, nil, "记录不存在或已删除")
		_ = h
	}
	// the expert's first expiry is the earliest qualification's
	id := e.LibAdd(tok, library.TypeExpert, apptest.LibForms[library.TypeExpert])
	if r := e.LibOne(tok, library.TypeExpert, id); r.S("validTo") != "2030-02-01" || r.S("unitCode") == "" || r.S("employeeCodeName") == "" {
		t.Fatalf("expert derived fields: %+v", r)
	}
	var h struct {
		Reviews []struct{ Action string } `json:"reviews"`
		Changes []struct {
			Action string          `json:"action"`
			After  json.RawMessage `json:"after"`
		} `json:"changes"`
	}
	e.Done("GET", "/api/library/expert/history?id="+itoa(id), tok, nil, &h)
	if len(h.Reviews) != 1 || h.Reviews[0].Action != "publish" || len(h.Changes) != 1 || h.Changes[0].Action != "create" || !strings.Contains(string(h.Changes[0].After), "测试专家甲") {
		t.Fatalf("history: %+v", h)
	}
	// F3's interface
	experts, err := e.App.Library.Experts(context.Background(), []int64{id})
	if err != nil || len(experts) != 1 || len(experts[0].Qualifications) != 2 || experts[0].Education != "本科" || experts[0].Years != 5 {
		t.Fatalf("experts: %+v %v", experts, err)
	}
	found, total, err := e.App.Library.SearchExperts(context.Background(), library.ExpertQuery{Qualification: "安全工程师"})
	if err != nil || total != 1 || found[0].ID != id {
		t.Fatalf("search experts: %+v %d %v", found, total, err)
	}
}

func TestLibraryFieldRulesAndSearchFilters(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	e.Refused("POST", "/api/library/license/add", tok, map[string]any{"licenseType": "business", "holder": "x"}, "证照名称：不能为空")
	e.Refused("POST", "/api/library/license/add", tok, map[string]any{"title": "a", "licenseType": "nope", "holder": "x"}, "证照类型：「nope」不是有效的选项")
	e.Refused("POST", "/api/library/license/add", tok, map[string]any{"title": "a", "licenseType": "business", "holder": "x", "validTo": "2024-13-45"}, "有效期至：日期不存在：2024-13-45")
	e.Refused("POST", "/api/library/contract/add", tok, map[string]any{"title": "a", "client": "b", "amount": "1.234"}, "合同金额（元）：只能保留2位小数")
	e.Refused("POST", "/api/library/contract/add", tok, map[string]any{"title": "a", "client": "b", "amount": "-1"}, "合同金额（元）：不能为负数")
	e.Refused("POST", "/api/library/expert/add", tok, map[string]any{"title": "a", "phone": "123"}, "手机号：请输入正确的手机号码")
	e.Refused("POST", "/api/library/expert/add", tok, map[string]any{"title": "a", "employeeCode": "NOPE"}, "关联员工：员工「NOPE」不存在")
	e.Refused("POST", "/api/library/toolkit/add", tok, map[string]any{"title": "a", "link": "javascript:alert(1)"}, "访问链接：请输入以 http:// 或 https:// 开头的链接")
	e.Refused("POST", "/api/library/license/add", tok, map[string]any{"title": "a", "licenseType": "business", "holder": "x", "tags": []int64{999999}}, "标签不存在或已删除")
	_, r := e.Call("POST", "/api/library/license/add", tok, map[string]any{"title": "a"}, "Accept-Language", "en")
	if r.Message != "Licence type: is required" {
		t.Fatalf("english: %+v", r)
	}

	// tags, unit and date-range filters
	var tag struct{ ID int64 }
	e.Done("POST", "/api/library/tag/add", tok, map[string]any{"name": "测试标签", "color": "#1677ff"}, &tag)
	e.Refused("POST", "/api/library/tag/add", tok, map[string]any{"name": "测试标签"}, "标签名称已存在")
	a := e.LibAdd(tok, "license", map[string]any{"title": "筛选甲", "licenseType": "business", "holder": "甲公司", "unitCode": "100104", "validTo": "2030-06-30", "tags": []int64{tag.ID}})
	b := e.LibAdd(tok, "license", map[string]any{"title": "筛选乙", "licenseType": "qualification", "holder": "乙公司", "unitCode": "100201", "validTo": "2029-01-01"})
	for q, want := range map[string]int64{
		"tagId=" + itoa(tag.ID): a, "licenseType=qualification&keywords=筛选": b, "unitCode=1001&keywords=筛选": a, "holder=乙": b,
		"validToFrom=2030-01-01&keywords=筛选": a, "validToTo=2029-12-31&keywords=筛选": b,
	} {
		var p apptest.LibPage
		e.Done("GET", "/api/library/license/list?"+q, tok, nil, &p)
		if p.Total != 1 || p.Records[0].ID() != want {
			t.Errorf("%s: %+v", q, p)
		}
	}
	var p apptest.LibPage
	e.Done("GET", "/api/library/license/list?keywords=筛选&sort=validTo&order=asc", tok, nil, &p)
	if p.Total != 2 || p.Records[0].ID() != b {
		t.Fatalf("sort by validTo: %+v", p)
	}
	if tags, _ := p.Records[1]["tags"].([]any); len(tags) != 1 {
		t.Fatalf("tags of a record: %+v", p.Records[1])
	}
	// a tampered sort or filter never reaches the SQL
	e.Refused("GET", "/api/library/license/list?sort=title%3BDROP%20TABLE%20lib_record", tok, nil, "不支持按该字段排序")
	e.Refused("GET", "/api/library/license/list?sort=remark", tok, nil, "不支持按该字段排序")
	e.Refused("GET", "/api/library/license/list?status=nope", tok, nil, "参数 status 的取值无效")
	// a tag in use shows its count; deleting it hides it from records
	tp := apptest.List[library.TagRec](e, "/api/library/tag/list", tok, url.Values{"name": {"测试"}})
	if tp.Total != 1 || tp.Records[0].Records != 1 {
		t.Fatalf("tag list: %+v", tp)
	}
	e.Done("DELETE", "/api/library/tag/del", tok, map[string]any{"ids": []int64{tag.ID}}, nil)
	if r := e.LibOne(tok, "license", a); len(r["tags"].([]any)) != 0 {
		t.Fatalf("a deleted tag still shows: %+v", r)
	}
	if e.BizLog("tagmanager", "delete") != 1 {
		t.Fatal("tag delete not logged")
	}
}

func TestLibraryRefusalsWithoutTheFunctionCode(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	for _, c := range [][2]string{
		{"GET", "/api/library/license/list"}, {"POST", "/api/library/license/add"}, {"GET", "/api/library/expert/one?id=1"},
		{"DELETE", "/api/library/honor/del?ids=1"}, {"POST", "/api/library/license/approve?ids=1"}, {"GET", "/api/library/tag/list"},
		{"POST", "/api/library/cakey/lend"}, {"POST", "/api/library/message/generate"},
	} {
		if resp, r := e.Call(c[0], c[1], staff, map[string]any{}); resp.StatusCode != 403 || r.Code != 403 {
			t.Errorf("%s %s: %d %+v", c[0], c[1], resp.StatusCode, r)
		}
	}
	// every signed-in user reads the types, the tag options and their reminders
	for _, p := range []string{"/api/library/types", "/api/library/tag/all", "/api/biapp/marketing/backend/project/remind"} {
		e.Done("GET", p, staff, nil, nil)
	}
	if resp, _ := e.Call("GET", "/api/library/types", "", nil); resp.StatusCode != 401 {
		t.Fatalf("anonymous: %d", resp.StatusCode)
	}
	// the admin expert list reads the experts with its own code
	admin := e.Login("admin", "Admin@123").AccessToken
	roleID := e.AddRole(admin, "expertview", "专家查看")
	e.Done("PUT", "/api/sys/role/grants", admin, map[string]any{"roleId": roleID, "menuCodes": []string{"expert", "expert_talents_manage"}, "funCodes": []string{"expert_talents_manage"}}, nil)
	if err := e.App.Access.AssignRole(context.Background(), e.UserID("staff"), "expertview"); err != nil {
		t.Fatal(err)
	}
	staff = e.Login("staff", "Staff@123").AccessToken
	e.LibAdd(admin, "expert", map[string]any{"title": "公司级专家"})
	// (the demo's experts of the staff member's own unit are listed too: the rewards' demo made him one)
	listed := false
	for _, r := range e.LibList(staff, "expert", url.Values{"limit": {"100"}}).Records {
		listed = listed || r["title"] == "公司级专家"
	}
	if !listed {
		t.Fatal("the expert list reads the experts")
	}
	if resp, _ := e.Call("POST", "/api/library/expert/add", staff, map[string]any{"title": "x"}); resp.StatusCode != 403 {
		t.Fatalf("the expert list does not write: %d", resp.StatusCode)
	}
}

func TestLibraryReviewStaffEntryPendingApproveReject(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin)
	id := e.LibAdd(staff, "license", map[string]any{"title": "员工录入证照", "licenseType": "business", "holder": "甲公司"})
	if r := e.LibOne(staff, "license", id); r.S("status") != library.StatusPending {
		t.Fatalf("a staff entry waits for review: %+v", r)
	}
	// staff may not approve, nor change another's record
	if resp, _ := e.Call("POST", "/api/library/license/approve", staff, map[string]any{"ids": []int64{id}}); resp.StatusCode != 403 {
		t.Fatalf("staff approves: %d", resp.StatusCode)
	}
	other := e.LibAdd(admin, "license", map[string]any{"title": "管理员证照", "licenseType": "business", "holder": "乙公司"})
	e.Refused("PUT", "/api/library/license/edit", staff, map[string]any{"id": other, "title": "x", "licenseType": "business", "holder": "y"}, "只能修改自己录入的记录")
	e.Refused("DELETE", "/api/library/license/del", staff, map[string]any{"ids": []int64{other}}, "只能修改自己录入的记录")
	// pending records are not published: the admin sees both, another reader only published ones
	if p := e.LibList(admin, "license", url.Values{"status": {"pending"}}); p.Total != 1 || p.Records[0].ID() != id {
		t.Fatalf("pending list: %+v", p)
	}
	// reject needs a reason
	e.Refused("POST", "/api/library/license/reject", admin, map[string]any{"ids": []int64{id}}, "请填写驳回原因")
	e.Done("POST", "/api/library/license/reject", admin, map[string]any{"ids": []int64{id}, "reason": "扫描件不清晰"}, nil)
	if r := e.LibOne(staff, "license", id); r.S("status") != library.StatusRejected || r.S("reviewReason") != "扫描件不清晰" {
		t.Fatalf("rejected: %+v", r)
	}
	e.Refused("POST", "/api/library/license/approve", admin, map[string]any{"ids": []int64{id}}, "「员工录入证照」不是待审核状态")
	// the owner resubmits, the administrator approves
	e.Done("POST", "/api/library/license/submit", staff, map[string]any{"ids": []int64{id}}, nil)
	e.Done("POST", "/api/library/license/approve", admin, map[string]any{"ids": []int64{id}}, nil)
	if r := e.LibOne(staff, "license", id); r.S("status") != library.StatusPublished || r.S("reviewReason") != "" {
		t.Fatalf("approved: %+v", r)
	}
	// a staff edit goes back to review
	e.Done("PUT", "/api/library/license/edit", staff, map[string]any{"id": id, "title": "员工录入证照2", "licenseType": "business", "holder": "甲公司"}, nil)
	if r := e.LibOne(admin, "license", id); r.S("status") != library.StatusPending {
		t.Fatalf("edited by staff: %+v", r)
	}
	var h struct {
		Reviews []struct{ Action, FromStatus, ToStatus, Reason string } `json:"reviews"`
	}
	e.Done("GET", "/api/library/license/history?id="+itoa(id), admin, nil, &h)
	var steps []string
	for i := len(h.Reviews) - 1; i >= 0; i-- {
		steps = append(steps, h.Reviews[i].Action+":"+h.Reviews[i].ToStatus)
	}
	if strings.Join(steps, ",") != "submit:pending,reject:rejected,submit:pending,approve:published,submit:pending" || h.Reviews[3].Reason != "扫描件不清晰" {
		t.Fatalf("review steps: %v %+v", steps, h)
	}
	if e.BizLog("expert_talents2_license", "approve") != 1 || e.BizLog("expert_talents2_license", "reject") != 1 {
		t.Fatal("review transitions are in the business log")
	}
	// a draft stays out of review until submitted
	d := e.LibAdd(staff, "honor", map[string]any{"title": "草稿荣誉", "draft": true})
	if r := e.LibOne(staff, "honor", d); r.S("status") != library.StatusDraft {
		t.Fatalf("draft: %+v", r)
	}
}

func TestLibraryDataRulesLimitRowsByUnit(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin) // unit 100201003, own unit and below
	mine := e.LibAdd(admin, "honor", map[string]any{"title": "本单位荣誉", "unitCode": "100201003"})
	other := e.LibAdd(admin, "honor", map[string]any{"title": "他单位荣誉", "unitCode": "100104"})
	common := e.LibAdd(admin, "honor", map[string]any{"title": "公司荣誉"})
	p := e.LibList(staff, "honor", url.Values{"keywords": {"荣誉"}, "limit": {"100"}})
	seen := map[int64]bool{}
	for _, r := range p.Records {
		seen[r.ID()] = true
	}
	if !seen[mine] || !seen[common] || seen[other] {
		t.Fatalf("staff sees %v", seen)
	}
	e.Refused("GET", "/api/library/honor/one?id="+itoa(other), staff, nil, "记录不存在或已删除")
}

func TestLibraryAnnouncementHTMLIsSanitised(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	id := e.LibAdd(tok, "announcement", map[string]any{"title": "安全公告", "pinned": 1,
		"content": `<p onclick="x()">正文<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><a href="https://example.com">好链接</a></p><iframe src="https://evil"></iframe>`})
	c := e.LibOne(tok, "announcement", id).S("content")
	for _, bad := range []string{"script", "onerror", "onclick", "javascript:", "iframe", "alert"} {
		if strings.Contains(c, bad) {
			t.Fatalf("%q survived: %s", bad, c)
		}
	}
	if !strings.Contains(c, "正文") || !strings.Contains(c, `href="https://example.com"`) {
		t.Fatalf("the allowed HTML is kept: %s", c)
	}
	e.Refused("POST", "/api/library/announcement/add", tok, map[string]any{"title": "空", "content": "<script>x</script>"}, "内容：不能为空")
	// pinned first
	later := e.LibAdd(tok, "announcement", map[string]any{"title": "普通公告", "content": "<p>b</p>"})
	if p := e.LibList(tok, "announcement", nil); p.Records[0].ID() != id && p.Records[0].ID() == later {
		t.Fatalf("pinned first: %+v", p.Records)
	}
}

func TestLibraryExpiryRemindersAndMessages(t *testing.T) {
	e := apptest.New(t)
	e.OnlyLibraryMessages()
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin)
	staffID := e.UserID("staff")
	ctx := context.Background()
	if _, err := e.App.DB.Exec(ctx, `UPDATE sys_user SET employee_code = 'HX000200' WHERE id = ?`, staffID); err != nil {
		t.Fatal(err)
	}
	soon := e.LibAdd(staff, "license", map[string]any{"title": "即将到期证照", "licenseType": "business", "holder": "甲公司", "validTo": apptest.Day(5)})
	gone := e.LibAdd(staff, "license", map[string]any{"title": "已过期证照", "licenseType": "business", "holder": "甲公司", "validTo": apptest.Day(-3)})
	e.LibAdd(staff, "license", map[string]any{"title": "长期证照", "licenseType": "business", "holder": "甲公司", "validTo": apptest.Day(300)})
	kept := e.LibAdd(admin, "cakey", map[string]any{"title": "保管的CA锁", "keyNumber": "K-1", "holder": "甲公司", "custodian": "HX000200", "validTo": apptest.Day(10)})
	for _, id := range []int64{soon, gone} {
		e.Done("POST", "/api/library/license/approve", admin, map[string]any{"ids": []int64{id}}, nil)
	}
	// badges in the list, and the expiry filter
	p := e.LibList(staff, "license", url.Values{"expiry": {"expiring"}, "mine": {"1"}})
	if p.Total != 1 || p.Records[0].ID() != soon || p.Records[0].S("expiry") != "expiring" || p.Records[0]["daysLeft"].(float64) != 5 {
		t.Fatalf("expiring: %+v", p)
	}
	if p := e.LibList(staff, "license", url.Values{"expiry": {"expired"}, "mine": {"1"}}); p.Total != 1 || p.Records[0].S("expiry") != "expired" {
		t.Fatalf("expired: %+v", p)
	}
	var rm library.Reminders
	e.Done("GET", "/api/biapp/marketing/backend/project/remind", staff, nil, &rm)
	var titles []string
	for _, r := range rm.Records {
		titles = append(titles, r.Title)
	}
	if rm.Days != 30 || strings.Join(titles, ",") != "已过期证照,即将到期证照,保管的CA锁" || rm.Records[0].Expiry != "expired" || rm.Records[2].Path != "/expert_talents2_politics" {
		t.Fatalf("reminders: %+v", rm)
	}
	// the warning days are the system parameter's
	e.SetParam(admin, "library.expiry_warning_days", "7")
	e.Done("GET", "/api/biapp/marketing/backend/project/remind", staff, nil, &rm)
	if len(rm.Records) != 2 || rm.Days != 7 {
		t.Fatalf("7 days: %+v", rm)
	}
	// lend the key to the staff member: a loan reminder, and the history
	e.Done("POST", "/api/library/cakey/lend", admin, map[string]any{"id": kept, "borrowerCode": "HX000200", "purpose": "某项目投标", "dueDate": apptest.Day(2)}, nil)
	e.Refused("POST", "/api/library/cakey/lend", admin, map[string]any{"id": kept, "borrowerCode": "HX000200"}, "该CA锁已借出，请先归还")
	e.Refused("DELETE", "/api/library/cakey/del", admin, map[string]any{"ids": []int64{kept}}, "借出中的CA锁不能删除，请先归还")
	e.Done("GET", "/api/biapp/marketing/backend/project/remind", staff, nil, &rm)
	if len(rm.Loans) != 1 || rm.Loans[0].KeyNumber != "K-1" || rm.Loans[0].DueDate != apptest.Day(2) {
		t.Fatalf("loan reminder: %+v", rm.Loans)
	}
	if r := e.LibOne(admin, "cakey", kept); r.S("state") != "lent" {
		t.Fatalf("lent: %+v", r)
	}
	// message to-dos: written once per record and date
	var gen struct{ Created int }
	e.Done("POST", "/api/library/message/generate", admin, nil, &gen)
	var written int
	// (the two approvals above also wrote the staff member a review message each: review_notice.go)
	if err := e.App.DB.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record WHERE type = 'message' AND code NOT LIKE 'review:%'`).Scan(&written); err != nil || gen.Created < 3 || gen.Created != written {
		t.Fatalf("generated %d of %d", gen.Created, written)
	}
	e.Done("POST", "/api/library/message/generate", admin, nil, &gen)
	if gen.Created != 0 {
		t.Fatalf("generated again: %d", gen.Created)
	}
	msgs := e.LibList(staff, "message", nil)
	// within 7 days: the two licences (entered by staff) and the loan (borrowed by staff); the key kept by
	// staff expires in 10 days; and the two review outcomes
	if msgs.Total != 5 || msgs.Records[0].S("state") != "unread" || msgs.Records[0].S("recipientName") != "张晓东" {
		t.Fatalf("staff messages: %+v", msgs)
	}
	e.Done("GET", "/api/biapp/marketing/backend/project/remind", staff, nil, &rm)
	if rm.Unread != 5 {
		t.Fatalf("unread: %d", rm.Unread)
	}
	e.Done("POST", "/api/library/message/read", staff, map[string]any{"ids": []int64{msgs.Records[0].ID()}}, nil)
	if p := e.LibList(staff, "message", url.Values{"state": {"unread"}}); p.Total != 4 {
		t.Fatalf("after reading one: %+v", p)
	}
	if p := e.LibList(admin, "message", nil); p.Total != written+2 {
		t.Fatalf("the administrator sees every message: %+v", p)
	}
	e.Refused("POST", "/api/library/message/read", admin, map[string]any{"ids": []int64{msgs.Records[1].ID()}}, "只能修改自己录入的记录")
	// return
	e.Done("POST", "/api/library/cakey/return", admin, map[string]any{"id": kept, "remark": "完好"}, nil)
	var loans []library.Loan
	e.Done("GET", "/api/library/cakey/loans?id="+itoa(kept), admin, nil, &loans)
	if len(loans) != 1 || loans[0].ReturnedAt == nil || loans[0].BorrowerName == "" || loans[0].ReturnRemark != "完好" || loans[0].LentBy != "系统管理员" {
		t.Fatalf("loans: %+v", loans)
	}
	if e.BizLog("expert_talents2_politics", "lend") != 1 || e.BizLog("expert_talents2_politics", "return") != 1 {
		t.Fatal("lend and return are logged")
	}
	e.Refused("POST", "/api/library/cakey/return", admin, map[string]any{"id": kept}, "该CA锁未借出")
}

func TestLibraryImportDryRunAndImport(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	tk := e.Ticket(tok, "/api/library/license/import/template")
	resp, body := e.Fetch("/api/library/license/import/template?ticket="+tk, "")
	if resp.StatusCode != 200 {
		t.Fatalf("template: %d", resp.StatusCode)
	}
	if rows := apptest.SheetRows(t, body); len(rows) != 2 || rows[0][0] != "证照名称*" {
		t.Fatalf("template rows: %v", rows)
	}
	header := []string{"证照名称", "证照类型", "证照编号", "持证单位", "所属组织", "有效期至", "备注"}
	bad := apptest.Workbook(t, map[string][][]string{"企业证照": {header,
		{"导入证照一", "营业执照", "N-1", "甲公司", "100104", "2030-01-01", ""},
		{"导入证照二", "不存在的类型", "N-2", "甲公司", "", "2030-01-01", ""},
		{"", "营业执照", "N-3", "甲公司", "", "", ""},
		{"导入证照四", "business", "N-4", "甲公司", "999", "2030/2/3", ""},
	}})
	rep, lines := licenseDryRun(e, tok, bad)
	if len(rep.Problems) != 3 || rep.Created != 0 || rep.Applied {
		t.Fatalf("problems: %v %+v", lines, rep)
	}
	if !strings.Contains(strings.Join(lines, "|"), "3 证照类型：「不存在的类型」不是有效的选项") || !strings.Contains(strings.Join(lines, "|"), "5 所属组织：组织「999」不存在") {
		t.Fatalf("problem lines: %v", lines)
	}
	// all or nothing: the real import of a bad file creates nothing
	r := e.Upload("/api/library/license/import", tok, "l.xlsx", bad)
	if json.Unmarshal(r.Data, &rep) != nil || rep.Applied {
		t.Fatalf("bad import applied: %+v", r)
	}
	if p := e.LibList(tok, "license", url.Values{"keywords": {"导入证照"}}); p.Total != 0 {
		t.Fatalf("a bad file wrote %d", p.Total)
	}
	good := apptest.Workbook(t, map[string][][]string{"企业证照": {header,
		{"导入证照一", "营业执照", "N-1", "甲公司", "100104", "2030-01-01", "=cmd"},
		{"导入证照四", "business", "N-4", "甲公司", "", "2030/2/3", ""},
	}})
	r = e.Upload("/api/library/license/import", tok, "l.xlsx", good)
	if json.Unmarshal(r.Data, &rep) != nil || !rep.Applied || rep.Created != 2 {
		t.Fatalf("import: %+v", r)
	}
	p := e.LibList(tok, "license", url.Values{"keywords": {"导入证照"}, "sort": {"title"}})
	if p.Total != 2 || p.Records[1].S("validTo") != "2030-02-03" || p.Records[0].S("licenseType") != "business" {
		t.Fatalf("imported: %+v", p)
	}
	// the export neutralises the formula-looking remark
	tk = e.Ticket(tok, "/api/library/license/export")
	_, body = e.Fetch("/api/library/license/export?keywords=导入证照一&ticket="+tk, "")
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || !strings.Contains(strings.Join(rows[1], "|"), "'=cmd") {
		t.Fatalf("export: %v", rows)
	}
}

func TestLibraryFilesAreLinkedAndDownloadedByWhoSeesTheRecord(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin)
	scan := e.LibUpload(staff, "营业执照扫描件.pdf")
	id := e.LibAdd(staff, "license", map[string]any{"title": "带扫描件的证照", "licenseType": "business", "holder": "甲公司",
		"scans": []map[string]any{{"id": scan, "name": "营业执照扫描件.pdf"}}})
	r := e.LibOne(staff, "license", id)
	scans, _ := r["scans"].([]any)
	if len(scans) != 1 || scans[0].(map[string]any)["name"] != "营业执照扫描件.pdf" {
		t.Fatalf("scans: %+v", r)
	}
	// another user's file cannot be linked; a linked file cannot be linked twice
	adminFile := e.LibUpload(admin, "a.pdf")
	e.Refused("POST", "/api/library/license/add", staff, map[string]any{"title": "x", "licenseType": "business", "holder": "y", "scans": []int64{adminFile}}, "只能使用自己上传的文件")
	e.Refused("POST", "/api/library/license/add", admin, map[string]any{"title": "x", "licenseType": "business", "holder": "y", "scans": []int64{scan}}, "文件已被其他记录使用")
	// the owner and the administrator download it while it waits for review; the demo library administrator
	// (another reader) too, being an administrator
	for _, tok := range []string{staff, admin} {
		if resp, body := e.Fetch("/api/sys/common/file/down?id="+itoa(scan), tok); resp.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF") {
			t.Fatalf("download: %d %s", resp.StatusCode, body)
		}
	}
	// removing the scan from the record unlinks it
	e.Done("PUT", "/api/library/license/edit", staff, map[string]any{"id": id, "title": "带扫描件的证照", "licenseType": "business", "holder": "甲公司", "scans": []int64{}}, nil)
	if r := e.LibOne(staff, "license", id); len(r["scans"].([]any)) != 0 {
		t.Fatalf("scans after removal: %+v", r)
	}
}

var _ = access.RoleStaff

// A new installation's demo library links drawn scans and documents that download and preview.
func TestDemoLibraryHasFiles(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) { c.DemoWithoutFiles = false })
	if n := e.Count(`SELECT COUNT(DISTINCT r.type) FROM lib_record_file f JOIN lib_record r ON r.id = f.record_id`); n != 10 {
		t.Fatalf("%d types have demo files", n)
	}
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT f.file_id FROM lib_record_file f JOIN lib_record r ON r.id = f.record_id
		WHERE r.type = 'license' AND f.role = 'scan' ORDER BY f.sort LIMIT 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	resp, body := e.Fetch(fmt.Sprintf("/api/sys/common/file/down?id=%d&inline=1", id), staff)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(body, []byte("%PDF-1.4")) {
		t.Fatalf("demo licence scan: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// licenseDryRun checks a licence workbook without importing it: the report and its problems as "row message".
func licenseDryRun(e *apptest.Env, tok string, data []byte) (library.ImportReport, []string) {
	e.T.Helper()
	r := e.Upload("/api/library/license/import?dryRun=true", tok, "l.xlsx", data)
	var rep library.ImportReport
	if r.Code != 0 || json.Unmarshal(r.Data, &rep) != nil {
		e.T.Fatalf("dry run: %+v", r)
	}
	var lines []string
	for _, p := range rep.Problems {
		lines = append(lines, itoa(int64(p.Row))+" "+p.Message)
	}
	return rep, lines
}
