package handover

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the data handover (/handover_manager).
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	return []route.Route{
		route.New("GET", "/api/sys/handover/kinds", Screen, h.Kinds),
		route.New("GET", "/api/sys/handover/preview", Screen, in(h.Preview)),
		route.New("POST", "/api/sys/handover/run", Screen, in(h.Run)),
		route.New("POST", "/api/sys/handover/undo", Screen, in(h.Undo)),
		route.New("GET", "/api/sys/handover/list", Screen, h.List),
		route.Download("/api/sys/handover/export", Screen, h.Export),
	}
}
