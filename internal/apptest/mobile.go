package apptest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// H5 is the prefix of the mobile learner page's API (its session is its own: an h5Token).
const H5 = "/api/biapp/curriculum/user/"

// H5Session is what a mobile sign-in answers.
type H5Session struct {
	H5Token    string `json:"h5Token"`
	H5UserInfo struct {
		UserID    int64  `json:"userId"`
		LoginCode string `json:"loginCode"`
		UserName  string `json:"userName"`
	} `json:"h5userInfo"`
	H5EmployeeInfo struct {
		Code string `json:"code"`
		Name string `json:"name"`
	} `json:"h5employeeInfo"`
}

// H5Login signs in at the mobile learner page and answers the envelope and, on success, the session.
func (e *Env) H5Login(code, pw string) (Envelope, H5Session) {
	e.T.Helper()
	_, r := e.Call("POST", H5+"login", "", url.Values{"LoginCode": {code}, "PassWord": {pw}, "os": {"h5"}})
	var s H5Session
	if r.Code == 0 {
		if err := json.Unmarshal(r.Data, &s); err != nil {
			e.T.Fatal(err)
		}
	}
	return r, s
}

// H5Get calls a mobile GET (path after H5) with the h5Token as its parameter.
func (e *Env) H5Get(path, token string) (*http.Response, Envelope) {
	e.T.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return e.Call("GET", H5+path+sep+"h5Token="+url.QueryEscape(token), "", nil)
}
