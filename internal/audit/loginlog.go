// Package audit holds the product's logs as administrators read them: the login log, the
// business log (every create, update and delete, written inside the change's transaction)
// and the exception log (every server error, found by its request id).
package audit

import (
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// LoginLog is one sign-in attempt as the login-log screen shows it.
type LoginLog struct {
	ID        int64     `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	LoginCode string    `json:"loginCode"`
	UserName  string    `json:"userName"`
	Result    string    `json:"result" enum:"success,failure"`
	Reason    string    `json:"reason" doc:"'' on success; unknown_account, bad_password, disabled, wrong_site, throttled_account, throttled_address"` // a code; the browser and the export translate it
	IP        string    `json:"ip"`
	OS        string    `json:"os"`
	Site      string    `json:"site" enum:"staff,external"`
}

// Results and sites a filter may name.
var (
	results = map[string]any{"success": 1, "failure": 0, "1": 1, "0": 0}
	sites   = map[string]any{"staff": "staff", "external": "external"}
)

// loginLogSpec: filters login code (contains), user name (contains), result, site, client
// address, time range; sorted by time (newest first) or login code.
var loginLogSpec = &list.Spec{
	Select: `l.id, l.created_at, l.login_code, COALESCE(u.user_name, ''), l.success, l.reason, l.client_ip, l.os, l.site`,
	From:   `login_log l LEFT JOIN sys_user u ON u.id = l.user_id`,
	Filters: []list.Filter{
		{Param: "loginCode", Column: "l.login_code", Kind: list.Contains},
		{Param: "userName", Column: "u.user_name", Kind: list.Contains},
		{Param: "result", Column: "l.success", Kind: list.Exact, Map: list.OneOf("result", results)},
		{Param: "site", Column: "l.site", Kind: list.Exact, Map: list.OneOf("site", sites)},
		{Param: "ip", Column: "l.client_ip", Kind: list.Exact},
		{Param: "startTime", Column: "l.created_at", Kind: list.After},
		{Param: "endTime", Column: "l.created_at", Kind: list.Before},
	},
	Sorts:       map[string]string{"createdAt": "l.created_at", "loginCode": "l.login_code"},
	DefaultSort: "l.created_at DESC",
	TieBreak:    "l.id DESC",
}

func scanLoginLog(row interface{ Scan(...any) error }) (LoginLog, error) {
	var l LoginLog
	var ok int
	err := row.Scan(&l.ID, &l.CreatedAt, &l.LoginCode, &l.UserName, &ok, &l.Reason, &l.IP, &l.OS, &l.Site)
	l.Result = "failure"
	if ok == 1 {
		l.Result = "success"
	}
	return l, err
}

// LoginLogTable serves GET /api/sys/loginLog/list and /export.
func LoginLogTable(d *db.DB) *list.Table[LoginLog] {
	tr := func(prefix string) func(string, string) any {
		return func(v, lang string) any {
			if v == "" {
				return ""
			}
			return httpx.Translate(lang, prefix+v)
		}
	}
	reason, result, site := tr("loginlog.reason."), tr("loginlog.result."), tr("loginlog.site.")
	return &list.Table[LoginLog]{
		DB: d, Spec: loginLogSpec, Scan: scanLoginLog, File: "loginlog.file",
		Columns: []list.Column[LoginLog]{
			{Title: "loginlog.col.time", Value: func(l LoginLog, _ string) any { return l.CreatedAt }},
			{Title: "loginlog.col.loginCode", Value: func(l LoginLog, _ string) any { return l.LoginCode }},
			{Title: "loginlog.col.userName", Value: func(l LoginLog, _ string) any { return l.UserName }},
			{Title: "loginlog.col.result", Value: func(l LoginLog, lang string) any { return result(l.Result, lang) }},
			{Title: "loginlog.col.reason", Value: func(l LoginLog, lang string) any { return reason(l.Reason, lang) }},
			{Title: "loginlog.col.ip", Value: func(l LoginLog, _ string) any { return l.IP }},
			{Title: "loginlog.col.os", Value: func(l LoginLog, _ string) any { return l.OS }},
			{Title: "loginlog.col.site", Value: func(l LoginLog, lang string) any { return site(l.Site, lang) }},
		},
	}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"loginlog.file":                          {"登录日志", "login_log"},
		"loginlog.col.time":                      {"时间", "Time"},
		"loginlog.col.loginCode":                 {"登录账号", "Login code"},
		"loginlog.col.userName":                  {"用户姓名", "User name"},
		"loginlog.col.result":                    {"结果", "Result"},
		"loginlog.col.reason":                    {"原因", "Reason"},
		"loginlog.col.ip":                        {"IP地址", "IP address"},
		"loginlog.col.os":                        {"操作系统", "OS"},
		"loginlog.col.site":                      {"登录入口", "Site"},
		"loginlog.result.success":                {"成功", "Success"},
		"loginlog.result.failure":                {"失败", "Failure"},
		"loginlog.site.staff":                    {"员工登录", "Staff sign-in"},
		"loginlog.site.external":                 {"外部登录", "External sign-in"},
		"loginlog.reason.unknown_account":        {"账号不存在", "Unknown account"},
		"loginlog.reason.bad_password":           {"密码错误", "Wrong password"},
		"loginlog.reason.disabled":               {"账号已禁用", "Account disabled"},
		"loginlog.reason.wrong_site":             {"登录入口不符", "Wrong sign-in site"},
		"loginlog.reason.throttled_account":      {"账号失败次数过多", "Too many failures for the account"},
		"loginlog.reason.throttled_address":      {"地址失败次数过多", "Too many failures from the address"},
		"loginlog.reason.org_disabled":           {"所属单位已禁用", "Organisation disabled"},
		"loginlog.reason.pending":                {"校验中", "Being checked"},
		"loginlog.reason.error":                  {"校验出错", "Check failed with an error"},
		"loginlog.reason.old_password_wrong":     {"修改密码时原密码错误", "Wrong old password when changing the password"},
		"loginlog.reason.old_password_throttled": {"修改密码时原密码错误次数过多", "Too many wrong old passwords when changing the password"},
	})
}
