package portal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/library"
)

// The portal's search, one record and download counts (docs/portal.md).

type searchFacet struct {
	Value string `json:"value"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

type searchHit struct {
	ID         int64    `json:"id"`
	Type       string   `json:"type"`
	TypeName   string   `json:"typeName"`
	Tab        string   `json:"tab"`
	Title      string   `json:"title"`
	Summary    string   `json:"summary"`
	UnitName   string   `json:"unitName"`
	Date       string   `json:"date"`
	ValidTo    string   `json:"validTo"`
	Period     bool     `json:"period"`
	ValidFrom  string   `json:"validFrom"`
	Expiry     string   `json:"expiry"`
	Downloads  int64    `json:"downloads"`
	FileCount  int      `json:"fileCount"`
	Tags       []libTag `json:"tags"`
	CreatedAt  string   `json:"createdAt"`
	Highlights struct {
		Title   [][2]int `json:"title"`
		Summary [][2]int `json:"summary"`
	} `json:"highlights"`
}

type libTag struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

type searchResult struct {
	Records []searchHit `json:"records"`
	Current int         `json:"current"`
	Limit   int         `json:"limit"`
	Total   int         `json:"total"`
	Pages   int         `json:"pages"`
	Facets  *struct {
		Type     []searchFacet `json:"type"`
		Tag      []searchFacet `json:"tag"`
		Unit     []searchFacet `json:"unit"`
		Validity []searchFacet `json:"validity"`
		Year     []searchFacet `json:"year"`
	} `json:"facets"`
}

func search(e *apptest.Env, tok string, q url.Values) searchResult {
	e.T.Helper()
	var out searchResult
	e.Done("GET", library.PortalSearchPath+"?"+q.Encode(), tok, nil, &out)
	return out
}

// titles are a search's titles in order.
func (r searchResult) titles() []string {
	out := make([]string, len(r.Records))
	for i, h := range r.Records {
		out[i] = h.Title
	}
	return out
}

func (r searchResult) ids() map[int64]bool {
	out := map[int64]bool{}
	for _, h := range r.Records {
		out[h.ID] = true
	}
	return out
}

func facetMap(fs []searchFacet) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		out[f.Value] = f.Count
	}
	return out
}

// emptyLibrary hides the demo records, so the searches below see only what the test writes.
func emptyLibrary(e *apptest.Env) {
	e.T.Helper()
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE lib_record SET deleted_at = ? WHERE deleted_at IS NULL`, time.Now().UTC()); err != nil {
		e.T.Fatal(err)
	}
}

func addTag(e *apptest.Env, tok, name string) int64 {
	e.T.Helper()
	var out struct{ ID int64 }
	e.Done("POST", "/api/library/tag/add", tok, map[string]any{"name": name, "color": "#1677ff"}, &out)
	return out.ID
}

func kw(s string, more ...string) url.Values {
	q := url.Values{"keywords": {s}}
	for i := 0; i+1 < len(more); i += 2 {
		q.Set(more[i], more[i+1])
	}
	return q
}

func TestPortalSearchFindsSubstringsOfAnyLengthAndCase(t *testing.T) {
	e := apptest.New(t)
	emptyLibrary(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	lic := e.LibAdd(admin, "license", map[string]any{"title": "华信物业服务资质证书", "licenseType": "business", "number": "HX-ZZ-001", "holder": "华信服务股份有限公司", "validTo": "2031-01-01"})
	honor := e.LibAdd(admin, "honor", map[string]any{"title": "ISO Quality Award", "holder": "Acme_Corp 100%", "number": "Q-9"})
	contract := e.LibAdd(admin, "contract", map[string]any{"title": `合同 "a OR b" 第*号`, "client": "某医院"})
	plain := e.LibAdd(admin, "tender", map[string]any{"title": "a 与 b 招标", "buyer": "acmeXcorp 1000"})
	emoji := e.LibAdd(admin, "plan", map[string]any{"title": "😀证书证书", "category": "property"})

	for _, c := range []struct {
		kw   string
		want []int64
	}{
		{"物业", []int64{lic}},        // 2 characters: LIKE
		{"业", []int64{lic}},         // 1 character
		{"服务资质", []int64{lic}},      // 3+: the full-text index
		{"资质证书", []int64{lic}},      // the end of the title
		{"华信服务股份", []int64{lic}},    // the holder
		{"hx-zz", []int64{lic}},     // the code, in another letter case
		{"quality", []int64{honor}}, // letter case
		{"QUALITY AWARD", []int64{honor}},
		{"  Quality  ", []int64{honor}}, // trimmed
		{"100%", []int64{honor}},        // % is a character, not a wildcard
		{"%", []int64{honor}},
		{"_", []int64{honor}}, // so is _
		{"e_c", []int64{honor}},
		{"a or b", []int64{contract}}, // FTS syntax is text
		{"A OR B", []int64{contract}},
		{`"`, []int64{contract}},
		{`"a or`, []int64{contract}},
		{`*`, []int64{contract}},
		{`第*号`, []int64{contract}},
		{`b" 第*`, []int64{contract}},
		{"证书", []int64{lic, emoji}},
		{"nothing here", nil},
		{"NEAR(a b)", nil},
		{"a AND b", nil},
		{"-", []int64{lic, honor}},
	} {
		r := search(e, admin, kw(c.kw, "limit", "100"))
		got := r.ids()
		if r.Total != len(c.want) || len(got) != len(c.want) {
			t.Errorf("%q: total %d %v, want %v", c.kw, r.Total, r.titles(), c.want)
			continue
		}
		for _, id := range c.want {
			if !got[id] {
				t.Errorf("%q: %v misses %d", c.kw, r.titles(), id)
			}
		}
	}
	_ = plain

	// highlights: UTF-16 ranges of every occurrence in the title and the summary
	r := search(e, admin, kw("证书"))
	for _, h := range r.Records {
		switch h.ID {
		case lic:
			if fmt.Sprint(h.Highlights.Title) != "[[8 10]]" || len(h.Highlights.Summary) != 0 {
				t.Errorf("licence highlights: %+v", h.Highlights)
			}
		case emoji:
			// the emoji is two UTF-16 units
			if fmt.Sprint(h.Highlights.Title) != "[[2 4] [4 6]]" {
				t.Errorf("emoji highlights: %+v", h.Highlights)
			}
		}
	}
	r = search(e, admin, kw("ACME"))
	if r.Total != 2 {
		t.Fatalf("acme: %v", r.titles())
	}
	for _, h := range r.Records {
		if h.ID == honor && (h.Summary != "Acme_Corp 100% · Q-9" || fmt.Sprint(h.Highlights.Summary) != "[[0 4]]" || len(h.Highlights.Title) != 0) {
			t.Errorf("honour hit: %+v", h)
		}
		if h.ID == plain && (h.Summary != "acmeXcorp 1000" || fmt.Sprint(h.Highlights.Summary) != "[[0 4]]") {
			t.Errorf("tender hit: %+v", h)
		}
	}

	// at most 50 characters
	search(e, admin, kw(strings.Repeat("证", 50)))
	e.Refused("GET", library.PortalSearchPath+"?"+kw(strings.Repeat("证", 51)).Encode(), admin, nil, "搜索关键词不能超过50个字")

	// the index follows edits and deletes
	e.Done("PUT", "/api/library/license/edit", admin, map[string]any{"id": lic, "title": "华信保洁服务资质证书", "licenseType": "business", "number": "HX-ZZ-001",
		"holder": "华信服务股份有限公司", "validTo": "2031-01-01"}, nil)
	if r := search(e, admin, kw("物业服务")); r.Total != 0 {
		t.Errorf("old title still found: %v", r.titles())
	}
	if r := search(e, admin, kw("保洁服务")); r.Total != 1 || r.Records[0].ID != lic {
		t.Errorf("new title: %v", r.titles())
	}
	e.Done("DELETE", "/api/library/license/del", admin, map[string]any{"ids": []int64{lic}}, nil)
	if r := search(e, admin, kw("保洁服务")); r.Total != 0 {
		t.Errorf("deleted record found: %v", r.titles())
	}
}

func TestPortalSearchFiltersFacetsPagingAndSorts(t *testing.T) {
	e := apptest.New(t)
	emptyLibrary(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	red, blue := addTag(e, admin, "检索红"), addTag(e, admin, "检索蓝")
	// in creation order (newest last)
	a := e.LibAdd(admin, "license", map[string]any{"title": "检索证照甲", "licenseType": "business", "holder": "检索公司", "unitCode": "100104",
		"validFrom": "2022-03-01", "validTo": apptest.Day(-1), "tags": []int64{red}})
	b := e.LibAdd(admin, "license", map[string]any{"title": "检索证照乙", "licenseType": "business", "holder": "检索公司", "unitCode": "100104",
		"validFrom": "2023-03-01", "validTo": apptest.Day(400), "tags": []int64{red, blue}})
	c := e.LibAdd(admin, "honor", map[string]any{"title": "检索荣誉", "holder": "检索证照公司", "unitCode": "100201003", "awardDate": "2023-05-01", "tags": []int64{blue}})
	d := e.LibAdd(admin, "contract", map[string]any{"title": "检索合同", "client": "客户", "signDate": "2024-01-02", "endDate": apptest.Day(-30)}) // no unit; not an expiry type
	f := e.LibAdd(admin, "toolkit", map[string]any{"title": "检索工具"})
	thisYear := time.Now().UTC().Format("2006")

	all := search(e, admin, url.Values{"facets": {"1"}})
	if all.Total != 5 || all.Pages != 1 || all.Current != 1 || all.Limit != 10 {
		t.Fatalf("everything: %+v", all)
	}
	// newest first by default without keywords
	if got := all.titles(); strings.Join(got, ",") != "检索工具,检索合同,检索荣誉,检索证照乙,检索证照甲" {
		t.Errorf("newest: %v", got)
	}
	fc := all.Facets
	if fc == nil {
		t.Fatal("no facets")
	}
	if got := facetMap(fc.Type); len(got) != 4 || got["license"] != 2 || got["honor"] != 1 || got["contract"] != 1 || got["toolkit"] != 1 {
		t.Errorf("type facet: %+v", fc.Type)
	}
	if fc.Type[0].Value != "license" || fc.Type[0].Label != "企业证照" {
		t.Errorf("type facet order and label: %+v", fc.Type)
	}
	if got := facetMap(fc.Tag); len(got) != 2 || got[itoa(red)] != 2 || got[itoa(blue)] != 2 || fc.Tag[0].Label == "" {
		t.Errorf("tag facet: %+v", fc.Tag)
	}
	if got := facetMap(fc.Unit); len(got) != 2 || got["100104"] != 2 || got["100201003"] != 1 || fc.Unit[0].Value != "100104" || fc.Unit[0].Label == "100104" {
		t.Errorf("unit facet: %+v", fc.Unit)
	}
	// only the licence past its expiry date is expired (the contract's end date is no expiry)
	if got := facetMap(fc.Validity); got["valid"] != 4 || got["expired"] != 1 || fc.Validity[0].Label != "有效" {
		t.Errorf("validity facet: %+v", fc.Validity)
	}
	// years: valid_from 2022 and 2023, award 2023, sign date 2024, the toolkit's creation
	wantYears := map[string]int{"2022": 1, "2023": 2, "2024": 1}
	wantYears[thisYear]++
	if got := facetMap(fc.Year); fmt.Sprint(got) != fmt.Sprint(wantYears) {
		t.Errorf("year facet: %+v, want %v", fc.Year, wantYears)
	}
	if !sort.SliceIsSorted(fc.Year, func(i, j int) bool { return fc.Year[i].Value > fc.Year[j].Value }) {
		t.Errorf("years newest first: %+v", fc.Year)
	}

	// each filter
	for _, c := range []struct {
		q    url.Values
		want []int64
	}{
		{url.Values{"type": {"license"}}, []int64{b, a}},
		{url.Values{"type": {"license,honor"}}, []int64{c, b, a}},
		{url.Values{"type": {"toolkit", "contract"}}, []int64{f, d}},
		{url.Values{"tagId": {itoa(red)}}, []int64{b, a}},
		{url.Values{"tagId": {itoa(blue)}}, []int64{c, b}},
		{url.Values{"unit": {"100104"}}, []int64{b, a}},
		{url.Values{"unit": {"1001"}}, nil}, // exact, not the unit and below
		{url.Values{"validity": {"expired"}}, []int64{a}},
		{url.Values{"validity": {"valid"}}, []int64{f, d, c, b}},
		{url.Values{"year": {"2023"}}, []int64{c, b}},
		{url.Values{"year": {"2022"}}, []int64{a}},
		{url.Values{"year": {thisYear}}, []int64{f}},
		{url.Values{"keywords": {"证照"}}, []int64{b, a, c}}, // relevance: titles first, then newest
		{url.Values{"keywords": {"证照"}, "sort": {"newest"}}, []int64{c, b, a}},
		{url.Values{"keywords": {"检索证照"}, "type": {"license"}, "tagId": {itoa(blue)}, "unit": {"100104"}, "validity": {"valid"}, "year": {"2023"}}, []int64{b}},
	} {
		r := search(e, admin, c.q)
		var got []int64
		for _, h := range r.Records {
			got = append(got, h.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) || r.Total != len(c.want) {
			t.Errorf("%v: %v (total %d), want %v", c.q, r.titles(), r.Total, c.want)
		}
	}
	// a facet leaves its own filter out: choosing licences still shows the other types
	r := search(e, admin, url.Values{"type": {"license"}, "facets": {"1"}})
	if got := facetMap(r.Facets.Type); len(got) != 4 || got["honor"] != 1 {
		t.Errorf("type facet under a type filter: %+v", r.Facets.Type)
	}
	if got := facetMap(r.Facets.Unit); len(got) != 1 || got["100104"] != 2 {
		t.Errorf("unit facet under a type filter: %+v", r.Facets.Unit)
	}
	if got := facetMap(r.Facets.Validity); got["valid"] != 1 || got["expired"] != 1 {
		t.Errorf("validity facet under a type filter: %+v", r.Facets.Validity)
	}
	// no facets unless asked
	if r := search(e, admin, nil); r.Facets != nil {
		t.Errorf("facets without facets=1: %+v", r.Facets)
	}

	// paging
	r = search(e, admin, url.Values{"limit": {"2"}, "current": {"2"}})
	if r.Total != 5 || r.Pages != 3 || r.Current != 2 || r.Limit != 2 || strings.Join(r.titles(), ",") != "检索荣誉,检索证照乙" {
		t.Errorf("page 2: %+v", r)
	}
	if r := search(e, admin, url.Values{"limit": {"2"}, "current": {"4"}}); r.Total != 5 || len(r.Records) != 0 {
		t.Errorf("past the end: %+v", r)
	}
	// most downloaded first (ties newest first)
	for id, n := range map[int64]int{a: 3, c: 5} {
		if _, err := e.App.DB.Exec(context.Background(), `UPDATE lib_record SET downloads = ? WHERE id = ?`, n, id); err != nil {
			t.Fatal(err)
		}
	}
	r = search(e, admin, url.Values{"sort": {"downloads"}})
	if got := r.titles(); strings.Join(got, ",") != "检索荣誉,检索证照甲,检索工具,检索合同,检索证照乙" || r.Records[0].Downloads != 5 {
		t.Errorf("downloads: %v", got)
	}

	// the hit's fields
	r = search(e, admin, url.Values{"type": {"license"}})
	h := r.Records[1] // a
	if h.ID != a || h.Type != "license" || h.TypeName != "企业证照" || h.Tab != "enterprise" || h.Summary != "检索公司" || h.UnitName == "" ||
		h.Date != "2022-03-01" || h.ValidTo != apptest.Day(-1) || h.Expiry != "expired" || h.Downloads != 3 || len(h.Tags) != 1 || h.Tags[0].ID != red ||
		h.CreatedAt == "" || h.FileCount != 0 {
		t.Errorf("hit: %+v", h)
	}
	if h := r.Records[0]; h.Expiry != "" || len(h.Tags) != 2 {
		t.Errorf("hit b: %+v", h)
	}
	// English names
	var en searchResult
	_, env := e.Call("GET", library.PortalSearchPath+"?type=license&facets=1", admin, nil, "Accept-Language", "en")
	if env.Code != 0 || json.Unmarshal(env.Data, &en) != nil || en.Records[0].TypeName != "Enterprise licences" {
		t.Errorf("English type name: %+v", en.Records)
	}
	if facetMap(en.Facets.Validity)["valid"] != 1 || en.Facets.Validity[0].Label != "Valid" {
		t.Errorf("English validity: %+v", en.Facets.Validity)
	}

	// refusals are messages, never a server error
	for q, msg := range map[string]string{
		"type=message":      "不支持的资料类型：message",
		"type=license,nope": "不支持的资料类型：nope",
		"validity=soon":     "有效状态只能是 valid 或 expired",
		"year=23":           "年份应为4位数字",
		"year=abcd":         "年份应为4位数字",
		"year=20235":        "年份应为4位数字",
		"sort=title":        "排序只能是 relevance、newest 或 downloads",
		"tagId=x":           "参数 tagId 必须是整数",
		"tagId=-1":          "参数 tagId 必须是整数",
		"current=0":         "页码须在1到1000000之间",
		"limit=101":         "每页条数须在1到100之间",
		"limit=0":           "每页条数须在1到100之间",
		"limit=x":           "参数 limit 必须是整数",
		"unit=1%00":         "参数 unit 含有不允许的字符（控制字符或无效的 UTF-8 编码）",
		"unit=%FF":          "参数 unit 含有不允许的字符（控制字符或无效的 UTF-8 编码）",
		"keywords=%FF":      "参数 keywords 含有不允许的字符（控制字符或无效的 UTF-8 编码）",
		"keywords=检索%00证照":  "参数 keywords 含有不允许的字符（控制字符或无效的 UTF-8 编码）", // the input rule, on both databases
	} {
		e.Refused("GET", library.PortalSearchPath+"?"+q, admin, nil, msg)
	}
}

func TestPortalSearchShowsOnlyWhatThePortalShowsTheCaller(t *testing.T) {
	e := apptest.New(t)
	emptyLibrary(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.LibStaff(admin) // unit 100201003; entries wait for review
	mine := e.LibAdd(admin, "honor", map[string]any{"title": "范围荣誉本单位", "unitCode": "100201003"})
	other := e.LibAdd(admin, "honor", map[string]any{"title": "范围荣誉他单位", "unitCode": "100104"})
	common := e.LibAdd(admin, "honor", map[string]any{"title": "范围荣誉全公司"})
	pending := e.LibAdd(staff, "honor", map[string]any{"title": "范围荣誉待审核"})
	deleted := e.LibAdd(admin, "honor", map[string]any{"title": "范围荣誉已删除"})
	e.Done("DELETE", "/api/library/honor/del", admin, map[string]any{"ids": []int64{deleted}}, nil)
	msg := e.LibAdd(admin, "message", map[string]any{"title": "范围荣誉消息", "content": "x", "recipient": "staff"})
	live := e.LibAdd(admin, "announcement", map[string]any{"title": "范围公告进行中", "content": "<p>范围</p>", "publishFrom": apptest.Day(-1), "publishTo": apptest.Day(1)})
	open := e.LibAdd(admin, "announcement", map[string]any{"title": "范围公告不限期", "content": "<p>范围</p>"})
	lastDay := e.LibAdd(admin, "announcement", map[string]any{"title": "范围公告今天截止", "content": "<p>范围</p>", "publishTo": apptest.Day(0)})
	future := e.LibAdd(admin, "announcement", map[string]any{"title": "范围公告未开始", "content": "<p>范围</p>", "publishFrom": apptest.Day(1)})
	past := e.LibAdd(admin, "announcement", map[string]any{"title": "范围公告已结束", "content": "<p>范围</p>", "publishTo": apptest.Day(-1)})

	shown := func(tok, kw string) map[int64]bool {
		t.Helper()
		return search(e, tok, url.Values{"keywords": {kw}, "limit": {"100"}}).ids()
	}
	for _, tok := range []string{admin, staff} { // without a 'portal' data scope, every unit
		got := shown(tok, "范围")
		for _, id := range []int64{mine, other, common, live, open, lastDay} {
			if !got[id] {
				t.Errorf("missing %d: %v", id, got)
			}
		}
		for _, id := range []int64{pending, deleted, msg, future, past} {
			if got[id] {
				t.Errorf("shown %d: %v", id, got)
			}
		}
		if len(got) != 6 {
			t.Errorf("shown %v", got)
		}
	}
	// the announcement's summary is its text
	if r := search(e, admin, url.Values{"keywords": {"范围公告进行中"}}); r.Total != 1 || r.Records[0].Summary != "范围" || r.Records[0].Tab != "" {
		t.Errorf("announcement hit: %+v", r.Records)
	}
	// a role with a 'portal' data scope sees its units (and the whole company's records)
	roleID := e.RoleID(admin, "staff")
	e.Done("PUT", "/api/sys/role/dataScope", admin, map[string]any{"roleId": roleID, "scopes": []map[string]any{{"moduleName": "portal", "scope": "unit_and_below"}}}, nil)
	got := shown(staff, "范围荣誉")
	if len(got) != 2 || !got[mine] || !got[common] {
		t.Errorf("staff with a portal scope: %v", got)
	}
	if r := search(e, staff, url.Values{"facets": {"1"}, "type": {"honor"}}); r.Total != 2 || len(r.Facets.Unit) != 1 || r.Facets.Unit[0].Value != "100201003" {
		t.Errorf("staff facets: %+v", r)
	}
	if got := shown(admin, "范围荣誉"); len(got) != 3 {
		t.Errorf("admin: %v", got)
	}

	// one record
	var one map[string]any
	e.Done("GET", library.PortalOnePath+"?id="+itoa(mine), staff, nil, &one)
	if one["title"] != "范围荣誉本单位" || one["typeName"] != "荣誉资质" || one["tab"] != "honor" || one["downloads"] != float64(0) ||
		one["unitCodeName"] == "" || one["type"] != "honor" {
		t.Errorf("one: %+v", one)
	}
	for _, id := range []int64{other, pending, deleted, msg, future, past, 999999} {
		e.Refused("GET", library.PortalOnePath+"?id="+itoa(id), staff, nil, "该资料不存在或已下架")
	}
	if _, r := e.Call("GET", library.PortalOnePath+"?id="+itoa(other), staff, nil, "Accept-Language", "en"); r.Message != "This material does not exist or is no longer published" {
		t.Errorf("English: %+v", r)
	}
	// personal data stays in the library: an expert's mobile is not shown in the portal
	expert := e.LibAdd(admin, "expert", map[string]any{"title": "范围专家", "jobTitle": "工程师", "phone": "13912345678"})
	var ex map[string]any
	e.Done("GET", library.PortalOnePath+"?id="+itoa(expert), staff, nil, &ex)
	if _, has := ex["phone"]; has || ex["jobTitle"] != "工程师" {
		t.Errorf("portal expert: %+v", ex)
	}
	e.Done("GET", "/api/library/expert/one?id="+itoa(expert), admin, nil, &ex)
	if ex["phone"] != "13912345678" {
		t.Errorf("library expert: %+v", ex)
	}
	e.Refused("GET", library.PortalOnePath+"?id=x", staff, nil, "参数 id 必须是整数")
	e.Refused("GET", library.PortalOnePath, staff, nil, "缺少参数 id")
	// signed-in calls only
	if resp, _ := e.Call("GET", library.PortalSearchPath, "", nil); resp.StatusCode != 401 {
		t.Errorf("anonymous search: %d", resp.StatusCode)
	}
}

func TestPortalDownloadsAreCounted(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	scan := e.LibUpload(admin, "资质扫描件.pdf")
	id := e.LibAdd(admin, "license", map[string]any{"title": "下载计数证照", "licenseType": "business", "holder": "甲公司",
		"scans": []map[string]any{{"id": scan, "name": "资质扫描件.pdf"}}})
	otherID := e.LibAdd(admin, "honor", map[string]any{"title": "另一条记录"})
	downloads := func(id int64) float64 {
		t.Helper()
		var one map[string]any
		e.Done("GET", library.PortalOnePath+"?id="+itoa(id), admin, nil, &one)
		return one["downloads"].(float64)
	}
	if downloads(id) != 0 {
		t.Fatal("a new record has downloads")
	}
	for i := 0; i < 2; i++ {
		if resp, body := e.Fetch("/api/sys/common/file/down?id="+itoa(scan), admin); resp.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF") {
			t.Fatalf("download: %d %s", resp.StatusCode, body)
		}
	}
	// a request naming another record counts for the file's own record
	if resp, body := e.Fetch(fmt.Sprintf("/api/sys/common/file/down?id=%d&recordType=honor&recordId=%d", scan, otherID), admin); resp.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF") {
		t.Fatalf("download naming another record: %d %s", resp.StatusCode, body)
	}
	if got, other := downloads(id), downloads(otherID); got != 3 || other != 0 {
		t.Errorf("downloads %v, other %v", got, other)
	}
	r := search(e, admin, url.Values{"keywords": {"下载计数"}})
	if r.Total != 1 || r.Records[0].Downloads != 3 || r.Records[0].FileCount != 1 {
		t.Errorf("hit: %+v", r.Records)
	}
	// RecordDownload (the bid pack's downloads) counts too
	if err := e.App.Files.RecordDownload(context.Background(), scan, e.UserID("admin"), "library.license", id); err != nil {
		t.Fatal(err)
	}
	if got := downloads(id); got != 4 {
		t.Errorf("after RecordDownload: %v", got)
	}
	if n := e.Count(`SELECT COUNT(*) FROM file_download WHERE file_id = ?`, scan); n != 4 {
		t.Errorf("download lines: %d", n)
	}
}

func TestPortalTypesAndTabs(t *testing.T) {
	want := map[string]string{"license": "enterprise", "expert": "expert", "contract": "contract", "honor": "honor", "cakey": "caKeyClass",
		"plan": "service", "toolkit": "packs", "govreg": "govAdoption", "tender": "", "announcement": ""}
	var keys []string
	for _, typ := range library.PortalTypes() {
		keys = append(keys, typ.Key)
		if got := library.TabOf(typ.Key); got != want[typ.Key] {
			t.Errorf("TabOf(%s) = %q, want %q", typ.Key, got, want[typ.Key])
		}
		if tab := want[typ.Key]; tab != "" && library.TypeOfTab(tab) != typ {
			t.Errorf("TypeOfTab(%s) = %v", tab, library.TypeOfTab(tab))
		}
	}
	if len(keys) != len(want) {
		t.Errorf("portal types: %v", keys)
	}
	if library.TabOf("message") != "" || library.TypeOfTab("nope") != nil || library.TypeOfTab("") != nil {
		t.Error("unknown types and tabs")
	}
}

// Every write path fills the search text: imported records are found like entered ones.
func TestPortalSearchFindsImportedRecords(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	header := []string{"证照名称", "证照类型", "证照编号", "持证单位", "所属组织", "有效期至", "备注"}
	book := apptest.Workbook(t, map[string][][]string{"企业证照": {header,
		{"导入检索资质证书", "营业执照", "IMP-77", "检索导入公司", "100104", "2030-01-01", ""},
	}})
	var rep library.ImportReport
	if r := e.Upload("/api/library/license/import", tok, "l.xlsx", book); r.Code != 0 || json.Unmarshal(r.Data, &rep) != nil || rep.Created != 1 {
		t.Fatalf("import: %+v", r)
	}
	for _, k := range []string{"导入检索", "检索", "imp-77", "检索导入公司"} {
		if r := search(e, tok, kw(k)); r.Total != 1 || r.Records[0].Title != "导入检索资质证书" || r.Records[0].Summary != "检索导入公司 · IMP-77" {
			t.Errorf("%q: %+v", k, r.Records)
		}
	}
	// a unit filter is a value, never SQL
	if r := search(e, tok, url.Values{"unit": {"100104' OR '1'='1"}}); r.Total != 0 {
		t.Errorf("unit injection: %d", r.Total)
	}
}

// A contract's card shows its service period (valid_from..valid_to), a licence's its validity.
func TestPortalHitsTellAServicePeriodFromAValidity(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("staff", "Staff@123").AccessToken
	contracts := search(e, tok, url.Values{"type": {"contract"}})
	if contracts.Total == 0 {
		t.Fatal("no demo contracts")
	}
	for _, h := range contracts.Records {
		if !h.Period || h.ValidFrom == "" || h.ValidTo == "" || h.ValidFrom > h.ValidTo {
			t.Errorf("contract %q: period %v from %q to %q", h.Title, h.Period, h.ValidFrom, h.ValidTo)
		}
	}
	for _, h := range search(e, tok, url.Values{"type": {"license"}}).Records {
		if h.Period {
			t.Errorf("licence %q is a period", h.Title)
		}
	}
}
