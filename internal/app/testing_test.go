package app_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"biddesk/internal/app"
	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
)

// env is a running BidDesk with demo data, on SQLite or (BIDDESK_TEST_PG) PostgreSQL: the harness of
// internal/apptest, with the short names this package's tests use.
type env struct {
	*apptest.Env
	t   testing.TB
	app *app.App
	srv *httptest.Server
}

func newEnv(t testing.TB, tweak ...func(*config.Config)) *env {
	t.Helper()
	e := apptest.New(t, tweak...)
	return &env{Env: e, t: t, app: e.App, srv: e.Srv}
}

// TestMain makes this process's password hashes cheap and removes the template databases after the tests.
func TestMain(m *testing.M) { apptest.Main(m) }

type envelope = apptest.Envelope

type sessionUser = apptest.SessionUser

// call sends a request; body may be url.Values (form) or anything else (JSON).
func (e *env) call(method, path, token string, body any, header ...string) (*http.Response, envelope) {
	e.t.Helper()
	return e.Call(method, path, token, body, header...)
}

// send makes one request (token as Bearer, header as name/value pairs) and reads the whole body.
func (e *env) send(method, path, token string, body io.Reader, contentType string, header []string) (*http.Response, []byte) {
	e.t.Helper()
	return e.Send(method, path, token, body, contentType, header)
}

func (e *env) login(code, pw string) sessionUser {
	e.t.Helper()
	return e.Login(code, pw)
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
