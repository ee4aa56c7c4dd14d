package library

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// The portal's read side of the library (docs/portal.md): search over every portal type in one query, one
// record for the detail drawer, and the download counts.

// Paths of the portal's library calls; both need the portal's function code.
const (
	PortalSearchPath = "/api/portal/search"
	PortalOnePath    = "/api/portal/record/one"
	// FunPortal is the portal's function code (the access area's FunctionPortal, which every built-in role
	// holds); the route table's test checks that every code of a route is a known function code.
	FunPortal = "gateway"
)

// PortalNotFound is the message of a record the portal does not show the caller (deleted, unpublished,
// outside its window or the caller's data rules): 该资料不存在或已下架.
const PortalNotFound = "lib.portal.not_found"

// Sorts of a portal search.
const (
	SortRelevance = "relevance" // titles holding the keywords first, then newest (the default with keywords)
	SortNewest    = "newest"    // the default without keywords
	SortDownloads = "downloads"
)

// Validity filter and facet values: an expiry date not past (or none), or past.
const (
	ValidityValid   = "valid"
	ValidityExpired = "expired"
)

// Limits of a portal search.
const (
	MaxKeywords = 50 // characters of the keywords
	// FullTextMin is the shortest keyword the full-text index serves (trigrams); shorter ones are a LIKE.
	FullTextMin = 3
	// FacetTop bounds the tag and unit facets (the values with most hits).
	FacetTop = 20
	// summaryMax bounds a hit's one-line summary (characters).
	summaryMax = 120
)

/* ---------- the detail tabs ---------- */

// portalTabs: the portal's detail tabs (/gatewayDetail/<tab>) and their library types. tender and
// announcement have no tab (they open in the detail drawer).
var portalTabs = []struct{ typ, tab string }{
	{TypeLicense, "enterprise"},
	{TypeExpert, "expert"},
	{TypeContract, "contract"},
	{TypeHonor, "honor"},
	{TypeCAKey, "caKeyClass"},
	{TypePlan, "service"},
	{TypeToolkit, "packs"},
	{TypeGovReg, "govAdoption"},
}

// TabOf is the portal detail tab of a library type key, "" when the type has none.
func TabOf(typeKey string) string {
	for _, t := range portalTabs {
		if t.typ == typeKey {
			return t.tab
		}
	}
	return ""
}

// TypeOfTab is the library type of a portal detail tab, nil for an unknown tab.
func TypeOfTab(tab string) *Type {
	for _, t := range portalTabs {
		if t.tab == tab {
			return TypeOf(t.typ)
		}
	}
	return nil
}

/* ---------- the shapes ---------- */

// PortalQuery is a portal search. The zero value is the first page of everything, newest first.
type PortalQuery struct {
	Keywords string   // any substring of the search text, any letter case; at most MaxKeywords characters
	Types    []string // portal type keys (any of them); none: every portal type
	TagID    int64    // has this tag
	Unit     string   // the record's unit (fullUnitCode, exact)
	Validity string   // "", ValidityValid or ValidityExpired
	Year     int      // the year of the record's own date (record_date, else valid_from, else created); 0: any
	Sort     string   // "", SortRelevance, SortNewest or SortDownloads
	Current  int      // page from 1 (0: 1)
	Limit    int      // page size, at most list.MaxLimit (0: list.DefaultLimit)
	Facets   bool     // also count the hits by type, tag, unit, validity and year
	Lang     string   // the language of type names and facet labels (httpx.LangZH when empty)
}

// Range is a highlighted part of a text: [start, end) in UTF-16 code units (what JavaScript's
// String.slice takes).
type Range [2]int

// Highlights are where the keywords occur in a hit's title and summary.
type Highlights struct {
	Title   []Range `json:"title"`
	Summary []Range `json:"summary"`
}

// PortalHit is one record of a portal search (or of the home page's lists).
type PortalHit struct {
	ID       int64  `json:"id"`
	Type     string `json:"type"`
	TypeName string `json:"typeName"`
	Tab      string `json:"tab"`
	Title    string `json:"title"`
	Summary  string `json:"summary"`
	UnitName string `json:"unitName"`
	Date     string `json:"date"`    // the record's own date (record_date, else valid_from, else the day it was created)
	ValidTo  string `json:"validTo"` // "" when none
	// Period: ValidFrom..ValidTo is a service period (a contract's), not a validity: the card says 服务期,
	// not 有效期至.
	Period     bool       `json:"period"`
	ValidFrom  string     `json:"validFrom"`                       // "" when none
	Expiry     string     `json:"expiry" enum:",expired,expiring"` // expired, expiring or ""
	Downloads  int64      `json:"downloads"`
	FileCount  int        `json:"fileCount"`
	Tags       []Tag      `json:"tags"`
	CreatedAt  time.Time  `json:"createdAt"`
	Highlights Highlights `json:"highlights"`
}

// PortalFacet is one value of a facet with the number of hits it has.
type PortalFacet struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// PortalFacets count the hits of a search by value. Each facet applies every filter but its own, so it
// shows what choosing another value would give.
type PortalFacets struct {
	Type     []PortalFacet `json:"type"`     // in menu order
	Tag      []PortalFacet `json:"tag"`      // the FacetTop tags with most hits
	Unit     []PortalFacet `json:"unit"`     // the FacetTop units with most hits
	Validity []PortalFacet `json:"validity"` // valid, expired
	Year     []PortalFacet `json:"year"`     // newest first
}

// PortalResult is a page of a portal search.
type PortalResult struct {
	Records []PortalHit   `json:"records"`
	Current int           `json:"current"`
	Limit   int           `json:"limit"`
	Total   int           `json:"total"`
	Pages   int           `json:"pages"`
	Next    bool          `json:"next" doc:"a page follows this one"`
	Facets  *PortalFacets `json:"facets,omitempty"`
}

/* ---------- checking a query ---------- */

// maxUnitCode bounds the unit filter (a fullUnitCode).
const maxUnitCode = 200

// NormalizeKeywords trims keywords, turns control characters into spaces and lower-cases them; more than
// MaxKeywords characters is refused.
func NormalizeKeywords(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", httpx.BadRequest("http.bad_field", "keywords")
	}
	s = strings.ToLower(strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)))
	if utf8.RuneCountInString(s) > MaxKeywords {
		return "", httpx.Fail("lib.portal.keywords_too_long", MaxKeywords)
	}
	return s, nil
}

// normalize checks q and fills its defaults.
func (q *PortalQuery) normalize() error {
	var err error
	if q.Keywords, err = NormalizeKeywords(q.Keywords); err != nil {
		return err
	}
	seen := map[string]bool{}
	types := q.Types[:0:0]
	for _, k := range q.Types {
		k = strings.TrimSpace(k)
		if k == "" || seen[k] {
			continue
		}
		if PortalType(k) == nil {
			return httpx.Fail("lib.portal.bad_type", k)
		}
		seen[k] = true
		types = append(types, k)
	}
	q.Types = types
	if q.TagID < 0 {
		return httpx.BadRequest("http.bad_number", "tagId")
	}
	q.Unit = strings.TrimSpace(q.Unit)
	if !utf8.ValidString(q.Unit) || utf8.RuneCountInString(q.Unit) > maxUnitCode || strings.IndexFunc(q.Unit, unicode.IsControl) >= 0 {
		return httpx.BadRequest("http.bad_field", "unit")
	}
	switch q.Validity {
	case "", ValidityValid, ValidityExpired:
	default:
		return httpx.Fail("lib.portal.bad_validity")
	}
	if q.Year != 0 && (q.Year < 1000 || q.Year > 9999) {
		return httpx.Fail("lib.portal.bad_year")
	}
	switch q.Sort {
	case "":
		q.Sort = SortNewest
		if q.Keywords != "" {
			q.Sort = SortRelevance
		}
	case SortRelevance:
		if q.Keywords == "" {
			q.Sort = SortNewest // nothing to be relevant to
		}
	case SortNewest, SortDownloads:
	default:
		return httpx.Fail("lib.portal.bad_sort")
	}
	if q.Current == 0 {
		q.Current = 1
	}
	if q.Limit == 0 {
		q.Limit = list.DefaultLimit
	}
	if err := list.CheckPaging(q.Current, q.Limit); err != nil {
		return err
	}
	if q.Lang == "" {
		q.Lang = httpx.LangZH
	}
	return nil
}

/* ---------- the conditions ---------- */

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

// searchCache keeps the counts and facets of portal searches while lib_search_version stays the same (the
// migration's triggers change it with every write that can change them, on any instance).
type searchCache struct {
	mu      sync.Mutex
	version int64
	entries map[string]any
	weight  int // the rows kept (a group or a facet value is one)
}

// searchCacheMax bounds the rows kept (a few tens of MB); the cache starts again when it is full.
const searchCacheMax = 300_000

// searchVersion reads the library's search version (and forgets what an older one counted).
func (s *Service) searchVersion(ctx context.Context) (int64, error) {
	var v int64
	if err := s.db.QueryRow(ctx, `SELECT version FROM lib_search_version WHERE id = 1`).Scan(&v); err != nil {
		return 0, err
	}
	c := &s.search
	c.mu.Lock()
	if c.version != v || c.entries == nil || c.weight >= searchCacheMax {
		c.version, c.entries, c.weight = v, map[string]any{}, 0
	}
	c.mu.Unlock()
	return v, nil
}

// counted answers a count query of version v from the cache or by running fn.
func counted[T any](s *Service, v int64, query string, args []any, fn func() (T, error)) (T, error) {
	raw, _ := json.Marshal(args)
	key := query + "\x00" + string(raw)
	c := &s.search
	c.mu.Lock()
	if got, ok := c.entries[key]; ok && c.version == v {
		c.mu.Unlock()
		return got.(T), nil
	}
	c.mu.Unlock()
	out, err := fn()
	if err != nil {
		return out, err
	}
	weight := 1
	switch t := any(out).(type) {
	case []portalGroup:
		weight += len(t)
	case []PortalFacet:
		weight += len(t)
	}
	c.mu.Lock()
	if c.version == v && c.entries != nil {
		c.entries[key] = out
		c.weight += weight
	}
	c.mu.Unlock()
	return out, nil
}

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

// PortalSearch answers a portal search: one page of the records the portal shows the caller
// (PortalScope) that match q, from one query over every portal type, with the total and, when asked, the
// facets. The counts and facets are kept until the library changes (lib_search_version).
func (s *Service) PortalSearch(ctx context.Context, p *auth.Principal, q PortalQuery) (*PortalResult, error) {
	if err := q.normalize(); err != nil {
		return nil, err
	}
	w, err := s.portalWhere(ctx, p, &q)
	if err != nil {
		return nil, err
	}
	v, err := s.searchVersion(ctx)
	if err != nil {
		return nil, err
	}
	agg, err := s.aggregate(ctx, v, &q, w)
	if err != nil {
		return nil, err
	}
	res := &PortalResult{Records: []PortalHit{}, Current: q.Current, Limit: q.Limit, Total: agg.total, Facets: agg.facets}
	res.Pages = (res.Total + q.Limit - 1) / q.Limit
	res.Next = q.Current < res.Pages
	if offset, onPage := list.Offset(q.Current, q.Limit, res.Total); onPage {
		recs, err := s.portalPage(ctx, &q, w, agg, offset)
		if err != nil {
			return nil, err
		}
		forPortal(p, recs...)
		res.Records = s.hits(recs, q.Keywords, q.Lang)
	}
	return res, nil
}

// walkMin: a keyword found in more records than this is looked for by walking the order's index from the
// first row of the page on (a LIKE on each row, stopping after the page) rather than by collecting and sorting
// every hit.
var walkMin = 10000

// portalPage reads one page. Relevance is two ranges: the hits whose title holds the keywords, then the
// others, each newest first; the counts say which ranges the page takes. The inner query picks the page's ids
// in order, the outer one reads those rows with their names.
func (s *Service) portalPage(ctx context.Context, q *PortalQuery, w *portalWhere, agg *aggregates, offset int) ([]*Record, error) {
	order, back, outer := "r.created_at DESC, r.id DESC", "r.created_at, r.id", "p.rel, p.ca DESC, p.id DESC"
	walkIndex := "lib_record_portal_newest"
	if q.Sort == SortDownloads {
		order, back, outer, walkIndex = "r.downloads DESC, "+order, "r.downloads, "+back, "p.dl DESC, "+outer, "lib_record_portal_downloads"
	}
	type part struct {
		cond          string
		args          []any
		rel, n        int // the part's rank and number of hits
		offset, limit int
	}
	var parts []part
	if q.Sort == SortRelevance {
		sql, arg := s.titleSQL(q.Keywords)
		parts = []part{{cond: sql, args: []any{arg}, rel: 0, n: agg.titled}, {cond: "NOT (" + sql + ")", args: []any{arg}, rel: 1, n: agg.total - agg.titled}}
	} else {
		parts = []part{{cond: "1=1", n: agg.total}}
	}
	// cut the page [offset, offset+limit) out of the parts laid end to end
	var selects []string
	var args []any
	at, end := 0, offset+q.Limit
	for _, pt := range parts {
		from, to := max(offset, at), min(end, at+pt.n)
		at += pt.n
		if from >= to {
			continue
		}
		pt.offset, pt.limit = from-(at-pt.n), to-from
		// past the middle of the part, its end is nearer: read the rows in the opposite order (the outer query
		// sorts them back)
		partOrder := order
		if pt.offset > pt.n/2 {
			partOrder, pt.offset = back, pt.n-pt.offset-pt.limit
		}
		// SQLite takes a LIKE for selective and sorts every hit; a keyword with many hits is found faster by
		// walking the order's index and testing each row, stopping after the page
		walk := q.Keywords != "" && s.db.Dialect == db.SQLite && pt.n > walkMin
		form := kwIndex
		if walk {
			form = kwLike
		}
		where, wargs := w.sql(form)
		table := "lib_record r"
		if walk {
			table += " INDEXED BY " + walkIndex
		}
		selects = append(selects, `SELECT * FROM (SELECT r.id, `+strconv.Itoa(pt.rel)+` AS rel, r.created_at AS ca, r.downloads AS dl FROM `+table+
			` WHERE `+where+` AND `+pt.cond+` ORDER BY `+partOrder+` LIMIT ? OFFSET ?) p`+strconv.Itoa(pt.rel))
		args = append(append(append(args, wargs...), pt.args...), pt.limit, pt.offset)
	}
	if len(selects) == 0 {
		return nil, nil
	}
	inner := strings.Join(selects, " UNION ALL ")
	from := strings.Replace(recordFrom, "lib_record r", "("+inner+") p JOIN lib_record r ON r.id = p.id", 1)
	rows, err := s.db.Query(ctx, `SELECT `+recordSelect+`, r.downloads FROM `+from+` ORDER BY `+outer, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var recs []*Record
	for rows.Next() {
		r, err := scanPortal(rows)
		if err != nil {
			return nil, err
		}
		recs = append(recs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return recs, s.complete(ctx, s.db, recs)
}

// withExtra scans the columns of recordSelect and then extra ones.
type withExtra struct {
	row   interface{ Scan(...any) error }
	extra []any
}

func (w withExtra) Scan(dest ...any) error { return w.row.Scan(append(dest, w.extra...)...) }

// scanPortal reads recordSelect followed by r.downloads.
func scanPortal(row interface{ Scan(...any) error }) (*Record, error) {
	var downloads int64
	r, err := scanRecord(withExtra{row, []any{&downloads}})
	if err != nil {
		return nil, err
	}
	r.Downloads = downloads
	return r, nil
}

// hits turns records into portal hits with the keywords highlighted.
func (s *Service) hits(recs []*Record, kw, lang string) []PortalHit {
	out := make([]PortalHit, 0, len(recs))
	for _, r := range recs {
		out = append(out, s.hit(r, kw, lang))
	}
	return out
}

// PortalHits turns records read by the caller (with their tags and files) into portal hits, for the
// other portal pages (home, bid pack).
func (s *Service) PortalHits(recs []*Record, lang string) []PortalHit { return s.hits(recs, "", lang) }

func (s *Service) hit(r *Record, kw, lang string) PortalHit {
	h := PortalHit{ID: r.ID, Type: r.Type.Key, TypeName: httpx.Translate(lang, r.Type.PortalLabel()), Tab: TabOf(r.Type.Key),
		Title: r.Title(), Summary: s.summary(r), UnitName: r.UnitName, ValidTo: r.ValidTo(), Expiry: r.Expiry,
		Period: r.Type.Period, ValidFrom: r.ValidFrom(),
		Downloads: r.Downloads, FileCount: len(r.Files), Tags: r.Tags, CreatedAt: r.CreatedAt,
		Highlights: Highlights{Title: []Range{}, Summary: []Range{}}}
	if h.Tags == nil {
		h.Tags = []Tag{}
	}
	for _, c := range []string{ColDate, ColFrom} {
		if d, _ := r.cols[c].(string); d != "" {
			h.Date = d
			break
		}
	}
	if h.Date == "" {
		h.Date = r.CreatedAt.Format(dateLayout)
	}
	if kw != "" {
		h.Highlights.Title = Highlight(h.Title, kw)
		h.Highlights.Summary = Highlight(h.Summary, kw)
	}
	return h
}

// summaryFields are the fields of a hit's one-line summary, by type: who holds it (holder, client, buyer,
// job title) and its code, or what it is.
var summaryFields = map[string][]string{
	TypeExpert:       {"jobTitle", "education"},
	TypeLicense:      {"holder", "number"},
	TypeHonor:        {"holder", "number"},
	TypeContract:     {"client", "number"},
	TypeCAKey:        {"holder", "keyNumber"},
	TypeTender:       {"buyer", "number"},
	TypePlan:         {"category", "version"},
	TypeToolkit:      {"category", "version"},
	TypeAnnouncement: {"content"},
	TypeGovReg:       {"authority", "region", "number"},
}

// summary is a record's one-line description: its summary fields' values (dictionary labels, the text of
// rich text), joined by " · ", on one line, at most summaryMax characters.
func (s *Service) summary(r *Record) string {
	var parts []string
	for _, key := range summaryFields[r.Type.Key] {
		f := r.Type.Field(key)
		if f == nil {
			continue
		}
		var v string
		switch f.Kind {
		case KindDict:
			v = s.label(f.Dict, r.Text(f))
		case KindRich:
			v = htmlText(r.Text(f))
		default:
			v = r.Text(f)
		}
		if v = strings.Join(strings.Fields(v), " "); v != "" {
			parts = append(parts, v)
		}
	}
	out := strings.Join(parts, " · ")
	if utf8.RuneCountInString(out) > summaryMax {
		out = string([]rune(out)[:summaryMax-1]) + "…"
	}
	return out
}

// Highlight finds every occurrence of kw (lower-case) in text, in any letter case, without overlaps, as
// UTF-16 code-unit ranges.
func Highlight(text, kw string) []Range {
	out := []Range{}
	key := []rune(kw)
	if len(key) == 0 {
		return out
	}
	for i := range key {
		key[i] = unicode.ToLower(key[i])
	}
	runes := []rune(text)
	// at[i]: the UTF-16 offset of runes[i]
	at := make([]int, len(runes)+1)
	for i, r := range runes {
		n := utf16.RuneLen(r)
		if n < 1 {
			n = 1 // an invalid rune is written as U+FFFD, one unit
		}
		at[i+1] = at[i] + n
	}
	for i := 0; i+len(key) <= len(runes); {
		match := true
		for j, k := range key {
			if unicode.ToLower(runes[i+j]) != k {
				match = false
				break
			}
		}
		if match {
			out = append(out, Range{at[i], at[i+len(key)]})
			i += len(key)
			continue
		}
		i++
	}
	return out
}

/* ---------- one record ---------- */

// PortalOne is a record the portal shows the caller, with its tags, files, expiry mark and downloads;
// PortalNotFound when it shows no such record (deleted, unpublished, outside its window or the caller's data
// rules, or not a portal type).
func (s *Service) PortalOne(ctx context.Context, p *auth.Principal, id int64) (*Record, error) {
	cond, args, err := s.PortalScope(ctx, p)
	if err != nil {
		return nil, err
	}
	r, err := scanPortal(s.db.QueryRow(ctx, `SELECT `+recordSelect+`, r.downloads FROM `+recordFrom+` WHERE r.id = ? AND `+cond, append([]any{id}, args...)...))
	if db.IsNoRows(err) {
		return nil, httpx.Fail(PortalNotFound)
	}
	if err != nil {
		return nil, err
	}
	if err := s.complete(ctx, s.db, []*Record{r}); err != nil {
		return nil, err
	}
	forPortal(p, r)
	return r, nil
}

/* ---------- downloads ---------- */

// CountDownload adds one download to a record (the files area's download hook, and the bid pack).
func (s *Service) CountDownload(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE lib_record SET downloads = downloads + 1 WHERE id = ?`, id)
	return err
}

/* ---------- HTTP ---------- */

// portalFilter is what PortalSearch binds; the checks and their messages are the search's own.
type portalFilter struct {
	Keywords string   `param:"keywords"`
	Types    []string `param:"type"`
	TagID    string   `param:"tagId"`
	Unit     string   `param:"unit"`
	Validity string   `param:"validity"`
	Year     string   `param:"year"`
	Sort     string   `param:"sort"`
	Facets   bool     `param:"facets"`
}

// PortalSearchIn describes the portal search's parameters.
type PortalSearchIn struct {
	Keywords string `param:"keywords" max:"50" doc:"part of the search text (title, code, holder, text fields) in any letter case; %, _, quotes and full-text syntax match themselves"`
	Type     string `param:"type" doc:"a portal type key, or several comma-separated (license,honor): expert, license, honor, contract, cakey, tender, plan, toolkit, announcement"`
	TagID    int64  `param:"tagId" doc:"has this tag"`
	Unit     string `param:"unit" doc:"the record's unit (fullUnitCode), exact"`
	Validity string `param:"validity" enum:"valid,expired" doc:"valid (no expiry date, or not past) or expired"`
	Year     string `param:"year" doc:"YYYY: the year of the record's own date (record_date, else valid_from, else created)"`
	Sort     string `param:"sort" enum:"relevance,newest,downloads" doc:"relevance (default with keywords: titles holding them first, then newest), newest (default otherwise), downloads"`
	Current  int    `param:"current" min:"1" max:"1000000" doc:"page, from 1"`
	Limit    int    `param:"limit" min:"1" max:"100" doc:"rows per page (default 10)"`
	Facets   bool   `param:"facets" doc:"1 or true: answer the facets too"`
}

// PortalSearch is GET /api/portal/search (docs/portal.md).
func (h *Handlers) PortalSearch(r *http.Request, in *httpx.Input) (any, error) {
	var f portalFilter
	if err := httpx.Bind(in, &f); err != nil {
		return nil, err
	}
	q := PortalQuery{Keywords: f.Keywords, Unit: f.Unit, Validity: strings.TrimSpace(f.Validity),
		Sort: strings.TrimSpace(f.Sort), Facets: f.Facets, Lang: httpx.Lang(r)}
	for _, v := range f.Types {
		q.Types = append(q.Types, strings.Split(v, ",")...)
	}
	if s := strings.TrimSpace(f.TagID); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return nil, httpx.BadRequest("http.bad_number", "tagId")
		}
		q.TagID = id
	}
	if s := strings.TrimSpace(f.Year); s != "" {
		if len(s) != 4 || strings.Trim(s, "0123456789") != "" {
			return nil, httpx.Fail("lib.portal.bad_year")
		}
		q.Year, _ = strconv.Atoi(s)
	}
	var err error
	if q.Current, q.Limit, err = list.Paging(in); err != nil {
		return nil, err
	}
	return h.svc.PortalSearch(r.Context(), auth.PrincipalFrom(r.Context()), q)
}

// PortalOne is GET /api/portal/record/one?id=: the record's flat JSON plus typeName, tab and downloads.
func (h *Handlers) PortalOne(r *http.Request, in IDIn) (PortalRecord, error) {
	rec, err := h.svc.PortalOne(r.Context(), auth.PrincipalFrom(r.Context()), in.ID)
	if err != nil {
		return PortalRecord{}, err
	}
	return PortalRecord{Record: rec, Lang: httpx.Lang(r)}, nil
}

// PortalRecord writes a record as the portal's detail shows it: the library's flat record JSON plus
// typeName (in Lang), tab and downloads.
type PortalRecord struct {
	*Record
	Lang string
}

func (p PortalRecord) MarshalJSON() ([]byte, error) {
	raw, err := p.Record.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	for _, f := range p.Type.Fields {
		if f.Private {
			delete(m, f.Key)
		}
	}
	for k, v := range map[string]any{"typeName": httpx.Translate(p.Lang, p.Type.PortalLabel()), "tab": TabOf(p.Type.Key), "downloads": p.Downloads} {
		if m[k], err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	return json.Marshal(m)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		PortalNotFound:                 {"该资料不存在或已下架", "This material does not exist or is no longer published"},
		"lib.portal.keywords_too_long": {"搜索关键词不能超过%d个字", "The keywords cannot exceed %d characters"},
		"lib.portal.bad_type":          {"不支持的资料类型：%s", "Unknown material type: %s"},
		"lib.portal.bad_validity":      {"有效状态只能是 valid 或 expired", "validity must be valid or expired"},
		"lib.portal.bad_year":          {"年份应为4位数字", "The year is written with 4 digits"},
		"lib.portal.bad_sort":          {"排序只能是 relevance、newest 或 downloads", "sort must be relevance, newest or downloads"},
		"lib.portal.validity.valid":    {"有效", "Valid"},
		"lib.portal.validity.expired":  {"已过期", "Expired"},
	})
}

// PortalRecordView describes what a PortalRecord writes.
type PortalRecordView struct {
	RecordView
	TypeName  string `json:"typeName"`
	Tab       string `json:"tab" doc:"the detail tab, '' for tender and announcement"`
	Downloads int64  `json:"downloads"`
}

func (PortalRecord) OpenAPIAs() any          { return PortalRecordView{} }
func (PortalRecordView) OpenAPIName() string { return "PortalRecord" }
func (PortalRecordView) OpenAPIOpen()        {}

// The names of the portal search's answer (the portal's own hit is PortalHit).
func (PortalResult) OpenAPIName() string { return "PortalResult" }
func (PortalFacet) OpenAPIName() string  { return "PortalFacet" }
func (PortalFacets) OpenAPIName() string { return "PortalFacets" }
func (PortalHit) OpenAPIName() string    { return "PortalSearchHit" }
