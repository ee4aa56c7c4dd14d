package library

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// What an external (partner) account sees of the library (docs/data-rules.md, 'External accounts and personal
// data'): the records the portal shows it, like any portal user, with every personal detail masked. A field
// marked Personal (an employee number and its name, a certificate number of a person, a person's files: an
// expert's photo, CV and certificate scans, a CA key's custodian) is answered as Masked or left out, in every
// portal call (record, search, home, bid pack list and zip) and in the file download; the keyword search does
// not look into personal text for it, so a search cannot confirm a number it may not read. The record's
// creator, reviewer's remark and other internal details are left out too. There is no per-record 'shared
// with partners' flag: nothing personal reaches an external account.

// Masked replaces a personal value an external account may not read.
const Masked = "***"

// External tells whether p is an external (partner) account.
func External(p *auth.Principal) bool { return p != nil && p.UserType == auth.SiteExternal }

// personalRoles are the roles of the file fields of t that are personal.
func (t *Type) personalRoles() map[string]bool {
	out := map[string]bool{}
	for _, f := range t.Fields {
		if f.Kind == KindFiles && f.Personal {
			out[f.Role] = true
		}
	}
	return out
}

// personalText tells whether t's search text holds personal or private text (a data text field, a text column
// of its rows): the portal's keyword search of an external account then reads only the title, code and holder
// of records of t.
func (t *Type) personalText() bool {
	for _, f := range t.Fields {
		switch {
		case f.Kind == KindText && f.Column == "" && (f.Personal || f.Private):
			return true
		case f.Kind == KindRows:
			for _, c := range f.Columns {
				if c.Kind == KindText && (c.Personal || c.Private) {
					return true
				}
			}
		}
	}
	return false
}

// maskPersonal masks, in place, what an external account may not read of r.
func (r *Record) maskPersonal() {
	masked := []string{}
	mask := func(v any) any {
		if v == nil {
			return nil
		}
		if s, ok := v.(string); ok && s == "" {
			return s
		}
		return Masked
	}
	for i := range r.Type.Fields {
		f := &r.Type.Fields[i]
		switch {
		case f.Kind == KindFiles && f.Personal:
			if len(r.filesOf(f.Role)) > 0 {
				masked = append(masked, f.Key)
			}
		case f.Kind == KindRows:
			rows, _ := r.Data[f.Key].([]any)
			hit := false
			for _, row := range rows {
				m, ok := row.(map[string]any)
				if !ok {
					continue
				}
				for _, c := range f.Columns {
					if c.Personal || c.Private {
						if _, ok := m[c.Key]; ok {
							m[c.Key], hit = mask(m[c.Key]), true
						}
					}
				}
			}
			if hit || f.Personal {
				masked = append(masked, f.Key)
			}
		case f.Personal:
			if f.Column != "" {
				r.cols[f.Column] = mask(r.cols[f.Column])
			} else if _, ok := r.Data[f.Key]; ok {
				r.Data[f.Key] = mask(r.Data[f.Key])
			}
			if f.Kind == KindEmployee && r.EmployeeName != "" {
				r.EmployeeName = Masked
			}
			masked = append(masked, f.Key)
		}
	}
	roles := r.Type.personalRoles()
	kept := r.Files[:0:0]
	for _, fl := range r.Files {
		if !roles[fl.Role] {
			kept = append(kept, fl)
		}
	}
	r.Files = kept
	r.CreatedBy, r.CreatedName, r.ReviewReason = 0, "", ""
	r.Masked = masked
}

// forPortal masks the records read for p when p is an external account.
func forPortal(p *auth.Principal, recs ...*Record) {
	if !External(p) {
		return
	}
	for _, r := range recs {
		if r != nil {
			r.maskPersonal()
		}
	}
}

// personalSearchCond limits an external account's keyword search (like: the keywords as likeSQL's argument)
// to the title, code and holder of the types whose search text holds personal text.
func (s *Service) personalSearchCond(kw string) (string, []any) {
	var types []any
	for _, t := range PortalTypes() {
		if t.personalText() {
			types = append(types, t.Key)
		}
	}
	if len(types) == 0 {
		return "", nil
	}
	var ors []string
	var args []any
	for _, col := range []string{"r.title", "r.code", "r.holder"} {
		sql, arg := s.likeSQL("LOWER("+col+")", kw)
		ors = append(ors, sql)
		args = append(args, arg)
	}
	return "(r.type NOT IN (" + db.Placeholders(len(types)) + ") OR " + strings.Join(ors, " OR ") + ")", append(types, args...)
}

// MayReadFile tells whether p may download the file fileID linked to the record id of type t: whoever may
// read the record (MayRead), except that an external account reads only files the portal shows it (a record
// of the portal, a file of no personal field).
func (s *Service) MayReadFile(ctx context.Context, p *auth.Principal, t *Type, id, fileID int64) (_ bool, err error) {
	defer errs.Wrap(&err, "library: may read file id=%d fileID=%d", id, fileID)
	if !External(p) {
		return s.MayRead(ctx, p, t, id)
	}
	ok, err := s.InPortal(ctx, p, t, id)
	if err != nil || !ok {
		return false, err
	}
	var role string
	err = s.db.QueryRow(ctx, `SELECT role FROM lib_record_file WHERE record_id = ? AND file_id = ?`, id, fileID).Scan(&role)
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("file %d of record %d: %w", fileID, id, err)
	}
	return !t.personalRoles()[role], nil
}

// Who reads a person's identity number (Field.Secret) in full: library administrators. Everyone else reads
// Masked, the one mark of a value withheld (as for Personal fields and external accounts above).

// maySeeSecrets tells whether p reads secret fields in full.
func maySeeSecrets(p *auth.Principal) bool { return p != nil && isAdmin(p) && !External(p) }

// maskSecrets masks, in place, the secret fields of recs for a caller who may not read them.
func maskSecrets(p *auth.Principal, recs ...*Record) {
	if maySeeSecrets(p) {
		return
	}
	for _, r := range recs {
		if r == nil || r.Type == nil {
			continue
		}
		for i := range r.Type.Fields {
			f := &r.Type.Fields[i]
			if !f.Secret {
				continue
			}
			if v, ok := r.Data[f.Key].(string); ok && v != "" {
				r.Data[f.Key] = Masked
			}
		}
	}
}

// keepSecrets puts back, into an edit's form, the stored values of the secret fields sent as Masked.
func (s *Service) keepSecrets(ctx context.Context, q db.Querier, f *Form, id int64) error {
	if len(f.kept) == 0 {
		return nil
	}
	var data string
	if err := q.QueryRow(ctx, `SELECT data FROM lib_record WHERE id = ?`, id).Scan(&data); err != nil {
		return fmt.Errorf("library: stored data of %d: %w", id, err)
	}
	stored := map[string]any{}
	if err := json.Unmarshal([]byte(data), &stored); err != nil {
		return fmt.Errorf("library: stored data of %d: %w", id, err)
	}
	for _, k := range f.kept {
		if v, ok := stored[k]; ok {
			f.data[k] = v
		}
	}
	return nil
}
