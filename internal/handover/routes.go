package handover

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the data handover (/handover_manager).
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.Call("GET", "/api/sys/handover/kinds", Screen, h.Kinds).
			Doc("The kinds of owned records a handover moves", "数据交接的数据类型"),
		route.Call("GET", "/api/sys/handover/preview", Screen, h.Preview).
			Doc("Count per kind what a handover would move", "预览交接数据"),
		route.Call("POST", "/api/sys/handover/run", Screen, h.Run).
			Doc("Move everything the departing account owns, in one transaction; recorded with the ids moved", "执行数据交接"),
		route.Call("POST", "/api/sys/handover/undo", Screen, h.Undo).
			Doc("Move exactly the rows of a handover back; refused when any changed since", "撤销数据交接"),
		route.New("GET", "/api/sys/handover/list", Screen, h.List).Query(recordSpec.Params()...).Returns(list.Page[Record]{}).
			Doc("Past handovers", "数据交接记录"),
		route.Download("/api/sys/handover/export", Screen, h.Export).Query(recordSpec.Params()...).Query(list.FormatParam).
			Returns(route.File{}).Doc("Export the past handovers with the same filters", "导出数据交接记录"),
	}
}
