package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/httpx"
)

func TestTheMobileSessionIsItsOwnAndExpiresInto401(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if r, _ := e.H5Login("staff", "wrong-password"); r.Code != 1 || r.Message == "" {
		t.Fatalf("wrong password: %+v", r)
	}
	web := e.login("staff", "Staff@123").AccessToken
	r, s := e.H5Login("staff", "Staff@123")
	if r.Code != 0 || len(s.H5Token) < 40 || s.H5UserInfo.LoginCode != "staff" || s.H5EmployeeInfo.Name == "" {
		t.Fatalf("login: %+v %+v", r, s)
	}
	// the mobile sign-in leaves the web session alone
	if _, r := e.call("GET", "/api/sys/user/session", web, nil); r.Code != 0 {
		t.Fatalf("web session after the mobile sign-in: %+v", r)
	}
	// an h5Token is no web token, a web token no h5Token
	if _, r := e.call("GET", "/api/sys/user/session", s.H5Token, nil); r.Code != 10005 {
		t.Errorf("h5Token on the web: %+v", r)
	}
	if resp, r := e.H5Get("updateLoginDate", web); r.Code != 401 || resp.StatusCode != 401 || r.Message != "登录已失效，请重新登录" {
		t.Errorf("web token on mobile: %d %+v", resp.StatusCode, r)
	}
	// the token as parameter, header or bearer
	if _, r := e.H5Get("updateLoginDate", s.H5Token); r.Code != 0 || !strings.Contains(string(r.Data), "loginDate") {
		t.Fatalf("updateLoginDate: %+v", r)
	}
	if _, r := e.call("GET", apptest.H5+"updateLoginDate", "", nil, "h5Token", s.H5Token); r.Code != 0 {
		t.Errorf("header: %+v", r)
	}
	if _, r := e.call("GET", apptest.H5+"updateLoginDate", s.H5Token, nil); r.Code != 0 {
		t.Errorf("bearer: %+v", r)
	}
	// no token, a made-up one: 401
	for _, tok := range []string{"", "abc", strings.Repeat("a", 64)} {
		if _, r := e.H5Get("updateLoginDate", tok); r.Code != 401 {
			t.Errorf("token %q: %+v", tok, r)
		}
	}
	// a second mobile sign-in ends the first (single session, per kind); the web stays
	_, s2 := e.H5Login("staff", "Staff@123")
	if _, r := e.H5Get("updateLoginDate", s.H5Token); r.Code != 401 {
		t.Errorf("first mobile session after the second: %+v", r)
	}
	if _, r := e.call("GET", "/api/sys/user/session", web, nil); r.Code != 0 {
		t.Errorf("web session after two mobile sign-ins: %+v", r)
	}
	// an expired session answers 401
	if _, err := e.app.DB.Exec(ctx, `UPDATE sys_session SET expires_at = ? WHERE kind = 'h5' AND ended_at IS NULL`, time.Now().UTC().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, r := e.H5Get("updateLoginDate", s2.H5Token); r.Code != 401 {
		t.Errorf("expired: %+v", r)
	}
	// sign out: the token is dead
	_, s3 := e.H5Login("staff", "Staff@123")
	if _, r := e.H5Get("outLogin", s3.H5Token); r.Code != 0 {
		t.Fatalf("outLogin: %+v", r)
	}
	if _, r := e.H5Get("updateLoginDate", s3.H5Token); r.Code != 401 {
		t.Errorf("after outLogin: %+v", r)
	}
	// a disabled account's mobile session ends
	_, s4 := e.H5Login("staff", "Staff@123")
	if _, err := e.app.DB.Exec(ctx, `UPDATE sys_user SET state = 0 WHERE login_code = 'staff'`); err != nil {
		t.Fatal(err)
	}
	if _, r := e.H5Get("updateLoginDate", s4.H5Token); r.Code != 401 {
		t.Errorf("disabled: %+v", r)
	}
}

func TestMobileForgottenPasswordUsesTheCodesOfTheGateway(t *testing.T) {
	e, g := newVerifyEnv(t)
	ctx := context.Background()
	web := e.login("staff", "Staff@123").AccessToken
	_, s := e.H5Login("staff", "Staff@123")

	send := func(login string) envelope {
		_, r := e.call("GET", apptest.H5+"sendYzm?LoginCode="+url.QueryEscape(login), "", nil)
		return r
	}
	known := send("staff")
	code := g.next(t, staffPhone)
	unknown := send("nobody-at-all")
	if known.Code != 0 || !strings.Contains(string(known.Data), `"expiresIn":600`) || string(known.Data) != string(unknown.Data) || known.Message != unknown.Message {
		t.Fatalf("known %+v unknown %+v", known, unknown)
	}
	g.none(t)
	// throttled: a second code within the minute, by the same machinery as /api/getVerify
	if r := send("staff"); r.Code != 429 {
		t.Fatalf("resend: %+v", r)
	}
	if _, r := e.call("POST", "/api/getVerify", "", map[string]string{"LoginCode": "staff"}); r.Code != 429 {
		t.Fatalf("getVerify after sendYzm: %+v", r)
	}
	reset := func(c, pw string) envelope {
		_, r := e.call("POST", apptest.H5+"forgetsword", "", url.Values{"LoginCode": {"staff"}, "yzm": {c}, "newPassword": {pw}, "replacePassword": {pw}})
		return r
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	if r := reset(wrong, "Mobile#2026"); r.Code != 1 || r.Message != "验证码错误或已失效，请重新获取" {
		t.Fatalf("wrong code: %+v", r)
	}
	if r := reset(code, "weak"); r.Code != 1 {
		t.Fatalf("weak password: %+v", r)
	}
	if r := reset(code, "Mobile#2026"); r.Code != 0 {
		t.Fatalf("reset: %+v", r)
	}
	// single use
	if r := reset(code, "Other#2026x"); r.Code != 1 {
		t.Fatalf("code used twice: %+v", r)
	}
	// every session of the account ended, mobile and web
	if _, r := e.H5Get("updateLoginDate", s.H5Token); r.Code != 401 {
		t.Errorf("mobile session after the reset: %+v", r)
	}
	if _, r := e.call("GET", "/api/sys/user/session", web, nil); r.Code == 0 {
		t.Errorf("web session after the reset: %+v", r)
	}
	if r, _ := e.H5Login("staff", "Mobile#2026"); r.Code != 0 {
		t.Fatalf("login with the new password: %+v", r)
	}
	// an expired code does not work
	if _, err := e.app.DB.Exec(ctx, `UPDATE verify_code SET created_at = ? WHERE login_code = 'staff'`, time.Now().UTC().Add(-2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	send("staff")
	code = g.next(t, staffPhone)
	if _, err := e.app.DB.Exec(ctx, `UPDATE verify_code SET expires_at = ? WHERE login_code = 'staff' AND used_at IS NULL`, time.Now().UTC().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if r := reset(code, "Later#2026"); r.Code != 1 {
		t.Fatalf("expired code: %+v", r)
	}
	// the code travels in no log line: the access log redacts yzm and h5Token
	for _, q := range []string{"yzm=123456&h5Token=abc", "LoginCode=staff"} {
		if got := httpx.RedactQuery(q); strings.Contains(got, "123456") || strings.Contains(got, "abc") {
			t.Errorf("redacted %q: %q", q, got)
		}
	}
}

func TestTheMobileLearnerSeesPushedCoursesAndOpensCourseware(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	course := e.AddCourse(admin, e.AddCourseType(admin, 0, "学员"), "移动课程", true)
	_, w := e.PutWare("/api/curriculum/uploadPDF", admin, "讲义.pdf", []byte(apptest.TinyPDF), "courseId", fmt.Sprint(course))
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "推送", "items": []map[string]any{{"type": "1", "id": course}},
		"organ": []map[string]any{{"fullUnitCode": "100201", "unitName": "x"}}}, nil)
	_, s := e.H5Login("staff", "Staff@123")
	var items []struct {
		Type string `json:"type"`
		ID   int64  `json:"id"`
	}
	_, r := e.H5Get("courses", s.H5Token)
	if r.Code != 0 || json.Unmarshal(r.Data, &items) != nil || len(items) != 1 || items[0].ID != course {
		t.Fatalf("courses: %+v", r)
	}
	var c struct {
		Name        string         `json:"name"`
		Coursewares []apptest.Ware `json:"coursewares"`
	}
	_, r = e.H5Get(fmt.Sprintf("course?id=%d", course), s.H5Token)
	if r.Code != 0 || json.Unmarshal(r.Data, &c) != nil || len(c.Coursewares) != 1 || c.Coursewares[0].ID != w.ID {
		t.Fatalf("course: %+v", r)
	}
	var sig struct {
		URL string `json:"url"`
	}
	_, r = e.H5Get(fmt.Sprintf("getSig?id=%d", w.ID), s.H5Token)
	if r.Code != 0 || json.Unmarshal(r.Data, &sig) != nil {
		t.Fatalf("getSig: %+v", r)
	}
	resp, body := e.send("GET", sig.URL, "", nil, "", nil)
	if resp.StatusCode != 200 || string(body) != apptest.TinyPDF {
		t.Fatalf("open: %d", resp.StatusCode)
	}
	if _, r := e.H5Get("courses", "nope"); r.Code != 401 {
		t.Errorf("courses without a session: %+v", r)
	}
}

func TestAMobileLearnerWithAnInitialPasswordMustChangeItFirst(t *testing.T) {
	e := newEnv(t)
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET update_pwd = 1 WHERE login_code = 'staff'`); err != nil {
		t.Fatal(err)
	}
	_, s := e.H5Login("staff", "Staff@123")
	if _, r := e.H5Get("courses", s.H5Token); r.Code != 1 || r.Message != "请先修改初始密码" {
		t.Fatalf("courses: %+v", r)
	}
	if _, r := e.H5Get("updateLoginDate", s.H5Token); r.Code != 0 {
		t.Fatalf("updateLoginDate: %+v", r)
	}
}
