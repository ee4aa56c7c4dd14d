package app_test

import (
	"context"
	"encoding/json"
	"net/url"
	"sync"
	"testing"
	"time"

	"biddesk/internal/apptest"
)

// The portal's way into the learner page (/h5Course) without a second sign-in: the web client asks for a
// single-use code bound to its web session and the learner page exchanges it, by POST, for a mobile session.

type h5HandoverCode struct {
	Code      string `json:"code"`
	ExpiresIn int    `json:"expiresIn"`
}

func (e *env) h5Handover(webToken string) (envelope, h5HandoverCode) {
	e.t.Helper()
	_, r := e.call("POST", apptest.H5+"handover", webToken, nil)
	var c h5HandoverCode
	if r.Code == 0 {
		if err := json.Unmarshal(r.Data, &c); err != nil {
			e.t.Fatal(err)
		}
	}
	return r, c
}

func (e *env) h5HandoverLogin(code string) (envelope, apptest.H5Session) {
	e.t.Helper()
	_, r := e.call("POST", apptest.H5+"handoverLogin", "", map[string]string{"code": code, "os": "h5"})
	var s apptest.H5Session
	if r.Code == 0 {
		if err := json.Unmarshal(r.Data, &s); err != nil {
			e.t.Fatal(err)
		}
	}
	return r, s
}

const handoverRefused = "无法沿用网页端的登录，请重新登录"

func TestTheWebSessionIsHandedOverToTheLearnerPage(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()

	t.Run("a code opens a mobile session of the same account, once", func(t *testing.T) {
		web := e.login("staff", "Staff@123").AccessToken
		r, c := e.h5Handover(web)
		if r.Code != 0 || len(c.Code) < 40 || c.ExpiresIn != 60 {
			t.Fatalf("handover: %+v %+v", r, c)
		}
		r, s := e.h5HandoverLogin(c.Code)
		if r.Code != 0 || s.H5Token == "" || s.H5Token == web || s.H5UserInfo.LoginCode != "staff" || s.H5EmployeeInfo.Code == "" {
			t.Fatalf("handoverLogin: %+v %+v", r, s)
		}
		if _, r := e.H5Get("courses", s.H5Token); r.Code != 0 {
			t.Errorf("courses with the handed-over session: %+v", r)
		}
		// the web session goes on; the mobile one is its own kind
		if _, r := e.call("GET", "/api/sys/user/session", web, nil); r.Code != 0 {
			t.Errorf("web session after the hand-over: %+v", r)
		}
		if _, r := e.call("GET", "/api/sys/user/session", s.H5Token, nil); r.Code != 10005 {
			t.Errorf("handed-over h5Token on the web: %+v", r)
		}
		// used up
		if r, _ := e.h5HandoverLogin(c.Code); r.Code != 1 || r.Message != handoverRefused {
			t.Errorf("second use: %+v", r)
		}
		// logged as a sign-in of its own kind
		if n := e.Count(`SELECT COUNT(*) FROM login_log l JOIN sys_user u ON u.id = l.user_id WHERE u.login_code = 'staff' AND l.success = 1 AND l.reason = 'handover'`); n != 1 {
			t.Errorf("%d hand-over sign-ins logged", n)
		}
	})

	t.Run("two exchanges racing get one session", func(t *testing.T) {
		web := e.login("staff", "Staff@123").AccessToken
		_, c := e.h5Handover(web)
		start := make(chan struct{})
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				_, r := e.call("POST", apptest.H5+"handoverLogin", "", map[string]string{"code": c.Code})
				codes[i] = r.Code
			}(i)
		}
		close(start)
		wg.Wait()
		if (codes[0] == 0) == (codes[1] == 0) {
			t.Errorf("answers %v: exactly one exchange must succeed", codes)
		}
	})

	t.Run("an expired code is refused", func(t *testing.T) {
		web := e.login("staff", "Staff@123").AccessToken
		_, c := e.h5Handover(web)
		if _, err := e.app.DB.Exec(ctx, `UPDATE download_ticket SET expires_at = ? WHERE path = 'h5:handover' AND used_at IS NULL`, time.Now().UTC().Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		if r, _ := e.h5HandoverLogin(c.Code); r.Code != 1 || r.Message != handoverRefused {
			t.Errorf("expired: %+v", r)
		}
	})

	t.Run("a code dies with its web session", func(t *testing.T) {
		web := e.login("staff", "Staff@123").AccessToken
		_, c := e.h5Handover(web)
		if _, r := e.call("POST", "/api/logout", web, nil); r.Code != 0 {
			t.Fatalf("logout: %+v", r)
		}
		if r, _ := e.h5HandoverLogin(c.Code); r.Code != 1 || r.Message != handoverRefused {
			t.Errorf("after the web sign-out: %+v", r)
		}
		// a new web sign-in ends the old web session (single session): its code is dead too
		web1 := e.login("staff", "Staff@123").AccessToken
		_, c1 := e.h5Handover(web1)
		e.login("staff", "Staff@123")
		if r, _ := e.h5HandoverLogin(c1.Code); r.Code != 1 {
			t.Errorf("after the web session was replaced: %+v", r)
		}
	})

	t.Run("a code is bound to its session's account", func(t *testing.T) {
		admin := e.login("admin", "Admin@123").AccessToken
		_, c := e.h5Handover(admin)
		if r, s := e.h5HandoverLogin(c.Code); r.Code != 0 || s.H5UserInfo.LoginCode != "admin" {
			t.Errorf("admin's code: %+v %+v", r, s)
		}
	})

	t.Run("a disabled account's code is refused", func(t *testing.T) {
		web := e.login("libadmin", "Library@123").AccessToken
		_, c := e.h5Handover(web)
		if _, err := e.app.DB.Exec(ctx, `UPDATE sys_user SET state = 0 WHERE login_code = 'libadmin'`); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _, _ = e.app.DB.Exec(ctx, `UPDATE sys_user SET state = 1 WHERE login_code = 'libadmin'`) })
		if r, _ := e.h5HandoverLogin(c.Code); r.Code != 1 || r.Message != handoverRefused {
			t.Errorf("disabled: %+v", r)
		}
	})

	t.Run("only a web session asks, and no one without", func(t *testing.T) {
		_, s := e.H5Login("staff", "Staff@123")
		if r, _ := e.h5Handover(s.H5Token); r.Code != 10005 {
			t.Errorf("an h5Token asking for a code: %+v", r)
		}
		if r, _ := e.h5Handover(""); r.Code == 0 {
			t.Errorf("no session asking for a code: %+v", r)
		}
		for _, code := range []string{"", "nope", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"} {
			if r, _ := e.h5HandoverLogin(code); r.Code != 1 {
				t.Errorf("code %q: %+v", code, r)
			}
		}
	})

	t.Run("a code is no download ticket and a download ticket no code", func(t *testing.T) {
		admin := e.login("admin", "Admin@123").AccessToken
		_, c := e.h5Handover(admin)
		if resp, _ := e.fetch("/api/course/export?ticket="+url.QueryEscape(c.Code), ""); resp.StatusCode == 200 {
			t.Errorf("a hand-over code opened a download")
		}
		if r, _ := e.h5HandoverLogin(c.Code); r.Code != 0 {
			t.Errorf("the code after a refused download: %+v", r)
		}
		var tk struct {
			Ticket string `json:"ticket"`
		}
		e.Done("POST", "/api/sys/common/ticket", admin, map[string]string{"path": "/api/course/export"}, &tk)
		if r, _ := e.h5HandoverLogin(tk.Ticket); r.Code != 1 {
			t.Errorf("a download ticket as a hand-over code: %+v", r)
		}
		if _, r := e.call("POST", "/api/sys/common/ticket", admin, map[string]string{"path": "h5:handover"}); r.Code == 0 {
			t.Errorf("the common ticket call issued a hand-over code")
		}
	})

	t.Run("an external account gets no mobile session", func(t *testing.T) {
		_, r := e.call("POST", "/api/outSite/login", "", url.Values{"LoginCode": {"partner"}, "PassWord": {"Partner@123"}})
		var su sessionUser
		if r.Code != 0 || json.Unmarshal(r.Data, &su) != nil {
			t.Fatalf("partner login: %+v", r)
		}
		r, c := e.h5Handover(su.AccessToken)
		if r.Code != 0 {
			return // refused at once is as good
		}
		if r, _ := e.h5HandoverLogin(c.Code); r.Code != 1 {
			t.Errorf("partner's code: %+v", r)
		}
	})
}
