package app_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
)

type loginLogRec struct {
	LoginCode string `json:"loginCode"`
	UserName  string `json:"userName"`
	Result    string `json:"result"`
	Reason    string `json:"reason"`
	IP        string `json:"ip"`
	OS        string `json:"os"`
	Site      string `json:"site"`
	CreatedAt string `json:"createdAt"`
}

// fetch GETs a URL without the JSON envelope handling (files).
func (e *env) fetch(path, token string, header ...string) (*http.Response, []byte) {
	e.t.Helper()
	return e.send("GET", path, token, nil, "", header)
}

func (e *env) ticket(token, path string) string {
	e.t.Helper()
	_, r := e.call("POST", "/api/sys/common/ticket", token, map[string]string{"path": path})
	var tk struct {
		Ticket    string `json:"ticket"`
		ExpiresIn int    `json:"expiresIn"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &tk) != nil || len(tk.Ticket) != 64 || tk.ExpiresIn != 60 {
		e.t.Fatalf("ticket for %s: %+v", path, r)
	}
	return tk.Ticket
}

func sheetRows(t *testing.T, body []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(body, []byte("PK")) {
		t.Fatalf("not an xlsx: %q", body[:min(len(body), 200)])
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestLoginLogListFiltersAndSorts(t *testing.T) {
	e := newEnv(t)
	e.call("POST", "/api/login", "", map[string]string{"LoginCode": "staff", "PassWord": "Wrong#123", "os": "Windows 10"})
	e.call("POST", "/api/login", "", map[string]string{"LoginCode": "ghost", "PassWord": "Wrong#123"})
	e.login("staff", "Staff@123")
	tok := e.login("admin", "Admin@123").AccessToken

	all := apptest.List[loginLogRec](e.Env, "/api/sys/loginLog/list", tok, nil)
	if all.Total != 4 || all.Records[0].LoginCode != "admin" || all.Records[0].Result != "success" || all.Records[0].UserName != "系统管理员" {
		t.Fatalf("newest first: %+v", all)
	}
	fail := apptest.List[loginLogRec](e.Env, "/api/sys/loginLog/list", tok, url.Values{"result": {"failure"}, "sort": {"createdAt"}, "order": {"asc"}})
	if fail.Total != 2 || fail.Records[0].Reason != "bad_password" || fail.Records[0].OS != "Windows 10" || fail.Records[0].UserName != "张晓东" || fail.Records[1].Reason != "unknown_account" {
		t.Fatalf("failures, oldest first: %+v", fail)
	}
	if p := apptest.List[loginLogRec](e.Env, "/api/sys/loginLog/list", tok, url.Values{"loginCode": {"STA"}, "result": {"success"}}); p.Total != 1 {
		t.Errorf("login code + result: %+v", p)
	}
	if p := apptest.List[loginLogRec](e.Env, "/api/sys/loginLog/list", tok, url.Values{"site": {"external"}}); p.Total != 0 {
		t.Errorf("site: %+v", p)
	}
	if p := apptest.List[loginLogRec](e.Env, "/api/sys/loginLog/list", tok, url.Values{"ip": {"127.0.0.1"}}); p.Total != 4 {
		t.Errorf("ip: %+v", p)
	}
	now := time.Now()
	for _, c := range []struct {
		start, end string
		want       int
	}{
		{now.Add(-time.Hour).UTC().Format(time.RFC3339), now.Add(time.Hour).UTC().Format(time.RFC3339), 4},
		{now.Add(time.Hour).UTC().Format(time.RFC3339), "", 0},
		{"", now.Add(-time.Hour).UTC().Format(time.RFC3339), 0},
		{now.Format("2006-01-02"), now.Format("2006-01-02"), 4}, // a date-only end includes that day
		{"", now.Add(-48 * time.Hour).Format("2006-01-02 15:04:05"), 0},
	} {
		q := url.Values{}
		if c.start != "" {
			q.Set("startTime", c.start)
		}
		if c.end != "" {
			q.Set("endTime", c.end)
		}
		if p := apptest.List[loginLogRec](e.Env, "/api/sys/loginLog/list", tok, q); p.Total != c.want {
			t.Errorf("time range %v: total %d, want %d", q, p.Total, c.want)
		}
	}
	for qs, msg := range map[string]string{
		"startTime=yesterday": "参数 startTime 不是有效的时间",
		"result=maybe":        "参数 result 的取值无效",
		"sort=reason":         "不支持按该字段排序",
		"sort=created_at":     "不支持按该字段排序",
	} {
		if _, r := e.call("GET", "/api/sys/loginLog/list?"+qs, tok, nil); r.Code != 1 || r.Message != msg {
			t.Errorf("%s: %+v want %q", qs, r, msg)
		}
	}
}

func TestExportIsARealWorkbookWithFormulasNeutralised(t *testing.T) {
	e := newEnv(t)
	evil := "=HYPERLINK(\"http://x\")"
	e.call("POST", "/api/login", "", map[string]string{"LoginCode": evil, "PassWord": "Wrong#123", "os": "+cmd"})
	tok := e.login("admin", "Admin@123").AccessToken

	const path = "/api/sys/loginLog/export"
	resp, body := e.fetch(path+"?ticket="+e.ticket(tok, path)+"&sort=createdAt&order=asc", "")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/vnd.openxmlformats") {
		t.Fatalf("export: HTTP %d %s %q", resp.StatusCode, resp.Header.Get("Content-Type"), body[:min(len(body), 200)])
	}
	cd := resp.Header.Get("Content-Disposition")
	if !strings.HasPrefix(cd, "attachment; ") || !strings.Contains(cd, "filename*=UTF-8''%E7%99%BB%E5%BD%95%E6%97%A5%E5%BF%97_") || !strings.Contains(cd, ".xlsx") {
		t.Errorf("Content-Disposition %q", cd)
	}
	rows := sheetRows(t, body)
	if got := strings.Join(rows[0], "|"); got != "时间|登录账号|用户姓名|结果|原因|IP地址|操作系统|登录入口" {
		t.Errorf("header row %q", got)
	}
	if len(rows) != 3 || rows[1][1] != "'"+evil || rows[1][6] != "'+cmd" || rows[1][3] != "失败" || rows[1][4] != "账号不存在" || rows[2][2] != "系统管理员" {
		t.Errorf("rows: %q", rows)
	}

	// Filters apply to the export; English headers follow Accept-Language; the session token works too.
	_, body = e.fetch(path+"?result=success", tok, "Accept-Language", "en")
	rows = sheetRows(t, body)
	if len(rows) != 2 || rows[0][0] != "Time" || rows[1][3] != "Success" || rows[1][7] != "Staff sign-in" {
		t.Errorf("filtered English export: %q", rows)
	}
	// The spec's legacy clients: AccessToken in the query.
	if resp, body := e.fetch(path+"?AccessToken="+tok, ""); resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("PK")) {
		t.Errorf("AccessToken export: HTTP %d", resp.StatusCode)
	}
	// CSV: a byte order mark, the same neutralisation.
	resp, body = e.fetch(path+"?format=csv&sort=createdAt&order=asc", tok)
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") || !bytes.HasPrefix(body, []byte("\xef\xbb\xbf时间,登录账号")) ||
		!strings.Contains(string(body), `'=HYPERLINK(""http://x"")`) {
		t.Errorf("csv: %s %q", resp.Header.Get("Content-Type"), body)
	}
	// A tampered sort is refused before any byte of a file.
	if _, r := e.call("GET", path+"?sort=password_hash", tok, nil); r.Code != 1 || r.Message != "不支持按该字段排序" {
		t.Errorf("export with a tampered sort: %+v", r)
	}

	// The user export: header row, states and roles in words.
	resp, body = e.fetch("/api/sys/user/export?sort=loginCode", tok)
	rows = sheetRows(t, body)
	if resp.StatusCode != 200 || strings.Join(rows[0], "|") != "登录账号|用户姓名|所属单位|手机号码|邮箱|状态|角色|创建时间|最近登录" ||
		len(rows) != 4 || rows[1][0] != "admin" || rows[1][5] != "可用" || rows[1][6] != "系统管理员" || rows[1][2] == "" {
		t.Errorf("user export: %q", rows)
	}
}

func TestDownloadTicketsAreSingleUseShortLivedAndChecked(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	const path = "/api/sys/loginLog/export"

	tk := e.ticket(tok, path)
	if resp, _ := e.fetch(path+"?ticket="+tk, ""); resp.StatusCode != 200 {
		t.Fatalf("first use: HTTP %d", resp.StatusCode)
	}
	resp, body := e.fetch(path+"?ticket="+tk, "")
	if resp.StatusCode != 401 || !strings.Contains(string(body), "下载凭证无效或已过期") {
		t.Errorf("second use: HTTP %d %s", resp.StatusCode, body)
	}
	// Bound to its path: a login-log ticket does not open the user export.
	tk = e.ticket(tok, path)
	if resp, _ := e.fetch("/api/sys/user/export?ticket="+tk, ""); resp.StatusCode != 401 {
		t.Errorf("ticket used on another path: HTTP %d", resp.StatusCode)
	}
	// A ticket is no token for ordinary calls.
	if resp, _ := e.fetch("/api/sys/loginLog/list?ticket="+tk, ""); resp.StatusCode != 401 {
		t.Errorf("ticket accepted by a list call: HTTP %d", resp.StatusCode)
	}
	// Expired after 60 s.
	tk = e.ticket(tok, path)
	if _, err := e.app.DB.Exec(t.Context(), `UPDATE download_ticket SET expires_at = ? WHERE used_at IS NULL`, time.Now().UTC().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if resp, _ := e.fetch(path+"?ticket="+tk, ""); resp.StatusCode != 401 {
		t.Errorf("expired ticket: HTTP %d", resp.StatusCode)
	}
	var stored int
	if err := e.app.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM download_ticket WHERE ticket_hash = ?`, tk).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("a ticket is stored in clear: %d %v", stored, err)
	}

	// Only for download routes, and only for callers who may call them.
	if _, r := e.call("POST", "/api/sys/common/ticket", tok, map[string]string{"path": "/api/sys/user/list"}); r.Code != 1 || r.Message != "该地址不支持下载凭证" {
		t.Errorf("ticket for a list call: %+v", r)
	}
	staff := e.login("staff", "Staff@123").AccessToken
	if resp, r := e.call("POST", "/api/sys/common/ticket", staff, map[string]string{"path": path}); resp.StatusCode != 403 || r.Code != 403 {
		t.Errorf("staff ticket: %d %+v", resp.StatusCode, r)
	}
	// The function code is checked again when the ticket is used: a grant taken away in between counts.
	uid := e.AddUser(tok, map[string]any{"loginCode": "auditor", "userName": "审计员", "unitCode": "100107", "password": "Audit#2024",
		"roleIds": []int64{e.RoleID(tok, "sysadmin")}})
	auditor := e.login("auditor", "Audit#2024").AccessToken
	e.Done("PUT", "/api/sys/user/updatePwd", auditor, map[string]string{"oldPassword": "Audit#2024", "newPassword": "Audit#2025", "replacePassword": "Audit#2025"}, nil)
	tk = e.ticket(auditor, path)
	if _, r := e.call("DELETE", "/api/user/role/user?userId="+itoa(uid)+"&roleId="+itoa(e.RoleID(tok, "sysadmin")), tok, nil); r.Code != 0 {
		t.Fatalf("remove role: %+v", r)
	}
	if resp, _ := e.fetch(path+"?ticket="+tk, ""); resp.StatusCode != 403 {
		t.Errorf("ticket of a user who lost the grant: HTTP %d", resp.StatusCode)
	}
}

func TestRoleAssignmentCalls(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	_, r := e.call("GET", "/api/user/role/all", tok, nil)
	var roles []struct {
		apptest.RoleRef
		MemberCount int `json:"memberCount"`
	}
	if r.Code != 0 || json.Unmarshal(r.Data, &roles) != nil || len(roles) != 3 {
		t.Fatalf("role/all: %+v", r)
	}
	counts := map[string]int{}
	for _, ro := range roles {
		counts[ro.Code] = ro.MemberCount
	}
	if counts["sysadmin"] != 1 || counts["staff"] != 2 || counts["libadmin"] != 1 {
		t.Errorf("member counts %v", counts)
	}

	found := apptest.List[apptest.UserRec](e.Env, "/api/user/search", tok, url.Values{"keyword": {"张晓"}})
	if found.Total != 1 || found.Records[0].LoginCode != "staff" || found.Records[0].Roles[0].Code != "staff" {
		t.Fatalf("search: %+v", found)
	}
	if p := apptest.List[apptest.UserRec](e.Env, "/api/user/search", tok, url.Values{"keyword": {"PART"}}); p.Total != 1 {
		t.Errorf("search includes external accounts by login code: %+v", p)
	}
	staffID, lib := found.Records[0].ID, e.RoleID(tok, "libadmin")
	body := map[string]any{"userId": staffID, "roleId": lib}
	for i := 0; i < 2; i++ { // assigning twice is harmless
		if _, r := e.call("PUT", "/api/user/role/user", tok, body); r.Code != 0 {
			t.Fatalf("assign: %+v", r)
		}
	}
	if su := e.login("staff", "Staff@123"); !strings.Contains(su.FunCodes, "expert_talents2_license") {
		t.Errorf("assigned role not effective: %s", su.FunCodes)
	}
	if _, r := e.call("DELETE", "/api/user/role/user?userId="+itoa(staffID)+"&roleId="+itoa(lib), tok, nil); r.Code != 0 {
		t.Fatalf("remove: %+v", r)
	}
	if su := e.login("staff", "Staff@123"); su.FunCodes != "gateway" {
		t.Errorf("removed role still effective: %s", su.FunCodes)
	}
	for _, c := range []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"userId": staffID, "roleId": 999}, "角色不存在"},
		{map[string]any{"userId": 999, "roleId": lib}, "用户不存在"},
		{map[string]any{"userId": staffID}, "缺少参数 roleId"},
		{map[string]any{"userId": "x", "roleId": lib}, "参数 userId 必须是整数"},
	} {
		if _, r := e.call("PUT", "/api/user/role/user", tok, c.body); r.Code != 1 || r.Message != c.msg {
			t.Errorf("%v: %+v want %q", c.body, r, c.msg)
		}
	}
}
