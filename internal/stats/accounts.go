package stats

import (
	"context"
	"strconv"
	"strings"

	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Accounts is /statistics_account: accounts per unit and state (available, disabled), external accounts,
// and the accounts created per period.
func (s *Service) Accounts(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: accounts")
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("u.unit_code")
	labels := c.labels()
	created, err := c.series("created", c.tr("stats.c.created"), labels, `SELECT `+c.bucket("u.created_at")+`, COUNT(*) FROM sys_user u
		WHERE u.created_at >= ? AND u.created_at < ? AND `+cond+` GROUP BY 1`, append([]any{c.from, c.to}, cargs...)...)
	if err != nil {
		return nil, err
	}
	r.Charts = append(r.Charts, Chart{Key: "accountTrend", Title: c.tr("stats.t.accountTrend"), Kind: "line", Labels: labels, Series: []Series{created}})
	byUnit, err := c.groups(5, `SELECT u.unit_code, COUNT(*), SUM(CASE WHEN u.state = 1 THEN 1 ELSE 0 END), SUM(CASE WHEN u.state = 1 THEN 0 ELSE 1 END),
		SUM(CASE WHEN u.user_type = 'external' THEN 1 ELSE 0 END), SUM(CASE WHEN u.created_at >= ? AND u.created_at < ? THEN 1 ELSE 0 END)
		FROM sys_user u WHERE u.deleted_at IS NULL AND `+cond+` GROUP BY u.unit_code`, append([]any{c.from, c.to}, cargs...)...)
	if err != nil {
		return nil, err
	}
	totals := make([]int64, 5)
	for _, v := range byUnit {
		for i := range v {
			totals[i] += v[i]
		}
	}
	r.Summary = []Stat{c.stat("accounts", totals[0]), c.stat("available", totals[1]), c.stat("disabled", totals[2]), c.stat("external", totals[3]), c.stat("created", totals[4])}
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	cols := []Column{c.col("accounts", true), c.col("available", true), c.col("disabled", true), c.col("external", true), c.col("created", true)}
	uch, ut := c.unitTable("accountUnits", bars, fold(bars, byUnit, 5), cols, []int{1, 2})
	r.Charts = append(r.Charts, uch)
	r.Tables = append(r.Tables, ut)
	return r, nil
}

// Summary is /summary, the annual bid-material summary: for a year (and a unit), per material type the
// records held at the year's end, added, expired (valid until a day of the year) and downloaded in it.
// Renewals are not recorded apart from other changes; the changes of the year's records are counted.
func (s *Service) Summary(ctx context.Context, lang string, f Filter) (_ *Report, err error) {
	defer errs.Wrap(&err, "stats: summary")
	year := s.now().In(s.Loc).Year()
	if f.Year != nil { // a year sent is checked, 0 too: only an absent one means this year
		year = *f.Year
	}
	if year < 2000 || year > 2200 {
		return nil, httpx.BadRequest("stats.bad_year")
	}
	f.StartTime = strconv.Itoa(year) + "-01-01"
	f.EndTime = strconv.Itoa(year) + "-12-31"
	f.Period = Month
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	cond, cargs := c.where("rec.unit_code")
	var keys, codes []any
	for _, k := range c.s.kinds {
		keys = append(keys, k.Key)
		codes = append(codes, k.Code)
	}
	first, last := f.StartTime, f.EndTime
	end := c.to
	width := 5 // held, added, expired, changed, downloads
	byType := map[string][]int64{}
	put := func(m map[string][]int64, at int) {
		for k, v := range m {
			if byType[k] == nil {
				byType[k] = make([]int64, width)
			}
			for i := range v {
				byType[k][at+i] += v[i]
			}
		}
	}
	g, err := c.groups(3, `SELECT rec.type, SUM(CASE WHEN rec.created_at < ? AND (rec.deleted_at IS NULL OR rec.deleted_at >= ?) THEN 1 ELSE 0 END),
		SUM(CASE WHEN rec.created_at >= ? AND rec.created_at < ? THEN 1 ELSE 0 END),
		SUM(CASE WHEN rec.valid_to >= ? AND rec.valid_to <= ? AND (rec.deleted_at IS NULL OR rec.deleted_at >= ?) THEN 1 ELSE 0 END)
		FROM lib_record rec WHERE rec.type IN (`+marks(len(keys))+`) AND `+cond+` GROUP BY rec.type`,
		append(append([]any{end, end, c.from, end, first, last, end}, keys...), cargs...)...)
	if err != nil {
		return nil, err
	}
	put(g, 0)
	// changes: the business log's updates of the year, by the record's type (module is the type's code)
	changes := map[string][]int64{}
	if err := forEach(c, `SELECT b.module, COUNT(*) FROM business_log b JOIN lib_record rec ON `+castID(c)+` = rec.id
		WHERE b.created_at >= ? AND b.created_at < ? AND b.action = 'update' AND b.module IN (`+marks(len(codes))+`) AND `+cond+` GROUP BY b.module`,
		append(append([]any{c.from, end}, codes...), cargs...), func(scan func(...any) error) error {
			var module string
			var n int64
			if err := scan(&module, &n); err != nil {
				return err
			}
			for _, k := range c.s.kinds {
				if k.Code == module {
					changes[k.Key] = []int64{n}
				}
			}
			return nil
		}); err != nil {
		return nil, err
	}
	put(changes, 3)
	// downloads of the year by the accounts of the scope, by the material's type (the download rollup)
	rcond, rargs := c.where("s.unit_code")
	d0, d1 := c.days2()
	src, sargs := c.rolled("stat_download", "unit_code, record_type, n", true)
	dl, err := c.groups(1, `SELECT s.record_type, CAST(SUM(s.n) AS BIGINT) FROM `+src+` WHERE s.day >= ? AND s.day <= ? AND `+rcond+`
		GROUP BY s.record_type`, append(append(sargs, d0, d1), rargs...)...)
	if err != nil {
		return nil, err
	}
	byKey := map[string][]int64{}
	for k, v := range dl {
		byKey[strings.TrimPrefix(k, "library.")] = v
	}
	put(byKey, 4)
	cols := []Column{c.col("kind", false), c.col("held", true), c.col("added", true), c.col("expired", true), c.col("changed", true), c.col("downloads", true)}
	t := Table{Key: "summary", Title: c.tr("stats.t.summary", year), Columns: cols, Rows: []map[string]any{}}
	ch := Chart{Key: "summary", Title: c.tr("stats.t.summary", year), Kind: "bar"}
	for _, col := range cols[1:] {
		ch.Series = append(ch.Series, Series{Key: col.Key, Name: col.Title})
	}
	totals := make([]int64, width)
	for _, k := range c.s.kinds {
		v := byType[k.Key]
		if v == nil {
			v = make([]int64, width)
		}
		row := map[string]any{"recordType": k.Key, "kind": c.tr(k.Label)}
		for i, col := range cols[1:] {
			row[col.Key] = v[i]
			totals[i] += v[i]
			ch.Series[i].Values = append(ch.Series[i].Values, v[i])
		}
		ch.Labels = append(ch.Labels, c.tr(k.Label))
		t.Rows = append(t.Rows, row)
	}
	r.Summary = []Stat{c.stat("held", totals[0]), c.stat("added", totals[1]), c.stat("expired", totals[2]), c.stat("changed", totals[3]), c.stat("downloads", totals[4])}
	r.Charts = append(r.Charts, ch)
	r.Tables = append(r.Tables, t)
	return r, nil
}

// castID is business_log.target_id (text) as a number, to join the record it names.
func castID(c *call) string {
	if c.s.db.Dialect == "postgres" {
		return "CASE WHEN b.target_id ~ '^[0-9]{1,18}$' THEN CAST(b.target_id AS BIGINT) END"
	}
	return "CAST(b.target_id AS INTEGER)"
}
