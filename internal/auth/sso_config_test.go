package auth

import (
	"strings"
	"testing"

	"biddesk/internal/platform/config"
)

func TestSSOConfigIsCheckedAtStart(t *testing.T) {
	ok := config.Defaults()
	if err := CheckSSOConfig(ok); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for _, c := range []struct {
		tweak func(*config.Config)
		want  string // "" means accepted
	}{
		{func(c *config.Config) { c.SSOMode = "oidc" }, "sso-issuer is required"},
		{func(c *config.Config) {
			c.SSOMode, c.SSOIssuer, c.SSOClientID, c.SSORedirectURL = "oidc", "http://hr.example.com", "biddesk", "https://b/sso"
		}, "sso-issuer must use https"},
		{func(c *config.Config) {
			c.SSOMode, c.SSOIssuer, c.SSOClientID, c.SSORedirectURL = "oidc", "https://hr.example.com", "biddesk", "https://b/sso"
		}, ""},
		{func(c *config.Config) { c.SSOMode, c.SSOTicketURL = "ticket", "https://hr.example.com/t" }, "sso-client-id is required"},
		{func(c *config.Config) { c.SSOMode, c.SSOTicketURL, c.SSOClientID = "ticket", "http://10.0.0.5/t", "b" }, "sso-ticket-url must use https"},
		{func(c *config.Config) {
			c.SSOMode, c.SSOTicketURL, c.SSOClientID = "ticket", "http://127.0.0.1:9000/t", "b"
		}, ""},
		{func(c *config.Config) { c.SMSURL = "ftp://sms" }, "sms-url must use https"},
	} {
		cfg := config.Defaults()
		c.tweak(&cfg)
		err := CheckSSOConfig(cfg)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("refused: %v", err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

func TestSMTPSettingsAreCheckedAtStart(t *testing.T) {
	cfg := config.Defaults()
	cfg.SMTPAddr = "mail.example.com"
	if err := CheckSSOConfig(cfg); err == nil || !strings.Contains(err.Error(), "smtp-addr") {
		t.Fatalf("smtp-addr without a port: %v", err)
	}
	cfg.SMTPAddr, cfg.SMTPFrom = "mail.example.com:587", "not an address"
	if err := CheckSSOConfig(cfg); err == nil || !strings.Contains(err.Error(), "smtp-from") {
		t.Fatalf("a bad sender: %v", err)
	}
	cfg.SMTPFrom = "BidDesk <noreply@example.com>"
	if err := CheckSSOConfig(cfg); err != nil {
		t.Fatal(err)
	}
}

func TestCloudSMSSettingsAreCheckedAtStart(t *testing.T) {
	for _, provider := range []string{SMSAliyun, SMSTencent} {
		cfg := config.Defaults()
		cfg.SMSProvider = provider
		err := CheckSSOConfig(cfg)
		for _, name := range []string{"sms-access-key-id", "sms-access-key-secret", "sms-sign-name", "sms-template"} {
			if err == nil || !strings.Contains(err.Error(), name+" is required") {
				t.Errorf("%s without %s: %v", provider, name, err)
			}
		}
		if got := err != nil && strings.Contains(err.Error(), "sms-app-id"); got != (provider == SMSTencent) {
			t.Errorf("%s: sms-app-id asked for: %v", provider, err)
		}
		cfg.SMSAccessKeyID, cfg.SMSAccessKeySecret, cfg.SMSSignName, cfg.SMSTemplate, cfg.SMSAppID = "id", "secret", "签名", "T1", "1400000001"
		cfg.SMSURL = "http://sms.example.com/"
		if err := CheckSSOConfig(cfg); err == nil || !strings.Contains(err.Error(), "sms-url must use https") {
			t.Errorf("%s over plain http: %v", provider, err)
		}
		cfg.SMSURL = ""
		if err := CheckSSOConfig(cfg); err != nil {
			t.Errorf("%s complete: %v", provider, err)
		}
	}
}
