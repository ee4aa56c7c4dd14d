package library

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// The portal's read side of the library (docs/portal.md): search over every portal type in one query, one
// record for the detail drawer, and the download counts. This file holds the query and its answer's types; the
// others by concern: search_sql.go (conditions), search_cache.go (cached counts), search_aggregate.go (facets),
// search_page.go (the page of records), search_highlight.go (hits, summaries, highlights), search_record.go (one
// record, downloads) and search_http.go (the handlers).

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
