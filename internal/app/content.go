package app

import (
	"context"
	"fmt"

	"biddesk/internal/auth"
	"biddesk/internal/content"
	"biddesk/internal/files"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/portal"
)

// The learning content (internal/content) declares what it needs of the files, dictionaries and portal areas;
// these adapters give it the banner uploads (its covers), the audit dictionary and the portal's banners.

type contentFiles struct{ files *files.Service }

func (f contentFiles) BannerImage(ctx context.Context, q db.Querier, url string) (int64, error) {
	file, err := f.files.BannerByURL(ctx, q, url)
	if err != nil {
		return 0, err
	}
	return file.ID, nil
}

// SetCover makes the cover the record's only file: any banner upload may be used by a course manager; the
// cover it replaces is removed (with a business-log line).
func (f contentFiles) SetCover(ctx context.Context, tx *db.Tx, recordType string, recordID, fileID int64) error {
	var ids []int64
	if fileID != 0 {
		ids = []int64{fileID}
	}
	return f.files.SetFiles(ctx, tx, files.Owner{Any: true}, content.Screen, recordType, recordID, ids...)
}

// contentBanners adds a portal banner for the selector. An image that a course, a topic or another banner
// already owns is copied to a new banner upload first: a banner owns its image (it is removed with it).
type contentBanners struct {
	files  *files.Service
	portal *portal.Service
	db     *db.DB
}

func (b contentBanners) AddBanner(ctx context.Context, title, imageURL, linkURL string, sort int) (int64, error) {
	copied := int64(0)
	if file, err := b.files.BannerByURL(ctx, b.db, imageURL); err == nil && file.RecordType != "" {
		rc, _, err := b.files.Open(ctx, file)
		if err != nil {
			return 0, err
		}
		var userID int64
		if p := auth.PrincipalFrom(ctx); p != nil {
			userID = p.UserID
		}
		cp, err := b.files.SaveBanner(ctx, file.Name, userID, rc)
		rc.Close()
		if err != nil {
			return 0, fmt.Errorf("copy banner image: %w", err)
		}
		imageURL, copied = cp.URL, cp.ID
	}
	id, err := b.portal.AddBanner(ctx, portal.BannerForm{Title: title, ImageURL: imageURL, LinkURL: linkURL, Sort: sort, Enabled: 1})
	if err != nil && copied != 0 {
		b.files.Discard(ctx, copied)
	}
	return id, err
}

// contentDict reads a dictionary's items from the dictionary cache.
func (a *App) contentDict(ctx context.Context, q db.Querier, code string) ([]content.DictItem, error) {
	e, err := a.Dict.LookupIn(ctx, q, code)
	if err != nil || e == nil {
		return nil, err
	}
	out := make([]content.DictItem, 0, len(e.ChildDict))
	for _, c := range e.ChildDict {
		out = append(out, content.DictItem{Key: c.Key, Value: c.Value, IsDefault: c.IsDefault})
	}
	return out, nil
}

// contentOrg gives a push the names of active units and employees (the picker's codes).
type contentOrg struct{ org *org.Store }

func (o contentOrg) UnitNames(ctx context.Context, codes []string) (map[string]string, error) {
	out := map[string]string{}
	for _, c := range codes {
		if _, done := out[c]; done || c == "" {
			continue
		}
		u, err := o.org.Unit(ctx, c)
		if err != nil {
			return nil, err
		}
		if u != nil && u.InStatus == 1 {
			out[c] = u.UnitName
		}
	}
	return out, nil
}

func (o contentOrg) EmployeeNames(ctx context.Context, codes []string) (map[string]string, error) {
	out := map[string]string{}
	if len(codes) == 0 {
		return out, nil
	}
	refs, err := o.org.EmployeesByCode(ctx, codes)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out[r.Code] = r.Name
	}
	return out, nil
}

func (a *App) contentService() *content.Service {
	return content.NewService(a.DB, contentFiles{a.Files}, a.contentDict, contentBanners{files: a.Files, portal: a.Portal, db: a.DB}, contentOrg{a.Org})
}
