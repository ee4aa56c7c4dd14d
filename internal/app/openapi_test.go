package app_test

import (
	"bytes"
	"os"
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
