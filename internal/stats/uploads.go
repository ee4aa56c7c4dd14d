package stats

import (
	"biddesk/internal/platform/errs"
	"context"
	"strings"
)

// Uploads is /data_upload: files uploaded for the library per material type, unit and uploader, and the
// records added and changed per period (added: lib_record; changed: the business log's updates).
func (s *Service) Uploads(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: uploads")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	k, err := c.kind()
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("u.unit_code")
	span := []any{c.from, c.to}
	// the uploads of the scope's accounts (counted from the covering index sys_file_stats alone: the uploaders' units
	// are read once per uploader, not once per file)
	who, whoArgs := c.accounts("f.uploaded_by")
	files := `FROM sys_file f WHERE f.module = 'library' AND f.state <> 'uploading' AND f.created_at >= ? AND f.created_at < ? AND ` + who
	fargs := append(append([]any{}, span...), whoArgs...)
	// the records added and the updates, of the library's types (message to-dos are not materials)
	var codes []any
	var keys []any
	for _, kd := range c.s.kinds {
		if k == nil || kd.Key == k.Key {
			codes = append(codes, kd.Code)
			keys = append(keys, kd.Key)
		}
	}
	if k != nil {
		files += ` AND f.record_type = ?`
		fargs = append(fargs, "library."+k.Key)
	}
	added := `FROM lib_record rec JOIN sys_user u ON u.id = rec.created_by WHERE rec.created_at >= ? AND rec.created_at < ?
		AND rec.type IN (` + marks(len(keys)) + `) AND ` + cond
	aargs := append(append(append([]any{}, span...), keys...), cargs...)
	updated := `FROM business_log b JOIN sys_user u ON u.login_code = b.login_code WHERE b.created_at >= ? AND b.created_at < ?
		AND b.action = 'update' AND b.module IN (` + marks(len(codes)) + `) AND ` + cond
	uargs := append(append(append([]any{}, span...), codes...), cargs...)

	labels := c.labels()
	with, pargs := c.spans(labels)
	perSpan := `SELECT COUNT(*) FROM sys_file f WHERE f.module = 'library' AND f.state <> 'uploading' AND f.created_at >= p.lo AND f.created_at < p.hi AND ` + who
	if k != nil {
		perSpan += ` AND f.record_type = ?`
	}
	// each account's uploads once, an index range of the account (sys_file_uploader_stats): no sort of the files
	perUser := `(SELECT COUNT(*) FROM sys_file f WHERE f.uploaded_by = u.id AND f.module = 'library' AND f.state <> 'uploading'
		AND f.created_at >= ? AND f.created_at < ?`
	perArgs := append([]any{}, span...)
	if k != nil {
		perUser += ` AND f.record_type = ?`
		perArgs = append(perArgs, "library."+k.Key)
	}
	perUser += `)`
	var up, ad, ch Series
	var byType, addedByType, addedByUnit, updatedByUnit map[string][]int64
	var uploaders []accountCount
	var bars []bar
	if err := parallel(
		func() (err error) {
			up, err = c.series("uploads", c.tr("stats.c.uploads"), labels, with+` SELECT p.label, (`+perSpan+`) FROM p`, append(pargs, fargs[len(span):]...)...)
			return err
		},
		func() (err error) {
			ad, err = c.series("added", c.tr("stats.c.added"), labels, `SELECT `+c.bucket("rec.created_at")+`, COUNT(*) `+added+` GROUP BY 1`, aargs...)
			return err
		},
		func() (err error) {
			ch, err = c.series("updated", c.tr("stats.c.updated"), labels, `SELECT `+c.bucket("b.created_at")+`, COUNT(*) `+updated+` GROUP BY 1`, uargs...)
			return err
		},
		func() (err error) {
			byType, err = c.groups(2, `SELECT f.record_type, COUNT(*), COALESCE(SUM(f.size), 0) `+files+` GROUP BY f.record_type`, fargs...)
			return err
		},
		func() (err error) {
			addedByType, err = c.groups(1, `SELECT rec.type, COUNT(*) `+added+` GROUP BY rec.type`, aargs...)
			return err
		},
		func() (err error) {
			uploaders, err = c.accountCounts(`WITH x AS MATERIALIZED (SELECT u.id, u.unit_code, `+perUser+` AS n FROM sys_user u WHERE `+cond+`)
				SELECT id, unit_code, n FROM x WHERE n > 0`, append(append([]any{}, perArgs...), cargs...))
			return err
		},
		func() (err error) {
			addedByUnit, err = c.groups(1, `SELECT u.unit_code, COUNT(*) `+added+` GROUP BY u.unit_code`, aargs...)
			return err
		},
		func() (err error) {
			updatedByUnit, err = c.groups(1, `SELECT u.unit_code, COUNT(*) `+updated+` GROUP BY u.unit_code`, uargs...)
			return err
		},
		func() (err error) { bars, err = c.bars(); return err },
	); err != nil {
		return nil, err
	}
	r.Charts = append(r.Charts, Chart{Key: "uploadTrend", Title: c.tr("stats.t.uploadTrend"), Kind: "line", Labels: labels, Series: []Series{up, ad, ch}})

	typeChart := Chart{Key: "uploadTypes", Title: c.tr("stats.t.uploadTypes"), Kind: "bar", Series: []Series{
		{Key: "uploads", Name: c.tr("stats.c.uploads")}, {Key: "added", Name: c.tr("stats.c.added")}}}
	typeTable := Table{Key: "uploadTypes", Title: c.tr("stats.t.uploadTypes"), Rows: []map[string]any{},
		Columns: []Column{c.col("kind", false), c.col("uploads", true), c.col("megabytes", true), c.col("added", true)}}
	merged := map[string][]int64{}
	for key, v := range byType {
		merged[key] = []int64{v[0], v[1], 0}
	}
	for key, v := range addedByType {
		fk := "library." + key
		if merged[fk] == nil {
			merged[fk] = []int64{0, 0, 0}
		}
		merged[fk][2] = v[0]
	}
	var totals [3]int64
	for _, key := range c.kindOrder(merged) {
		v := merged[key]
		for i := range totals {
			totals[i] += v[i]
		}
		typeChart.Labels = append(typeChart.Labels, c.kindLabel(key))
		typeChart.Series[0].Values = append(typeChart.Series[0].Values, v[0])
		typeChart.Series[1].Values = append(typeChart.Series[1].Values, v[2])
		typeTable.Rows = append(typeTable.Rows, map[string]any{"recordType": strings.TrimPrefix(key, "library."), "kind": c.kindLabel(key),
			"uploads": v[0], "megabytes": megabytes(v[1]), "added": v[2]})
	}
	var updates int64
	for _, v := range ch.Values {
		updates += v
	}
	r.Summary = []Stat{c.stat("uploads", totals[0]), c.stat("added", totals[2]), c.stat("updated", updates)}
	r.Charts = append(r.Charts, typeChart)

	// by unit: uploads, uploaders, records added, updates
	byUnit := map[string][]int64{}
	put := func(m map[string][]int64, at int) {
		for code, v := range m {
			if byUnit[code] == nil {
				byUnit[code] = make([]int64, 4)
			}
			for i := range v {
				byUnit[code][at+i] += v[i]
			}
		}
	}
	g := map[string][]int64{}
	for code, v := range perUnit(uploaders) {
		g[code] = []int64{v[1], v[0]} // uploads, uploaders
	}
	put(g, 0)
	put(addedByUnit, 2)
	put(updatedByUnit, 3)
	uch, ut := c.unitTable("uploadUnits", bars, fold(bars, byUnit, 4),
		[]Column{c.col("uploads", true), c.col("uploaders", true), c.col("added", true), c.col("updated", true)}, []int{0, 2, 3})
	r.Charts = append(r.Charts, uch)
	people := Table{Key: "topUploaders", Title: c.tr("stats.t.topUploaders"), Rows: []map[string]any{}, NoTotal: true,
		Columns: []Column{c.col("loginCode", false), c.col("userName", false), c.col("unitName", false), c.col("uploads", true)}}
	if err := c.topPeople(&people, "uploads", uploaders); err != nil {
		return nil, err
	}
	r.Tables = append(r.Tables, ut, typeTable, people)
	return r, nil
}

// CAKind is the library type of CA key records.
const CAKind = "cakey"

// CA is /ca_upload: CA key records added, lent and returned per period; by the key's unit the keys held,
// added, lent, returned, out now, expiring within 30 days and expired; and the CA files uploaded.
func (s *Service) CA(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: ca")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("rec.unit_code")
	span := []any{c.from, c.to}
	keys := `FROM lib_record rec WHERE rec.type = '` + CAKind + `' AND ` + cond
	loans := `FROM lib_ca_loan l JOIN lib_record rec ON rec.id = l.record_id WHERE rec.type = '` + CAKind + `' AND ` + cond
	labels := c.labels()
	added, err := c.series("added", c.tr("stats.c.added"), labels, `SELECT `+c.bucket("rec.created_at")+`, COUNT(*) `+keys+
		` AND rec.created_at >= ? AND rec.created_at < ? GROUP BY 1`, append(append([]any{}, cargs...), span...)...)
	if err != nil {
		return nil, err
	}
	lent, err := c.series("lent", c.tr("stats.c.lent"), labels, `SELECT `+c.bucket("l.lent_at")+`, COUNT(*) `+loans+
		` AND l.lent_at >= ? AND l.lent_at < ? GROUP BY 1`, append(append([]any{}, cargs...), span...)...)
	if err != nil {
		return nil, err
	}
	returned, err := c.series("returned", c.tr("stats.c.returned"), labels, `SELECT `+c.bucket("l.returned_at")+`, COUNT(*) `+loans+
		` AND l.returned_at >= ? AND l.returned_at < ? GROUP BY 1`, append(append([]any{}, cargs...), span...)...)
	if err != nil {
		return nil, err
	}
	r.Charts = append(r.Charts, Chart{Key: "caTrend", Title: c.tr("stats.t.caTrend"), Kind: "line", Labels: labels, Series: []Series{added, lent, returned}})

	today := c.s.now().In(c.s.Loc).Format("2006-01-02")
	soon := c.s.now().In(c.s.Loc).AddDate(0, 0, 30).Format("2006-01-02")
	width := 7 // held, added, lent, returned, out, expiring, expired
	byUnit := map[string][]int64{}
	put := func(m map[string][]int64, at int) {
		for code, v := range m {
			if byUnit[code] == nil {
				byUnit[code] = make([]int64, width)
			}
			for i := range v {
				byUnit[code][at+i] += v[i]
			}
		}
	}
	g, err := c.groups(4, `SELECT rec.unit_code, COUNT(*), SUM(CASE WHEN rec.state = 'lent' THEN 1 ELSE 0 END),
		SUM(CASE WHEN rec.valid_to >= ? AND rec.valid_to <= ? THEN 1 ELSE 0 END), SUM(CASE WHEN rec.valid_to < ? THEN 1 ELSE 0 END) `+keys+
		` AND rec.deleted_at IS NULL GROUP BY rec.unit_code`, append([]any{today, soon, today}, cargs...)...)
	if err != nil {
		return nil, err
	}
	for code, v := range g {
		if byUnit[code] == nil {
			byUnit[code] = make([]int64, width)
		}
		byUnit[code][0], byUnit[code][4], byUnit[code][5], byUnit[code][6] = v[0], v[1], v[2], v[3]
	}
	if g, err = c.groups(1, `SELECT rec.unit_code, COUNT(*) `+keys+` AND rec.created_at >= ? AND rec.created_at < ? GROUP BY rec.unit_code`,
		append(append([]any{}, cargs...), span...)...); err != nil {
		return nil, err
	}
	put(g, 1)
	if g, err = c.groups(1, `SELECT rec.unit_code, COUNT(*) `+loans+` AND l.lent_at >= ? AND l.lent_at < ? GROUP BY rec.unit_code`,
		append(append([]any{}, cargs...), span...)...); err != nil {
		return nil, err
	}
	put(g, 2)
	if g, err = c.groups(1, `SELECT rec.unit_code, COUNT(*) `+loans+` AND l.returned_at >= ? AND l.returned_at < ? GROUP BY rec.unit_code`,
		append(append([]any{}, cargs...), span...)...); err != nil {
		return nil, err
	}
	put(g, 3)
	var totals = make([]int64, width)
	for _, v := range byUnit {
		for i := range v {
			totals[i] += v[i]
		}
	}
	// the CA files uploaded in the range, by uploader's unit in scope
	ucond, uargs := c.where("u.unit_code")
	var caFiles int64
	if err := c.s.db.QueryRow(ctx, `SELECT COUNT(*) FROM sys_file f JOIN sys_user u ON u.id = f.uploaded_by WHERE f.module = 'ca'
		AND f.state <> 'uploading' AND f.created_at >= ? AND f.created_at < ? AND `+ucond, append(append([]any{}, span...), uargs...)...).Scan(&caFiles); err != nil {
		return nil, err
	}
	r.Summary = []Stat{c.stat("caHeld", totals[0]), c.stat("added", totals[1]), c.stat("lent", totals[2]), c.stat("returned", totals[3]),
		c.stat("out", totals[4]), c.stat("expiring", totals[5]), c.stat("expired", totals[6]), c.stat("caFiles", caFiles)}
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	cols := []Column{c.col("caHeld", true), c.col("added", true), c.col("lent", true), c.col("returned", true), c.col("out", true),
		c.col("expiring", true), c.col("expired", true)}
	uch, ut := c.unitTable("caUnits", bars, fold(bars, byUnit, width), cols, []int{0, 1, 2, 3})
	r.Charts = append(r.Charts, uch)
	r.Tables = append(r.Tables, ut)
	return r, nil
}

func marks(n int) string {
	if n == 0 {
		return "NULL"
	}
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

func megabytes(b int64) int64 { return (b + 1<<20 - 1) >> 20 }
