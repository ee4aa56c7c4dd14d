package wordbook

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /expert_make_word (FunMake) and /expert_talents_result (FunResult).
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/expert/book/experts", FunMake, httpx.WithInput(h.Experts)).
			Takes(ExpertsIn{}).Returns(list.Page[Candidate]{}).
			Doc("Experts to choose for a Word book: published experts the caller may see, by name", "可选专家"),
		route.Call("POST", "/api/expert/book/make", FunMake, h.Make).
			Doc("Generate the expert Word book (.docx) for the experts in the given order, keep it and log it", "生成专家文档"),
		route.New("GET", "/api/expert/book/list", FunResult, h.List).Query(bookSpec.Params()...).Returns(list.Page[Record]{}).
			Doc("The generated Word books, newest first", "专家文档列表"),
		route.DownloadCall(DownloadPath, route.AnyOf(FunResult, FunMake), h.Download).
			Doc("Download a generated Word book as an attachment", "下载专家文档"),
		route.Call("DELETE", "/api/expert/book/del", FunResult, h.Del).
			Doc("Delete generated Word books (soft, logged)", "删除专家文档"),
	}
}
