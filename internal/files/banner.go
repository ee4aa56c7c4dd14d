package files

import (
	"context"
	"errors"
	"io"
	"regexp"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/storage"
)

// bannerURLRe is the public address of a banner image: ImagePath, a 32-hex-digit key and its suffix.
var bannerURLRe = regexp.MustCompile(`^` + regexp.QuoteMeta(ImagePath) + `([0-9a-f]{32})\.(png|jpg|jpeg)$`)

// BannerByURL returns the ready banner upload (module banner, a PNG or JPEG) whose public address is url;
// file.not_found when url is not such an address or names no such file (another site's image, a
// document, a deleted upload).
func (s *Service) BannerByURL(ctx context.Context, q db.Querier, url string) (_ *File, err error) {
	defer errs.Wrap(&err, "files: banner by url")
	m := bannerURLRe.FindStringSubmatch(url)
	if m == nil || !storage.ValidKey(m[1]) {
		return nil, httpx.Fail("file.not_found")
	}
	f, err := scanFile(q.QueryRow(ctx, `SELECT `+fileColumns+` FROM sys_file WHERE object_key = ? AND suffix = ? AND module = ? AND state = ?
		AND content_type IN ('image/png', 'image/jpeg')`, m[1], m[2], ModuleBanner, StateReady))
	if db.IsNoRows(err) {
		return nil, httpx.Fail("file.not_found")
	}
	return f, err
}

// SaveBanner stores an image under the banner rules (jpg or png, at most 2 MB, at least 345x150) as a
// banner upload, as POST /api/banner/upload does: for images made by the server (demo banners).
func (s *Service) SaveBanner(ctx context.Context, name string, userID int64, body io.Reader) (_ *File, err error) {
	defer errs.Wrap(&err, "files: save banner %d", userID)
	name, suffix, err := CleanName(name)
	if err != nil {
		return nil, err
	}
	if err := bannerRule.suffix(suffix); err != nil {
		return nil, err
	}
	sp, err := s.spool(body, bannerRule.maxBytes)
	if errors.Is(err, errTooLarge) {
		return nil, bannerRule.tooLarge
	}
	if err != nil {
		return nil, err
	}
	defer sp.close()
	f, _, err := s.store(ctx, sp, meta{name: name, suffix: suffix, module: ModuleBanner, userID: userID}, bannerRule)
	return f, err
}
