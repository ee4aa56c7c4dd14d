// Package dreport holds the dynamic reports of /dreport: a dataset plus a layout (columns with titles,
// formats and totals, an optional chart) and the roles that may run it. A report's filters are its
// dataset's parameters, always bound; a run reads at most the dataset's row cap and pages, sorts and
// totals those rows.
package dreport

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Screen is the menu code of /dreport and the function code that designs reports.
const Screen = "dreport"

// Column is a column of a report: the dataset's column (Key), its title, how it is shown, and whether
// the report totals it.
type Column struct {
	Key    string `json:"key"`
	Title  string `json:"title"`
	Format string `json:"format" enum:"text,number,date,percent"`
	Total  bool   `json:"total"`
}

// Chart is a report's optional chart: its type, the column of the categories and the columns of the values.
type Chart struct {
	Type string   `json:"type" enum:",line,bar,pie"`
	X    string   `json:"x"`
	Y    []string `json:"y"`
}

// FilterWidget is how a report asks for the value of one of its dataset's parameters: a text box, a
// date picker (YYYY-MM-DD), an organisation picker (a unit's fullUnitCode) or a select of the items of a
// dictionary group. Whatever the widget, the value is bound as text.
type FilterWidget struct {
	Name          string `json:"name"`
	Widget        string `json:"widget" enum:"text,date,org,dict"`
	DictGroupCode string `json:"dictGroupCode"`
}

// Layout is how a report shows its dataset.
type Layout struct {
	Columns []Column       `json:"columns"`
	Chart   Chart          `json:"chart"`
	Filters []FilterWidget `json:"filters" doc:"the widget of each filter (a parameter of the dataset); a parameter not listed is a text box"`
}

// Report is one report.
type Report struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Remark    string    `json:"remark"`
	DatasetID int64     `json:"datasetId"`
	Layout    Layout    `json:"layout"`
	Roles     []int64   `json:"roles"`
	InMenu    bool      `json:"inMenu"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Filter is a report's filter: a parameter of its dataset, and the widget that asks for its value.
type Filter struct {
	Name          string `json:"name"`
	Label         string `json:"label"`
	Sample        string `json:"sample"`
	Widget        string `json:"widget" enum:"text,date,org,dict"`
	DictGroupCode string `json:"dictGroupCode"`
}

// Data is what a report's dataset gives it.
type Data struct {
	Columns   []string
	Rows      [][]any
	Truncated bool
}

// Caller is who runs a report: a system administrator or a holder of the dreport code runs every report,
// anyone else the reports granted to their roles.
type Caller struct {
	Designer bool
	Roles    []int64
}

// Datasets is what reports need of the datasets (an adapter of internal/app).
type Datasets interface {
	Filters(ctx context.Context, id int64) ([]Filter, error)
	Run(ctx context.Context, id int64, values map[string]string) (*Data, error)
	// Choices are the datasets a report may be built on; Columns a dataset's columns (a run with its samples).
	Choices(ctx context.Context) ([]DatasetChoice, error)
	Columns(ctx context.Context, id int64) ([]string, error)
}

// DatasetChoice is a dataset as the designer picks it.
type DatasetChoice struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Shape is what a designer lays a report out from: a dataset's columns and parameters.
type Shape struct {
	Columns []string `json:"columns"`
	Filters []Filter `json:"filters"`
}

// Service holds the reports.
type Service struct {
	db       *db.DB
	datasets Datasets
	who      func(ctx context.Context) (Caller, error)
}

func NewService(d *db.DB, ds Datasets, who func(ctx context.Context) (Caller, error)) *Service {
	return &Service{db: d, datasets: ds, who: who}
}

// FormIn is what add and edit send.
type FormIn struct {
	ID        int64   `param:"id" doc:"edit only"`
	Name      string  `param:"name,required" max:"50"`
	Remark    string  `param:"remark" max:"500"`
	DatasetID int64   `param:"datasetId,required"`
	Layout    Layout  `param:"layout,required" doc:"columns (key: a column of the dataset), chart"`
	Roles     []int64 `param:"roles" doc:"roles that may run the report"`
	InMenu    bool    `param:"inMenu" doc:"the report appears in the side menu of those who may run it"`
}

var formats = []string{"", "text", "number", "date", "percent"}

func (s *Service) check(ctx context.Context, in *FormIn) error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return httpx.Fail("http.required", "name")
	}
	params, err := s.datasets.Filters(ctx, in.DatasetID)
	if err != nil {
		return err
	}
	if len(in.Layout.Columns) == 0 || len(in.Layout.Columns) > 50 {
		return httpx.Fail("dreport.columns", 50)
	}
	keys := map[string]bool{}
	for i := range in.Layout.Columns {
		c := &in.Layout.Columns[i]
		c.Key, c.Title = strings.TrimSpace(c.Key), strings.TrimSpace(c.Title)
		if c.Key == "" || len([]rune(c.Key)) > 100 || keys[c.Key] || len([]rune(c.Title)) > 50 || !slices.Contains(formats, c.Format) {
			return httpx.Fail("dreport.bad_column", c.Key)
		}
		keys[c.Key] = true
		if c.Format == "" {
			c.Format = "text"
		}
		if c.Title == "" {
			c.Title = c.Key
		}
	}
	ch := &in.Layout.Chart
	switch ch.Type {
	case "":
		*ch = Chart{Y: []string{}}
	case "line", "bar", "pie":
		if !keys[ch.X] || len(ch.Y) == 0 || len(ch.Y) > 10 {
			return httpx.Fail("dreport.bad_chart")
		}
		for _, y := range ch.Y {
			if !keys[y] {
				return httpx.Fail("dreport.bad_chart")
			}
		}
	default:
		return httpx.Fail("dreport.bad_chart")
	}
	if ch.Y == nil {
		ch.Y = []string{}
	}
	seen := map[string]bool{}
	widgets := []FilterWidget{}
	for _, f := range in.Layout.Filters {
		f.DictGroupCode = strings.TrimSpace(f.DictGroupCode)
		known := slices.ContainsFunc(params, func(p Filter) bool { return p.Name == f.Name })
		if !known || seen[f.Name] || !slices.Contains(widgets4, f.Widget) || len(f.DictGroupCode) > 100 || (f.Widget == "dict") != (f.DictGroupCode != "") {
			return httpx.Fail("dreport.bad_filter", f.Name)
		}
		seen[f.Name] = true
		widgets = append(widgets, f)
	}
	in.Layout.Filters = widgets
	return nil
}

var widgets4 = []string{"text", "date", "org", "dict"}

func (s *Service) save(ctx context.Context, in FormIn) (int64, error) {
	if err := s.check(ctx, &in); err != nil {
		return 0, err
	}
	layout, _ := json.Marshal(in.Layout)
	id := in.ID
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		var err error
		var before any
		if id == 0 {
			id, err = tx.Insert(ctx, `INSERT INTO lowcode_report (name, remark, dataset_id, layout, in_menu, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				in.Name, in.Remark, in.DatasetID, string(layout), db.Flag(in.InMenu), now, now)
		} else {
			var b Report
			if b, err = s.one(ctx, tx, id); err != nil {
				return err
			}
			before = b
			_, err = tx.Exec(ctx, `UPDATE lowcode_report SET name = ?, remark = ?, dataset_id = ?, layout = ?, in_menu = ?, updated_at = ? WHERE id = ?`,
				in.Name, in.Remark, in.DatasetID, string(layout), db.Flag(in.InMenu), now, id)
		}
		if db.IsUniqueViolation(err) {
			return httpx.Fail("dreport.name_taken", in.Name)
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM lowcode_report_role WHERE report_id = ?`, id); err != nil {
			return err
		}
		roles := slices.Clone(in.Roles)
		slices.Sort(roles)
		for _, r := range slices.Compact(roles) {
			if _, err := tx.Exec(ctx, `INSERT INTO lowcode_report_role (report_id, role_id) VALUES (?, ?)`, id, r); err != nil {
				return err
			}
		}
		action := audit.Create
		if before != nil {
			action = audit.Update
		}
		in.ID = id
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: action, TargetID: id, Target: in.Name, Before: before, After: in})
	})
	return id, err
}

func (s *Service) one(ctx context.Context, q db.Querier, id int64) (Report, error) {
	r := Report{ID: id, Roles: []int64{}}
	var layout string
	var inMenu int
	err := q.QueryRow(ctx, `SELECT name, remark, dataset_id, layout, in_menu, updated_at FROM lowcode_report WHERE id = ? AND deleted_at IS NULL`, id).
		Scan(&r.Name, &r.Remark, &r.DatasetID, &layout, &inMenu, &r.UpdatedAt)
	r.InMenu = inMenu == 1
	if db.IsNoRows(err) {
		return r, httpx.Fail("dreport.not_found")
	}
	if err != nil {
		return r, err
	}
	_ = json.Unmarshal([]byte(layout), &r.Layout)
	if r.Layout.Chart.Y == nil {
		r.Layout.Chart.Y = []string{}
	}
	if r.Layout.Columns == nil {
		r.Layout.Columns = []Column{}
	}
	if r.Layout.Filters == nil {
		r.Layout.Filters = []FilterWidget{}
	}
	rows, err := q.Query(ctx, `SELECT role_id FROM lowcode_report_role WHERE report_id = ? ORDER BY role_id`, id)
	if err != nil {
		return r, err
	}
	defer rows.Close()
	for rows.Next() {
		var role int64
		if err := rows.Scan(&role); err != nil {
			return r, err
		}
		r.Roles = append(r.Roles, role)
	}
	return r, rows.Err()
}

// runnable reads report id for the caller: a report the caller may not run answers like a missing one.
func (s *Service) runnable(ctx context.Context, id int64) (Report, error) {
	c, err := s.who(ctx)
	if err != nil {
		return Report{}, err
	}
	r, err := s.one(ctx, s.db, id)
	if err != nil {
		return r, err
	}
	if c.Designer {
		return r, nil
	}
	for _, role := range r.Roles {
		if slices.Contains(c.Roles, role) {
			return r, nil
		}
	}
	return Report{}, httpx.Fail("dreport.not_found")
}

// Run is a page of a report's rows with the totals of every totalled column (over all rows read) and
// the rows of its chart.
type Run struct {
	Name      string             `json:"name"`
	Columns   []Column           `json:"columns"`
	Chart     Chart              `json:"chart"`
	Filters   []Filter           `json:"filters"`
	Records   []map[string]any   `json:"records"`
	Current   int                `json:"current"`
	Limit     int                `json:"limit"`
	Total     int                `json:"total"`
	Pages     int                `json:"pages"`
	Next      bool               `json:"next" doc:"a page follows this one"`
	Totals    map[string]float64 `json:"totals"`
	ChartRows []map[string]any   `json:"chartRows"`
	Truncated bool               `json:"truncated"`
}

// RunIn names a report, the values of its filters, and the page.
type RunIn struct {
	ID      int64             `param:"id,required"`
	Values  map[string]string `param:"values" doc:"the value of each filter (a dataset parameter), bound as text"`
	Current int               `param:"current" default:"1" doc:"page, from 1 to 1000000 (the lists' rule; default 1)"`
	Limit   int               `param:"limit" default:"10" doc:"rows per page, 1 to 100 (the lists' rule; default 10)"`
	Sort    string            `param:"sort" max:"100" doc:"a column of the report"`
	Order   string            `param:"order" enum:"asc,desc,ascend,descend"`
}

// MaxChartRows bounds the rows a chart draws.
const MaxChartRows = 200

func (s *Service) run(ctx context.Context, in RunIn) (*rowsOf, Report, error) {
	r, err := s.runnable(ctx, in.ID)
	if err != nil {
		return nil, r, err
	}
	data, err := s.datasets.Run(ctx, r.DatasetID, in.Values)
	if err != nil {
		return nil, r, err
	}
	index := map[string]int{}
	for i, c := range data.Columns {
		index[c] = i
	}
	for _, c := range r.Layout.Columns {
		if _, ok := index[c.Key]; !ok {
			return nil, r, httpx.Fail("dreport.missing_column", c.Key)
		}
	}
	out := &rowsOf{index: index, rows: data.Rows, truncated: data.Truncated}
	if in.Sort != "" {
		i, ok := -1, false
		for _, c := range r.Layout.Columns {
			if c.Key == in.Sort {
				i, ok = index[c.Key], true
			}
		}
		if !ok {
			return nil, r, httpx.BadRequest("list.bad_sort")
		}
		desc := in.Order == "desc" || in.Order == "descend"
		slices.SortStableFunc(out.rows, func(a, b []any) int {
			c := compare(a[i], b[i])
			if desc {
				return -c
			}
			return c
		})
	}
	return out, r, nil
}

type rowsOf struct {
	index     map[string]int
	rows      [][]any
	truncated bool
}

func (o *rowsOf) record(cols []Column, row []any) map[string]any {
	m := map[string]any{}
	for _, c := range cols {
		m[c.Key] = row[o.index[c.Key]]
	}
	return m
}

// compare orders cells: nulls first, numbers by value, anything else as text.
func compare(a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	fa, aNum := number(a)
	fb, bNum := number(b)
	if aNum && bNum {
		switch {
		case fa < fb:
			return -1
		case fa > fb:
			return 1
		}
		return 0
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// filters are the report's dataset's parameters with the widget the layout gives each (text when none).
func (s *Service) filters(ctx context.Context, r Report) ([]Filter, error) {
	filters, err := s.datasets.Filters(ctx, r.DatasetID)
	if err != nil {
		return nil, err
	}
	for i := range filters {
		filters[i].Widget = "text"
		for _, w := range r.Layout.Filters {
			if w.Name == filters[i].Name {
				filters[i].Widget, filters[i].DictGroupCode = w.Widget, w.DictGroupCode
			}
		}
	}
	return filters, nil
}

// Export writes every row a run reads (at most the dataset's cap), sorted as asked, with the report's
// titles and a row of totals when a column is totalled.
func (s *Service) Export(ctx context.Context, w http.ResponseWriter, in ExportIn, lang string) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	o, r, err := s.run(ctx, in.RunIn)
	if err != nil {
		return err
	}
	cols := r.Layout.Columns
	header := make([]string, len(cols))
	totals := make([]float64, len(cols))
	anyTotal := false
	for i, c := range cols {
		header[i] = c.Title
		anyTotal = anyTotal || c.Total
	}
	return export.Stream(w, format, r.Name, header, func(x export.Writer) error {
		cells := make([]any, len(cols))
		for _, row := range o.rows {
			for i, c := range cols {
				v := row[o.index[c.Key]]
				if f, ok := number(v); ok && c.Total {
					totals[i] += f
				}
				cells[i] = v
			}
			if err := x.Row(cells...); err != nil {
				return err
			}
		}
		if !anyTotal {
			return nil
		}
		for i, c := range cols {
			switch {
			case c.Total:
				cells[i] = totals[i]
			case i == 0:
				cells[i] = httpx.Translate(lang, "dreport.total")
			default:
				cells[i] = ""
			}
		}
		return x.Row(cells...)
	})
}

// ExportIn is a run's parameters and the file's format.
type ExportIn struct {
	RunIn
	Format string `param:"format" enum:"xlsx,csv"`
}

// InMenu are the reports marked for the side menu that caller c may run, by name.
func (s *Service) InMenu(ctx context.Context, c Caller) (_ []Summary, err error) {
	defer errs.Wrap(&err, "dreport: in menu")
	return s.mine(ctx, c, ` AND in_menu = 1`)
}

// Run answers a page of a report.
func (s *Service) Run(ctx context.Context, in RunIn) (_ *Run, err error) {
	defer errs.Wrap(&err, "dreport: run %d", in.ID)
	if err := list.CheckPaging(in.Current, in.Limit); err != nil {
		return nil, err
	}
	o, r, err := s.run(ctx, in)
	if err != nil {
		return nil, err
	}
	filters, err := s.filters(ctx, r)
	if err != nil {
		return nil, err
	}
	current, limit := in.Current, in.Limit
	res := &Run{Name: r.Name, Columns: r.Layout.Columns, Chart: r.Layout.Chart, Filters: filters, Records: []map[string]any{},
		Current: current, Limit: limit, Total: len(o.rows), Pages: (len(o.rows) + limit - 1) / limit,
		Next:   current < (len(o.rows)+limit-1)/limit,
		Totals: map[string]float64{}, ChartRows: []map[string]any{}, Truncated: o.truncated}
	if off, ok := list.Offset(current, limit, len(o.rows)); ok {
		for _, row := range o.rows[off:min(off+limit, len(o.rows))] {
			res.Records = append(res.Records, o.record(r.Layout.Columns, row))
		}
	}
	for _, c := range r.Layout.Columns {
		if !c.Total {
			continue
		}
		sum := 0.0
		for _, row := range o.rows {
			if f, ok := number(row[o.index[c.Key]]); ok {
				sum += f
			}
		}
		res.Totals[c.Key] = sum
	}
	if r.Layout.Chart.Type != "" {
		for _, row := range o.rows[:min(len(o.rows), MaxChartRows)] {
			res.ChartRows = append(res.ChartRows, o.record(r.Layout.Columns, row))
		}
	}
	return res, nil
}

// Handlers are the calls of /dreport.
type Handlers struct{ svc *Service }

func NewHandlers(s *Service) *Handlers { return &Handlers{svc: s} }

var listSpec = &list.Spec{
	Select:      `id, name, remark, dataset_id, in_menu, updated_at`,
	From:        `lowcode_report`,
	Where:       `deleted_at IS NULL`,
	Filters:     []list.Filter{{Param: "name", Column: "name", Kind: list.Contains}},
	Sorts:       map[string]string{"name": "name", "updatedAt": "updated_at", "id": "id"},
	DefaultSort: "updated_at DESC",
	TieBreak:    "id DESC",
}

// Summary is a row of the reports' list.
type Summary struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Remark    string    `json:"remark"`
	DatasetID int64     `json:"datasetId"`
	InMenu    bool      `json:"inMenu"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func scan(row interface{ Scan(...any) error }) (Summary, error) {
	var m Summary
	var inMenu int
	err := row.Scan(&m.ID, &m.Name, &m.Remark, &m.DatasetID, &inMenu, &m.UpdatedAt)
	m.InMenu = inMenu == 1
	return m, err
}

func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return (&list.Table[Summary]{DB: h.svc.db, Spec: listSpec, Scan: scan}).List(w, r)
}

func (h *Handlers) One(r *http.Request, in httpx.IDIn) (Report, error) {
	return h.svc.one(r.Context(), h.svc.db, in.ID)
}

func (h *Handlers) Add(r *http.Request, in FormIn) (httpx.Created, error) {
	in.ID = 0
	id, err := h.svc.save(r.Context(), in)
	return httpx.Created{ID: id}, err
}

func (h *Handlers) Edit(r *http.Request, in FormIn) (route.None, error) {
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	_, err := h.svc.save(r.Context(), in)
	return route.None{}, err
}

func (h *Handlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.db.InTx(r.Context(), func(tx *db.Tx) error {
		b, err := h.svc.one(r.Context(), tx, in.ID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(r.Context(), `UPDATE lowcode_report SET deleted_at = ? WHERE id = ?`, time.Now().UTC(), in.ID); err != nil {
			return err
		}
		return audit.Record(r.Context(), tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: in.ID, Target: b.Name, Before: b})
	})
}

// Run is POST /api/dreport/run.
func (h *Handlers) Run(r *http.Request, in RunIn) (*Run, error) { return h.svc.Run(r.Context(), in) }

// Mine is GET /api/dreport/mine: the reports the caller may run.
func (h *Handlers) Mine(r *http.Request, _ route.None) ([]Summary, error) {
	c, err := h.svc.who(r.Context())
	if err != nil {
		return nil, err
	}
	return h.svc.mine(r.Context(), c, "")
}

// Datasets is GET /api/dreport/datasets: the datasets a report may be built on (the designer need not hold
// dataset_manager).
func (h *Handlers) Datasets(r *http.Request, _ route.None) ([]DatasetChoice, error) {
	return h.svc.datasets.Choices(r.Context())
}

// ShapeIn names a dataset.
type ShapeIn struct {
	DatasetID int64 `param:"datasetId,required"`
}

// Shape is GET /api/dreport/datasetShape: a dataset's columns (run with its samples) and parameters.
func (h *Handlers) Shape(r *http.Request, in ShapeIn) (Shape, error) {
	filters, err := h.svc.datasets.Filters(r.Context(), in.DatasetID)
	if err != nil {
		return Shape{}, err
	}
	cols, err := h.svc.datasets.Columns(r.Context(), in.DatasetID)
	if err != nil {
		return Shape{}, err
	}
	for i := range filters {
		filters[i].Widget = "text"
	}
	if cols == nil {
		cols = []string{}
	}
	return Shape{Columns: cols, Filters: filters}, nil
}

// Export is GET /api/dreport/export.
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request, in ExportIn) error {
	return h.svc.Export(r.Context(), w, in, httpx.Lang(r))
}

func (s *Service) mine(ctx context.Context, c Caller, and string) ([]Summary, error) {
	q := `SELECT id, name, remark, dataset_id, in_menu, updated_at FROM lowcode_report WHERE deleted_at IS NULL` + and
	args := []any{}
	if !c.Designer {
		if len(c.Roles) == 0 {
			return []Summary{}, nil
		}
		q += ` AND id IN (SELECT report_id FROM lowcode_report_role WHERE role_id IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(c.Roles)), ", ") + `))`
		for _, r := range c.Roles {
			args = append(args, r)
		}
	}
	rows, err := s.db.Query(ctx, q+` ORDER BY name, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		m, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dreport.not_found":      {"报表不存在或无权运行", "The report does not exist or you may not run it"},
		"dreport.name_taken":     {"报表名称“%s”已存在", "A report named \"%s\" exists already"},
		"dreport.columns":        {"报表须有1到%d列", "A report has 1 to %d columns"},
		"dreport.bad_column":     {"列“%s”无效或重复", "Column \"%s\" is invalid or repeated"},
		"dreport.bad_chart":      {"图表须为折线、柱状或饼图，且其分类与数值为报表的列", "A chart is a line, bar or pie chart over columns of the report"},
		"dreport.missing_column": {"数据集已没有列“%s”，请修改报表", "The dataset no longer has column \"%s\"; edit the report"},
		"dreport.bad_filter":     {"筛选条件“%s”无效：须为数据集的参数，字典选择须填写字典分组", "Filter \"%s\" is invalid: it is a parameter of the dataset, and a dictionary select names its group"},
		"dreport.total":          {"合计", "Total"},
	})
}
