package wordbook

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /expert_make_word (FunMake) and /expert_talents_result (FunResult).
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	return []route.Route{
		route.New("GET", "/api/expert/book/experts", FunMake, in(h.Experts)),
		route.New("POST", "/api/expert/book/make", FunMake, in(h.Make)),
		route.New("GET", "/api/expert/book/list", FunResult, h.List),
		route.Download(DownloadPath, route.AnyOf(FunResult, FunMake), h.Download),
		route.New("DELETE", "/api/expert/book/del", FunResult, in(h.Del)),
	}
}
