package app

import (
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// ticketIn is the input of POST /api/sys/common/ticket.
type ticketIn struct {
	Path string `param:"path,required" doc:"the export path, e.g. /api/sys/loginLog/export"`
}

// ticketRoute is POST /api/sys/common/ticket: a single-use download ticket, valid 60 s, for one
// download route of the route table that the caller may call.
func (a *App) ticketRoute() route.Route {
	return route.Call("POST", "/api/sys/common/ticket", route.SignedIn, a.issueTicket).
		Doc("A single-use download ticket (60 s) for one export path the caller may call", "下载凭证（60 秒内单次有效）")
}

func (a *App) issueTicket(r *http.Request, in ticketIn) (*auth.Ticket, error) {
	path := in.Path
	p := auth.PrincipalFrom(r.Context())
	rt, ok := a.downloads[path]
	if !ok {
		return nil, httpx.Fail("ticket.bad_path")
	}
	if need := a.needs(rt)(); len(need) > 0 && !p.CanOneOf(need) {
		return nil, httpx.ErrForbidden
	}
	return a.Auth.IssueTicket(r.Context(), p, path)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"ticket.bad_path": {"该地址不支持下载凭证", "This path takes no download ticket"},
	})
}
