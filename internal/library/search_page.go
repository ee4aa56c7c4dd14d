package library

import (
	"context"
	"strconv"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/list"
)

// A portal search's page of records.

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
