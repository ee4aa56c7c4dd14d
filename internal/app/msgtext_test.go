package app_test

import (
	"biddesk/internal/apptest"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

type portalMsg struct {
	ID      int64  `json:"id"`
	Kind    string `json:"kind"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

// portalMsgs is the reader's portal messages in lang, by code kind, newest first.
func (e *env) portalMsgs(tok, lang string) []portalMsg {
	e.t.Helper()
	_, r := e.call("GET", "/api/portal/msg/list?limit=50", tok, nil, "Accept-Language", lang)
	var p struct {
		Records []portalMsg `json:"records"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &p) != nil {
		e.t.Fatalf("msg list: %+v", r)
	}
	return p.Records
}

func msgOf(ms []portalMsg, kind string) portalMsg {
	for _, m := range ms {
		if m.Kind == kind {
			return m
		}
	}
	return portalMsg{}
}

// A notice is kept as message keys and their arguments (migration 056) and shown in the reader's language:
// the same demand answer, review result and expiry reminder read in zh-CN with the spec's texts and in English
// with no Chinese but the record's own names; a message written before (no stored text) and one edited in the
// library's form read as they were written.
func TestNoticesAreShownInTheReadersLanguage(t *testing.T) {
	e := newEnv(t)
	e.OnlyLibraryMessages()
	admin := e.login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin)
	ctx := context.Background()

	// a demand answered with text and a file
	id := e.DemandAdd(admin, map[string]any{"title": "报价模板征集", "deadline": time.Now().Add(72 * time.Hour).Format("2006-01-02 15:04:05"), "audienceUnits": "100201"})
	var added struct{ ID int64 }
	e.Done("POST", "/api/portal/demand/submit", staff, map[string]any{"collectionId": id, "content": "需要最新的报价模板"}, &added)
	file := e.LibUpload(admin, "报价模板.pdf")
	e.Done("PUT", "/api/demand/item/state", admin, map[string]any{"ids": []int64{added.ID}, "state": "done", "text": "已放在资料库", "fileIds": []int64{file}}, nil)
	// a licence rejected with a reason
	lic := e.LibAdd(staff, "license", map[string]any{"title": "营业执照副本", "licenseType": "business", "holder": "甲公司", "validTo": apptest.Day(5)})
	e.Done("POST", "/api/library/license/reject", admin, map[string]any{"ids": []int64{lic}, "reason": "扫描件不清晰"}, nil)
	// a CA key the staff member keeps, expiring: a reminder
	if _, err := e.app.DB.Exec(ctx, `UPDATE sys_user SET employee_code = 'HX000200' WHERE id = ?`, e.UserID("staff")); err != nil {
		t.Fatal(err)
	}
	e.LibAdd(admin, "cakey", map[string]any{"title": "投标CA锁", "keyNumber": "K-9", "holder": "甲公司", "custodian": "HX000200", "validTo": apptest.Day(3)})
	e.Done("POST", "/api/library/message/generate", admin, nil, nil)
	// a message from before migration 056: finished zh-CN text only
	if _, err := e.app.DB.Exec(ctx, `INSERT INTO lib_record (type, title, code, category, assignee_id, status, state, search_text, data, created_at, updated_at)
		VALUES ('message', '旧的通知', 'old:1', 'notice', ?, 'published', 'unread', '旧的通知', '{"content":"旧的内容"}', ?, ?)`,
		e.UserID("staff"), time.Now().UTC().Add(-time.Hour), time.Now().UTC().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}

	zh, en := e.portalMsgs(staff, "zh-CN"), e.portalMsgs(staff, "en")
	due := apptest.Day(3)
	for _, c := range []struct {
		kind               string
		zhTitle, zhContent string
		enTitle, enContent string
	}{
		{"demand", "您的需求已答复：已完成", "征集「报价模板征集」中您提交的需求“需要最新的报价模板”已答复，状态：已完成。\n答复：已放在资料库\n附件1个，请在需求中查看。",
			"Your demand has been answered: Done", "Your demand \"需要最新的报价模板\" to '报价模板征集' has been answered; state: Done.\nAnswer: 已放在资料库\n1 file(s) attached; see the demand."},
		{"review", "「营业执照副本」未通过审核：扫描件不清晰", "您提交的企业证照「营业执照副本」未通过审核，原因：扫描件不清晰。请修改后重新提交。",
			"'营业执照副本' was rejected: 扫描件不清晰", "Your licence '营业执照副本' was rejected: 扫描件不清晰. Please change it and submit it again."},
		{"expiry", "CA锁「投标CA锁」将于" + due + "到期", "CA锁「投标CA锁」将于" + due + "到期，请及时办理续期并更新资料库。",
			"The CA key '投标CA锁' expires on " + due, "The CA key '投标CA锁' expires on " + due + ": please renew it and update the library."},
		{"notice", "旧的通知", "旧的内容", "旧的通知", "旧的内容"},
	} {
		t.Run(c.kind, func(t *testing.T) {
			z, n := msgOf(zh, c.kind), msgOf(en, c.kind)
			if z.ID == 0 || z.ID != n.ID {
				t.Fatalf("not the same message: zh %+v, en %+v", z, n)
			}
			if z.Title != c.zhTitle || z.Content != c.zhContent {
				t.Errorf("zh-CN reader: %q / %q", z.Title, z.Content)
			}
			if n.Title != c.enTitle || n.Content != c.enContent {
				t.Errorf("en reader: %q / %q", n.Title, n.Content)
			}
		})
	}
	// the home's messages are rendered alike
	_, r := e.call("GET", "/api/portal/home", staff, nil, "Accept-Language", "en")
	if !strings.Contains(string(r.Data), "Your demand has been answered: Done") {
		t.Errorf("home in English: %s", r.Data)
	}
	// a message edited in the library's form says what was typed, in every language
	m := msgOf(zh, "review")
	if _, err := e.app.DB.Exec(ctx, `UPDATE lib_record SET created_by = NULL WHERE id = ?`, m.ID); err != nil {
		t.Fatal(err)
	}
	one := e.LibOne(admin, "message", m.ID)
	e.Done("PUT", "/api/library/message/edit", admin, map[string]any{"id": m.ID, "title": "请重新上传营业执照", "recipient": one["recipient"], "content": "扫描件不清晰"}, nil)
	if got := msgOf(e.portalMsgs(staff, "en"), "review"); got.Title != "请重新上传营业执照" || got.Content != "扫描件不清晰" {
		t.Errorf("an edited message: %+v", got)
	}
}
