package library

import (
	"context"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/errs"
)

// PortalModule is the data-rule module of the portal (docs/data-rules.md): without a role naming it, a
// user sees every unit's published materials.
const PortalModule = "portal"

// PortalTypes are the types the portal shows, searches and packs: every type but message to-dos (those
// are personal and shown in /gatewayMsg).
func PortalTypes() []*Type {
	out := make([]*Type, 0, len(Types))
	for _, t := range Types {
		if !t.Messages {
			out = append(out, t)
		}
	}
	return out
}

// PortalType is the portal type of the key, nil when the portal does not show it.
func PortalType(key string) *Type {
	for _, t := range PortalTypes() {
		if t.Key == key {
			return t
		}
	}
	return nil
}

// PortalScope is the condition limiting lib_record r to what the portal shows the caller: live,
// published records of the portal's types, of units the data rules of module 'portal' let them see
// (records without a unit are the whole company's); an announcement only inside its publish window
// (valid_from <= today <= valid_to, either end open). Search, the home page, the detail tabs and the bid
// pack all use it, so they never disagree about what a user may see.
func (s *Service) PortalScope(ctx context.Context, p *auth.Principal) (_ string, _ []any, err error) {
	defer errs.Wrap(&err, "library: portal scope")
	if p == nil {
		return "1=0", nil, nil
	}
	types := PortalTypes()
	today := Today(s.now()).Format(dateLayout)
	conds := []string{"r.deleted_at IS NULL", "r.status = ?", "r.type IN (" + strings.TrimSuffix(strings.Repeat("?,", len(types)), ",") + ")",
		"(r.type <> ? OR ((r.valid_from IS NULL OR r.valid_from <= ?) AND (r.valid_to IS NULL OR r.valid_to >= ?)))"}
	args := []any{StatusPublished}
	for _, t := range types {
		args = append(args, t.Key)
	}
	args = append(args, TypeAnnouncement, today, today)
	cond, cargs, err := s.scopes.Condition(ctx, s.db, p.UserID, PortalModule, "r.unit_code")
	if err != nil {
		return "", nil, err
	}
	if cond != "1=1" {
		conds = append(conds, "(r.unit_code = '' OR "+cond+")")
		args = append(args, cargs...)
	}
	return strings.Join(conds, " AND "), args, nil
}

// InPortal tells whether the portal shows the record of type t to the caller.
func (s *Service) InPortal(ctx context.Context, p *auth.Principal, t *Type, id int64) (_ bool, err error) {
	defer errs.Wrap(&err, "library: in portal %d", id)
	cond, args, err := s.PortalScope(ctx, p)
	if err != nil {
		return false, err
	}
	var n int
	err = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record r WHERE r.id = ? AND r.type = ? AND `+cond, append([]any{id, t.Key}, args...)...).Scan(&n)
	return n > 0, err
}
