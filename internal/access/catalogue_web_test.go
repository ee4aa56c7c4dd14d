package access

import (
	"os"
	"regexp"
	"testing"
)

// The catalogue's names are the screens' names: the web's Chinese titles and breadcrumbs (nav.* of
// web/src/i18n/zh-CN.ts) must say the same, and the screens the catalogue calls unbuilt must be
// exactly the admin routes the web's route table gives no page.
func TestCatalogueAgreesWithTheWeb(t *testing.T) {
	zh, err := os.ReadFile("../../web/src/i18n/zh-CN.ts")
	if err != nil {
		t.Fatal(err)
	}
	routes, err := os.ReadFile("../../web/src/app/routes.ts")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s*'nav\.([\w.]+)':\s*'([^']*)'`).FindAllStringSubmatch(string(zh), -1) {
		names[m[1]] = m[2]
	}
	built, placeholder := map[string]bool{}, map[string]bool{}
	for _, m := range regexp.MustCompile(`admin\('(\w+)'(, pages\.\w+)?\)`).FindAllStringSubmatch(string(routes), -1) {
		if m[2] == "" {
			placeholder[m[1]] = true
		} else {
			built[m[1]] = true
		}
	}
	if len(built) < 20 {
		t.Fatalf("read %d built routes from routes.ts: the pattern no longer fits", len(built))
	}
	var walk func([]MenuDef)
	walk = func(defs []MenuDef) {
		for _, d := range defs {
			if got, ok := names[d.Code]; !ok || got != d.Name {
				t.Errorf("menu %s is %q, the web calls it %q", d.Code, d.Name, got)
			}
			if d.Path != "" {
				switch {
				case d.Unbuilt && !placeholder[d.Code]:
					t.Errorf("%s is unbuilt in the catalogue but the web has its page", d.Code)
				case !d.Unbuilt && !built[d.Code]:
					t.Errorf("%s is in the menus but the web has no page for it", d.Code)
				}
				delete(placeholder, d.Code)
			}
			walk(d.Children)
		}
	}
	walk(Catalogue)
	for code := range placeholder {
		t.Errorf("the web's placeholder route %s is not in the catalogue", code)
	}
}
