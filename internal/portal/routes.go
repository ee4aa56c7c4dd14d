package portal

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// FunPortal is the function code of the portal (the access area's FunctionPortal, which every built-in role
// holds); the route table's test checks that every code of a route is a known function code.
const FunPortal = "gateway"

// Routes are the portal's calls (FunPortal) and portal management's (FunManage, /gatewaymanager).
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	gw, gm := FunPortal, FunManage
	return []route.Route{
		route.New("GET", HomePath, gw, h.Home),
		route.New("GET", "/api/portal/msg/list", gw, in(h.MsgList)),
		route.New("POST", "/api/portal/msg/read", gw, in(h.MsgRead)),
		route.New("POST", "/api/portal/msg/readAll", gw, h.MsgReadAll),
		route.New("GET", "/api/portal/pack", gw, h.Pack),
		route.New("POST", "/api/portal/pack/add", gw, in(h.PackAdd)),
		route.New("POST", "/api/portal/pack/del", gw, in(h.PackDel)),
		route.New("POST", "/api/portal/pack/clear", gw, h.PackClear),
		route.Download(PackDownloadPath, gw, h.PackDownload),

		route.New("GET", "/api/portal/banner/list", gm, h.BannerList),
		route.Download("/api/portal/banner/export", gm, h.BannerExport),
		route.New("POST", "/api/portal/banner/add", gm, in(h.BannerAdd)),
		route.New("PUT", "/api/portal/banner/edit", gm, in(h.BannerEdit)),
		route.New("DELETE", "/api/portal/banner/del", gm, in(h.BannerDel)),
		route.New("PUT", "/api/portal/banner/changeState", gm, in(h.BannerState)),
		route.New("GET", "/api/portal/link/list", gm, h.LinkList),
		route.Download("/api/portal/link/export", gm, h.LinkExport),
		route.New("GET", "/api/portal/link/icons", gm, h.LinkIcons),
		route.New("POST", "/api/portal/link/add", gm, in(h.LinkAdd)),
		route.New("PUT", "/api/portal/link/edit", gm, in(h.LinkEdit)),
		route.New("DELETE", "/api/portal/link/del", gm, in(h.LinkDel)),
		route.New("GET", "/api/portal/section/list", gm, h.SectionList),
		route.New("PUT", "/api/portal/section/save", gm, in(h.SectionSave)),
	}
}
