package auth

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/coreos/go-oidc/v3/oidc"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/httpx"
)

// FunConfig is the function code of /sys_config, where administrators see the single sign-on settings (the
// sysconfig area's code, declared again here: TestRouteCodesAreKnownFunctionCodes checks it exists).
const FunConfig = "sys_config"

// maskedSecret stands for a configured secret.
const maskedSecret = "******"

// SSOSettings are the single sign-on and verification-code settings as /sys_config shows them: read-only
// (they come from the config file or BIDDESK_* variables), secrets masked, addresses without user information.
type SSOSettings struct {
	Mode                string `json:"mode"`
	Issuer              string `json:"issuer"`
	ClientID            string `json:"clientId"`
	ClientSecret        string `json:"clientSecret"`
	RedirectURL         string `json:"redirectUrl"`
	Scopes              string `json:"scopes"`
	EmployeeClaim       string `json:"employeeClaim"`
	NameClaim           string `json:"nameClaim"`
	TicketURL           string `json:"ticketUrl"`
	TicketEmployeeField string `json:"ticketEmployeeField"`
	TicketNameField     string `json:"ticketNameField"`
	CreateUsers         bool   `json:"createUsers"`
	DefaultRole         string `json:"defaultRole"`
	Timeout             string `json:"timeout"`
	SMSProvider         string `json:"smsProvider"` // http, aliyun or tencent
	SMSURL              string `json:"smsUrl"`
	SMSToken            string `json:"smsToken"`
	SMSAccessKeyID      string `json:"smsAccessKeyId"`
	SMSAccessKeySecret  string `json:"smsAccessKeySecret"`
	SMSSignName         string `json:"smsSignName"`
	SMSTemplate         string `json:"smsTemplate"`
	SMSTemplateParams   string `json:"smsTemplateParams"`
	SMSAppID            string `json:"smsAppId"`
	Sender              string `json:"sender"` // how codes go by SMS: http-sms, aliyun-sms, tencent-sms or none
	Mailer              string `json:"mailer"` // how codes go by e-mail: smtp or none
	SMTPAddr            string `json:"smtpAddr"`
	SMTPTLS             string `json:"smtpTls"`
	SMTPAuth            string `json:"smtpAuth"`
	SMTPPassword        string `json:"smtpPassword"`
}

func maskSecret(s string) string {
	if s == "" {
		return ""
	}
	return maskedSecret
}

// SSOSettings returns the settings in force, secrets masked.
func (s *Service) SSOSettings() *SSOSettings {
	c := s.cfg
	return &SSOSettings{Mode: s.SSOMode(), Issuer: config.MaskDSN(c.SSOIssuer), ClientID: c.SSOClientID, ClientSecret: maskSecret(c.SSOClientSecret),
		RedirectURL: c.SSORedirectURL, Scopes: c.SSOScopes, EmployeeClaim: c.SSOEmployeeClaim, NameClaim: c.SSONameClaim,
		TicketURL: config.MaskDSN(c.SSOTicketURL), TicketEmployeeField: c.SSOTicketEmployeeField, TicketNameField: c.SSOTicketNameField,
		CreateUsers: c.SSOCreateUsers, DefaultRole: c.SSODefaultRole, Timeout: c.SSOTimeout.String(),
		SMSProvider: c.SMSProvider, SMSURL: config.MaskDSN(c.SMSURL), SMSToken: maskSecret(c.SMSToken),
		SMSAccessKeyID: c.SMSAccessKeyID, SMSAccessKeySecret: maskSecret(c.SMSAccessKeySecret), SMSSignName: c.SMSSignName,
		SMSTemplate: c.SMSTemplate, SMSTemplateParams: c.SMSTemplateParams, SMSAppID: c.SMSAppID,
		Sender: s.sender.Name(), Mailer: s.mailer.Name(),
		SMTPAddr: c.SMTPAddr, SMTPTLS: c.SMTPTLS, SMTPAuth: c.SMTPAuth, SMTPPassword: maskSecret(c.SMTPPassword)}
}

// SSOTestResult is the answer of the connection test: ok, and what was found, in the caller's language.
type SSOTestResult struct {
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// TestSSO checks the connection to the HR system without signing anyone in: oidc reads the discovery document
// and the key set; ticket posts a code that cannot exist with the client credentials (an answer other than
// 401/403 or 5xx means reachable and accepted). Nothing is logged in the login log.
func (s *Service) TestSSO(ctx context.Context, lang string) *SSOTestResult {
	res := func(ok bool, key string, args ...any) *SSOTestResult {
		return &SSOTestResult{OK: ok, Detail: httpx.Translate(lang, key, args...)}
	}
	switch s.SSOMode() {
	case SSOOIDC:
		st := s.sso
		p, err := oidc.NewProvider(oidc.ClientContext(ctx, st.client), st.cfg.SSOIssuer)
		if err != nil {
			return res(false, "ssotest.discovery_failed")
		}
		var meta struct {
			JWKS string `json:"jwks_uri"`
		}
		if err := p.Claims(&meta); err != nil || meta.JWKS == "" {
			return res(false, "ssotest.no_jwks")
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, meta.JWKS, nil)
		if err != nil {
			return res(false, "ssotest.no_jwks")
		}
		resp, err := st.client.Do(req)
		if err != nil {
			return res(false, "ssotest.unreachable")
		}
		defer resp.Body.Close()
		var set struct {
			Keys []json.RawMessage `json:"keys"`
		}
		if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&set) != nil || len(set.Keys) == 0 {
			return res(false, "ssotest.no_jwks")
		}
		return res(true, "ssotest.oidc_ok", len(set.Keys))
	case SSOTicket:
		st := s.sso
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, st.cfg.SSOTicketURL, strings.NewReader(url.Values{"code": {"connection-test"}}.Encode()))
		if err != nil {
			return res(false, "ssotest.unreachable")
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(st.cfg.SSOClientID, st.cfg.SSOClientSecret)
		resp, err := st.client.Do(req)
		if err != nil {
			return res(false, "ssotest.unreachable")
		}
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
			return res(false, "ssotest.credentials")
		case resp.StatusCode >= 500:
			return res(false, "ssotest.http", resp.StatusCode)
		}
		return res(true, "ssotest.ticket_ok", resp.StatusCode)
	}
	return res(false, "ssotest.off")
}

// SSOSettingsIn and SSOTestIn are the (empty) inputs of the settings calls.
type (
	SSOSettingsIn struct{}
	SSOTestIn     struct{}
)

// SSOSettingsCall is GET /api/sys/sso/settings.
func (h *Handlers) SSOSettingsCall(r *http.Request, _ SSOSettingsIn) (*SSOSettings, error) {
	return h.svc.SSOSettings(), nil
}

// SSOTestCall is POST /api/sys/sso/test.
func (h *Handlers) SSOTestCall(r *http.Request, _ SSOTestIn) (*SSOTestResult, error) {
	return h.svc.TestSSO(r.Context(), httpx.Lang(r)), nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"ssotest.off":              {"单点登录未开启（sso-mode 为 off）", "Single sign-on is off (sso-mode is off)"},
		"ssotest.discovery_failed": {"无法读取 OpenID Connect 发现文档，请检查签发方地址", "The OpenID Connect discovery document could not be read; check the issuer"},
		"ssotest.no_jwks":          {"无法读取签名公钥（JWKS）", "The signing keys (JWKS) could not be read"},
		"ssotest.unreachable":      {"无法连接人力资源系统（超时或地址不可达）", "The HR system could not be reached (time-out or unreachable address)"},
		"ssotest.credentials":      {"人力资源系统拒绝了客户端凭据", "The HR system refused the client credentials"},
		"ssotest.http":             {"人力资源系统返回 HTTP %d", "The HR system answered HTTP %d"},
		"ssotest.oidc_ok":          {"连接正常：发现文档可读，签名公钥 %d 个", "Connected: discovery document read, %d signing keys"},
		"ssotest.ticket_ok":        {"连接正常：查询接口可达并接受了客户端凭据（HTTP %d）", "Connected: the look-up answered and accepted the client credentials (HTTP %d)"},
	})
}
