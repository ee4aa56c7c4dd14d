// Package route is one entry of the API route table. Each area declares its own calls (a Routes function next
// to its handlers); internal/app only assembles the areas' lists, once, at start.
package route

import (
	"net/http"
	"reflect"
	"slices"
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
	// Area is the package that declares the route (the API description's tag); the app sets it.
	Area string
	// Summary and SummaryZH say what the call does, in English and in Chinese (the API description, the
	// resource screen).
	Summary, SummaryZH string
	// In is the input struct a typed route binds (httpx.Bind); Params are the parameters of a handler that
	// reads its own (a list's filters and paging). Out is the type of the envelope's data (None: null; File:
	// a file). Every route says its Out: the API description is generated from these (internal/platform/apidoc).
	In     reflect.Type
	Params []httpx.Param
	Out    reflect.Type
}

// None is the data of a call that answers none (null).
type None struct{}

// File is the answer of a download: the file itself, not an envelope.
type File struct{}

// Call is a typed route: the parameters are bound into In (httpx.Bind: tags, limits, required, in one
// place) and fn's answer is the envelope's data, so the API description is generated from the two types.
func Call[In, Out any](method, path, access string, fn func(r *http.Request, in In) (Out, error)) Route {
	h := httpx.WithInput(func(r *http.Request, raw *httpx.Input) (any, error) {
		var in In
		if err := httpx.Bind(raw, &in); err != nil {
			return nil, err
		}
		out, err := fn(r, in)
		if err != nil {
			return nil, err
		}
		if _, none := any(out).(None); none {
			return nil, nil
		}
		return out, nil
	})
	return Route{Method: method, Path: path, Access: access, Handler: h, In: reflect.TypeFor[In](), Out: reflect.TypeFor[Out]()}
}

// Doc is the route with its summary, in English and Chinese.
func (r Route) Doc(en, zh string) Route {
	r.Summary, r.SummaryZH = en, zh
	return r
}

// Query is the route with the parameters its handler reads itself (a list's: list.Spec.Params).
func (r Route) Query(ps ...httpx.Param) Route {
	r.Params = append(slices.Clone(r.Params), ps...)
	return r
}

// Takes is the route with the input its handler reads itself, described by a struct of param tags.
func (r Route) Takes(in any) Route {
	r.In = reflect.TypeOf(in)
	return r
}

// Returns is the route with the type of its answer (the envelope's data), for a handler that is not
// typed by Call; tests check every answer against it.
func (r Route) Returns(out any) Route {
	r.Out = reflect.TypeOf(out)
	return r
}

// Described tells whether the API description of the route is generated (its answer's type is known).
func (r Route) Described() bool { return r.Out != nil }

// New is a route of any method.
func New(method, path, access string, h httpx.Handler) Route {
	return Route{Method: method, Path: path, Access: access, Handler: h}
}

// Download is a GET route that also takes a download ticket.
func Download(path, access string, h httpx.Handler) Route {
	return Route{Method: "GET", Path: path, Access: access, Handler: h, Download: true}
}

// DownloadCall is a typed download: the parameters bound into In, the file written by fn.
func DownloadCall[In any](path, access string, fn func(w http.ResponseWriter, r *http.Request, in In) error) Route {
	h := func(w http.ResponseWriter, r *http.Request) (any, error) {
		raw, err := httpx.ReadInput(w, r)
		if err != nil {
			return nil, err
		}
		var in In
		if err := httpx.Bind(raw, &in); err != nil {
			return nil, err
		}
		if err := fn(w, r, in); err != nil {
			return nil, err
		}
		return httpx.Written{}, nil
	}
	return Route{Method: "GET", Path: path, Access: access, Handler: h, Download: true,
		In: reflect.TypeFor[In](), Out: reflect.TypeFor[File]()}
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
