package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// BusinessLog is one row of the business log as its screen lists it. ModuleName is the name
// of the menu whose function code is Module ("" when the menu is gone).
type BusinessLog struct {
	ID         int64     `json:"id"`
	CreatedAt  time.Time `json:"createdAt"`
	LoginCode  string    `json:"loginCode"`
	UserName   string    `json:"userName"`
	Module     string    `json:"module" doc:"function (menu) code of the screen that made the change"`
	ModuleName string    `json:"moduleName" doc:"name of that menu; empty when the menu no longer exists"`
	Action     string    `json:"action" doc:"create, update, delete, or a precise verb (internal/audit.Actions); the web labels every one" enum:"create,update,delete,enable,disable,resetPwd,grant,assign,remove,show,hide,sort,reset,import,dataScope,submit,approve,reject,publish,lend,return,read,generate,handover,undo,run,cancel,retention,state,enrol,withdraw,correct,mark,release,issue,revoke,rekey"`
	TargetID   string    `json:"targetId" doc:"id of the changed record"`
	Target     string    `json:"target" doc:"readable name of the changed record (login code, role name, dictionary key)"`
	IP         string    `json:"ip"`
	RequestID  string    `json:"requestId"`
	before     string
	after      string
}

// BusinessLogDetail is GET /api/sys/businessLog/one: the row with the whole record before and
// after the change (null for a creation's before and a deletion's after).
type BusinessLogDetail struct {
	BusinessLog
	Before json.RawMessage `json:"before" doc:"the record before the change as its screen shows it (null for a creation); never a password or its hash"`
	After  json.RawMessage `json:"after" doc:"the record after the change (null for a deletion)"`
}

// businessLogSpec: filters user (login code or name contains), module and action (exact),
// target id, request id, time range; sorted by time (newest first), login code or module.
var businessLogSpec = &list.Spec{
	Select: `l.id, l.created_at, l.login_code, l.user_name, l.module, COALESCE(m.name, ''), l.action, l.target_id, l.target,
		l.client_ip, l.request_id, l.before_data, l.after_data`,
	From:      `business_log l LEFT JOIN sys_menu m ON m.code = l.module`,
	CountFrom: `business_log l`, // no filter reads the menu
	Filters: []list.Filter{
		{Param: "user", Kind: list.Keyword, Columns: []string{"l.login_code", "l.user_name"}},
		{Param: "module", Column: "l.module", Kind: list.Exact},
		{Param: "action", Column: "l.action", Kind: list.Exact},
		{Param: "targetId", Column: "l.target_id", Kind: list.Exact},
		{Param: "requestId", Column: "l.request_id", Kind: list.Exact},
		{Param: "startTime", Column: "l.created_at", Kind: list.After},
		{Param: "endTime", Column: "l.created_at", Kind: list.Before},
	},
	Sorts:       map[string]string{"createdAt": "l.created_at", "loginCode": "l.login_code", "module": "l.module"},
	DefaultSort: "l.created_at DESC",
	TieBreak:    "l.id DESC",
}

func scanBusinessLog(row interface{ Scan(...any) error }) (BusinessLog, error) {
	var l BusinessLog
	err := row.Scan(&l.ID, &l.CreatedAt, &l.LoginCode, &l.UserName, &l.Module, &l.ModuleName, &l.Action, &l.TargetID, &l.Target,
		&l.IP, &l.RequestID, &l.before, &l.after)
	return l, err
}

// Detail adds the records before and after to the row.
func (l BusinessLog) Detail() BusinessLogDetail {
	raw := func(s string) json.RawMessage {
		if s == "" {
			return nil
		}
		return json.RawMessage(s)
	}
	return BusinessLogDetail{BusinessLog: l, Before: raw(l.before), After: raw(l.after)}
}

// maxCell keeps an export cell under the spreadsheet limit of 32,767 characters.
const maxCell = 32000

// BusinessLogTable serves GET /api/sys/businessLog/list, /one and /export.
func BusinessLogTable(d *db.DB) *list.Table[BusinessLog] {
	return &list.Table[BusinessLog]{
		DB: d, Spec: businessLogSpec, Scan: scanBusinessLog, File: "businesslog.file",
		Columns: []list.Column[BusinessLog]{
			{Title: "log.col.time", Value: func(l BusinessLog, _ string) any { return l.CreatedAt }},
			{Title: "log.col.loginCode", Value: func(l BusinessLog, _ string) any { return l.LoginCode }},
			{Title: "log.col.userName", Value: func(l BusinessLog, _ string) any { return l.UserName }},
			{Title: "businesslog.col.module", Value: func(l BusinessLog, _ string) any { return cmp(l.ModuleName, l.Module) }},
			{Title: "businesslog.col.action", Value: func(l BusinessLog, lang string) any { return translated("businesslog.action.", l.Action, lang) }},
			{Title: "businesslog.col.targetId", Value: func(l BusinessLog, _ string) any { return l.TargetID }},
			{Title: "businesslog.col.target", Value: func(l BusinessLog, _ string) any { return l.Target }},
			{Title: "businesslog.col.changes", Value: func(l BusinessLog, _ string) any { return clip(Changes(l.before, l.after), maxCell) }},
			{Title: "log.col.ip", Value: func(l BusinessLog, _ string) any { return l.IP }},
			{Title: "log.col.requestId", Value: func(l BusinessLog, _ string) any { return l.RequestID }},
		},
	}
}

// BusinessLogOne is GET /api/sys/businessLog/one (id).
func BusinessLogOne(t *list.Table[BusinessLog]) func(*http.Request, httpx.IDIn) (BusinessLogDetail, error) {
	return oneByID(t, "l.id", "log.not_found", BusinessLog.Detail)
}

// oneByID answers one row of a log table by its id, shaped by detail.
func oneByID[T, D any](t *list.Table[T], idColumn, missing string, detail func(T) D) func(*http.Request, httpx.IDIn) (D, error) {
	return func(r *http.Request, in httpx.IDIn) (D, error) {
		var none D
		rec, err := t.One(r.Context(), idColumn+" = ?", in.ID)
		if db.IsNoRows(err) {
			return none, httpx.Fail(missing)
		}
		if err != nil {
			return none, err
		}
		return detail(rec), nil
	}
}

// translated renders a code through the message catalogue (prefix+code), or the code itself
// when the catalogue has no text for it (a verb another screen introduced, say).
func translated(prefix, code, lang string) string {
	if code == "" {
		return ""
	}
	if s := httpx.Translate(lang, prefix+code); s != prefix+code {
		return s
	}
	return code
}

func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// field is one top-level field of a logged record, in the record's order.
type field struct {
	name  string
	value any
}

// fields reads a logged JSON object keeping its field order; nil for "" or anything else.
func fields(raw string) []field {
	if raw == "" {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return out
		}
		out = append(out, field{name: fmt.Sprint(tok), value: v})
	}
	return out
}

// Changes summarises a change for the export, one field a line: "name: before → after" for
// each field that changed, or "name: value" for every field of a created or deleted record.
func Changes(before, after string) string {
	b, a := fields(before), fields(after)
	var lines []string
	switch {
	case b == nil:
		for _, f := range a {
			lines = append(lines, f.name+": "+show(f.value))
		}
	case a == nil:
		for _, f := range b {
			lines = append(lines, f.name+": "+show(f.value))
		}
	default:
		old := make(map[string]any, len(b))
		for _, f := range b {
			old[f.name] = f.value
		}
		seen := map[string]bool{}
		for _, f := range a {
			seen[f.name] = true
			if ov, ok := old[f.name]; !ok || !reflect.DeepEqual(ov, f.value) {
				lines = append(lines, f.name+": "+show(old[f.name])+" → "+show(f.value))
			}
		}
		for _, f := range b {
			if !seen[f.name] {
				lines = append(lines, f.name+": "+show(f.value)+" → ")
			}
		}
	}
	return strings.Join(lines, "\n")
}

// show renders a field's value: text as it is, a list of named things (roles) by their
// names, anything else as compact JSON.
func show(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case json.Number:
		return t.String()
	case []any:
		names := make([]string, 0, len(t))
		for _, e := range t {
			if m, ok := e.(map[string]any); ok && m["name"] != nil {
				names = append(names, show(m["name"]))
			} else {
				names = append(names, show(e))
			}
		}
		return strings.Join(names, ",")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(buf.String())
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"log.not_found":               {"日志不存在", "No such log entry"},
		"log.col.time":                {"时间", "Time"},
		"log.col.loginCode":           {"登录账号", "Login code"},
		"log.col.userName":            {"用户姓名", "User name"},
		"log.col.ip":                  {"IP地址", "IP address"},
		"log.col.requestId":           {"请求编号", "Request id"},
		"businesslog.file":            {"业务日志", "business_log"},
		"businesslog.col.module":      {"功能模块", "Module"},
		"businesslog.col.action":      {"操作", "Action"},
		"businesslog.col.targetId":    {"对象编号", "Target id"},
		"businesslog.col.target":      {"操作对象", "Target"},
		"businesslog.col.changes":     {"变更内容", "Changes"},
		"businesslog.action.create":   {"新增", "Create"},
		"businesslog.action.update":   {"修改", "Update"},
		"businesslog.action.delete":   {"删除", "Delete"},
		"businesslog.action.enable":   {"启用", "Enable"},
		"businesslog.action.disable":  {"禁用", "Disable"},
		"businesslog.action.resetPwd": {"重置密码", "Reset password"},
		"businesslog.action.grant":    {"授权", "Grant"},
		"businesslog.action.assign":   {"分配角色", "Assign role"},
		"businesslog.action.remove":   {"移除角色", "Remove role"},
	})
}
