package portal

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// FunPortal is the function code of the portal (the access area's FunctionPortal, which every built-in role
// holds); the route table's test checks that every code of a route is a known function code.
const FunPortal = "gateway"

// Routes are the portal's calls (FunPortal) and portal management's (FunManage, /gatewaymanager).
func (h *Handlers) Routes() []route.Route {
	gw, gm := FunPortal, FunManage
	exports := []route.Route{
		route.Download("/api/portal/banner/export", gm, h.BannerExport).Query(bannerSpec.Params()...).
			Doc("Export the banners with the list's filters", "导出轮播图"),
		route.Download("/api/portal/link/export", gm, h.LinkExport).Query(linkSpec.Params()...).
			Doc("Export the quick links with the list's filters", "导出快捷入口"),
	}
	for i := range exports {
		exports[i] = exports[i].Query(list.FormatParam).Returns(route.File{})
	}
	return append([]route.Route{
		route.Call("GET", HomePath, gw, h.Home).
			Doc("The portal home page in one call: sections in order and the data of the visible ones", "门户首页"),
		route.New("GET", "/api/portal/msg/list", gw, httpx.WithInput(h.MsgList)).Takes(MsgListIn{}).Returns(MessagePage{}).
			Doc("The caller's message to-dos and live announcements with read state, newest first, paged", "我的消息"),
		route.Call("POST", "/api/portal/msg/read", gw, h.MsgRead).
			Doc("Mark the caller's messages read", "标记消息已读"),
		route.Call("POST", "/api/portal/msg/readAll", gw, h.MsgReadAll).
			Doc("Mark every message and live announcement of the caller read", "全部标记已读"),
		route.Call("GET", "/api/portal/pack", gw, h.Pack).
			Doc("The caller's bid pack, newest first; records no longer shown are marked gone", "我的资料包"),
		route.Call("POST", "/api/portal/pack/add", gw, h.PackAdd).
			Doc("Add records the portal shows the caller to their bid pack (at most 100)", "加入资料包"),
		route.Call("POST", "/api/portal/pack/del", gw, h.PackDel).
			Doc("Take records out of the caller's bid pack", "移出资料包"),
		route.Call("POST", "/api/portal/pack/clear", gw, h.PackClear).
			Doc("Empty the caller's bid pack", "清空资料包"),
		route.Download(PackDownloadPath, gw, h.PackDownload).Returns(route.File{}).
			Doc("Download the bid pack as one zip: a folder per type, a folder per record, and the index 资料清单.xlsx", "下载资料包"),

		route.New("GET", "/api/portal/banner/list", gm, h.BannerList).Query(bannerSpec.Params()...).Returns(list.Page[Banner]{}).
			Doc("The home page's banners, by sort, paged", "轮播图列表"),
		route.Call("POST", "/api/portal/banner/add", gm, h.BannerAdd).Doc("Add a banner", "新增轮播图"),
		route.Call("PUT", "/api/portal/banner/edit", gm, h.BannerEdit).Doc("Change a banner", "编辑轮播图"),
		route.Call("DELETE", "/api/portal/banner/del", gm, h.BannerDel).Doc("Delete banners (soft, logged)", "删除轮播图"),
		route.Call("PUT", "/api/portal/banner/changeState", gm, h.BannerState).
			Doc("Switch banners on (1) or off (0)", "启用/停用轮播图"),
		route.New("GET", "/api/portal/link/list", gm, h.LinkList).Query(linkSpec.Params()...).Returns(list.Page[Link]{}).
			Doc("The home page's quick links, by sort, paged", "快捷入口列表"),
		route.Call("GET", "/api/portal/link/icons", gm, h.LinkIcons).
			Doc("The icon names a quick link may use", "快捷入口可用图标"),
		route.Call("POST", "/api/portal/link/add", gm, h.LinkAdd).Doc("Add a quick link", "新增快捷入口"),
		route.Call("PUT", "/api/portal/link/edit", gm, h.LinkEdit).Doc("Change a quick link", "编辑快捷入口"),
		route.Call("DELETE", "/api/portal/link/del", gm, h.LinkDel).Doc("Delete quick links (soft, logged)", "删除快捷入口"),
		route.Call("GET", "/api/portal/section/list", gm, h.SectionList).
			Doc("The home page's sections in order, shown or hidden", "首页栏目"),
		route.Call("PUT", "/api/portal/section/save", gm, h.SectionSave).
			Doc("Save the order and visibility of the home page's sections", "保存首页栏目"),
	}, exports...)
}
