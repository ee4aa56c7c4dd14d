package dict

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the dictionaries' calls: the client's cache and look-ups for every signed-in user, the
// management of /dict_manager.
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	return []route.Route{
		route.New("GET", "/api/sys/dict/getDictCache", route.SignedIn, h.Cache),
		route.New("GET", "/api/sys/common/dict/item", route.SignedIn, in(h.CommonItem)),
		route.New("GET", "/api/sys/common/dict/item2", route.SignedIn, in(h.CommonItem2)),
		route.New("GET", "/api/sys/common/dict", route.SignedIn, in(h.Generic)),

		route.New("GET", "/api/sys/dict/list", Screen, h.List),
		route.New("GET", "/api/sys/dict/pNode", Screen, in(h.PNode)),
		route.New("GET", "/api/sys/dict/one", Screen, in(h.One)),
		route.New("POST", "/api/sys/dict/add", Screen, in(h.Add)),
		route.New("PUT", "/api/sys/dict/edit", Screen, in(h.Edit)),
		route.New("DELETE", "/api/sys/dict/del", Screen, in(h.Del)),
		route.New("POST", "/api/sys/dict/changeEnable", Screen, in(h.ChangeEnable)),
		route.New("POST", "/api/sys/dict/reloadDictCache", Screen, h.Reload),
		route.Download("/api/sys/dict/exportDict", Screen, h.ExportDict),
		route.Download("/api/sys/dict/exportDictItem", Screen, h.ExportDictItem),
	}
}
