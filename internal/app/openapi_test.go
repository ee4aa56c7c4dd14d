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

// api/openapi.json is generated from the route table (typed routes) and api/legacy-openapi.json (the
// hand-written operations of the routes not converted yet). Refresh it with `make api`.
func TestOpenAPIIsGenerated(t *testing.T) {
	e := newEnv(t)
	doc, err := apidoc.Build(e.app.Routes(), api.Legacy)
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

// maxLegacyOperations is how many hand-written operations api/legacy-openapi.json may hold: it only goes down
// (convert a route to route.Call and lower it; a new route is never added there).
const maxLegacyOperations = 0

func TestLegacyAPIDescriptionOnlyShrinks(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(api.Legacy, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for path, ops := range doc.Paths {
		if strings.HasPrefix(path, "/api/") && path != "/api/openapi.json" {
			n += len(ops)
		}
	}
	if n > maxLegacyOperations {
		t.Fatalf("api/legacy-openapi.json has %d operations, at most %d: describe new routes with route.Call", n, maxLegacyOperations)
	}
	if n < maxLegacyOperations {
		t.Logf("api/legacy-openapi.json has %d operations: lower maxLegacyOperations to %d", n, n)
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
