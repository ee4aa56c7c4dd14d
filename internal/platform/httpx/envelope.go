// Package httpx is the HTTP machinery shared by every area: the {code, message, data} envelope,
// the one error type that maps onto it, request input, and the middleware.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
)

// Envelope is the answer shape of every JSON call (spec section 7).
type Envelope struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data"`
}

// Codes of the envelope (docs/api.md lists them).
const (
	CodeOK           = 0
	CodeFail         = 1
	CodeForbidden    = 403
	CodeNotFound     = 404
	CodeThrottled    = 429
	CodeServerError  = 500
	CodeTokenInvalid = 10005
	CodeKicked       = 10006
	// CodeMustChangePassword: the account must change its password before any other call.
	CodeMustChangePassword = 10007
)

// Error is a failure that the client may see. Key is a message key of the catalogue;
// Args fill its placeholders.
type Error struct {
	Code   int
	Status int
	Key    string
	Args   []any
}

func (e *Error) Error() string { return Translate(LangZH, e.Key, e.Args...) }

// Fail is a business or validation failure (code 1, HTTP 200).
func Fail(key string, args ...any) *Error {
	return &Error{Code: CodeFail, Status: http.StatusOK, Key: key, Args: args}
}

// BadRequest is a refusal of malformed input (code 1, HTTP 400): a parameter that is not text,
// not a number, out of range or sent twice with different values. The client shows its message
// like any code-1 answer; the status tells proxies and scripts that the request itself was wrong.
func BadRequest(key string, args ...any) *Error {
	return &Error{Code: CodeFail, Status: http.StatusBadRequest, Key: key, Args: args}
}

// Predefined failures.
var (
	ErrTokenInvalid = &Error{Code: CodeTokenInvalid, Status: http.StatusUnauthorized, Key: "auth.token_invalid"}
	// ErrNoToken is a call sent without any token: the spec's 'cannot obtain identity token', the
	// browser's own words for the same case (section 7).
	ErrNoToken   = &Error{Code: CodeTokenInvalid, Status: http.StatusUnauthorized, Key: "auth.no_token"}
	ErrKicked    = &Error{Code: CodeKicked, Status: http.StatusUnauthorized, Key: "auth.kicked"}
	ErrForbidden = &Error{Code: CodeForbidden, Status: http.StatusForbidden, Key: "auth.forbidden"}
	ErrNotFound  = &Error{Code: CodeNotFound, Status: http.StatusNotFound, Key: "http.not_found"}
	ErrThrottled = &Error{Code: CodeThrottled, Status: http.StatusTooManyRequests, Key: "auth.throttled"}
	ErrCrossSite = &Error{Code: CodeForbidden, Status: http.StatusForbidden, Key: "http.cross_site"}
	ErrBadInput  = BadRequest("http.bad_input")
	ErrTooLarge  = &Error{Code: CodeFail, Status: http.StatusRequestEntityTooLarge, Key: "http.too_large"}
)

// Written tells Serve that the handler wrote the response itself (a file download, say).
type Written struct{}

// Handler is an API handler: it returns the envelope's data, or an error.
type Handler func(w http.ResponseWriter, r *http.Request) (any, error)

// Serve adapts a Handler to net/http, writing the envelope.
func Serve(h Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		data, err := call(h, w, r)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		if _, ok := data.(Written); ok {
			return
		}
		if pre, ok := data.(preEncoded); ok {
			writeEncoded(w, Translate(Lang(r), "ok"), pre.encodedJSON())
			return
		}
		WriteJSON(w, http.StatusOK, Envelope{Code: CodeOK, Message: Translate(Lang(r), "ok"), Data: data})
	}
}

// call runs h, turning an Input conflict (a parameter read once but sent twice) into its error.
func call(h Handler, w http.ResponseWriter, r *http.Request) (data any, err error) {
	defer catchConflict(&err)
	return h(w, r)
}

// ServerErrorData is the data of a server-error envelope: the request id the user can quote.
type ServerErrorData struct {
	RequestID string `json:"requestId"`
}

// WriteError writes err as an envelope. Errors that are not *Error are logged, handed to the
// request's exception sink and hidden behind a generic message carrying the request id: no
// stack trace or SQL ever reaches the client.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	if !errors.As(err, &e) && badValue(err) {
		// A value the database refused (out of its column's range, say) is the client's input
		// that a check missed: a 400 for the client, a warning for us to add the check.
		slog.Warn("database refused a value", "id", InfoFrom(r.Context()).RequestID, "path", r.URL.Path, "err", err)
		e = BadRequest("http.bad_value")
	}
	if e == nil && errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		// the client went away (a closed tab, a page navigated on): nothing failed on our side, nothing to record
		slog.Info("request abandoned by the client", "id", InfoFrom(r.Context()).RequestID, "path", r.URL.Path)
		WriteJSON(w, http.StatusServiceUnavailable, Envelope{Code: CodeServerError, Message: Translate(Lang(r), "http.server_error_id", InfoFrom(r.Context()).RequestID)})
		return
	}
	if e == nil {
		ri := InfoFrom(r.Context())
		slog.Error("request failed", "id", ri.RequestID, "method", r.Method, "path", r.URL.Path, "err", err)
		if sink, ok := r.Context().Value(keyErrorSink).(ErrorSink); ok {
			sink(r, err)
		}
		WriteJSON(w, http.StatusInternalServerError, Envelope{Code: CodeServerError,
			Message: Translate(Lang(r), "http.server_error_id", ri.RequestID), Data: ServerErrorData{RequestID: ri.RequestID}})
		return
	}
	WriteJSON(w, e.Status, Envelope{Code: e.Code, Message: Translate(Lang(r), e.Key, e.Args...), Data: nil})
}

// badValue tells whether err is the database refusing a value: PostgreSQL's data exceptions
// (SQLSTATE class 22: numeric or date out of range, NUL or invalid UTF-8 in text, ...) and pgx
// failing to encode an argument for its column (an int64 beyond an INTEGER column). Matched by
// interface and text so that this package needs no driver.
func badValue(err error) bool {
	var pg interface{ SQLState() string }
	if errors.As(err, &pg) {
		return strings.HasPrefix(pg.SQLState(), "22")
	}
	return strings.Contains(err.Error(), "failed to encode args[")
}

// ErrorSink records a server error (the exception log). It runs inside the failing request.
type ErrorSink func(r *http.Request, err error)

// WithErrorSink makes sink receive every server error of the requests it wraps.
func WithErrorSink(sink ErrorSink) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyErrorSink, sink)))
		})
	}
}

// panicError is a recovered panic with its stack, for the exception sink.
type panicError struct{ value, stack string }

func (p *panicError) Error() string { return "panic: " + p.value }

// Stack returns the stack of a recovered panic, or "".
func Stack(err error) string {
	var p *panicError
	if errors.As(err, &p) {
		return p.stack
	}
	return ""
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// InputHandler is a Handler that works on the request's parsed parameters.
type InputHandler func(r *http.Request, in *Input) (any, error)

// WithInput adapts an InputHandler: the parameters are read (and malformed input refused) once, here.
func WithInput(h InputHandler) Handler {
	return func(w http.ResponseWriter, r *http.Request) (_ any, err error) {
		in, err := ReadInput(w, r)
		if err != nil {
			return nil, err
		}
		defer catchConflict(&err)
		return h(r, in)
	}
}
