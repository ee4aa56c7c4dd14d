package access

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// catalogueFile is the menu catalogue as the web app's tests read it (web/src/app/routes.test.ts checks the
// route table and the i18n titles against it). BIDDESK_UPDATE_CATALOGUE=1 rewrites it.
const catalogueFile = "../../testdata/menu_catalogue.json"

type catalogueEntry struct {
	Code     string           `json:"code"`
	Name     string           `json:"name"`
	Path     string           `json:"path,omitempty"`
	Children []catalogueEntry `json:"children,omitempty"`
	// Unbuilt: no screen yet (the web's tests skip it)
	Unbuilt bool `json:"unbuilt,omitempty"`
}

func catalogueJSON(defs []MenuDef) []catalogueEntry {
	out := make([]catalogueEntry, 0, len(defs))
	for _, d := range defs {
		out = append(out, catalogueEntry{Code: d.Code, Name: d.Name, Path: d.Path, Children: catalogueJSON(d.Children), Unbuilt: d.Unbuilt})
	}
	return out
}

// The catalogue's copy for the web tests is the catalogue: a menu added here and not there (or the reverse)
// fails, so the web's check always runs against the server's codes.
func TestCatalogueFileIsTheCatalogue(t *testing.T) {
	got, err := json.MarshalIndent(catalogueJSON(Catalogue), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if os.Getenv("BIDDESK_UPDATE_CATALOGUE") != "" {
		if err := os.WriteFile(catalogueFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(catalogueFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not the menu catalogue of catalogue.go: run BIDDESK_UPDATE_CATALOGUE=1 go test ./internal/access/ -run TestCatalogueFile, then the web tests", catalogueFile)
	}
}

// Leaves are screens: the code is the path without its slash (the web route table's rule too), and no code
// is used twice.
func TestCatalogueLeavesAreTheirPaths(t *testing.T) {
	seen := map[string]bool{FunctionPortal: true}
	var walk func([]MenuDef)
	walk = func(defs []MenuDef) {
		for _, d := range defs {
			if seen[d.Code] {
				t.Errorf("code %q is used twice", d.Code)
			}
			seen[d.Code] = true
			if len(d.Children) == 0 && d.Path != "/"+d.Code {
				t.Errorf("leaf %q has path %q", d.Code, d.Path)
			}
			walk(d.Children)
		}
	}
	walk(Catalogue)
}
