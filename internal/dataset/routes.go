package dataset

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /dataset_manager.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/dataset/list", Screen, h.List).Query(listSpec.Params()...).Returns(list.Page[Dataset]{}).
			Doc("The datasets, paged", "数据集列表"),
		route.Call("GET", "/api/dataset/one", Screen, h.One).Doc("One dataset", "数据集详情"),
		route.Call("GET", "/api/dataset/catalog", Screen, h.Catalog).
			Doc("The tables and columns a dataset of the caller may read: the dynamic tables its roles may read by their names and field codes, then the system tables, titled", "可查询的表和列"),
		route.Call("POST", "/api/dataset/add", Screen, h.Add).Doc("Add a dataset (one SELECT or WITH with :name parameters)", "新增数据集"),
		route.Call("PUT", "/api/dataset/edit", Screen, h.Edit).Doc("Edit a dataset", "编辑数据集"),
		route.Call("DELETE", "/api/dataset/del", Screen, h.Del).Doc("Delete a dataset", "删除数据集"),
		route.Call("POST", "/api/dataset/test", Screen, h.Test).
			Doc("Run an unsaved statement with sample values: its columns and first 20 rows (read-only, time-limited)", "测试数据集"),
		route.Call("POST", "/api/dataset/run", Screen, h.Run).
			Doc("Run a dataset: at most 1000 rows, read-only, time-limited", "运行数据集"),
	}
}
