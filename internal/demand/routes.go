package demand

import (
	"biddesk/internal/platform/route"
)

// Routes are the calls of /demandcollection (function code Screen, bound by the caller's data scope of module
// demand) and of the audience's side in the portal (FunPortal, bound by the audience).
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/demand/collection/list", Screen, h.CollectionList),
		route.New("GET", "/api/demand/collection/one", Screen, wrap(typed(h.CollectionOne))),
		route.New("POST", "/api/demand/collection/add", Screen, wrap(typed(h.CollectionAdd))),
		route.New("PUT", "/api/demand/collection/edit", Screen, wrap(typed(h.CollectionEdit))),
		route.New("DELETE", "/api/demand/collection/del", Screen, wrap(typed(h.CollectionDel))),
		route.New("POST", "/api/demand/collection/remind", Screen, wrap(typed(h.CollectionRemind))),
		route.New("GET", "/api/demand/item/list", Screen, h.ItemList),
		route.Download("/api/demand/item/export", Screen, h.ItemExport),
		route.New("PUT", "/api/demand/item/state", Screen, wrap(typed(h.ItemState))),

		route.New("GET", "/api/portal/demand/list", FunPortal, h.PortalList),
		route.New("GET", "/api/portal/demand/one", FunPortal, wrap(typed(h.PortalOne))),
		route.New("GET", "/api/portal/demand/mine", FunPortal, h.PortalMine),
		route.New("POST", "/api/portal/demand/submit", FunPortal, wrap(typed(h.PortalSubmit))),
		route.New("PUT", "/api/portal/demand/edit", FunPortal, wrap(typed(h.PortalEdit))),
	}
}
