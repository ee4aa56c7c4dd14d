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
	checked := map[string]int{}
	for _, v := range vs {
		switch v.Rule {
		case "password":
			if got := PasswordOK(v.Input); got != v.OK {
				t.Errorf("PasswordOK(%q) = %v, want %v", v.Input, got, v.OK)
			}
		case "loginCode":
			if got := LoginCode(v.Input); got != v.OK {
				t.Errorf("LoginCode(%q) = %v, want %v", v.Input, got, v.OK)
			}
		case "mobile":
			if got := Mobile(v.Input); got != v.OK {
				t.Errorf("Mobile(%q) = %v, want %v", v.Input, got, v.OK)
			}
		case "email":
			if got := Email(v.Input); got != v.OK {
				t.Errorf("Email(%q) = %v, want %v", v.Input, got, v.OK)
			}
		default:
			continue
		}
		checked[v.Rule]++
	}
	for _, rule := range []string{"password", "loginCode", "mobile", "email"} {
		if checked[rule] == 0 {
			t.Errorf("no %s vectors", rule)
		}
	}
}

func TestCommonPasswords(t *testing.T) {
	if !PasswordCommon("P@SSW0RD") || PasswordCommon("Kx7#mPq2") {
		t.Fatal("deny-list check wrong")
	}
}
