package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Input rules (docs/api.md, "Input rules"): hostile values sent through the real server to a login,
// a paged list, a create with text fields and a get-by-id are refused with HTTP 400 and a clear
// message, on SQLite and PostgreSQL, and nothing is written.

const (
	msgBadText   = "含有不允许的字符"
	msgDuplicate = "重复出现且取值不同"
	msgToken     = "多个不同的登录凭证"
)

// writes counts the rows the calls under test could write: dictionary items, login and
// business log lines, sessions, exceptions.
func (e *env) writes() map[string]int {
	e.t.Helper()
	out := map[string]int{}
	for _, table := range []string{"sys_dict", "login_log", "business_log", "sys_session", "exception_log", "security_event"} {
		var n int
		if err := e.app.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
			e.t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

// raw sends a request with a literal query and body (bytes a client library would not produce).
func (e *env) raw(method, pathAndQuery, contentType, body string, header ...string) (*http.Response, envelope) {
	e.t.Helper()
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.srv.URL+pathAndQuery, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Body, req.ContentLength = ioNopCloser{rd}, int64(rd.Len())
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var env envelope
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		return resp, env // a file: the call went through
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		e.t.Fatalf("%s %s: answer is not an envelope: %v", method, pathAndQuery, err)
	}
	return resp, env
}

type ioNopCloser struct{ *strings.Reader }

func (ioNopCloser) Close() error { return nil }

func TestHostileInputIsRefusedWithA400(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	bearer := []string{"Authorization", "Bearer " + admin}
	const form, js = "application/x-www-form-urlencoded", "application/json"

	type hostile struct {
		name        string
		method      string
		path        string // with its raw query
		contentType string
		body        string
		header      []string
		want        string // a part of the zh-CN message
	}
	cases := []hostile{
		// text: NUL, other controls, invalid UTF-8, in every place a value travels
		{"login NUL JSON", "POST", "/api/login", js, `{"LoginCode":"ad\u0000min","PassWord":"Admin@123"}`, nil, "参数 LoginCode " + msgBadText},
		{"login NUL form", "POST", "/api/login", form, "LoginCode=ad%00min&PassWord=Admin%40123", nil, "参数 LoginCode " + msgBadText},
		{"login NUL query", "POST", "/api/login?LoginCode=ad%00min&PassWord=x", "", "", nil, "参数 LoginCode " + msgBadText},
		{"login bad UTF-8 form", "POST", "/api/login", form, "LoginCode=%FF%FE&PassWord=x", nil, "参数 LoginCode " + msgBadText},
		{"login bad UTF-8 JSON", "POST", "/api/login", js, "{\"LoginCode\":\"\xff\",\"PassWord\":\"x\"}", nil, msgBadText},
		{"login C1 control", "POST", "/api/login", js, `{"LoginCode":"a\u0085b","PassWord":"x"}`, nil, msgBadText},
		{"login control in name", "POST", "/api/login", js, `{"Login\u0001Code":"admin","PassWord":"x"}`, nil, "参数名" + msgBadText},
		{"create NUL in text", "POST", "/api/sys/dict/add", js, `{"key":"项目\u0000阶段","value":"stage"}`, bearer, "参数 key " + msgBadText},
		{"create escape in text", "POST", "/api/sys/dict/add", js, `{"key":"a\u001bb","value":"stage"}`, bearer, "参数 key " + msgBadText},
		{"create NUL form", "POST", "/api/sys/dict/add", form, "key=a&value=st%00age", bearer, "参数 value " + msgBadText},
		// an array or an object where text is declared would be stored as its JSON
		{"tag name an array", "POST", "/api/library/tag/add", js, `{"name":["x","y"]}`, bearer, "参数 name 必须是文本"},
		{"tag name an object", "POST", "/api/library/tag/add", js, `{"name":{"a":"b"}}`, bearer, "参数 name 必须是文本"},
		{"user name an object", "POST", "/api/sys/user/add", js, `{"loginCode":"obj","userName":{"x":"y"},"unitCode":"100101","password":"Start#2024"}`, bearer, "参数 userName 必须是文本"},
		{"role name an array", "POST", "/api/sys/role/add", js, `{"code":"arr","name":["n"]}`, bearer, "参数 name 必须是文本"},
		{"dict value an array", "POST", "/api/sys/dict/add", js, `{"key":"k","value":["v"]}`, bearer, "参数 value 必须是文本"},
		{"login os an array", "POST", "/api/login", js, `{"LoginCode":"admin","PassWord":"Admin@123","os":["a"]}`, nil, "参数 os 必须是文本"},
		{"list NUL filter", "GET", "/api/sys/user/list?keyword=ad%00min", "", "", bearer, msgBadText},
		{"list bad UTF-8 filter", "GET", "/api/sys/user/list?keyword=%C0%AF", "", "", bearer, msgBadText},
		{"malformed escape", "GET", "/api/sys/user/list?keyword=%zz", "", "", bearer, "请求参数格式错误"},
		{"NUL in the path", "GET", "/api/sys/common/image/a%00.png", "", "", nil, "参数 path " + msgBadText},
		{"bad UTF-8 user agent", "POST", "/api/login", js, `{"LoginCode":"admin","PassWord":"x"}`, []string{"User-Agent", "curl\xff"}, "参数 User-Agent " + msgBadText},

		// numbers: paging, ids and the INTEGER columns
		{"current max int64", "GET", "/api/sys/user/list?current=9223372036854775807", "", "", bearer, "页码须在1到1000000之间"},
		{"current beyond int64", "GET", "/api/sys/user/list?current=9223372036854775808", "", "", bearer, "页码须在1到1000000之间"},
		{"current too far", "GET", "/api/sys/user/list?current=1000001&limit=100", "", "", bearer, "页码须在1到1000000之间"},
		{"current negative", "GET", "/api/sys/user/list?current=-1", "", "", bearer, "页码须在1到1000000之间"},
		{"current 1e309", "GET", "/api/sys/user/list?current=1e309", "", "", bearer, "参数 current 必须是整数"},
		{"current NaN", "GET", "/api/sys/user/list?current=NaN", "", "", bearer, "参数 current 必须是整数"},
		{"current float", "GET", "/api/sys/user/list?current=1.5", "", "", bearer, "参数 current 必须是整数"},
		{"limit huge", "GET", "/api/sys/user/list?limit=9223372036854775807", "", "", bearer, "每页条数须在1到100之间"},
		{"portal current huge", "GET", "/api/portal/search?current=9223372036854775807", "", "", bearer, "页码须在1到1000000之间"},
		{"messages current huge", "GET", "/api/portal/msg/list?current=9223372036854775807", "", "", bearer, "页码须在1到1000000之间"},
		{"JSON number 1e309", "POST", "/api/sys/dict/add", js, `{"key":"k","value":"v","sort":1e309}`, bearer, "参数 sort 必须是整数"},
		{"JSON float for int", "POST", "/api/sys/dict/add", js, `{"key":"k","value":"v","sort":2.5}`, bearer, "参数 sort 必须是整数"},
		{"INTEGER column overflow", "POST", "/api/sys/dict/add", js, `{"key":"k","value":"v","sort":2147483648}`, bearer, "参数 sort 超出范围"},
		{"INTEGER column overflow int64", "POST", "/api/sys/dict/add", js, `{"key":"k","value":"v","sort":9223372036854775807}`, bearer, "参数 sort 超出范围"},
		{"id beyond int64", "GET", "/api/sys/dict/one?id=9223372036854775808", "", "", bearer, "参数 id 必须是整数"},
		{"id negative", "GET", "/api/sys/dict/one?id=-5", "", "", bearer, "参数 id 必须是正整数"},
		{"id float", "GET", "/api/sys/dict/one?id=1.0", "", "", bearer, "参数 id 必须是整数"},
		{"id NaN JSON", "GET", "/api/sys/dict/one?id=NaN", "", "", bearer, "参数 id 必须是整数"},
		{"boolean malformed", "GET", "/api/portal/search?facets=maybe", "", "", bearer, "参数 facets 必须是 true 或 false"},

		// dates
		{"date year 0", "GET", "/api/sys/loginLog/list?startTime=0000-01-01", "", "", bearer, "参数 startTime 不是有效的时间"},
		{"date year 10000", "GET", "/api/sys/loginLog/list?endTime=10000-01-01", "", "", bearer, "不是有效的时间"},
		{"date malformed", "GET", "/api/sys/loginLog/list?startTime=2024-13-45", "", "", bearer, "参数 startTime 不是有效的时间"},
		{"date zone far", "GET", "/api/sys/loginLog/list?startTime=9999-12-31T23:00:00-23:00", "", "", bearer, "参数 startTime 不是有效的时间"},

		// duplicates: a value read once must be sent once
		{"query id twice", "GET", "/api/sys/dict/one?id=1&id=2", "", "", bearer, "参数 id " + msgDuplicate},
		{"list current twice", "GET", "/api/sys/user/list?current=1&current=2", "", "", bearer, "参数 current " + msgDuplicate},
		{"JSON duplicate key", "POST", "/api/sys/dict/add", js, `{"key":"k","value":"v1","value":"v2"}`, bearer, "参数 value 在 JSON 中重复出现"},
		{"JSON duplicate key, same value", "POST", "/api/sys/dict/add", js, `{"key":"k","value":"v","value":"v"}`, bearer, "参数 value 在 JSON 中重复出现"},
		{"JSON nested duplicate key", "POST", "/api/login", js, `{"LoginCode":"admin","PassWord":"x","x":{"a":1,"a":2}}`, nil, "参数 x.a 在 JSON 中重复出现"},
		{"form field twice", "POST", "/api/login", form, "LoginCode=admin&LoginCode=guest&PassWord=x", nil, "参数 LoginCode " + msgDuplicate},
		{"body and query disagree", "POST", "/api/sys/dict/add?key=other", js, `{"key":"k","value":"v"}`, bearer, "参数 key " + msgDuplicate},
		{"ticket twice", "GET", "/api/sys/user/export?ticket=a&ticket=b", "", "", nil, "参数 ticket " + msgDuplicate},
		{"second JSON value", "POST", "/api/login", js, `{"LoginCode":"admin"}{"LoginCode":"guest"}`, nil, "请求参数格式错误"},

		// tokens: one call, one session
		{"bearer and query token", "GET", "/api/sys/user/info?AccessToken=" + strings.Repeat("0", 64), "", "", bearer, msgToken},
		{"two bearer headers", "GET", "/api/sys/user/info", "", "", append([]string{"Authorization", "Bearer " + strings.Repeat("1", 64)}, bearer...), msgToken},
		{"query token twice", "GET", "/api/sys/user/info?AccessToken=" + admin + "&AccessToken=" + strings.Repeat("2", 64), "", "", nil, msgToken},
		{"form and bearer token", "POST", "/api/logout", form, "AccessToken=" + strings.Repeat("3", 64), bearer, msgToken},
		{"form and query token", "POST", "/api/logout?AccessToken=" + admin, form, "AccessToken=" + strings.Repeat("4", 64), nil, msgToken},
	}
	before := e.writes()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, r := e.raw(c.method, c.path, c.contentType, c.body, c.header...)
			if resp.StatusCode != http.StatusBadRequest || r.Code != 1 || !strings.Contains(r.Message, c.want) {
				t.Errorf("HTTP %d %+v, want 400 code 1 with %q", resp.StatusCode, r, c.want)
			}
		})
	}
	if after := e.writes(); !equalCounts(before, after) {
		t.Errorf("refused calls wrote rows: before %v, after %v", before, after)
	}

	// English too
	if resp, r := e.raw("GET", "/api/sys/user/info?AccessToken="+strings.Repeat("0", 64), "", "", append(bearer, "Accept-Language", "en")...); resp.StatusCode != 400 ||
		r.Message != "The request carries more than one different session token (Authorization header, AccessToken parameter): send only one" {
		t.Errorf("English token conflict: %d %+v", resp.StatusCode, r)
	}

	// what stays allowed: the same token twice, tabs and line breaks in text, a list sent as repeated
	// parameters, a page past the end, a boundary value
	for _, ok := range []hostile{
		{name: "same token twice", method: "GET", path: "/api/sys/user/info?AccessToken=" + admin + "&AccessToken=" + admin, header: bearer},
		{name: "same value twice", method: "GET", path: "/api/sys/user/list?current=1&current=1", header: bearer},
		{name: "page past the end", method: "GET", path: "/api/sys/user/list?current=1000000&limit=100", header: bearer},
		{name: "a plain page", method: "GET", path: "/api/org/unit/list?current=1&limit=1", header: bearer},
	} {
		if resp, r := e.raw(ok.method, ok.path, ok.contentType, ok.body, ok.header...); resp.StatusCode != 200 || r.Code != 0 {
			t.Errorf("%s: HTTP %d %+v, want success", ok.name, resp.StatusCode, r)
		}
	}
	// the employee selector reads a list as repeated form fields
	if resp, r := e.raw("POST", "/api/employee/selector", form, "employeeCodes=a&employeeCodes=b", bearer...); resp.StatusCode != 200 || r.Code != 0 {
		t.Errorf("repeated list parameter: HTTP %d %+v", resp.StatusCode, r)
	}
	// and the write goes through once the value is in range
	if _, r := e.raw("POST", "/api/sys/dict/add", js, `{"key":"范围内","value":"in_range","sort":2147483647}`, bearer...); r.Code != 0 {
		t.Errorf("largest INTEGER refused: %+v", r)
	}
	// tabs and line breaks are text (multi-line fields); last, as a new sign-in ends admin's session
	if _, r := e.raw("POST", "/api/login", js, `{"LoginCode":"admin","PassWord":"Admin@123","os":"line1\n\tline2\r\n"}`); r.Code != 0 {
		t.Errorf("line breaks and tabs refused: %+v", r)
	}
}

func equalCounts(a, b map[string]int) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// TestNoRouteAnswers500ToHostileInput sends every route the hostile values of each class in every
// parameter name the handlers read, as a query and as a JSON body: whatever the route, the answer
// is an envelope below 500.
func TestNoRouteAnswers500ToHostileInput(t *testing.T) {
	t.Parallel() // the longest test (thousands of requests): it overlaps the tests that wait (schedules, other instances)
	if testing.Short() {
		t.Skip("sweeps every route")
	}
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	names := []string{"id", "ids", "current", "limit", "sort", "order", "state", "enabled", "isDefault", "level", "type",
		"inStatus", "parentId", "index", "visible", "year", "tagId", "recordId", "userId", "roleId", "fromUserId", "toUserId",
		"startTime", "endTime", "publishFrom", "publishTo", "dueDate", "name", "key", "value", "code", "keyword", "keywords",
		"title", "content", "unitCode", "items", "scopes", "sections", "expertIds", "roleIds", "secret", "amount", "facets", "inline"}
	typed := []string{"id", "ids", "current", "limit", "sort", "state", "enabled", "isDefault", "level", "type", "inStatus",
		"parentId", "index", "visible", "year", "tagId", "recordId", "userId", "roleId", "fromUserId", "toUserId", "startTime",
		"endTime", "publishFrom", "publishTo", "dueDate", "amount", "expertIds", "roleIds"}
	values := []string{"9223372036854775807", "-9223372036854775808", "2147483648", "1e309", "NaN", "-1", "0.5",
		"a\x00b", "\xff", "0000-00-00", "99999-12-31", "[]", "{}"}
	skip := map[string]bool{"POST /api/logout": true} // would end the session the sweep runs on
	for _, rt := range e.app.Routes() {
		if skip[rt.Method+" "+rt.Path] {
			continue
		}
		path := strings.NewReplacer("{name}", "x.png", "{id}", "1").Replace(rt.Path)
		for _, v := range values {
			q := url.Values{}
			body := map[string]any{}
			for _, n := range names {
				q.Set(n, v)
				body[n] = v
			}
			e.sweep(rt.Method, path, admin, q, body, v)
		}
		// one typed parameter at a time, so that the checks after the first one are reached too (text
		// is the input layer's alone, checked above)
		for _, n := range typed {
			for _, v := range []string{"9223372036854775807", "99999-01-01"} {
				e.sweep(rt.Method, path, admin, url.Values{n: {v}}, map[string]any{n: v}, n+"="+v)
			}
		}
	}
}

func (e *env) sweep(method, path, token string, q url.Values, body map[string]any, what string) {
	e.t.Helper()
	raw, _ := json.Marshal(body)
	sends := []struct{ query, ct, body string }{{q.Encode(), "", ""}, {"", "application/json", string(raw)}}
	if len(q) == 1 && method == "GET" {
		sends = sends[:1]
	} else if len(q) == 1 {
		sends = sends[1:]
	}
	for _, send := range sends {
		target := path
		if send.query != "" {
			target += "?" + send.query
		}
		resp, r := e.raw(method, target, send.ct, send.body, "Authorization", "Bearer "+token)
		if resp.StatusCode >= 500 || r.Code == 500 {
			e.t.Errorf("%s %s with %q: HTTP %d %+v", method, path, what, resp.StatusCode, r)
		}
	}
}
