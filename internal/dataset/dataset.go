// Package dataset holds the datasets of /dataset_manager: named read-only queries with named
// parameters, tested with sample values and run by reports. Safety is by construction (run.go): a
// read-only connection that may read only an allow-list of tables and columns, bound parameters, a
// time limit and a row cap; never a keyword list.
package dataset

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Screen is the menu code of /dataset_manager and the function code of its calls.
const Screen = "dataset_manager"

// MaxSQLLen bounds a dataset's statement.
const MaxSQLLen = 20000

// Param is a named parameter of a dataset: its name in the SQL (:name), a label for the filter
// that fills it, and a sample value for tests.
type Param struct {
	Name   string `json:"name"`
	Label  string `json:"label"`
	Sample string `json:"sample"`
}

// Dataset is one dataset.
type Dataset struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Remark    string    `json:"remark"`
	SQL       string    `json:"sql"`
	Params    []Param   `json:"params"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Service holds the datasets. scope tells each run what its caller may see (scope.go).
type Service struct {
	db    *db.DB
	scope ScopeFunc
}

func NewService(d *db.DB, scope ScopeFunc) *Service { return &Service{db: d, scope: scope} }

// run runs a statement within the caller's scope.
func (s *Service) run(ctx context.Context, sqlText string, values map[string]string, limit int) (*Result, error) {
	var sc Scope
	if s.scope != nil {
		var err error
		if sc, err = s.scope(ctx); err != nil {
			return nil, err
		}
	}
	return run(ctx, s.db, sc, sqlText, values, limit)
}

// FormIn is what add and edit send.
type FormIn struct {
	ID     int64   `param:"id" doc:"edit only"`
	Name   string  `param:"name,required" max:"50"`
	Remark string  `param:"remark" max:"500"`
	SQL    string  `param:"sql,required" max:"20000" doc:"one SELECT or WITH statement; parameters written :name"`
	Params []Param `param:"params" doc:"labels and sample values of the statement's parameters (the statement decides which exist)"`
}

// check parses the statement and completes its parameters from it (labels and samples kept by name).
func (s *Service) check(in *FormIn) error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" {
		return httpx.Fail("http.required", "name")
	}
	p, err := parse(in.SQL, s.db.Dialect == db.Postgres)
	if err != nil {
		return err
	}
	given := map[string]Param{}
	for _, g := range in.Params {
		given[g.Name] = g
	}
	out := make([]Param, 0, len(p.names))
	for _, n := range p.names {
		g := given[n]
		if len([]rune(g.Label)) > 50 || len([]rune(g.Sample)) > MaxValueLen {
			return httpx.Fail("dataset.bad_param", n)
		}
		out = append(out, Param{Name: n, Label: strings.TrimSpace(g.Label), Sample: g.Sample})
	}
	in.Params = out
	return nil
}

func (s *Service) Add(ctx context.Context, in FormIn) (_ int64, err error) {
	defer errs.Wrap(&err, "dataset: add")
	if err := s.check(&in); err != nil {
		return 0, err
	}
	params, _ := json.Marshal(in.Params)
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO lowcode_dataset (name, remark, sql_text, params, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
			in.Name, in.Remark, in.SQL, string(params), now, now)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("dataset.name_taken", in.Name)
		}
		if err != nil {
			return err
		}
		in.ID = id
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: in.Name, After: in})
	})
	return id, err
}

func (s *Service) Edit(ctx context.Context, in FormIn) (err error) {
	defer errs.Wrap(&err, "dataset: edit %d", in.ID)
	if in.ID == 0 {
		return httpx.Fail("http.required", "id")
	}
	if err := s.check(&in); err != nil {
		return err
	}
	params, _ := json.Marshal(in.Params)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.one(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE lowcode_dataset SET name = ?, remark = ?, sql_text = ?, params = ?, updated_at = ? WHERE id = ?`,
			in.Name, in.Remark, in.SQL, string(params), time.Now().UTC(), in.ID)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("dataset.name_taken", in.Name)
		}
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: in.ID, Target: in.Name, Before: before, After: in})
	})
}

func (s *Service) Delete(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "dataset: delete %d", id)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.one(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lowcode_dataset SET deleted_at = ? WHERE id = ?`, time.Now().UTC(), id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: before.Name, Before: before})
	})
}

func (s *Service) one(ctx context.Context, q db.Querier, id int64) (Dataset, error) {
	var d Dataset
	var params string
	err := q.QueryRow(ctx, `SELECT id, name, remark, sql_text, params, updated_at FROM lowcode_dataset WHERE id = ? AND deleted_at IS NULL`, id).
		Scan(&d.ID, &d.Name, &d.Remark, &d.SQL, &params, &d.UpdatedAt)
	if db.IsNoRows(err) {
		return d, httpx.Fail("dataset.not_found")
	}
	if err != nil {
		return d, err
	}
	d.Params = []Param{}
	_ = json.Unmarshal([]byte(params), &d.Params)
	return d, nil
}

// Get reads a dataset (for the reports built on it).
func (s *Service) Get(ctx context.Context, id int64) (_ Dataset, err error) {
	defer errs.Wrap(&err, "dataset: get %d", id)
	return s.one(ctx, s.db, id)
}

// Choice is a dataset as a report's designer picks it.
type Choice struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Choices are the live datasets by name (at most 1000), for the reports' designer.
func (s *Service) Choices(ctx context.Context) (_ []Choice, err error) {
	defer errs.Wrap(&err, "dataset: choices")
	rows, err := s.db.Query(ctx, `SELECT id, name FROM lowcode_dataset WHERE deleted_at IS NULL ORDER BY name, id LIMIT 1000`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Choice{}
	for rows.Next() {
		var c Choice
		if err := rows.Scan(&c.ID, &c.Name); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// RunSaved runs dataset id with values (a missing one takes its sample), at most limit rows (at most MaxRows).
func (s *Service) RunSaved(ctx context.Context, id int64, values map[string]string, limit int) (_ *Result, err error) {
	defer errs.Wrap(&err, "dataset: run saved %d", id)
	d, err := s.one(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	all := map[string]string{}
	for _, p := range d.Params {
		all[p.Name] = p.Sample
	}
	for k, v := range values {
		all[k] = v
	}
	return s.run(ctx, d.SQL, all, min(limit, MaxRows))
}

// Handlers are the calls of /dataset_manager.
type Handlers struct{ svc *Service }

func NewHandlers(s *Service) *Handlers { return &Handlers{svc: s} }

var listSpec = &list.Spec{
	Select:      `id, name, remark, sql_text, params, updated_at`,
	From:        `lowcode_dataset`,
	Where:       `deleted_at IS NULL`,
	Filters:     []list.Filter{{Param: "name", Column: "name", Kind: list.Contains}},
	Sorts:       map[string]string{"name": "name", "updatedAt": "updated_at", "id": "id"},
	DefaultSort: "updated_at DESC",
	TieBreak:    "id DESC",
}

func scan(row interface{ Scan(...any) error }) (Dataset, error) {
	var d Dataset
	var params string
	err := row.Scan(&d.ID, &d.Name, &d.Remark, &d.SQL, &params, &d.UpdatedAt)
	d.Params = []Param{}
	_ = json.Unmarshal([]byte(params), &d.Params)
	return d, err
}

// List is GET /api/dataset/list.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return (&list.Table[Dataset]{DB: h.svc.db, Spec: listSpec, Scan: scan}).List(w, r)
}

func (h *Handlers) One(r *http.Request, in httpx.IDIn) (Dataset, error) {
	return h.svc.one(r.Context(), h.svc.db, in.ID)
}

func (h *Handlers) Add(r *http.Request, in FormIn) (httpx.Created, error) {
	id, err := h.svc.Add(r.Context(), in)
	return httpx.Created{ID: id}, err
}

func (h *Handlers) Edit(r *http.Request, in FormIn) (route.None, error) {
	return route.None{}, h.svc.Edit(r.Context(), in)
}

func (h *Handlers) Del(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.Delete(r.Context(), in.ID)
}

// TestIn is an unsaved statement and the values of its parameters.
type TestIn struct {
	SQL    string            `param:"sql,required" max:"20000"`
	Values map[string]string `param:"values" doc:"the value of each :name, bound as text"`
}

// Test is POST /api/dataset/test: the columns and first rows of a statement with sample values.
func (h *Handlers) Test(r *http.Request, in TestIn) (*Result, error) {
	return h.svc.run(r.Context(), in.SQL, in.Values, PreviewRows)
}

// RunIn names a dataset and the values of its parameters.
type RunIn struct {
	ID     int64             `param:"id,required"`
	Values map[string]string `param:"values" doc:"the value of each :name, bound as text; a missing one takes its sample"`
}

// Run is POST /api/dataset/run: a saved dataset's rows (at most MaxRows).
func (h *Handlers) Run(r *http.Request, in RunIn) (*Result, error) {
	return h.svc.RunSaved(r.Context(), in.ID, in.Values, MaxRows)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dataset.not_found":       {"数据集不存在", "The dataset does not exist"},
		"dataset.name_taken":      {"数据集名称“%s”已存在", "A dataset named \"%s\" exists already"},
		"dataset.one_statement":   {"只能包含一条语句", "One statement only"},
		"dataset.select_only":     {"只能是 SELECT 或 WITH 查询", "Only a SELECT or WITH query"},
		"dataset.unclosed":        {"语句中有未闭合的字符串或注释", "The statement holds an unclosed string or comment"},
		"dataset.bad_identifier":  {"带引号的名称中不能包含 ? $ :", "A quoted name cannot hold ? $ or :"},
		"dataset.bad_placeholder": {"参数只能写作 :名称，不支持“%s”", "Parameters are written :name; \"%s\" is not supported"},
		"dataset.too_many_params": {"参数不能超过%d个", "At most %d parameters"},
		"dataset.missing_param":   {"缺少参数 %s 的值", "Parameter %s has no value"},
		"dataset.bad_param":       {"参数 %s 的名称或示例值过长", "Parameter %s: the label or the sample is too long"},
		"dataset.timeout":         {"查询超过%d秒，已停止", "The query took more than %d s and was stopped"},
		"dataset.no_role":         {"数据库未配置数据集只读角色 biddesk_dataset，请联系管理员", "The database has no read-only dataset role biddesk_dataset; ask the administrator"},
	})
}
