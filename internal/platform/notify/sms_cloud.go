package notify

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Template SMS of the Chinese cloud providers: the text of a message is a template approved beforehand at the provider
// (a code or an ID), a signature name (the 【…】 prefix, approved too) and the template's parameters. Message.Params
// carries them, in the order of TemplateParams' names.

// Template is what the cloud senders share: the template, the signature and the names of the template's variables
// (the first gets the code, the second, when there is one, the validity in minutes).
type Template struct {
	SignName string
	Template string   // Aliyun TemplateCode (SMS_123456789) or Tencent TemplateId (1234567)
	Params   []string // the template's variable names, e.g. ["code"] or ["code", "minutes"]
}

// values are the template's variables for a message: its code, then its validity.
func (t Template) values(m Message) []string {
	vals := []string{m.Code, strconv.Itoa(m.Minutes)}
	n := len(t.Params)
	if n == 0 {
		n = 1
	}
	if n > len(vals) {
		n = len(vals)
	}
	return vals[:n]
}

// cloudError is a provider's refusal: its code and what it means, in Chinese (the server's language).
func cloudError(provider, code, requestID string, known map[string]string) error {
	meaning, ok := known[code]
	if !ok {
		meaning = "未知错误，请对照服务商的错误码文档"
	}
	if requestID != "" {
		return fmt.Errorf("notify: %s短信发送失败：%s（%s，请求 ID %s）", provider, meaning, code, requestID)
	}
	return fmt.Errorf("notify: %s短信发送失败：%s（%s）", provider, meaning, code)
}

// post sends a request and reads at most 64 KiB of the answer; a transport error names neither the URL's user
// information nor the message.
func post(ctx context.Context, client *http.Client, provider string, req *http.Request) (int, []byte, error) {
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		var te interface{ Timeout() bool }
		if errors.As(err, &te) && te.Timeout() {
			return 0, nil, fmt.Errorf("notify: %s短信接口超时", provider)
		}
		return 0, nil, fmt.Errorf("notify: 无法连接%s短信接口", provider)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return 0, nil, fmt.Errorf("notify: %s短信接口的应答读取失败", provider)
	}
	return resp.StatusCode, body, nil
}

func nonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ---- Aliyun (dysmsapi 2017-05-25, SendSms, RPC style, signature version 1.0 HMAC-SHA1) ----

// AliyunSMSEndpoint is Aliyun's public SMS endpoint.
const AliyunSMSEndpoint = "https://dysmsapi.aliyuncs.com/"

// AliyunSMS sends through Aliyun SMS (短信服务): SendSms with the parameters as a form body, signed with HMAC-SHA1 over
// the sorted, percent-encoded parameters ("POST&%2F&…", key AccessKeySecret + "&").
type AliyunSMS struct {
	Endpoint                     string // empty: AliyunSMSEndpoint
	AccessKeyID, AccessKeySecret string
	RegionID                     string // empty: cn-hangzhou
	Template
	Client *http.Client
	Now    func() time.Time // tests
}

func (a *AliyunSMS) Name() string { return "aliyun-sms" }

// aliyunErrors are SendSms's error codes (dysmsapi's list and the common ones of the RPC gateway).
var aliyunErrors = map[string]string{
	"isv.BUSINESS_LIMIT_CONTROL":      "触发号码发送频率限制（分钟、小时或天级流控），请稍后再试",
	"isv.MOBILE_NUMBER_ILLEGAL":       "手机号码格式不正确",
	"isv.MOBILE_COUNT_OVER_LIMIT":     "手机号码数量超过上限",
	"isv.SMS_TEMPLATE_ILLEGAL":        "短信模板不存在或未审核通过，请检查模板 CODE（sms-template）",
	"isv.SMS_SIGNATURE_ILLEGAL":       "短信签名不存在或未审核通过，请检查签名名称（sms-sign-name）",
	"isv.SIGN_NAME_ILLEGAL":           "短信签名不存在或未审核通过，请检查签名名称（sms-sign-name）",
	"isv.SMS_SIGN_ILLEGAL":            "短信签名与模板不匹配或未审核通过",
	"isv.TEMPLATE_MISSING_PARAMETERS": "模板变量缺少参数值，请检查模板变量名（sms-template-params）",
	"isv.TEMPLATE_PARAMS_ILLEGAL":     "模板变量的值不合规，请检查模板变量名（sms-template-params）",
	"isv.INVALID_JSON_PARAM":          "模板参数不是合法的 JSON",
	"isv.INVALID_PARAMETERS":          "请求参数不正确",
	"isv.PARAM_LENGTH_LIMIT":          "参数超出长度限制",
	"isv.AMOUNT_NOT_ENOUGH":           "账户余额不足，请充值",
	"isv.OUT_OF_SERVICE":              "账户已停机（可能欠费），请充值后再试",
	"isv.ACCOUNT_NOT_EXISTS":          "阿里云账户不存在",
	"isv.ACCOUNT_ABNORMAL":            "阿里云账户状态异常",
	"isv.PRODUCT_UN_SUBSCRIPT":        "账户未开通短信服务",
	"isv.PRODUCT_UNSUBSCRIBE":         "账户未开通短信服务",
	"isv.DENY_IP_RANGE":               "本服务器所在地区或 IP 被禁止调用",
	"isv.BLACK_KEY_CONTROL_LIMIT":     "短信内容含有禁止发送的关键字",
	"isv.DAY_LIMIT_CONTROL":           "已达到当日发送上限",
	"isp.RAM_PERMISSION_DENY":         "RAM 用户没有发送短信的权限，请在 RAM 控制台授权",
	"isp.SYSTEM_ERROR":                "阿里云系统错误，请稍后再试",
	"SignatureDoesNotMatch":           "请求签名不正确，请检查 AccessKey Secret（sms-access-key-secret）",
	"IncompleteSignature":             "请求签名不完整，请检查 AccessKey Secret（sms-access-key-secret）",
	"InvalidAccessKeyId.NotFound":     "AccessKey ID 不存在，请检查 sms-access-key-id",
	"InvalidAccessKeyId.Inactive":     "AccessKey 已被禁用",
	"InvalidTimeStamp.Expired":        "请求时间戳已过期，请检查服务器时间",
	"SignatureNonceUsed":              "请求随机数重复，请稍后再试",
	"Forbidden.RAM":                   "RAM 用户没有发送短信的权限，请在 RAM 控制台授权",
	"Throttling.User":                 "调用过于频繁，已被限流，请稍后再试",
}

// AliyunPercentEncode is Aliyun's encoding of a name or value: RFC 3986 unreserved characters kept, everything else
// %XY of its UTF-8 bytes (a space is %20, not +).
func AliyunPercentEncode(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func (a *AliyunSMS) Send(ctx context.Context, m Message) error {
	names := a.Params
	if len(names) == 0 {
		names = []string{"code"}
	}
	vals := a.values(m)
	tp := map[string]string{}
	for i, v := range vals {
		tp[names[i]] = v
	}
	tpJSON, err := json.Marshal(tp)
	if err != nil {
		return fmt.Errorf("notify: aliyun template parameters: %w", err)
	}
	region := a.RegionID
	if region == "" {
		region = "cn-hangzhou"
	}
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	params := map[string]string{
		"AccessKeyId": a.AccessKeyID, "Action": "SendSms", "Format": "JSON", "PhoneNumbers": m.To, "RegionId": region,
		"SignName": a.SignName, "SignatureMethod": "HMAC-SHA1", "SignatureNonce": nonce(), "SignatureVersion": "1.0",
		"TemplateCode": a.Template.Template, "TemplateParam": string(tpJSON),
		"Timestamp": now().UTC().Format("2006-01-02T15:04:05Z"), "Version": "2017-05-25",
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, len(keys))
	for i, k := range keys {
		pairs[i] = AliyunPercentEncode(k) + "=" + AliyunPercentEncode(params[k])
	}
	canonical := strings.Join(pairs, "&")
	mac := hmac.New(sha1.New, []byte(a.AccessKeySecret+"&"))
	mac.Write([]byte(http.MethodPost + "&" + AliyunPercentEncode("/") + "&" + AliyunPercentEncode(canonical)))
	body := canonical + "&Signature=" + AliyunPercentEncode(base64.StdEncoding.EncodeToString(mac.Sum(nil)))

	endpoint := a.Endpoint
	if endpoint == "" {
		endpoint = AliyunSMSEndpoint
	}
	req, err := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(body))
	if err != nil {
		return errors.New("notify: 阿里云短信接口地址不正确")
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	status, answer, err := post(ctx, a.Client, "阿里云", req)
	if err != nil {
		return err
	}
	var res struct{ Code, Message, RequestId string }
	if json.Unmarshal(answer, &res) != nil || res.Code == "" {
		return fmt.Errorf("notify: 阿里云短信接口应答无法识别（HTTP %d）", status)
	}
	if res.Code != "OK" {
		return cloudError("阿里云", res.Code, res.RequestId, aliyunErrors)
	}
	return nil
}

// ---- Tencent Cloud (sms 2021-01-11, SendSms, API 3.0 with TC3-HMAC-SHA256) ----

// TencentSMSEndpoint is Tencent Cloud's public SMS endpoint.
const TencentSMSEndpoint = "https://sms.tencentcloudapi.com/"

// TencentSMS sends through Tencent Cloud SMS (短信): SendSms as JSON, signed with TC3-HMAC-SHA256 (a canonical request
// over the method, path, content-type, host and action headers and the body's SHA-256; the key derived from
// "TC3"+SecretKey, the date, the service "sms" and "tc3_request").
type TencentSMS struct {
	Endpoint            string // empty: TencentSMSEndpoint
	SecretID, SecretKey string
	SdkAppID            string // SmsSdkAppId of the SMS application
	Region              string // empty: ap-guangzhou
	Template
	Client *http.Client
	Now    func() time.Time // tests
}

func (t *TencentSMS) Name() string { return "tencent-sms" }

// tencentErrors are SendSms's error codes (the call's and each number's SendStatus).
var tencentErrors = map[string]string{
	"AuthFailure.SignatureFailure":                                    "请求签名不正确，请检查 SecretKey（sms-access-key-secret）",
	"AuthFailure.SignatureExpire":                                     "请求签名已过期，请检查服务器时间",
	"AuthFailure.SecretIdNotFound":                                    "SecretId 不存在或已禁用，请检查 sms-access-key-id",
	"AuthFailure.InvalidSecretId":                                     "SecretId 格式不正确，请检查 sms-access-key-id",
	"AuthFailure.UnauthorizedOperation":                               "子账号没有发送短信的权限，请在访问管理（CAM）中授权",
	"FailedOperation.SignatureIncorrectOrUnapproved":                  "短信签名未审核通过或内容不正确，请检查签名名称（sms-sign-name）",
	"FailedOperation.TemplateIncorrectOrUnapproved":                   "短信模板未审核通过或不存在，请检查模板 ID（sms-template）",
	"FailedOperation.TemplateParamSetNotMatchApprovedTemplate":        "模板参数个数与审核通过的模板不一致，请检查 sms-template-params",
	"FailedOperation.InsufficientBalanceInSmsPackage":                 "短信套餐包余量不足，请购买套餐包",
	"FailedOperation.PhoneNumberInBlacklist":                          "该手机号在免打扰名单中（用户曾退订）",
	"FailedOperation.ContainSensitiveWord":                            "短信内容含有敏感词",
	"FailedOperation.MarketingSendTimeConstraint":                     "营销短信不在允许的发送时间内",
	"InvalidParameterValue.IncorrectPhoneNumber":                      "手机号码格式不正确",
	"InvalidParameterValue.TemplateParameterFormatError":              "验证码模板的参数格式不正确（应为数字）",
	"InvalidParameterValue.TemplateParameterLengthLimit":              "模板参数超出长度限制",
	"InvalidParameterValue.SdkAppIdNotExist":                          "短信应用 SdkAppId 不存在，请检查 sms-app-id",
	"InvalidParameter.AppidAndBizId":                                  "短信应用 SdkAppId 与账号不匹配，请检查 sms-app-id",
	"UnauthorizedOperation.SmsSdkAppIdVerifyFail":                     "短信应用 SdkAppId 校验失败，请检查 sms-app-id",
	"UnauthorizedOperation.IndividualUserMarketingSmsPermissionDeny":  "个人认证用户不能发送营销短信",
	"LimitExceeded.PhoneNumberDailyLimit":                             "该手机号今日接收短信已达上限",
	"LimitExceeded.PhoneNumberOneHourLimit":                           "该手机号一小时内接收短信已达上限",
	"LimitExceeded.PhoneNumberThirtySecondLimit":                      "该手机号 30 秒内接收短信已达上限",
	"LimitExceeded.PhoneNumberSameContentDailyLimit":                  "该手机号今日接收相同内容的短信已达上限",
	"LimitExceeded.DailyLimit":                                        "今日发送量已达上限",
	"LimitExceeded.DeliveryFrequencyLimit":                            "发送过于频繁，请稍后再试",
	"RequestLimitExceeded":                                            "调用过于频繁，已被限流，请稍后再试",
	"UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber": "不能同时向国内和国际手机号发送",
	"InternalError.Timeout":                                           "腾讯云接口超时，请稍后再试",
	"InternalError":                                                   "腾讯云内部错误，请稍后再试",
}

// tencentPhone is a number in E.164 form: an 11-digit mainland number gets +86.
func tencentPhone(p string) string {
	p = strings.TrimSpace(p)
	if strings.HasPrefix(p, "+") {
		return p
	}
	if len(p) == 11 && p[0] == '1' {
		return "+86" + p
	}
	if strings.HasPrefix(p, "00") {
		return "+" + p[2:]
	}
	return p
}

func sha256hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func hmac256(key []byte, msg string) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msg))
	return mac.Sum(nil)
}

func (t *TencentSMS) Send(ctx context.Context, m Message) error {
	payload, err := json.Marshal(map[string]any{
		"PhoneNumberSet": []string{tencentPhone(m.To)}, "SmsSdkAppId": t.SdkAppID, "SignName": t.SignName,
		"TemplateId": t.Template.Template, "TemplateParamSet": t.values(m),
	})
	if err != nil {
		return fmt.Errorf("notify: tencent request: %w", err)
	}
	endpoint := t.Endpoint
	if endpoint == "" {
		endpoint = TencentSMSEndpoint
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" {
		return errors.New("notify: 腾讯云短信接口地址不正确")
	}
	region := t.Region
	if region == "" {
		region = "ap-guangzhou"
	}
	now := time.Now
	if t.Now != nil {
		now = t.Now
	}
	ts := now().Unix()
	date := time.Unix(ts, 0).UTC().Format("2006-01-02")
	const (
		service     = "sms"
		action      = "SendSms"
		contentType = "application/json; charset=utf-8"
		signed      = "content-type;host;x-tc-action"
	)
	canonical := strings.Join([]string{
		http.MethodPost, "/", "",
		"content-type:" + contentType + "\nhost:" + strings.ToLower(u.Host) + "\nx-tc-action:" + strings.ToLower(action) + "\n",
		signed, sha256hex(payload),
	}, "\n")
	scope := date + "/" + service + "/tc3_request"
	toSign := "TC3-HMAC-SHA256\n" + strconv.FormatInt(ts, 10) + "\n" + scope + "\n" + sha256hex([]byte(canonical))
	key := hmac256(hmac256(hmac256([]byte("TC3"+t.SecretKey), date), service), "tc3_request")
	signature := hex.EncodeToString(hmac256(key, toSign))

	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(payload))
	if err != nil {
		return errors.New("notify: 腾讯云短信接口地址不正确")
	}
	req.Host = u.Host
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "TC3-HMAC-SHA256 Credential="+t.SecretID+"/"+scope+", SignedHeaders="+signed+", Signature="+signature)
	req.Header.Set("X-TC-Action", action)
	req.Header.Set("X-TC-Timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("X-TC-Version", "2021-01-11")
	req.Header.Set("X-TC-Region", region)
	status, answer, err := post(ctx, t.Client, "腾讯云", req)
	if err != nil {
		return err
	}
	var res struct {
		Response struct {
			Error         *struct{ Code, Message string }
			SendStatusSet []struct {
				Code, Message, SerialNo string
			}
			RequestId string
		}
	}
	if json.Unmarshal(answer, &res) != nil || (res.Response.Error == nil && len(res.Response.SendStatusSet) == 0) {
		return fmt.Errorf("notify: 腾讯云短信接口应答无法识别（HTTP %d）", status)
	}
	if e := res.Response.Error; e != nil {
		return cloudError("腾讯云", e.Code, res.Response.RequestId, tencentErrors)
	}
	if st := res.Response.SendStatusSet[0]; st.Code != "Ok" {
		return cloudError("腾讯云", st.Code, res.Response.RequestId, tencentErrors)
	}
	return nil
}
