package portal

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
)

// packIDs are the records of the caller's bid pack, newest first.
func (s *Service) packIDs(ctx context.Context, q db.Querier, userID int64) ([]int64, error) {
	var ids []int64
	err := db.EachRow(ctx, q, `SELECT record_id FROM portal_pack WHERE user_id = ? ORDER BY added_at DESC, record_id DESC`, []any{userID},
		func(row interface{ Scan(...any) error }) error {
			var id int64
			err := row.Scan(&id)
			ids = append(ids, id)
			return err
		})
	return ids, err
}

func (s *Service) packCount(ctx context.Context, q db.Querier, userID int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM portal_pack WHERE user_id = ?`, userID).Scan(&n)
	return n, err
}

func uniqueIDs(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// PackAdd puts records the portal shows the caller into their bid pack (those already in it stay as they
// are); a record it does not show, or going over MaxPack, refuses the whole call. It answers the pack's size.
func (s *Service) PackAdd(ctx context.Context, p *auth.Principal, ids []int64) (_ PackCount, err error) {
	defer errs.Wrap(&err, "portal: pack add %v", ids)
	ids = uniqueIDs(ids)
	if len(ids) > MaxPack {
		return PackCount{}, httpx.Fail("portal.pack.too_many", MaxPack)
	}
	scope, sargs, err := s.lib.Scope(ctx, p)
	if err != nil {
		return PackCount{}, err
	}
	var out PackCount
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		shown := map[int64]bool{}
		err := db.EachRow(ctx, tx, `SELECT r.id FROM lib_record r WHERE r.id IN (`+db.Placeholders(len(ids))+`) AND `+scope,
			append(int64s(ids), sargs...), func(row interface{ Scan(...any) error }) error {
				var id int64
				err := row.Scan(&id)
				shown[id] = true
				return err
			})
		if err != nil {
			return err
		}
		for _, id := range ids {
			if !shown[id] {
				return httpx.Fail("portal.pack.not_shown")
			}
		}
		have, err := s.packIDs(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		in := map[int64]bool{}
		for _, id := range have {
			in[id] = true
		}
		var fresh []int64
		for _, id := range ids {
			if !in[id] {
				fresh = append(fresh, id)
			}
		}
		if len(have)+len(fresh) > MaxPack {
			return httpx.Fail("portal.pack.full", MaxPack, len(have))
		}
		now := s.now().UTC()
		for _, id := range fresh {
			if _, err := tx.Exec(ctx, `INSERT INTO portal_pack (user_id, record_id, added_at) VALUES (?, ?, ?) ON CONFLICT (user_id, record_id) DO NOTHING`,
				p.UserID, id, now); err != nil {
				return err
			}
		}
		out.Count, err = s.packCount(ctx, tx, p.UserID)
		return err
	})
	return out, err
}

// PackDel takes records out of the caller's bid pack (ids not in it are ignored); it answers the pack's size.
func (s *Service) PackDel(ctx context.Context, p *auth.Principal, ids []int64) (_ PackCount, err error) {
	defer errs.Wrap(&err, "portal: pack del %v", ids)
	ids = uniqueIDs(ids)
	if len(ids) > MaxPack {
		return PackCount{}, httpx.Fail("portal.pack.too_many", MaxPack)
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM portal_pack WHERE user_id = ? AND record_id IN (`+db.Placeholders(len(ids))+`)`,
		append([]any{p.UserID}, int64s(ids)...)...); err != nil {
		return PackCount{}, err
	}
	n, err := s.packCount(ctx, s.db, p.UserID)
	return PackCount{Count: n}, err
}

// PackClear empties the caller's bid pack.
func (s *Service) PackClear(ctx context.Context, p *auth.Principal) (_ PackCount, err error) {
	defer errs.Wrap(&err, "portal: pack clear")
	_, err = s.db.Exec(ctx, `DELETE FROM portal_pack WHERE user_id = ?`, p.UserID)
	return PackCount{}, err
}

// PackList is GET /api/portal/pack: the pack's records, newest first. A record the portal no longer shows
// the caller (deleted, unpublished, out of their units) stays in the pack, marked gone with only its type
// and title, until they take it out; it is left out of the download.
func (s *Service) PackList(ctx context.Context, p *auth.Principal, lang string) (_ *Pack, err error) {
	defer errs.Wrap(&err, "portal: pack list")
	ids, err := s.packIDs(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	out := &Pack{Records: []PackItem{}}
	if len(ids) == 0 {
		return out, nil
	}
	hits, err := s.lib.Hits(ctx, p, ids, lang)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Hit, len(hits))
	for _, h := range hits {
		byID[h.ID] = h
	}
	var goneIDs []int64
	for _, id := range ids {
		if _, ok := byID[id]; !ok {
			goneIDs = append(goneIDs, id)
		}
	}
	if len(goneIDs) > 0 {
		types := s.lib.Types(lang)
		names, tabs := map[string]string{}, tabsOf(types)
		for _, t := range types {
			names[t.Key] = t.Name
		}
		err := db.EachRow(ctx, s.db, `SELECT id, type, title FROM lib_record WHERE id IN (`+db.Placeholders(len(goneIDs))+`)`, int64s(goneIDs),
			func(row interface{ Scan(...any) error }) error {
				var h Hit
				if err := row.Scan(&h.ID, &h.Type, &h.Title); err != nil {
					return err
				}
				h.gone, h.TypeName, h.goneTab = true, names[h.Type], tabs[h.Type]
				byID[h.ID] = h
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	for _, id := range ids {
		if h, ok := byID[id]; ok {
			out.Records = append(out.Records, PackItem{h})
		}
	}
	return out, nil
}

/* ---------- the download ---------- */

// packEntry is a record of the download with its files.
type packEntry struct {
	hit   Hit
	files []FileRef
}

// PackDownload is what a download writes: the records the portal shows the caller, with their files.
type PackDownload struct {
	user    int64
	lang    string
	entries []packEntry
}

// PreparePack reads what the caller's pack download holds; an empty pack (or one whose records are all gone)
// is refused before anything is sent.
func (s *Service) PreparePack(ctx context.Context, p *auth.Principal, lang string) (_ *PackDownload, err error) {
	defer errs.Wrap(&err, "portal: prepare pack")
	ids, err := s.packIDs(ctx, s.db, p.UserID)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, httpx.Fail("portal.pack.empty")
	}
	// oldest first inside the zip's folders and the index: the order they were collected in
	for i, j := 0, len(ids)-1; i < j; i, j = i+1, j-1 {
		ids[i], ids[j] = ids[j], ids[i]
	}
	hits, err := s.lib.Hits(ctx, p, ids, lang)
	if err != nil {
		return nil, err
	}
	if len(hits) == 0 {
		return nil, httpx.Fail("portal.pack.all_gone")
	}
	d := &PackDownload{user: p.UserID, lang: lang}
	for _, h := range hits {
		d.entries = append(d.entries, packEntry{hit: h, files: h.Files})
	}
	return d, nil
}

// PackFileName is the name of the download on day.
func PackFileName(lang string, day time.Time) string {
	return httpx.Translate(lang, "portal.pack.file") + "-" + day.Format("20060102") + ".zip"
}

// stored are suffixes whose content is compressed already: stored as they are, not deflated again.
var stored = map[string]bool{"jpg": true, "jpeg": true, "png": true, "zip": true, "rar": true, "docx": true, "xlsx": true, "pptx": true, "pdf": true}

// WritePack streams the zip: a folder per type, in it a folder per record (its title) with the record's
// files, then the index workbook. Names are cleaned (no path separators or control characters) and numbered
// when they repeat. Every file written counts as a download of its record. A file whose bytes cannot be
// read is left out (and logged); the index lists what the zip holds.
func (s *Service) WritePack(ctx context.Context, w io.Writer, d *PackDownload) (err error) {
	defer errs.Wrap(&err, "portal: write pack")
	zw := zip.NewWriter(w)
	now := s.now()
	folders := newNamer()
	type row struct {
		hit   Hit
		names []string
	}
	rows := make([]row, 0, len(d.entries))
	for _, e := range d.entries {
		r := row{hit: e.hit}
		if len(e.files) > 0 {
			typeDir := cleanName(e.hit.TypeName, "portal.pack.no_type", d.lang)
			dir := folders.take(typeDir + "/" + cleanName(e.hit.Title, "portal.pack.untitled", d.lang))
			names := newNamer()
			for _, f := range e.files {
				name := names.take(cleanName(f.Name, "portal.pack.unnamed", d.lang))
				ok, err := s.packFile(ctx, zw, dir+"/"+name, f, now)
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
				r.names = append(r.names, name)
				if err := s.files.Downloaded(ctx, f.ID, d.user, e.hit.Type, e.hit.ID); err != nil {
					slog.Error("bid pack: count a download", "file", f.ID, "record", e.hit.ID, "err", err)
				}
			}
		}
		rows = append(rows, r)
	}
	iw, err := zw.CreateHeader(&zip.FileHeader{Name: httpx.Translate(d.lang, "portal.pack.index") + ".xlsx", Method: zip.Store, Modified: now})
	if err != nil {
		return err
	}
	lang := d.lang
	header := []string{httpx.Translate(lang, "portal.pack.col.type"), httpx.Translate(lang, "portal.pack.col.title"), httpx.Translate(lang, "portal.pack.col.summary"),
		httpx.Translate(lang, "portal.pack.col.unit"), httpx.Translate(lang, "portal.pack.col.validTo"), httpx.Translate(lang, "portal.pack.col.files")}
	err = export.WriteXLSX(iw, header, func(xw export.Writer) error {
		for _, r := range rows {
			if err := xw.Row(r.hit.TypeName, r.hit.Title, r.hit.Summary, r.hit.UnitName, r.hit.ValidTo, strings.Join(r.names, "\n")); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return zw.Close()
}

// packFile copies one file into the zip; false when its bytes could not be opened (it is left out).
func (s *Service) packFile(ctx context.Context, zw *zip.Writer, name string, f FileRef, at time.Time) (bool, error) {
	body, err := s.files.Open(ctx, f.ID)
	if err != nil {
		slog.Error("bid pack: a file cannot be read", "file", f.ID, "err", err)
		return false, nil
	}
	defer body.Close()
	method := zip.Deflate
	if dot := strings.LastIndex(name, "."); dot >= 0 && stored[strings.ToLower(name[dot+1:])] {
		method = zip.Store
	}
	fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: at})
	if err != nil {
		return false, err
	}
	if _, err := io.Copy(fw, body); err != nil {
		return false, fmt.Errorf("bid pack: copy file %d: %w", f.ID, err)
	}
	return true, nil
}

// MaxNameRunes bounds a folder or file name inside the zip.
const MaxNameRunes = 100

// cleanName makes text a safe name of one zip entry: path separators, characters Windows refuses and control
// characters become '_', surrounding blanks and dots go, long names are cut (keeping a file's suffix); an
// empty result is the fallback message.
func cleanName(s, fallback, lang string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '/' || r == '\\' || r == ':' || r == '*' || r == '?' || r == '"' || r == '<' || r == '>' || r == '|':
			b.WriteRune('_')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\ufeff' || r == utf8.RuneError:
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	name := strings.Trim(strings.TrimSpace(b.String()), ". ")
	if name == "" {
		return httpx.Translate(lang, fallback)
	}
	if runes := []rune(name); len(runes) > MaxNameRunes {
		suffix := ""
		if dot := strings.LastIndex(name, "."); dot > 0 && utf8.RuneCountInString(name[dot:]) <= 10 {
			suffix = name[dot:]
		}
		keep := MaxNameRunes - utf8.RuneCountInString(suffix)
		name = strings.TrimSpace(string(runes[:keep])) + suffix
	}
	return name
}

// namer numbers repeated names (in any letter case, as Windows compares them): a.pdf, a (2).pdf, a (3).pdf.
type namer map[string]bool

func newNamer() namer { return namer{} }

func (n namer) take(name string) string {
	base, suffix := name, ""
	if i := strings.LastIndex(name, "/"); i >= 0 {
		// a folder path: number the last part
		base = name
	} else if dot := strings.LastIndex(name, "."); dot > 0 {
		base, suffix = name[:dot], name[dot:]
	}
	candidate := name
	for i := 2; n[strings.ToLower(candidate)]; i++ {
		candidate = fmt.Sprintf("%s (%d)%s", base, i, suffix)
	}
	n[strings.ToLower(candidate)] = true
	return candidate
}
