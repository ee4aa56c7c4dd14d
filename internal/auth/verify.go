package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/notify"
	"biddesk/internal/platform/validate"
)

// Rules of verification codes (issue 21; docs/sso.md): 6 digits, 10 minutes, 5 tries, used once; sending is
// throttled per login code (one a minute, 5 an hour) and per client address (20 an hour).
const (
	VerifyDigits      = 6
	VerifyTTL         = 10 * time.Minute
	VerifyMaxTries    = 5
	VerifyResend      = time.Minute
	VerifyWindow      = time.Hour
	VerifyPerAccount  = 5
	VerifyPerAddress  = 20
	verifyMaxLoginLen = 64
)

// mailerOf is the configured e-mail sender, or none.
func mailerOf(c config.Config) notify.Sender {
	if c.SMTPAddr == "" {
		return notify.None{}
	}
	return &notify.SMTP{Addr: c.SMTPAddr, User: c.SMTPUser, Password: c.SMTPPassword, From: c.SMTPFrom, Subject: "BidDesk 验证码 / verification code",
		Timeout: c.SMSTimeout, TLS: c.SMTPTLS, Auth: c.SMTPAuth}
}

// channelOf picks how a code reaches the account: SMS to its phone when an SMS gateway is configured, else e-mail
// to its address when SMTP is, else the phone through whatever sender there is (none: not delivered, and logged so).
func (s *Service) channelOf(u *User) (notify.Sender, string) {
	_, noSMS := s.sender.(notify.None)
	_, noMail := s.mailer.(notify.None)
	switch {
	case u.Phone != "" && !noSMS:
		return s.sender, u.Phone
	case u.Email != "" && !noMail:
		return s.mailer, u.Email
	case u.Phone != "":
		return s.sender, u.Phone
	case u.Email != "":
		return s.mailer, u.Email
	}
	return nil, ""
}

// senderOf is the configured SMS sender: Aliyun or Tencent Cloud SMS, the HTTP SMS gateway, or none.
func senderOf(c config.Config) notify.Sender {
	client := &http.Client{Timeout: c.SMSTimeout}
	tmpl := notify.Template{SignName: c.SMSSignName, Template: c.SMSTemplate, Params: config.TemplateParams(c.SMSTemplateParams)}
	switch c.SMSProvider {
	case SMSAliyun:
		return &notify.AliyunSMS{Endpoint: c.SMSURL, AccessKeyID: c.SMSAccessKeyID, AccessKeySecret: c.SMSAccessKeySecret,
			RegionID: c.SMSRegion, Template: tmpl, Client: client}
	case SMSTencent:
		return &notify.TencentSMS{Endpoint: c.SMSURL, SecretID: c.SMSAccessKeyID, SecretKey: c.SMSAccessKeySecret,
			SdkAppID: c.SMSAppID, Region: c.SMSRegion, Template: tmpl, Client: client}
	}
	if c.SMSURL == "" {
		return notify.None{}
	}
	return notify.NewHTTPSMS(c.SMSURL, c.SMSToken, c.SMSTimeout)
}

// The cloud SMS providers (the setting sms-provider; http is the generic gateway).
const (
	SMSAliyun  = "aliyun"
	SMSTencent = "tencent"
)

// VerifySent is the answer of POST /api/getVerify: the same whether the account exists or not.
type VerifySent struct {
	// ExpiresIn and ResendIn are in seconds.
	ExpiresIn int `json:"expiresIn"`
	ResendIn  int `json:"resendIn"`
}

// GetVerifyIn is the input of POST /api/getVerify.
// The service, not the binder, answers a missing field: with the spec's messages (section 5).
type GetVerifyIn struct {
	LoginCode string `param:"LoginCode" max:"64" doc:"the account's login code (required)"`
}

// ForestPwdIn is the input of PUT /api/forestPwd (the password fields are the spec's password form's).
type ForestPwdIn struct {
	LoginCode       string `param:"LoginCode" max:"64" doc:"the account's login code (required)"`
	VerifyCode      string `param:"verifyCode" max:"16" doc:"the 6-digit code sent by getVerify (required)"`
	NewPassword     string `param:"newPassword" doc:"6-16 characters, at least 2 of 4 kinds (required)"`
	ReplacePassword string `param:"replacePassword" doc:"the new password again (required)"`
}

// newVerifyCode draws a code of VerifyDigits digits.
func newVerifyCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// hashVerifyCode is "salt$sha256(salt:loginCode:code)": nothing in the table gives a code away by itself.
func hashVerifyCode(salt, loginCode, code string) string {
	sum := sha256.Sum256([]byte(salt + ":" + loginCode + ":" + code))
	return salt + "$" + hex.EncodeToString(sum[:])
}

func verifyCodeMatches(stored, loginCode, code string) bool {
	salt, _, ok := strings.Cut(stored, "$")
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(hashVerifyCode(salt, loginCode, code)), []byte(stored)) == 1
}

// cleanLoginCode is a login code a client sent, or "" when it cannot name an account.
func cleanLoginCode(code string) string {
	code = strings.TrimSpace(code)
	if !utf8.ValidString(code) || strings.IndexByte(code, 0) >= 0 || utf8.RuneCountInString(code) > verifyMaxLoginLen {
		return ""
	}
	return code
}

// GetVerify sends a verification code to the account's registered phone (or, without one, its e-mail). An unknown,
// disabled or unreachable account gets the same answer in the same time (the row is written and throttled alike; the code goes nowhere);
// delivery runs after the answer, so a slow gateway does not tell accounts apart either.
func (s *Service) GetVerify(ctx context.Context, in GetVerifyIn, ip, lang string) (_ *VerifySent, err error) {
	defer errs.Wrap(&err, "auth: get verify")
	loginCode := cleanLoginCode(in.LoginCode)
	if loginCode == "" {
		return nil, httpx.Fail("verify.login_code_required")
	}
	u, err := s.store.UserByLoginCode(ctx, loginCode)
	if err != nil {
		return nil, err
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, err
	} else if !ok {
		u = nil
	}
	code, err := newVerifyCode()
	if err != nil {
		return nil, err
	}
	saltBytes := make([]byte, 16)
	if _, err := rand.Read(saltBytes); err != nil {
		return nil, err
	}
	now := s.now()
	row := VerifyCode{LoginCode: loginCode, CodeHash: hashVerifyCode(hex.EncodeToString(saltBytes), loginCode, code), IP: ip, ExpiresAt: now.Add(VerifyTTL)}
	if u != nil {
		row.UserID = u.ID
	}
	refused, err := s.store.ReserveVerify(ctx, row, VerifyLimits{Since: now.Add(-VerifyWindow), Account: VerifyPerAccount, Address: VerifyPerAddress, ResendAfter: now.Add(-VerifyResend)})
	if err != nil {
		return nil, err
	}
	if refused != "" {
		return nil, ErrVerifyThrottled
	}
	if u != nil {
		if via, to := s.channelOf(u); via != nil {
			msg := notify.Message{To: to, Text: httpx.Translate(lang, "verify.sms", code, int(VerifyTTL.Minutes())),
				Code: code, Minutes: int(VerifyTTL.Minutes())}
			go s.deliver(via, msg, u.ID)
		} else {
			slog.Warn("verification code not delivered: the account has no registered phone or e-mail", "user", u.ID)
		}
	}
	return &VerifySent{ExpiresIn: int(VerifyTTL.Seconds()), ResendIn: int(VerifyResend.Seconds())}, nil
}

// deliver sends one code; the outcome is logged without the code or the address.
func (s *Service) deliver(via notify.Sender, m notify.Message, userID int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := via.Send(ctx, m); err != nil {
		slog.Warn("verification code not delivered", "user", userID, "sender", via.Name(), "err", err)
	}
}

// ErrVerifyThrottled answers a code asked for too often.
var ErrVerifyThrottled = &httpx.Error{Code: httpx.CodeThrottled, Status: http.StatusTooManyRequests, Key: "verify.throttled"}

// ForestPwd sets a new password with a verification code (PUT /api/forestPwd). Every failure of the code (no code,
// wrong, expired, used, out of tries, unknown account) is one message. A reset ends every session and renewal token
// of the account and is written to the login log.
func (s *Service) ForestPwd(ctx context.Context, in ForestPwdIn, ip, userAgent string) (err error) {
	defer errs.Wrap(&err, "auth: forest pwd")
	loginCode := cleanLoginCode(in.LoginCode)
	code := strings.TrimSpace(in.VerifyCode)
	switch {
	case loginCode == "":
		return httpx.Fail("verify.login_code_required")
	case code == "":
		return httpx.Fail("verify.code_required")
	case in.NewPassword == "":
		return httpx.Fail("pwd.new_required")
	case in.ReplacePassword == "":
		return httpx.Fail("pwd.repeat_required")
	case !validate.PasswordOK(in.NewPassword):
		return httpx.Fail("pwd.rule")
	case in.NewPassword != in.ReplacePassword:
		return httpx.Fail("pwd.mismatch")
	case validate.PasswordCommon(in.NewPassword):
		return httpx.Fail("pwd.common")
	}
	invalid := httpx.Fail("verify.code_invalid")
	row, err := s.store.LiveVerify(ctx, loginCode, VerifyMaxTries)
	if err != nil || row == nil {
		if err != nil {
			return err
		}
		return invalid
	}
	ok, tries, err := s.store.TryVerify(ctx, row.ID, VerifyMaxTries)
	if err != nil {
		return err
	}
	if !ok {
		return invalid
	}
	if len(code) != VerifyDigits || !verifyCodeMatches(row.CodeHash, loginCode, code) {
		if tries >= VerifyMaxTries {
			keep := context.WithoutCancel(ctx)
			if err := s.store.VoidVerify(keep, row.ID); err != nil {
				return err
			}
			if err := s.store.LogSecurityEvent(keep, row.UserID, "verify_code_void", fmt.Sprintf("verification code voided after %d wrong tries", tries), ip); err != nil {
				return err
			}
		}
		return invalid
	}
	u, err := s.store.UserByID(ctx, row.UserID)
	if err != nil {
		return err
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return err
	} else if !ok {
		return invalid
	}
	hash, err := hashPassword(ctx, in.NewPassword)
	if err != nil {
		return err
	}
	used, err := s.store.ResetPassword(context.WithoutCancel(ctx), row.ID, u.ID, hash, LoginAttempt{LoginCode: u.LoginCode, IP: ip, UserAgent: userAgent, Site: u.UserType})
	if err != nil {
		return err
	}
	if !used {
		return invalid
	}
	return nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"verify.login_code_required": {"请输入登录账号", "Please enter the login code"},
		"verify.code_required":       {"请输入验证码", "Please enter the verification code"},
		"verify.code_invalid":        {"验证码错误或已失效，请重新获取", "The verification code is wrong or no longer valid; please ask for a new one"},
		"verify.throttled":           {"验证码发送过于频繁，请稍后再试", "Verification codes were asked for too often; please try again later"},
		"verify.sms":                 {"【BidDesk】您的验证码为 %s，%d 分钟内有效，仅用于重置密码，请勿告诉他人。", "BidDesk: your verification code is %s, valid for %d minutes, only for resetting your password. Do not share it."},
	})
}
