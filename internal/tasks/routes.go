package tasks

import "biddesk/internal/platform/route"

// Routes are the calls of /task_manager and /task_log.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/sys/task/list", ScreenManager, bind(none, h.List)),
		route.New("GET", "/api/sys/task/preview", ScreenManager, bind(previewIn, h.Preview)),
		route.New("POST", "/api/sys/task/update", ScreenManager, bind(updateIn, h.Update)),
		route.New("POST", "/api/sys/task/enable", ScreenManager, bind(enableIn, h.Enable)),
		route.New("POST", "/api/sys/task/run", ScreenManager, bind(codeIn, h.Run)),
		route.New("GET", "/api/sys/task/retention", ScreenManager, bind(none, h.Retentions)),
		route.New("POST", "/api/sys/task/retention", ScreenManager, bind(retentionIn, h.SetRetention)),
		route.New("GET", "/api/sys/taskLog/list", route.AnyOf(ScreenLog, ScreenManager), h.log.List),
		route.Download("/api/sys/taskLog/export", route.AnyOf(ScreenLog, ScreenManager), h.log.Export),
		route.New("POST", "/api/sys/taskLog/cancel", ScreenManager, bind(idIn, h.Cancel)),
	}
}
