package library

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/list"
)

// The SQL of a portal search: its conditions, built from the query and the caller's scope.

// Filter names of a portal search (a facet leaves its own out).
const (
	fKeywords = "keywords"
	fType     = "type"
	fTag      = "tag"
	fUnit     = "unit"
	fValidity = "validity"
	fYear     = "year"
)

type portalCond struct {
	name string
	sql  string
	args []any
}

// portalWhere is the scope of the caller and the filters of a query.
type portalWhere struct {
	scope     string
	scopeArgs []any
	conds     []portalCond
	// like is the keyword condition as a LIKE over search_text when conds holds the full-text one
	// (SQLite): the same rows, but a condition an index walk can test row by row.
	like *portalCond
}

// Forms of the keyword condition in portalWhere.sql.
const (
	kwIndex = iota // as made: the full-text index's ids drive the query (SQLite), or a LIKE
	kwLike         // a LIKE over search_text, tested on each row an index walk reads
	kwProbe        // the full-text index's ids only tested, never driving the query (the tag facet)
)

// sql is the WHERE condition with every filter but those named in except, the keywords in the given form.
func (w *portalWhere) sql(form int, except ...string) (string, []any) {
	parts := []string{w.scope}
	args := append([]any{}, w.scopeArgs...)
next:
	for _, c := range w.conds {
		for _, e := range except {
			if c.name == e {
				continue next
			}
		}
		if c.name == fKeywords && w.like != nil {
			switch form {
			case kwLike:
				c = *w.like
			case kwProbe:
				c.sql = "+" + c.sql
			}
		}
		parts = append(parts, c.sql)
		args = append(args, c.args...)
	}
	return strings.Join(parts, " AND "), args
}

// portalExpiryTypes are the keys of the portal types whose valid_to is an expiry date.
func portalExpiryTypes() []any {
	var out []any
	for _, t := range PortalTypes() {
		if t.Expiry {
			out = append(out, t.Key)
		}
	}
	return out
}

// expiredSQL is true for a record past its expiry date, false otherwise (never NULL, so that NOT works);
// bind portalExpiryTypes() then today.
func expiredSQL() string {
	return "(r.type IN (" + db.Placeholders(len(portalExpiryTypes())) + ") AND r.valid_to IS NOT NULL AND r.valid_to < ?)"
}

func (s *Service) expiredArgs() []any {
	return append(portalExpiryTypes(), Today(s.now()).Format(dateLayout))
}

// likeSQL is "column contains the (lower-case) text" with the text as its argument: SQLite's LIKE needs an
// ESCAPE clause; PostgreSQL's escapes with a backslash by default, which keeps the pattern one that
// pg_trgm's index serves.
func (s *Service) likeSQL(column, text string) (string, any) {
	if s.db.Dialect == db.Postgres {
		esc := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(text)
		return column + " LIKE ?", "%" + esc + "%"
	}
	return column + " LIKE ? ESCAPE '!'", list.ContainsArg(text)
}

// titleSQL is "the title holds the keywords" (the relevance of a hit), in any letter case: SQLite's LIKE
// ignores it; on PostgreSQL ILIKE (rather than LOWER(title) LIKE) lets the planner estimate the condition from
// the title's statistics, so it still walks the newest-first index for a keyword that many titles hold.
func (s *Service) titleSQL(kw string) (string, any) {
	if s.db.Dialect == db.Postgres {
		sql, arg := s.likeSQL("r.title", kw)
		return strings.Replace(sql, " LIKE ", " ILIKE ", 1), arg
	}
	return s.likeSQL("r.title", kw)
}

func (s *Service) portalWhere(ctx context.Context, p *auth.Principal, q *PortalQuery) (*portalWhere, error) {
	scope, args, err := s.PortalScope(ctx, p)
	if err != nil {
		return nil, err
	}
	w := &portalWhere{scope: scope, scopeArgs: args}
	if q.Keywords != "" && External(p) {
		// an external account's keywords do not look into personal text (portal_mask.go)
		if cond, cargs := s.personalSearchCond(q.Keywords); cond != "" {
			w.scope, w.scopeArgs = w.scope+" AND "+cond, append(w.scopeArgs, cargs...)
		}
	}
	if q.Keywords != "" {
		// 3 characters or more: the full-text index (SQLite: the FTS5 trigram table, the keywords quoted as one
		// phrase so that nothing in them is query syntax; PostgreSQL: a LIKE that pg_trgm's index serves);
		// shorter ones: a LIKE over the rows the other conditions leave.
		like, arg := s.likeSQL("r.search_text", q.Keywords)
		w.conds = append(w.conds, portalCond{fKeywords, like, []any{arg}})
		if s.db.Dialect == db.SQLite && utf8.RuneCountInString(q.Keywords) >= FullTextMin {
			likeCond := w.conds[0]
			w.like = &likeCond
			w.conds[0] = portalCond{fKeywords, "r.id IN (SELECT rowid FROM lib_record_fts WHERE lib_record_fts MATCH ?)",
				[]any{`"` + strings.ReplaceAll(q.Keywords, `"`, `""`) + `"`}}
		}
	}
	if len(q.Types) > 0 {
		targs := make([]any, len(q.Types))
		for i, k := range q.Types {
			targs[i] = k
		}
		w.conds = append(w.conds, portalCond{fType, "r.type IN (" + db.Placeholders(len(targs)) + ")", targs})
	}
	if q.TagID > 0 {
		w.conds = append(w.conds, portalCond{fTag, `r.id IN (SELECT rt.record_id FROM lib_record_tag rt JOIN lib_tag t ON t.id = rt.tag_id
			WHERE rt.tag_id = ? AND t.deleted_at IS NULL)`, []any{q.TagID}})
	}
	if q.Unit != "" {
		w.conds = append(w.conds, portalCond{fUnit, "r.unit_code = ?", []any{q.Unit}})
	}
	switch q.Validity {
	case ValidityExpired:
		w.conds = append(w.conds, portalCond{fValidity, expiredSQL(), s.expiredArgs()})
	case ValidityValid:
		w.conds = append(w.conds, portalCond{fValidity, "NOT " + expiredSQL(), s.expiredArgs()})
	}
	if q.Year != 0 {
		w.conds = append(w.conds, portalCond{fYear, "r.own_year = ?", []any{strconv.Itoa(q.Year)}})
	}
	return w, nil
}

/* ---------- the counts, kept while the library does not change ---------- */
