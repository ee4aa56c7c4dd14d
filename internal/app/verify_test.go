package app_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/textproto"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/notify/notifytest"
)

// smsGateway is a real HTTP server standing in for the SMS gateway: it records what it was sent.
type smsGateway struct {
	srv    *httptest.Server
	status int
	mu     sync.Mutex
	got    chan smsMessage
	auth   []string
}

type smsMessage struct {
	To   string `json:"to"`
	Text string `json:"text"`
}

func newSMSGateway(t *testing.T) *smsGateway {
	g := &smsGateway{status: http.StatusOK, got: make(chan smsMessage, 100)}
	g.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m smsMessage
		if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		g.mu.Lock()
		g.auth = append(g.auth, r.Header.Get("Authorization"))
		status := g.status
		g.mu.Unlock()
		g.got <- m
		w.WriteHeader(status)
	}))
	t.Cleanup(g.srv.Close)
	return g
}

// next waits for the next message and returns its 6-digit code.
func (g *smsGateway) next(t *testing.T, to string) string {
	t.Helper()
	select {
	case m := <-g.got:
		if m.To != to {
			t.Fatalf("code sent to %q, want %q", m.To, to)
		}
		code := regexp.MustCompile(`\b\d{6}\b`).FindString(m.Text)
		if code == "" {
			t.Fatalf("no 6-digit code in %q", m.Text)
		}
		return code
	case <-time.After(apptest.Patience):
		t.Fatal("the gateway got no message")
	}
	return ""
}

// none checks that nothing reaches the gateway for a while.
func (g *smsGateway) none(t *testing.T) {
	t.Helper()
	select {
	case m := <-g.got:
		t.Fatalf("a message was sent: %+v", m)
	case <-time.After(300 * time.Millisecond):
	}
}

const staffPhone = "13800000007"

func newVerifyEnv(t *testing.T) (*env, *smsGateway) {
	g := newSMSGateway(t)
	e := newEnv(t, func(c *config.Config) { c.SMSURL, c.SMSToken = g.srv.URL+"/send", "gw-token" })
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET phone = ? WHERE login_code = 'staff'`, staffPhone); err != nil {
		t.Fatal(err)
	}
	return e, g
}

func TestForgottenPasswordIsResetWithTheCodeFromTheGateway(t *testing.T) {
	e, g := newVerifyEnv(t)
	old := e.login("staff", "Staff@123")

	_, r := e.call("POST", "/api/getVerify", "", map[string]string{"LoginCode": "staff"})
	if r.Code != 0 || !strings.Contains(string(r.Data), `"expiresIn":600`) {
		t.Fatalf("getVerify: %+v", r)
	}
	code := g.next(t, staffPhone)
	if g.auth[0] != "Bearer gw-token" {
		t.Fatalf("gateway authorisation %q", g.auth[0])
	}
	// the code is stored only as a salted hash
	var stored string
	if err := e.app.DB.QueryRow(context.Background(), `SELECT code_hash FROM verify_code WHERE login_code = 'staff'`).Scan(&stored); err != nil || strings.Contains(stored, code) {
		t.Fatalf("stored code %q (%v)", stored, err)
	}

	form := func(code, pw, again string) map[string]string {
		return map[string]string{"LoginCode": "staff", "verifyCode": code, "newPassword": pw, "replacePassword": again}
	}
	for _, c := range []struct {
		in   map[string]string
		want string
	}{
		{form("", "Fresh#2026", "Fresh#2026"), "请输入验证码"},
		{form(code, "abc", "abc"), "密码为6-16位，须包含大写字母、小写字母、数字和符号中的至少2种"},
		{form(code, "Fresh#2026", "Fresh#2027"), "两次输入的密码不一致"},
		{form(code, "Password1", "Password1"), "该密码过于常见，请换一个"},
	} {
		if _, r := e.call("PUT", "/api/forestPwd", "", c.in); r.Code == 0 || r.Message != c.want {
			t.Errorf("%v: %+v, want %q", c.in, r, c.want)
		}
	}
	if _, r := e.call("PUT", "/api/forestPwd", "", form(code, "Fresh#2026", "Fresh#2026")); r.Code != 0 {
		t.Fatalf("forestPwd: %+v", r)
	}
	// every session ended; the new password signs in, the old one does not
	if _, r := e.call("GET", "/api/sys/user/session", old.AccessToken, nil); r.Code != 10005 {
		t.Fatalf("the old session survived the reset: %+v", r)
	}
	e.login("staff", "Fresh#2026")
	if _, r := e.call("POST", "/api/login", "", map[string]string{"LoginCode": "staff", "PassWord": "Staff@123"}); r.Code == 0 {
		t.Fatal("the old password still works")
	}
	// single use
	if _, r := e.call("PUT", "/api/forestPwd", "", form(code, "Other#2026", "Other#2026")); r.Code == 0 || r.Message != "验证码错误或已失效，请重新获取" {
		t.Fatalf("a used code worked again: %+v", r)
	}
	var n int
	if err := e.app.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM login_log WHERE login_code = 'staff' AND reason = 'password_reset' AND success = 1`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("login log lines of the reset: %d (%v)", n, err)
	}
}

func TestVerifyCodesAreThrottledVoidedAndExpire(t *testing.T) {
	e, g := newVerifyEnv(t)
	ctx := context.Background()
	send := func(login string) envelope {
		_, r := e.call("POST", "/api/getVerify", "", map[string]string{"LoginCode": login})
		return r
	}
	known := send("staff")
	g.next(t, staffPhone)
	// an unknown account: the same answer, nothing sent
	unknown := send("nobody-here")
	if known.Code != 0 || unknown.Code != 0 || string(known.Data) != string(unknown.Data) || known.Message != unknown.Message {
		t.Fatalf("known %+v, unknown %+v", known, unknown)
	}
	g.none(t)
	// a second code within the minute is refused
	if r := send("staff"); r.Code != 429 || r.Message != "验证码发送过于频繁，请稍后再试" {
		t.Fatalf("resend at once: %+v", r)
	}
	// five wrong tries void the code: the right one no longer works
	if _, err := e.app.DB.Exec(ctx, `UPDATE verify_code SET created_at = ? WHERE login_code = 'staff'`, time.Now().UTC().Add(-2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	send("staff")
	code := g.next(t, staffPhone)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	try := func(c string) envelope {
		_, r := e.call("PUT", "/api/forestPwd", "", map[string]string{"LoginCode": "staff", "verifyCode": c, "newPassword": "Fresh#2026", "replacePassword": "Fresh#2026"})
		return r
	}
	for i := 0; i < 5; i++ {
		if r := try(wrong); r.Code == 0 {
			t.Fatal("a wrong code worked")
		}
	}
	if r := try(code); r.Code == 0 {
		t.Fatal("the code worked after 5 wrong tries")
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
	if r := try(code); r.Code == 0 {
		t.Fatal("an expired code worked")
	}
	// per account: at most 5 codes an hour
	if _, err := e.app.DB.Exec(ctx, `UPDATE verify_code SET created_at = ? WHERE login_code = 'staff'`, time.Now().UTC().Add(-2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if r := send("staff"); r.Code != 0 {
			t.Fatalf("code %d: %+v", i+4, r)
		}
		g.next(t, staffPhone)
		if _, err := e.app.DB.Exec(ctx, `UPDATE verify_code SET created_at = ? WHERE login_code = 'staff'`, time.Now().UTC().Add(-2*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if r := send("staff"); r.Code != 429 {
		t.Fatalf("a sixth code within the hour: %+v", r)
	}
	// per address: at most 20 codes an hour (6 were written above: 5 for staff, 1 for an unknown account)
	for i := 0; i < 14; i++ {
		if r := send("someone-" + string(rune('a'+i))); r.Code != 0 {
			t.Fatalf("address code %d: %+v", i, r)
		}
	}
	if r := send("someone-else"); r.Code != 429 {
		t.Fatalf("the 21st code from one address: %+v", r)
	}
}

func TestVerifyCodesNeverReachTheLog(t *testing.T) {
	e, g := newVerifyEnv(t)
	g.status = http.StatusInternalServerError
	var buf bytes.Buffer
	var mu sync.Mutex
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedWriter{&buf, &mu}, nil)))
	defer slog.SetDefault(prev)
	if _, r := e.call("POST", "/api/getVerify", "", map[string]string{"LoginCode": "staff"}); r.Code != 0 {
		t.Fatalf("getVerify with a failing gateway: %+v", r)
	}
	code := g.next(t, staffPhone)
	deadline := time.Now().Add(apptest.Patience)
	for {
		mu.Lock()
		out := buf.String()
		mu.Unlock()
		if strings.Contains(out, "not delivered") {
			if strings.Contains(out, code) || strings.Contains(out, staffPhone) || strings.Contains(out, "gw-token") {
				t.Fatalf("the log gives the code, number or token away: %s", out)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no log line of the failed delivery: %q", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type lockedWriter struct {
	b  *bytes.Buffer
	mu *sync.Mutex
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// smtpSink is a real SMTP server in the test (plain, on the loopback): it accepts every message and hands over its
// recipient and body.
type smtpSink struct {
	addr string
	got  chan smtpMail
}

type smtpMail struct{ to, data string }

func newSMTPSink(t *testing.T) *smtpSink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s := &smtpSink{addr: ln.Addr().String(), got: make(chan smtpMail, 10)}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s
}

func (s *smtpSink) serve(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	tp := textproto.NewConn(conn)
	_ = tp.PrintfLine("220 sink ESMTP")
	var m smtpMail
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb := strings.ToUpper(strings.Fields(line + " x")[0])
		switch verb {
		case "EHLO", "HELO":
			_ = tp.PrintfLine("250 sink")
		case "MAIL":
			_ = tp.PrintfLine("250 ok")
		case "RCPT":
			m.to = strings.Trim(strings.TrimPrefix(strings.ToUpper(line[:8]), "RCPT TO:")+line[8:], "<> ")
			_ = tp.PrintfLine("250 ok")
		case "DATA":
			_ = tp.PrintfLine("354 go on")
			data, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			m.data = string(data)
			_ = tp.PrintfLine("250 queued")
			s.got <- m
		case "RSET", "NOOP":
			_ = tp.PrintfLine("250 ok")
		case "QUIT":
			_ = tp.PrintfLine("221 bye")
			return
		default:
			_ = tp.PrintfLine("502 no")
		}
	}
}

func TestAccountsWithoutAPhoneGetTheCodeByEmail(t *testing.T) {
	g := newSMSGateway(t)
	sink := newSMTPSink(t)
	// the sink speaks no TLS: a relay on the local network (smtp-tls none); TLS itself is tested in internal/platform/notify
	e := newEnv(t, func(c *config.Config) { c.SMSURL, c.SMTPAddr, c.SMTPTLS = g.srv.URL+"/send", sink.addr, "none" })
	if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET phone = '', email = 'staff@example.com' WHERE login_code = 'staff'`); err != nil {
		t.Fatal(err)
	}
	if _, r := e.call("POST", "/api/getVerify", "", map[string]string{"LoginCode": "staff"}); r.Code != 0 {
		t.Fatalf("getVerify: %+v", r)
	}
	var m smtpMail
	select {
	case m = <-sink.got:
	case <-time.After(apptest.Patience):
		t.Fatal("no e-mail")
	}
	g.none(t)
	msg, err := mail.ReadMessage(strings.NewReader(m.data))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(base64.NewDecoder(base64.StdEncoding, msg.Body))
	code := regexp.MustCompile(`\b\d{6}\b`).FindString(string(raw))
	if !strings.Contains(m.to, "staff@example.com") || code == "" || msg.Header.Get("Content-Type") != "text/plain; charset=UTF-8" {
		t.Fatalf("mail to %q: %q", m.to, raw)
	}
	if _, r := e.call("PUT", "/api/forestPwd", "", map[string]string{"LoginCode": "staff", "verifyCode": code, "newPassword": "Mailed#2026", "replacePassword": "Mailed#2026"}); r.Code != 0 {
		t.Fatalf("forestPwd with the mailed code: %+v", r)
	}
	e.login("staff", "Mailed#2026")
}

// TestCodesGoThroughAliyunAndTencentSMSTemplates: with sms-provider aliyun or tencent, getVerify's code goes out as
// the template's parameter to a fake provider that checks the request's signature, and resets the password; the
// settings screen shows the provider with the secret masked.
func TestCodesGoThroughAliyunAndTencentSMSTemplates(t *testing.T) {
	for _, provider := range []string{"aliyun", "tencent"} {
		t.Run(provider, func(t *testing.T) {
			var sent chan notifytest.Request
			const secret = "cloud-Secret-Key-0042"
			e := newEnv(t, func(c *config.Config) {
				c.SMSProvider, c.SMSAccessKeyID, c.SMSAccessKeySecret = provider, "AKID-biddesk-test", secret
				c.SMSSignName, c.SMSTemplate, c.SMSTemplateParams, c.SMSAppID = "比德科技", "SMS_100200300", "code,minutes", "1400000001"
				if provider == "aliyun" {
					f, srv := notifytest.NewAliyun(t, c.SMSAccessKeyID, secret)
					c.SMSURL, sent = srv.URL+"/", f.Sent
				} else {
					f, srv := notifytest.NewTencent(t, c.SMSAccessKeyID, secret)
					c.SMSURL, sent = srv.URL, f.Sent
				}
			})
			if _, err := e.app.DB.Exec(context.Background(), `UPDATE sys_user SET phone = ? WHERE login_code = 'staff'`, staffPhone); err != nil {
				t.Fatal(err)
			}
			if _, r := e.call("POST", "/api/getVerify", "", map[string]string{"LoginCode": "staff"}); r.Code != 0 {
				t.Fatalf("getVerify: %+v", r)
			}
			var req notifytest.Request
			select {
			case req = <-sent:
			case <-time.After(apptest.Patience):
				t.Fatal("the provider got no request")
			}
			code, minutes := req.Params["code"], req.Params["minutes"]
			wantPhone := staffPhone
			if provider == "tencent" {
				code, minutes, wantPhone = req.Params["1"], req.Params["2"], "+86"+staffPhone
			}
			if req.Phone != wantPhone || req.SignName != "比德科技" || req.Template != "SMS_100200300" || len(code) != 6 || minutes != "10" {
				t.Fatalf("request %+v", req)
			}
			if _, r := e.call("PUT", "/api/forestPwd", "", map[string]string{"LoginCode": "staff", "verifyCode": code, "newPassword": "Cloud#2026", "replacePassword": "Cloud#2026"}); r.Code != 0 {
				t.Fatalf("forestPwd with the code: %+v", r)
			}
			e.login("staff", "Cloud#2026")

			admin := e.login("admin", "Admin@123").AccessToken
			_, r := e.call("GET", "/api/sys/sso/settings", admin, nil)
			raw := string(r.Data)
			if r.Code != 0 || strings.Contains(raw, secret) || !strings.Contains(raw, `"smsAccessKeySecret":"******"`) ||
				!strings.Contains(raw, `"smsProvider":"`+provider+`"`) || !strings.Contains(raw, `"sender":"`+provider+`-sms"`) {
				t.Fatalf("settings: %s", raw)
			}
		})
	}
}
