package apptest

import (
	"encoding/json"
	"net/http"
	"net/url"
)

// The demo accounts seeded into every test database (app.Seed): a system administrator, a staff member, a
// library administrator (staff site) and a partner (external site, signed in at /api/outSite/login).
const (
	Admin    = "admin"
	Staff    = "staff"
	LibAdmin = "libadmin"
	Partner  = "partner"
)

// SessionUser is what a sign-in answers (the parts the tests read).
type SessionUser struct {
	AccessToken string `json:"accessToken"`
	UserName    string `json:"UserName"`
	FunCodes    string `json:"funCodes"`
	UpdatePwd   int    `json:"updatePwd"`
	SysMenus    []struct {
		Code     string `json:"code"`
		SubMenus []struct {
			Code string `json:"code"`
			Path string `json:"path"`
		} `json:"subMenus"`
	} `json:"sysMenus"`
	DictData []struct {
		Key       string `json:"key"`
		Value     any    `json:"value"`
		ChildDict []struct {
			Key   string `json:"key"`
			Value any    `json:"value"`
		} `json:"childDict"`
	} `json:"dictData"`
}

// Login signs in at the staff site's /api/login; it fails the test unless the sign-in succeeds.
func (e *Env) Login(code, pw string) SessionUser {
	e.T.Helper()
	return e.signIn("/api/login", code, pw)
}

// LoginOutSite signs an external account in at /api/outSite/login.
func (e *Env) LoginOutSite(code, pw string) SessionUser {
	e.T.Helper()
	return e.signIn("/api/outSite/login", code, pw)
}

func (e *Env) signIn(path, code, pw string) SessionUser {
	e.T.Helper()
	_, r := e.Call("POST", path, "", map[string]string{"LoginCode": code, "PassWord": pw, "os": "test"})
	if r.Code != 0 {
		e.T.Fatalf("sign in %s at %s: code %d %s", code, path, r.Code, r.Message)
	}
	var su SessionUser
	if err := json.Unmarshal(r.Data, &su); err != nil {
		e.T.Fatal(err)
	}
	return su
}

// Password is the demo password of a demo account (Admin, Staff, LibAdmin, Partner).
func (e *Env) Password(account string) string {
	switch account {
	case Admin:
		return e.Config.DemoAdminPassword
	case Staff:
		return e.Config.DemoStaffPassword
	case LibAdmin:
		return "Library@123"
	case Partner:
		return "Partner@123"
	}
	e.T.Fatalf("no demo account %q", account)
	return ""
}

// Client is a signed-in demo account of an Env.
type Client struct {
	E       *Env
	Login   string
	Token   string
	Session SessionUser
}

// As is the demo account signed in (once per Env; later calls give the same session).
func (e *Env) As(account string) *Client {
	e.T.Helper()
	e.sessions.mu.Lock()
	c := e.sessions.clients[account]
	e.sessions.mu.Unlock()
	if c != nil {
		return c
	}
	var su SessionUser
	if account == Partner {
		su = e.LoginOutSite(account, e.Password(account))
	} else {
		su = e.Login(account, e.Password(account))
	}
	c = &Client{E: e, Login: account, Token: su.AccessToken, Session: su}
	e.sessions.mu.Lock()
	defer e.sessions.mu.Unlock()
	if e.sessions.clients == nil {
		e.sessions.clients = map[string]*Client{}
	}
	if prior := e.sessions.clients[account]; prior != nil {
		return prior
	}
	e.sessions.clients[account] = c
	return c
}

// Call sends a request as the client (see Env.Call).
func (c *Client) Call(method, path string, body any, header ...string) (*http.Response, Envelope) {
	c.E.T.Helper()
	return c.E.Call(method, path, c.Token, body, header...)
}

// Done sends a call as the client that must succeed, decoding its data into out (when not nil).
func (c *Client) Done(method, path string, body, out any) {
	c.E.T.Helper()
	c.E.Done(method, path, c.Token, body, out)
}

// Refused sends a call as the client that must fail with code 1 and the message msg.
func (c *Client) Refused(method, path string, body any, msg string) {
	c.E.T.Helper()
	c.E.Refused(method, path, c.Token, body, msg)
}

// Page is a list call's answer.
type Page[T any] struct {
	Records []T `json:"records"`
	Current int `json:"current"`
	Limit   int `json:"limit"`
	Total   int `json:"total"`
	Pages   int `json:"pages"`
}

// List calls a list API with the query q and decodes its page; it fails the test on a non-zero code.
func List[T any](e *Env, path, token string, q url.Values) Page[T] {
	e.T.Helper()
	var p Page[T]
	e.Done("GET", path+"?"+q.Encode(), token, nil, &p)
	return p
}

// Added sends an add call that must answer the new record's id.
func (e *Env) Added(method, path, token string, body any) int64 {
	e.T.Helper()
	var out struct {
		ID int64 `json:"id"`
	}
	e.Done(method, path, token, body, &out)
	if out.ID == 0 {
		e.T.Fatalf("%s %s %v: no id", method, path, body)
	}
	return out.ID
}
