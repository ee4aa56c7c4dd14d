package sysconfig

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /sys_config (parameters and notices), /headerAndfooter_manager, and the reads every
// signed-in user makes (a parameter, the notice, the portal layout).
func (h *Handlers) Routes() []route.Route {
	const screen = "sys_config"
	return []route.Route{
		route.New("GET", "/api/sys/config/list", screen, h.params.List).Query(h.params.Spec.Params()...).
			Returns(list.Page[Param]{}).Doc("The system parameters, paged", "系统参数列表"),
		route.Call("POST", "/api/sys/config/add", screen, h.Add).
			Doc("Add an administrator's own parameter; the value is validated by its type", "新增系统参数"),
		route.Call("PUT", "/api/sys/config/edit", screen, h.Edit).
			Doc("Change a parameter's value (or reset a built-in to its default); takes effect at once", "修改系统参数"),
		route.Call("DELETE", "/api/sys/config/del", screen, h.Del).
			Doc("Delete administrators' own parameters; built-ins are refused", "删除系统参数"),
		route.Download("/api/sys/config/export", screen, h.params.Export).Query(h.params.Spec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).
			Doc("Export the system parameters with the list's filters (secrets masked)", "导出系统参数"),
		route.New("GET", "/api/sys/notice/list", screen, h.notices.List).Query(h.notices.Spec.Params()...).
			Returns(list.Page[Notice]{}).Doc("The system notices with their state, paged", "系统公告列表"),
		route.Call("POST", "/api/sys/notice/add", screen, h.NoticeAdd).Doc("Add a system notice", "新增系统公告"),
		route.Call("PUT", "/api/sys/notice/edit", screen, h.NoticeEdit).Doc("Change a system notice", "修改系统公告"),
		route.Call("DELETE", "/api/sys/notice/del", screen, h.NoticeDel).Doc("Delete system notices", "删除系统公告"),
		route.Call("GET", "/api/sys/common/config/item", route.SignedIn, h.ConfigItem).
			Doc("A non-secret parameter's typed value (signed-in); a secret or unknown key is refused with code 1", "读取系统参数值"),
		route.Call("GET", "/api/sys/common/notice/get", route.SignedIn, h.NoticeGet).
			Doc("The notices in their publish window for the caller's audience (signed-in)", "当前系统公告"),
		route.Call("GET", "/api/sys/common/portal/layout", route.SignedIn, h.Layout).
			Doc("The portal's header and footer (signed-in)", "门户页眉页脚"),
		route.Call("PUT", "/api/sys/headerFooter/edit", "headerAndfooter_manager", h.LayoutEdit).
			Doc("Save the portal's header and footer; data is the stored layout", "保存门户页眉页脚"),
	}
}
