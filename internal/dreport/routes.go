package dreport

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /dreport.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/dreport/list", Screen, h.List).Query(listSpec.Params()...).Returns(list.Page[Summary]{}).
			Doc("The dynamic reports, paged", "动态报表列表"),
		route.Call("GET", "/api/dreport/one", Screen, h.One).Doc("One report: its dataset, layout and roles", "动态报表详情"),
		route.Call("POST", "/api/dreport/add", Screen, h.Add).Doc("Add a report over a dataset", "新增动态报表"),
		route.Call("PUT", "/api/dreport/edit", Screen, h.Edit).Doc("Edit a report", "编辑动态报表"),
		route.Call("DELETE", "/api/dreport/del", Screen, h.Del).Doc("Delete a report", "删除动态报表"),
		route.Call("GET", "/api/dreport/datasets", Screen, h.Datasets).Doc("The datasets a report may be built on", "报表可用的数据集"),
		route.Call("GET", "/api/dreport/datasetShape", Screen, h.Shape).
			Doc("A dataset's columns (a run with its sample values) and parameters, to lay a report out", "数据集的列与参数"),
		route.Call("GET", "/api/dreport/mine", route.SignedIn, h.Mine).Doc("The reports the caller's roles may run", "我的动态报表"),
		route.Call("POST", "/api/dreport/run", route.SignedIn, h.Run).
			Doc("Run a report (its roles, or the dreport code): a page of its rows, totals and chart rows; filters are the dataset's parameters", "运行动态报表"),
		route.DownloadCall("/api/dreport/export", route.SignedIn, h.Export).
			Doc("Export every row of a report run (as run allows it) with its titles and totals", "导出动态报表"),
	}
}
