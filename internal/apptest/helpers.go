package apptest

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Fetch GETs path (token as Bearer, header as name/value pairs) and reads the whole body.
func (e *Env) Fetch(path, token string, header ...string) (*http.Response, []byte) {
	e.T.Helper()
	return e.Send("GET", path, token, nil, "", header)
}

// Ticket is a single-use download ticket of path (POST /api/sys/common/ticket) for the token's account.
func (e *Env) Ticket(token, path string) string {
	e.T.Helper()
	var tk struct {
		Ticket    string `json:"ticket"`
		ExpiresIn int    `json:"expiresIn"`
	}
	e.Done("POST", "/api/sys/common/ticket", token, map[string]string{"path": path}, &tk)
	if len(tk.Ticket) != 64 || tk.ExpiresIn != 60 {
		e.T.Fatalf("ticket for %s: %+v", path, tk)
	}
	return tk.Ticket
}

// Count is the single number the query q answers, read straight from the database.
func (e *Env) Count(q string, args ...any) int {
	e.T.Helper()
	var n int
	if err := e.App.DB.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		e.T.Fatal(err)
	}
	return n
}

// UserID is the id of the account login.
func (e *Env) UserID(login string) int64 {
	e.T.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id FROM sys_user WHERE login_code = ?`, login).Scan(&id); err != nil {
		e.T.Fatal(err)
	}
	return id
}

// RoleID is the id of the role code.
func (e *Env) RoleID(token, code string) int64 {
	e.T.Helper()
	var roles []struct {
		ID   int64  `json:"id"`
		Code string `json:"code"`
	}
	e.Done("GET", "/api/user/role/all", token, nil, &roles)
	for _, r := range roles {
		if r.Code == code {
			return r.ID
		}
	}
	e.T.Fatalf("no role %s", code)
	return 0
}

// AddRole adds a role through the API and returns its id.
func (e *Env) AddRole(token, code, name string) int64 {
	e.T.Helper()
	return e.Added("POST", "/api/sys/role/add", token, map[string]any{"code": code, "name": name, "remark": "e2e"})
}

// GrantRole adds the role code with the menus, function codes and (when not nil) data scopes.
func (e *Env) GrantRole(admin, code string, menus, funcs []string, scopes []map[string]any) int64 {
	e.T.Helper()
	id := e.AddRole(admin, code, code+"角色")
	e.Done("PUT", "/api/sys/role/grants", admin, map[string]any{"roleId": id, "menuCodes": menus, "funCodes": funcs}, nil)
	if scopes != nil {
		e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": id, "scopes": scopes}, nil)
	}
	return id
}

// AddUser creates an account through the API and returns its id.
func (e *Env) AddUser(token string, form map[string]any) int64 {
	e.T.Helper()
	return e.Added("POST", "/api/sys/user/add", token, form)
}

// AccountPassword is the password of the accounts Account adds.
const AccountPassword = "Start#2024"

// Account adds a staff account (password AccountPassword) in the unit with the roles.
func (e *Env) Account(admin, login, unit string, roles ...int64) int64 {
	e.T.Helper()
	if roles == nil {
		roles = []int64{}
	}
	return e.AddUser(admin, map[string]any{"loginCode": login, "userName": login, "unitCode": unit, "password": AccountPassword, "roleIds": roles})
}

// SignIn signs in an account added by Account and returns its token. The password an administrator set must be
// changed before any other call; these tests are about what comes after, so the flag is cleared as the first
// change would.
func (e *Env) SignIn(login string) string {
	e.T.Helper()
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE sys_user SET update_pwd = 0 WHERE login_code = ?`, login); err != nil {
		e.T.Fatal(err)
	}
	return e.Login(login, AccountPassword).AccessToken
}

// BizLog counts admin's business log lines of module and action (action "" for all).
func (e *Env) BizLog(module, action string) int {
	e.T.Helper()
	return e.Count(`SELECT COUNT(*) FROM business_log WHERE module = ? AND (action = ? OR ? = '') AND login_code = 'admin'`, module, action, action)
}

// BusinessLog is the business log of module, oldest first ("action target" a line), with the last line's
// before and after data.
func (e *Env) BusinessLog(module string) (lines []string, before, after string) {
	e.T.Helper()
	rows, err := e.App.DB.Query(context.Background(), `SELECT action, target, before_data, after_data FROM business_log WHERE module = ? ORDER BY id`, module)
	if err != nil {
		e.T.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var action, target string
		if err := rows.Scan(&action, &target, &before, &after); err != nil {
			e.T.Fatal(err)
		}
		lines = append(lines, action+" "+target)
	}
	if err := rows.Err(); err != nil {
		e.T.Fatal(err)
	}
	return lines, before, after
}

// NotPlainDecimals are texts strconv (or a JSON number) would read as a number but a person's number field does
// not take: every number of a form (a demand's number field) or a dynamic table is a plain decimal
// (validate.Decimal / validate.WholeNumber).
var NotPlainDecimals = []string{"NaN", "NAN", "nan", "Infinity", "-Inf", "0x1p-2", "0x10", "1_000", "1e5", "1E5", "+3", "1.", ".5", "1,000", "１２"}

// RoleCodes lists the codes of the roles the user holds, sorted by role id, comma-separated.
func (e *Env) RoleCodes(userID int64) string {
	e.T.Helper()
	rows, err := e.App.DB.Query(context.Background(), `SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = ? ORDER BY r.id`, userID)
	if err != nil {
		e.T.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			e.T.Fatal(err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		e.T.Fatal(err)
	}
	return strings.Join(out, ",")
}

// OrgOwner is the id of the account in charge of the external organisation (0 for none).
func (e *Env) OrgOwner(orgID int64) int64 {
	e.T.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT COALESCE(owner_id, 0) FROM ext_org WHERE id = ?`, orgID).Scan(&id); err != nil {
		e.T.Fatal(err)
	}
	return id
}

// SetParam sets the system parameter key (sys_config) to value through the API; it fails the test unless the
// value is taken.
func (e *Env) SetParam(token, key string, value any) {
	e.T.Helper()
	var p Page[struct {
		ID  int64  `json:"id"`
		Key string `json:"key"`
	}]
	e.Done("GET", "/api/sys/config/list?key="+url.QueryEscape(key)+"&limit=100", token, nil, &p)
	for _, r := range p.Records {
		if r.Key == key {
			e.Done("PUT", "/api/sys/config/edit", token, map[string]any{"id": r.ID, "value": value}, nil)
			return
		}
	}
	e.T.Fatalf("no parameter %s", key)
}

// Patience is how long a test waits for something that must happen (a message at a gateway, a run in the task
// log, another instance seeing a change): far beyond what any machine needs, however loaded, so that no test
// depends on the machine's speed. A wait ends as soon as the thing happens; only a real failure waits this long.
const Patience = 2 * time.Minute

// DemandAdd opens a demand collection through the screen's call and returns its id.
func (e *Env) DemandAdd(token string, form map[string]any) int64 {
	e.T.Helper()
	var out struct{ ID int64 }
	e.Done("POST", "/api/demand/collection/add", token, form, &out)
	if out.ID == 0 {
		e.T.Fatalf("no id")
	}
	return out.ID
}
