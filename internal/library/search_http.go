package library

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// The portal search's HTTP calls and the JSON of its detail record.

// portalFilter is what PortalSearch binds; the checks and their messages are the search's own.
type portalFilter struct {
	Keywords string   `param:"keywords"`
	Types    []string `param:"type"`
	TagID    string   `param:"tagId"`
	Unit     string   `param:"unit"`
	Validity string   `param:"validity"`
	Year     string   `param:"year"`
	Sort     string   `param:"sort"`
	Facets   bool     `param:"facets"`
}

// PortalSearchIn describes the portal search's parameters.
type PortalSearchIn struct {
	Keywords string `param:"keywords" max:"50" doc:"part of the search text (title, code, holder, text fields) in any letter case; %, _, quotes and full-text syntax match themselves"`
	Type     string `param:"type" doc:"a portal type key, or several comma-separated (license,honor): expert, license, honor, contract, cakey, tender, plan, toolkit, announcement"`
	TagID    int64  `param:"tagId" doc:"has this tag"`
	Unit     string `param:"unit" doc:"the record's unit (fullUnitCode), exact"`
	Validity string `param:"validity" enum:"valid,expired" doc:"valid (no expiry date, or not past) or expired"`
	Year     string `param:"year" doc:"YYYY: the year of the record's own date (record_date, else valid_from, else created)"`
	Sort     string `param:"sort" enum:"relevance,newest,downloads" doc:"relevance (default with keywords: titles holding them first, then newest), newest (default otherwise), downloads"`
	Current  int    `param:"current" min:"1" max:"1000000" doc:"page, from 1"`
	Limit    int    `param:"limit" min:"1" max:"100" doc:"rows per page (default 10)"`
	Facets   bool   `param:"facets" doc:"1 or true: answer the facets too"`
}

// PortalSearch is GET /api/portal/search (docs/portal.md).
func (h *Handlers) PortalSearch(r *http.Request, in *httpx.Input) (any, error) {
	var f portalFilter
	if err := httpx.Bind(in, &f); err != nil {
		return nil, err
	}
	q := PortalQuery{Keywords: f.Keywords, Unit: f.Unit, Validity: strings.TrimSpace(f.Validity),
		Sort: strings.TrimSpace(f.Sort), Facets: f.Facets, Lang: httpx.Lang(r)}
	for _, v := range f.Types {
		q.Types = append(q.Types, strings.Split(v, ",")...)
	}
	if s := strings.TrimSpace(f.TagID); s != "" {
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return nil, httpx.BadRequest("http.bad_number", "tagId")
		}
		q.TagID = id
	}
	if s := strings.TrimSpace(f.Year); s != "" {
		if len(s) != 4 || strings.Trim(s, "0123456789") != "" {
			return nil, httpx.Fail("lib.portal.bad_year")
		}
		q.Year, _ = strconv.Atoi(s)
	}
	var err error
	if q.Current, q.Limit, err = list.Paging(in); err != nil {
		return nil, err
	}
	return h.svc.PortalSearch(r.Context(), auth.PrincipalFrom(r.Context()), q)
}

// PortalOne is GET /api/portal/record/one?id=: the record's flat JSON plus typeName, tab and downloads.
func (h *Handlers) PortalOne(r *http.Request, in httpx.IDIn) (PortalRecord, error) {
	rec, err := h.svc.PortalOne(r.Context(), auth.PrincipalFrom(r.Context()), in.ID)
	if err != nil {
		return PortalRecord{}, err
	}
	return PortalRecord{Record: rec, Lang: httpx.Lang(r)}, nil
}

// PortalRecord writes a record as the portal's detail shows it: the library's flat record JSON plus
// typeName (in Lang), tab and downloads.
type PortalRecord struct {
	*Record
	Lang string
}

func (p PortalRecord) MarshalJSON() ([]byte, error) {
	raw, err := p.Record.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	for _, f := range p.Type.Fields {
		if f.Private {
			delete(m, f.Key)
		}
	}
	for k, v := range map[string]any{"typeName": httpx.Translate(p.Lang, p.Type.PortalLabel()), "tab": TabOf(p.Type.Key), "downloads": p.Downloads} {
		if m[k], err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	return json.Marshal(m)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		PortalNotFound:                 {"该资料不存在或已下架", "This material does not exist or is no longer published"},
		"lib.portal.keywords_too_long": {"搜索关键词不能超过%d个字", "The keywords cannot exceed %d characters"},
		"lib.portal.bad_type":          {"不支持的资料类型：%s", "Unknown material type: %s"},
		"lib.portal.bad_validity":      {"有效状态只能是 valid 或 expired", "validity must be valid or expired"},
		"lib.portal.bad_year":          {"年份应为4位数字", "The year is written with 4 digits"},
		"lib.portal.bad_sort":          {"排序只能是 relevance、newest 或 downloads", "sort must be relevance, newest or downloads"},
		"lib.portal.validity.valid":    {"有效", "Valid"},
		"lib.portal.validity.expired":  {"已过期", "Expired"},
	})
}

// PortalRecordView describes what a PortalRecord writes.
type PortalRecordView struct {
	RecordView
	TypeName  string `json:"typeName"`
	Tab       string `json:"tab" doc:"the detail tab, '' for tender and announcement"`
	Downloads int64  `json:"downloads"`
}

func (PortalRecord) OpenAPIAs() any          { return PortalRecordView{} }
func (PortalRecordView) OpenAPIName() string { return "PortalRecord" }
func (PortalRecordView) OpenAPIOpen()        {}

// The names of the portal search's answer (the portal's own hit is PortalHit).
func (PortalResult) OpenAPIName() string { return "PortalResult" }
func (PortalFacet) OpenAPIName() string  { return "PortalFacet" }
func (PortalFacets) OpenAPIName() string { return "PortalFacets" }
func (PortalHit) OpenAPIName() string    { return "PortalSearchHit" }
