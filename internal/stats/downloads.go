package stats

import (
	"context"
	"strings"
)

// TopN is the length of the top lists (materials, downloaders, uploaders).
const TopN = 20

// downloads is the filtered download rows: the condition on file_download d joined to its downloader u.
func (c *call) downloads() (string, []any, error) {
	k, err := c.kind()
	if err != nil {
		return "", nil, err
	}
	cond, cargs := c.where("u.unit_code")
	where := `FROM file_download d JOIN sys_user u ON u.id = d.user_id WHERE d.created_at >= ? AND d.created_at < ? AND ` + cond
	args := append([]any{c.from, c.to}, cargs...)
	if k != nil {
		where += ` AND d.record_type = ?`
		args = append(args, "library."+k.Key)
	}
	return where, args, nil
}

// Downloads is GET /api/sys/oplog/downloadStatistics (/download_type): downloads, downloaders and files
// per material type, the most downloaded materials and the top downloaders.
func (s *Service) Downloads(ctx context.Context, lang string, f Filter) (*Report, error) {
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	from, args, err := c.downloads()
	if err != nil {
		return nil, err
	}
	byType, err := c.groups(3, `SELECT d.record_type, COUNT(*), COUNT(DISTINCT d.user_id), COUNT(DISTINCT d.file_id) `+from+` GROUP BY d.record_type`, args...)
	if err != nil {
		return nil, err
	}
	t := Table{Key: "downloadTypes", Title: c.tr("stats.t.downloadTypes"), Rows: []map[string]any{},
		Columns: []Column{c.col("kind", false), c.col("downloads", true), c.distinct("downloaders"), c.distinct("files")}}
	for _, key := range c.kindOrder(byType) {
		v := byType[key]
		t.Rows = append(t.Rows, map[string]any{"recordType": strings.TrimPrefix(key, "library."), "kind": c.kindLabel(key), "downloads": v[0], "downloaders": v[1], "files": v[2]})
	}
	var total, users, files int64
	if err := c.s.db.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT d.user_id), COUNT(DISTINCT d.file_id) `+from, args...).Scan(&total, &users, &files); err != nil {
		return nil, err
	}
	r.Summary = []Stat{c.stat("downloads", total), c.stat("downloaders", users), c.stat("files", files)}
	t.Totals = map[string]int64{"downloaders": users, "files": files}
	r.Tables = append(r.Tables, t)

	top := Table{Key: "topMaterials", Title: c.tr("stats.t.topMaterials"), Rows: []map[string]any{}, NoTotal: true,
		Columns: []Column{c.col("title", false), c.col("kind", false), c.col("downloads", true)}}
	if err := forEach(c, `SELECT d.record_type, COALESCE(MAX(rec.title), ''), COUNT(*) `+strings.Replace(from, "WHERE", "LEFT JOIN lib_record rec ON rec.id = d.record_id WHERE", 1)+
		` AND d.record_id IS NOT NULL GROUP BY d.record_type, d.record_id ORDER BY 3 DESC, d.record_id LIMIT `+itoa(TopN), args, func(scan func(...any) error) error {
		var kind, title string
		var n int64
		if err := scan(&kind, &title, &n); err != nil {
			return err
		}
		top.Rows = append(top.Rows, map[string]any{"title": title, "kind": c.kindLabel(kind), "downloads": n})
		return nil
	}); err != nil {
		return nil, err
	}
	people := Table{Key: "topDownloaders", Title: c.tr("stats.t.topDownloaders"), Rows: []map[string]any{}, NoTotal: true,
		Columns: []Column{c.col("loginCode", false), c.col("userName", false), c.col("unitName", false), c.col("downloads", true)}}
	if err := c.topPeople(&people, "downloads", `SELECT d.user_id, COUNT(*) `+from+` GROUP BY d.user_id ORDER BY 2 DESC, d.user_id LIMIT `+itoa(TopN), args); err != nil {
		return nil, err
	}
	r.Tables = append(r.Tables, top, people)
	return r, nil
}

// DownloadHistogram is GET /api/sys/oplog/downloadStatisticsHistogram: downloads per material type, and
// downloads and downloaders per unit (the chosen unit's subordinates).
func (s *Service) DownloadHistogram(ctx context.Context, lang string, f Filter) (*Report, error) {
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	from, args, err := c.downloads()
	if err != nil {
		return nil, err
	}
	byType, err := c.groups(1, `SELECT d.record_type, COUNT(*) `+from+` GROUP BY d.record_type`, args...)
	if err != nil {
		return nil, err
	}
	ch := Chart{Key: "downloadTypes", Title: c.tr("stats.t.downloadTypes"), Kind: "bar", Series: []Series{{Key: "downloads", Name: c.tr("stats.c.downloads")}}}
	for _, key := range c.kindOrder(byType) {
		ch.Labels = append(ch.Labels, c.kindLabel(key))
		ch.Series[0].Values = append(ch.Series[0].Values, byType[key][0])
	}
	r.Charts = append(r.Charts, ch)
	byUnit, err := c.groups(2, `SELECT u.unit_code, COUNT(*), COUNT(DISTINCT d.user_id) `+from+` GROUP BY u.unit_code`, args...)
	if err != nil {
		return nil, err
	}
	bars, err := c.bars()
	if err != nil {
		return nil, err
	}
	uch, ut := c.unitTable("downloadUnits", bars, fold(bars, byUnit, 2), []Column{c.col("downloads", true), c.col("downloaders", true)}, []int{0, 1})
	r.Charts = append(r.Charts, uch)
	r.Tables = append(r.Tables, ut)
	return r, nil
}

// DownloadLineChart is GET /api/sys/oplog/downloadStatisticsLineChart: downloads per period, in all and per
// material type (the types downloaded in the range).
func (s *Service) DownloadLineChart(ctx context.Context, lang string, f Filter) (*Report, error) {
	c, err := s.resolve(ctx, lang, f)
	if err != nil {
		return nil, err
	}
	r := c.report()
	from, args, err := c.downloads()
	if err != nil {
		return nil, err
	}
	labels := c.labels()
	b := c.bucket("d.created_at")
	idx := map[string]int{}
	for i, l := range labels {
		idx[l] = i
	}
	all := Series{Key: "downloads", Name: c.tr("stats.c.downloads"), Values: make([]int64, len(labels))}
	perType := map[string][]int64{}
	if err := forEach(c, `SELECT `+b+`, d.record_type, COUNT(*) `+from+` GROUP BY `+b+`, d.record_type`, args, func(scan func(...any) error) error {
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
	t := Table{Key: "downloadTrend", Title: c.tr("stats.t.downloadTrend"), Rows: []map[string]any{}, Columns: []Column{c.col("period", false), c.col("downloads", true)}}
	for i, l := range labels {
		t.Rows = append(t.Rows, map[string]any{"period": l, "downloads": all.Values[i]})
	}
	r.Tables = append(r.Tables, t)
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

// topPeople fills a table of people from a query answering (user id, count) rows.
func (c *call) topPeople(t *Table, key, query string, args []any) error {
	type hit struct {
		id int64
		n  int64
	}
	var hits []hit
	if err := forEach(c, query, args, func(scan func(...any) error) error {
		var h hit
		if err := scan(&h.id, &h.n); err != nil {
			return err
		}
		hits = append(hits, h)
		return nil
	}); err != nil {
		return err
	}
	for _, h := range hits {
		var code, name, unit string
		if err := c.s.db.QueryRow(c.ctx, `SELECT u.login_code, u.user_name, COALESCE(o.unit_name, '') FROM sys_user u
			LEFT JOIN org_unit o ON o.full_unit_code = u.unit_code WHERE u.id = ?`, h.id).Scan(&code, &name, &unit); err != nil {
			return err
		}
		t.Rows = append(t.Rows, map[string]any{"loginCode": code, "userName": name, "unitName": unit, key: h.n})
	}
	return nil
}
