package portal

import (
	"context"
	"fmt"
	"sync"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Library type keys the portal's own queries name: message to-dos and announcements are the messages.
const (
	typeMessage      = "message"
	typeAnnouncement = "announcement"
)

// How many records each list of the home page shows.
const (
	HomeAnnouncementCount = 5
	HomeMessageCount      = 5
	HomeRecentCount       = 6
	HomePopularCount      = 6
)

// Home is GET /api/portal/home for p: the sections in order and the data of the visible ones, each within
// what p may see. Banners, links and sections come from the cache; the rest is a handful of queries (the
// counts by type, the ids of the three lists, their hits, the unread count and newest messages, the pack).
func (s *Service) Home(ctx context.Context, p *auth.Principal, lang string) (_ *Home, err error) {
	defer errs.Wrap(&err, "portal: home")
	c, err := s.layout(ctx)
	if err != nil {
		return nil, err
	}
	h := &Home{Sections: sectionsView(c.sections, lang), Banners: []HomeBanner{}, Links: []HomeLink{}, Counts: []Count{},
		Announcements: []Hit{}, Recent: []Hit{}, Popular: []Hit{}, Messages: HomeMessages{Records: []Message{}}}
	show := map[string]bool{}
	for _, sec := range c.sections {
		show[sec.key] = sec.visible
	}
	day := today(s.now())
	if show[SecBanners] {
		for _, b := range c.banners {
			if b.stateOn(day) == StateActive {
				h.Banners = append(h.Banners, HomeBanner{ID: b.ID, Title: b.Title, ImageURL: b.ImageURL, LinkURL: b.LinkURL})
			}
		}
	}
	if show[SecLinks] {
		for _, l := range c.links {
			h.Links = append(h.Links, HomeLink{ID: l.ID, Title: l.Title, URL: l.URL, Icon: l.Icon, NewTab: l.NewTab})
		}
	}
	scope, sargs, err := s.lib.Scope(ctx, p)
	if err != nil {
		return nil, err
	}
	types := s.lib.Types(lang)
	if show[SecCounts] {
		if h.Counts, err = s.counts(ctx, p, scope, sargs, types); err != nil {
			return nil, err
		}
	}
	if err := s.homeLists(ctx, p, h, show, scope, sargs, lang); err != nil {
		return nil, err
	}
	in := s.inbox(p, scope, sargs, tabsOf(types), lang)
	if h.Messages.Unread, err = s.unread(ctx, in); err != nil {
		return nil, err
	}
	if show[SecMessages] {
		if h.Messages.Records, err = s.messages(ctx, in, "1=1", nil, HomeMessageCount, 0); err != nil {
			return nil, err
		}
	}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM portal_pack WHERE user_id = ?`, p.UserID).Scan(&h.Pack.Count); err != nil {
		return nil, err
	}
	return h, nil
}

func tabsOf(types []TypeInfo) map[string]string {
	m := make(map[string]string, len(types))
	for _, t := range types {
		m[t.Key] = t.Tab
	}
	return m
}

// CountsFor is how long the home page's counts of one visibility are reused: counting every visible record
// is the one part of the home page that grows with the library (tens of milliseconds at 80,000 records), and
// a count a few seconds old is as good on a landing page.
const CountsFor = 30 * time.Second

// countCache keeps the counts by type of each visibility (the scope's SQL and arguments: users whose data rules
// see the same units share one entry; the arguments hold the day, so a new day is a new entry).
type countCache struct {
	mu sync.Mutex
	m  map[string]countEntry
}

type countEntry struct {
	at time.Time
	n  map[string]int
}

// maxCountEntries bounds the cache; expired entries are dropped when it is reached.
const maxCountEntries = 512

func (c *countCache) get(key string, now time.Time) (map[string]int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[key]
	if !ok || now.Sub(e.at) >= CountsFor || now.Before(e.at) {
		return nil, false
	}
	return e.n, true
}

func (c *countCache) put(key string, n map[string]int, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCountEntries {
		fresh := map[string]countEntry{}
		for k, e := range c.m {
			if now.Sub(e.at) < CountsFor {
				fresh[k] = e
			}
		}
		if len(fresh) >= maxCountEntries {
			fresh = map[string]countEntry{}
		}
		c.m = fresh
	}
	c.m[key] = countEntry{at: now, n: n}
}

// counts are how many materials of each portal type (announcements aside) p may see, in the types' order;
// scope and args (what p sees) key the cache.
func (s *Service) counts(ctx context.Context, p *auth.Principal, scope string, args []any, types []TypeInfo) ([]Count, error) {
	key := scope + "\x00" + fmt.Sprint(args...)
	now := s.now()
	n, ok := s.countCache.get(key, now)
	if !ok {
		var err error
		if n, err = s.lib.Counts(ctx, p); err != nil {
			return nil, err
		}
		s.countCache.put(key, n, now)
	}
	out := make([]Count, 0, len(types))
	for _, t := range types {
		if t.Key != typeAnnouncement {
			out = append(out, Count{Type: t.Key, Tab: t.Tab, Name: t.Name, Count: n[t.Key]})
		}
	}
	return out, nil
}

// homeLists fills the announcements (live, pinned first, newest), the recent materials (newest) and the
// popular ones (most downloaded, at least once) of the visible sections: their ids in one short statement each
// (each walks an index and stops after its few rows; a UNION of them makes the planners give that up), then
// their hits in one call.
func (s *Service) homeLists(ctx context.Context, p *auth.Principal, h *Home, show map[string]bool, scope string, sargs []any, lang string) error {
	lists := map[string][]int64{}
	var ids []int64
	seen := map[int64]bool{}
	read := func(key, cond string, cargs []any, order string, limit int) error {
		return db.EachRow(ctx, s.db, `SELECT r.id FROM lib_record r WHERE `+scope+` AND `+cond+` ORDER BY `+order+` LIMIT `+itoa(limit),
			append(append([]any{}, sargs...), cargs...), func(row interface{ Scan(...any) error }) error {
				var id int64
				if err := row.Scan(&id); err != nil {
					return err
				}
				lists[key] = append(lists[key], id)
				if !seen[id] {
					seen[id] = true
					ids = append(ids, id)
				}
				return nil
			})
	}
	if show[SecAnnouncements] {
		if err := read(SecAnnouncements, "r.type = ?", []any{typeAnnouncement}, "r.pinned DESC, COALESCE(r.reviewed_at, r.created_at) DESC, r.id DESC", HomeAnnouncementCount); err != nil {
			return err
		}
	}
	if show[SecRecent] {
		if err := read(SecRecent, "r.type <> ?", []any{typeAnnouncement}, "r.created_at DESC, r.id DESC", HomeRecentCount); err != nil {
			return err
		}
	}
	if show[SecPopular] {
		if err := read(SecPopular, "r.type <> ? AND r.downloads > 0", []any{typeAnnouncement}, "r.downloads DESC, r.id DESC", HomePopularCount); err != nil {
			return err
		}
	}
	if len(ids) == 0 {
		return nil
	}
	hits, err := s.lib.Hits(ctx, p, ids, lang)
	if err != nil {
		return err
	}
	byID := make(map[int64]Hit, len(hits))
	for _, hit := range hits {
		byID[hit.ID] = hit
	}
	pick := func(k string) []Hit {
		out := []Hit{}
		for _, id := range lists[k] {
			if hit, ok := byID[id]; ok {
				out = append(out, hit)
			}
		}
		return out
	}
	h.Announcements, h.Recent, h.Popular = pick(SecAnnouncements), pick(SecRecent), pick(SecPopular)
	return nil
}
