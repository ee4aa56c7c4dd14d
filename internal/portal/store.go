package portal

import (
	"context"
	"database/sql"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

/* ---------- banners ---------- */

const bannerSelect = `b.id, b.title, b.image_url, b.link_url, b.sort, b.publish_from, b.publish_to, b.enabled, b.created_at, b.updated_at,
	COALESCE(u.user_name, '')`

const bannerFrom = `portal_banner b LEFT JOIN sys_user u ON u.id = b.updated_by`

func scanBanner(row interface{ Scan(...any) error }) (Banner, error) {
	var b Banner
	var from, to sql.NullString
	if err := row.Scan(&b.ID, &b.Title, &b.ImageURL, &b.LinkURL, &b.Sort, &from, &to, &b.Enabled, &b.CreatedAt, &b.UpdatedAt, &b.UpdatedBy); err != nil {
		return b, err
	}
	b.PublishFrom, b.PublishTo = from.String, to.String
	b.CreatedAt, b.UpdatedAt = b.CreatedAt.UTC(), b.UpdatedAt.UTC()
	b.State = b.stateOn(today(time.Now()))
	return b, nil
}

var switchValues = map[string]any{"1": 1, "0": 0}

// bannerSpec: live banners, searched by title (keywords or title) and the enabled switch; by sort, then
// oldest first, or by title, the window or the time of the last change.
var bannerSpec = &list.Spec{
	Select:    bannerSelect,
	From:      bannerFrom,
	CountFrom: `portal_banner b`,
	Where:     `b.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "keywords", Columns: []string{"b.title"}, Kind: list.Keyword},
		{Param: "title", Column: "b.title", Kind: list.Contains},
		{Param: "enabled", Column: "b.enabled", Kind: list.Exact, Map: list.OneOf("enabled", switchValues)},
	},
	Sorts: map[string]string{"sort": "b.sort", "title": "b.title", "publishFrom": "b.publish_from", "publishTo": "b.publish_to",
		"updatedAt": "b.updated_at", "id": "b.id"},
	DefaultSort: "b.sort ASC",
	TieBreak:    "b.id ASC",
}

func oneBanner(ctx context.Context, q db.Querier, id int64) (Banner, error) {
	b, err := scanBanner(q.QueryRow(ctx, `SELECT `+bannerSelect+` FROM `+bannerFrom+` WHERE b.id = ? AND b.deleted_at IS NULL`, id))
	if db.IsNoRows(err) {
		return b, httpx.Fail("portal.banner.not_found")
	}
	return b, err
}

// enabledBanners are the live, enabled banners by sort (the home page filters them by their window).
func enabledBanners(ctx context.Context, d *db.DB) ([]Banner, error) {
	return list.All(ctx, d, scanBanner, `SELECT `+bannerSelect+` FROM `+bannerFrom+` WHERE b.deleted_at IS NULL AND b.enabled = 1 ORDER BY b.sort, b.id`)
}

func nullDate(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func insertBanner(ctx context.Context, tx *db.Tx, f BannerForm, userID any, now time.Time) (int64, error) {
	return tx.Insert(ctx, `INSERT INTO portal_banner (title, image_url, link_url, sort, publish_from, publish_to, enabled, created_by, created_at, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, f.Title, f.ImageURL, f.LinkURL, f.Sort, nullDate(f.PublishFrom), nullDate(f.PublishTo), f.Enabled,
		userID, now, userID, now)
}

func updateBanner(ctx context.Context, tx *db.Tx, id int64, f BannerForm, userID any, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE portal_banner SET title = ?, image_url = ?, link_url = ?, sort = ?, publish_from = ?, publish_to = ?, enabled = ?,
		updated_by = ?, updated_at = ? WHERE id = ?`, f.Title, f.ImageURL, f.LinkURL, f.Sort, nullDate(f.PublishFrom), nullDate(f.PublishTo), f.Enabled,
		userID, now, id)
	return err
}

/* ---------- quick links ---------- */

const linkSelect = `l.id, l.title, l.url, l.icon, l.sort, l.new_tab, l.created_at, l.updated_at, COALESCE(u.user_name, '')`

const linkFrom = `portal_link l LEFT JOIN sys_user u ON u.id = l.updated_by`

func scanLink(row interface{ Scan(...any) error }) (Link, error) {
	var l Link
	if err := row.Scan(&l.ID, &l.Title, &l.URL, &l.Icon, &l.Sort, &l.NewTab, &l.CreatedAt, &l.UpdatedAt, &l.UpdatedBy); err != nil {
		return l, err
	}
	l.CreatedAt, l.UpdatedAt = l.CreatedAt.UTC(), l.UpdatedAt.UTC()
	return l, nil
}

// linkSpec: live quick links, searched by title or address (keywords), title and icon; by sort, then oldest first.
var linkSpec = &list.Spec{
	Select:    linkSelect,
	From:      linkFrom,
	CountFrom: `portal_link l`,
	Where:     `l.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "keywords", Columns: []string{"l.title", "l.url"}, Kind: list.Keyword},
		{Param: "title", Column: "l.title", Kind: list.Contains},
		{Param: "icon", Column: "l.icon", Kind: list.Exact},
	},
	Sorts:       map[string]string{"sort": "l.sort", "title": "l.title", "updatedAt": "l.updated_at", "id": "l.id"},
	DefaultSort: "l.sort ASC",
	TieBreak:    "l.id ASC",
}

func oneLink(ctx context.Context, q db.Querier, id int64) (Link, error) {
	l, err := scanLink(q.QueryRow(ctx, `SELECT `+linkSelect+` FROM `+linkFrom+` WHERE l.id = ? AND l.deleted_at IS NULL`, id))
	if db.IsNoRows(err) {
		return l, httpx.Fail("portal.link.not_found")
	}
	return l, err
}

func liveLinks(ctx context.Context, d *db.DB) ([]Link, error) {
	return list.All(ctx, d, scanLink, `SELECT `+linkSelect+` FROM `+linkFrom+` WHERE l.deleted_at IS NULL ORDER BY l.sort, l.id`)
}

/* ---------- sections ---------- */

type sectionRow struct {
	key     string
	visible bool
}

// storedSections reads the configured order; keys the code no longer knows are dropped, keys it added since
// are appended hidden.
func storedSections(ctx context.Context, d *db.DB) ([]sectionRow, error) {
	rows, err := list.All(ctx, d, func(row interface{ Scan(...any) error }) (sectionRow, error) {
		var r sectionRow
		var v int
		err := row.Scan(&r.key, &v)
		r.visible = v == 1
		return r, err
	}, `SELECT section_key, visible FROM portal_section ORDER BY sort, section_key`)
	if err != nil {
		return nil, err
	}
	return completeSections(rows, len(rows) == 0), nil
}

// completeSections keeps the known keys of rows once each, in order, and appends the missing ones (visible
// only when nothing was configured at all).
func completeSections(rows []sectionRow, visibleMissing bool) []sectionRow {
	known := map[string]bool{}
	for _, k := range SectionKeys {
		known[k] = true
	}
	seen := map[string]bool{}
	out := make([]sectionRow, 0, len(SectionKeys))
	for _, r := range rows {
		if known[r.key] && !seen[r.key] {
			seen[r.key] = true
			out = append(out, r)
		}
	}
	for _, k := range SectionKeys {
		if !seen[k] {
			out = append(out, sectionRow{key: k, visible: visibleMissing})
		}
	}
	return out
}
