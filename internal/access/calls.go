package access

import (
	"context"
	"net/http"

	"biddesk/internal/platform/httpx"
)

// The by-id endpoints of the menu, function and resource screens (add and edit use httpx.AddHandler and
// httpx.EditHandler).

type inputCall = func(*http.Request, *httpx.Input) (any, error)

// idCall runs act on the required parameter id (delete, reset, show/hide).
func idCall(act func(r *http.Request, in *httpx.Input, id int64) error) inputCall {
	return func(r *http.Request, in *httpx.Input) (any, error) {
		id, err := in.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, act(r, in, id)
	}
}

// byID adapts a store call on one id to idCall.
func byID(act func(context.Context, int64) error) inputCall {
	return idCall(func(r *http.Request, _ *httpx.Input, id int64) error { return act(r.Context(), id) })
}
