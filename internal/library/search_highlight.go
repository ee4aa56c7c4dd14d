package library

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"biddesk/internal/platform/httpx"
)

// Portal hits: a record's summary and where the keywords occur in it.

// hits turns records into portal hits with the keywords highlighted.
func (s *Service) hits(recs []*Record, kw, lang string) []PortalHit {
	out := make([]PortalHit, 0, len(recs))
	for _, r := range recs {
		out = append(out, s.hit(r, kw, lang))
	}
	return out
}

// PortalHits turns records read by the caller (with their tags and files) into portal hits, for the
// other portal pages (home, bid pack).
func (s *Service) PortalHits(recs []*Record, lang string) []PortalHit { return s.hits(recs, "", lang) }

func (s *Service) hit(r *Record, kw, lang string) PortalHit {
	h := PortalHit{ID: r.ID, Type: r.Type.Key, TypeName: httpx.Translate(lang, r.Type.PortalLabel()), Tab: TabOf(r.Type.Key),
		Title: r.Title(), Summary: s.summary(r), UnitName: r.UnitName, ValidTo: r.ValidTo(), Expiry: r.Expiry,
		Period: r.Type.Period, ValidFrom: r.ValidFrom(),
		Downloads: r.Downloads, FileCount: len(r.Files), Tags: r.Tags, CreatedAt: r.CreatedAt,
		Highlights: Highlights{Title: []Range{}, Summary: []Range{}}}
	if h.Tags == nil {
		h.Tags = []Tag{}
	}
	for _, c := range []string{ColDate, ColFrom} {
		if d, _ := r.cols[c].(string); d != "" {
			h.Date = d
			break
		}
	}
	if h.Date == "" {
		h.Date = r.CreatedAt.Format(dateLayout)
	}
	if kw != "" {
		h.Highlights.Title = Highlight(h.Title, kw)
		h.Highlights.Summary = Highlight(h.Summary, kw)
	}
	return h
}

// summaryFields are the fields of a hit's one-line summary, by type: who holds it (holder, client, buyer,
// job title) and its code, or what it is.
var summaryFields = map[string][]string{
	TypeExpert:       {"jobTitle", "education"},
	TypeLicense:      {"holder", "number"},
	TypeHonor:        {"holder", "number"},
	TypeContract:     {"client", "number"},
	TypeCAKey:        {"holder", "keyNumber"},
	TypeTender:       {"buyer", "number"},
	TypePlan:         {"category", "version"},
	TypeToolkit:      {"category", "version"},
	TypeAnnouncement: {"content"},
	TypeGovReg:       {"authority", "region", "number"},
}

// summary is a record's one-line description: its summary fields' values (dictionary labels, the text of
// rich text), joined by " · ", on one line, at most summaryMax characters.
func (s *Service) summary(r *Record) string {
	var parts []string
	for _, key := range summaryFields[r.Type.Key] {
		f := r.Type.Field(key)
		if f == nil {
			continue
		}
		var v string
		switch f.Kind {
		case KindDict:
			v = s.label(f.Dict, r.Text(f))
		case KindRich:
			v = htmlText(r.Text(f))
		default:
			v = r.Text(f)
		}
		if v = strings.Join(strings.Fields(v), " "); v != "" {
			parts = append(parts, v)
		}
	}
	out := strings.Join(parts, " · ")
	if utf8.RuneCountInString(out) > summaryMax {
		out = string([]rune(out)[:summaryMax-1]) + "…"
	}
	return out
}

// Highlight finds every occurrence of kw (lower-case) in text, in any letter case, without overlaps, as
// UTF-16 code-unit ranges.
func Highlight(text, kw string) []Range {
	out := []Range{}
	key := []rune(kw)
	if len(key) == 0 {
		return out
	}
	for i := range key {
		key[i] = unicode.ToLower(key[i])
	}
	runes := []rune(text)
	// at[i]: the UTF-16 offset of runes[i]
	at := make([]int, len(runes)+1)
	for i, r := range runes {
		n := utf16.RuneLen(r)
		if n < 1 {
			n = 1 // an invalid rune is written as U+FFFD, one unit
		}
		at[i+1] = at[i] + n
	}
	for i := 0; i+len(key) <= len(runes); {
		match := true
		for j, k := range key {
			if unicode.ToLower(runes[i+j]) != k {
				match = false
				break
			}
		}
		if match {
			out = append(out, Range{at[i], at[i+len(key)]})
			i += len(key)
			continue
		}
		i++
	}
	return out
}

/* ---------- one record ---------- */
