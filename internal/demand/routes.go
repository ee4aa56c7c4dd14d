package demand

import (
	"reflect"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// stateParam is the collection lists' state filter (open: the deadline is ahead; closed: it has passed).
var stateParam = httpx.Param{Name: "state", Type: reflect.TypeFor[string](), Enum: []string{CollectionOpen, CollectionClosed},
	Doc: "open (the deadline is ahead) or closed"}

// Routes are the calls of /demandcollection (function code Screen, bound by the caller's data scope of module
// demand) and of the audience's side in the portal (FunPortal, bound by the audience).
func (h *Handlers) Routes() []route.Route {
	cs, is := h.collections.Spec, itemSpec
	return []route.Route{
		route.New("GET", "/api/demand/collection/list", Screen, h.CollectionList).Query(cs.Params()...).Query(stateParam).
			Returns(list.Page[Collection]{}).Doc("The demand collections in the caller's data scope, paged", "需求征集列表"),
		route.Call("GET", "/api/demand/collection/one", Screen, h.CollectionOne).Doc("One demand collection", "需求征集详情"),
		route.Call("POST", "/api/demand/collection/add", Screen, h.CollectionAdd).
			Doc("Open a demand collection (deadline ahead, audience within the caller's scope); the audience is told", "发起需求征集"),
		route.Call("PUT", "/api/demand/collection/edit", Screen, h.CollectionEdit).
			Doc("Change a demand collection; members new to the audience are told", "编辑需求征集"),
		route.Call("DELETE", "/api/demand/collection/del", Screen, h.CollectionDel).
			Doc("Delete demand collections with their demands (softly)", "删除需求征集"),
		route.Call("POST", "/api/demand/collection/remind", Screen, h.CollectionRemind).
			Doc("Remind the members of an open collection's audience who have submitted nothing (once a day)", "需求征集催办"),
		route.New("GET", "/api/demand/item/list", Screen, h.ItemList).Query(is.Params()...).Returns(list.Page[Item]{}).
			Doc("The demands of the collections in the caller's data scope, paged", "需求列表"),
		route.Download("/api/demand/item/export", Screen, h.ItemExport).Query(is.Params()...).Query(list.FormatParam).
			Returns(route.File{}).Doc("Export 'demand collection': the demands with the list's filters", "导出需求征集"),
		route.Call("PUT", "/api/demand/item/state", Screen, h.ItemState).
			Doc("Answer demands (accepted, in_progress, done, declined with a reason); each submitter is told", "答复需求"),

		route.New("GET", "/api/portal/demand/list", FunPortal, h.PortalList).Query(cs.Params()...).Query(stateParam).
			Returns(list.Page[Collection]{}).Doc("The demand collections whose audience holds the caller", "我的需求征集"),
		route.Call("GET", "/api/portal/demand/one", FunPortal, h.PortalOne).
			Doc("A demand collection of the caller's audience with the caller's demands", "需求征集（门户）"),
		route.New("GET", "/api/portal/demand/mine", FunPortal, h.PortalMine).Query(is.Params()...).Returns(list.Page[Item]{}).
			Doc("The caller's demands, paged", "我的需求"),
		route.Call("POST", "/api/portal/demand/submit", FunPortal, h.PortalSubmit).
			Doc("Submit a demand to an open collection of the caller's audience", "提交需求"),
		route.Call("PUT", "/api/portal/demand/edit", FunPortal, h.PortalEdit).
			Doc("Change one's demand before the deadline while it is not answered", "修改需求"),
	}
}
