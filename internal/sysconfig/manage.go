package sysconfig

import (
	"context"
	"database/sql"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// Masked stands for a secret value wherever a value would be shown (lists, exports, the business log).
const Masked = "******"

// Param is one parameter as /sys_config shows it. Value is the effective value (the default when none
// was stored); a secret's value and default are never sent (Masked when a value is stored).
type Param struct {
	ID           int64      `json:"id"`
	Key          string     `json:"key"`
	Name         string     `json:"name"`
	Type         string     `json:"type" enum:"text,number,boolean,json"`
	Value        string     `json:"value"`
	DefaultValue string     `json:"defaultValue"`
	IsSet        bool       `json:"isSet" doc:"a value is stored (false: the default applies)"`
	Group        string     `json:"group"`
	Description  string     `json:"description"`
	Builtin      int        `json:"builtin" enum:"0,1"`
	Editable     int        `json:"editable" enum:"0,1" doc:"0: maintained in another screen (maintainer)"`
	Secret       int        `json:"secret" enum:"0,1"`
	Sort         int        `json:"sort"`
	Format       string     `json:"format" doc:"built-ins: url, sitePath, suffixes, links or empty"`
	Min          *float64   `json:"min"`
	Max          *float64   `json:"max"`
	Integer      bool       `json:"integer"`
	Maintainer   string     `json:"maintainer" doc:"function code of the screen that edits it, when not sys_config"`
	UpdatedAt    *time.Time `json:"updatedAt"`
	UpdatedBy    string     `json:"updatedBy"`

	stored sql.NullString // the stored value (secrets included), for writes only
}

const paramSelect = `c.id, c.config_key, c.name, c.value_type, c.config_value, c.default_value, c.description, c.config_group,
	c.builtin, c.editable, c.secret, c.sort, c.updated_at, c.updated_by`

func scanParam(row interface{ Scan(...any) error }) (Param, error) {
	var p Param
	var updated sql.NullTime
	err := row.Scan(&p.ID, &p.Key, &p.Name, &p.Type, &p.stored, &p.DefaultValue, &p.Description, &p.Group,
		&p.Builtin, &p.Editable, &p.Secret, &p.Sort, &updated, &p.UpdatedBy)
	if err != nil {
		return p, err
	}
	if updated.Valid {
		t := updated.Time.UTC()
		p.UpdatedAt = &t
	}
	p.IsSet = p.stored.Valid
	p.Value = p.DefaultValue
	if p.IsSet {
		p.Value = p.stored.String
	}
	if d := builtinByKey[p.Key]; d != nil && p.Builtin == 1 {
		p.Format, p.Integer, p.Maintainer = d.Format, d.Integer, d.Maintainer
		if d.Min != 0 || d.Max != 0 {
			p.Min, p.Max = &d.Min, &d.Max
		}
	}
	if p.Secret == 1 {
		p.Value, p.DefaultValue = "", ""
		if p.IsSet {
			p.Value = Masked
		}
	}
	return p, nil
}

// snapshot is a parameter as the business log keeps it (a secret's value masked).
func (p Param) snapshot() map[string]any {
	v := p.Value
	if p.Secret == 1 && p.IsSet {
		v = Masked
	}
	return map[string]any{"key": p.Key, "name": p.Name, "type": p.Type, "value": v, "isSet": p.IsSet,
		"group": p.Group, "description": p.Description, "secret": p.Secret}
}

var (
	typeValues    = map[string]any{TypeText: TypeText, TypeNumber: TypeNumber, TypeBoolean: TypeBoolean, TypeJSON: TypeJSON}
	builtinValues = map[string]any{"1": 1, "0": 0}
)

// paramSpec: searchable by key or name (keywords), key, name, group, type and built-in; sorted by
// the built-in order (then key), or by key, name, group or the time of the last change.
var paramSpec = &list.Spec{
	Select: paramSelect,
	From:   `sys_config c`,
	Filters: []list.Filter{
		{Param: "keywords", Columns: []string{"c.config_key", "c.name"}, Kind: list.Keyword},
		{Param: "key", Column: "c.config_key", Kind: list.Contains},
		{Param: "name", Column: "c.name", Kind: list.Contains},
		{Param: "group", Column: "c.config_group", Kind: list.Exact},
		{Param: "type", Column: "c.value_type", Kind: list.Exact, Map: list.OneOf("type", typeValues)},
		{Param: "builtin", Column: "c.builtin", Kind: list.Exact, Map: list.OneOf("builtin", builtinValues)},
	},
	Sorts:       map[string]string{"key": "c.config_key", "name": "c.name", "group": "c.config_group", "updatedAt": "c.updated_at", "sort": "c.sort"},
	DefaultSort: "c.builtin DESC, c.sort ASC, c.config_key ASC",
	TieBreak:    "c.id ASC",
}

func yesNo(v int, lang string) any {
	if v == 1 {
		return httpx.Translate(lang, "sysconfig.yes")
	}
	return httpx.Translate(lang, "sysconfig.no")
}

// ParamTable serves GET /api/sys/config/list and /export.
func ParamTable(d *db.DB) *list.Table[Param] {
	return &list.Table[Param]{
		DB: d, Spec: paramSpec, Scan: scanParam, File: "sysconfig.file",
		Columns: []list.Column[Param]{
			{Title: "sysconfig.col.key", Value: func(p Param, _ string) any { return p.Key }},
			{Title: "sysconfig.col.name", Value: func(p Param, _ string) any { return p.Name }},
			{Title: "sysconfig.col.group", Value: func(p Param, _ string) any { return p.Group }},
			{Title: "sysconfig.col.type", Value: func(p Param, _ string) any { return p.Type }},
			{Title: "sysconfig.col.value", Value: func(p Param, _ string) any { return p.Value }},
			{Title: "sysconfig.col.default", Value: func(p Param, _ string) any { return p.DefaultValue }},
			{Title: "sysconfig.col.builtin", Value: func(p Param, lang string) any { return yesNo(p.Builtin, lang) }},
			{Title: "sysconfig.col.secret", Value: func(p Param, lang string) any { return yesNo(p.Secret, lang) }},
			{Title: "sysconfig.col.description", Value: func(p Param, _ string) any { return p.Description }},
			{Title: "sysconfig.col.updatedAt", Value: func(p Param, _ string) any {
				if p.UpdatedAt == nil {
					return ""
				}
				return *p.UpdatedAt
			}},
			{Title: "sysconfig.col.updatedBy", Value: func(p Param, _ string) any { return p.UpdatedBy }},
		},
	}
}

type querier interface {
	QueryRow(ctx context.Context, q string, args ...any) *sql.Row
}

func one(ctx context.Context, q querier, id int64) (Param, error) {
	p, err := scanParam(q.QueryRow(ctx, `SELECT `+paramSelect+` FROM sys_config c WHERE c.id = ?`, id))
	if db.IsNoRows(err) {
		return p, httpx.Fail("sysconfig.not_found")
	}
	return p, err
}

// Form is what add and edit send. Value nil leaves a secret's value as it is (edit).
type Form struct {
	Key         string
	Name        string
	Type        string
	Value       *string
	Group       string
	Description string
	Secret      int
	// Reset (edit, built-ins only) forgets the stored value: the default applies again.
	Reset bool
}

// checkCustom applies the rules of an administrator's own parameter (name, group, description, type).
func (f *Form) checkCustom() error {
	f.Name, f.Group, f.Description, f.Type = strings.TrimSpace(f.Name), strings.TrimSpace(f.Group), strings.TrimSpace(f.Description), strings.TrimSpace(f.Type)
	switch {
	case f.Name == "":
		return httpx.Fail("sysconfig.name_required")
	case utf8.RuneCountInString(f.Name) > MaxNameLen:
		return httpx.Fail("sysconfig.name_too_long", MaxNameLen)
	case utf8.RuneCountInString(f.Group) > MaxGroupLen:
		return httpx.Fail("sysconfig.group_too_long", MaxGroupLen)
	case utf8.RuneCountInString(f.Description) > MaxDescriptionLen:
		return httpx.Fail("sysconfig.description_too_long", MaxDescriptionLen)
	case !types[f.Type]:
		return httpx.Fail("sysconfig.bad_type")
	}
	if f.Group == "" {
		f.Group = "custom"
	}
	return nil
}

func who(ctx context.Context) string { return httpx.InfoFrom(ctx).LoginCode }

// Add creates an administrator's own parameter; it returns the new id.
func (s *Store) Add(ctx context.Context, f Form) (_ int64, err error) {
	defer errs.Wrap(&err, "sysconfig: add")
	f.Key = strings.TrimSpace(f.Key)
	switch {
	case f.Key == "":
		return 0, httpx.Fail("sysconfig.key_required")
	case len(f.Key) > MaxKeyLen || !keyRe.MatchString(f.Key):
		return 0, httpx.Fail("sysconfig.bad_key", MaxKeyLen)
	}
	if err := f.checkCustom(); err != nil {
		return 0, err
	}
	raw := ""
	if f.Value != nil {
		raw = *f.Value
	}
	value, err := normalize(customDef(f.Type), f.Name, raw)
	if err != nil {
		return 0, err
	}
	if f.Secret != 0 && f.Secret != 1 {
		return 0, httpx.Fail("sysconfig.bad_secret")
	}
	var id int64
	err = s.write(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_config WHERE config_key = ?`, f.Key).Scan(&n); err != nil {
			return err
		}
		if n > 0 || builtinByKey[f.Key] != nil {
			return httpx.Fail("sysconfig.key_taken", f.Key)
		}
		id, err = tx.Insert(ctx, `INSERT INTO sys_config (config_key, name, value_type, config_value, default_value, description, config_group, builtin, editable, secret, sort, updated_at, updated_by)
			VALUES (?, ?, ?, ?, '', ?, ?, 0, 1, ?, 1000, ?, ?)`,
			f.Key, f.Name, f.Type, value, f.Description, f.Group, f.Secret, time.Now().UTC(), who(ctx))
		if db.IsUniqueViolation(err) {
			return httpx.Fail("sysconfig.key_taken", f.Key)
		}
		if err != nil {
			return err
		}
		after, err := one(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunConfig, Action: audit.Create, TargetID: id, Target: f.Key, After: after.snapshot()})
	})
	return id, err
}

// Edit changes a parameter's value (or, with Reset, restores a built-in's default). An administrator's own
// parameter may also change its name, group, description and type; a built-in keeps those of the code.
func (s *Store) Edit(ctx context.Context, id int64, f Form) (err error) {
	defer errs.Wrap(&err, "sysconfig: edit %d", id)
	return s.write(ctx, func(tx *db.Tx) error {
		cur, err := one(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.Editable == 0 {
			return httpx.Fail("sysconfig.maintained_elsewhere", cur.Name)
		}
		var stored any
		if cur.Builtin == 1 {
			d := builtinByKey[cur.Key]
			if d == nil {
				return httpx.Fail("sysconfig.not_found")
			}
			f.Name, f.Type, f.Group, f.Description = cur.Name, cur.Type, cur.Group, cur.Description
			if !f.Reset {
				if stored, err = normalize(d, d.Name, deref(f.Value)); err != nil {
					return err
				}
			}
		} else {
			if f.Reset {
				return httpx.Fail("sysconfig.builtin_reset_only")
			}
			if err := f.checkCustom(); err != nil {
				return err
			}
			raw := deref(f.Value)
			if f.Value == nil && cur.Secret == 1 {
				raw = cur.stored.String // a secret left blank keeps its value
			}
			if stored, err = normalize(customDef(f.Type), f.Name, raw); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_config SET name = ?, value_type = ?, config_value = ?, config_group = ?, description = ?, updated_at = ?, updated_by = ? WHERE id = ?`,
			f.Name, f.Type, stored, f.Group, f.Description, time.Now().UTC(), who(ctx), cur.ID); err != nil {
			return err
		}
		after, err := one(ctx, tx, cur.ID)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunConfig, Action: audit.Update, TargetID: cur.ID, Target: cur.Key,
			Before: cur.snapshot(), After: after.snapshot()})
	})
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// Delete removes administrators' own parameters; a built-in one is refused (nothing is deleted).
func (s *Store) Delete(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "sysconfig: delete %v", ids)
	return s.write(ctx, func(tx *db.Tx) error {
		var changes []audit.Change
		for _, id := range ids {
			cur, err := one(ctx, tx, id)
			if err != nil {
				return err
			}
			if cur.Builtin == 1 {
				return httpx.Fail("sysconfig.builtin_delete", cur.Name)
			}
			if _, err := tx.Exec(ctx, `DELETE FROM sys_config WHERE id = ?`, id); err != nil {
				return err
			}
			changes = append(changes, audit.Change{Module: FunConfig, Action: audit.Delete, TargetID: id, Target: cur.Key, Before: cur.snapshot()})
		}
		return audit.RecordAll(ctx, tx, changes)
	})
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"sysconfig.bad_secret":      {"是否保密只能是0或1", "secret must be 0 or 1"},
		"sysconfig.yes":             {"是", "Yes"},
		"sysconfig.no":              {"否", "No"},
		"sysconfig.file":            {"系统参数", "system_parameters"},
		"sysconfig.col.key":         {"参数键", "Key"},
		"sysconfig.col.name":        {"参数名称", "Name"},
		"sysconfig.col.group":       {"分组", "Group"},
		"sysconfig.col.type":        {"类型", "Type"},
		"sysconfig.col.value":       {"参数值", "Value"},
		"sysconfig.col.default":     {"默认值", "Default"},
		"sysconfig.col.builtin":     {"内置", "Built-in"},
		"sysconfig.col.secret":      {"保密", "Secret"},
		"sysconfig.col.description": {"说明", "Description"},
		"sysconfig.col.updatedAt":   {"修改时间", "Changed at"},
		"sysconfig.col.updatedBy":   {"修改人", "Changed by"},
	})
}
