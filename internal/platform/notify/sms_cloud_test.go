package notify

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"biddesk/internal/platform/notify/notifytest"
)

var codeMsg = Message{To: "13800000000", Text: "【BidDesk】您的验证码为 482913，10 分钟内有效", Code: "482913", Minutes: 10}

func TestAliyunSMSSignsAsDocumentedAndExplainsRefusals(t *testing.T) {
	fake, srv := notifytest.NewAliyun(t, "LTAI5tExampleKeyId", "aliyun+Secret/With*Odd~Chars")
	s := &AliyunSMS{Endpoint: srv.URL + "/", AccessKeyID: fake.ID, AccessKeySecret: fake.Secret, Client: srv.Client(),
		Template: Template{SignName: "比德科技", Template: "SMS_154950909", Params: []string{"code", "minutes"}}}
	for i := range 2 { // two sends: a new nonce each time
		if err := s.Send(context.Background(), codeMsg); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	got := fake.Last()
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
		if tp := fake.Last().Get("TemplateParam"); tp != `{"code":"482913"}` {
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
			fake.Answer(tc.answer)
			err := s2.Send(context.Background(), codeMsg)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "阿里云") {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "482913") || strings.Contains(err.Error(), "13800000000") || strings.Contains(err.Error(), fake.Secret) || strings.Contains(err.Error(), "not-the-secret") {
				t.Fatalf("the error tells too much: %v", err)
			}
		})
	}
}

func TestTencentSMSSignsAsDocumentedAndExplainsRefusals(t *testing.T) {
	fake, srv := notifytest.NewTencent(t, "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE")
	s := &TencentSMS{Endpoint: srv.URL, SecretID: fake.ID, SecretKey: fake.Key, SdkAppID: "1400006666", Client: srv.Client(),
		Template: Template{SignName: "比德科技", Template: "449739", Params: []string{"code", "minutes"}}}
	if err := s.Send(context.Background(), codeMsg); err != nil {
		t.Fatal(err)
	}
	got := fake.Last()
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
			fake.Answer(tc.answer)
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
		if got, want := AliyunPercentEncode(s), notifytest.AliyunDocEncode(s); got != want {
			t.Errorf("%q: %s, want %s", s, got, want)
		}
	}
}
