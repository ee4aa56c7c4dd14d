package library

import (
	"testing"

	"biddesk/internal/access"
	"biddesk/internal/platform/httpx"
)

// A library screen has one name: its type's name is its menu's, and its record noun is translated.
func TestTypeNamesAreTheMenuNames(t *testing.T) {
	menu := map[string]string{}
	var walk func([]access.MenuDef)
	walk = func(defs []access.MenuDef) {
		for _, d := range defs {
			menu[d.Code] = d.Name
			walk(d.Children)
		}
	}
	walk(access.Catalogue)
	for _, ty := range Types {
		if got := httpx.Translate(httpx.LangZH, ty.Name); got != menu[ty.Code] {
			t.Errorf("%s is %q, its menu %q", ty.Key, got, menu[ty.Code])
		}
		for _, lang := range []string{httpx.LangZH, httpx.LangEN} {
			if n := httpx.Translate(lang, ty.Noun); n == "" || n == ty.Noun {
				t.Errorf("%s has no %s noun (%q)", ty.Key, lang, ty.Noun)
			}
		}
	}
}
