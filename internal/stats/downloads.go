package stats

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// TopN is the length of the top lists (materials, downloaders, uploaders).
const TopN = 20

// downloadFilter is the condition on the rollup s (stat_download_day and _month) and on the raw rows d joined to their
// downloader u: the range, the caller's scope and chosen unit, and the material type.
type downloadFilter struct {
	roll       string // FROM (the rollup over the range, whole months from the month table) s WHERE ...
	rollArgs   []any
	series     string // the same by day, unless the series is by month
	seriesArgs []any
	users      string // the accounts of the scope: condition on sys_user u
	userArgs   []any
	raw        string // condition on file_download d (range and type)
	rawArgs    []any
	wholeOrg   bool // no scope limit and no unit: the per-material rollup serves
	typeValue  string
}

func (c *call) downloads() (*downloadFilter, error) {
	k, err := c.kind()
	if err != nil {
		return nil, err
	}
	d0, d1 := c.days2()
	rcond, rargs := c.where("s.unit_code")
	ucond, uargs := c.where("u.unit_code")
	src, sargs := c.rolled("stat_download", "unit_code, record_type, n", true)
	ser, serArgs := c.rolled("stat_download", "unit_code, record_type, n", c.period == Month)
	f := &downloadFilter{
		roll: `FROM ` + src + ` WHERE s.day >= ? AND s.day <= ? AND ` + rcond, rollArgs: append(append(sargs, d0, d1), rargs...),
		series: `FROM ` + ser + ` WHERE s.day >= ? AND s.day <= ? AND ` + rcond, seriesArgs: append(append(serArgs, d0, d1), rargs...),
		users: ucond, userArgs: uargs,
		raw: `d.created_at >= ? AND d.created_at < ?`, rawArgs: []any{c.from, c.to},
		wholeOrg: c.vis.All && c.unit == nil,
	}
	if k != nil {
		f.typeValue = "library." + k.Key
		f.roll += ` AND s.record_type = ?`
		f.rollArgs = append(f.rollArgs, f.typeValue)
		f.series += ` AND s.record_type = ?`
		f.seriesArgs = append(f.seriesArgs, f.typeValue)
		f.raw += ` AND d.record_type = ?`
		f.rawArgs = append(f.rawArgs, f.typeValue)
	}
	return f, nil
}

// downloaders counts, by unit, the accounts of the scope that downloaded within the range: one seek per account that
// stops at its first download (cheaper than counting each account's downloads when only the people are wanted).
func (c *call) downloaders(f *downloadFilter) (map[string][]int64, error) {
	return c.groups(1, `SELECT u.unit_code, COUNT(*) FROM sys_user u WHERE `+f.users+`
		AND EXISTS (SELECT 1 FROM file_download d WHERE d.user_id = u.id AND `+f.raw+`) GROUP BY u.unit_code`, append(append([]any{}, f.userArgs...), f.rawArgs...)...)
}

// accounts is the condition limiting a column of account ids to the accounts of the scope and the chosen unit; for the
// whole organisation, every account.
func (c *call) accounts(column string) (string, []any) {
	if c.vis.All && c.unit == nil {
		return column + " IS NOT NULL", nil
	}
	cond, args := c.where("u.unit_code")
	return column + " IN (SELECT u.id FROM sys_user u WHERE " + cond + ")", args
}

// span is a stretch of raw downloads added to (sign 1) or taken from (sign -1) the months of a monthSplit.
type span struct {
	from, to time.Time
	sign     int
}

// monthSplit is the range as the per-account monthly table (stat_download_user_month) answers it cheaply: the months
// from first to last (YYYY-MM) whole, corrected by raw downloads. A partial month at an end of the range is taken
// either as its days inside the range (added) or as its whole month less its days outside the range (taken away),
// whichever reads fewer days: a range that ends today takes this month's row as it is. ok is false when the range has
// no whole month (then the raw downloads of the range serve).
func (c *call) monthSplit() (first, last string, spans []span, ok bool) {
	firstM, lastM, ok := c.wholeMonths()
	if !ok {
		return "", "", nil, false
	}
	headStart := firstM.AddDate(0, -1, 0).UTC() // the partial month before the whole ones (if the range starts in it)
	if c.from.Before(firstM.UTC()) {
		if firstM.UTC().Sub(c.from) <= c.from.Sub(headStart) {
			spans = append(spans, span{c.from, firstM.UTC(), 1})
		} else {
			firstM = firstM.AddDate(0, -1, 0)
			spans = append(spans, span{headStart, c.from, -1})
		}
	}
	tailStart, tailEnd := lastM.AddDate(0, 1, 0).UTC(), lastM.AddDate(0, 2, 0).UTC()
	if c.to.After(tailStart) {
		if c.to.Sub(tailStart) <= tailEnd.Sub(c.to) {
			spans = append(spans, span{tailStart, c.to, 1})
		} else {
			lastM = lastM.AddDate(0, 1, 0)
			spans = append(spans, span{c.to, tailEnd, -1})
		}
	}
	return firstM.Format("2006-01"), lastM.Format("2006-01"), spans, true
}

// perAccount is the SQL of an account's (u.id) downloads in the range, and its arguments: the months of monthSplit
// from stat_download_user_month and its raw spans from file_download, each an index range of the account
// (file_download_user); for one material type, which the monthly table does not divide, the whole range from
// file_download (file_download_user_stats).
func (c *call) perAccount(f *downloadFilter) (string, []any) {
	raw := func(from, to time.Time) (string, []any) {
		q := `(SELECT COUNT(*) FROM file_download d WHERE d.user_id = u.id AND d.created_at >= ? AND d.created_at < ?`
		args := []any{from, to}
		if f.typeValue != "" {
			q += ` AND d.record_type = ?`
			args = append(args, f.typeValue)
		}
		return q + `)`, args
	}
	first, last, spans, ok := c.monthSplit()
	if !ok || f.typeValue != "" {
		return raw(c.from, c.to)
	}
	q := `((SELECT COALESCE(SUM(s.n), 0) FROM stat_download_user_month s WHERE s.user_id = u.id AND s.month >= ? AND s.month <= ?)`
	args := []any{first, last}
	for _, sp := range spans {
		r, rargs := raw(sp.from, sp.to)
		op := " + "
		if sp.sign < 0 {
			op = " - "
		}
		q += op + r
		args = append(args, rargs...)
	}
	return q + `)`, args
}

// downloadCounts is the statement of each account of the scope that downloaded within the range, with its unit and
// its downloads (rows of accountCount), counted once: the screens take both the downloaders per unit and the top
// downloaders from it. SQLite, and a scope of some units, walk the accounts: perAccount's index ranges, no sort of
// downloads. For the whole organisation PostgreSQL, where a subplan loop costs tens of microseconds (30,000 of them
// took 0.3-1.2 s), adds the month rows and the downloads of the days at the ends in one hash aggregate.
func (c *call) downloadCounts(f *downloadFilter) (string, []any) {
	if c.s.db.Dialect != db.Postgres || !f.wholeOrg {
		n, nargs := c.perAccount(f)
		return `WITH x AS MATERIALIZED (SELECT u.id, u.unit_code, CAST(` + n + ` AS BIGINT) AS n FROM sys_user u WHERE ` + f.users + `)
			SELECT id, unit_code, n FROM x WHERE n > 0`, append(nargs, f.userArgs...)
	}
	raw := func(from, to time.Time, sign int) (string, []any) {
		q := `SELECT d.user_id, ` + itoa(sign) + ` AS n FROM file_download d WHERE d.created_at >= ? AND d.created_at < ?`
		args := []any{from, to}
		if f.typeValue != "" {
			q += ` AND d.record_type = ?`
			args = append(args, f.typeValue)
		}
		return q, args
	}
	src, args := raw(c.from, c.to, 1)
	if first, last, spans, ok := c.monthSplit(); ok && f.typeValue == "" {
		src = `SELECT s.user_id, s.n FROM stat_download_user_month s WHERE s.month >= ? AND s.month <= ?`
		args = []any{first, last}
		for _, sp := range spans {
			r, rargs := raw(sp.from, sp.to, sp.sign)
			src += ` UNION ALL ` + r
			args = append(args, rargs...)
		}
	}
	// summed per account before the join: the accounts (thousands) are joined, not the month rows and downloads
	return `SELECT x.user_id, u.unit_code, x.n FROM (SELECT y.user_id, CAST(SUM(y.n) AS BIGINT) AS n FROM (` + src + `) y GROUP BY y.user_id) x
		JOIN sys_user u ON u.id = x.user_id WHERE x.n > 0 AND ` + f.users, append(args, f.userArgs...)
}

// Downloads is GET /api/sys/oplog/downloadStatistics (/download_type): downloads per material type, the most
// downloaded materials and the top downloaders.
func (s *Service) Downloads(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: downloads")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	df, err := c.downloads()
	if err != nil {
		return nil, err
	}
	top := Table{Key: "topMaterials", Title: c.tr("stats.t.topMaterials"), Rows: []map[string]any{}, NoTotal: true,
		Columns: []Column{c.col("title", false), c.col("kind", false), c.col("downloads", true)}}
	var byType map[string][]int64
	var people []accountCount
	if err := parallel(
		func() (err error) { byType, err = c.downloadsBy("s.record_type", df); return err },
		func() (err error) { people, err = c.accountCounts(c.downloadCounts(df)); return err },
		func() error { return c.topMaterials(df, &top) },
	); err != nil {
		return nil, err
	}
	t := Table{Key: "downloadTypes", Title: c.tr("stats.t.downloadTypes"), Rows: []map[string]any{},
		Columns: []Column{c.col("kind", false), c.col("downloads", true)}}
	var total int64
	for _, key := range c.kindOrder(byType) {
		v := byType[key]
		total += v[0]
		t.Rows = append(t.Rows, map[string]any{"recordType": strings.TrimPrefix(key, "library."), "kind": c.kindLabel(key), "downloads": v[0]})
	}
	r.Summary = []Stat{c.stat("downloads", total), c.stat("downloaders", int64(len(people)))}
	r.Tables = append(r.Tables, t)
	ppl := Table{Key: "topDownloaders", Title: c.tr("stats.t.topDownloaders"), Rows: []map[string]any{}, NoTotal: true,
		Columns: []Column{c.col("loginCode", false), c.col("userName", false), c.col("unitName", false), c.col("downloads", true)}}
	if err := c.topPeople(&ppl, "downloads", people); err != nil {
		return nil, err
	}
	r.Tables = append(r.Tables, top, ppl)
	return r, nil
}

// scopeMaterials is the statement of the most downloaded materials of some units: the months of monthSplit from the
// per-unit monthly rollup, the days at the ends from the downloads of the units' accounts, account by account.
func (c *call) scopeMaterials(df *downloadFilter) (string, []any) {
	raw := func(from, to time.Time, sign int) (string, []any) {
		q := `SELECT d.record_type, d.record_id, ` + itoa(sign) + ` AS n FROM sys_user u CROSS JOIN file_download d WHERE d.user_id = u.id AND ` + df.users +
			` AND d.created_at >= ? AND d.created_at < ? AND d.record_id IS NOT NULL`
		args := append(append([]any{}, df.userArgs...), from, to)
		if df.typeValue != "" {
			q += ` AND d.record_type = ?`
			args = append(args, df.typeValue)
		}
		return q, args
	}
	src, args := raw(c.from, c.to, 1)
	if first, last, spans, ok := c.monthSplit(); ok {
		cond, cargs := c.where("s.unit_code")
		src = `SELECT s.record_type, s.record_id, s.n FROM stat_download_unit_record_month s WHERE s.month >= ? AND s.month <= ? AND ` + cond
		args = append([]any{first, last}, cargs...)
		if df.typeValue != "" {
			src += ` AND s.record_type = ?`
			args = append(args, df.typeValue)
		}
		for _, sp := range spans {
			r, rargs := raw(sp.from, sp.to, sp.sign)
			src += ` UNION ALL ` + r
			args = append(args, rargs...)
		}
	}
	return `SELECT x.record_type, x.record_id, CAST(SUM(x.n) AS BIGINT) FROM (` + src + `) x GROUP BY x.record_type, x.record_id
		HAVING SUM(x.n) > 0 ORDER BY 3 DESC, x.record_id LIMIT ` + itoa(TopN), args
}

// downloadsBy counts the downloads of the range by a column of the rollup s (its type or its unit).
func (c *call) downloadsBy(column string, df *downloadFilter) (map[string][]int64, error) {
	return c.groups(1, `SELECT `+column+`, CAST(SUM(s.n) AS BIGINT) `+df.roll+` GROUP BY `+column, df.rollArgs...)
}

// topMaterials fills the table of the most downloaded materials: for the whole organisation from the per-material
// rollup, for a scope from the downloads of its accounts, account by account.
func (c *call) topMaterials(df *downloadFilter, top *Table) error {
	var q string
	var args []any
	if df.wholeOrg {
		d0, d1 := c.days2()
		q = `SELECT s.record_type, s.record_id, CAST(SUM(s.n) AS BIGINT) FROM stat_download_record s WHERE s.day >= ? AND s.day <= ?`
		args = []any{d0, d1}
		if df.typeValue != "" {
			q += ` AND s.record_type = ?`
			args = append(args, df.typeValue)
		}
		q += ` GROUP BY s.record_type, s.record_id ORDER BY 3 DESC, s.record_id LIMIT ` + itoa(TopN)
	} else {
		q, args = c.scopeMaterials(df)
	}
	return forEach(c, q, args, func(scan func(...any) error) error {
		var kind string
		var id, n int64
		if err := scan(&kind, &id, &n); err != nil {
			return err
		}
		var title string
		if err := c.s.db.QueryRow(c.ctx, `SELECT title FROM lib_record WHERE id = ?`, id).Scan(&title); err != nil && !db.IsNoRows(err) {
			return err
		}
		top.Rows = append(top.Rows, map[string]any{"title": title, "kind": c.kindLabel(kind), "downloads": n})
		return nil
	})
}

// DownloadHistogram is GET /api/sys/oplog/downloadStatisticsHistogram: downloads per material type, and
// downloads and downloaders per unit (the chosen unit's subordinates).
func (s *Service) DownloadHistogram(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: download histogram")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	df, err := c.downloads()
	if err != nil {
		return nil, err
	}
	var byType, counts, people map[string][]int64
	var bars []bar
	if err := parallel(
		func() (err error) { byType, err = c.downloadsBy("s.record_type", df); return err },
		func() (err error) { counts, err = c.downloadsBy("s.unit_code", df); return err },
		func() (err error) { people, err = c.downloaders(df); return err },
		func() (err error) { bars, err = c.bars(); return err },
	); err != nil {
		return nil, err
	}
	ch := Chart{Key: "downloadTypes", Title: c.tr("stats.t.downloadTypes"), Kind: "bar", Series: []Series{{Key: "downloads", Name: c.tr("stats.c.downloads")}}}
	for _, key := range c.kindOrder(byType) {
		ch.Labels = append(ch.Labels, c.kindLabel(key))
		ch.Series[0].Values = append(ch.Series[0].Values, byType[key][0])
	}
	r.Charts = append(r.Charts, ch)
	byUnit := map[string][]int64{}
	for code, v := range counts {
		byUnit[code] = []int64{v[0], 0}
	}
	for code, v := range people {
		if byUnit[code] == nil {
			byUnit[code] = []int64{0, 0}
		}
		byUnit[code][1] = v[0]
	}
	uch, ut := c.unitTable("downloadUnits", bars, fold(bars, byUnit, 2), []Column{c.col("downloads", true), c.col("downloaders", true)}, []int{0, 1})
	r.Charts = append(r.Charts, uch)
	r.Tables = append(r.Tables, ut)
	return r, nil
}

// DownloadLineChart is GET /api/sys/oplog/downloadStatisticsLineChart: downloads per period, in all and per
// material type (the types downloaded in the range).
func (s *Service) DownloadLineChart(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: download line chart")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	df, err := c.downloads()
	if err != nil {
		return nil, err
	}
	labels := c.labels()
	b := c.dayBucket("s.day")
	idx := map[string]int{}
	for i, l := range labels {
		idx[l] = i
	}
	all := Series{Key: "downloads", Name: c.tr("stats.c.downloads"), Values: make([]int64, len(labels))}
	perType := map[string][]int64{}
	if err := forEach(c, `SELECT `+b+`, s.record_type, CAST(SUM(s.n) AS BIGINT) `+df.series+` GROUP BY `+b+`, s.record_type`, df.seriesArgs, func(scan func(...any) error) error {
		var label, kind string
		var n int64
		if err := scan(&label, &kind, &n); err != nil {
			return err
		}
		i, ok := idx[label]
		if !ok {
			return nil
		}
		if perType[kind] == nil {
			perType[kind] = make([]int64, len(labels)+1)
		}
		perType[kind][i] += n
		perType[kind][len(labels)] += n // the type's total orders the series
		all.Values[i] += n
		return nil
	}); err != nil {
		return nil, err
	}
	ch := Chart{Key: "downloadTrend", Title: c.tr("stats.t.downloadTrend"), Kind: "line", Labels: labels, Series: []Series{all}}
	totals := map[string][]int64{}
	for k, v := range perType {
		totals[k] = []int64{v[len(labels)]}
	}
	for _, k := range c.kindOrder(totals) {
		ch.Series = append(ch.Series, Series{Key: strings.TrimPrefix(k, "library."), Name: c.kindLabel(k), Values: perType[k][:len(labels)]})
	}
	r.Charts = append(r.Charts, ch)
	r.Tables = append(r.Tables, c.periodTable(ch, []Column{c.col("downloads", true)}))
	return r, nil
}

// kindOrder orders record types as the library lists its types, then the others by name.
func (c *call) kindOrder(m map[string][]int64) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range c.s.kinds {
		key := "library." + k.Key
		if _, ok := m[key]; ok {
			out = append(out, key)
			seen[key] = true
		}
	}
	for _, k := range sortedKeys(m) {
		if !seen[k] {
			out = append(out, k)
		}
	}
	return out
}

// accountCount is an account of the scope with its unit and its count of something within the range (above zero).
type accountCount struct {
	id   int64
	unit string
	n    int64
}

// accountCounts runs a query answering (account id, unit code, count) rows.
func (c *call) accountCounts(query string, args []any) ([]accountCount, error) {
	var out []accountCount
	err := forEach(c, query, args, func(scan func(...any) error) error {
		var a accountCount
		if err := scan(&a.id, &a.unit, &a.n); err != nil {
			return err
		}
		out = append(out, a)
		return nil
	})
	return out, err
}

// perUnit adds accounts up by unit: [accounts, their counts' sum] per unit code.
func perUnit(counts []accountCount) map[string][]int64 {
	out := map[string][]int64{}
	for _, a := range counts {
		v := out[a.unit]
		if v == nil {
			v = []int64{0, 0}
			out[a.unit] = v
		}
		v[0]++
		v[1] += a.n
	}
	return out
}

// topPeople fills a table with the TopN accounts of the highest counts (ties by account id), named as the list shows
// them.
func (c *call) topPeople(t *Table, key string, counts []accountCount) error {
	hits := slices.Clone(counts)
	slices.SortFunc(hits, func(a, b accountCount) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(a.id, b.id)
	})
	for _, h := range hits[:min(TopN, len(hits))] {
		var code, name, unit string
		if err := c.s.db.QueryRow(c.ctx, `SELECT u.login_code, u.user_name, COALESCE(`+org.LabelSQL("o")+`, '') FROM sys_user u
			LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code WHERE u.id = ?`, h.id).Scan(&code, &name, &unit); err != nil {
			return err
		}
		t.Rows = append(t.Rows, map[string]any{"loginCode": code, "userName": name, "unitName": unit, key: h.n})
	}
	return nil
}
