package audit

import (
	"net/http"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// ExceptionLog is one server error as the exception-log screen shows it. The stack of a
// panic stays on the server (the table and the server log): HasStack only says there is one.
type ExceptionLog struct {
	ID        int64     `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	RequestID string    `json:"requestId" doc:"the id the user's error message and the X-Request-Id header show"`
	Method    string    `json:"method"`
	Path      string    `json:"path"`
	LoginCode string    `json:"loginCode"`
	UserName  string    `json:"userName"`
	Kind      string    `json:"kind" enum:"error,panic"`
	Message   string    `json:"message"`
	IP        string    `json:"ip"`
	HasStack  bool      `json:"hasStack" doc:"a stack is kept on the server (never sent)"`
}

// Kinds of exception a filter may name.
var kinds = map[string]any{"error": "error", "panic": "panic"}

// exceptionLogSpec: filters user (login code or name contains), request id (exact), path
// (contains), kind, time range; sorted by time (newest first) or path. The stack column is
// never selected.
var exceptionLogSpec = &list.Spec{
	Select: `e.id, e.created_at, e.request_id, e.method, e.path, e.login_code, COALESCE(u.user_name, ''), e.kind, e.message, e.client_ip,
		CASE WHEN e.stack <> '' THEN 1 ELSE 0 END`,
	From: `exception_log e LEFT JOIN sys_user u ON u.id = e.user_id`,
	Filters: []list.Filter{
		{Param: "user", Kind: list.Keyword, Columns: []string{"e.login_code", "u.user_name"}},
		{Param: "requestId", Column: "e.request_id", Kind: list.Exact},
		{Param: "path", Column: "e.path", Kind: list.Contains},
		{Param: "kind", Column: "e.kind", Kind: list.Exact, Map: list.OneOf("kind", kinds)},
		{Param: "startTime", Column: "e.created_at", Kind: list.After},
		{Param: "endTime", Column: "e.created_at", Kind: list.Before},
	},
	Sorts:       map[string]string{"createdAt": "e.created_at", "path": "e.path"},
	DefaultSort: "e.created_at DESC",
	TieBreak:    "e.id DESC",
}

func scanExceptionLog(row interface{ Scan(...any) error }) (ExceptionLog, error) {
	var l ExceptionLog
	var stack int
	err := row.Scan(&l.ID, &l.CreatedAt, &l.RequestID, &l.Method, &l.Path, &l.LoginCode, &l.UserName, &l.Kind, &l.Message, &l.IP, &stack)
	l.HasStack = stack == 1
	return l, err
}

// ExceptionLogTable serves GET /api/sys/exceptionLog/list, /one and /export.
func ExceptionLogTable(d *db.DB) *list.Table[ExceptionLog] {
	return &list.Table[ExceptionLog]{
		DB: d, Spec: exceptionLogSpec, Scan: scanExceptionLog, File: "exceptionlog.file",
		Columns: []list.Column[ExceptionLog]{
			{Title: "log.col.time", Value: func(l ExceptionLog, _ string) any { return l.CreatedAt }},
			{Title: "log.col.requestId", Value: func(l ExceptionLog, _ string) any { return l.RequestID }},
			{Title: "exceptionlog.col.method", Value: func(l ExceptionLog, _ string) any { return l.Method }},
			{Title: "exceptionlog.col.path", Value: func(l ExceptionLog, _ string) any { return l.Path }},
			{Title: "log.col.loginCode", Value: func(l ExceptionLog, _ string) any { return l.LoginCode }},
			{Title: "log.col.userName", Value: func(l ExceptionLog, _ string) any { return l.UserName }},
			{Title: "exceptionlog.col.kind", Value: func(l ExceptionLog, lang string) any { return translated("exceptionlog.kind.", l.Kind, lang) }},
			{Title: "exceptionlog.col.message", Value: func(l ExceptionLog, _ string) any { return clip(l.Message, maxCell) }},
			{Title: "log.col.ip", Value: func(l ExceptionLog, _ string) any { return l.IP }},
		},
	}
}

// ExceptionLogOne is GET /api/sys/exceptionLog/one (id): the row, never the stack.
func ExceptionLogOne(t *list.Table[ExceptionLog]) func(*http.Request, httpx.IDIn) (ExceptionLog, error) {
	return oneByID(t, "e.id", "log.not_found", func(l ExceptionLog) ExceptionLog { return l })
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"exceptionlog.file":        {"异常日志", "exception_log"},
		"exceptionlog.col.method":  {"请求方法", "Method"},
		"exceptionlog.col.path":    {"请求路径", "Path"},
		"exceptionlog.col.kind":    {"类型", "Kind"},
		"exceptionlog.col.message": {"异常信息", "Message"},
		"exceptionlog.kind.error":  {"错误", "Error"},
		"exceptionlog.kind.panic":  {"程序崩溃", "Panic"},
	})
}
