// Package route is one entry of the API route table. Each area declares its own calls (a Routes function next
// to its handlers); internal/app only assembles the areas' lists, once, at start.
package route

import (
	"strings"

	"biddesk/internal/platform/httpx"
)

// Access levels besides function codes.
const (
	Public   = "public"
	SignedIn = "signed-in"
)

// Route is one API endpoint. Access is Public, SignedIn, or the function codes the caller must hold
// (several, comma-separated, mean any of them); the function code of an admin screen's calls is the screen's
// menu code. Download routes (exports opened in a new window) also accept a single-use download ticket
// instead of the session token.
type Route struct {
	Method, Path string
	Access       string
	Handler      httpx.Handler
	Download     bool
	// In and Out, when set, are the call's input and output (a zero value of each type), for a generated API
	// description; nil for now (api/openapi.json is written by hand).
	In, Out any
}

// New is a route of any method.
func New(method, path, access string, h httpx.Handler) Route {
	return Route{Method: method, Path: path, Access: access, Handler: h}
}

// Download is a GET route that also takes a download ticket.
func Download(path, access string, h httpx.Handler) Route {
	return Route{Method: "GET", Path: path, Access: access, Handler: h, Download: true}
}

// AnyOf is the access of a route that any of the codes opens.
func AnyOf(codes ...string) string { return strings.Join(codes, ",") }

// Codes are the function codes of a route's access: none for a public or signed-in route.
func (r Route) Codes() []string {
	if r.Access == Public || r.Access == SignedIn {
		return nil
	}
	var out []string
	for _, c := range strings.Split(r.Access, ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}
