// Package apptest runs a whole BidDesk (every area wired, demo data seeded) for the tests of the areas: a test in
// internal/<area> (package <area>_test) starts one with New, signs in as a demo account with As, and asserts the
// answers' envelopes with Done, Refused and Call. Every JSON answer of a successful call is checked against the
// generated API description (api/openapi.json), as the assembly's own tests do.
//
// The database is SQLite in the test's temporary folder, or PostgreSQL when BIDDESK_TEST_PG holds a server's URL
// (scripts/pgtest.sh). Migrating and seeding the demo is done once per package and kind of demo, and copied for
// each test (dbtest.Clone: a file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL), so that a test
// starts in a few milliseconds and tests may run side by side (t.Parallel).
//
// A package that uses it runs its tests through Main:
//
//	func TestMain(m *testing.M) { apptest.Main(m) }
package apptest

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"biddesk/api"
	"biddesk/internal/app"
	"biddesk/internal/auth"
	"biddesk/internal/platform/apidoc"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/dbtest"
)

// Main runs a package's tests with cheap password hashes (the tests sign in hundreds of times; internal/auth's
// own tests keep the real cost) and removes the template databases afterwards. Call it from TestMain.
func Main(m *testing.M) {
	auth.SetTestHashCost(true)
	code := m.Run()
	dbtest.DropTemplates()
	os.Exit(code)
}

// Env is a running BidDesk with demo data (without the demo's stored files and its year of history, unless a
// tweak asks for them), served by an httptest server.
type Env struct {
	T   testing.TB
	App *app.App
	Srv *httptest.Server
	// Config is the configuration the app was opened with (after the tweaks).
	Config config.Config

	sessions *sessions
}

// sessions are the demo accounts signed in to an Env (As), shared by its For copies.
type sessions struct {
	mu      sync.Mutex
	clients map[string]*Client
}

// For is the same running BidDesk reporting to t: a subtest (t.Run, t.Parallel) calls through e.For(t) so that
// its failures are its own. Sessions signed in with As are shared.
func (e *Env) For(t testing.TB) *Env {
	return &Env{T: t, App: e.App, Srv: e.Srv, Config: e.Config, sessions: e.sessions}
}

// New starts a BidDesk for the test, closed when it ends. A tweak may change the configuration (a test that
// points DatabaseURL or DataDir elsewhere gets no copy of the template: it migrates and seeds itself).
func New(t testing.TB, tweak ...func(*config.Config)) *Env {
	t.Helper()
	cfg := config.Defaults()
	cfg.DemoWithoutFiles = true   // the tests count files; the demo's own test checks them
	cfg.DemoWithoutHistory = true // and sign-ins, downloads, accounts; the demo history's test checks them
	cfg.DataDir = t.TempDir()
	fresh := cfg.DataDir
	for _, f := range tweak {
		f(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if cfg.DataDir == fresh && cfg.DatabaseURL == "" {
		key := fmt.Sprintf("demo files %v, history %v, passwords %q %q", !cfg.DemoWithoutFiles, !cfg.DemoWithoutHistory, cfg.DemoAdminPassword, cfg.DemoStaffPassword)
		cfg.DatabaseURL = dbtest.Clone(t, key, cfg.DataDir, func(dsn, dataDir string) error {
			c := cfg
			c.DatabaseURL, c.DataDir = dsn, dataDir
			a, err := app.Open(context.Background(), c, log)
			if err != nil {
				return err
			}
			defer a.Close()
			_, err = a.Seed(context.Background(), true)
			return err
		})
	}
	a, err := app.Open(context.Background(), cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if _, err := a.Seed(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler(WebFiles()))
	t.Cleanup(srv.Close)
	return &Env{T: t, App: a, Srv: srv, Config: cfg, sessions: &sessions{}}
}

// Serve serves an app the test opened itself (a second instance, a restored database) as an Env; the test
// closes the app, the server is closed when the test ends.
func Serve(t testing.TB, a *app.App) *Env {
	t.Helper()
	srv := httptest.NewServer(a.Handler(WebFiles()))
	t.Cleanup(srv.Close)
	return &Env{T: t, App: a, Srv: srv, Config: a.Config, sessions: &sessions{}}
}

// WebFiles stands in for the built web app (web/dist): an index page, a hashed asset and the Swagger UI files
// /api/docs serves.
func WebFiles() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                       {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-1a2b.js":               {Data: []byte("console.log(1)")},
		"api-docs/swagger-ui-bundle.js":    {Data: []byte("window.SwaggerUIBundle = function () {};")},
		"api-docs/swagger-ui-bundle.js.gz": {Data: Gzipped("window.SwaggerUIBundle = function () {};")},
		"api-docs/swagger-ui.css":          {Data: []byte(".swagger-ui { color: #3b4151 }")},
	}
}

// Gzipped is s compressed with gzip.
func Gzipped(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return b.Bytes()
}

// Envelope is every API answer's body: code 0 and data, or code 1 and a message.
type Envelope struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// Call sends a request (token as Bearer, header as name/value pairs); body may be url.Values (a form), an
// io.Reader sent as is (no content type), or anything else (JSON). A JSON answer is decoded into the envelope.
func (e *Env) Call(method, path, token string, body any, header ...string) (*http.Response, Envelope) {
	e.T.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case url.Values:
		rd, ct = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	default:
		raw, _ := json.Marshal(b)
		rd, ct = strings.NewReader(string(raw)), "application/json"
	}
	resp, raw := e.Send(method, path, token, rd, ct, header)
	var env Envelope
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &env); err != nil {
			e.T.Fatalf("%s %s: bad JSON %q", method, path, raw)
		}
	}
	return resp, env
}

// Send makes one request and reads the whole body; a JSON answer of code 0 must be what the API description
// says the call answers.
func (e *Env) Send(method, path, token string, body io.Reader, contentType string, header []string) (*http.Response, []byte) {
	e.T.Helper()
	req, err := http.NewRequest(method, e.Srv.URL+path, body)
	if err != nil {
		e.T.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.T.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		CheckAnswer(e.T, method, path, raw)
	}
	return resp, raw
}

// Done sends a call that must succeed and decodes its data into out (when not nil).
func (e *Env) Done(method, path, token string, body, out any) {
	e.T.Helper()
	_, r := e.Call(method, path, token, body)
	if r.Code != 0 {
		e.T.Fatalf("%s %s %v: code %d %s", method, path, body, r.Code, r.Message)
	}
	if out != nil {
		if err := json.Unmarshal(r.Data, out); err != nil {
			e.T.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// Refused sends a call that must fail with code 1 and the message msg.
func (e *Env) Refused(method, path, token string, body any, msg string) {
	e.T.Helper()
	if _, r := e.Call(method, path, token, body); r.Code != 1 || r.Message != msg {
		e.T.Errorf("%s %s %v: %+v, want %q", method, path, body, r, msg)
	}
}

var (
	checkerOnce sync.Once
	checker     *apidoc.Checker
)

// CheckAnswer fails the test when a successful answer (raw, an envelope) of a generated operation is not what
// the API description (its route's declared type) says.
func CheckAnswer(t testing.TB, method, path string, raw []byte) {
	t.Helper()
	checkerOnce.Do(func() {
		var err error
		if checker, err = apidoc.NewChecker(api.OpenAPI); err != nil {
			panic(err)
		}
	})
	var env struct {
		Code int             `json:"code"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(raw, &env) != nil || env.Code != 0 {
		return
	}
	path, _, _ = strings.Cut(path, "?")
	if _, err := checker.Check(method, path, env.Data); err != nil {
		t.Errorf("%s %s answers what its description does not say: %v", method, path, err)
	}
}

// Remote is a BidDesk running in another process (a `biddesk serve` at base, http://host:port) as an Env for the
// helpers that only speak HTTP (Login, Call, Done, Refused, UploadOK, Fetch, Upload, GrantRole, Account ...); App is
// nil, so the helpers that read the database directly do not apply. cfg is the configuration the process was
// started with (the demo passwords).
func Remote(t testing.TB, base string, cfg config.Config) *Env {
	return &Env{T: t, Srv: &httptest.Server{URL: base}, Config: cfg, sessions: &sessions{}}
}
