package users

import (
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Handlers are the HTTP endpoints of user management.
type Handlers struct {
	svc            *Service
	manage, search *list.Table[User]
}

func NewHandlers(svc *Service) *Handlers {
	m, s := Tables(svc.db, svc.roles)
	// the list, its export and the search show only the accounts of the caller's data scope
	m.Restrict, s.Restrict = svc.restrict, svc.restrict
	return &Handlers{svc: svc, manage: m, search: s}
}

// FormIn is what the add dialog sends.
type FormIn struct {
	LoginCode string   `param:"loginCode"`
	UserName  string   `param:"userName"`
	UnitCode  string   `param:"unitCode" doc:"staff accounts: the unit"`
	Phone     string   `param:"phone"`
	Email     string   `param:"email"`
	Password  string   `param:"password" doc:"add only"`
	ExtOrgID  int64    `param:"extOrgId" min:"0" doc:"external accounts: the organisation (0 or empty: none)"`
	RoleIDs   *[]int64 `param:"roleIds" doc:"the roles; not sent: the roles stay as they are (edit); an empty list takes every role away"`
}

func (in FormIn) form() Form {
	f := Form{LoginCode: in.LoginCode, UserName: in.UserName, UnitCode: in.UnitCode, Phone: in.Phone, Email: in.Email,
		Password: in.Password, ExtOrgID: in.ExtOrgID}
	if in.RoleIDs != nil {
		f.RoleIDs = []int64{}
		if *in.RoleIDs != nil {
			f.RoleIDs = *in.RoleIDs
		}
	}
	return f
}

// EditIn is what the edit dialog sends: the account and its fields.
type EditIn struct {
	FormIn
	ID int64 `param:"id,required"`
}

// Add is POST /api/sys/user/add; data is the new id.
func (h *Handlers) Add(r *http.Request, in FormIn) (httpx.Created, error) {
	id, err := h.svc.Add(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// Edit is PUT /api/sys/user/edit.
func (h *Handlers) Edit(r *http.Request, in EditIn) (route.None, error) {
	f := in.form()
	f.ID = in.ID
	return route.None{}, h.svc.Edit(r.Context(), f)
}

// ChangeState is PUT /api/sys/user/changeState (ids, state).
func (h *Handlers) ChangeState(r *http.Request, in httpx.StateIn) (route.None, error) {
	ids, state, err := in.Parse()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.ChangeState(r.Context(), auth.PrincipalFrom(r.Context()), ids, state)
}

// PasswordIn sets an account's password.
type PasswordIn struct {
	ID       int64  `param:"id,required"`
	Password string `param:"password"`
}

// ResetPwd is PUT /api/sys/user/resetPwd (id, password).
func (h *Handlers) ResetPwd(r *http.Request, in PasswordIn) (route.None, error) {
	return route.None{}, h.svc.ResetPassword(r.Context(), auth.PrincipalFrom(r.Context()), in.ID, in.Password)
}

// IDsIn names accounts.
type IDsIn struct {
	IDs []int64 `param:"ids,required" doc:"a list, repeated or comma-separated"`
}

// Del is DELETE /api/sys/user/del (ids).
func (h *Handlers) Del(r *http.Request, in IDsIn) (route.None, error) {
	return route.None{}, h.svc.Delete(r.Context(), auth.PrincipalFrom(r.Context()), in.IDs)
}
