// Package external is the external organisations (/externalOrgan: partners and clients) and their
// users (/externalUser), who sign in at /login2 through /api/outSite/login and see only the portal.
// An organisation's state gates its users: disabled, none of them signs in or gets an answer.
package external

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// Function codes (= menu codes) of the two screens, also the modules of their business log.
const (
	OrgScreen  = "externalOrgan"
	UserScreen = "externalUser"
)

// KindDict is the dictionary (by code) of the organisation kinds: partner, client, ...
const KindDict = "ext_org_kind"

// Org is an external organisation as /externalOrgan shows it.
type Org struct {
	ID             int64     `json:"id"`
	Name           string    `json:"name"`
	Code           string    `json:"code"`
	Kind           string    `json:"kind"`
	KindName       string    `json:"kindName"`
	ContactPerson  string    `json:"contactPerson"`
	Phone          string    `json:"phone"`
	Email          string    `json:"email"`
	Address        string    `json:"address"`
	State          int       `json:"state"` // 0 disabled, otherwise available
	Remark         string    `json:"remark"`
	OwnerID        int64     `json:"ownerId"` // 0: nobody in charge
	OwnerName      string    `json:"ownerName"`
	OwnerLoginCode string    `json:"ownerLoginCode"`
	UserCount      int       `json:"userCount"` // live accounts of the organisation
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// kindJoin resolves an organisation's kind to its dictionary text.
const kindJoin = ` LEFT JOIN sys_dict kg ON kg.parent_id = 0 AND kg.dict_value = '` + KindDict + `'
	LEFT JOIN sys_dict kd ON kd.parent_id = kg.id AND kd.dict_value = o.kind`

const orgUserCount = `(SELECT COUNT(*) FROM sys_user eu WHERE eu.ext_org_id = o.id AND eu.deleted_at IS NULL)`

var orgSpec = &list.Spec{
	Select: `o.id, o.name, o.code, o.kind, COALESCE(kd.dict_key, o.kind), o.contact_person, o.phone, o.email, o.address, o.state, o.remark,
		COALESCE(o.owner_id, 0), COALESCE(w.user_name, ''), COALESCE(w.login_code, ''), ` + orgUserCount + `, o.created_at, o.updated_at`,
	From:      `ext_org o LEFT JOIN sys_user w ON w.id = o.owner_id` + kindJoin,
	CountFrom: `ext_org o`,
	Where:     `o.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "name", Kind: list.Keyword, Columns: []string{"o.name", "o.code"}},
		{Param: "kind", Column: "o.kind", Kind: list.Exact},
		{Param: "state", Column: "o.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{"0": 0, "1": 1})},
		{Param: "ownerId", Column: "o.owner_id", Kind: list.Exact, Map: list.Int("ownerId")},
	},
	Sorts: map[string]string{
		"name": "o.name", "code": "o.code", "kind": "o.kind", "state": "o.state", "createdAt": "o.created_at",
		"updatedAt": "o.updated_at", "userCount": orgUserCount,
	},
	DefaultSort: "o.created_at DESC",
	TieBreak:    "o.id DESC",
}

func scanOrg(row interface{ Scan(...any) error }) (Org, error) {
	var o Org
	err := row.Scan(&o.ID, &o.Name, &o.Code, &o.Kind, &o.KindName, &o.ContactPerson, &o.Phone, &o.Email, &o.Address, &o.State, &o.Remark,
		&o.OwnerID, &o.OwnerName, &o.OwnerLoginCode, &o.UserCount, &o.CreatedAt, &o.UpdatedAt)
	return o, err
}

func stateText(state int, lang string) any {
	if state == 0 {
		return httpx.Translate(lang, "user.state.disabled")
	}
	return httpx.Translate(lang, "user.state.available")
}

// OrgTable serves GET /api/sys/externalOrgan/list and /export.
func OrgTable(d *db.DB) *list.Table[Org] {
	return &list.Table[Org]{
		DB: d, Spec: orgSpec, Scan: scanOrg, File: "extorg.file",
		Columns: []list.Column[Org]{
			{Title: "extorg.col.name", Value: func(o Org, _ string) any { return o.Name }},
			{Title: "extorg.col.code", Value: func(o Org, _ string) any { return o.Code }},
			{Title: "extorg.col.kind", Value: func(o Org, _ string) any { return o.KindName }},
			{Title: "extorg.col.contactPerson", Value: func(o Org, _ string) any { return o.ContactPerson }},
			{Title: "extorg.col.phone", Value: func(o Org, _ string) any { return o.Phone }},
			{Title: "extorg.col.email", Value: func(o Org, _ string) any { return o.Email }},
			{Title: "extorg.col.address", Value: func(o Org, _ string) any { return o.Address }},
			{Title: "extorg.col.owner", Value: func(o Org, _ string) any { return nameWithCode(o.OwnerName, o.OwnerLoginCode) }},
			{Title: "extorg.col.userCount", Value: func(o Org, _ string) any { return o.UserCount }},
			{Title: "extorg.col.state", Value: func(o Org, lang string) any { return stateText(o.State, lang) }},
			{Title: "extorg.col.remark", Value: func(o Org, _ string) any { return o.Remark }},
			{Title: "extorg.col.createdAt", Value: func(o Org, _ string) any { return o.CreatedAt }},
		},
	}
}

// nameWithCode shows a person as the spec's employee: name(code).
func nameWithCode(name, code string) string {
	if code == "" {
		return name
	}
	return name + "(" + code + ")"
}

// loadOrgs reads live organisations as the screen shows them, in the order of ids (each once),
// as q sees them; an id that is not one fails with extorg.not_found.
func loadOrgs(ctx context.Context, q db.Querier, ids ...int64) ([]Org, error) {
	out := make([]Org, 0, len(ids))
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		o, err := scanOrg(q.QueryRow(ctx, `SELECT `+orgSpec.Select+` FROM `+orgSpec.From+` WHERE o.id = ? AND `+orgSpec.Where, id))
		if db.IsNoRows(err) {
			return nil, httpx.Fail("extorg.not_found")
		}
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// Limits of an organisation's fields.
const (
	OrgNameMax    = 100
	ContactMax    = 50
	AddressMax    = 200
	RemarkMax     = 500
	orgCodeMaxLen = 32
)

var orgCodeRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// OrgForm is what the organisation dialog sends.
type OrgForm struct {
	ID                              int64
	Name, Code, Kind, ContactPerson string
	Phone, Email, Address, Remark   string
	OwnerID                         int64 // 0: nobody
}

func (f *OrgForm) trim() {
	for _, p := range []*string{&f.Name, &f.Code, &f.Kind, &f.ContactPerson, &f.Phone, &f.Email, &f.Address, &f.Remark} {
		*p = strings.TrimSpace(*p)
	}
}

// Phone is a mobile (mainland or Hong Kong) or a landline with its area code.
func Phone(s string) bool { return validate.Mobile(s) || validate.Landline(s) }

// check applies the rules in the order the dialog shows the fields.
func (f *OrgForm) check() error {
	runes := utf8.RuneCountInString
	switch {
	case f.Name == "":
		return httpx.Fail("extorg.name_required")
	case runes(f.Name) > OrgNameMax:
		return httpx.Fail("extorg.name_too_long", OrgNameMax)
	case f.Code != "" && !orgCodeRe.MatchString(f.Code):
		return httpx.Fail("extorg.code_rule", orgCodeMaxLen)
	case f.Kind == "":
		return httpx.Fail("extorg.kind_required")
	case runes(f.ContactPerson) > ContactMax:
		return httpx.Fail("extorg.contact_too_long", ContactMax)
	case f.Phone != "" && !Phone(f.Phone):
		return httpx.Fail("extorg.phone_rule")
	case f.Email != "" && !validate.Email(f.Email):
		return httpx.Fail("user.email_rule")
	case runes(f.Address) > AddressMax:
		return httpx.Fail("extorg.address_too_long", AddressMax)
	case runes(f.Remark) > RemarkMax:
		return httpx.Fail("extorg.remark_too_long", RemarkMax)
	}
	return nil
}

// Service holds the rules of external organisations and users. Every write is one transaction
// with its business-log rows.
type Service struct {
	db     *db.DB
	owners Owners
}

// Owners reads the units whose staff a caller may put in charge of an organisation: their data
// scope of user management, the accounts the screen's picker (/api/user/search) shows them.
// q is the caller's transaction (the check runs inside the write).
type Owners func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error)

// NewService manages external organisations; owners limits whom a caller puts in charge (nil: anyone).
func NewService(d *db.DB, owners Owners) *Service { return &Service{db: d, owners: owners} }

// ownerScope is the condition on sys_user (unit_code) of the accounts the caller may put in charge.
func (s *Service) ownerScope(ctx context.Context, q db.Querier) (string, []any, error) {
	if s.owners == nil {
		return "1=1", nil, nil
	}
	var id int64
	if p := auth.PrincipalFrom(ctx); p != nil {
		id = p.UserID
	}
	v, err := s.owners(ctx, q, id)
	if err != nil {
		return "", nil, err
	}
	cond, args := v.Condition("unit_code")
	return cond, args, nil
}

// checkRefs verifies, inside tx, what the form points at: an enabled kind of the dictionary,
// a live staff account in charge, and that the name and code are free. A new account in charge
// (on add, or changed on edit: keeping the one there is no choice) must be in the caller's
// scope, else it answers like a missing one.
func (s *Service) checkRefs(ctx context.Context, tx *db.Tx, f OrgForm, before int64) error {
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_dict k JOIN sys_dict g ON g.id = k.parent_id
		WHERE g.parent_id = 0 AND g.dict_value = ? AND k.dict_value = ? AND k.enabled = 1`, KindDict, f.Kind).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return httpx.Fail("extorg.kind_unknown")
	}
	if f.OwnerID != 0 && f.OwnerID != before {
		cond, cargs, err := s.ownerScope(ctx, tx)
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user WHERE id = ? AND deleted_at IS NULL AND user_type = ? AND `+cond,
			append([]any{f.OwnerID, auth.SiteStaff}, cargs...)...).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("extorg.owner_unknown")
		}
	}
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ext_org WHERE LOWER(name) = LOWER(?) AND deleted_at IS NULL AND id <> ?`, f.Name, f.ID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return httpx.Fail("extorg.name_taken")
	}
	if f.Code != "" {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ext_org WHERE LOWER(code) = LOWER(?) AND deleted_at IS NULL AND id <> ?`, f.Code, f.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return httpx.Fail("extorg.code_taken")
		}
	}
	return nil
}

func ownerArg(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// takenOr turns a unique-index violation (two writes racing past checkRefs) into the clear message.
func takenOr(err error) error {
	if db.IsUniqueViolation(err) {
		return httpx.Fail("extorg.name_or_code_taken")
	}
	return err
}

// AddOrg creates an organisation (enabled).
func (s *Service) AddOrg(ctx context.Context, f OrgForm) (_ int64, err error) {
	defer errs.Wrap(&err, "external: add org")
	f.trim()
	f.ID = 0
	if err := f.check(); err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkRefs(ctx, tx, f, 0); err != nil {
			return err
		}
		now := time.Now().UTC()
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO ext_org (name, code, kind, contact_person, phone, email, address, state, remark, owner_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
			f.Name, f.Code, f.Kind, f.ContactPerson, f.Phone, f.Email, f.Address, f.Remark, ownerArg(f.OwnerID), now, now)
		if err != nil {
			return takenOr(err)
		}
		return recordOrgs(ctx, tx, audit.Create, []Org{{ID: id}})
	})
	return id, err
}

// EditOrg changes an organisation's details (not its state).
func (s *Service) EditOrg(ctx context.Context, f OrgForm) (err error) {
	defer errs.Wrap(&err, "external: edit org %d", f.ID)
	f.trim()
	if err := f.check(); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := loadOrgs(ctx, tx, f.ID)
		if err != nil {
			return err
		}
		if err := s.checkRefs(ctx, tx, f, before[0].OwnerID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE ext_org SET name = ?, code = ?, kind = ?, contact_person = ?, phone = ?, email = ?, address = ?, remark = ?, owner_id = ?, updated_at = ? WHERE id = ?`,
			f.Name, f.Code, f.Kind, f.ContactPerson, f.Phone, f.Email, f.Address, f.Remark, ownerArg(f.OwnerID), time.Now().UTC(), f.ID)
		if err != nil {
			return takenOr(err)
		}
		return recordOrgs(ctx, tx, audit.Update, before)
	})
}

// recordOrgs writes one business-log row per organisation: before as given (none when only the
// id is known, for a create), after as tx sees it now (none for a delete).
func recordOrgs(ctx context.Context, tx *db.Tx, action string, before []Org) error {
	for _, b := range before {
		c := audit.Change{Module: OrgScreen, Action: action, TargetID: b.ID, Target: b.Name}
		if action != audit.Create {
			c.Before = b
		}
		if action != audit.Delete {
			after, err := loadOrgs(ctx, tx, b.ID)
			if err != nil {
				return err
			}
			c.After, c.Target = after[0], after[0].Name
		}
		if err := audit.Record(ctx, tx, c); err != nil {
			return err
		}
	}
	return nil
}

// liveUsers returns the ids of the organisations' live accounts.
func liveUsers(ctx context.Context, tx *db.Tx, orgIDs []int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM sys_user WHERE deleted_at IS NULL AND ext_org_id IN (`+db.Placeholders(len(orgIDs))+`)`, int64Args(orgIDs)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func int64Args(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// ChangeOrgState enables (1) or disables (0) organisations. Disabling ends the sessions of all
// their users at once; while disabled, none of them signs in (see Gate). Only the organisations
// whose state changed are logged.
func (s *Service) ChangeOrgState(ctx context.Context, ids []int64, state int) (err error) {
	defer errs.Wrap(&err, "external: change org state %v", ids)
	if state != 0 && state != 1 {
		return httpx.Fail("user.bad_state")
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := loadOrgs(ctx, tx, ids...)
		if err != nil {
			return err
		}
		args := append([]any{state, time.Now().UTC()}, int64Args(ids)...)
		if _, err := tx.Exec(ctx, `UPDATE ext_org SET state = ?, updated_at = ? WHERE id IN (`+db.Placeholders(len(ids))+`)`, args...); err != nil {
			return err
		}
		if state == 0 {
			users, err := liveUsers(ctx, tx, ids)
			if err != nil {
				return err
			}
			if err := auth.EndUserSessions(ctx, tx, users, auth.EndDisabled); err != nil {
				return err
			}
		}
		changed := before[:0]
		for _, o := range before {
			if (o.State == 0) != (state == 0) {
				changed = append(changed, o)
			}
		}
		return recordOrgs(ctx, tx, audit.EnableOrDisable(state), changed)
	})
}

// DeleteOrgs soft-deletes organisations that no live account belongs to; one that still has
// users refuses the whole call with a message naming it.
func (s *Service) DeleteOrgs(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "external: delete orgs %v", ids)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := loadOrgs(ctx, tx, ids...)
		if err != nil {
			return err
		}
		for _, o := range before {
			if o.UserCount > 0 {
				return httpx.Fail("extorg.has_users", o.Name, o.UserCount)
			}
		}
		now := time.Now().UTC()
		args := append([]any{now, now}, int64Args(ids)...)
		if _, err := tx.Exec(ctx, `UPDATE ext_org SET deleted_at = ?, updated_at = ? WHERE id IN (`+db.Placeholders(len(ids))+`)`, args...); err != nil {
			return err
		}
		return recordOrgs(ctx, tx, audit.Delete, before)
	})
}

// Gate is the sign-in and per-call check of external accounts: an account whose organisation is
// disabled (or gone) is refused, like a disabled account. Staff accounts pass without a query; an
// external account without an organisation (created before organisations existed) passes.
func (s *Service) Gate(ctx context.Context, u *auth.User) (_ bool, err error) {
	defer errs.Wrap(&err, "external: gate")
	if u.UserType != auth.SiteExternal {
		return true, nil
	}
	var open int
	err = s.db.QueryRow(ctx, `SELECT CASE WHEN u.ext_org_id IS NULL THEN 1 ELSE COALESCE(o.state, 0) END
		FROM sys_user u LEFT JOIN ext_org o ON o.id = u.ext_org_id AND o.deleted_at IS NULL WHERE u.id = ?`, u.ID).Scan(&open)
	return open != 0, err
}
