package audit

import (
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the three log screens (/login_log, /business_log, /exception_log).
func Routes(d *db.DB) []route.Route {
	logins, business, exceptions := LoginLogTable(d), BusinessLogTable(d), ExceptionLogTable(d)
	return []route.Route{
		route.New("GET", "/api/sys/loginLog/list", "login_log", logins.List),
		route.Download("/api/sys/loginLog/export", "login_log", logins.Export),
		route.New("GET", "/api/sys/businessLog/list", "business_log", business.List),
		route.New("GET", "/api/sys/businessLog/one", "business_log", httpx.WithInput(BusinessLogOne(business))),
		route.Download("/api/sys/businessLog/export", "business_log", business.Export),
		route.New("GET", "/api/sys/exceptionLog/list", "exception_log", exceptions.List),
		route.New("GET", "/api/sys/exceptionLog/one", "exception_log", httpx.WithInput(ExceptionLogOne(exceptions))),
		route.Download("/api/sys/exceptionLog/export", "exception_log", exceptions.Export),
	}
}
