package app_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"biddesk/api"
	"biddesk/internal/platform/apidoc"
)

// api/openapi.json is generated from the route table (each route's input and answer types). Refresh it
// with `make api`.
func TestOpenAPIIsGenerated(t *testing.T) {
	e := newEnv(t)
	doc, err := apidoc.Build(e.app.Routes())
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("BIDDESK_UPDATE_API") == "1" {
		if err := os.WriteFile("../../api/openapi.json", doc, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(doc, api.OpenAPI) {
		t.Fatal("api/openapi.json is not what the route table generates: run `make api`")
	}
	resp, raw := e.send("GET", "/api/openapi.json", "", nil, "", nil)
	if resp.StatusCode != 200 || !bytes.Equal(raw, api.OpenAPI) {
		t.Fatalf("GET /api/openapi.json: HTTP %d", resp.StatusCode)
	}
}

var (
	checkerOnce sync.Once
	checker     *apidoc.Checker
)

// checkAnswer fails the test when a successful answer of a generated operation is not what the
// description (its route's declared type) says.
func (e *env) checkAnswer(method, path string, raw []byte) {
	e.t.Helper()
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
		e.t.Errorf("%s %s answers what its description does not say: %v", method, path, err)
	}
}
