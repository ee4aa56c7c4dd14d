package tasks

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /task_manager and /task_log.
func (h *Handlers) Routes() []route.Route {
	logAccess := route.AnyOf(ScreenLog, ScreenManager)
	return append([]route.Route{
		route.Call("GET", "/api/sys/task/list", ScreenManager, h.List).
			Doc("The registered tasks with their settings, next five times and last run", "定时任务列表"),
		route.Call("GET", "/api/sys/task/preview", ScreenManager, h.Preview).
			Doc("Check a cron expression and give its next five times (before saving)", "预览执行时间"),
		route.Call("POST", "/api/sys/task/update", ScreenManager, h.Update).
			Doc("Change a task's schedule, overlap and misfire policies, timeout and retries", "修改定时任务"),
		route.Call("POST", "/api/sys/task/enable", ScreenManager, h.Enable).
			Doc("Pause or resume a task", "启用/暂停定时任务"),
		route.Call("POST", "/api/sys/task/run", ScreenManager, h.Run).
			Doc("Run a task now (refused while it runs, when it forbids overlap)", "立即执行定时任务"),
		route.Call("GET", "/api/sys/task/retention", ScreenManager, h.Retentions).
			Doc("The days each log keeps", "日志保留天数"),
		route.Call("POST", "/api/sys/task/retention", ScreenManager, h.SetRetention).
			Doc("Change the days a log keeps", "修改日志保留天数"),
		route.New("GET", "/api/sys/taskLog/list", logAccess, h.LogList).Query(logSpec.Params()...).
			Returns(list.Page[LogRow]{}).Doc("The task log: every attempt of every run, paged", "任务日志列表"),
		route.Download("/api/sys/taskLog/export", logAccess, h.log.Export).Query(logSpec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("The task log as a spreadsheet (the list's filters)", "导出任务日志"),
		route.Call("POST", "/api/sys/taskLog/cancel", ScreenManager, h.Cancel).
			Doc("Cancel the job of a run (running, or waiting for a retry)", "取消任务运行"),
	}, h.JobRoutes()...)
}
