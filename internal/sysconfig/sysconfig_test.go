package sysconfig_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/db"
	"biddesk/internal/sysconfig"
)

type paramRec struct {
	ID           int64    `json:"id"`
	Key          string   `json:"key"`
	Name         string   `json:"name"`
	Type         string   `json:"type"`
	Value        string   `json:"value"`
	DefaultValue string   `json:"defaultValue"`
	IsSet        bool     `json:"isSet"`
	Group        string   `json:"group"`
	Builtin      int      `json:"builtin"`
	Editable     int      `json:"editable"`
	Secret       int      `json:"secret"`
	Format       string   `json:"format"`
	Min          *float64 `json:"min"`
	Max          *float64 `json:"max"`
	Integer      bool     `json:"integer"`
	Maintainer   string   `json:"maintainer"`
	UpdatedBy    string   `json:"updatedBy"`
}

// param finds a parameter by its key through the list call.
func param(e *apptest.Env, tok, key string) paramRec {
	e.T.Helper()
	p := apptest.List[paramRec](e, "/api/sys/config/list", tok, url.Values{"key": {key}, "limit": {"100"}})
	for _, r := range p.Records {
		if r.Key == key {
			return r
		}
	}
	e.T.Fatalf("no parameter %s", key)
	return paramRec{}
}

func configItem(e *apptest.Env, tok, key string) (apptest.Envelope, map[string]any) {
	e.T.Helper()
	_, r := e.Call("GET", "/api/sys/common/config/item?key="+url.QueryEscape(key), tok, nil)
	var out map[string]any
	if r.Code == 0 {
		if err := json.Unmarshal(r.Data, &out); err != nil {
			e.T.Fatal(err)
		}
	}
	return r, out
}

func TestSysConfigListsTheBuiltInsWithTheirDefaults(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) {
		c.HelpURL = "https://help.example.org/start"
		c.SessionIdle = 90 * time.Minute
		c.SingleSession = false
	})
	tok := e.Login("admin", "Admin@123").AccessToken
	p := apptest.List[paramRec](e, "/api/sys/config/list", tok, url.Values{"limit": {"100"}})
	keys := []string{}
	for _, r := range p.Records {
		keys = append(keys, r.Key)
	}
	want := "sys.help_url,sys.logout_url,session.idle_minutes,session.absolute_hours,session.single,upload.max_size_mb,upload.allowed_suffixes," +
		"library.expiry_warning_days,portal.title,portal.logo_url,portal.header_links,portal.footer_links,portal.copyright,dataset.personal_columns," +
		"training.signin_before_minutes,training.signin_after_minutes"
	// every built-in is listed, in order; their number is read from the database, not assumed
	builtins := e.Count(`SELECT COUNT(*) FROM sys_config WHERE builtin = 1`)
	if strings.Join(keys, ",") != want || p.Total != builtins || builtins != len(keys) {
		t.Fatalf("built-ins: %v (%d of %d)", keys, p.Total, builtins)
	}
	// The defaults of the session policy and the URLs are this start's flags.
	for key, v := range map[string]string{"sys.help_url": "https://help.example.org/start", "sys.logout_url": "", "session.idle_minutes": "90",
		"session.absolute_hours": "12", "session.single": "false", "library.expiry_warning_days": "30", "upload.max_size_mb": "50"} {
		if r := param(e, tok, key); r.Value != v || r.DefaultValue != v || r.IsSet || r.Builtin != 1 {
			t.Errorf("%s: %+v, want %q", key, r, v)
		}
	}
	idle := param(e, tok, "session.idle_minutes")
	if idle.Type != "number" || idle.Min == nil || *idle.Min != 5 || *idle.Max != 1440 || !idle.Integer || idle.Editable != 1 {
		t.Errorf("idle rules: %+v", idle)
	}
	if title := param(e, tok, "portal.title"); title.Editable != 0 || title.Maintainer != "headerAndfooter_manager" {
		t.Errorf("portal title is maintained in the header-and-footer screen: %+v", title)
	}
	t.Run("filters", func(t *testing.T) {
		for _, c := range []struct {
			name string
			q    url.Values
			want int
		}{
			{"a keyword in the key", url.Values{"keywords": {"session"}}, 3},
			{"a keyword in the name", url.Values{"keywords": {"帮助"}}, 1},
			{"a group", url.Values{"group": {"portal"}}, 5},
			{"a type", url.Values{"type": {"boolean"}}, 1},
			{"custom only", url.Values{"builtin": {"0"}}, 0},
			{"a name", url.Values{"name": {"上传"}}, 2},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				if p := apptest.List[paramRec](e.For(t), "/api/sys/config/list", tok, c.q); p.Total != c.want {
					t.Errorf("%v: %d, want %d", c.q, p.Total, c.want)
				}
			})
		}
	})
	if p := apptest.List[paramRec](e, "/api/sys/config/list", tok, url.Values{"sort": {"key"}, "order": {"desc"}, "limit": {"2"}}); p.Records[0].Key != "upload.max_size_mb" || p.Pages != (builtins+1)/2 {
		t.Errorf("sorted by key: %+v", p)
	}
	for _, bad := range []string{"sort=config_value", "type=xml", "builtin=2", "limit=101"} {
		if _, r := e.Call("GET", "/api/sys/config/list?"+bad, tok, nil); r.Code != 1 {
			t.Errorf("%s: %+v", bad, r)
		}
	}
}

func TestSysConfigValuesAreValidatedByType(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	edit := func(key string, value any) apptest.Envelope {
		_, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": param(e, tok, key).ID, "value": value})
		return r
	}
	for _, c := range []struct {
		key   string
		value any
		msg   string
	}{
		{"session.idle_minutes", "abc", "「会话空闲超时（分钟）」须为数字"},
		{"session.idle_minutes", 2.5, "「会话空闲超时（分钟）」须为整数"},
		{"session.idle_minutes", 4, "「会话空闲超时（分钟）」须在5到1440之间"},
		{"session.idle_minutes", 1441, "「会话空闲超时（分钟）」须在5到1440之间"},
		{"session.idle_minutes", "NaN", "「会话空闲超时（分钟）」须为数字"},
		{"session.single", "yes", "「单点会话」只能是 true 或 false"},
		{"sys.help_url", "javascript:alert(1)", "「帮助中心地址」须为 http(s) 地址或以 / 开头的站内路径"},
		{"sys.help_url", "JavaScript:alert(1)//https://x", "「帮助中心地址」须为 http(s) 地址或以 / 开头的站内路径"},
		{"sys.help_url", "//evil.example.com/x", "「帮助中心地址」须为 http(s) 地址或以 / 开头的站内路径"},
		{"sys.help_url", "ftp://files.example.com", "「帮助中心地址」须为 http(s) 地址或以 / 开头的站内路径"},
		{"sys.help_url", "https://", "「帮助中心地址」须为 http(s) 地址或以 / 开头的站内路径"},
		{"sys.help_url", "", "请填写「帮助中心地址」"},
		{"sys.logout_url", "data:text/html,<script>", "「退出登录地址」须为 http(s) 地址或以 / 开头的站内路径"},
		{"upload.allowed_suffixes", "pdf, ex e", "「允许上传的文件后缀」须为逗号分隔的文件后缀，如 pdf,docx"},
		{"portal.title", "x", "参数「门户标题」在「页眉页脚」中维护，不能在此修改"},
	} {
		if r := edit(c.key, c.value); r.Code != 1 || r.Message != c.msg {
			t.Errorf("%s=%v: %+v, want %s", c.key, c.value, r, c.msg)
		}
	}
	// Accepted values are stored in their canonical form.
	for _, c := range []struct {
		key   string
		value any
		want  string
	}{
		{"session.idle_minutes", "30.0", "30"},
		{"session.single", 0, "false"},
		{"session.single", true, "true"},
		{"sys.help_url", " https://Help.Example.com/a?b=1#c ", "https://Help.Example.com/a?b=1#c"},
		{"sys.logout_url", "/login", "/login"},
		{"sys.logout_url", "", ""},
		{"upload.allowed_suffixes", ".PDF, docx,,Pdf", "pdf,docx"},
	} {
		if r := edit(c.key, c.value); r.Code != 0 {
			t.Fatalf("%s=%v: %+v", c.key, c.value, r)
		}
		if got := param(e, tok, c.key); got.Value != c.want || !got.IsSet || got.UpdatedBy != "admin" {
			t.Errorf("%s=%v stored as %+v, want %q", c.key, c.value, got, c.want)
		}
	}
	// Reset forgets the stored value: the default applies again.
	if _, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": param(e, tok, "session.idle_minutes").ID, "reset": true}); r.Code != 0 {
		t.Fatalf("reset: %+v", r)
	}
	if got := param(e, tok, "session.idle_minutes"); got.IsSet || got.Value != "120" {
		t.Errorf("after reset: %+v", got)
	}
	if _, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"value": "1"}); r.Message != "缺少参数 id" {
		t.Errorf("edit without id: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": 424242, "value": "1"}); r.Message != "参数不存在" {
		t.Errorf("edit unknown: %+v", r)
	}
	// English messages follow Accept-Language.
	_, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": param(e, tok, "session.single").ID, "value": "maybe"}, "Accept-Language", "en")
	if r.Message != "\"单点会话\" must be true or false" {
		t.Errorf("english: %+v", r)
	}
}

func TestSysConfigCustomParametersAndTheBusinessLog(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	add := func(form map[string]any) apptest.Envelope {
		_, r := e.Call("POST", "/api/sys/config/add", tok, form)
		return r
	}
	for _, c := range []struct {
		form map[string]any
		msg  string
	}{
		{map[string]any{"name": "x", "type": "text"}, "请填写参数键"},
		{map[string]any{"key": "1abc", "name": "x", "type": "text"}, "参数键须以字母开头，由字母、数字、点、下划线或短横线组成，长度不超过64"},
		{map[string]any{"key": "a b", "name": "x", "type": "text"}, "参数键须以字母开头，由字母、数字、点、下划线或短横线组成，长度不超过64"},
		{map[string]any{"key": "sys.help_url", "name": "x", "type": "text"}, "参数键「sys.help_url」已存在"},
		{map[string]any{"key": "k", "type": "text"}, "请填写参数名称"},
		{map[string]any{"key": "k", "name": "x", "type": "xml"}, "参数类型只能是 text、number、boolean 或 json"},
		{map[string]any{"key": "k", "name": "数量", "type": "number", "value": "ten"}, "「数量」须为数字"},
		{map[string]any{"key": "k", "name": "开关", "type": "boolean", "value": ""}, "「开关」只能是 true 或 false"},
		{map[string]any{"key": "k", "name": "映射", "type": "json", "value": "{a:1}"}, "「映射」不是有效的 JSON"},
		{map[string]any{"key": "k", "name": "长", "type": "text", "value": strings.Repeat("x", 10001)}, "「长」长度不能超过10000"},
		{map[string]any{"key": "k", "name": "x", "type": "text", "secret": 2}, "是否保密只能是0或1"},
	} {
		if r := add(c.form); r.Code != 1 || r.Message != c.msg {
			t.Errorf("add %v: %+v, want %s", c.form, r, c.msg)
		}
	}
	r := add(map[string]any{"key": "demo.thresholds", "name": "阈值", "type": "json", "value": `{"warn": 3, "stop": [1, 2]}`, "group": "demo", "description": "示例"})
	var created struct {
		ID int64 `json:"id"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &created) != nil || created.ID == 0 {
		t.Fatalf("add json: %+v", r)
	}
	if r := add(map[string]any{"key": "demo.thresholds", "name": "重复", "type": "text"}); r.Message != "参数键「demo.thresholds」已存在" {
		t.Errorf("duplicate key: %+v", r)
	}
	add(map[string]any{"key": "demo.max", "name": "上限", "type": "number", "value": "-2.5"})
	add(map[string]any{"key": "demo.on", "name": "开关", "type": "boolean", "value": "1"})
	if r := add(map[string]any{"key": "demo.api_secret", "name": "接口密钥", "type": "text", "value": "s3cr3t-value", "secret": 1}); r.Code != 0 {
		t.Fatalf("add secret: %+v", r)
	}

	// config/item: typed values for any signed-in user; secret and unknown keys refused clearly.
	if _, v := configItem(e, staff, "demo.thresholds"); v["type"] != "json" || v["value"].(map[string]any)["warn"] != float64(3) {
		t.Errorf("json item: %+v", v)
	}
	if _, v := configItem(e, staff, "demo.max"); v["value"] != -2.5 {
		t.Errorf("number item: %+v", v)
	}
	if _, v := configItem(e, staff, "demo.on"); v["value"] != true {
		t.Errorf("boolean item: %+v", v)
	}
	if _, v := configItem(e, staff, "sys.help_url"); v["value"] != "https://help.example.com" || v["key"] != "sys.help_url" {
		t.Errorf("help url item: %+v", v)
	}
	if r, _ := configItem(e, staff, "demo.api_secret"); r.Code != 1 || r.Message != "参数「demo.api_secret」为保密参数，不能读取" || strings.Contains(string(r.Data), "s3cr3t") {
		t.Errorf("secret item: %+v", r)
	}
	if r, _ := configItem(e, staff, "no.such.key"); r.Code != 1 || r.Message != "参数「no.such.key」不存在" {
		t.Errorf("unknown item: %+v", r)
	}
	if r, _ := configItem(e, staff, ""); r.Message != "缺少参数 key" {
		t.Errorf("item without key: %+v", r)
	}

	// The secret never leaves the server: masked in the list, the export and the business log.
	sec := param(e, tok, "demo.api_secret")
	if sec.Value != "******" || sec.DefaultValue != "" || sec.Secret != 1 {
		t.Errorf("secret in list: %+v", sec)
	}
	// Left blank on edit, a secret keeps its value; renamed meanwhile.
	if _, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": sec.ID, "name": "接口密钥（新）", "type": "text"}); r.Code != 0 {
		t.Fatalf("edit secret without value: %+v", r)
	}
	var stored string
	if err := e.App.DB.QueryRow(t.Context(), `SELECT config_value FROM sys_config WHERE id = ?`, sec.ID).Scan(&stored); err != nil || stored != "s3cr3t-value" {
		t.Errorf("secret kept: %q %v", stored, err)
	}
	e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": sec.ID, "name": "接口密钥", "type": "text", "value": "n3w-s3cr3t"})
	_, body := e.Fetch("/api/sys/config/export?ticket="+e.Ticket(tok, "/api/sys/config/export")+"&builtin=0", "")
	rows := apptest.SheetRows(t, body)
	if strings.Join(rows[0], "|") != "参数键|参数名称|分组|类型|参数值|默认值|内置|保密|说明|修改时间|修改人" || len(rows) != 5 {
		t.Fatalf("export: %q", rows)
	}
	for _, row := range rows {
		if strings.Contains(strings.Join(row, "|"), "s3cr3t") {
			t.Errorf("secret exported: %q", row)
		}
		if row[0] == "demo.api_secret" && row[4] != "******" {
			t.Errorf("secret row: %q", row)
		}
	}

	// A custom parameter's type may change if its value fits; built-ins cannot be deleted.
	if _, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": created.ID, "name": "阈值", "type": "number", "value": `{"warn": 3}`}); r.Message != "「阈值」须为数字" {
		t.Errorf("type change with a misfit value: %+v", r)
	}
	if _, r := e.Call("PUT", "/api/sys/config/edit", tok, map[string]any{"id": created.ID, "reset": true}); r.Message != "只有内置参数可以恢复默认值" {
		t.Errorf("reset a custom parameter: %+v", r)
	}
	help := param(e, tok, "sys.help_url")
	if _, r := e.Call("DELETE", "/api/sys/config/del", tok, map[string]any{"ids": []int64{created.ID, help.ID}}); r.Message != "内置参数「帮助中心地址」不能删除" {
		t.Errorf("delete a built-in: %+v", r)
	}
	if p := apptest.List[paramRec](e, "/api/sys/config/list", tok, url.Values{"builtin": {"0"}}); p.Total != 4 {
		t.Errorf("a refused batch deleted something: %d", p.Total)
	}
	if _, r := e.Call("DELETE", "/api/sys/config/del?ids="+itoa(created.ID), tok, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if r, _ := configItem(e, staff, "demo.thresholds"); r.Message != "参数「demo.thresholds」不存在" {
		t.Errorf("deleted parameter still served: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/config/del", tok, nil); r.Message != "缺少参数 ids" {
		t.Errorf("delete nothing: %+v", r)
	}

	// Every write is in the business log; the secret in none of it.
	lines, _, _ := e.BusinessLog("sys_config")
	want := "create demo.thresholds,create demo.max,create demo.on,create demo.api_secret,update demo.api_secret,update demo.api_secret,delete demo.thresholds"
	if strings.Join(lines, ",") != want {
		t.Errorf("business log: %v", lines)
	}
	var leaks int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM business_log WHERE before_data LIKE '%cr3t%' OR after_data LIKE '%cr3t%'`).Scan(&leaks); err != nil || leaks != 0 {
		t.Errorf("secret in the business log: %d %v", leaks, err)
	}
}

func TestSessionPolicyAndURLsTakeEffectWithoutRestart(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken

	// Single session on (the flag's default): a second sign-in ends the first. Off: both live, at once.
	first := e.Login("staff", "Staff@123").AccessToken
	e.Login("staff", "Staff@123")
	if _, r := e.Call("GET", "/api/sys/user/session", first, nil); r.Code != 10006 {
		t.Fatalf("single session: %+v", r)
	}
	e.SetParam(admin, "session.single", false)
	a := e.Login("staff", "Staff@123").AccessToken
	b := e.Login("staff", "Staff@123").AccessToken
	for _, tok := range []string{a, b} {
		if _, r := e.Call("GET", "/api/sys/user/session", tok, nil); r.Code != 0 {
			t.Fatalf("with single-session off both sessions live: %+v", r)
		}
	}

	// Idle expiry: a session idle for 30 minutes lives under the default 120, dies once the policy says 20.
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_session SET last_seen_at = ? WHERE ended_at IS NULL AND user_id = (SELECT id FROM sys_user WHERE login_code = 'staff')`, time.Now().UTC().Add(-30*time.Minute)); err != nil {
		t.Fatal(err)
	}
	// Thirty minutes without a call: the guard's cache forgets what it saw, as it would by then.
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'`); err != nil {
		t.Fatal(err)
	}
	if _, r := e.Call("GET", "/api/sys/user/session", a, nil); r.Code != 0 {
		t.Fatalf("idle 30 min under 120: %+v", r)
	}
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_session SET last_seen_at = ? WHERE ended_at IS NULL AND user_id = (SELECT id FROM sys_user WHERE login_code = 'staff')`, time.Now().UTC().Add(-30*time.Minute)); err != nil {
		t.Fatal(err)
	}
	// Thirty minutes without a call: the guard's cache forgets what it saw, as it would by then.
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'`); err != nil {
		t.Fatal(err)
	}
	e.SetParam(admin, "session.idle_minutes", 20)
	if _, r := e.Call("GET", "/api/sys/user/session", b, nil); r.Code != 10005 {
		t.Fatalf("idle 30 min under 20: %+v", r)
	}

	// Absolute expiry applies to the next sign-in.
	e.SetParam(admin, "session.absolute_hours", 2)
	e.Login("staff", "Staff@123")
	var expires, created time.Time
	if err := e.App.DB.QueryRow(t.Context(), `SELECT s.expires_at, s.created_at FROM sys_session s JOIN sys_user u ON u.id = s.user_id WHERE u.login_code = 'staff' ORDER BY s.id DESC LIMIT 1`).Scan(&expires, &created); err != nil {
		t.Fatal(err)
	}
	if d := expires.Sub(created); d != 2*time.Hour {
		t.Errorf("absolute expiry of a new session: %s", d)
	}

	// The logout URL: empty by default (back to /login), then what the administrator set.
	tok := e.Login("staff", "Staff@123").AccessToken
	if _, r := e.Call("POST", "/api/logout", tok, nil); r.Code != 0 || string(r.Data) != `""` {
		t.Fatalf("default logout: %+v", r)
	}
	e.SetParam(admin, "sys.logout_url", "https://sso.example.com/logout?from=biddesk")
	su := e.Login("staff", "Staff@123")
	if _, r := e.Call("POST", "/api/logout", su.AccessToken, nil); r.Code != 0 || string(r.Data) != `"https://sso.example.com/logout?from=biddesk"` {
		t.Fatalf("configured logout: %+v", r)
	}

	// The session user carries the live help and logout URLs.
	e.SetParam(admin, "sys.help_url", "/help/centre")
	_, r := e.Call("POST", "/api/login", "", map[string]string{"LoginCode": "staff", "PassWord": "Staff@123"})
	var login struct {
		HelpURL   string `json:"helpUrl"`
		LogoutURL string `json:"logout_url"`
	}
	if json.Unmarshal(r.Data, &login) != nil || login.HelpURL != "/help/centre" || login.LogoutURL != "https://sso.example.com/logout?from=biddesk" {
		t.Errorf("session user URLs: %s", r.Data)
	}
}

// The flags stay the defaults: a value the administrator never set follows them exactly.
func TestFlagsRemainTheDefaults(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) {
		c.SessionIdle = 300 * time.Millisecond
		c.LogoutURL = "/bye"
	})
	tok := e.Login("staff", "Staff@123").AccessToken
	time.Sleep(450 * time.Millisecond)
	if _, r := e.Call("GET", "/api/sys/user/session", tok, nil); r.Code != 10005 {
		t.Fatalf("idle flag: %+v", r)
	}
	tok = e.Login("staff", "Staff@123").AccessToken
	if _, r := e.Call("POST", "/api/logout", tok, nil); string(r.Data) != `"/bye"` {
		t.Fatalf("logout flag: %+v", r)
	}
	// The typed getters other areas use (uploads, library warnings).
	up := e.App.SysConfig.Upload()
	if up.MaxBytes != 50<<20 || !strings.HasPrefix(up.Suffixes, "pdf,doc,docx") || e.App.SysConfig.ExpiryWarningDays() != 30 {
		t.Errorf("typed getters: %+v %d", up, e.App.SysConfig.ExpiryWarningDays())
	}
}

type layoutRec struct {
	Title       string `json:"title"`
	LogoURL     string `json:"logoUrl"`
	HeaderLinks []struct {
		Title  string `json:"title"`
		URL    string `json:"url"`
		NewTab bool   `json:"newTab"`
	} `json:"headerLinks"`
	FooterLinks []struct {
		Title string `json:"title"`
		URL   string `json:"url"`
	} `json:"footerLinks"`
	Copyright string `json:"copyright"`
}

func layout(e *apptest.Env, tok string) layoutRec {
	e.T.Helper()
	_, r := e.Call("GET", "/api/sys/common/portal/layout", tok, nil)
	var l layoutRec
	if r.Code != 0 || json.Unmarshal(r.Data, &l) != nil {
		e.T.Fatalf("layout: %+v", r)
	}
	return l
}

func TestPortalHeaderAndFooter(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	if l := layout(e, staff); l.Title != "BidDesk 投标支持工作台" || l.LogoURL != "/favicon.svg" || len(l.HeaderLinks) != 0 || l.FooterLinks == nil || !strings.Contains(l.Copyright, "BidDesk") {
		t.Fatalf("default layout: %+v", l)
	}
	good := map[string]any{
		"title":       "投标资料门户",
		"logoUrl":     "/favicon.svg",
		"headerLinks": []map[string]any{{"title": "集团官网", "url": "https://www.example.com", "newTab": true}, {"title": "资料检索", "url": "/gatewaySearch"}},
		"footerLinks": []map[string]any{{"title": "联系我们", "url": "mailto:x@example.com"}},
		"copyright":   "© 2025 示例集团",
	}
	edit := func(patch map[string]any) apptest.Envelope {
		body := map[string]any{}
		for k, v := range good {
			body[k] = v
		}
		for k, v := range patch {
			body[k] = v
		}
		_, r := e.Call("PUT", "/api/sys/headerFooter/edit", admin, body)
		return r
	}
	for _, c := range []struct {
		patch map[string]any
		msg   string
	}{
		{map[string]any{}, "第1个链接的地址须为 http(s) 地址或以 / 开头的站内路径"}, // the mailto footer link
		{map[string]any{"footerLinks": []any{}, "title": " "}, "请填写「门户标题」"},
		{map[string]any{"footerLinks": []any{}, "title": strings.Repeat("标", 51)}, "「门户标题」长度不能超过50"},
		{map[string]any{"footerLinks": []any{}, "logoUrl": "https://cdn.example.com/logo.png"}, "「门户 Logo」须为以 / 开头的站内路径"},
		{map[string]any{"footerLinks": []any{}, "logoUrl": "javascript:alert(1)"}, "「门户 Logo」须为以 / 开头的站内路径"},
		{map[string]any{"footerLinks": []any{}, "headerLinks": []map[string]any{{"title": "x", "url": "javascript:alert(1)"}}}, "第1个链接的地址须为 http(s) 地址或以 / 开头的站内路径"},
		{map[string]any{"footerLinks": []any{}, "headerLinks": []map[string]any{{"title": "ok", "url": "/a"}, {"title": "", "url": "/b"}}}, "第2个链接缺少名称"},
		{map[string]any{"footerLinks": []any{}, "headerLinks": []map[string]any{{"title": strings.Repeat("长", 31), "url": "/b"}}}, "第1个链接的名称长度不能超过30"},
		{map[string]any{"footerLinks": []any{}, "headerLinks": "not json"}, "「页头链接」不是有效的 JSON"},
		{map[string]any{"footerLinks": []any{}, "headerLinks": map[string]any{"title": "x"}}, "链接列表格式不正确"},
		{map[string]any{"footerLinks": []any{}, "headerLinks": make([]map[string]any, 11)}, "链接不能超过10个"},
		{map[string]any{"footerLinks": []any{}, "copyright": strings.Repeat("c", 201)}, "「版权信息」长度不能超过200"},
	} {
		if r := edit(c.patch); r.Code != 1 || r.Message != c.msg {
			t.Errorf("layout %v: %+v, want %s", c.patch, r, c.msg)
		}
	}
	if l := layout(e, staff); l.Title != "BidDesk 投标支持工作台" {
		t.Fatalf("a refused edit changed the layout: %+v", l)
	}
	if r := edit(map[string]any{"footerLinks": []map[string]any{{"title": " 联系我们 ", "url": "/gatewayMsg"}}}); r.Code != 0 {
		t.Fatalf("layout edit: %+v", r)
	}
	l := layout(e, staff)
	if l.Title != "投标资料门户" || len(l.HeaderLinks) != 2 || l.HeaderLinks[0].URL != "https://www.example.com" || !l.HeaderLinks[0].NewTab ||
		l.HeaderLinks[1].NewTab || len(l.FooterLinks) != 1 || l.FooterLinks[0].Title != "联系我们" || l.Copyright != "© 2025 示例集团" {
		t.Errorf("layout after edit: %+v", l)
	}
	// The same values are the portal.* parameters; config/item serves them typed.
	if _, v := configItem(e, staff, "portal.header_links"); len(v["value"].([]any)) != 2 {
		t.Errorf("header links item: %+v", v)
	}
	if p := param(e, admin, "portal.title"); p.Value != "投标资料门户" || p.UpdatedBy != "admin" {
		t.Errorf("portal.title parameter: %+v", p)
	}
	lines, before, after := e.BusinessLog("headerAndfooter_manager")
	if strings.Join(lines, ",") != "update 门户页眉页脚" || !strings.Contains(before, "BidDesk 投标支持工作台") || !strings.Contains(after, "投标资料门户") {
		t.Errorf("business log: %v %s %s", lines, before, after)
	}
	// Form-encoded clients send the lists as JSON text.
	_, r := e.Call("PUT", "/api/sys/headerFooter/edit", admin, url.Values{"title": {"门户"}, "headerLinks": {`[{"title":"首页","url":"/gateway"}]`}, "copyright": {""}})
	if r.Code != 0 {
		t.Fatalf("form edit: %+v", r)
	}
	if l := layout(e, staff); l.Title != "门户" || len(l.HeaderLinks) != 1 || len(l.FooterLinks) != 0 || l.LogoURL != "" || l.Copyright != "" {
		t.Errorf("after form edit: %+v", l)
	}
}

type noticeRec struct {
	ID       int64  `json:"id"`
	Title    string `json:"title"`
	Content  string `json:"content"`
	Level    string `json:"level"`
	Audience string `json:"audience"`
	StartAt  string `json:"startAt"`
	EndAt    string `json:"endAt"`
	Enabled  int    `json:"enabled"`
	State    string `json:"state"`
}

func notices(e *apptest.Env, tok string) []noticeRec {
	e.T.Helper()
	_, r := e.Call("GET", "/api/sys/common/notice/get", tok, nil)
	var out []noticeRec
	if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
		e.T.Fatalf("notice/get: %+v", r)
	}
	return out
}

func titles(ns []noticeRec) string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Title)
	}
	return strings.Join(out, ",")
}

func TestSystemNoticesFollowTheirWindowAndAudience(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	_, pr := e.Call("POST", "/api/outSite/login", "", map[string]string{"LoginCode": "partner", "PassWord": "Partner@123"})
	var ps apptest.SessionUser
	if pr.Code != 0 || json.Unmarshal(pr.Data, &ps) != nil {
		t.Fatalf("external sign-in: %+v", pr)
	}
	partner := ps.AccessToken
	if got := notices(e, staff); len(got) != 0 {
		t.Fatalf("no notices yet: %+v", got)
	}
	now := time.Now().UTC()
	add := func(form map[string]any) int64 {
		_, r := e.Call("POST", "/api/sys/notice/add", admin, form)
		var out struct {
			ID int64 `json:"id"`
		}
		if r.Code != 0 || json.Unmarshal(r.Data, &out) != nil {
			t.Fatalf("notice add %v: %+v", form, r)
		}
		return out.ID
	}
	for _, c := range []struct {
		form map[string]any
		msg  string
	}{
		{map[string]any{"content": "x"}, "请填写公告标题"},
		{map[string]any{"title": strings.Repeat("标", 101)}, "公告标题长度不能超过100"},
		{map[string]any{"title": "x", "content": strings.Repeat("c", 2001)}, "公告内容长度不能超过2000"},
		{map[string]any{"title": "x", "level": "urgent"}, "公告级别只能是 info、warning 或 important"},
		{map[string]any{"title": "x", "audience": "guests"}, "公告对象只能是 all、staff 或 external"},
		{map[string]any{"title": "x", "startAt": "tomorrow"}, "参数 startAt 不是有效的时间"},
		{map[string]any{"title": "x", "startAt": now.Format(time.RFC3339), "endAt": now.Add(-time.Hour).Format(time.RFC3339)}, "结束时间须晚于开始时间"},
		{map[string]any{"title": "x", "enabled": 3}, "启用状态只能是0（停用）或1（启用）"},
	} {
		if _, r := e.Call("POST", "/api/sys/notice/add", admin, c.form); r.Code != 1 || r.Message != c.msg {
			t.Errorf("notice add %v: %+v, want %s", c.form, r, c.msg)
		}
	}
	open := add(map[string]any{"title": "系统升级", "content": "今晚 22:00 升级"})
	add(map[string]any{"title": "紧急通知", "level": "important", "startAt": now.Add(-time.Hour).Format(time.RFC3339), "endAt": now.Add(time.Hour).Format(time.RFC3339)})
	add(map[string]any{"title": "明日公告", "startAt": now.Add(24 * time.Hour).Format(time.RFC3339)})
	add(map[string]any{"title": "已过期", "endAt": now.Add(-time.Minute).Format(time.RFC3339)})
	add(map[string]any{"title": "已停用", "enabled": 0})
	add(map[string]any{"title": "员工须知", "audience": "staff", "level": "warning"})
	add(map[string]any{"title": "合作伙伴须知", "audience": "external"})

	if got := titles(notices(e, staff)); got != "紧急通知,员工须知,系统升级" {
		t.Errorf("staff notices: %s", got)
	}
	if got := titles(notices(e, partner)); got != "紧急通知,合作伙伴须知,系统升级" {
		t.Errorf("partner notices: %s", got)
	}
	// The admin list shows every notice with its state.
	p := apptest.List[noticeRec](e, "/api/sys/notice/list", admin, url.Values{"limit": {"20"}})
	states := map[string]string{}
	for _, n := range p.Records {
		states[n.Title] = n.State
	}
	if p.Total != 7 || states["明日公告"] != "scheduled" || states["已过期"] != "expired" || states["已停用"] != "disabled" || states["系统升级"] != "active" {
		t.Errorf("notice list: %d %v", p.Total, states)
	}
	if p := apptest.List[noticeRec](e, "/api/sys/notice/list", admin, url.Values{"keywords": {"22:00"}}); p.Total != 1 || p.Records[0].ID != open {
		t.Errorf("notice search: %+v", p)
	}
	// Edit: ending the window takes it off the portal.
	if _, r := e.Call("PUT", "/api/sys/notice/edit", admin, map[string]any{"id": open, "title": "系统升级完成", "endAt": now.Add(-time.Second).Format(time.RFC3339)}); r.Code != 0 {
		t.Fatalf("notice edit: %+v", r)
	}
	if got := titles(notices(e, staff)); got != "紧急通知,员工须知" {
		t.Errorf("after edit: %s", got)
	}
	if _, r := e.Call("PUT", "/api/sys/notice/edit", admin, map[string]any{"id": 424242, "title": "x"}); r.Message != "公告不存在" {
		t.Errorf("edit unknown notice: %+v", r)
	}
	if _, r := e.Call("DELETE", "/api/sys/notice/del", admin, map[string]any{"id": open}); r.Code != 0 {
		t.Fatalf("notice delete: %+v", r)
	}
	lines, _, _ := e.BusinessLog("sys_config")
	if len(lines) != 9 || lines[0] != "create 系统升级" || lines[7] != "update 系统升级完成" || lines[8] != "delete 系统升级完成" {
		t.Errorf("business log: %v", lines)
	}
}

func TestConfigCallsNeedTheFunctionCode(t *testing.T) {
	e := apptest.New(t)
	for _, who := range [][2]string{{"staff", "Staff@123"}, {"libadmin", "Library@123"}} {
		tok := e.Login(who[0], who[1]).AccessToken
		for _, c := range [][2]string{
			{"GET", "/api/sys/config/list"}, {"POST", "/api/sys/config/add"}, {"PUT", "/api/sys/config/edit"}, {"DELETE", "/api/sys/config/del"},
			{"GET", "/api/sys/config/export"}, {"GET", "/api/sys/notice/list"}, {"POST", "/api/sys/notice/add"}, {"PUT", "/api/sys/notice/edit"},
			{"DELETE", "/api/sys/notice/del"}, {"PUT", "/api/sys/headerFooter/edit"},
		} {
			resp, r := e.Call(c[0], c[1], tok, map[string]any{"id": 1, "ids": []int{1}, "key": "x.y", "name": "x", "type": "text", "value": "v", "title": "被拒绝"})
			if resp.StatusCode != 403 || r.Code != 403 {
				t.Errorf("%s %s %s: HTTP %d %+v", who[0], c[0], c[1], resp.StatusCode, r)
			}
		}
		// The common calls need only a session.
		for _, p := range []string{"/api/sys/common/config/item?key=sys.help_url", "/api/sys/common/notice/get", "/api/sys/common/portal/layout"} {
			if _, r := e.Call("GET", p, tok, nil); r.Code != 0 {
				t.Errorf("%s %s: %+v", who[0], p, r)
			}
		}
	}
	for _, p := range []string{"/api/sys/common/config/item?key=sys.help_url", "/api/sys/common/notice/get", "/api/sys/common/portal/layout", "/api/sys/config/list"} {
		if resp, r := e.Call("GET", p, "", nil); resp.StatusCode != 401 || r.Code != 10005 {
			t.Errorf("anonymous %s: %d %+v", p, resp.StatusCode, r)
		}
	}
	var n int
	if err := e.App.DB.QueryRow(t.Context(), `SELECT (SELECT COUNT(*) FROM sys_config WHERE config_key = 'x.y') + (SELECT COUNT(*) FROM sys_notice) + (SELECT COUNT(*) FROM business_log)`).Scan(&n); err != nil || n != 0 {
		t.Errorf("a refused call wrote: %d %v", n, err)
	}
}

// A write through the API reloads the cache at once; a write by another instance (here: a transaction that bumps
// the change bus's version behind this server's back) on the bus's next check.
func TestConfigCacheFollowsWrites(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	e.SetParam(admin, "library.expiry_warning_days", 60)
	if got := e.App.SysConfig.ExpiryWarningDays(); got != 60 {
		t.Errorf("after an API write: %d", got)
	}
	// A change nobody announced stays unseen...
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_config SET config_value = '45' WHERE config_key = 'library.expiry_warning_days'`); err != nil {
		t.Fatal(err)
	}
	if err := e.App.Changes.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := e.App.SysConfig.ExpiryWarningDays(); got != 60 {
		t.Errorf("an unannounced change was loaded: %d", got)
	}
	// ... another instance's write bumps the topic, and the next check reloads.
	err := e.App.DB.InTx(t.Context(), func(tx *db.Tx) error {
		if _, err := tx.Exec(t.Context(), `UPDATE sys_config SET config_value = '90' WHERE config_key = 'library.expiry_warning_days'`); err != nil {
			return err
		}
		_, err := changes.Bump(t.Context(), tx, sysconfig.Topic)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.App.Changes.Check(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := e.App.SysConfig.ExpiryWarningDays(); got != 90 {
		t.Errorf("after another instance's write: %d", got)
	}
	// A stored value that breaks the rules (written by hand) is ignored in favour of the default.
	if _, err := e.App.DB.Exec(t.Context(), `UPDATE sys_config SET config_value = 'javascript:alert(1)' WHERE config_key = 'sys.help_url'`); err != nil {
		t.Fatal(err)
	}
	if err := e.App.SysConfig.Reload(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := e.App.SysConfig.HelpURL(); got != "https://help.example.com" {
		t.Errorf("invalid stored help URL served: %q", got)
	}
}
