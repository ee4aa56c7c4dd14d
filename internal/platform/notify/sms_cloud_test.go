package notify

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fakes below check the requests' signatures as the providers document them, written again here from the
// documentation (not calling the senders' code), so that a sender that signs wrongly fails.

// fakeAliyun is dysmsapi's SendSms: the RPC signature (HMAC-SHA1, version 1.0) over the form's parameters, the key
// "<AccessKeySecret>&"; the string to sign "POST&%2F&" + encode(canonicalized query), where encode is URL encoding
// with "+" as "%20", "*" as "%2A" and "%7E" as "~". Nonces are single use; the time stamp within 15 minutes.
type fakeAliyun struct {
	id, secret string
	answer     string // the Code to answer with after a good signature ("OK" when empty)
	mu         sync.Mutex
	nonces     map[string]bool
	got        []url.Values
}

func aliyunDocEncode(s string) string {
	e := url.QueryEscape(s)
	e = strings.ReplaceAll(e, "+", "%20")
	e = strings.ReplaceAll(e, "*", "%2A")
	return strings.ReplaceAll(e, "%7E", "~")
}

func (f *fakeAliyun) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	reply := func(status int, code string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]string{"Code": code, "Message": code, "RequestId": "F655A8D5-B967-440B-8683-DAD6FF8DE990", "BizId": "900619746936498440^0"})
	}
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		reply(400, "InvalidParameter")
		return
	}
	raw, _ := io.ReadAll(r.Body)
	form, err := url.ParseQuery(string(raw))
	if err != nil {
		reply(400, "InvalidParameter")
		return
	}
	sig := form.Get("Signature")
	form.Del("Signature")
	keys := make([]string, 0, len(form))
	for k := range form {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, aliyunDocEncode(k)+"="+aliyunDocEncode(form.Get(k)))
	}
	toSign := "POST&" + aliyunDocEncode("/") + "&" + aliyunDocEncode(strings.Join(parts, "&"))
	mac := hmac.New(sha1.New, []byte(f.secret+"&"))
	mac.Write([]byte(toSign))
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	ts, terr := time.Parse("2006-01-02T15:04:05Z", form.Get("Timestamp"))
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case form.Get("AccessKeyId") != f.id:
		reply(404, "InvalidAccessKeyId.NotFound")
	case form.Get("SignatureMethod") != "HMAC-SHA1" || form.Get("SignatureVersion") != "1.0" || sig == "":
		reply(400, "IncompleteSignature")
	case !hmac.Equal([]byte(sig), []byte(want)):
		reply(400, "SignatureDoesNotMatch")
	case terr != nil || time.Since(ts).Abs() > 15*time.Minute:
		reply(400, "InvalidTimeStamp.Expired")
	case f.nonces[form.Get("SignatureNonce")] || form.Get("SignatureNonce") == "":
		reply(400, "SignatureNonceUsed")
	case form.Get("Action") != "SendSms" || form.Get("Version") != "2017-05-25" || form.Get("Format") != "JSON":
		reply(400, "InvalidParameter")
	default:
		f.nonces[form.Get("SignatureNonce")] = true
		f.got = append(f.got, form)
		code := f.answer
		if code == "" {
			code = "OK"
		}
		reply(200, code)
	}
}

// fakeTencent is sms 2021-01-11's SendSms with API 3.0's TC3-HMAC-SHA256: the canonical request is method, URI "/",
// the query (empty), the signed headers as "name:value\n" (names and values lower-cased, trimmed), their names joined
// by ";", the lower-case hex SHA-256 of the body; the string to sign "TC3-HMAC-SHA256\n<timestamp>\n<date>/sms/
// tc3_request\n<hex sha256 of the canonical request>"; the key HMAC-SHA256 chained from "TC3"+SecretKey over the
// UTC date, the service and "tc3_request"; the signature lower-case hex.
type fakeTencent struct {
	id, key string
	answer  string // a SendStatus code to answer with ("Ok" when empty)
	mu      sync.Mutex
	got     []map[string]any
}

func (f *fakeTencent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	reply := func(v any) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"Response": v})
	}
	fail := func(code string) {
		reply(map[string]any{"Error": map[string]string{"Code": code, "Message": code}, "RequestId": "6ea5ec34-8c0b-4f37-8c5e-4ae4a1a0fe2e"})
	}
	body, _ := io.ReadAll(r.Body)
	auth := r.Header.Get("Authorization")
	alg, rest, _ := strings.Cut(auth, " ")
	fields := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		fields[k] = v
	}
	cred := strings.Split(fields["Credential"], "/")
	ts := r.Header.Get("X-TC-Timestamp")
	var unix int64
	_, terr := fmt.Sscan(ts, &unix)
	if alg != "TC3-HMAC-SHA256" || len(cred) != 4 || cred[2] != "sms" || cred[3] != "tc3_request" || terr != nil {
		fail("AuthFailure.InvalidAuthorization")
		return
	}
	if cred[0] != f.id {
		fail("AuthFailure.SecretIdNotFound")
		return
	}
	date := time.Unix(unix, 0).UTC().Format("2006-01-02")
	if cred[1] != date || time.Since(time.Unix(unix, 0)).Abs() > 5*time.Minute {
		fail("AuthFailure.SignatureExpire")
		return
	}
	signed := strings.Split(fields["SignedHeaders"], ";")
	if !slices.Contains(signed, "content-type") || !slices.Contains(signed, "host") {
		fail("AuthFailure.InvalidAuthorization")
		return
	}
	var headers strings.Builder
	for _, h := range signed {
		v := r.Header.Get(h)
		if h == "host" {
			v = r.Host
		}
		headers.WriteString(h + ":" + strings.ToLower(strings.TrimSpace(v)) + "\n")
	}
	bodySum := sha256.Sum256(body)
	canonical := r.Method + "\n/\n" + r.URL.RawQuery + "\n" + headers.String() + "\n" + fields["SignedHeaders"] + "\n" + hex.EncodeToString(bodySum[:])
	canonSum := sha256.Sum256([]byte(canonical))
	toSign := "TC3-HMAC-SHA256\n" + ts + "\n" + date + "/sms/tc3_request\n" + hex.EncodeToString(canonSum[:])
	h := func(key []byte, s string) []byte {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(s))
		return m.Sum(nil)
	}
	want := hex.EncodeToString(h(h(h(h([]byte("TC3"+f.key), date), "sms"), "tc3_request"), toSign))
	if !hmac.Equal([]byte(fields["Signature"]), []byte(want)) {
		fail("AuthFailure.SignatureFailure")
		return
	}
	if r.Header.Get("X-TC-Action") != "SendSms" || r.Header.Get("X-TC-Version") != "2021-01-11" || r.Header.Get("X-TC-Region") == "" {
		fail("InvalidAction")
		return
	}
	var req map[string]any
	if json.Unmarshal(body, &req) != nil {
		fail("InvalidParameter")
		return
	}
	f.mu.Lock()
	f.got = append(f.got, req)
	f.mu.Unlock()
	code := f.answer
	if code == "" {
		code = "Ok"
	}
	reply(map[string]any{"SendStatusSet": []map[string]any{{"SerialNo": "5000:1045710669157053657849499619", "PhoneNumber": "+8613800000000",
		"Fee": 1, "Code": code, "Message": code, "IsoCode": "CN"}}, "RequestId": "a0aabda6-cf91-4f3e-a81f-9198114a2279"})
}

var codeMsg = Message{To: "13800000000", Text: "【BidDesk】您的验证码为 482913，10 分钟内有效", Code: "482913", Minutes: 10}

func TestAliyunSMSSignsAsDocumentedAndExplainsRefusals(t *testing.T) {
	fake := &fakeAliyun{id: "LTAI5tExampleKeyId", secret: "aliyun+Secret/With*Odd~Chars", nonces: map[string]bool{}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	s := &AliyunSMS{Endpoint: srv.URL + "/", AccessKeyID: fake.id, AccessKeySecret: fake.secret, Client: srv.Client(),
		Template: Template{SignName: "比德科技", Template: "SMS_154950909", Params: []string{"code", "minutes"}}}
	for i := range 2 { // two sends: a new nonce each time
		if err := s.Send(context.Background(), codeMsg); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	got := fake.got[0]
	var tp map[string]string
	if err := json.Unmarshal([]byte(got.Get("TemplateParam")), &tp); err != nil || tp["code"] != "482913" || tp["minutes"] != "10" || len(tp) != 2 {
		t.Fatalf("TemplateParam %q: %v", got.Get("TemplateParam"), err)
	}
	if got.Get("PhoneNumbers") != "13800000000" || got.Get("SignName") != "比德科技" || got.Get("TemplateCode") != "SMS_154950909" {
		t.Fatalf("request %v", got)
	}

	t.Run("one variable by default", func(t *testing.T) {
		s2 := *s
		s2.Params = nil
		if err := s2.Send(context.Background(), codeMsg); err != nil {
			t.Fatal(err)
		}
		if tp := fake.got[len(fake.got)-1].Get("TemplateParam"); tp != `{"code":"482913"}` {
			t.Fatalf("TemplateParam %s", tp)
		}
	})
	cases := []struct {
		name   string
		change func(*AliyunSMS)
		answer string
		want   string
	}{
		{"wrong secret", func(a *AliyunSMS) { a.AccessKeySecret = "not-the-secret" }, "", "请求签名不正确"},
		{"unknown key", func(a *AliyunSMS) { a.AccessKeyID = "LTAI-unknown" }, "", "AccessKey ID 不存在"},
		{"flow control", nil, "isv.BUSINESS_LIMIT_CONTROL", "触发号码发送频率限制"},
		{"template not approved", nil, "isv.SMS_TEMPLATE_ILLEGAL", "短信模板不存在或未审核通过"},
		{"no money", nil, "isv.AMOUNT_NOT_ENOUGH", "账户余额不足"},
		{"an unknown code", nil, "isv.SOMETHING_NEW", "未知错误"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s2 := *s
			if tc.change != nil {
				tc.change(&s2)
			}
			fake.mu.Lock()
			fake.answer = tc.answer
			fake.mu.Unlock()
			err := s2.Send(context.Background(), codeMsg)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "阿里云") {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "482913") || strings.Contains(err.Error(), "13800000000") || strings.Contains(err.Error(), fake.secret) || strings.Contains(err.Error(), "not-the-secret") {
				t.Fatalf("the error tells too much: %v", err)
			}
		})
	}
}

func TestTencentSMSSignsAsDocumentedAndExplainsRefusals(t *testing.T) {
	fake := &fakeTencent{id: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", key: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE"}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	s := &TencentSMS{Endpoint: srv.URL, SecretID: fake.id, SecretKey: fake.key, SdkAppID: "1400006666", Client: srv.Client(),
		Template: Template{SignName: "比德科技", Template: "449739", Params: []string{"code", "minutes"}}}
	if err := s.Send(context.Background(), codeMsg); err != nil {
		t.Fatal(err)
	}
	got := fake.got[0]
	b, _ := json.Marshal(got)
	want := `{"PhoneNumberSet":["+8613800000000"],"SignName":"比德科技","SmsSdkAppId":"1400006666","TemplateId":"449739","TemplateParamSet":["482913","10"]}`
	if string(b) != want {
		t.Fatalf("request %s\nwant    %s", b, want)
	}
	cases := []struct {
		name   string
		change func(*TencentSMS)
		answer string
		want   string
	}{
		{"wrong key", func(s *TencentSMS) { s.SecretKey = "not-the-key" }, "", "请求签名不正确"},
		{"unknown id", func(s *TencentSMS) { s.SecretID = "AKID-unknown" }, "", "SecretId 不存在"},
		{"clock off by an hour", func(s *TencentSMS) { s.Now = func() time.Time { return time.Now().Add(-time.Hour) } }, "", "请检查服务器时间"},
		{"daily limit of the number", nil, "LimitExceeded.PhoneNumberDailyLimit", "今日接收短信已达上限"},
		{"parameters do not fit the template", nil, "FailedOperation.TemplateParamSetNotMatchApprovedTemplate", "模板参数个数"},
		{"an unknown code", nil, "FailedOperation.SomethingNew", "未知错误"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s2 := *s
			if tc.change != nil {
				tc.change(&s2)
			}
			fake.mu.Lock()
			fake.answer = tc.answer
			fake.mu.Unlock()
			err := s2.Send(context.Background(), codeMsg)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "腾讯云") {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "482913") || strings.Contains(err.Error(), "13800000000") {
				t.Fatalf("the error tells too much: %v", err)
			}
		})
	}
	t.Run("numbers in E.164", func(t *testing.T) {
		for in, want := range map[string]string{"13800000000": "+8613800000000", "+85291234567": "+85291234567", "0085291234567": "+85291234567"} {
			if got := tencentPhone(in); got != want {
				t.Errorf("%s: %s, want %s", in, got, want)
			}
		}
	})
}

func TestAliyunPercentEncodeFollowsTheDocumentedRule(t *testing.T) {
	for _, s := range []string{"a b", "x*y~z", "比德", `{"code":"1"}`, "A-Z_a.z~0/9+=&"} {
		if got, want := AliyunPercentEncode(s), aliyunDocEncode(s); got != want {
			t.Errorf("%q: %s, want %s", s, got, want)
		}
	}
}
