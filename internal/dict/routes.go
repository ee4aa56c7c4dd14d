package dict

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the dictionaries' calls: the client's cache and look-ups for every signed-in user, the
// management of /dict_manager.
func (h *Handlers) Routes() []route.Route {
	export := []route.Route{
		route.Download("/api/sys/dict/exportDict", Screen, h.ExportDict).Query(groupSpec.Params()...).
			Doc("The dictionary groups as a spreadsheet (the list's filters; format xlsx or csv)", "导出字典"),
		route.Download("/api/sys/dict/exportDictItem", Screen, h.ExportDictItem).Query(itemSpec.Params()...).
			Doc("The dictionary items as a spreadsheet (pid narrows them to one group)", "导出字典项"),
	}
	for i := range export {
		export[i] = export[i].Query(list.FormatParam).Returns(route.File{})
	}
	return append([]route.Route{
		route.Call("GET", "/api/sys/dict/getDictCache", route.SignedIn, h.Cache).
			Doc("Every enabled dictionary as a tree (the client's dictData cache)", "字典缓存"),
		route.Call("GET", "/api/sys/common/dict/item", route.SignedIn, h.CommonItem).
			Doc("The enabled items of a dictionary", "字典项"),
		route.Call("GET", "/api/sys/common/dict/item2", route.SignedIn, h.CommonItem2).
			Doc("The enabled items of a dictionary, with their children", "字典项（含下级）"),
		route.Call("GET", "/api/sys/common/dict", route.SignedIn, h.Generic).
			Doc("The generic dictionary call: id 1853 with commID 185301 lists the items of key", "通用字典查询"),

		route.New("GET", "/api/sys/dict/list", Screen, h.List).Query(groupSpec.Params()...).Returns(list.Page[Item]{}).
			Doc("The dictionary groups, paged", "字典列表"),
		route.Call("GET", "/api/sys/dict/pNode", Screen, h.PNode).
			Doc("The items of a parent in their order (pid 0: the groups)", "下级字典项"),
		route.Call("GET", "/api/sys/dict/one", Screen, h.One).Doc("One dictionary row", "字典详情"),
		route.Call("POST", "/api/sys/dict/add", Screen, h.Add).
			Doc("Add a dictionary group or item; the cache is invalidated", "新增字典"),
		route.Call("PUT", "/api/sys/dict/edit", Screen, h.Edit).
			Doc("Edit a dictionary row; the cache is invalidated", "编辑字典"),
		route.Call("DELETE", "/api/sys/dict/del", Screen, h.Del).
			Doc("Delete rows (id or ids, comma-separated); a row that still has items is refused", "删除字典"),
		route.Call("POST", "/api/sys/dict/changeEnable", Screen, h.ChangeEnable).
			Doc("Switch a row on or off", "启用/停用字典"),
		route.Call("POST", "/api/sys/dict/reloadDictCache", Screen, h.Reload).
			Doc("Rebuild the dictionary cache and return it", "刷新字典缓存"),
	}, export...)
}
