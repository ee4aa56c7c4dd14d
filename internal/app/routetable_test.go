package app_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// The route table is assembled from the areas' own lists (each area's Routes). Its every method, path, access
// and download flag are requirements (the spec's API): testdata/routes.txt is the table as it stood when the
// areas took their routes over; a change to it is a deliberate edit of that file
// (BIDDESK_UPDATE_ROUTES=1 rewrites it).
func TestRouteTableMatchesTheSnapshot(t *testing.T) {
	e := newEnv(t)
	var lines []string
	seen := map[string]bool{}
	for _, rt := range e.app.Routes() {
		key := rt.Method + " " + rt.Path
		if seen[key] {
			t.Errorf("%s is in the table twice", key)
		}
		seen[key] = true
		lines = append(lines, fmt.Sprintf("%s %s %s download=%v", rt.Method, rt.Path, rt.Access, rt.Download))
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	const file = "testdata/routes.txt"
	if os.Getenv("BIDDESK_UPDATE_ROUTES") != "" {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		w := map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(string(want)), "\n") {
			w[l] = true
		}
		for _, l := range lines {
			if !w[l] {
				t.Errorf("not in %s: %s", file, l)
			}
			delete(w, l)
		}
		for l := range w {
			t.Errorf("missing from the table: %s", l)
		}
	}
}

// Every function code a route asks for is one the access area knows: a menu code of the catalogue or a
// function code (the areas declare their codes as their own constants, e.g. portal.FunPortal).
func TestRouteCodesAreKnownFunctionCodes(t *testing.T) {
	e := newEnv(t)
	known := map[string]bool{}
	for _, q := range []string{`SELECT code FROM sys_function`, `SELECT code FROM sys_menu`} {
		rows, err := e.app.DB.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				t.Fatal(err)
			}
			known[c] = true
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for _, rt := range e.app.Routes() {
		for _, c := range rt.Codes() {
			if !known[c] {
				t.Errorf("%s %s asks for %q, which is no function or menu code", rt.Method, rt.Path, c)
			}
		}
	}
}

// The table is assembled once when the app opens: a download ticket looks its path up, it does not rebuild the
// table (which registered the Word book's read hook again on every call).
func TestRouteTableIsBuiltOnce(t *testing.T) {
	e := newEnv(t)
	a, b := e.app.Routes(), e.app.Routes()
	if len(a) == 0 || &a[0] != &b[0] {
		t.Fatal("Routes() builds a new table per call")
	}
	if n := testing.AllocsPerRun(100, func() { e.app.Routes() }); n != 0 {
		t.Errorf("Routes() allocates %v times per call", n)
	}
}
