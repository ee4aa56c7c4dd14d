package audit

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Every verb written to the business log is in Actions, and Actions is the enum the API documents (the
// web labels each value of that enum in both languages; web/src/i18n/catalogue.test.ts).
func TestActionsAreDocumentedAndComplete(t *testing.T) {
	raw, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct{ Enum []any } `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var enum []string
	for _, v := range doc.Components.Schemas["BusinessLog"].Properties["action"].Enum {
		s, _ := v.(string)
		enum = append(enum, s)
	}
	if strings.Join(enum, ",") != strings.Join(Actions, ",") {
		t.Fatalf("api/openapi.json BusinessLog.action enum %v, audit.Actions %v", enum, Actions)
	}
	// the verbs the areas spell out: Action: "x", action := "x", ActXxx = "x" (constants of log verbs)
	verb := regexp.MustCompile(`(?:Action:\s*|action :?= |\bAct(?:ion)?[A-Z]\w*\s*= )"(\w+)"`)
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range verb.FindAllStringSubmatch(string(src), -1) {
			if !slices.Contains(Actions, m[1]) {
				t.Errorf("%s writes the action %q, which audit.Actions lacks", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
