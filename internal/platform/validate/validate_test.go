package validate

import (
	"encoding/json"
	"os"
	"testing"
)

type vector struct {
	Rule  string `json:"rule"`
	Input string `json:"input"`
	OK    bool   `json:"ok"`
}

// The browser's tests read the same file (web/src/lib/validate.test.ts).
func TestSharedVectors(t *testing.T) {
	raw, err := os.ReadFile("../../../testdata/validation_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, v := range vs {
		switch v.Rule {
		case "password":
			if got := PasswordOK(v.Input); got != v.OK {
				t.Errorf("PasswordOK(%q) = %v, want %v", v.Input, got, v.OK)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no password vectors")
	}
}

func TestCommonPasswords(t *testing.T) {
	if !PasswordCommon("P@SSW0RD") || PasswordCommon("Kx7#mPq2") {
		t.Fatal("deny-list check wrong")
	}
}
