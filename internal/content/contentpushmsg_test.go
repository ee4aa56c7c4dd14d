package content_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type pushMsg struct {
	ID      int64  `json:"id"`
	Kind    string `json:"kind"`
	Title   string `json:"title"`
	Content string `json:"content"`
	State   string `json:"state"`
	RefType string `json:"refType"`
	RefID   int64  `json:"refId"`
}

// pushMsgs is the caller's messages about course pushes and their unread count (the portal header's badge).
func pushMsgs(e *apptest.Env, tok string) ([]pushMsg, int) {
	e.T.Helper()
	_, r := e.Call("GET", "/api/portal/msg/list?limit=50", tok, nil)
	var p struct {
		Records []pushMsg `json:"records"`
		Unread  int       `json:"unread"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &p) != nil {
		e.T.Fatalf("msg list: %+v", r)
	}
	var out []pushMsg
	for _, m := range p.Records {
		if strings.HasPrefix(m.RefType, "course") {
			out = append(out, m)
		}
	}
	return out, p.Unread
}

// A course push is a message to each member of its audience (a unit covers the units below it, an employee is
// their account), written in the push's transaction: it opens the pushed course (or topic, or /gatewayCourse for
// several), counts in the unread badge, and reaches nobody outside the audience; an edit tells only the members it
// adds.
func TestCoursePushIsAMessageToItsAudience(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	clerk := e.GrantRole(admin, "clerk", []string{}, []string{"gateway"}, nil)
	e.Account(admin, "far", "100101", clerk)
	e.Account(admin, "near", "100201003", clerk)
	far, near := e.SignIn("far"), e.SignIn("near")
	staff := e.Login("staff", "Staff@123").AccessToken // works in 100201003
	lib := e.Login("libadmin", "Library@123").AccessToken

	typ := e.AddCourseType(admin, 0, "通用")
	a := e.AddCourse(admin, typ, "课程甲", true)
	b := e.AddCourse(admin, typ, "课程乙", true)
	draft := e.AddCourse(admin, typ, "草稿", false)
	first := addSpecial(e, admin, "一级专题", 1, 0, []int64{a})
	item := func(typ string, id int64) map[string]any { return map[string]any{"type": typ, "id": id} }

	_, staffUnread := pushMsgs(e, staff)
	var p idData
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "新员工必修", "items": []any{item("1", a)},
		"organ": []any{map[string]any{"fullUnitCode": "100201"}}}, &p)

	msgs, unread := pushMsgs(e, staff)
	if len(msgs) != 1 || msgs[0].Title != "课程推送：「新员工必修」" || msgs[0].RefType != "course" || msgs[0].RefID != a ||
		msgs[0].State != "unread" || msgs[0].Kind != "notice" || !strings.Contains(msgs[0].Content, "课程甲") {
		t.Fatalf("staff's push messages: %+v", msgs)
	}
	if unread != staffUnread+1 {
		t.Fatalf("unread badge %d, was %d", unread, staffUnread)
	}
	if got, _ := pushMsgs(e, near); len(got) != 1 {
		t.Fatalf("a member of a unit below: %+v", got)
	}
	for name, tok := range map[string]string{"far": far, "admin": admin, "libadmin": lib} {
		if got, _ := pushMsgs(e, tok); len(got) != 0 {
			t.Fatalf("%s is outside the audience: %+v", name, got)
		}
	}
	// one message per push and account: written with the push
	if n := e.Count(`SELECT COUNT(*) FROM lib_record WHERE code = ?`, "coursepush:"+strconv.FormatInt(p.ID, 10)); n != e.Count(
		`SELECT COUNT(*) FROM sys_user WHERE deleted_at IS NULL AND state = 1 AND unit_code LIKE '100201%'`) {
		t.Fatalf("messages of the push: %d", n)
	}

	// an edit adding an employee tells only them; the members already told get no second message
	e.Done("PUT", "/api/course/push/edit", admin, map[string]any{"id": p.ID, "title": "新员工必修", "items": []any{item("1", a)},
		"organ": []any{map[string]any{"fullUnitCode": "100201"}}, "employee": []any{map[string]any{"code": "HX000003"}}}, nil)
	if got, _ := pushMsgs(e, lib); len(got) != 1 || got[0].RefID != a {
		t.Fatalf("libadmin added by the edit: %+v", got)
	}
	if got, _ := pushMsgs(e, staff); len(got) != 1 {
		t.Fatalf("staff told twice: %+v", got)
	}

	// a topic opens the topic; several items open /gatewayCourse (refType coursePush)
	var q idData
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "专题", "items": []any{item("4", first)},
		"employee": []any{map[string]any{"code": "HX000003"}}}, nil)
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "两门课", "items": []any{item("1", a), item("1", b)},
		"employee": []any{map[string]any{"code": "HX000003"}}}, &q)
	got, _ := pushMsgs(e, lib)
	if len(got) != 3 || got[0].RefType != "coursePush" || got[0].RefID != q.ID || got[1].RefType != "courseSpecial" || got[1].RefID != first {
		t.Fatalf("libadmin's push messages: %+v", got)
	}
	if got, _ := pushMsgs(e, staff); len(got) != 1 {
		t.Fatalf("staff got pushes to libadmin: %+v", got)
	}

	// a refused push writes no message (the message is part of the push's transaction)
	before := e.Count(`SELECT COUNT(*) FROM lib_record WHERE code LIKE 'coursepush:%'`)
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": []any{item("1", a), item("1", draft)},
		"organ": []any{map[string]any{"fullUnitCode": "100201"}}}, "所选内容未发布或不存在")
	if n := e.Count(`SELECT COUNT(*) FROM lib_record WHERE code LIKE 'coursepush:%'`); n != before {
		t.Fatalf("a refused push left messages: %d, was %d", n, before)
	}

	// reading it lowers the badge
	msgs, unread = pushMsgs(e, staff)
	e.Done("POST", "/api/portal/msg/read", staff, map[string]any{"items": []any{map[string]any{"kind": "notice", "id": msgs[0].ID}}}, nil)
	if after, n := pushMsgs(e, staff); after[0].State != "read" || n != unread-1 {
		t.Fatalf("read: %+v, unread %d (was %d)", after, n, unread)
	}
}
