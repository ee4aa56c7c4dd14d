// Package portal is the staff portal's own part (docs/portal.md): the home page in one call, the caller's
// messages (message to-dos and live announcements, with read state), the bid pack (a collection kept on the
// server and downloaded as one zip with an index), and portal management (/gatewaymanager: banners, quick
// links, the home page's sections). What the library shows comes through the small Library interface, and
// files through Files; internal/app adapts the library and the files area to them.
package portal

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
)

// FunManage is the function code of portal management (the /gatewaymanager screen); its writes are logged
// under it.
const FunManage = "gatewaymanager"

// Section keys of the home page, in their default order.
const (
	SecBanners       = "banners"
	SecSearch        = "search"
	SecCounts        = "counts"
	SecAnnouncements = "announcements"
	SecMessages      = "messages"
	SecRecent        = "recent"
	SecPopular       = "popular"
	SecLinks         = "links"
)

// SectionKeys are the sections of the home page in their default order.
var SectionKeys = []string{SecBanners, SecSearch, SecCounts, SecAnnouncements, SecMessages, SecRecent, SecPopular, SecLinks}

// Section is one section of the home page: shown or hidden, in the list's order. Name is its label.
type Section struct {
	Key     string `json:"key" enum:"banners,search,counts,announcements,messages,recent,popular,links"`
	Name    string `json:"name"`
	Visible bool   `json:"visible"`
}

// Banner states, computed when read.
const (
	StateActive    = "active"
	StateScheduled = "scheduled"
	StateExpired   = "expired"
	StateDisabled  = "disabled"
)

// Banner is a carousel slide as /gatewaymanager lists it. Dates are YYYY-MM-DD, "" for an open end.
type Banner struct {
	ID          int64     `json:"id"`
	Title       string    `json:"title"`
	ImageURL    string    `json:"imageUrl"`
	LinkURL     string    `json:"linkUrl"`
	Sort        int       `json:"sort"`
	PublishFrom string    `json:"publishFrom"`
	PublishTo   string    `json:"publishTo"`
	Enabled     int       `json:"enabled" enum:"0,1"`
	State       string    `json:"state" enum:"active,scheduled,expired,disabled"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
	UpdatedBy   string    `json:"updatedBy"`
}

// stateOn is the banner's state on day (YYYY-MM-DD).
func (b Banner) stateOn(day string) string {
	switch {
	case b.Enabled == 0:
		return StateDisabled
	case b.PublishFrom != "" && day < b.PublishFrom:
		return StateScheduled
	case b.PublishTo != "" && day > b.PublishTo:
		return StateExpired
	}
	return StateActive
}

// HomeBanner is a banner on the home page.
type HomeBanner struct {
	ID       int64  `json:"id"`
	Title    string `json:"title"`
	ImageURL string `json:"imageUrl"`
	LinkURL  string `json:"linkUrl"`
}

// Link is a quick link of the home page as /gatewaymanager lists it.
type Link struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	Icon      string    `json:"icon"`
	Sort      int       `json:"sort"`
	NewTab    int       `json:"newTab" enum:"0,1"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	UpdatedBy string    `json:"updatedBy"`
}

// HomeLink is a quick link on the home page.
type HomeLink struct {
	ID     int64  `json:"id"`
	Title  string `json:"title"`
	URL    string `json:"url"`
	Icon   string `json:"icon"`
	NewTab int    `json:"newTab" enum:"0,1"`
}

// Icons are the icon names a quick link may use (the browser draws each; web/src/api/gatewayManager.ts).
var Icons = []string{
	"link", "global", "home", "search", "book", "file", "folder", "download", "upload", "profile", "idcard",
	"safetycertificate", "trophy", "key", "tool", "appstore", "schedule", "notification", "team", "user", "tags",
	"barchart", "database", "gift", "audit", "setting",
}

// DefaultIcon is a quick link's icon when none is chosen.
const DefaultIcon = "link"

// Message kinds: a message to-do's kind comes from the prefix of its code; announcements are their own kind.
const (
	KindExpiry       = "expiry"
	KindLoan         = "loan"
	KindReview       = "review"
	KindCourse       = "course"
	KindReward       = "reward"
	KindDemand       = "demand"
	KindNotice       = "notice"
	KindAnnouncement = "announcement"
)

// Read states of a message.
const (
	MsgUnread = "unread"
	MsgRead   = "read"
)

// Message is a message to-do addressed to the caller, or a live announcement, with the caller's read state.
// Content is plain text (an announcement's HTML reduced to a short excerpt). RefType and RefID are the
// material it is about (the announcement itself for an announcement), RefTab that type's detail tab.
type Message struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind" enum:"expiry,loan,review,course,reward,demand,announcement,notice"`
	Title     string    `json:"title"`
	Content   string    `json:"content"`
	State     string    `json:"state" enum:"unread,read"`
	CreatedAt time.Time `json:"createdAt"`
	RefType   string    `json:"refType"`
	RefID     int64     `json:"refId"`
	RefTab    string    `json:"refTab"`
}

// MessagePage is the answer of the message list: a page and the caller's unread count.
type MessagePage struct {
	Records []Message `json:"records"`
	Current int       `json:"current"`
	Limit   int       `json:"limit"`
	Total   int       `json:"total"`
	Pages   int       `json:"pages"`
	Next    bool      `json:"next" doc:"a page follows this one"`
	Unread  int       `json:"unread"`
}

// HomeMessages is the messages section of the home page.
type HomeMessages struct {
	Unread  int       `json:"unread"`
	Records []Message `json:"records"`
}

// Count is how many materials of a portal type the caller may see.
type Count struct {
	Type  string `json:"type"`
	Tab   string `json:"tab"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// PackCount is the size of the caller's bid pack.
type PackCount struct {
	Count int `json:"count"`
}

// Home is GET /api/portal/home: everything the home page shows. A hidden section's part is empty (the
// unread count and the pack size are always given: the header shows them).
type Home struct {
	Sections      []Section    `json:"sections"`
	Banners       []HomeBanner `json:"banners"`
	Links         []HomeLink   `json:"links"`
	Counts        []Count      `json:"counts"`
	Announcements []Hit        `json:"announcements"`
	Messages      HomeMessages `json:"messages"`
	Recent        []Hit        `json:"recent"`
	Popular       []Hit        `json:"popular"`
	Pack          PackCount    `json:"pack"`
}

// Pack is GET /api/portal/pack.
type Pack struct {
	Records []PackItem `json:"records"`
}

/* ---------- what the portal needs of other areas ---------- */

// Hit is a material as the portal shows it: View is the library's PortalHit, sent as it is; the other fields
// are what the portal itself reads of it (the bid pack's folders, files and index).
type Hit struct {
	ID                             int64
	Type, TypeName, Title, Summary string
	UnitName, ValidTo              string
	Files                          []FileRef
	View                           any
	gone                           bool
	goneTab                        string
}

// MarshalJSON writes the library's view of the hit; a record no longer shown is {id, type, typeName, tab,
// title, gone: true} with the other fields empty.
func (h Hit) MarshalJSON() ([]byte, error) {
	if h.gone {
		return json.Marshal(map[string]any{"id": h.ID, "type": h.Type, "typeName": h.TypeName, "tab": h.goneTab, "title": h.Title,
			"summary": "", "unitName": "", "date": "", "validTo": "", "expiry": "", "downloads": 0, "fileCount": 0, "tags": []any{},
			"createdAt": nil, "gone": true})
	}
	return json.Marshal(h.View)
}

// TypeInfo is a portal type: its key, its detail tab ("" when it has none) and its name in a language.
type TypeInfo struct {
	Key, Tab, Name string
}

// FileRef is a file of a library record.
type FileRef struct {
	ID   int64
	Name string
}

// Library is what the portal needs of the bid-material library.
type Library interface {
	// Scope is the SQL condition limiting lib_record r to what the portal shows p (live, published, in the
	// portal's types and in the units p may see), with its arguments.
	Scope(ctx context.Context, p *auth.Principal) (string, []any, error)
	// Hits are the portal hits (with their files) of the records ids the portal shows p, in the order of
	// ids; the others are left out.
	Hits(ctx context.Context, p *auth.Principal, ids []int64, lang string) ([]Hit, error)
	// Counts are how many records of each portal type the portal shows p, by type key.
	Counts(ctx context.Context, p *auth.Principal) (map[string]int, error)
	// Types are the portal's types in menu order, with their tabs, named in lang.
	Types(lang string) []TypeInfo
}

// Files is what the portal needs of the files area.
type Files interface {
	// BannerImage is the id of the ready banner upload whose public address is url (an error when none).
	BannerImage(ctx context.Context, q db.Querier, url string) (int64, error)
	// LinkBanner makes the file the image of a banner inside tx (the image it replaces is removed).
	LinkBanner(ctx context.Context, tx *db.Tx, bannerID, fileID int64) error
	// SaveBanner stores an image as a banner upload; it answers its public address (demo data).
	SaveBanner(ctx context.Context, name string, userID int64, body io.Reader) (string, error)
	// Open returns a file's bytes.
	Open(ctx context.Context, fileID int64) (io.ReadCloser, error)
	// Downloaded counts a download of a file of the library record recordID of type recordType.
	Downloaded(ctx context.Context, fileID, userID int64, recordType string, recordID int64) error
}

// HitView describes what a Hit writes: the library's view of a material the portal shows (search, home
// page, bid pack). The answers' check holds the two together.
type HitView struct {
	ID         int64     `json:"id"`
	Type       string    `json:"type"`
	TypeName   string    `json:"typeName"`
	Tab        string    `json:"tab" doc:"the detail tab, '' for tender and announcement"`
	Title      string    `json:"title"`
	Summary    string    `json:"summary"`
	UnitName   string    `json:"unitName"`
	Date       string    `json:"date"`
	ValidTo    string    `json:"validTo"`
	Period     bool      `json:"period" doc:"validTo ends a service period (a contract), not a validity"`
	ValidFrom  string    `json:"validFrom" doc:"start of the validity or service period; '' when none"`
	Expiry     string    `json:"expiry" enum:",expired,expiring"`
	Downloads  int64     `json:"downloads"`
	FileCount  int       `json:"fileCount"`
	Tags       []TagView `json:"tags"`
	CreatedAt  time.Time `json:"createdAt"`
	Highlights struct {
		Title   [][2]int `json:"title,omitempty"`
		Summary [][2]int `json:"summary,omitempty"`
	} `json:"highlights"`
}

// TagView is a tag of a hit.
type TagView struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// PackItemView describes a hit of the bid pack: a record no longer shown is gone, with only id, type,
// typeName, tab and title filled (createdAt null, no highlights).
type PackItemView struct {
	ID         int64      `json:"id"`
	Type       string     `json:"type"`
	TypeName   string     `json:"typeName"`
	Tab        string     `json:"tab"`
	Title      string     `json:"title"`
	Summary    string     `json:"summary"`
	UnitName   string     `json:"unitName"`
	Date       string     `json:"date"`
	ValidTo    string     `json:"validTo"`
	Period     bool       `json:"period,omitempty"`
	ValidFrom  string     `json:"validFrom,omitempty"`
	Expiry     string     `json:"expiry" enum:",expired,expiring"`
	Downloads  int64      `json:"downloads"`
	FileCount  int        `json:"fileCount"`
	Tags       []TagView  `json:"tags"`
	CreatedAt  *time.Time `json:"createdAt"`
	Highlights *struct {
		Title   [][2]int `json:"title,omitempty"`
		Summary [][2]int `json:"summary,omitempty"`
	} `json:"highlights,omitempty"`
	Gone bool `json:"gone,omitempty" doc:"the portal no longer shows the record"`
}

// PackItem is a hit of the bid pack.
type PackItem struct{ Hit }

func (Hit) OpenAPIAs() any          { return HitView{} }
func (PackItem) OpenAPIAs() any     { return PackItemView{} }
func (HitView) OpenAPIName() string { return "PortalHit" }
func (PackItemView) OpenAPIName() string {
	return "PortalPackItem"
}
