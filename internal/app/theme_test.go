package app_test

import (
	"encoding/json"
	"net/http"
	"testing"
)

// The colour theme an account chose (issue 34): PUT /api/sys/user/theme stores it for the account, and the session
// user (GET /api/sys/user/session and every sign-in's answer) carries it, so a new browser or a sign-in after a
// sign-out shows the account's choice; another account keeps its own.
func TestThemeIsRememberedPerAccount(t *testing.T) {
	e := newEnv(t)
	themeOf := func(t *testing.T, data json.RawMessage) string {
		t.Helper()
		var su struct {
			Theme string `json:"theme"`
		}
		if err := json.Unmarshal(data, &su); err != nil {
			t.Fatal(err)
		}
		return su.Theme
	}
	signIn := func(t *testing.T, code, pw string) (string, string) {
		t.Helper()
		_, r := e.call("POST", "/api/login", "", map[string]string{"LoginCode": code, "PassWord": pw, "os": "test"})
		if r.Code != 0 {
			t.Fatalf("login %s: %+v", code, r)
		}
		var su struct {
			AccessToken string `json:"accessToken"`
		}
		if err := json.Unmarshal(r.Data, &su); err != nil {
			t.Fatal(err)
		}
		return su.AccessToken, themeOf(t, r.Data)
	}
	sessionTheme := func(t *testing.T, tok string) string {
		t.Helper()
		_, r := e.call("GET", "/api/sys/user/session", tok, nil)
		if r.Code != 0 {
			t.Fatalf("session: %+v", r)
		}
		return themeOf(t, r.Data)
	}

	staff, first := signIn(t, "staff", "Staff@123")
	admin, _ := signIn(t, "admin", "Admin@123")

	t.Run("an account that never chose follows the system", func(t *testing.T) {
		if first != "system" || sessionTheme(t, staff) != "system" {
			t.Fatalf("default theme: sign-in %q, session %q", first, sessionTheme(t, staff))
		}
	})

	t.Run("the choice is saved and read back", func(t *testing.T) {
		for _, theme := range []string{"dark", "light", "system", "dark"} {
			if _, r := e.call("PUT", "/api/sys/user/theme", staff, map[string]string{"theme": theme}); r.Code != 0 {
				t.Fatalf("save %s: %+v", theme, r)
			}
			if got := sessionTheme(t, staff); got != theme {
				t.Fatalf("after saving %s the session says %q", theme, got)
			}
		}
	})

	t.Run("a new sign-in answers with the account's theme", func(t *testing.T) {
		if _, r := e.call("POST", "/api/logout", staff, nil); r.Code != 0 {
			t.Fatalf("logout: %+v", r)
		}
		var theme string
		staff, theme = signIn(t, "staff", "Staff@123")
		if theme != "dark" {
			t.Fatalf("sign-in after sign-out: theme %q, want dark", theme)
		}
	})

	t.Run("another account keeps its own", func(t *testing.T) {
		if got := sessionTheme(t, admin); got != "system" {
			t.Fatalf("admin's theme %q after staff chose dark", got)
		}
	})

	t.Run("refused values and callers", func(t *testing.T) {
		cases := []struct {
			name   string
			token  string
			body   any
			status int
		}{
			{"unknown theme", staff, map[string]string{"theme": "purple"}, http.StatusOK},
			{"no theme", staff, map[string]string{}, http.StatusOK},
			{"not signed in", "", map[string]string{"theme": "light"}, http.StatusUnauthorized},
		}
		for _, c := range cases {
			resp, r := e.call("PUT", "/api/sys/user/theme", c.token, c.body)
			if r.Code == 0 || resp.StatusCode != c.status {
				t.Errorf("%s: HTTP %d, %+v", c.name, resp.StatusCode, r)
			}
		}
		if got := sessionTheme(t, staff); got != "dark" {
			t.Fatalf("a refused call changed the theme to %q", got)
		}
	})
}
