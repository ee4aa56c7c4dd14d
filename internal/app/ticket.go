package app

import (
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
)

// issueTicket is POST /api/sys/common/ticket (path): a single-use download ticket, valid 60 s,
// for one download route of the route table that the caller may call.
func (a *App) issueTicket(r *http.Request, in *httpx.Input) (any, error) {
	path := in.String("path")
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
