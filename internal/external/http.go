package external

import (
	"net/http"

	"biddesk/internal/access"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
	"biddesk/internal/users"
)

// Handlers are the endpoints of /externalOrgan and /externalUser.
type Handlers struct {
	svc   *Service
	roles *access.Store
	orgs  *list.Table[Org]
	users *list.Table[users.User]
	// Accounts adds, edits, enables or disables, resets the password of and deletes external
	// accounts: user management's handlers over the external kind.
	Accounts *users.Handlers
}

func NewHandlers(svc *Service, roles *access.Store) *Handlers {
	return &Handlers{
		svc: svc, roles: roles, orgs: OrgTable(svc.db), users: users.ExternalTable(svc.db, roles),
		Accounts: users.NewHandlers(users.NewKindService(svc.db, roles, svc.UserKind())),
	}
}

// OrgList is GET /api/sys/externalOrgan/list; OrgExport is GET /api/sys/externalOrgan/export.
func (h *Handlers) OrgList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.orgs.List(w, r)
}
func (h *Handlers) OrgExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.orgs.Export(w, r)
}

// OrgIn is what the organisation dialog sends (the rules are the service's, in the dialog's order).
type OrgIn struct {
	Name          string `param:"name" doc:"required, at most 100 characters"`
	Code          string `param:"code" doc:"1-32 letters, digits, _ or -; unique"`
	Kind          string `param:"kind" doc:"required: an item of the ext_org_kind dictionary"`
	ContactPerson string `param:"contactPerson" doc:"at most 50 characters"`
	Phone         string `param:"phone" doc:"a mobile or a landline with its area code"`
	Email         string `param:"email"`
	Address       string `param:"address" doc:"at most 200 characters"`
	Remark        string `param:"remark" doc:"at most 500 characters"`
	OwnerID       int64  `param:"ownerId" min:"0" doc:"the staff account in charge; 0 or absent: nobody"`
}

func (in OrgIn) form() OrgForm {
	return OrgForm{
		Name: in.Name, Code: in.Code, Kind: in.Kind, ContactPerson: in.ContactPerson,
		Phone: in.Phone, Email: in.Email, Address: in.Address, Remark: in.Remark, OwnerID: in.OwnerID,
	}
}

// OrgAdd is POST /api/sys/externalOrgan/add; data is {id}.
func (h *Handlers) OrgAdd(r *http.Request, in OrgIn) (httpx.Created, error) {
	id, err := h.svc.AddOrg(r.Context(), in.form())
	if err != nil {
		return httpx.Created{}, err
	}
	return httpx.Created{ID: id}, nil
}

// OrgEditIn is the dialog's fields and the organisation.
type OrgEditIn struct {
	OrgIn
	ID int64 `param:"id,required"`
}

// OrgEdit is PUT /api/sys/externalOrgan/edit (id and the fields).
func (h *Handlers) OrgEdit(r *http.Request, in OrgEditIn) (route.None, error) {
	f := in.form()
	f.ID = in.ID
	return route.None{}, h.svc.EditOrg(r.Context(), f)
}

// StateIn switches organisations on or off.
type StateIn struct {
	IDs   []int64 `param:"ids,required"`
	State int     `param:"state,required" doc:"1 enabled, 0 disabled"`
}

// OrgChangeState is PUT /api/sys/externalOrgan/changeState (ids, state).
func (h *Handlers) OrgChangeState(r *http.Request, in StateIn) (route.None, error) {
	return route.None{}, h.svc.ChangeOrgState(r.Context(), in.IDs, in.State)
}

// IDsIn names rows: ids (a list, repeated or comma-separated) or, when ids is not sent, id.
type IDsIn struct {
	IDs []int64 `param:"ids"`
	ID  []int64 `param:"id" doc:"when ids is not sent"`
}

func (in IDsIn) list() ([]int64, error) {
	switch {
	case len(in.IDs) > 0:
		return in.IDs, nil
	case len(in.ID) > 0:
		return in.ID, nil
	}
	return nil, httpx.Fail("http.required", "ids")
}

// OrgDel is DELETE /api/sys/externalOrgan/del (ids).
func (h *Handlers) OrgDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteOrgs(r.Context(), ids)
}

// UserList is GET /api/sys/externalUser/list; UserExport is GET /api/sys/externalUser/export.
func (h *Handlers) UserList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.users.List(w, r)
}
func (h *Handlers) UserExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.users.Export(w, r)
}

// UserRoles is GET /api/sys/externalUser/roles: the roles an external account may hold.
func (h *Handlers) UserRoles(r *http.Request, _ route.None) ([]access.RoleRef, error) {
	roles, err := h.roles.PortalRoles(r.Context())
	if roles == nil && err == nil {
		roles = []access.RoleRef{}
	}
	return roles, err
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"extorg.file":                  {"外部组织", "external_organisations"},
		"extorg.col.name":              {"组织名称", "Name"},
		"extorg.col.code":              {"组织编码", "Code"},
		"extorg.col.kind":              {"组织类型", "Kind"},
		"extorg.col.contactPerson":     {"联系人", "Contact person"},
		"extorg.col.phone":             {"联系电话", "Phone"},
		"extorg.col.email":             {"邮箱", "E-mail"},
		"extorg.col.address":           {"地址", "Address"},
		"extorg.col.owner":             {"对接人", "Owner"},
		"extorg.col.userCount":         {"用户数", "Users"},
		"extorg.col.state":             {"状态", "State"},
		"extorg.col.remark":            {"备注", "Remark"},
		"extorg.col.createdAt":         {"创建时间", "Created"},
		"extorg.not_found":             {"外部组织不存在", "No such external organisation"},
		"extorg.name_required":         {"请输入组织名称", "Please enter the organisation's name"},
		"extorg.name_too_long":         {"组织名称不能超过%d个字符", "The name cannot exceed %d characters"},
		"extorg.code_rule":             {"组织编码为1-%d位字母、数字、_ 或 -", "The code is 1-%d letters, digits, _ or -"},
		"extorg.kind_required":         {"请选择组织类型", "Please choose the kind"},
		"extorg.kind_unknown":          {"组织类型不存在或已停用", "No such kind, or the kind is disabled"},
		"extorg.contact_too_long":      {"联系人不能超过%d个字符", "The contact person cannot exceed %d characters"},
		"extorg.phone_rule":            {"请输入正确的手机号码或固定电话（如 010-12345678）", "Please enter a valid mobile or landline number (such as 010-12345678)"},
		"extorg.address_too_long":      {"地址不能超过%d个字符", "The address cannot exceed %d characters"},
		"extorg.remark_too_long":       {"备注不能超过%d个字符", "The remark cannot exceed %d characters"},
		"extorg.owner_unknown":         {"对接人须为有效的员工账号", "The owner must be a live staff account"},
		"extorg.name_taken":            {"组织名称已存在", "The name is already taken"},
		"extorg.code_taken":            {"组织编码已存在", "The code is already taken"},
		"extorg.name_or_code_taken":    {"组织名称或编码已存在", "The name or code is already taken"},
		"extorg.has_users":             {"外部组织「%s」下还有%d个用户，请先删除这些用户或将其移到其他组织", "%s still has %d users; delete them or move them to another organisation first"},
		"extuser.org_required":         {"请选择所属组织", "Please choose the organisation"},
		"extuser.org_unknown":          {"所属组织不存在", "No such organisation"},
		"handover.kind.ext_org_owner":  {"负责的外部组织", "External organisations in charge"},
		"loginlog.reason.org_disabled": {"所属组织已停用", "Organisation disabled"},
	})
}
