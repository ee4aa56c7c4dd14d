package library

import (
	"context"
	"net/http"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// Query parameters of a record list besides the fields' own (docs/library.md).
const (
	ParamKeywords = "keywords" // the title and key text fields
	ParamStatus   = "status"   // draft, pending, published, rejected
	ParamExpiry   = "expiry"   // expired, expiring (within the warning days), valid
	ParamMine     = "mine"     // 1: only the caller's own records (a message to-do: addressed to them)
)

var statuses = map[string]any{StatusDraft: StatusDraft, StatusPending: StatusPending, StatusPublished: StatusPublished, StatusRejected: StatusRejected}

// dateArg maps a date filter to its YYYY-MM-DD text.
func dateArg(param string) func(string) (any, error) {
	return func(s string) (any, error) {
		d, err := parseDate(s)
		if err != nil {
			return nil, httpx.BadRequest("list.bad_time", param)
		}
		return d, nil
	}
}

// spec builds the list of a type from its descriptor: the fields' searches become the whitelisted
// filters, their sortable columns the sorts.
func spec(t *Type) *list.Spec {
	sp := &list.Spec{
		Select:    recordSelect,
		From:      recordFrom,
		CountFrom: `lib_record r`,
		Where:     `r.type = '` + t.Key + `' AND r.deleted_at IS NULL`, // a key of the code, never request text
		Filters: []list.Filter{
			{Param: ParamKeywords, Column: "r.search_text", Kind: list.Contains},
			{Param: ParamStatus, Column: "r.status", Kind: list.Exact, Map: list.OneOf(ParamStatus, statuses)},
		},
		Sorts:       map[string]string{"createdAt": "r.created_at", "updatedAt": "r.updated_at", "id": "r.id", "status": "r.status"},
		DefaultSort: "r.id DESC",
		TieBreak:    "r.id DESC",
	}
	if t.Key == TypeAnnouncement {
		sp.DefaultSort = "r.pinned DESC, r.id DESC"
	}
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Column == "" {
			continue
		}
		col := "r." + f.Column
		if f.Sort {
			sp.Sorts[f.Key] = col
		}
		switch f.Search {
		case SearchContains:
			sp.Filters = append(sp.Filters, list.Filter{Param: f.Key, Column: col, Kind: list.Contains})
		case SearchExact:
			sp.Filters = append(sp.Filters, list.Filter{Param: f.Key, Column: col, Kind: list.Exact})
		case SearchUnit:
			sp.Filters = append(sp.Filters, list.Filter{Param: f.Key, Column: col, Kind: list.Prefix})
		case SearchRange:
			sp.Filters = append(sp.Filters,
				list.Filter{Param: f.Key + "From", Column: col + " >= ?", Kind: list.Cond, Map: dateArg(f.Key + "From")},
				list.Filter{Param: f.Key + "To", Column: col + " <= ?", Kind: list.Cond, Map: dateArg(f.Key + "To")})
		}
	}
	for i := range t.Fields {
		if f := &t.Fields[i]; f.Kind == KindTags && f.Search == SearchTag {
			sp.Filters = append(sp.Filters, list.Filter{Param: "tagId", Column: "r.id IN (SELECT rt.record_id FROM lib_record_tag rt WHERE rt.tag_id = ?)",
				Kind: list.Cond, Map: list.Int("tagId")})
			break
		}
	}
	return sp
}

// restrict adds what the caller may see and the filters that need the date: expiry and mine.
func (s *Service) restrict(t *Type) func(r *http.Request, in *httpx.Input, q *list.Query) error {
	return func(r *http.Request, in *httpx.Input, q *list.Query) error {
		ctx := r.Context()
		p := auth.PrincipalFrom(ctx)
		cond, args, err := s.scope(ctx, s.db, t, p)
		if err != nil {
			return err
		}
		if cond != "1=1" {
			q.Where(cond, args...)
		}
		if in.Bool(ParamMine) {
			if t.Messages {
				q.Where("r.assignee_id = ?", p.UserID)
			} else {
				q.Where("r.created_by = ?", p.UserID)
			}
		}
		if t.Key == TypeExpert {
			cond, args, _, err := s.socialFilter(in)
			if err != nil {
				return err
			}
			if cond != "" {
				q.Where(cond, args...)
			}
		}
		if t.Expiry {
			today := Today(s.now())
			horizon := today.AddDate(0, 0, s.warnDays()).Format(dateLayout)
			switch strings.TrimSpace(in.String(ParamExpiry)) {
			case "":
			case ExpiryExpired:
				q.Where("r.valid_to IS NOT NULL AND r.valid_to < ?", today.Format(dateLayout))
			case ExpiryExpiring:
				q.Where("r.valid_to >= ? AND r.valid_to <= ?", today.Format(dateLayout), horizon)
			case "valid":
				q.Where("(r.valid_to IS NULL OR r.valid_to > ?)", horizon)
			default:
				return httpx.BadRequest("list.bad_value", ParamExpiry)
			}
		}
		return nil
	}
}

// table is the list and export of a type.
func (s *Service) table(t *Type) *list.Table[*Record] {
	return &list.Table[*Record]{
		DB: s.db, Spec: spec(t), Scan: scanRecord, File: t.Name, Columns: s.exportColumns(t),
		Complete: func(ctx context.Context, recs []*Record) error {
			if err := s.complete(ctx, s.db, recs); err != nil {
				return err
			}
			maskSecrets(auth.PrincipalFrom(ctx), recs...)
			if t.Key == TypeExpert {
				return s.completeSocial(ctx, recs)
			}
			return nil
		},
		Restrict: s.restrict(t),
	}
}

// exportColumns are the fields marked for export, then the status and the update time.
func (s *Service) exportColumns(t *Type) []list.Column[*Record] {
	var cols []list.Column[*Record]
	for i := range t.Fields {
		f := &t.Fields[i]
		if !f.Export {
			continue
		}
		cols = append(cols, list.Column[*Record]{Title: f.Label, Value: s.cell(f)})
	}
	if t.Review {
		cols = append(cols, list.Column[*Record]{Title: "lib.f.status", Value: func(r *Record, lang string) any { return httpx.Translate(lang, "lib.status."+r.Status) }})
	}
	if t.Expiry {
		cols = append(cols, list.Column[*Record]{Title: "lib.f.expiry", Value: func(r *Record, lang string) any {
			if r.Expiry == "" {
				return ""
			}
			return httpx.Translate(lang, "lib.expiry."+r.Expiry)
		}})
	}
	if t.Key == TypeExpert {
		cols = append(cols, list.Column[*Record]{Title: "lib.social.months", Value: func(r *Record, lang string) any {
			parts := make([]string, 0, len(r.Social))
			for _, run := range r.Social {
				parts = append(parts, httpx.Translate(lang, "lib.social.runText", run.City, run.Months))
			}
			return strings.Join(parts, "，")
		}})
	}
	cols = append(cols,
		list.Column[*Record]{Title: "lib.f.createdBy", Value: func(r *Record, _ string) any { return r.CreatedName }},
		list.Column[*Record]{Title: "lib.f.updatedAt", Value: func(r *Record, _ string) any { return r.UpdatedAt }})
	return cols
}

// cell renders a field for a spreadsheet: labels for dictionary values, names for units and people,
// lists joined.
func (s *Service) cell(f *Field) func(r *Record, lang string) any {
	return func(r *Record, lang string) any {
		switch f.Kind {
		case KindDict:
			return s.label(f.Dict, r.Text(f))
		case KindUnit:
			return r.UnitName
		case KindEmployee:
			if r.EmployeeName == "" {
				return r.Text(f)
			}
			return r.EmployeeName + "(" + r.Text(f) + ")"
		case KindUser:
			return r.AssigneeName
		case KindTags:
			names := make([]string, len(r.Tags))
			for i, tg := range r.Tags {
				names[i] = tg.Name
			}
			return strings.Join(names, ",")
		case KindFiles:
			var names []string
			for _, fl := range r.filesOf(f.Role) {
				names = append(names, fl.Name)
			}
			return strings.Join(names, ",")
		case KindSwitch:
			if r.Text(f) == "1" {
				return httpx.Translate(lang, "lib.yes")
			}
			return httpx.Translate(lang, "lib.no")
		case KindRows:
			rows, _ := r.Value(f).([]any)
			var lines []string
			for _, row := range rows {
				m, _ := row.(map[string]any)
				var parts []string
				for _, c := range f.Columns {
					if v := textOf(m[c.Key]); v != "" {
						parts = append(parts, v)
					}
				}
				lines = append(lines, strings.Join(parts, " "))
			}
			return strings.Join(lines, "\n")
		case KindRich:
			return strings.TrimSpace(htmlText(r.Text(f)))
		case KindNumber, KindMoney:
			if v, ok := r.Value(f).(*float64); ok && v != nil {
				return *v
			}
			if v, ok := r.Value(f).(int64); ok {
				return v
			}
			return ""
		}
		return r.Text(f)
	}
}

// label is a dictionary value's label (the value itself when the dictionary has no such value).
func (s *Service) label(dict, value string) string {
	if value == "" {
		return ""
	}
	items, err := s.dicts.Items(context.Background(), s.db, dict)
	if err != nil {
		return value
	}
	for _, it := range items {
		if it.Value == value {
			return it.Label
		}
	}
	return value
}
