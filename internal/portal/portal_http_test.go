package portal_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
	"biddesk/internal/library"
	"biddesk/internal/platform/config"
)

// The portal's home page, messages, bid pack and management (docs/portal.md), through the HTTP API.

type bannerRec struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	ImageURL    string `json:"imageUrl"`
	LinkURL     string `json:"linkUrl"`
	Sort        int    `json:"sort"`
	PublishFrom string `json:"publishFrom"`
	PublishTo   string `json:"publishTo"`
	Enabled     int    `json:"enabled"`
	State       string `json:"state"`
	UpdatedBy   string `json:"updatedBy"`
}

type quickLinkRec struct {
	ID     int64  `json:"id"`
	Title  string `json:"title"`
	URL    string `json:"url"`
	Icon   string `json:"icon"`
	Sort   int    `json:"sort"`
	NewTab int    `json:"newTab"`
}

type sectionRec struct {
	Key     string `json:"key"`
	Name    string `json:"name"`
	Visible bool   `json:"visible"`
}

type portalHitRec struct {
	ID        int64  `json:"id"`
	Type      string `json:"type"`
	TypeName  string `json:"typeName"`
	Tab       string `json:"tab"`
	Title     string `json:"title"`
	Summary   string `json:"summary"`
	UnitName  string `json:"unitName"`
	ValidTo   string `json:"validTo"`
	Downloads int64  `json:"downloads"`
	FileCount int    `json:"fileCount"`
	Gone      bool   `json:"gone"`
}

type messageRec struct {
	ID      int64  `json:"id"`
	Kind    string `json:"kind"`
	Title   string `json:"title"`
	Content string `json:"content"`
	State   string `json:"state"`
	RefType string `json:"refType"`
	RefID   int64  `json:"refId"`
	RefTab  string `json:"refTab"`
}

type messagePage struct {
	Records []messageRec `json:"records"`
	Total   int          `json:"total"`
	Pages   int          `json:"pages"`
	Unread  int          `json:"unread"`
}

type homeRec struct {
	Sections []sectionRec `json:"sections"`
	Banners  []struct {
		ID       int64  `json:"id"`
		Title    string `json:"title"`
		ImageURL string `json:"imageUrl"`
		LinkURL  string `json:"linkUrl"`
	} `json:"banners"`
	Links  []quickLinkRec `json:"links"`
	Counts []struct {
		Type  string `json:"type"`
		Tab   string `json:"tab"`
		Name  string `json:"name"`
		Count int    `json:"count"`
	} `json:"counts"`
	Announcements []portalHitRec `json:"announcements"`
	Messages      struct {
		Unread  int          `json:"unread"`
		Records []messageRec `json:"records"`
	} `json:"messages"`
	Recent  []portalHitRec `json:"recent"`
	Popular []portalHitRec `json:"popular"`
	Pack    struct {
		Count int `json:"count"`
	} `json:"pack"`
}

func home(e *apptest.Env, tok string) homeRec {
	e.T.Helper()
	var h homeRec
	e.Done("GET", "/api/portal/home", tok, nil, &h)
	return h
}

func (h homeRec) bannerTitles() string {
	var out []string
	for _, b := range h.Banners {
		out = append(out, b.Title)
	}
	return strings.Join(out, ",")
}

func (h homeRec) linkTitles() string {
	var out []string
	for _, l := range h.Links {
		out = append(out, l.Title)
	}
	return strings.Join(out, ",")
}

func (h homeRec) sectionKeys() string {
	var out []string
	for _, s := range h.Sections {
		k := s.Key
		if !s.Visible {
			k = "-" + k
		}
		out = append(out, k)
	}
	return strings.Join(out, ",")
}

func (h homeRec) counts() string {
	var out []string
	for _, c := range h.Counts {
		out = append(out, fmt.Sprintf("%s/%s/%s=%d", c.Type, c.Tab, c.Name, c.Count))
	}
	return strings.Join(out, ",")
}

func hitTitles(hs []portalHitRec) string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Title)
	}
	return strings.Join(out, ",")
}

func msgTitles(ms []messageRec) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Kind+":"+m.Title)
	}
	return strings.Join(out, "|")
}

func banners(e *apptest.Env, tok string, q url.Values) apptest.Page[bannerRec] {
	e.T.Helper()
	return apptest.List[bannerRec](e, "/api/portal/banner/list", tok, q)
}

// hideLibrary deletes every library record (softly), so a test sees only what it writes.
func hideLibrary(e *apptest.Env) {
	e.T.Helper()
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE lib_record SET deleted_at = ? WHERE deleted_at IS NULL AND type <> 'message'`, time.Now().UTC()); err != nil {
		e.T.Fatal(err)
	}
}

// staffLimited gives the demo staff account a role whose portal data rule is its own unit (100201003) and
// signs it in.
func staffLimited(e *apptest.Env, admin string) string {
	e.T.Helper()
	roleID := e.AddRole(admin, "portalunit", "门户本单位")
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": roleID, "scopes": []map[string]any{{"moduleName": "portal", "scope": "unit"}}}, nil)
	if err := e.App.Access.AssignRole(context.Background(), e.UserID("staff"), "portalunit"); err != nil {
		e.T.Fatal(err)
	}
	return e.Login("staff", "Staff@123").AccessToken
}

// withDemoFiles seeds the demo as a new installation does: with the banners' images (and the library's files).
func withDemoFiles(c *config.Config) { c.DemoWithoutFiles = false }

// portalDemoOnly removes the learning content's demo banners (TestTheDemoCompanyHasLearningContent checks them), so
// that the portal's tests count the portal's own three.
func portalDemoOnly(e *apptest.Env) {
	e.T.Helper()
	ctx := context.Background()
	if _, err := e.App.DB.Exec(ctx, `DELETE FROM sys_file WHERE record_type = 'portal.banner' AND record_id IN (SELECT id FROM portal_banner WHERE link_url LIKE '/gatewayCourse%')`); err != nil {
		e.T.Fatal(err)
	}
	if _, err := e.App.DB.Exec(ctx, `DELETE FROM portal_banner WHERE link_url LIKE '/gatewayCourse%'`); err != nil {
		e.T.Fatal(err)
	}
}

func TestPortalBannersManageAndValidate(t *testing.T) {
	e := apptest.New(t, withDemoFiles)
	portalDemoOnly(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	// the demo banners: generated images stored as banner uploads, linked to their banners
	p := banners(e, admin, nil)
	if p.Total != 3 || p.Records[0].Title != "标书资料一站式检索" || p.Records[0].Sort != 1 || p.Records[0].State != "active" {
		t.Fatalf("demo banners: %+v", p)
	}
	if resp, body := e.Fetch(p.Records[0].ImageURL, ""); resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || len(body) < 1000 {
		t.Fatalf("demo image: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE module = 'banner' AND record_type = 'portal.banner' AND state = 'ready'`); n != 3 {
		t.Fatalf("demo images linked: %d", n)
	}

	img := e.BannerImage(admin)
	good := func() map[string]any {
		return map[string]any{"title": "春季投标专题", "imageUrl": img, "linkUrl": "https://example.com/spring", "sort": 5,
			"publishFrom": "2026-03-01", "publishTo": "2099-05-31", "enabled": 1}
	}
	with := func(k string, v any) map[string]any {
		f := good()
		if v == nil {
			delete(f, k)
		} else {
			f[k] = v
		}
		return f
	}
	// every rule, with its message
	pdf := e.UploadOK("/api/sys/common/disk/upload", admin, "a.pdf", apptest.PDFBytes())
	for _, c := range []struct {
		form map[string]any
		msg  string
	}{
		{with("title", nil), "请填写轮播图标题"},
		{with("title", "   "), "请填写轮播图标题"},
		{with("title", strings.Repeat("标", 101)), "轮播图标题不能超过100个字"},
		{with("imageUrl", nil), "请上传轮播图图片"},
		{with("imageUrl", "https://evil.example.com/banner.png"), "轮播图图片无效，请通过轮播图上传获得图片（jpg、png）"},
		{with("imageUrl", pdf.URL), "轮播图图片无效，请通过轮播图上传获得图片（jpg、png）"},
		{with("imageUrl", "/api/sys/common/image/0123456789abcdef0123456789abcdef.png"), "轮播图图片无效，请通过轮播图上传获得图片（jpg、png）"},
		{with("imageUrl", strings.TrimSuffix(img, ".png")+".jpg"), "轮播图图片无效，请通过轮播图上传获得图片（jpg、png）"},
		{with("imageUrl", img+"?x=1"), "轮播图图片无效，请通过轮播图上传获得图片（jpg、png）"},
		{with("linkUrl", "javascript:alert(1)"), "跳转链接须为 http(s) 地址或以 / 开头的站内路径"},
		{with("linkUrl", "//evil.example.com/x"), "跳转链接须为 http(s) 地址或以 / 开头的站内路径"},
		{with("sort", -1), "排序须为0到9999之间的整数"},
		{with("sort", 10000), "排序须为0到9999之间的整数"},
		{with("sort", "abc"), "参数 sort 必须是整数"},
		{with("publishFrom", "2026-13-01"), "发布开始日期格式应为 yyyy-MM-dd"},
		{with("publishTo", "31/05/2026"), "发布结束日期格式应为 yyyy-MM-dd"},
		{with("publishTo", "2026-02-28"), "发布结束日期不能早于开始日期"},
		{with("enabled", 2), "启用状态只能是0（停用）或1（启用）"},
	} {
		e.Refused("POST", "/api/portal/banner/add", admin, c.form, c.msg)
	}
	if p := banners(e, admin, nil); p.Total != 3 {
		t.Fatalf("a refused banner was written: %d", p.Total)
	}
	// add: defaults, then the stored values
	id := e.Added("POST", "/api/portal/banner/add", admin, good())
	b := banners(e, admin, url.Values{"keywords": {"春季"}})
	if b.Total != 1 || b.Records[0].ID != id || b.Records[0].ImageURL != img || b.Records[0].LinkURL != "https://example.com/spring" || b.Records[0].Sort != 5 ||
		b.Records[0].PublishFrom != "2026-03-01" || b.Records[0].PublishTo != "2099-05-31" || b.Records[0].Enabled != 1 || b.Records[0].UpdatedBy != "系统管理员" {
		t.Fatalf("added: %+v", b)
	}
	plain := e.Added("POST", "/api/portal/banner/add", admin, map[string]any{"title": "只有图片", "imageUrl": e.BannerImage(admin), "linkUrl": "/gatewaySearch"})
	if b := banners(e, admin, url.Values{"title": {"只有图片"}}); b.Records[0].Sort != 1 || b.Records[0].Enabled != 1 || b.Records[0].PublishFrom != "" || b.Records[0].State != "active" {
		t.Fatalf("defaults: %+v", b.Records[0])
	}
	// one image serves one banner
	e.Refused("POST", "/api/portal/banner/add", admin, with("title", "同图"), "文件已被其他记录使用")
	if e.BizLog("gatewaymanager", "create") != 2 {
		t.Fatalf("create log lines: %d", e.BizLog("gatewaymanager", "create"))
	}
	// edit: a new image replaces the old one, which is removed
	img2 := e.BannerImage(admin)
	e.Done("PUT", "/api/portal/banner/edit", admin, map[string]any{"id": id, "title": "春季投标专题（更新）", "imageUrl": img2, "sort": 0, "enabled": "true"}, nil)
	b = banners(e, admin, url.Values{"keywords": {"春季"}})
	if b.Records[0].Title != "春季投标专题（更新）" || b.Records[0].ImageURL != img2 || b.Records[0].LinkURL != "" || b.Records[0].Sort != 0 || b.Records[0].PublishTo != "" {
		t.Fatalf("edited: %+v", b.Records[0])
	}
	if resp, _ := e.Fetch(img, ""); resp.StatusCode != 404 {
		t.Fatalf("the replaced image is still served: %d", resp.StatusCode)
	}
	if e.BizLog("gatewaymanager", "update") != 1 {
		t.Fatal("edit not logged")
	}
	e.Refused("PUT", "/api/portal/banner/edit", admin, map[string]any{"id": 999999, "title": "x", "imageUrl": img2}, "轮播图不存在或已删除")
	// sorted by sort, then oldest first: the edited one (0) first, the default one (1) after the first demo banner
	if all := banners(e, admin, nil); all.Total != 5 || all.Records[0].ID != id || all.Records[2].ID != plain || all.Records[4].Title != "专家人才库助力投标" {
		t.Fatalf("order by sort: %+v", all.Records)
	}
	e.Refused("GET", "/api/portal/banner/list?sort=title%3Bdrop", admin, nil, "不支持按该字段排序")
	// switch off, then the enabled filter
	e.Done("PUT", "/api/portal/banner/changeState", admin, map[string]any{"ids": []int64{id}, "enabled": 0}, nil)
	if d := banners(e, admin, url.Values{"enabled": {"0"}}); d.Total != 1 || d.Records[0].ID != id || d.Records[0].State != "disabled" {
		t.Fatalf("disabled: %+v", d)
	}
	e.Refused("PUT", "/api/portal/banner/changeState", admin, map[string]any{"ids": []int64{id}, "state": 3}, "启用状态只能是0（停用）或1（启用）")
	if e.BizLog("gatewaymanager", "disable") != 1 {
		t.Fatal("changeState not logged")
	}
	// export: the header and the rows of the filter
	tk := e.Ticket(admin, "/api/portal/banner/export")
	resp, body := e.Fetch("/api/portal/banner/export?keywords="+url.QueryEscape("春季")+"&ticket="+tk, "")
	if resp.StatusCode != 200 {
		t.Fatalf("export: %d", resp.StatusCode)
	}
	rows := apptest.SheetRows(t, body)
	if len(rows) != 2 || strings.Join(rows[0][:4], ",") != "标题,图片地址,跳转链接,排序" || rows[1][0] != "春季投标专题（更新）" || rows[1][6] != "否" || rows[1][7] != "已停用" {
		t.Fatalf("export rows: %v", rows)
	}
	// delete: soft, logged, gone from the list
	e.Done("DELETE", "/api/portal/banner/del", admin, map[string]any{"ids": fmt.Sprintf("%d,%d", id, plain)}, nil)
	if p := banners(e, admin, nil); p.Total != 3 {
		t.Fatalf("after delete: %d", p.Total)
	}
	if e.Count(`SELECT COUNT(*) FROM portal_banner WHERE id IN (?, ?) AND deleted_at IS NOT NULL`, id, plain) != 2 ||
		e.Count(`SELECT COUNT(*) FROM business_log WHERE module = 'gatewaymanager' AND action = 'delete' AND target_id IN (?, ?) AND target <> 'banner.png'`, itoa(id), itoa(plain)) != 2 {
		t.Fatal("a delete is soft and logged")
	}
	e.Refused("DELETE", "/api/portal/banner/del", admin, map[string]any{"ids": []int64{id}}, "轮播图不存在或已删除")
}

func TestPortalHomeBannersLinksAndSections(t *testing.T) {
	e := apptest.New(t, withDemoFiles)
	portalDemoOnly(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	h := home(e, staff)
	if h.sectionKeys() != "banners,search,counts,announcements,messages,recent,popular,links" || h.Sections[0].Name != "轮播图" {
		t.Fatalf("default sections: %s %+v", h.sectionKeys(), h.Sections)
	}
	if h.bannerTitles() != "标书资料一站式检索,企业证照与荣誉资质持续更新,专家人才库助力投标" || h.Banners[1].LinkURL != "/gatewayDetail/enterprise" {
		t.Fatalf("demo banners: %s", h.bannerTitles())
	}
	if h.linkTitles() != "帮助中心,资料检索,消息待办,我的标书包,企业证照,专家人才" || h.Links[0].URL != e.App.SysConfig.HelpURL() || h.Links[0].NewTab != 1 || h.Links[0].Icon != "book" {
		t.Fatalf("demo links: %s %+v", h.linkTitles(), h.Links)
	}
	// the window and the switch decide what the home page shows, by sort
	add := func(title string, sort int, from, to string, enabled int) int64 {
		return e.Added("POST", "/api/portal/banner/add", admin, map[string]any{"title": title, "imageUrl": e.BannerImage(admin), "sort": sort,
			"publishFrom": from, "publishTo": to, "enabled": enabled})
	}
	add("今天开始", 0, apptest.Day(0), apptest.Day(0), 1)
	add("明天开始", 0, apptest.Day(1), "", 1)
	add("昨天结束", 0, "", apptest.Day(-1), 1)
	off := add("已停用", 0, "", "", 0)
	add("排在最后", 99, apptest.Day(-5), apptest.Day(5), 1)
	if got := home(e, staff).bannerTitles(); got != "今天开始,标书资料一站式检索,企业证照与荣誉资质持续更新,专家人才库助力投标,排在最后" {
		t.Fatalf("banners on the home page: %s", got)
	}
	e.Done("PUT", "/api/portal/banner/changeState", admin, map[string]any{"ids": []int64{off}, "enabled": 1}, nil)
	if got := home(e, staff).bannerTitles(); !strings.HasPrefix(got, "今天开始,已停用,") {
		t.Fatalf("switched on: %s", got)
	}
	if b := banners(e, admin, url.Values{"keywords": {"明天"}}); b.Records[0].State != "scheduled" {
		t.Fatalf("scheduled: %+v", b.Records[0])
	}
	if b := banners(e, admin, url.Values{"keywords": {"昨天"}}); b.Records[0].State != "expired" {
		t.Fatalf("expired: %+v", b.Records[0])
	}

	// quick links: rules, order, edit, delete
	var icons []string
	e.Done("GET", "/api/portal/link/icons", admin, nil, &icons)
	if len(icons) < 20 || icons[0] != "link" {
		t.Fatalf("icons: %v", icons)
	}
	for _, c := range []struct {
		form map[string]any
		msg  string
	}{
		{map[string]any{"url": "/x"}, "请填写入口名称"},
		{map[string]any{"title": strings.Repeat("入", 31), "url": "/x"}, "入口名称不能超过30个字"},
		{map[string]any{"title": "a"}, "请填写链接地址"},
		{map[string]any{"title": "a", "url": "javascript:alert(1)"}, "链接地址须为 http(s) 地址或以 / 开头的站内路径"},
		{map[string]any{"title": "a", "url": "ftp://example.com"}, "链接地址须为 http(s) 地址或以 / 开头的站内路径"},
		{map[string]any{"title": "a", "url": "/x", "icon": "skull"}, "图标须为图标列表中的一项"},
		{map[string]any{"title": "a", "url": "/x", "newTab": 3}, "新窗口打开只能是0或1"},
		{map[string]any{"title": "a", "url": "/x", "sort": -2}, "排序须为0到9999之间的整数"},
	} {
		e.Refused("POST", "/api/portal/link/add", admin, c.form, c.msg)
	}
	first := e.Added("POST", "/api/portal/link/add", admin, map[string]any{"title": "投标日历", "url": "https://example.com/cal", "icon": "schedule", "sort": 0, "newTab": true})
	last := e.Added("POST", "/api/portal/link/add", admin, map[string]any{"title": "最后一个", "url": "/gatewaySearch?type=tender", "sort": 50})
	ls := apptest.List[quickLinkRec](e, "/api/portal/link/list", admin, url.Values{"keywords": {"example.com/cal"}})
	if ls.Total != 1 || ls.Records[0].ID != first || ls.Records[0].NewTab != 1 || ls.Records[0].Icon != "schedule" {
		t.Fatalf("link list: %+v", ls)
	}
	if got := home(e, staff).linkTitles(); got != "投标日历,帮助中心,资料检索,消息待办,我的标书包,企业证照,专家人才,最后一个" {
		t.Fatalf("links by sort: %s", got)
	}
	if l := apptest.List[quickLinkRec](e, "/api/portal/link/list", admin, url.Values{"title": {"最后"}}); l.Records[0].Icon != "link" || l.Records[0].NewTab != 0 {
		t.Fatalf("link defaults: %+v", l.Records[0])
	}
	e.Done("PUT", "/api/portal/link/edit", admin, map[string]any{"id": last, "title": "标书库", "url": "/gatewaySearch?type=tender", "icon": "database", "sort": 1}, nil)
	e.Done("DELETE", "/api/portal/link/del", admin, map[string]any{"ids": []int64{first}}, nil)
	if got := home(e, staff).linkTitles(); got != "帮助中心,标书库,资料检索,消息待办,我的标书包,企业证照,专家人才" {
		t.Fatalf("after edit and delete: %s", got)
	}
	e.Refused("PUT", "/api/portal/link/edit", admin, map[string]any{"id": first, "title": "x", "url": "/x"}, "快捷入口不存在或已删除")
	if e.BizLog("gatewaymanager", "create") != 7 || e.Count(`SELECT COUNT(*) FROM portal_link WHERE id = ? AND deleted_at IS NOT NULL`, first) != 1 {
		t.Fatal("link writes are logged, deletes soft")
	}
	tk := e.Ticket(admin, "/api/portal/link/export")
	_, body := e.Fetch("/api/portal/link/export?ticket="+tk, "")
	if rows := apptest.SheetRows(t, body); len(rows) != 8 || rows[0][0] != "入口名称" || rows[1][0] != "帮助中心" || rows[2][2] != "database" {
		t.Fatalf("link export: %v", rows)
	}

	// sections: the saved order, hidden ones empty on the home page
	e.Done("PUT", "/api/portal/section/save", admin, map[string]any{"sections": []map[string]any{
		{"key": "links", "visible": true}, {"key": "search", "visible": true}, {"key": "banners", "visible": false},
		{"key": "counts", "visible": true}, {"key": "recent", "visible": false}, {"key": "messages", "visible": 1},
		{"key": "announcements", "visible": "true"}, {"key": "popular", "visible": true},
	}}, nil)
	h = home(e, staff)
	if h.sectionKeys() != "links,search,-banners,counts,-recent,messages,announcements,popular" || len(h.Banners) != 0 || len(h.Recent) != 0 ||
		len(h.Links) != 7 || len(h.Counts) == 0 || len(h.Announcements) != 1 {
		t.Fatalf("sections on the home page: %s, %d banners, %d recent", h.sectionKeys(), len(h.Banners), len(h.Recent))
	}
	// a save may leave keys out: they come last, hidden; unknown or repeated keys are refused
	var saved []sectionRec
	e.Done("PUT", "/api/portal/section/save", admin, map[string]any{"sections": []map[string]any{{"key": "recent", "visible": true}, {"key": "banners", "visible": true}}}, &saved)
	if len(saved) != 8 || saved[0].Key != "recent" || !saved[1].Visible || saved[2].Key != "search" || saved[2].Visible || saved[2].Name != "资料检索" {
		t.Fatalf("saved: %+v", saved)
	}
	e.Refused("PUT", "/api/portal/section/save", admin, map[string]any{"sections": []map[string]any{{"key": "weather", "visible": true}}}, "未知的门户板块：weather")
	e.Refused("PUT", "/api/portal/section/save", admin, map[string]any{"sections": []map[string]any{{"key": "search"}, {"key": "search"}}}, "门户板块「search」重复")
	e.Refused("PUT", "/api/portal/section/save", admin, map[string]any{"sections": []map[string]any{}}, "请提交门户板块列表")
	var secs []sectionRec
	e.Done("GET", "/api/portal/section/list", admin, nil, &secs)
	if len(secs) != 8 || secs[0].Key != "recent" || secs[1].Key != "banners" || secs[7].Key != "links" || secs[7].Visible {
		t.Fatalf("section list: %+v", secs)
	}
	if h := home(e, staff); h.sectionKeys() != "recent,banners,-search,-counts,-announcements,-messages,-popular,-links" || len(h.Links) != 0 || len(h.Counts) != 0 ||
		len(h.Announcements) != 0 || len(h.Messages.Records) != 0 || len(h.Banners) == 0 || len(h.Recent) == 0 {
		t.Fatalf("after the second save: %s", h.sectionKeys())
	}
	if e.BizLog("gatewaymanager", "update") != 3 {
		t.Fatalf("section saves logged: %d", e.BizLog("gatewaymanager", "update"))
	}
}

func TestPortalHomeContentFollowsPermissions(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	hideLibrary(e)
	e.OnlyLibraryMessages()
	lic := func(title, unit string) int64 {
		return e.LibAdd(admin, "license", map[string]any{"title": title, "licenseType": "business", "holder": "华信服务", "number": "N-" + title, "unitCode": unit, "validTo": "2030-01-01"})
	}
	own := lic("本单位证照", "100201003")
	lic("他单位证照", "100104")
	common := lic("全公司证照", "")
	e.LibAdd(admin, "honor", map[string]any{"title": "他单位荣誉", "unitCode": "100104"})
	e.LibAdd(admin, "tender", map[string]any{"title": "公司标书", "buyer": "某中心"})
	e.LibAdd(admin, "announcement", map[string]any{"title": "普通公告", "content": "<p>一般<b>通知</b></p>", "publishFrom": apptest.Day(-2)})
	e.LibAdd(admin, "announcement", map[string]any{"title": "置顶公告", "content": "<p>重要</p>", "pinned": 1, "publishFrom": apptest.Day(-10), "publishTo": apptest.Day(10)})
	e.LibAdd(admin, "announcement", map[string]any{"title": "未来公告", "content": "<p>x</p>", "publishFrom": apptest.Day(3)})
	e.LibAdd(admin, "announcement", map[string]any{"title": "过期公告", "content": "<p>x</p>", "publishTo": apptest.Day(-1)})

	h := home(e, admin)
	if h.counts() != "expert/expert/专家库=0,license/enterprise/企业证照=3,honor/honor/荣誉资质=1,contract/contract/业绩合同=0,cakey/caKeyClass/CA锁=0,tender//标书库=1,plan/service/服务方案模板=0,toolkit/packs/工具包=0,govreg/govAdoption/政府采购名录=0" {
		t.Fatalf("admin counts: %s", h.counts())
	}
	if got := hitTitles(h.Recent); got != "公司标书,他单位荣誉,全公司证照,他单位证照,本单位证照" {
		t.Fatalf("admin recent: %s", got)
	}
	if got := hitTitles(h.Announcements); got != "置顶公告,普通公告" {
		t.Fatalf("announcements: %s", got)
	}
	if r := h.Recent[2]; r.Type != "license" || r.TypeName != "企业证照" || r.Tab != "enterprise" || r.Summary != "华信服务 · N-全公司证照" || r.ValidTo != "2030-01-01" {
		t.Fatalf("a hit: %+v", r)
	}
	if len(h.Popular) != 0 {
		t.Fatalf("nothing downloaded yet: %+v", h.Popular)
	}
	if h.Messages.Unread != 2 || msgTitles(h.Messages.Records) != "announcement:普通公告|announcement:置顶公告" && msgTitles(h.Messages.Records) != "announcement:置顶公告|announcement:普通公告" {
		t.Fatalf("messages: %+v", h.Messages)
	}

	// the staff member limited to their own unit sees their unit's and the company's materials only
	staff := staffLimited(e, admin)
	h = home(e, staff)
	if h.counts() != "expert/expert/专家库=0,license/enterprise/企业证照=2,honor/honor/荣誉资质=0,contract/contract/业绩合同=0,cakey/caKeyClass/CA锁=0,tender//标书库=1,plan/service/服务方案模板=0,toolkit/packs/工具包=0,govreg/govAdoption/政府采购名录=0" {
		t.Fatalf("limited counts: %s", h.counts())
	}
	if got := hitTitles(h.Recent); got != "公司标书,全公司证照,本单位证照" {
		t.Fatalf("limited recent: %s", got)
	}
	// downloads make the popular list, within what the caller sees
	scan := e.LibUpload(admin, "扫描件.pdf")
	e.Done("PUT", "/api/library/license/edit", admin, map[string]any{"id": common, "title": "全公司证照", "licenseType": "business", "holder": "华信服务",
		"number": "N-全公司证照", "validTo": "2030-01-01", "scans": []int64{scan}}, nil)
	other := e.LibUpload(admin, "b.pdf")
	e.Done("PUT", "/api/library/license/edit", admin, map[string]any{"id": own, "title": "本单位证照", "licenseType": "business", "holder": "华信服务",
		"unitCode": "100201003", "number": "N-本单位证照", "validTo": "2030-01-01", "scans": []int64{other}}, nil)
	for i := 0; i < 2; i++ {
		if resp, _ := e.Fetch("/api/sys/common/file/down?id="+itoa(scan), staff); resp.StatusCode != 200 {
			t.Fatalf("download: %d", resp.StatusCode)
		}
	}
	if resp, _ := e.Fetch("/api/sys/common/file/down?id="+itoa(other), staff); resp.StatusCode != 200 {
		t.Fatalf("download: %d", resp.StatusCode)
	}
	h = home(e, staff)
	if got := hitTitles(h.Popular); got != "全公司证照,本单位证照" || h.Popular[0].Downloads != 2 || h.Popular[0].FileCount != 1 {
		t.Fatalf("popular: %s %+v", got, h.Popular)
	}
	// the pack's size
	e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": []int64{common}}, nil)
	if h := home(e, staff); h.Pack.Count != 1 {
		t.Fatalf("pack count: %+v", h.Pack)
	}
}

func TestPortalMessagesListReadAndReviewOutcomes(t *testing.T) {
	e := apptest.New(t)
	e.OnlyLibraryMessages()
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin)
	staffID := e.UserID("staff")
	// a notice, the expiry and loan reminders, two review outcomes, and the demo's live announcement
	e.LibAdd(admin, "message", map[string]any{"title": "请更新个人资料", "content": "本周内完成", "recipient": "staff"})
	keys := e.LibList(admin, "cakey", url.Values{"keyNumber": {"CA-ZC-0002"}})
	e.Done("POST", "/api/library/cakey/lend", admin, map[string]any{"id": keys.Records[0].ID(), "borrowerCode": "HX000007", "dueDate": apptest.Day(2)}, nil)
	e.Done("POST", "/api/library/message/generate", admin, nil, nil)
	rejected := e.LibAdd(staff, "license", map[string]any{"title": "员工证照甲", "licenseType": "business", "holder": "甲公司"})
	approved := e.LibAdd(staff, "honor", map[string]any{"title": "员工荣誉乙"})
	e.Done("POST", "/api/library/license/reject", admin, map[string]any{"ids": []int64{rejected}, "reason": "扫描件不清晰，请重新上传"}, nil)
	e.Done("POST", "/api/library/honor/approve", admin, map[string]any{"ids": []int64{approved}}, nil)
	// the outcome is a message to-do of the creator, in the review's transaction
	var code string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT code FROM lib_record WHERE type = 'message' AND assignee_id = ? AND code LIKE ?`, staffID,
		fmt.Sprintf("review:%d:%%", rejected)).Scan(&code); err != nil {
		t.Fatal(err)
	}
	var step int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT MAX(id) FROM lib_review WHERE record_id = ? AND action = 'reject'`, rejected).Scan(&step); err != nil || code != fmt.Sprintf("review:%d:%d", rejected, step) {
		t.Fatalf("review code %q (step %d)", code, step)
	}

	var p messagePage
	e.Done("GET", "/api/portal/msg/list?limit=20", staff, nil, &p)
	kinds := map[string]int{}
	for _, m := range p.Records {
		kinds[m.Kind]++
		if m.State != "unread" {
			t.Errorf("new message read: %+v", m)
		}
	}
	if p.Total != 7 || p.Unread != 7 || kinds["notice"] != 1 || kinds["expiry"] != 2 || kinds["loan"] != 1 || kinds["review"] != 2 || kinds["announcement"] != 1 {
		t.Fatalf("messages: %d %d %v\n%s", p.Total, p.Unread, kinds, msgTitles(p.Records))
	}
	// newest first: the review outcomes were written last
	if p.Records[0].Kind != "review" || p.Records[0].Title != "「员工荣誉乙」已通过审核" || p.Records[0].RefType != "honor" || p.Records[0].RefID != approved || p.Records[0].RefTab != "honor" {
		t.Fatalf("newest: %+v", p.Records[0])
	}
	e.Done("GET", "/api/portal/msg/list?kind=review", staff, nil, &p)
	if p.Total != 2 || p.Records[1].Title != "「员工证照甲」未通过审核：扫描件不清晰，请重新上传" || !strings.Contains(p.Records[1].Content, "原因：扫描件不清晰，请重新上传") ||
		p.Records[1].RefTab != "enterprise" || p.Unread != 7 {
		t.Fatalf("review messages: %+v", p)
	}
	e.Done("GET", "/api/portal/msg/list?kind=announcement", staff, nil, &p)
	ann := p.Records[0]
	if p.Total != 1 || ann.Title != "关于更新2025年度企业资质资料的通知" || ann.RefType != "announcement" || ann.RefID != ann.ID || strings.Contains(ann.Content, "<") ||
		!strings.Contains(ann.Content, "企业证照") {
		t.Fatalf("announcement message: %+v", p)
	}
	e.Done("GET", "/api/portal/msg/list?kind=loan&limit=1", staff, nil, &p)
	if p.Total != 1 || !strings.HasPrefix(p.Records[0].Title, "CA锁「中国政府采购网」应于") || p.Records[0].RefType != "cakey" || p.Records[0].RefTab != "caKeyClass" {
		t.Fatalf("loan: %+v", p)
	}
	e.Refused("GET", "/api/portal/msg/list?kind=spam", staff, nil, "参数 kind 的取值无效")
	e.Refused("GET", "/api/portal/msg/list?state=new", staff, nil, "参数 state 的取值无效")
	e.Refused("GET", "/api/portal/msg/list?limit=101", staff, nil, "每页条数须在1到100之间")

	// read: by items, announcements too; the answer is the unread count
	e.Done("GET", "/api/portal/msg/list?kind=review", staff, nil, &p)
	var u struct{ Unread int }
	e.Done("POST", "/api/portal/msg/read", staff, map[string]any{"items": []map[string]any{{"kind": "review", "id": p.Records[0].ID}, {"kind": "announcement", "id": ann.ID}}}, &u)
	if u.Unread != 5 {
		t.Fatalf("unread after reading two: %d", u.Unread)
	}
	e.Done("GET", "/api/portal/msg/list?state=read", staff, nil, &p)
	if p.Total != 2 || p.Unread != 5 {
		t.Fatalf("read: %+v", p)
	}
	if e.Count(`SELECT COUNT(*) FROM portal_read WHERE user_id = ? AND record_id = ?`, staffID, ann.ID) != 1 {
		t.Fatal("the announcement's read mark")
	}
	// the library's own list agrees: the to-do is read there too
	if l := e.LibList(staff, "message", url.Values{"state": {"read"}}); l.Total != 1 {
		t.Fatalf("library list: %+v", l)
	}
	// nobody marks another's message, nor a missing or unpublished one; nothing is marked then
	var adminMsg int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT MIN(id) FROM lib_record WHERE type = 'message' AND assignee_id = ?`, e.UserID("admin")).Scan(&adminMsg); err != nil || adminMsg == 0 {
		t.Fatalf("an admin's message: %v", err)
	}
	e.Done("GET", "/api/portal/msg/list?state=unread", staff, nil, &p)
	mine := p.Records[0].ID
	e.Refused("POST", "/api/portal/msg/read", staff, map[string]any{"items": []map[string]any{{"kind": "notice", "id": mine}, {"kind": "expiry", "id": adminMsg}}}, "只能标记自己的消息")
	e.Refused("POST", "/api/portal/msg/read", staff, map[string]any{"ids": []int64{999999}}, "消息不存在或已删除")
	future := e.LibAdd(admin, "announcement", map[string]any{"title": "未来公告", "content": "<p>x</p>", "publishFrom": apptest.Day(2)})
	e.Refused("POST", "/api/portal/msg/read", staff, map[string]any{"items": []map[string]any{{"kind": "announcement", "id": future}}}, "公告不存在或已下架")
	e.Refused("POST", "/api/portal/msg/read", staff, map[string]any{}, "缺少参数 items")
	many := make([]int64, 501)
	for i := range many {
		many[i] = int64(i + 1)
	}
	e.Refused("POST", "/api/portal/msg/read", staff, map[string]any{"ids": many}, "一次最多标记500条消息")
	e.Done("GET", "/api/portal/msg/list", staff, nil, &p)
	if p.Unread != 5 {
		t.Fatalf("a refused read marked something: %d", p.Unread)
	}
	if e.Count(`SELECT COUNT(*) FROM lib_record WHERE id = ? AND state = 'unread'`, adminMsg) != 1 {
		t.Fatal("another's message changed")
	}
	// ids: message to-dos
	e.Done("POST", "/api/portal/msg/read", staff, map[string]any{"ids": []int64{mine}}, &u)
	if u.Unread != 4 {
		t.Fatalf("by ids: %d", u.Unread)
	}
	// read all, then a new announcement is unread again
	e.Done("POST", "/api/portal/msg/readAll", staff, nil, &u)
	e.Done("GET", "/api/portal/msg/list?state=unread", staff, nil, &p)
	if u.Unread != 0 || p.Total != 0 || p.Unread != 0 {
		t.Fatalf("after readAll: %d %+v", u.Unread, p)
	}
	if e.Count(`SELECT COUNT(*) FROM lib_record WHERE type = 'message' AND assignee_id = ? AND state = 'unread'`, staffID) != 0 {
		t.Fatal("readAll left unread to-dos")
	}
	if e.Count(`SELECT COUNT(*) FROM business_log WHERE module = ? AND action = 'read' AND login_code = 'staff'`, library.TypeOf(library.TypeMessage).Code) != 3 {
		t.Fatal("to-do reads are in the business log")
	}
	e.LibAdd(admin, "announcement", map[string]any{"title": "新公告", "content": "<p>新</p>"})
	if h := home(e, staff); h.Messages.Unread != 1 || h.Messages.Records[0].Title != "新公告" || h.Messages.Records[0].State != "unread" || len(h.Messages.Records) != 5 {
		t.Fatalf("home messages: %+v", h.Messages)
	}
	// the admin's own messages are untouched by the staff member's readAll
	if e.Count(`SELECT COUNT(*) FROM lib_record WHERE type = 'message' AND assignee_id = ? AND state = 'unread'`, e.UserID("admin")) == 0 {
		t.Fatal("readAll reached another user")
	}
}

// packUpload uploads a PDF with its own content as a library file.
func packUpload(e *apptest.Env, tok, name, mark string) (int64, []byte) {
	e.T.Helper()
	content := append(apptest.PDFBytes(), []byte("%"+mark+"\n")...)
	return e.UploadOK("/api/sys/common/disk/upload?module=library", tok, name, content).ID, content
}

func pack(e *apptest.Env, tok string) []portalHitRec {
	e.T.Helper()
	var p struct {
		Records []portalHitRec `json:"records"`
	}
	e.Done("GET", "/api/portal/pack", tok, nil, &p)
	return p.Records
}

func TestPortalBidPackAddListDownload(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	hideLibrary(e)
	f1, c1 := packUpload(e, admin, "扫描件.pdf", "one")
	f2, c2 := packUpload(e, admin, "扫描件.pdf", "two")
	f3, c3 := packUpload(e, admin, "证书.pdf", "three")
	lic := e.LibAdd(admin, "license", map[string]any{"title": "营业执照/正本", "licenseType": "business", "holder": "华信服务", "number": "L-1",
		"unitCode": "100104", "validTo": "2031-06-30", "scans": []int64{f1, f2}})
	hon := e.LibAdd(admin, "honor", map[string]any{"title": "=1+2 荣誉", "holder": "华信服务", "scans": []int64{f3}})
	ten := e.LibAdd(admin, "tender", map[string]any{"title": "某项目标书", "buyer": "某中心"})
	gone := e.LibAdd(admin, "license", map[string]any{"title": "将被删除", "licenseType": "business", "holder": "x"})

	// empty pack: a clear refusal, no zip
	tk := e.Ticket(staff, "/api/portal/pack/download")
	resp, body := e.Fetch("/api/portal/pack/download?ticket="+tk, "")
	var env apptest.Envelope
	if json.Unmarshal(body, &env) != nil || env.Code != 1 || env.Message != "标书资料包为空，请先添加资料" || resp.Header.Get("Content-Type") == "application/zip" {
		t.Fatalf("empty pack download: %d %s", resp.StatusCode, body)
	}
	// only what the portal shows the caller
	pending := e.LibAdd(e.LibStaff(admin), "license", map[string]any{"title": "待审核证照", "licenseType": "business", "holder": "x"})
	staff = e.Login("staff", "Staff@123").AccessToken
	msgID := e.LibAdd(admin, "message", map[string]any{"title": "一条消息", "recipient": "staff"})
	for _, id := range []int64{pending, msgID, 999999} {
		e.Refused("POST", "/api/portal/pack/add", staff, map[string]any{"ids": []int64{lic, id}}, "该资料不存在或已下架")
	}
	if len(pack(e, staff)) != 0 {
		t.Fatal("a refused add wrote something")
	}
	var n struct{ Count int }
	for _, id := range []int64{lic, hon, ten, gone} {
		e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": []int64{id}}, &n)
		time.Sleep(5 * time.Millisecond) // distinct times: newest first below
	}
	e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": []int64{lic, hon}}, &n)
	if n.Count != 4 {
		t.Fatalf("adding again: %d", n.Count)
	}
	// a record the portal stops showing stays, marked gone
	e.Done("DELETE", "/api/library/license/del", admin, map[string]any{"ids": []int64{gone}}, nil)
	items := pack(e, staff)
	if len(items) != 4 || items[0].ID != gone || !items[0].Gone || items[0].Title != "将被删除" || items[0].TypeName != "企业证照" ||
		items[1].Title != "某项目标书" || items[3].ID != lic || items[3].Gone || items[3].FileCount != 2 || items[3].Summary != "华信服务 · L-1" {
		t.Fatalf("pack: %+v", items)
	}
	// other users' packs are their own
	if len(pack(e, admin)) != 0 {
		t.Fatal("the admin sees staff's pack")
	}

	// the download: a folder per type, one per record, names cleaned and numbered, and the index
	tk = e.Ticket(staff, "/api/portal/pack/download")
	resp, body = e.Fetch("/api/portal/pack/download?ticket="+tk, "")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/zip" ||
		!strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("标书资料包-"+time.Now().Format("20060102")+".zip")) {
		t.Fatalf("download: %d %v", resp.StatusCode, resp.Header)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	var names []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		got[f.Name] = b
		names = append(names, f.Name)
	}
	sort.Strings(names)
	want := []string{"企业证照/营业执照_正本/扫描件 (2).pdf", "企业证照/营业执照_正本/扫描件.pdf", "荣誉资质/=1+2 荣誉/证书.pdf", "资料清单.xlsx"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Fatalf("zip entries: %q", names)
	}
	if !bytes.Equal(got[want[1]], c1) || !bytes.Equal(got[want[0]], c2) || !bytes.Equal(got[want[2]], c3) {
		t.Fatal("file contents differ")
	}
	xf, err := excelize.OpenReader(bytes.NewReader(got["资料清单.xlsx"]))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := xf.GetRows(xf.GetSheetName(0))
	xf.Close()
	if err != nil {
		t.Fatal(err)
	}
	var unitName string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT unit_name FROM org_unit WHERE full_unit_code = '100104'`).Scan(&unitName); err != nil {
		t.Fatal(err)
	}
	wantRows := [][]string{
		{"资料类型", "资料名称", "摘要", "所属组织", "有效期至", "文件"},
		{"企业证照", "营业执照/正本", "华信服务 · L-1", unitName, "2031-06-30", "扫描件.pdf\n扫描件 (2).pdf"},
		{"荣誉资质", "'=1+2 荣誉", "华信服务", "", "", "证书.pdf"},
		{"标书库", "某项目标书", "某中心", "", "", ""},
	}
	if fmt.Sprint(trimRows(rows)) != fmt.Sprint(wantRows) {
		t.Fatalf("index rows:\n%q\nwant\n%q", rows, wantRows)
	}
	// each file counts as a download of its record
	if e.Count(`SELECT COUNT(*) FROM file_download WHERE user_id = ? AND record_type = 'library.license' AND record_id = ? AND file_id IN (?, ?)`, e.UserID("staff"), lic, f1, f2) != 2 ||
		e.Count(`SELECT COUNT(*) FROM file_download WHERE user_id = ? AND record_type = 'library.honor' AND record_id = ? AND file_id = ?`, e.UserID("staff"), hon, f3) != 1 {
		t.Fatal("downloads not recorded")
	}
	if e.Count(`SELECT downloads FROM lib_record WHERE id = ?`, lic) != 2 || e.Count(`SELECT downloads FROM lib_record WHERE id = ?`, hon) != 1 || e.Count(`SELECT downloads FROM lib_record WHERE id = ?`, ten) != 0 {
		t.Fatal("record downloads not counted")
	}
	// the ticket was single-use
	if resp, _ := e.Fetch("/api/portal/pack/download?ticket="+tk, ""); resp.StatusCode != 401 {
		t.Fatalf("a used ticket: %d", resp.StatusCode)
	}

	// del, clear
	e.Done("POST", "/api/portal/pack/del", staff, map[string]any{"ids": []int64{gone, 999999}}, &n)
	if n.Count != 3 || len(pack(e, staff)) != 3 {
		t.Fatalf("after del: %d", n.Count)
	}
	e.Done("POST", "/api/portal/pack/clear", staff, nil, &n)
	if n.Count != 0 || len(pack(e, staff)) != 0 || home(e, staff).Pack.Count != 0 {
		t.Fatal("after clear")
	}
	// only gone records: nothing to download
	e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": []int64{ten}}, &n)
	e.Done("DELETE", "/api/library/tender/del", admin, map[string]any{"ids": []int64{ten}}, nil)
	tk = e.Ticket(staff, "/api/portal/pack/download")
	_, body = e.Fetch("/api/portal/pack/download?ticket="+tk, "")
	if json.Unmarshal(body, &env) != nil || env.Message != "标书资料包中的资料均已下架，无法下载" {
		t.Fatalf("all gone: %s", body)
	}
}

// trimRows drops the trailing empty cells excelize leaves out anyway, so rows compare as written.
func trimRows(rows [][]string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		full := make([]string, 6)
		copy(full, r)
		out[i] = full
	}
	return out
}

func TestPortalBidPackHoldsAtMostOneHundred(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	ctx := context.Background()
	now := time.Now().UTC()
	var ids []int64
	for i := 0; i < 101; i++ {
		id, err := e.App.DB.Insert(ctx, `INSERT INTO lib_record (type, title, status, search_text, data, created_at, updated_at) VALUES ('toolkit', ?, 'published', '', '{}', ?, ?)`,
			fmt.Sprintf("工具%03d", i), now, now)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var n struct{ Count int }
	e.Refused("POST", "/api/portal/pack/add", staff, map[string]any{"ids": ids}, "一次最多选择100份资料")
	e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": ids[:100]}, &n)
	if n.Count != 100 {
		t.Fatalf("100: %d", n.Count)
	}
	e.Refused("POST", "/api/portal/pack/add", staff, map[string]any{"ids": ids[100:]}, "标书资料包最多只能添加100份资料（已有100份），请先移除部分资料")
	e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": ids[:3]}, &n) // already in: no change
	e.Done("POST", "/api/portal/pack/del", staff, map[string]any{"ids": ids[:1]}, &n)
	e.Done("POST", "/api/portal/pack/add", staff, map[string]any{"ids": ids[100:]}, &n)
	if n.Count != 100 || len(pack(e, staff)) != 100 {
		t.Fatalf("after swapping one: %d", n.Count)
	}
}

func TestPortalPermissions(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	// portal management needs gatewaymanager
	for _, c := range [][2]string{
		{"GET", "/api/portal/banner/list"}, {"POST", "/api/portal/banner/add"}, {"PUT", "/api/portal/banner/edit"}, {"DELETE", "/api/portal/banner/del"},
		{"PUT", "/api/portal/banner/changeState"}, {"GET", "/api/portal/link/list"}, {"GET", "/api/portal/link/icons"}, {"POST", "/api/portal/link/add"},
		{"PUT", "/api/portal/link/edit"}, {"DELETE", "/api/portal/link/del"}, {"GET", "/api/portal/section/list"}, {"PUT", "/api/portal/section/save"},
	} {
		if resp, r := e.Call(c[0], c[1], staff, map[string]any{"ids": []int64{1}}); resp.StatusCode != 403 || r.Code != 403 {
			t.Errorf("staff %s %s: %d %+v", c[0], c[1], resp.StatusCode, r)
		}
	}
	_, r := e.Call("POST", "/api/sys/common/ticket", staff, map[string]string{"path": "/api/portal/banner/export"})
	if r.Code != 403 {
		t.Errorf("a ticket for the banner export: %+v", r)
	}
	// the library administrator manages the portal
	lib := e.Login("libadmin", "Library@123").AccessToken
	e.Done("GET", "/api/portal/banner/list", lib, nil, nil)
	// no session, no portal
	for _, c := range [][2]string{
		{"GET", "/api/portal/home"}, {"GET", "/api/portal/msg/list"}, {"POST", "/api/portal/msg/read"}, {"POST", "/api/portal/msg/readAll"},
		{"GET", "/api/portal/pack"}, {"POST", "/api/portal/pack/add"}, {"POST", "/api/portal/pack/del"}, {"POST", "/api/portal/pack/clear"},
		{"GET", "/api/portal/pack/download"}, {"GET", "/api/portal/banner/list"},
	} {
		if resp, r := e.Call(c[0], c[1], "", nil); resp.StatusCode != 401 || r.Code != 10005 {
			t.Errorf("anonymous %s %s: %d %+v", c[0], c[1], resp.StatusCode, r)
		}
	}
	// an external user holds the portal's code
	partner := e.LoginOutSite("partner", "Partner@123").AccessToken
	// (the tests' demo has no banners: their images are files)
	if h := home(e, partner); len(h.Sections) != 8 || len(h.Banners) != 0 || len(h.Links) != 6 {
		t.Fatalf("partner home: %+v", h)
	}
	// a role without the portal's code is refused the portal
	if _, err := e.App.DB.Exec(context.Background(), `DELETE FROM sys_role_function WHERE function_code = 'gateway' AND role_id = (SELECT id FROM sys_role WHERE code = 'staff')`); err != nil {
		t.Fatal(err)
	}
	staff = e.Login("staff", "Staff@123").AccessToken
	if resp, _ := e.Call("GET", "/api/portal/home", staff, nil); resp.StatusCode != 403 {
		t.Fatalf("without gateway: %d", resp.StatusCode)
	}
}
