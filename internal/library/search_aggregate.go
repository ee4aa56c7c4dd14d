package library

import (
	"context"
	"sort"
	"strconv"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// The aggregation of a portal search: counts by type, tag, unit, validity and year in one pass.

// portalGroup is the number of hits of one type, unit and year: all of them, the expired ones, and those
// whose title holds the keywords (all, expired).
type portalGroup struct {
	typ, unit, year                  string
	n, expired, titled, titleExpired int
}

// count is the group's hits under the validity filter (all, and with the keywords in the title).
func (g *portalGroup) count(validity string) (n, titled int) {
	switch validity {
	case ValidityExpired:
		return g.expired, g.titleExpired
	case ValidityValid:
		return g.n - g.expired, g.titled - g.titleExpired
	}
	return g.n, g.titled
}

// passes tells whether the group meets the type, unit and year filters of q but the one named except.
func (q *PortalQuery) passes(g *portalGroup, except string) bool {
	if except != fType && len(q.Types) > 0 {
		found := false
		for _, t := range q.Types {
			found = found || t == g.typ
		}
		if !found {
			return false
		}
	}
	if except != fUnit && q.Unit != "" && g.unit != q.Unit {
		return false
	}
	return except == fYear || q.Year == 0 || g.year == strconv.Itoa(q.Year)
}

// aggregates are a search's total, the hits whose title holds the keywords and, when asked, the facets.
type aggregates struct {
	total, titled int
	facets        *PortalFacets
}

// aggregate counts a search. Without facets: one count with every filter. With them: the hits of the
// caller's scope, keywords and tag grouped by type, unit and year (one pass over the index the migration
// made for it), which give the total and the type, unit, validity and year facets with every filter but
// their own; and the tag facet.
func (s *Service) aggregate(ctx context.Context, v int64, q *PortalQuery, w *portalWhere) (*aggregates, error) {
	titled, titledArg, titleCond := "0", []any(nil), ""
	if q.Keywords != "" {
		sql, arg := s.titleSQL(q.Keywords)
		titled, titledArg, titleCond = "CASE WHEN "+sql+" THEN 1 ELSE 0 END", []any{arg}, sql
	}
	if !q.Facets {
		where, args := w.sql(kwIndex)
		query := `SELECT COUNT(*), COALESCE(SUM(` + titled + `), 0) FROM lib_record r WHERE ` + where
		args = append(titledArg, args...)
		n, err := counted(s, v, query, args, func() ([2]int, error) {
			var n [2]int
			err := s.db.QueryRow(ctx, query, args...).Scan(&n[0], &n[1])
			return n, err
		})
		return &aggregates{total: n[0], titled: n[1]}, err
	}
	where, args := w.sql(kwIndex, fType, fUnit, fValidity, fYear)
	expired := "CASE WHEN " + expiredSQL() + " THEN 1 ELSE 0 END"
	both := "0"
	var bothArgs []any
	if q.Keywords != "" {
		both = "CASE WHEN " + expiredSQL() + " AND " + titleCond + " THEN 1 ELSE 0 END"
		bothArgs = append(s.expiredArgs(), titledArg...)
	}
	// with keywords, SQLite would walk the facets index for its order and read every row it names; reading the
	// full-text index's rows by id (3+ characters) or the table in its own order (a LIKE) and sorting the hits
	// is two to three times faster
	table := "lib_record r"
	if s.db.Dialect == db.SQLite && q.Keywords != "" {
		table += " NOT INDEXED"
	}
	query := `SELECT r.type, r.unit_code, COALESCE(r.own_year, ''), COUNT(*), SUM(` + expired + `), SUM(` + titled + `), SUM(` + both + `)
		FROM ` + table + ` WHERE ` + where + ` GROUP BY r.type, r.unit_code, r.own_year`
	args = append(append(append(s.expiredArgs(), titledArg...), bothArgs...), args...)
	groups, err := counted(s, v, query, args, func() ([]portalGroup, error) {
		var out []portalGroup
		err := db.EachRow(ctx, s.db, query, args, func(row interface{ Scan(...any) error }) error {
			var g portalGroup
			if err := row.Scan(&g.typ, &g.unit, &g.year, &g.n, &g.expired, &g.titled, &g.titleExpired); err != nil {
				return err
			}
			out = append(out, g)
			return nil
		})
		return out, err
	})
	if err != nil {
		return nil, err
	}
	a := &aggregates{facets: &PortalFacets{Type: []PortalFacet{}, Tag: []PortalFacet{}, Unit: []PortalFacet{}, Validity: []PortalFacet{}, Year: []PortalFacet{}}}
	types, units, years := map[string]int{}, map[string]int{}, map[string]int{}
	var valid, expiredN, hits int
	for i := range groups {
		g := &groups[i]
		hits += g.n
		n, t := g.count(q.Validity)
		if q.passes(g, "") {
			a.total += n
			a.titled += t
		}
		if q.passes(g, fType) {
			types[g.typ] += n
		}
		if q.passes(g, fUnit) && g.unit != "" {
			units[g.unit] += n
		}
		if q.passes(g, fYear) && g.year != "" {
			years[g.year] += n
		}
		if q.passes(g, "") {
			valid += g.n - g.expired
			expiredN += g.expired
		}
	}
	f := a.facets
	for _, t := range PortalTypes() {
		if n := types[t.Key]; n > 0 {
			f.Type = append(f.Type, PortalFacet{Value: t.Key, Label: httpx.Translate(q.Lang, t.PortalLabel()), Count: n})
		}
	}
	for _, v := range []struct {
		key string
		n   int
	}{{ValidityValid, valid}, {ValidityExpired, expiredN}} {
		if v.n > 0 {
			f.Validity = append(f.Validity, PortalFacet{Value: v.key, Label: httpx.Translate(q.Lang, "lib.portal.validity."+v.key), Count: v.n})
		}
	}
	for y, n := range years {
		if n > 0 {
			f.Year = append(f.Year, PortalFacet{Value: y, Label: y, Count: n})
		}
	}
	sort.Slice(f.Year, func(i, j int) bool { return f.Year[i].Value > f.Year[j].Value })
	for u, n := range units {
		if n > 0 {
			f.Unit = append(f.Unit, PortalFacet{Value: u, Count: n})
		}
	}
	sort.Slice(f.Unit, func(i, j int) bool {
		if f.Unit[i].Count != f.Unit[j].Count {
			return f.Unit[i].Count > f.Unit[j].Count
		}
		return f.Unit[i].Value < f.Unit[j].Value
	})
	if len(f.Unit) > FacetTop {
		f.Unit = f.Unit[:FacetTop]
	}
	if err := s.unitNames(ctx, f.Unit); err != nil {
		return nil, err
	}
	// tag: the live tags with most hits, under every filter but the tag
	form := kwIndex
	if hits > walkMin {
		form = kwProbe // many hits: reading them by id costs more than reading the tagged records
	}
	where, args = w.sql(form, fTag)
	query = `SELECT t.id, t.name, COUNT(*) AS n FROM lib_record_tag rt JOIN lib_tag t ON t.id = rt.tag_id AND t.deleted_at IS NULL
		JOIN lib_record r ON r.id = rt.record_id WHERE ` + where + ` GROUP BY t.id, t.name ORDER BY n DESC, t.id LIMIT ?`
	args = append(args, FacetTop)
	f.Tag, err = counted(s, v, query, args, func() ([]PortalFacet, error) {
		out := []PortalFacet{}
		err := db.EachRow(ctx, s.db, query, args, func(row interface{ Scan(...any) error }) error {
			var fc PortalFacet
			var id int64
			if err := row.Scan(&id, &fc.Label, &fc.Count); err != nil {
				return err
			}
			fc.Value = strconv.FormatInt(id, 10)
			out = append(out, fc)
			return nil
		})
		return out, err
	})
	return a, err
}

// unitNames labels unit facets with the units' names (the code when the unit is gone).
func (s *Service) unitNames(ctx context.Context, fs []PortalFacet) error {
	if len(fs) == 0 {
		return nil
	}
	args := make([]any, len(fs))
	for i, f := range fs {
		args[i] = f.Value
	}
	names := map[string]string{}
	err := db.EachRow(ctx, s.db, `SELECT full_unit_code, `+org.LabelSQL("org_unit")+` FROM org_unit WHERE full_unit_code IN (`+db.Placeholders(len(args))+`)`, args,
		func(row interface{ Scan(...any) error }) error {
			var code, name string
			if err := row.Scan(&code, &name); err != nil {
				return err
			}
			names[code] = name
			return nil
		})
	for i := range fs {
		fs[i].Label = fs[i].Value
		if n := names[fs[i].Value]; n != "" {
			fs[i].Label = n
		}
	}
	return err
}

/* ---------- search ---------- */
