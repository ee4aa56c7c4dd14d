package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"
)

// ContentSecurityPolicy allows no inline script; antd's CSS-in-JS needs inline styles.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-src 'self' https:; frame-ancestors 'none'"

// SecurityHeaders sets the headers every response carries.
func SecurityHeaders(next http.Handler) http.Handler {
	// set on every answer: canonical names and values made once (a Set per header and call allocated and
	// canonicalised each name again); Set and Add elsewhere replace or copy a value, never write into it
	type header struct {
		key   string
		value []string
	}
	securityHeaders := []header{
		{"Content-Security-Policy", []string{ContentSecurityPolicy}},
		{"Referrer-Policy", []string{"no-referrer"}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"X-Frame-Options", []string{"DENY"}},
		{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range securityHeaders {
			h[kv.key] = kv.value
		}
		next.ServeHTTP(w, r)
	})
}

// CrossSiteGuard refuses state-changing requests that a browser marks as cross-site.
func CrossSiteGuard(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, ErrCrossSite)
	}))
	return cop.Handler(next)
}

// Recover turns a panic into a logged 500 envelope.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				stack := string(debug.Stack())
				slog.Error("panic", "path", r.URL.Path, "panic", p, "stack", stack)
				WriteError(w, r, &panicError{value: fmt.Sprint(p), stack: stack})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type ctxKey int

const (
	keyRequestInfo ctxKey = iota
	keyClientIP
	keyErrorSink
)

// RequestInfo is filled during a request (the signed-in user, by the auth middleware) and logged
// at its end. RequestID names the request in the access log, the exception log and the
// X-Request-Id header, so a user's error toast can be matched to the server's record.
type RequestInfo struct {
	RequestID string
	UserID    int64
	LoginCode string
	UserName  string
	ClientIP  string
}

// NewRequestID returns 12 random hex digits.
func NewRequestID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// InfoFrom returns the request's RequestInfo (never nil inside AccessLog).
func InfoFrom(ctx context.Context) *RequestInfo {
	if ri, ok := ctx.Value(keyRequestInfo).(*RequestInfo); ok {
		return ri
	}
	return &RequestInfo{}
}

// ClientIP returns the client address chosen by AccessLog.
func ClientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(keyClientIP).(string); ok {
		return ip
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// AccessLog writes one line per request with its status and duration. Secrets in the query
// string (tokens, passwords, codes) are redacted; bodies are never logged.
func AccessLog(log *slog.Logger, trustProxy bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ip := remoteIP(r, trustProxy)
			ri := &RequestInfo{RequestID: NewRequestID(), ClientIP: ip}
			ctx := context.WithValue(context.WithValue(r.Context(), keyRequestInfo, ri), keyClientIP, ip)
			w.Header().Set("X-Request-Id", ri.RequestID)
			rec := &statusRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r.WithContext(ctx))
			if rec.status == 0 {
				rec.status = http.StatusOK
			}
			attrs := []any{"id", ri.RequestID, "method", r.Method, "path", r.URL.Path, "status", rec.status,
				"ms", float64(time.Since(start).Microseconds()) / 1000, "bytes", rec.bytes, "ip", ip}
			if q := RedactQuery(r.URL.RawQuery); q != "" {
				attrs = append(attrs, "query", q)
			}
			if ri.UserID != 0 {
				attrs = append(attrs, "user", ri.UserID)
			}
			log.Info("http", attrs...)
		})
	}
}

func remoteIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			return strings.TrimSpace(first)
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

var secretParams = []string{"token", "password", "pwd", "secret", "code", "ticket", "apikey", "accesskey", "signature", "sig", "yzm"}

// RedactQuery replaces the values of secret-looking parameters with "xxxxx".
func RedactQuery(raw string) string {
	if raw == "" {
		return ""
	}
	vals, err := url.ParseQuery(raw)
	if err != nil {
		return "(unparsable)"
	}
	for name := range vals {
		lower := strings.ToLower(name)
		for _, s := range secretParams {
			if strings.Contains(lower, s) {
				vals[name] = []string{"xxxxx"}
				break
			}
		}
	}
	return vals.Encode()
}

// WithInfo is ctx carrying ri, for work done outside a request on someone's behalf (a job acting for its owner).
func WithInfo(ctx context.Context, ri *RequestInfo) context.Context {
	return context.WithValue(ctx, keyRequestInfo, ri)
}
