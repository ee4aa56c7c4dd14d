package portal

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// Topic is the change-bus topic of what /gatewaymanager configures: a write through any instance reloads
// every instance's cached banners, links and sections.
const Topic = "portal"

// AuditModule is the business-log module of the portal's own writes that change a library record (a
// message to-do marked read): the library's message to-do screen, whose reads log there too, so the business
// log names the module as it names the library's (a menu's name; the portal code has no menu).
const AuditModule = "expert_talents2_message"

// Limits of portal management.
const (
	MaxBannerTitle = 100
	MaxLinkTitle   = 30
	MaxSort        = 9999
	// MaxPack is how many records a bid pack holds.
	MaxPack = 100
)

// Service holds the rules of the portal.
type Service struct {
	db    *db.DB
	lib   Library
	files Files
	bus   *changes.Bus
	now   func() time.Time

	mu     sync.Mutex
	gen    uint64  // bumped by every invalidation
	cached *layout // nil until loaded, and after a change

	countCache countCache
}

// layout is what the home page shows of /gatewaymanager's configuration, cached per instance.
type layout struct {
	sections []sectionRow
	banners  []Banner // live and enabled, by sort
	links    []Link
}

// NewService wires the portal.
func NewService(d *db.DB, lib Library, files Files) *Service {
	return &Service{db: d, lib: lib, files: files, now: time.Now}
}

// Watch makes writes go through the change bus, and reloads the cache when another instance changed the
// portal's configuration.
func (s *Service) Watch(b *changes.Bus) {
	s.bus = b
	b.Subscribe(Topic, func(context.Context) error { s.invalidate(); return nil })
}

func (s *Service) invalidate() {
	s.mu.Lock()
	s.gen++
	s.cached = nil
	s.mu.Unlock()
}

// layout returns the cached configuration, loading it when needed. A load that raced with a change is used
// for this call but not kept.
func (s *Service) layout(ctx context.Context) (*layout, error) {
	s.mu.Lock()
	c, gen := s.cached, s.gen
	s.mu.Unlock()
	if c != nil {
		return c, nil
	}
	sections, err := storedSections(ctx, s.db)
	if err != nil {
		return nil, err
	}
	banners, err := enabledBanners(ctx, s.db)
	if err != nil {
		return nil, err
	}
	links, err := liveLinks(ctx, s.db)
	if err != nil {
		return nil, err
	}
	c = &layout{sections: sections, banners: banners, links: links}
	s.mu.Lock()
	if s.gen == gen {
		s.cached = c
	}
	s.mu.Unlock()
	return c, nil
}

// write runs fn in one transaction as a change of Topic; the cache is dropped before it returns.
func (s *Service) write(ctx context.Context, fn func(*db.Tx) error) error {
	if s.bus != nil {
		return s.bus.Write(ctx, Topic, fn)
	}
	if err := s.db.InTx(ctx, fn); err != nil {
		return err
	}
	s.invalidate()
	return nil
}

// today is the date in the server's time zone (dates carry no zone), YYYY-MM-DD.
func today(now time.Time) string { return now.Local().Format(dateLayout) }

const dateLayout = "2006-01-02"

func userArg(ctx context.Context) any {
	if p := auth.PrincipalFrom(ctx); p != nil && p.UserID != 0 {
		return p.UserID
	}
	return nil
}

/* ---------- banners ---------- */

// BannerForm is what the banner dialog sends.
type BannerForm struct {
	Title, ImageURL, LinkURL string
	Sort                     int
	PublishFrom, PublishTo   string
	Enabled                  int
}

func checkDate(s, key string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		if t2, err2 := time.Parse(time.RFC3339, s); err2 == nil {
			return t2.Local().Format(dateLayout), nil // a date picker's full time: its day here
		}
		return "", httpx.Fail(key)
	}
	return t.Format(dateLayout), nil
}

func checkSort(n int) error {
	if n < 0 || n > MaxSort {
		return httpx.Fail("portal.bad_sort", MaxSort)
	}
	return nil
}

func (f *BannerForm) check() error {
	f.Title, f.ImageURL, f.LinkURL = strings.TrimSpace(f.Title), strings.TrimSpace(f.ImageURL), strings.TrimSpace(f.LinkURL)
	var err error
	switch {
	case f.Title == "":
		return httpx.Fail("portal.banner.title_required")
	case utf8.RuneCountInString(f.Title) > MaxBannerTitle:
		return httpx.Fail("portal.banner.title_too_long", MaxBannerTitle)
	case f.ImageURL == "":
		return httpx.Fail("portal.banner.image_required")
	case f.LinkURL != "" && !validate.LinkURL(f.LinkURL):
		return httpx.Fail("portal.banner.bad_link")
	case f.Enabled != 0 && f.Enabled != 1:
		return httpx.Fail("portal.bad_enabled")
	}
	if err := checkSort(f.Sort); err != nil {
		return err
	}
	if f.PublishFrom, err = checkDate(f.PublishFrom, "portal.banner.bad_from"); err != nil {
		return err
	}
	if f.PublishTo, err = checkDate(f.PublishTo, "portal.banner.bad_to"); err != nil {
		return err
	}
	if f.PublishFrom != "" && f.PublishTo != "" && f.PublishTo < f.PublishFrom {
		return httpx.Fail("portal.banner.bad_window")
	}
	return nil
}

// image checks, inside tx, that the image is a ready banner upload; it returns its file id.
func (s *Service) image(ctx context.Context, tx *db.Tx, url string) (int64, error) {
	id, err := s.files.BannerImage(ctx, tx, url)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			return 0, httpx.Fail("portal.banner.bad_image")
		}
		return 0, err
	}
	return id, nil
}

// AddBanner creates a banner; it returns the new id.
func (s *Service) AddBanner(ctx context.Context, f BannerForm) (_ int64, err error) {
	defer errs.Wrap(&err, "portal: add banner")
	if err := f.check(); err != nil {
		return 0, err
	}
	var id int64
	err = s.write(ctx, func(tx *db.Tx) error {
		fileID, err := s.image(ctx, tx, f.ImageURL)
		if err != nil {
			return err
		}
		if id, err = insertBanner(ctx, tx, f, userArg(ctx), s.now().UTC()); err != nil {
			return err
		}
		if err := s.files.LinkBanner(ctx, tx, id, fileID); err != nil {
			return err
		}
		after, err := oneBanner(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.Create, TargetID: id, Target: f.Title, After: after})
	})
	return id, err
}

// EditBanner changes a banner.
func (s *Service) EditBanner(ctx context.Context, id int64, f BannerForm) (err error) {
	defer errs.Wrap(&err, "portal: edit banner %d", id)
	if err := f.check(); err != nil {
		return err
	}
	return s.write(ctx, func(tx *db.Tx) error {
		cur, err := oneBanner(ctx, tx, id)
		if err != nil {
			return err
		}
		fileID, err := s.image(ctx, tx, f.ImageURL)
		if err != nil {
			return err
		}
		if err := updateBanner(ctx, tx, id, f, userArg(ctx), s.now().UTC()); err != nil {
			return err
		}
		if f.ImageURL != cur.ImageURL {
			if err := s.files.LinkBanner(ctx, tx, id, fileID); err != nil {
				return err
			}
		}
		after, err := oneBanner(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.Update, TargetID: id, Target: f.Title, Before: cur, After: after})
	})
}

// DeleteBanners removes banners softly (the rows and their images stay), with a business-log line each.
func (s *Service) DeleteBanners(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "portal: delete banners %v", ids)
	return softDelete(ctx, s, "portal_banner", ids, oneBanner, func(b Banner) string { return b.Title })
}

// softDelete marks rows of a table of this area deleted, each with a business-log line naming it by title.
func softDelete[T any](ctx context.Context, s *Service, table string, ids []int64, one func(context.Context, db.Querier, int64) (T, error), title func(T) string) error {
	return s.write(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for _, id := range ids {
			cur, err := one(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE `+table+` SET deleted_at = ?, deleted_by = ? WHERE id = ?`, now, userArg(ctx), id); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.Delete, TargetID: id, Target: title(cur), Before: cur}); err != nil {
				return err
			}
		}
		return nil
	})
}

// BannerState switches banners on (1) or off (0).
func (s *Service) BannerState(ctx context.Context, ids []int64, state int) (err error) {
	defer errs.Wrap(&err, "portal: banner state %v", ids)
	if state != 0 && state != 1 {
		return httpx.Fail("portal.bad_enabled")
	}
	return s.write(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for _, id := range ids {
			cur, err := oneBanner(ctx, tx, id)
			if err != nil {
				return err
			}
			if cur.Enabled == state {
				continue
			}
			if _, err := tx.Exec(ctx, `UPDATE portal_banner SET enabled = ?, updated_by = ?, updated_at = ? WHERE id = ?`, state, userArg(ctx), now, id); err != nil {
				return err
			}
			after, err := oneBanner(ctx, tx, id)
			if err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.EnableOrDisable(state), TargetID: id, Target: cur.Title,
				Before: cur, After: after}); err != nil {
				return err
			}
		}
		return nil
	})
}

/* ---------- quick links ---------- */

// LinkForm is what the quick-link dialog sends.
type LinkForm struct {
	Title, URL, Icon string
	Sort, NewTab     int
}

var iconSet = func() map[string]bool {
	m := map[string]bool{}
	for _, i := range Icons {
		m[i] = true
	}
	return m
}()

func (f *LinkForm) check() error {
	f.Title, f.URL, f.Icon = strings.TrimSpace(f.Title), strings.TrimSpace(f.URL), strings.TrimSpace(f.Icon)
	if f.Icon == "" {
		f.Icon = DefaultIcon
	}
	switch {
	case f.Title == "":
		return httpx.Fail("portal.link.title_required")
	case utf8.RuneCountInString(f.Title) > MaxLinkTitle:
		return httpx.Fail("portal.link.title_too_long", MaxLinkTitle)
	case f.URL == "":
		return httpx.Fail("portal.link.url_required")
	case !validate.LinkURL(f.URL):
		return httpx.Fail("portal.link.bad_url")
	case !iconSet[f.Icon]:
		return httpx.Fail("portal.link.bad_icon")
	case f.NewTab != 0 && f.NewTab != 1:
		return httpx.Fail("portal.link.bad_new_tab")
	}
	return checkSort(f.Sort)
}

// AddLink creates a quick link; it returns the new id.
func (s *Service) AddLink(ctx context.Context, f LinkForm) (_ int64, err error) {
	defer errs.Wrap(&err, "portal: add link")
	if err := f.check(); err != nil {
		return 0, err
	}
	var id int64
	err = s.write(ctx, func(tx *db.Tx) error {
		now, who := s.now().UTC(), userArg(ctx)
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO portal_link (title, url, icon, sort, new_tab, created_by, created_at, updated_by, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, f.Title, f.URL, f.Icon, f.Sort, f.NewTab, who, now, who, now)
		if err != nil {
			return err
		}
		after, err := oneLink(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.Create, TargetID: id, Target: f.Title, After: after})
	})
	return id, err
}

// EditLink changes a quick link.
func (s *Service) EditLink(ctx context.Context, id int64, f LinkForm) (err error) {
	defer errs.Wrap(&err, "portal: edit link %d", id)
	if err := f.check(); err != nil {
		return err
	}
	return s.write(ctx, func(tx *db.Tx) error {
		cur, err := oneLink(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE portal_link SET title = ?, url = ?, icon = ?, sort = ?, new_tab = ?, updated_by = ?, updated_at = ? WHERE id = ?`,
			f.Title, f.URL, f.Icon, f.Sort, f.NewTab, userArg(ctx), s.now().UTC(), id); err != nil {
			return err
		}
		after, err := oneLink(ctx, tx, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.Update, TargetID: id, Target: f.Title, Before: cur, After: after})
	})
}

// DeleteLinks removes quick links softly, with a business-log line each.
func (s *Service) DeleteLinks(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "portal: delete links %v", ids)
	return softDelete(ctx, s, "portal_link", ids, oneLink, func(l Link) string { return l.Title })
}

/* ---------- sections ---------- */

func sectionsView(rows []sectionRow, lang string) []Section {
	out := make([]Section, len(rows))
	for i, r := range rows {
		out[i] = Section{Key: r.key, Name: httpx.Translate(lang, "portal.section."+r.key), Visible: r.visible}
	}
	return out
}

// Sections are the home page's sections in order, with their names in lang.
func (s *Service) Sections(ctx context.Context, lang string) (_ []Section, err error) {
	defer errs.Wrap(&err, "portal: sections")
	c, err := s.layout(ctx)
	if err != nil {
		return nil, err
	}
	return sectionsView(c.sections, lang), nil
}

// SectionInput is one entry of a section save.
type SectionInput struct {
	Key     string `json:"key"`
	Visible bool   `json:"visible"`
}

// SaveSections stores the order and visibility of the sections: the list's order is the page's; an unknown
// or repeated key is refused; a key the list leaves out is appended hidden.
func (s *Service) SaveSections(ctx context.Context, in []SectionInput) (err error) {
	defer errs.Wrap(&err, "portal: save sections")
	if len(in) == 0 {
		return httpx.Fail("portal.section.required")
	}
	known := map[string]bool{}
	for _, k := range SectionKeys {
		known[k] = true
	}
	seen := map[string]bool{}
	rows := make([]sectionRow, 0, len(SectionKeys))
	for _, e := range in {
		k := strings.TrimSpace(e.Key)
		switch {
		case !known[k]:
			return httpx.Fail("portal.section.unknown", k)
		case seen[k]:
			return httpx.Fail("portal.section.twice", k)
		}
		seen[k] = true
		rows = append(rows, sectionRow{key: k, visible: e.Visible})
	}
	rows = completeSections(rows, false)
	return s.write(ctx, func(tx *db.Tx) error {
		before, err := storedSectionsTx(ctx, tx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM portal_section`); err != nil {
			return err
		}
		now, who := s.now().UTC(), userArg(ctx)
		for i, r := range rows {
			v := 0
			if r.visible {
				v = 1
			}
			if _, err := tx.Exec(ctx, `INSERT INTO portal_section (section_key, visible, sort, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)`,
				r.key, v, i+1, who, now); err != nil {
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunManage, Action: audit.Update, TargetID: "sections",
			Target: httpx.Translate(httpx.LangZH, "portal.section.target"), Before: sectionsView(before, httpx.LangZH), After: sectionsView(rows, httpx.LangZH)})
	})
}

func storedSectionsTx(ctx context.Context, tx *db.Tx) ([]sectionRow, error) {
	rows, err := tx.Query(ctx, `SELECT section_key, visible FROM portal_section ORDER BY sort, section_key`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []sectionRow
	for rows.Next() {
		var r sectionRow
		var v int
		if err := rows.Scan(&r.key, &v); err != nil {
			return nil, err
		}
		r.visible = v == 1
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return completeSections(out, len(out) == 0), nil
}

/* ---------- tables of the management lists ---------- */

func yesNo(v int, lang string) any {
	if v == 1 {
		return httpx.Translate(lang, "portal.yes")
	}
	return httpx.Translate(lang, "portal.no")
}

// BannerTable serves GET /api/portal/banner/list and /export.
func BannerTable(d *db.DB) *list.Table[Banner] {
	return &list.Table[Banner]{
		DB: d, Spec: bannerSpec, Scan: scanBanner, File: "portal.banner.file",
		Columns: []list.Column[Banner]{
			{Title: "portal.col.title", Value: func(b Banner, _ string) any { return b.Title }},
			{Title: "portal.col.image", Value: func(b Banner, _ string) any { return b.ImageURL }},
			{Title: "portal.col.link", Value: func(b Banner, _ string) any { return b.LinkURL }},
			{Title: "portal.col.sort", Value: func(b Banner, _ string) any { return b.Sort }},
			{Title: "portal.col.from", Value: func(b Banner, _ string) any { return b.PublishFrom }},
			{Title: "portal.col.to", Value: func(b Banner, _ string) any { return b.PublishTo }},
			{Title: "portal.col.enabled", Value: func(b Banner, lang string) any { return yesNo(b.Enabled, lang) }},
			{Title: "portal.col.state", Value: func(b Banner, lang string) any { return httpx.Translate(lang, "portal.state."+b.State) }},
			{Title: "portal.col.updatedAt", Value: func(b Banner, _ string) any { return b.UpdatedAt }},
			{Title: "portal.col.updatedBy", Value: func(b Banner, _ string) any { return b.UpdatedBy }},
		},
	}
}

// LinkTable serves GET /api/portal/link/list and /export.
func LinkTable(d *db.DB) *list.Table[Link] {
	return &list.Table[Link]{
		DB: d, Spec: linkSpec, Scan: scanLink, File: "portal.link.file",
		Columns: []list.Column[Link]{
			{Title: "portal.col.linkTitle", Value: func(l Link, _ string) any { return l.Title }},
			{Title: "portal.col.url", Value: func(l Link, _ string) any { return l.URL }},
			{Title: "portal.col.icon", Value: func(l Link, _ string) any { return l.Icon }},
			{Title: "portal.col.sort", Value: func(l Link, _ string) any { return l.Sort }},
			{Title: "portal.col.newTab", Value: func(l Link, lang string) any { return yesNo(l.NewTab, lang) }},
			{Title: "portal.col.updatedAt", Value: func(l Link, _ string) any { return l.UpdatedAt }},
			{Title: "portal.col.updatedBy", Value: func(l Link, _ string) any { return l.UpdatedBy }},
		},
	}
}
