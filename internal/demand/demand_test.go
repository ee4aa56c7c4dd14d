package demand_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
)

type demandCollectionRec struct {
	ID            int64  `json:"id"`
	Title         string `json:"title"`
	State         string `json:"state"`
	UnitCode      string `json:"unitCode"`
	AudienceLabel string `json:"audienceLabel"`
	DemandCount   int    `json:"demandCount"`
	AnsweredCount int    `json:"answeredCount"`
	MyCount       int    `json:"myCount"`
}

type demandItemRec struct {
	ID       int64          `json:"id"`
	UserName string         `json:"userName"`
	Content  string         `json:"content"`
	Values   map[string]any `json:"values"`
	State    string         `json:"state"`
	Reason   string         `json:"reason"`
	Editable bool           `json:"editable"`
	Replies  []struct {
		State          string `json:"state"`
		Text           string `json:"text"`
		AnsweredByName string `json:"answeredByName"`
		Files          []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"files"`
	} `json:"replies"`
	Files []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"files"`
}

func demandDeadline(d time.Duration) string { return time.Now().Add(d).Format("2006-01-02 15:04:05") }

func demandMsgs(e *apptest.Env, tok string) []string {
	e.T.Helper()
	_, r := e.Call("GET", "/api/portal/msg/list?limit=50", tok, nil)
	var p struct {
		Records []struct {
			Title   string `json:"title"`
			RefType string `json:"refType"`
		} `json:"records"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &p) != nil {
		e.T.Fatalf("msg list: %+v", r)
	}
	var out []string
	for _, m := range p.Records {
		if m.RefType == "demand" {
			out = append(out, m.Title)
		}
	}
	return out
}

// A collection is opened for a unit; its members (and only they) see it in the portal and submit demands with
// files until the deadline; the bid team answers them, the submitter is told in /gatewayMsg, every change is in
// the business log, and the export holds the demands.
func TestDemandCollectionEndToEnd(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	clerk := e.GrantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
	e.Account(admin, "a1", "100201003", clerk)
	e.Account(admin, "a2", "100201", clerk)
	e.Account(admin, "far", "100101", clerk)
	a1, a2, far := e.SignIn("a1"), e.SignIn("a2"), e.SignIn("far")

	fields := []map[string]any{
		{"key": "qty", "label": "数量", "type": "number", "required": true},
		{"key": "need", "label": "需要日期", "type": "date"},
		{"key": "scan", "label": "扫描件", "type": "file"},
	}
	// bad input: past deadline, no audience, a bad field, a unit that does not exist; nothing saved
	base := map[string]any{"title": "2027年投标资料需求", "deadline": demandDeadline(72 * time.Hour), "audienceUnits": "100201", "fields": fields}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for kk, vv := range base {
			m[kk] = vv
		}
		m[k] = v
		return m
	}
	e.Refused("POST", "/api/demand/collection/add", admin, with("deadline", demandDeadline(-time.Hour)), "截止时间必须晚于当前时间")
	e.Refused("POST", "/api/demand/collection/add", admin, with("audienceUnits", ""), "请选择征集对象")
	e.Refused("POST", "/api/demand/collection/add", admin, with("audienceUnits", "999999"), "组织999999不存在或不在您的数据权限内")
	e.Refused("POST", "/api/demand/collection/add", admin, with("fields", []map[string]any{{"key": "1x", "label": "x", "type": "text"}}),
		"第1个字段的标识须以字母开头，由字母、数字、下划线组成且不重复")
	if n := e.Count(`SELECT COUNT(*) FROM demand_collection WHERE title = ?`, base["title"]); n != 0 {
		t.Fatalf("refused adds left %d collections", n)
	}
	id := e.DemandAdd(admin, base)
	if e.BizLog("demandcollection", "create") != 1 {
		t.Errorf("no business-log line for the add")
	}
	// the audience is told; the one outside is not
	if m := demandMsgs(e, a1); len(m) != 1 || m[0] != "需求征集：「2027年投标资料需求」" {
		t.Errorf("a1 messages: %v", m)
	}
	if m := demandMsgs(e, far); len(m) != 0 {
		t.Errorf("far messages: %v", m)
	}
	// the portal lists it for the audience only
	if p := apptest.List[demandCollectionRec](e, "/api/portal/demand/list", a1, url.Values{"state": {"open"}, "title": {"2027年投标资料需求"}}); p.Total != 1 || p.Records[0].ID != id {
		t.Errorf("a1 portal list: %+v", p)
	}
	if p := apptest.List[demandCollectionRec](e, "/api/portal/demand/list", far, url.Values{"title": {"2027年投标资料需求"}}); p.Total != 0 {
		t.Errorf("far sees %+v", p)
	}
	e.Refused("GET", "/api/portal/demand/one?id="+itoa(id), far, nil, "需求征集不存在")
	e.Refused("POST", "/api/portal/demand/submit", far, map[string]any{"collectionId": id, "content": "x", "values": map[string]any{"qty": 1}}, "需求征集不存在")
	// a member submits, with a file of their own; form rules hold
	fileID := e.LibUpload(a1, "scan.pdf")
	otherFile := e.LibUpload(a2, "other.pdf")
	e.Refused("POST", "/api/portal/demand/submit", a1, map[string]any{"collectionId": id, "content": "需要营业执照扫描件"}, "请填写「数量」")
	e.Refused("POST", "/api/portal/demand/submit", a1, map[string]any{"collectionId": id, "content": "x", "values": map[string]any{"qty": "many"}}, "「数量」请输入数字")
	e.Refused("POST", "/api/portal/demand/submit", a1, map[string]any{"collectionId": id, "content": "x", "values": map[string]any{"qty": 2, "need": "2027-13-01"}}, "「需要日期」请输入日期（YYYY-MM-DD）")
	_, r := e.Call("POST", "/api/portal/demand/submit", a1, map[string]any{"collectionId": id, "content": "x", "values": map[string]any{"qty": 2, "scan": []int64{otherFile}}})
	if r.Code == 0 {
		t.Errorf("another user's file was linked")
	}
	if n := e.Count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id); n != 0 {
		t.Fatalf("refused submissions left %d demands", n)
	}
	var added struct{ ID int64 }
	e.Done("POST", "/api/portal/demand/submit", a1, map[string]any{"collectionId": id, "content": "需要营业执照扫描件",
		"values": map[string]any{"qty": 2, "need": "2027-01-10", "scan": []int64{fileID}}}, &added)
	// the submitter edits it before the deadline
	e.Done("PUT", "/api/portal/demand/edit", a1, map[string]any{"id": added.ID, "content": "需要营业执照和资质证书扫描件",
		"values": map[string]any{"qty": 3, "scan": []int64{fileID}}}, nil)
	e.Refused("PUT", "/api/portal/demand/edit", a2, map[string]any{"id": added.ID, "content": "mine now", "values": map[string]any{"qty": 1}}, "需求不存在")
	var one struct {
		Collection demandCollectionRec `json:"collection"`
		Mine       []demandItemRec     `json:"mine"`
	}
	e.Done("GET", "/api/portal/demand/one?id="+itoa(id), a1, nil, &one)
	if one.Collection.MyCount != 1 || len(one.Mine) != 1 || one.Mine[0].Content != "需要营业执照和资质证书扫描件" || !one.Mine[0].Editable ||
		len(one.Mine[0].Files) != 1 || one.Mine[0].Files[0].ID != fileID {
		t.Fatalf("a1's collection: %+v", one)
	}
	// the file downloads for the submitter and the administrator, not for another member
	for _, tok := range []string{a1, admin} {
		if _, body := e.Fetch("/api/sys/common/file/down?id="+itoa(fileID), tok); !strings.HasPrefix(string(body), "%PDF") {
			t.Errorf("download: %q", body)
		}
	}
	if _, body := e.Fetch("/api/sys/common/file/down?id="+itoa(fileID), a2); strings.HasPrefix(string(body), "%PDF") {
		t.Errorf("another member downloaded the file")
	}

	// reminders go to the member who has not submitted
	var rem struct{ Count int }
	e.Done("POST", "/api/demand/collection/remind", admin, map[string]any{"id": id}, &rem)
	if m := demandMsgs(e, a2); rem.Count < 1 || len(m) != 2 || !strings.HasPrefix(m[0], "提醒") {
		t.Errorf("reminder: %d %v", rem.Count, m)
	}
	if m := demandMsgs(e, a1); len(m) != 1 {
		t.Errorf("a1 was reminded: %v", m)
	}

	// the bid team answers: a decline needs a reason; the submitter is told; the answer closes the edit
	e.Refused("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{added.ID}, "state": "declined"}, "请填写不予受理的原因")
	e.Refused("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{added.ID}, "state": "lost"}, "状态无效")
	e.Done("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{added.ID}, "state": "accepted"}, nil)
	if m := demandMsgs(e, a1); len(m) != 2 || m[0] != "您的需求已答复：已受理" {
		t.Errorf("answer message: %v", m)
	}
	e.Refused("PUT", "/api/portal/demand/edit", a1, map[string]any{"id": added.ID, "content": "late change", "values": map[string]any{"qty": 1}}, "需求已答复，不能再修改")
	items := apptest.List[demandItemRec](e, "/api/demand/item/list", admin, url.Values{"collectionId": {itoa(id)}, "state": {"accepted"}})
	if items.Total != 1 || items.Records[0].UserName != "a1" || len(items.Records[0].Files) != 1 {
		t.Errorf("admin item list: %+v", items)
	}
	if e.BizLog("demandcollection", "update") != 1 {
		t.Errorf("answer not in the business log")
	}
	// the export 'demand collection'
	resp, body := e.Fetch("/api/demand/item/export?collectionId="+itoa(id)+"&format=csv", admin)
	if resp.StatusCode != 200 || !strings.Contains(string(body), "需要营业执照和资质证书扫描件") || !strings.Contains(string(body), "已受理") {
		t.Errorf("export: %d %q", resp.StatusCode, body)
	}

	// after the deadline: no submission, no edit, no reminder
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE demand_collection SET deadline = ? WHERE id = ?`, time.Now().Add(-time.Minute).UTC(), id); err != nil {
		t.Fatal(err)
	}
	e.Refused("POST", "/api/portal/demand/submit", a2, map[string]any{"collectionId": id, "content": "late", "values": map[string]any{"qty": 1}}, "需求征集已截止")
	e.Refused("POST", "/api/demand/collection/remind", admin, map[string]any{"id": id}, "需求征集已截止")
	if p := apptest.List[demandCollectionRec](e, "/api/demand/collection/list", admin, url.Values{"state": {"closed"}, "title": {"2027年投标资料需求"}}); p.Total != 1 || p.Records[0].DemandCount != 1 ||
		p.Records[0].AnsweredCount != 1 || p.Records[0].AudienceLabel == "" {
		t.Errorf("closed list: %+v", p)
	}
	if n := e.Count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id); n != 1 {
		t.Errorf("%d demands", n)
	}
}

// An answer is a message: a state, a text and files, given to several demands at once; each submitter reads it whole
// in the portal and in the notice, the files download for the submitters and the administrators only, and a
// demand keeps the history of its answers.
func TestDemandAnswersAreMessagesWithTextAndFiles(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	clerk := e.GrantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
	e.Account(admin, "a1", "100201003", clerk)
	e.Account(admin, "a2", "100201", clerk)
	e.Account(admin, "far", "100101", clerk)
	a1, a2, far := e.SignIn("a1"), e.SignIn("a2"), e.SignIn("far")
	id := e.DemandAdd(admin, map[string]any{"title": "报价模板征集", "deadline": demandDeadline(72 * time.Hour), "audienceUnits": "100201"})
	submit := func(tok, content string) int64 {
		var added struct{ ID int64 }
		e.Done("POST", "/api/portal/demand/submit", tok, map[string]any{"collectionId": id, "content": content}, &added)
		return added.ID
	}
	d1, d2 := submit(a1, "需要最新的报价模板。"), submit(a2, "需要服务报价模板")
	answerFile := e.LibUpload(admin, "报价模板.pdf")
	foreign := e.LibUpload(a1, "mine.pdf")
	text := strings.Repeat("答", 10) + "：模板已放在资料库，附件为最新版本。"

	for _, c := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"a decline without text", map[string]any{"ids": []int64{d1}, "state": "declined", "text": "  "}, "请填写不予受理的原因"},
		{"a text over the limit", map[string]any{"ids": []int64{d1}, "state": "done", "text": strings.Repeat("长", 2001)}, "答复内容不能超过2000个字"},
		{"too many files", map[string]any{"ids": []int64{d1}, "state": "done", "fileIds": []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}}, "附件最多10个"},
		{"an unknown state", map[string]any{"ids": []int64{d1}, "state": "submitted"}, "状态无效"},
	} {
		t.Run(c.name, func(t *testing.T) { e.Refused("PUT", "/api/demand/item/state", admin, c.body, c.want) })
	}
	// another user's upload cannot be attached: nothing is written
	if _, r := e.Call("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{d1, d2}, "state": "done", "text": text, "fileIds": []int64{foreign}}); r.Code == 0 {
		t.Fatalf("another user's file was attached to an answer")
	}
	replies := `SELECT COUNT(DISTINCT x.reply_id) FROM demand_item_reply x JOIN demand_item i ON i.id = x.item_id WHERE i.collection_id = ?`
	if n := e.Count(replies, id); n != 0 {
		t.Fatalf("a refused answer left %d replies", n)
	}
	// one answer to both demands
	e.Done("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{d1, d2}, "state": "done", "text": text, "fileIds": []int64{answerFile}}, nil)
	for _, c := range []struct {
		tok, who string
		item     int64
	}{{a1, "a1", d1}, {a2, "a2", d2}} {
		var one struct {
			Mine []demandItemRec `json:"mine"`
		}
		e.Done("GET", "/api/portal/demand/one?id="+itoa(id), c.tok, nil, &one)
		if len(one.Mine) != 1 || one.Mine[0].ID != c.item || one.Mine[0].State != "done" || one.Mine[0].Reason != text || len(one.Mine[0].Replies) != 1 {
			t.Fatalf("%s reads %+v", c.who, one.Mine)
		}
		r := one.Mine[0].Replies[0]
		if r.Text != text || r.State != "done" || r.AnsweredByName == "" || len(r.Files) != 1 || r.Files[0].ID != answerFile {
			t.Errorf("%s reads the answer %+v", c.who, r)
		}
		if _, body := e.Fetch("/api/sys/common/file/down?id="+itoa(answerFile), c.tok); !strings.HasPrefix(string(body), "%PDF") {
			t.Errorf("%s cannot download the answer's file: %q", c.who, body)
		}
	}
	if _, body := e.Fetch("/api/sys/common/file/down?id="+itoa(answerFile), far); strings.HasPrefix(string(body), "%PDF") {
		t.Errorf("someone outside downloaded the answer's file")
	}
	// the notice carries the whole text and a clean title
	_, r := e.Call("GET", "/api/portal/msg/list?limit=50", a1, nil)
	if !strings.Contains(string(r.Data), "您的需求已答复：已完成") || !strings.Contains(string(r.Data), text) || strings.Contains(string(r.Data), "。」") {
		t.Errorf("a1's notice: %s", r.Data)
	}
	// the same answer again changes nothing; a new answer adds to the history
	e.Done("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{d1}, "state": "done", "text": text}, nil)
	e.Done("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{d1}, "state": "in_progress", "reason": "重新处理中"}, nil)
	items := apptest.List[demandItemRec](e, "/api/demand/item/list", admin, url.Values{"collectionId": {itoa(id)}, "keyword": {"最新的报价"}})
	if items.Total != 1 || items.Records[0].State != "in_progress" || len(items.Records[0].Replies) != 2 ||
		items.Records[0].Replies[0].Text != text || items.Records[0].Replies[1].Text != "重新处理中" {
		t.Errorf("history: %+v", items)
	}
	if n := e.Count(replies, id); n != 2 {
		t.Errorf("%d replies written, want 2", n)
	}
}

// Demand collection obeys the function code and the data scope of module demand: an administrator of a unit
// opens collections for his units only, sees and answers only his unit's collections; the portal calls need the
// audience; a staff member without the code reaches none of the administration calls.
func TestDemandCollectionObeysScopeAndCodes(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	dr := e.GrantRole(admin, "dadmin", []string{"demandcollection"}, []string{"demandcollection", "gateway"},
		[]map[string]any{{"moduleName": "demand", "scope": "unit_and_below"}})
	clerk := e.GrantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
	e.Account(admin, "da", "100201", dr)
	e.Account(admin, "m1", "100201003", clerk)
	e.Account(admin, "m2", "100101", clerk)
	da, m1, m2 := e.SignIn("da"), e.SignIn("m1"), e.SignIn("m2")

	form := func(units string) map[string]any {
		return map[string]any{"title": "征集" + units, "deadline": time.Now().AddDate(0, 0, 3).Format("2006-01-02"), "audienceUnits": units}
	}
	e.Refused("POST", "/api/demand/collection/add", da, form("100101"), "组织100101不存在或不在您的数据权限内")
	mine := e.DemandAdd(da, form("100201003"))
	theirs := e.DemandAdd(admin, form("100101"))
	// the unit administrator sees only his
	if p := apptest.List[demandCollectionRec](e, "/api/demand/collection/list", da, nil); p.Total != 1 || p.Records[0].ID != mine {
		t.Errorf("da list: %+v", p)
	}
	e.Refused("GET", "/api/demand/collection/one?id="+itoa(theirs), da, nil, "需求征集不存在")
	e.Refused("PUT", "/api/demand/collection/edit", da, map[string]any{"id": theirs, "title": "x", "deadline": demandDeadline(time.Hour), "audienceUnits": "100201"}, "需求征集不存在")
	e.Refused("DELETE", "/api/demand/collection/del", da, map[string]any{"ids": []int64{mine, theirs}}, "需求征集不存在")
	if n := e.Count(`SELECT COUNT(*) FROM demand_collection WHERE deleted_at IS NOT NULL`); n != 0 {
		t.Fatalf("a refused batch deleted %d", n)
	}
	// demands: m2 answers theirs; da may not answer it, nor a batch holding it
	var d1, d2 struct{ ID int64 }
	e.Done("POST", "/api/portal/demand/submit", m1, map[string]any{"collectionId": mine, "content": "需要CA锁"}, &d1)
	e.Done("POST", "/api/portal/demand/submit", m2, map[string]any{"collectionId": theirs, "content": "需要业绩合同"}, &d2)
	e.Refused("POST", "/api/portal/demand/submit", m1, map[string]any{"collectionId": theirs, "content": "x"}, "需求征集不存在")
	e.Refused("PUT", "/api/demand/item/state", da, map[string]any{"ids": []int64{d1.ID, d2.ID}, "state": "done"}, "需求不存在")
	if n := e.Count(`SELECT COUNT(*) FROM demand_item WHERE id IN (?, ?) AND state <> 'submitted'`, d1.ID, d2.ID); n != 0 {
		t.Fatalf("a refused batch answered %d", n)
	}
	e.Done("PUT", "/api/demand/item/state", da, map[string]any{"ids": []int64{d1.ID}, "state": "declined", "reason": "库存不足"}, nil)
	if p := apptest.List[demandItemRec](e, "/api/demand/item/list", da, nil); p.Total != 1 || p.Records[0].ID != d1.ID || p.Records[0].Reason != "库存不足" {
		t.Errorf("da items: %+v", p)
	}
	// the function code: a member reaches no administration call
	for _, c := range []struct{ method, path string }{{"GET", "/api/demand/collection/list"}, {"GET", "/api/demand/item/list"},
		{"POST", "/api/demand/collection/add"}, {"PUT", "/api/demand/item/state"}, {"GET", "/api/demand/item/export"}} {
		if resp, _ := e.Call(c.method, c.path, m1, map[string]any{}); resp.StatusCode != 403 {
			t.Errorf("%s %s as a member: HTTP %d", c.method, c.path, resp.StatusCode)
		}
	}
	// the whole company's administrator sees both
	for _, c := range []int64{mine, theirs} {
		if p := apptest.List[demandItemRec](e, "/api/demand/item/list", admin, url.Values{"collectionId": {itoa(c)}}); p.Total != 1 {
			t.Errorf("admin items of %d: %d", c, p.Total)
		}
	}
}

// A demand's number field takes plain decimals only (apptest.NotPlainDecimals are refused, leaving nothing
// stored); a plain decimal is kept as written (trimmed), a JSON number as its plain decimal (1e5 as 100000).
func TestDemandNumberFieldTakesPlainDecimals(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	clerk := e.GrantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
	e.Account(admin, "n1", "100201003", clerk)
	n1 := e.SignIn("n1")
	id := e.DemandAdd(admin, map[string]any{"title": "数字字段", "deadline": demandDeadline(72 * time.Hour), "audienceUnits": "100201",
		"fields": []map[string]any{{"key": "qty", "label": "数量", "type": "number", "required": true}}})
	submit := func(e *apptest.Env, v any) apptest.Envelope {
		_, r := e.Call("POST", "/api/portal/demand/submit", n1, map[string]any{"collectionId": id, "content": "x", "values": map[string]any{"qty": v}})
		return r
	}
	t.Run("refused", func(t *testing.T) {
		for _, bad := range apptest.NotPlainDecimals {
			t.Run(bad, func(t *testing.T) {
				t.Parallel()
				if r := submit(e.For(t), bad); r.Code != 1 || r.Message != "「数量」请输入数字" {
					t.Errorf("qty %q: %+v", bad, r)
				}
			})
		}
	})
	if n := e.Count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id); n != 0 {
		t.Fatalf("refused numbers left %d demands", n)
	}
	t.Run("kept", func(t *testing.T) {
		for good, stored := range map[string]string{`"12"`: "12", `"-0.5"`: "-0.5", `" 7 "`: "7", `3.25`: "3.25", `1e5`: "100000"} {
			t.Run(good, func(t *testing.T) {
				t.Parallel()
				e := e.For(t)
				if r := submit(e, json.RawMessage(good)); r.Code != 0 {
					t.Fatalf("qty %s: %+v", good, r)
				}
				if n := e.Count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ? AND field_values = ?`, id, `{"qty":"`+stored+`"}`); n != 1 {
					t.Errorf("qty %s: %d demands stored as %q", good, n, stored)
				}
			})
		}
	})
	if n := e.Count(`SELECT COUNT(*) FROM demand_item WHERE collection_id = ?`, id); n != 5 {
		t.Errorf("%d demands kept, want 5", n)
	}
}
