package app_test

import (
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
