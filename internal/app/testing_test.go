package app_test

import (
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
	"testing"
	"testing/fstest"

	"biddesk/internal/app"
	"biddesk/internal/auth"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/dbtest"
)

// env is a running BidDesk with demo data, on SQLite or (BIDDESK_TEST_PG) PostgreSQL.
type env struct {
	t   testing.TB
	app *app.App
	srv *httptest.Server
}

func newEnv(t testing.TB, tweak ...func(*config.Config)) *env {
	t.Helper()
	cfg := config.Defaults()
	cfg.DemoWithoutFiles = true   // the tests count files; TestDemoLibraryHasFiles checks the demo's
	cfg.DemoWithoutHistory = true // and sign-ins, downloads, accounts; TestDemoCompanyHasAYearOfActivity checks the demo's
	cfg.DataDir = t.TempDir()
	fresh := cfg.DataDir
	for _, f := range tweak {
		f(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Migrating and seeding the demo is done once per kind of demo and copied for each test (unless the
	// test opens a second instance on another's database).
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
	web := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
		// what the web build copies from swagger-ui-dist for /api/docs (stand-ins)
		"api-docs/swagger-ui-bundle.js":    {Data: []byte("window.SwaggerUIBundle = function () {};")},
		"api-docs/swagger-ui-bundle.js.gz": {Data: gzipped("window.SwaggerUIBundle = function () {};")},
		"api-docs/swagger-ui.css":          {Data: []byte(".swagger-ui { color: #3b4151 }")},
	}
	srv := httptest.NewServer(a.Handler(web))
	t.Cleanup(srv.Close)
	return &env{t: t, app: a, srv: srv}
}

// TestMain makes this process's password hashes cheap (its tests sign in hundreds of times; internal/auth's own
// tests keep the real cost) and removes the template databases after the tests.
func TestMain(m *testing.M) {
	auth.SetTestHashCost(true)
	code := m.Run()
	dbtest.DropTemplates()
	os.Exit(code)
}

type envelope struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// call sends a request; body may be url.Values (form) or anything else (JSON).
func (e *env) call(method, path, token string, body any, header ...string) (*http.Response, envelope) {
	e.t.Helper()
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
	resp, raw := e.send(method, path, token, rd, ct, header)
	var env envelope
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &env); err != nil {
			e.t.Fatalf("%s %s: bad JSON %q", method, path, raw)
		}
	}
	return resp, env
}

type sessionUser struct {
	AccessToken string `json:"accessToken"`
	UserName    string `json:"UserName"`
	FunCodes    string `json:"funCodes"`
	UpdatePwd   int    `json:"updatePwd"`
	SysMenus    []struct {
		Code     string `json:"code"`
		SubMenus []struct {
			Code string `json:"code"`
			Path string `json:"path"`
		} `json:"subMenus"`
	} `json:"sysMenus"`
	DictData []struct {
		Key       string `json:"key"`
		Value     any    `json:"value"`
		ChildDict []struct {
			Key   string `json:"key"`
			Value any    `json:"value"`
		} `json:"childDict"`
	} `json:"dictData"`
}

// send makes one request (token as Bearer, header as name/value pairs) and reads the whole body.
func (e *env) send(method, path, token string, body io.Reader, contentType string, header []string) (*http.Response, []byte) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, body)
	if err != nil {
		e.t.Fatal(err)
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
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		e.checkAnswer(method, path, raw)
	}
	return resp, raw
}

func (e *env) login(code, pw string) sessionUser {
	e.t.Helper()
	_, env := e.call("POST", "/api/login", "", map[string]string{"LoginCode": code, "PassWord": pw, "os": "test"})
	if env.Code != 0 {
		e.t.Fatalf("login %s: code %d %s", code, env.Code, env.Message)
	}
	var su sessionUser
	if err := json.Unmarshal(env.Data, &su); err != nil {
		e.t.Fatal(err)
	}
	return su
}
