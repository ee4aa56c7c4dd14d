package sysconfig

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /sys_config (parameters and notices), /headerAndfooter_manager, and the reads every
// signed-in user makes (a parameter, the notice, the portal layout).
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	const screen = "sys_config"
	return []route.Route{
		route.New("GET", "/api/sys/config/list", screen, h.List),
		route.New("POST", "/api/sys/config/add", screen, in(h.Add)),
		route.New("PUT", "/api/sys/config/edit", screen, in(h.Edit)),
		route.New("DELETE", "/api/sys/config/del", screen, in(h.Del)),
		route.Download("/api/sys/config/export", screen, h.Export),
		route.New("GET", "/api/sys/notice/list", screen, h.NoticeList),
		route.New("POST", "/api/sys/notice/add", screen, in(h.NoticeAdd)),
		route.New("PUT", "/api/sys/notice/edit", screen, in(h.NoticeEdit)),
		route.New("DELETE", "/api/sys/notice/del", screen, in(h.NoticeDel)),
		route.New("GET", "/api/sys/common/config/item", route.SignedIn, in(h.ConfigItem)),
		route.New("GET", "/api/sys/common/notice/get", route.SignedIn, h.NoticeGet),
		route.New("GET", "/api/sys/common/portal/layout", route.SignedIn, h.Layout),
		route.New("PUT", "/api/sys/headerFooter/edit", "headerAndfooter_manager", in(h.LayoutEdit)),
	}
}
