package library

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
)

type stubDicts struct{}

func (stubDicts) Items(context.Context, db.Querier, string) ([]DictItem, error) { return nil, nil }

type stubScopes struct{}

func (stubScopes) Condition(context.Context, db.Querier, int64, string, string) (string, []any, error) {
	return "1=1", nil, nil
}

type stubSettings struct{}

func (stubSettings) ExpiryWarningDays() int { return 30 }

type seeded struct {
	id        int64
	title     string
	text      string
	downloads int
	created   time.Time
}

// seedSearch writes n published licences and honours straight into the table: every third title holds
// 物业服务, every fifth record has it only in its holder, every seventh title is ACME.
func seedSearch(t *testing.T, s *Service, n int) []seeded {
	t.Helper()
	ctx := context.Background()
	base := time.Now().UTC().Add(-time.Hour)
	var out []seeded
	for i := 0; i < n; i++ {
		title, holder := fmt.Sprintf("记录%03d", i), "某公司"
		switch {
		case i%3 == 0:
			title = fmt.Sprintf("物业服务资质%03d", i)
		case i%7 == 0:
			title = fmt.Sprintf("ACME Award %03d", i)
		}
		if i%5 == 0 {
			holder = "华信物业服务公司"
		}
		typ := TypeLicense
		if i%2 == 1 {
			typ = TypeHonor
		}
		r := seeded{title: title, text: strings.ToLower(title + " " + holder), downloads: (i * 37) % 11, created: base.Add(time.Duration(i) * time.Second)}
		id, err := s.db.Insert(ctx, `INSERT INTO lib_record (type, title, holder, status, search_text, downloads, created_at, updated_at)
			VALUES (?, ?, ?, 'published', ?, ?, ?, ?)`, typ, title, holder, r.text, r.downloads, r.created, r.created)
		if err != nil {
			t.Fatal(err)
		}
		r.id = id
		out = append(out, r)
	}
	return out
}

func newSearchService(t *testing.T) *Service {
	d := dbtest.Open(t)
	return NewService(d, stubDicts{}, stubScopes{}, stubSettings{}, nil)
}

// A page is the same whether the search walks an index and tests each row or collects and sorts every hit, and
// both are the order the sorts promise.
func TestPortalPagesAreTheSameWalkedOrSorted(t *testing.T) {
	s := newSearchService(t)
	recs := seedSearch(t, s, 150)
	ctx := context.Background()
	p := &auth.Principal{UserID: 1}
	defer func(v int) { walkMin = v }(walkMin)
	for _, kw := range []string{"物业", "物业服务", "acme", "award 0", "资质0"} {
		for _, sortBy := range []string{SortRelevance, SortNewest, SortDownloads} {
			// what the answer must be
			var want []seeded
			for _, r := range recs {
				if strings.Contains(r.text, kw) {
					want = append(want, r)
				}
			}
			sort.SliceStable(want, func(i, j int) bool {
				a, b := want[i], want[j]
				if sortBy == SortRelevance {
					ta, tb := strings.Contains(strings.ToLower(a.title), kw), strings.Contains(strings.ToLower(b.title), kw)
					if ta != tb {
						return ta
					}
				}
				if sortBy == SortDownloads && a.downloads != b.downloads {
					return a.downloads > b.downloads
				}
				return a.created.After(b.created)
			})
			for _, limit := range []int{7, 100} {
				for current := 1; (current-1)*limit < len(want)+limit; current++ {
					q := PortalQuery{Keywords: kw, Sort: sortBy, Current: current, Limit: limit}
					var pages [2]string
					for i, min := range []int{1 << 30, 3} {
						walkMin = min
						res, err := s.PortalSearch(ctx, p, q)
						if err != nil {
							t.Fatal(err)
						}
						if res.Total != len(want) {
							t.Fatalf("%q %s: total %d, want %d", kw, sortBy, res.Total, len(want))
						}
						var ids []string
						for _, h := range res.Records {
							ids = append(ids, fmt.Sprint(h.ID))
						}
						pages[i] = strings.Join(ids, ",")
					}
					var ids []string
					for i := (current - 1) * limit; i < current*limit && i < len(want); i++ {
						ids = append(ids, fmt.Sprint(want[i].id))
					}
					if exp := strings.Join(ids, ","); pages[0] != exp || pages[1] != exp {
						t.Fatalf("%q %s page %d/%d:\n sorted %s\n walked %s\n want   %s", kw, sortBy, current, limit, pages[0], pages[1], exp)
					}
				}
			}
		}
	}
}

// The counts are kept until a write that changes what a search finds; a download changes nothing.
func TestPortalCountsFollowTheLibrary(t *testing.T) {
	s := newSearchService(t)
	recs := seedSearch(t, s, 30)
	ctx := context.Background()
	p := &auth.Principal{UserID: 1}
	search := func() *PortalResult {
		t.Helper()
		res, err := s.PortalSearch(ctx, p, PortalQuery{Facets: true})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	version := func() int64 {
		t.Helper()
		v, err := s.searchVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if r := search(); r.Total != 30 || len(r.Facets.Type) != 2 || r.Facets.Type[0].Count != 15 {
		t.Fatalf("first: %+v %+v", r, r.Facets.Type)
	}
	v := version()
	if err := s.CountDownload(ctx, recs[0].id); err != nil {
		t.Fatal(err)
	}
	if version() != v {
		t.Fatal("a download changed the search version")
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := s.db.Exec(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`UPDATE lib_record SET deleted_at = ? WHERE id = ?`, time.Now().UTC(), recs[1].id)
	if r := search(); r.Total != 29 || version() == v {
		t.Fatalf("after a delete: %d", r.Total)
	}
	v = version()
	exec(`INSERT INTO lib_tag (name, color, sort, created_at, updated_at) VALUES ('t', '', 0, ?, ?)`, time.Now().UTC(), time.Now().UTC())
	if version() != v {
		t.Fatal("a new tag changed the search version")
	}
	exec(`INSERT INTO lib_record_tag (record_id, tag_id) SELECT ?, id FROM lib_tag`, recs[2].id)
	if r := search(); version() == v || len(r.Facets.Tag) != 1 || r.Facets.Tag[0].Count != 1 {
		t.Fatalf("after tagging: %+v", r.Facets.Tag)
	}
	v = version()
	exec(`UPDATE lib_tag SET deleted_at = ?`, time.Now().UTC())
	if r := search(); version() == v || len(r.Facets.Tag) != 0 {
		t.Fatalf("after deleting the tag: %+v", r.Facets.Tag)
	}
	v = version()
	exec(`UPDATE lib_record SET unit_code = '100104' WHERE id = ?`, recs[3].id)
	if r := search(); version() == v || len(r.Facets.Unit) != 1 || r.Facets.Unit[0].Label != "100104" {
		t.Fatalf("after a unit change: %+v", r.Facets.Unit)
	}
	exec(`INSERT INTO lib_record (type, title, status, search_text, created_at, updated_at) VALUES ('honor', 'x', 'published', 'x', ?, ?)`, time.Now().UTC(), time.Now().UTC())
	if r := search(); r.Total != 30 {
		t.Fatalf("after an insert: %d", r.Total)
	}
}
