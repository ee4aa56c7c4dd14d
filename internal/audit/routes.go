package audit

import (
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the three log screens (/login_log, /business_log, /exception_log).
func Routes(d *db.DB) []route.Route {
	logins, business, exceptions := LoginLogTable(d), BusinessLogTable(d), ExceptionLogTable(d)
	return []route.Route{
		route.New("GET", "/api/sys/loginLog/list", "login_log", logins.List).Query(logins.Spec.Params()...).
			Returns(list.Page[LoginLog]{}).Doc("The login log; sort: createdAt, loginCode", "登录日志列表"),
		route.Download("/api/sys/loginLog/export", "login_log", logins.Export).Query(logins.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).
			Doc("Export 'login log': the login log with the same filters", "导出登录日志"),
		route.New("GET", "/api/sys/businessLog/list", "business_log", business.List).Query(business.Spec.Params()...).
			Returns(list.Page[BusinessLog]{}).
			Doc("The business log: every create, update and delete; sort: createdAt, loginCode, module", "业务日志列表"),
		route.Call("GET", "/api/sys/businessLog/one", "business_log", BusinessLogOne(business)).
			Doc("One business-log row with the records before and after", "业务日志详情"),
		route.Download("/api/sys/businessLog/export", "business_log", business.Export).Query(business.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).
			Doc("Export the business log with the same filters; a changes column summarises each change", "导出业务日志"),
		route.New("GET", "/api/sys/exceptionLog/list", "exception_log", exceptions.List).Query(exceptions.Spec.Params()...).
			Returns(list.Page[ExceptionLog]{}).
			Doc("The exception log: every server error; never the stack; sort: createdAt, path", "异常日志列表"),
		route.Call("GET", "/api/sys/exceptionLog/one", "exception_log", ExceptionLogOne(exceptions)).
			Doc("One exception-log row: message, path, user; the stack stays on the server", "异常日志详情"),
		route.Download("/api/sys/exceptionLog/export", "exception_log", exceptions.Export).Query(exceptions.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).
			Doc("Export the exception log with the same filters", "导出异常日志"),
	}
}
