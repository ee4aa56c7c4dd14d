package app

import (
	"context"
	"io"

	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/portal"
)

// The portal (internal/portal) declares what it needs of the library and of the files area; these adapters
// give it the library's portal scope and hits, and the banner images and file bytes.

// BannerRecordType is the record type under which internal/files knows a banner's image.
const BannerRecordType = "portal.banner"

type portalLibrary struct{ lib *library.Service }

func (l portalLibrary) Scope(ctx context.Context, p *auth.Principal) (string, []any, error) {
	return l.lib.PortalScope(ctx, p)
}

func (l portalLibrary) Hits(ctx context.Context, p *auth.Principal, ids []int64, lang string) ([]portal.Hit, error) {
	recs, err := l.lib.PortalRecords(ctx, p, ids)
	if err != nil {
		return nil, err
	}
	hits := l.lib.PortalHits(recs, lang)
	out := make([]portal.Hit, len(hits))
	for i, h := range hits {
		refs := make([]portal.FileRef, 0, len(recs[i].Files))
		for _, f := range recs[i].Files {
			refs = append(refs, portal.FileRef{ID: f.ID, Name: f.Name})
		}
		out[i] = portal.Hit{ID: h.ID, Type: h.Type, TypeName: h.TypeName, Title: h.Title, Summary: h.Summary, UnitName: h.UnitName,
			ValidTo: h.ValidTo, Files: refs, View: h}
	}
	return out, nil
}

func (l portalLibrary) Counts(ctx context.Context, p *auth.Principal) (map[string]int, error) {
	return l.lib.PortalCounts(ctx, p)
}

func (l portalLibrary) Types(lang string) []portal.TypeInfo {
	types := library.PortalTypes()
	out := make([]portal.TypeInfo, 0, len(types))
	for _, t := range types {
		out = append(out, portal.TypeInfo{Key: t.Key, Tab: library.TabOf(t.Key), Name: httpx.Translate(lang, t.PortalLabel())})
	}
	return out
}

type portalFiles struct{ files *files.Service }

func (f portalFiles) BannerImage(ctx context.Context, q db.Querier, url string) (int64, error) {
	file, err := f.files.BannerByURL(ctx, q, url)
	if err != nil {
		return 0, err
	}
	return file.ID, nil
}

// LinkBanner makes the image the banner's only file: anyone's banner upload may be used by a portal manager;
// the image it replaces is removed (with a business-log line).
func (f portalFiles) LinkBanner(ctx context.Context, tx *db.Tx, bannerID, fileID int64) error {
	return f.files.SetFiles(ctx, tx, files.Owner{Any: true}, portal.FunManage, BannerRecordType, bannerID, fileID)
}

func (f portalFiles) SaveBanner(ctx context.Context, name string, userID int64, body io.Reader) (string, error) {
	file, err := f.files.SaveBanner(ctx, name, userID, body)
	if err != nil {
		return "", err
	}
	return file.URL, nil
}

func (f portalFiles) Open(ctx context.Context, fileID int64) (io.ReadCloser, error) {
	file, err := f.files.Get(ctx, fileID)
	if err != nil {
		return nil, err
	}
	rc, _, err := f.files.Open(ctx, file)
	return rc, err
}

// Downloaded records a bid-pack download of a library record's file: a line of the download statistics under
// the record's file type, and one download more for the record.
func (f portalFiles) Downloaded(ctx context.Context, fileID, userID int64, recordType string, recordID int64) error {
	t := library.TypeOf(recordType)
	if t == nil {
		return nil
	}
	return f.files.RecordDownload(ctx, fileID, userID, library.FileRecordType(t), recordID)
}

// openPortal wires the portal after the library; its cached configuration follows the change bus.
func (a *App) openPortal(context.Context) error {
	a.Portal = portal.NewService(a.DB, portalLibrary{a.Library}, portalFiles{a.Files})
	a.Portal.Watch(a.Changes)
	return nil
}

// seedPortalDemo writes the demo quick links and, unless the demo goes without files (the Go tests), the demo
// banners with their generated images, entered by 'admin'.
func (a *App) seedPortalDemo(ctx context.Context) error {
	var adminID int64
	if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = 'admin'`).Scan(&adminID); err != nil {
		return err
	}
	return a.Portal.SeedDemo(ctx, adminID, []portal.DemoLink{
		{Title: "帮助中心", URL: a.SysConfig.HelpURL(), Icon: "book", NewTab: 1},
		{Title: "资料检索", URL: "/gatewaySearch", Icon: "search"},
		{Title: "消息待办", URL: "/gatewayMsg", Icon: "notification"},
		{Title: "我的标书包", URL: "/gateway#pack", Icon: "folder"},
		{Title: "企业证照", URL: "/gatewayDetail/enterprise", Icon: "safetycertificate"},
		{Title: "专家人才", URL: "/gatewayDetail/expert", Icon: "team"},
	}, !a.Config.DemoWithoutFiles)
}
