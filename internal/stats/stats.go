// Package stats is the usage statistics (spec sections 1 and 2: /personnel_login, /personnel_role,
// /download_type, /data_upload, /ca_upload, /summary, /statistics_account; docs/statistics.md).
//
// Statistics are a read model: the package reads, and never writes, the tables where the other areas record
// what happened (login_log, file_download, sys_file, lib_record, lib_ca_loan, business_log, sys_user,
// sys_user_role, org_unit). Every number is counted in SQL with GROUP BY over indexed columns; Go only
// folds the groups (a few hundred units, a few hundred days) into the answer.
//
// Every screen answers the same shape, a Report: charts (labels and series) and tables (columns and rows),
// so the browser has one statistics page and the export writes a report's first table.
package stats

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"

	"golang.org/x/sync/errgroup"
)

// DataModule is the data-rule module of the statistics (internal/org Modules): the units whose numbers
// a caller sees.
const DataModule = "statistics"

// Menu codes of the screens: each is the function code of its calls.
const (
	FunLogin    = "personnel_login"
	FunRole     = "personnel_role"
	FunDownload = "download_type"
	FunUpload   = "data_upload"
	FunCA       = "ca_upload"
	FunSummary  = "summary"
	FunAccount  = "statistics_account"
)

// Periods of a time series.
const (
	Day   = "day"
	Week  = "week"
	Month = "month"
)

// maxPoints bounds a time series: a day series covers at most about 13 months.
const maxPoints = 400

// MaxRows bounds a table of people or materials.
const MaxRows = 1000

// Kind is a kind of bid material (a library type), as the statistics name it.
type Kind struct {
	Key   string // the library type key ("license"); files of its records have record type "library."+Key
	Code  string // its screen's menu code, the business log's module of its records
	Label string // a message key
}

// Visibility is the caller's data scope of a module (internal/org).
type Visibility func(ctx context.Context, userID int64, module string) (org.Visibility, error)

// Service answers the statistics.
type Service struct {
	db    *db.DB
	vis   Visibility
	kinds []Kind
	// Loc is the time zone of days, weeks (Monday to Sunday) and months; the server's zone (TZ) by default.
	Loc *time.Location
	now func() time.Time
	mu  sync.Mutex // one fold of the rollups at a time (Refresh)
}

// NewService reads the statistics of d; vis is the data scope, kinds the material types.
func NewService(d *db.DB, vis Visibility, kinds []Kind) *Service {
	return &Service{db: d, vis: vis, kinds: kinds, Loc: time.Local, now: time.Now}
}

// Filter is the filter card of every screen.
type Filter struct {
	StartTime  string `param:"startTime" max:"40" doc:"first day, YYYY-MM-DD (default: 29 days before endTime)"`
	EndTime    string `param:"endTime" max:"40" doc:"last day, included, YYYY-MM-DD (default: today)"`
	UnitCode   string `param:"unitCode" max:"64" doc:"a unit (full unit code): it and its subordinates; the bars divide it into its children"`
	Period     string `param:"period" max:"8" doc:"day, week (Monday to Sunday) or month; default by the range's length"`
	ByPerson   bool   `param:"byPerson" doc:"the people of the unit instead of its subordinate units (login and role statistics)"`
	RecordType string `param:"recordType" max:"32" doc:"a material type (library type key: license, tender, ...)"`
	Year       *int   `param:"year" doc:"the year of the annual summary (default: this year)"`
	Format     string `param:"format" doc:"export: xlsx (default) or csv"`
}

// Report is the answer of every statistics call.
type Report struct {
	Start   string  `json:"startTime"`
	End     string  `json:"endTime"`
	Period  string  `json:"period"`
	Unit    *Unit   `json:"unit"` // the unit the bars divide (nil: the whole visible organisation)
	Charts  []Chart `json:"charts"`
	Tables  []Table `json:"tables"`
	TZ      string  `json:"timeZone"`
	Summary []Stat  `json:"summary"` // headline numbers over the whole filter
}

// Stat is a headline number.
type Stat struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Value int64  `json:"value"`
}

// Chart is a line or bar chart: one label per point, each series one value per label.
type Chart struct {
	Key    string   `json:"key"`
	Title  string   `json:"title"`
	Kind   string   `json:"kind"` // line or bar
	Labels []string `json:"labels"`
	Series []Series `json:"series"`
	// Codes, for a chart of units, are the units' codes by label (a bar drills down to its unit).
	Codes []string `json:"codes,omitempty"`
}

// Series is one line or one set of bars.
type Series struct {
	Key    string  `json:"key"`
	Name   string  `json:"name"`
	Values []int64 `json:"values"`
}

// Table is the numbers behind the charts.
type Table struct {
	Key     string           `json:"key"`
	Title   string           `json:"title"`
	Columns []Column         `json:"columns"`
	Rows    []map[string]any `json:"rows"`
	// Drill names the row field holding a unit code the row drills down to ("" when rows do not drill).
	Drill string `json:"drill,omitempty"`
	// NoTotal: the rows are a top list, not parts of a whole; no total row.
	NoTotal bool `json:"noTotal,omitempty"`
	// Totals are total cells the rows do not add up to (distinct counts over the whole filter), by column.
	Totals map[string]int64 `json:"totals,omitempty"`
}

// Column is a table column; Number columns are summed in the total row, except Distinct ones (counts of
// distinct accounts or files, which do not add up across rows).
type Column struct {
	Key      string `json:"key"`
	Title    string `json:"title"`
	Number   bool   `json:"number,omitempty"`
	Distinct bool   `json:"distinct,omitempty"`
}

// Unit is an organisation unit.
type Unit struct {
	Code string `json:"unitCode"`
	Name string `json:"unitName"`
	Leaf bool   `json:"leaf"`
}

// call is one request's resolved filter.
type call struct {
	s      *Service
	ctx    context.Context
	lang   string
	from   time.Time // UTC, inclusive
	to     time.Time // UTC, exclusive
	start  time.Time // the first day, in Loc
	days   int
	period string
	offset int // minutes east of UTC of Loc at the start
	unit   *Unit
	vis    org.Visibility
	f      Filter
}

func (s *Service) resolve(ctx context.Context, lang string, f Filter) (*call, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return nil, httpx.Fail("stats.no_caller")
	}
	vis, err := s.vis(ctx, p.UserID, DataModule)
	if err != nil {
		return nil, err
	}
	if err := s.Refresh(ctx); err != nil {
		return nil, err
	}
	c := &call{s: s, ctx: ctx, lang: lang, vis: vis, f: f}
	today := s.now().In(s.Loc)
	today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, s.Loc)
	end := today
	if f.EndTime != "" {
		if end, err = s.day(f.EndTime, "endTime"); err != nil {
			return nil, err
		}
	}
	start := end.AddDate(0, 0, -29)
	if f.StartTime != "" {
		if start, err = s.day(f.StartTime, "startTime"); err != nil {
			return nil, err
		}
	}
	if end.Before(start) {
		return nil, httpx.Fail("stats.bad_range")
	}
	c.start = start
	c.from = start.UTC()
	c.to = end.AddDate(0, 0, 1).UTC()
	c.days = int(end.Sub(start).Hours()/24+0.5) + 1
	_, c.offset = start.Zone()
	c.offset /= 60
	switch f.Period {
	case "":
		switch {
		case c.days <= 62:
			c.period = Day
		case c.days <= 26*7:
			c.period = Week
		default:
			c.period = Month
		}
	case Day, Week, Month:
		c.period = f.Period
	default:
		return nil, httpx.BadRequest("stats.bad_period")
	}
	if len(c.labels()) > maxPoints {
		return nil, httpx.Fail("stats.too_many_points", maxPoints)
	}
	if f.UnitCode != "" {
		if !c.mayName(f.UnitCode) {
			return nil, httpx.Fail("stats.unit_out_of_scope")
		}
		u, err := s.unit(ctx, f.UnitCode)
		if err != nil {
			return nil, err
		}
		c.unit = u
	}
	return c, nil
}

func (s *Service) day(v, name string) (time.Time, error) {
	t, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(v), s.Loc)
	if err != nil || t.Year() < 2000 || t.Year() > 2200 {
		if t2, _, err2 := list.ParseTime(v); err2 == nil { // an RFC 3339 time: its day in Loc
			t2 = t2.In(s.Loc)
			return time.Date(t2.Year(), t2.Month(), t2.Day(), 0, 0, 0, 0, s.Loc), nil
		}
		return time.Time{}, httpx.BadRequest("stats.bad_date", name)
	}
	return t, nil
}

// mayName tells whether the caller may pick the unit: one they see, or one above units they see.
func (c *call) mayName(code string) bool {
	if c.vis.Sees(code) {
		return true
	}
	for _, p := range append(append([]string{}, c.vis.Prefixes...), c.vis.Exact...) {
		if strings.HasPrefix(p, code) {
			return true
		}
	}
	return false
}

func (s *Service) unit(ctx context.Context, code string) (*Unit, error) {
	u := &Unit{Code: code}
	var children int
	err := s.db.QueryRow(ctx, `SELECT unit_name, (SELECT COUNT(*) FROM org_unit c WHERE c.parent_full_unit_code = o.full_unit_code)
		FROM org_unit o WHERE full_unit_code = ?`, code).Scan(&u.Name, &children)
	if db.IsNoRows(err) {
		return nil, httpx.Fail("stats.unit_not_found")
	}
	u.Leaf = children == 0
	return u, err
}

// where is the condition limiting a unit-code column to the caller's scope and the chosen unit.
func (c *call) where(column string) (string, []any) {
	cond, args := c.vis.Condition(column)
	if c.unit != nil {
		cond += " AND " + list.PrefixSQL(column)
		args = append(args, list.PrefixArg(c.unit.Code))
	}
	return cond, args
}

// bucket is the SQL expression of a time column's period label ('2026-11-25', the Monday of a week, '2026-11'),
// in Loc's offset at the start of the range.
func (c *call) bucket(column string) string {
	off := fmt.Sprintf("%+d minutes", c.offset)
	if c.s.db.Dialect == db.Postgres {
		shifted := fmt.Sprintf("(%s + interval '%s')", column, off)
		switch c.period {
		case Week:
			return "to_char(date_trunc('week', " + shifted + "), 'YYYY-MM-DD')"
		case Month:
			return "to_char(" + shifted + ", 'YYYY-MM')"
		}
		return "to_char(" + shifted + ", 'YYYY-MM-DD')"
	}
	switch c.period {
	case Week:
		return fmt.Sprintf("date(%s, '%s', '-6 days', 'weekday 1')", column, off)
	case Month:
		return fmt.Sprintf("strftime('%%Y-%%m', %s, '%s')", column, off)
	}
	return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s, '%s')", column, off)
}

// labels are the period labels of the range, in order (every period, with or without activity).
func (c *call) labels() []string {
	var out []string
	end := c.start.AddDate(0, 0, c.days)
	switch c.period {
	case Month:
		for m := time.Date(c.start.Year(), c.start.Month(), 1, 0, 0, 0, 0, c.s.Loc); m.Before(end); m = m.AddDate(0, 1, 0) {
			out = append(out, m.Format("2006-01"))
		}
	case Week:
		wd := (int(c.start.Weekday()) + 6) % 7 // days since Monday
		for w := c.start.AddDate(0, 0, -wd); w.Before(end); w = w.AddDate(0, 0, 7) {
			out = append(out, w.Format("2006-01-02"))
		}
	default:
		for d := c.start; d.Before(end); d = d.AddDate(0, 0, 1) {
			out = append(out, d.Format("2006-01-02"))
			if len(out) > maxPoints {
				break
			}
		}
	}
	return out
}

// series runs a query answering (label, count) rows and lays the counts on the labels.
func (c *call) series(key, name string, labels []string, query string, args ...any) (Series, error) {
	idx := make(map[string]int, len(labels))
	for i, l := range labels {
		idx[l] = i
	}
	s := Series{Key: key, Name: name, Values: make([]int64, len(labels))}
	err := db.EachRow(c.ctx, c.s.db, query, args, func(row db.Row) error {
		var label string
		var n int64
		if err := row.Scan(&label, &n); err != nil {
			return err
		}
		if i, ok := idx[label]; ok {
			s.Values[i] += n
		}
		return nil
	})
	return s, err
}

// labelled lays counts by period label (the rows of groups) on the labels: a line chart with a series per column.
func (c *call) labelled(key string, labels []string, byLabel map[string][]int64, cols []Column) Chart {
	ch := Chart{Key: key, Title: c.tr("stats.t." + key), Kind: "line", Labels: labels}
	for j, col := range cols {
		s := Series{Key: col.Key, Name: col.Title, Values: make([]int64, len(labels))}
		for i, l := range labels {
			if v := byLabel[l]; j < len(v) {
				s.Values[i] = v[j]
			}
		}
		ch.Series = append(ch.Series, s)
	}
	return ch
}

// spans is a WITH clause naming the periods of the range p(label, lo, hi): each label with its first and its last
// instant (UTC, hi excluded), cut to the range. A series of a raw event table counts each period as one index range
// (a correlated COUNT between p.lo and p.hi) instead of computing the period of every row (SQLite's strftime on 100,000
// uploads took 200 ms). The periods are those of bucket: the zone's offset at the start of the range.
func (c *call) spans(labels []string) (string, []any) {
	zone := time.FixedZone("", c.offset*60)
	layout := "2006-01-02"
	if c.period == Month {
		layout = "2006-01"
	}
	ts := "?"
	if c.s.db.Dialect == db.Postgres {
		ts = "CAST(? AS TIMESTAMP)"
	}
	rows := make([]string, 0, len(labels))
	args := make([]any, 0, 3*len(labels))
	for i, l := range labels {
		lo, _ := time.ParseInLocation(layout, l, zone)
		hi := c.to
		if i+1 < len(labels) {
			hi, _ = time.ParseInLocation(layout, labels[i+1], zone)
		}
		if lo.Before(c.from) {
			lo = c.from
		}
		if hi.After(c.to) {
			hi = c.to
		}
		rows = append(rows, "(CAST(? AS TEXT), "+ts+", "+ts+")")
		args = append(args, l, lo.UTC(), hi.UTC())
	}
	if len(rows) == 0 {
		return "WITH p(label, lo, hi) AS (SELECT '', " + ts + ", " + ts + " WHERE 1=0)", []any{c.from, c.to}
	}
	return "WITH p(label, lo, hi) AS (VALUES " + strings.Join(rows, ", ") + ")", args
}

// periodTable is the table behind a line chart: a row per period, a column per series of the chart (in order).
func (c *call) periodTable(ch Chart, cols []Column) Table {
	t := Table{Key: ch.Key, Title: ch.Title, Rows: make([]map[string]any, 0, len(ch.Labels)), Columns: append([]Column{c.col("period", false)}, cols...)}
	for i, l := range ch.Labels {
		row := map[string]any{"period": l}
		for j, col := range cols {
			row[col.Key] = ch.Series[j].Values[i]
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// groups runs a query answering (key, n1, n2, ...) rows: the counts by key.
func (c *call) groups(width int, query string, args ...any) (map[string][]int64, error) {
	out := map[string][]int64{}
	err := db.EachRow(c.ctx, c.s.db, query, args, func(row db.Row) error {
		var key string
		vals := make([]int64, width)
		dest := []any{&key}
		for i := range vals {
			dest = append(dest, &vals[i])
		}
		if err := row.Scan(dest...); err != nil {
			return err
		}
		if cur, ok := out[key]; ok {
			for i := range vals {
				cur[i] += vals[i]
			}
		} else {
			out[key] = vals
		}
		return nil
	})
	return out, err
}

// bar is a child unit the bars divide into: its code and name; the unit itself when own is set.
type bar struct {
	Unit
	own bool
}

// bars are the units a unit-divided chart shows: the chosen unit's children (or the top units), those the
// caller sees or that lead to units they see, and the chosen unit itself for accounts held directly by it.
func (c *call) bars() ([]bar, error) {
	parent := ""
	if c.unit != nil {
		parent = c.unit.Code
	}
	var out []bar
	if c.unit != nil {
		out = append(out, bar{Unit: Unit{Code: c.unit.Code, Name: c.unit.Name + httpx.Translate(c.lang, "stats.own"), Leaf: true}, own: true})
	} else if c.vis.All {
		// accounts without a unit (external users, say): a row of their own, shown when it has numbers
		out = append(out, bar{Unit: Unit{Code: "", Name: httpx.Translate(c.lang, "stats.noUnit"), Leaf: true}, own: true})
	}
	q := `SELECT o.full_unit_code, o.unit_name, (SELECT COUNT(*) FROM org_unit k WHERE k.parent_full_unit_code = o.full_unit_code)
		FROM org_unit o WHERE o.parent_full_unit_code = ? ORDER BY o.sort, o.full_unit_code`
	args := []any{parent}
	if parent == "" {
		// the top: the units without a parent; a single top unit opens to its children
		var tops []string
		if err := db.EachRow(c.ctx, c.s.db, `SELECT full_unit_code FROM org_unit WHERE parent_full_unit_code = '' ORDER BY sort, full_unit_code`, nil, func(row db.Row) error {
			var code string
			if err := row.Scan(&code); err != nil {
				return err
			}
			tops = append(tops, code)
			return nil
		}); err != nil {
			return nil, err
		}
		if len(tops) == 1 {
			args = []any{tops[0]}
		}
	}
	err := db.EachRow(c.ctx, c.s.db, q, args, func(row db.Row) error {
		var b bar
		var children int
		if err := row.Scan(&b.Code, &b.Name, &children); err != nil {
			return err
		}
		b.Leaf = children == 0
		if c.mayName(b.Code) {
			out = append(out, b)
		}
		return nil
	})
	return out, err
}

// fold adds counts by unit code into the bars: each code to the bar it lies under (the longest prefix).
// Codes under none of the bars are left out.
func fold(bars []bar, byUnit map[string][]int64, width int) [][]int64 {
	out := make([][]int64, len(bars))
	for i := range out {
		out[i] = make([]int64, width)
	}
	for code, vals := range byUnit {
		best, bestLen := -1, -1
		for i, b := range bars {
			match := code == b.Code
			if !b.own {
				match = strings.HasPrefix(code, b.Code)
			}
			if match && len(b.Code) > bestLen {
				best, bestLen = i, len(b.Code)
			}
		}
		if best < 0 {
			continue
		}
		for j := 0; j < width && j < len(vals); j++ {
			out[best][j] += vals[j]
		}
	}
	return out
}

// unitTable lays counts by bar into a chart of units and a table of units; key/title pairs name the values.
func (c *call) unitTable(key string, bars []bar, vals [][]int64, cols []Column, chartCols []int) (Chart, Table) {
	t := Table{Key: key, Title: c.tr("stats.t." + key), Drill: "unitCode",
		Columns: append([]Column{{Key: "unitName", Title: c.tr("stats.c.unit")}}, cols...)}
	ch := Chart{Key: key, Title: c.tr("stats.t." + key), Kind: "bar"}
	for _, ci := range chartCols {
		ch.Series = append(ch.Series, Series{Key: cols[ci].Key, Name: cols[ci].Title})
	}
	for i, b := range bars {
		row := map[string]any{"unitCode": b.Code, "unitName": b.Name, "leaf": b.Leaf || b.own}
		if b.Code == "" {
			delete(row, "unitCode") // nothing to drill into
		}
		empty := true
		for j, col := range cols {
			row[col.Key] = vals[i][j]
			if vals[i][j] != 0 {
				empty = false
			}
		}
		if b.own && empty {
			continue // no one directly in the unit: no row for it
		}
		t.Rows = append(t.Rows, row)
		ch.Labels = append(ch.Labels, b.Name)
		if b.Code != "" && !b.own {
			ch.Codes = append(ch.Codes, b.Code)
		} else {
			ch.Codes = append(ch.Codes, "")
		}
		for k, ci := range chartCols {
			ch.Series[k].Values = append(ch.Series[k].Values, vals[i][ci])
		}
	}
	if t.Rows == nil {
		t.Rows = []map[string]any{}
	}
	return ch, t
}

func (c *call) tr(key string, args ...any) string { return httpx.Translate(c.lang, key, args...) }

func (c *call) col(key string, number bool) Column {
	return Column{Key: key, Title: c.tr("stats.c." + key), Number: number}
}

// distinct is a number column of distinct accounts or files.
func (c *call) distinct(key string) Column {
	return Column{Key: key, Title: c.tr("stats.c." + key), Number: true, Distinct: true}
}

func (c *call) report() *Report {
	r := &Report{Start: c.start.Format("2006-01-02"), End: c.start.AddDate(0, 0, c.days-1).Format("2006-01-02"),
		Period: c.period, Unit: c.unit, TZ: c.tz(), Charts: []Chart{}, Tables: []Table{}, Summary: []Stat{}}
	return r
}

func (c *call) stat(key string, v int64) Stat {
	return Stat{Key: key, Title: c.tr("stats.s." + key), Value: v}
}

// tz names the zone and its offset: "Asia/Shanghai (UTC+08:00)".
func (c *call) tz() string {
	h, m := c.offset/60, c.offset%60
	if m < 0 {
		m = -m
	}
	off := fmt.Sprintf("UTC%+03d:%02d", h, m)
	if name := c.s.Loc.String(); name != "Local" && name != "UTC" {
		return name + " (" + off + ")"
	}
	return off
}

// kindLabel names a file's record type ("library.license") or a library type key.
func (c *call) kindLabel(key string) string {
	key = strings.TrimPrefix(key, "library.")
	for _, k := range c.s.kinds {
		if k.Key == key {
			return c.tr(k.Label)
		}
	}
	if key == "" {
		return c.tr("stats.kind.none")
	}
	return key
}

// kind checks a recordType filter.
func (c *call) kind() (*Kind, error) {
	if c.f.RecordType == "" {
		return nil, nil
	}
	for i, k := range c.s.kinds {
		if k.Key == c.f.RecordType {
			return &c.s.kinds[i], nil
		}
	}
	return nil, httpx.BadRequest("stats.bad_type")
}

// sortedKeys orders group keys by their first value, largest first, then by key.
func sortedKeys(m map[string][]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := m[keys[i]][0], m[keys[j]][0]
		if a != b {
			return a > b
		}
		return keys[i] < keys[j]
	})
	return keys
}

// forEach runs a query and hands each row's Scan to fn.
func forEach(c *call, query string, args []any, fn func(scan func(...any) error) error) error {
	return db.EachRow(c.ctx, c.s.db, query, args, func(row db.Row) error { return fn(row.Scan) })
}

// parallel runs a screen's independent statements at once, each on a connection of its own, and returns the first
// error: a screen waits for its slowest statement rather than for their sum.
func parallel(fns ...func() error) error {
	var g errgroup.Group
	for _, fn := range fns {
		g.Go(fn)
	}
	return g.Wait()
}

func itoa(n int) string { return strconv.Itoa(n) }
