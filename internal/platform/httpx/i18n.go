package httpx

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// Languages of server messages.
const (
	LangZH = "zh-CN"
	LangEN = "en"
)

// Lang picks the message language of a request: English when Accept-Language starts with
// "en", otherwise zh-CN (the product's default).
func Lang(r *http.Request) string {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(r.Header.Get("Accept-Language"))), "en") {
		return LangEN
	}
	return LangZH
}

var (
	catalogueMu sync.RWMutex
	catalogue   = map[string][2]string{}
)

// RegisterMessages adds message texts, each as {zh-CN, en}. Areas call it from init.
func RegisterMessages(m map[string][2]string) {
	catalogueMu.Lock()
	defer catalogueMu.Unlock()
	for k, v := range m {
		catalogue[k] = v
	}
}

// Translate renders a message key in lang; an unknown key is returned as it is.
func Translate(lang, key string, args ...any) string {
	catalogueMu.RLock()
	texts, ok := catalogue[key]
	catalogueMu.RUnlock()
	if !ok {
		return key
	}
	s := texts[0]
	if lang == LangEN {
		s = texts[1]
	}
	if len(args) > 0 {
		copied := false
		for i, a := range args {
			var text string
			switch m := a.(type) {
			case Msg:
				text = Translate(lang, string(m))
			case *Error:
				text = Translate(lang, m.Key, m.Args...)
			default:
				continue
			}
			if !copied { // the caller's arguments (an Error's) stay as they are
				args, copied = append([]any(nil), args...), true
			}
			args[i] = text
		}
		s = fmt.Sprintf(s, args...)
	}
	return s
}

// Msg is a message argument that is itself a message key (a field's label): Translate renders it in the
// language of the message around it, so a service that does not know the caller's language can still name
// the field in it (httpx.Fail("reward.amount_negative", httpx.Msg("reward.f.amount"))). An *Error given as an
// argument is rendered the same way (a field's label, then what is wrong with it).
type Msg string

func init() {
	RegisterMessages(map[string][2]string{
		"ok":                   {"操作成功", "Operation successful"},
		"http.not_found":       {"接口不存在", "No such interface"},
		"http.server_error":    {"系统错误", "System error"},
		"http.server_error_id": {"系统错误，请联系管理员并提供请求编号 %s", "System error: please give the administrator request id %s"},
		"http.bad_input":       {"请求参数格式错误", "The request parameters are malformed"},
		"http.bad_value":       {"参数取值超出允许范围或格式错误", "A parameter value is out of the allowed range or malformed"},
		"http.too_large":       {"请求内容过大", "The request is too large"},
		"http.cross_site":      {"拒绝跨站请求", "Cross-site request refused"},
		"auth.token_invalid":   {"登录凭证已失效，请重新登录", "Login token invalid, please log in again"},
		"auth.no_token":        {"无法获取身份令牌", "cannot obtain identity token"},
		// The client recognises this prefix (spec section 8), so it stays in English in both languages.
		"auth.kicked":    {"Identity verification failed: 账号已在其他客户端登录", "Identity verification failed: the account signed in on another client"},
		"auth.forbidden": {"无权限访问该功能", "You have no permission for this function"},
		"auth.throttled": {"登录失败次数过多，请稍后再试", "Too many failed logins, please try again later"},
	})
}
