package apptest

// RoleRef is a role as the user and role calls name it.
type RoleRef struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// UserRec is an account as the staff user list answers it.
type UserRec struct {
	ID        int64     `json:"id"`
	LoginCode string    `json:"loginCode"`
	UserName  string    `json:"userName"`
	UnitCode  string    `json:"unitCode"`
	UnitName  string    `json:"unitName"`
	Phone     string    `json:"phone"`
	State     int       `json:"state"`
	UpdatePwd int       `json:"updatePwd"`
	Roles     []RoleRef `json:"roles"`
}

// Session is the signed-in account's session as GET /api/sys/user/session answers it (menus, function codes,
// dictionaries).
func (e *Env) Session(token string) SessionUser {
	e.T.Helper()
	var su SessionUser
	e.Done("GET", "/api/sys/user/session", token, nil, &su)
	return su
}
