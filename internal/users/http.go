package users

import (
	"context"
	"net/http"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
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

// List is GET /api/sys/user/list; Export is GET /api/sys/user/export; Search is GET /api/user/search.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.manage.List(w, r)
}
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.manage.Export(w, r)
}
func (h *Handlers) Search(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.search.List(w, r)
}

func readForm(in *httpx.Input) (Form, error) {
	f := Form{
		LoginCode: in.String("loginCode"), UserName: in.String("userName"), UnitCode: in.String("unitCode"),
		Phone: in.String("phone"), Email: in.String("email"), Password: in.String("password"),
	}
	if s := strings.TrimSpace(in.String("extOrgId")); s != "" && s != "0" {
		id, err := in.ID("extOrgId")
		if err != nil {
			return f, err
		}
		f.ExtOrgID = id
	}
	if in.Has("roleIds") {
		f.RoleIDs = []int64{}
		if len(in.Strings("roleIds")) > 0 {
			ids, err := in.IDs("roleIds")
			if err != nil {
				return f, err
			}
			f.RoleIDs = ids
		}
	}
	return f, nil
}

// Add is POST /api/sys/user/add; data is the new id.
func (h *Handlers) Add(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.AddHandler(readForm, h.svc.Add)(r, in)
}

// Edit is PUT /api/sys/user/edit.
func (h *Handlers) Edit(r *http.Request, in *httpx.Input) (any, error) {
	return httpx.EditHandler(readForm, func(ctx context.Context, id int64, f Form) error {
		f.ID = id
		return h.svc.Edit(ctx, f)
	})(r, in)
}

// ChangeState is PUT /api/sys/user/changeState (ids, state).
func (h *Handlers) ChangeState(r *http.Request, in *httpx.Input) (any, error) {
	ids, state, err := in.IDsAndState()
	if err != nil {
		return nil, err
	}
	return nil, h.svc.ChangeState(r.Context(), auth.PrincipalFrom(r.Context()), ids, state)
}

// ResetPwd is PUT /api/sys/user/resetPwd (id, password).
func (h *Handlers) ResetPwd(r *http.Request, in *httpx.Input) (any, error) {
	id, err := in.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, h.svc.ResetPassword(r.Context(), auth.PrincipalFrom(r.Context()), id, in.String("password"))
}

// Del is DELETE /api/sys/user/del (ids).
func (h *Handlers) Del(r *http.Request, in *httpx.Input) (any, error) {
	ids, err := in.IDs("ids")
	if err != nil {
		return nil, err
	}
	return nil, h.svc.Delete(r.Context(), auth.PrincipalFrom(r.Context()), ids)
}
