package org

import (
	"context"
	"math"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/progress"
	"biddesk/internal/platform/route"
	"biddesk/internal/platform/sheet"
	"biddesk/internal/platform/validate"

	"github.com/xuri/excelize/v2"
)

// orgMaxRows bounds each sheet of the organisation import: a whole company's units or employees come in one
// workbook (the 64 MB unpacked bound of every import still holds), not the library's 10,000 records.
const orgMaxRows = 100_000

// The import workbook: a sheet of units and a sheet of employees (either may be empty).
var (
	unitSheet = sheet.Def{Name: "org.import.units", MaxRows: orgMaxRows, Columns: []sheet.Column{
		{Key: "fullUnitCode", Title: "org.col.fullUnitCode", Required: true, Max: 64, Example: "100215"},
		{Key: "unitName", Title: "org.col.unitName", Required: true, Max: 100, Example: "宁波华信物业服务有限公司"},
		{Key: "parentFullUnitCode", Title: "org.col.parentFullUnitCode", Max: 64, Example: "1002"},
		{Key: "unitType", Title: "org.col.unitType", Example: "1"},
		{Key: "inStatus", Title: "org.col.inStatus", Example: "1"},
		{Key: "sort", Title: "org.col.sort", Example: "15"},
	}}
	employeeSheet = sheet.Def{Name: "org.import.employees", MaxRows: orgMaxRows, Columns: []sheet.Column{
		{Key: "code", Title: "org.col.code", Required: true, Max: 64, Example: "HX900001"},
		{Key: "name", Title: "org.col.name", Required: true, Max: 50, Example: "王小明"},
		{Key: "unitCode", Title: "org.col.unitCode", Required: true, Max: 64, Example: "100215"},
		{Key: "phone", Title: "org.col.phone", Example: "13900000001"},
		{Key: "email", Title: "org.col.email", Max: validate.EmailMax, Example: "hx900001@example.com"},
		{Key: "inStatus", Title: "org.col.inStatus", Example: "1"},
	}}
)

var codeRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ImportReport is what a dry run (and an import) answers: what would change and every bad row.
type ImportReport struct {
	DryRun           bool            `json:"dryRun"`
	Applied          bool            `json:"applied"`
	UnitsCreated     int             `json:"unitsCreated"`
	UnitsUpdated     int             `json:"unitsUpdated"`
	EmployeesCreated int             `json:"employeesCreated"`
	EmployeesUpdated int             `json:"employeesUpdated"`
	Problems         []sheet.Problem `json:"problems"`
}

type unitIn struct {
	line                       int
	code, name, parent         string
	unitType, inStatus, sortNo int
}

type employeeIn struct {
	line                          int
	code, name, unit, phone, mail string
	inStatus                      int
}

type existingUnit struct {
	parent, special string
}

// Import checks the workbook and, unless dryRun or anything is wrong, writes it in one
// transaction: units and employees are created or updated by code, never duplicated.
// problems may already hold the sheet-level problems of the rows (empty or over-long cells).
func (s *Store) Import(ctx context.Context, lang string, data [][]sheet.Row, problems *sheet.Problems, dryRun bool) (_ *ImportReport, err error) {
	defer errs.Wrap(&err, "org: import")
	rep := &ImportReport{DryRun: dryRun}
	existing, err := s.existingUnits(ctx)
	if err != nil {
		return nil, err
	}
	// every row is counted as checked, then (a real import) as written
	m := progress.NewMeter(ctx)
	if dryRun {
		m.Expect(len(data[0]) + len(data[1]))
	} else {
		m.Expect(2 * (len(data[0]) + len(data[1])))
	}
	units := s.checkUnits(data[0], existing, problems, lang, m)
	known := func(code string) bool {
		if _, ok := existing[code]; ok {
			return true
		}
		for _, u := range units {
			if u.code == code {
				return true
			}
		}
		return false
	}
	employees := checkEmployees(data[1], known, problems, lang, m)
	if err := ctx.Err(); err != nil {
		return nil, err // cancelled while checking
	}
	rep.Problems = problems.List
	existingEmp, err := s.existingEmployees(ctx, employees)
	if err != nil {
		return nil, err
	}
	for _, u := range units {
		if _, ok := existing[u.code]; ok {
			rep.UnitsUpdated++
		} else {
			rep.UnitsCreated++
		}
	}
	for _, e := range employees {
		if existingEmp[e.code] {
			rep.EmployeesUpdated++
		} else {
			rep.EmployeesCreated++
		}
	}
	if dryRun || !problems.Empty() || len(units)+len(employees) == 0 {
		return rep, nil
	}
	m.Expect(len(units) + len(employees))
	step := func() { _ = m.Step() } // a cancellation ends the transaction's statements
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		// parents before children: a unit's level is its depth in the file's own order
		sort.SliceStable(units, func(i, j int) bool { return len(units[i].code) < len(units[j].code) })
		for _, u := range units {
			step()
			if _, ok := existing[u.code]; ok {
				if _, err := tx.Exec(ctx, `UPDATE org_unit SET unit_name = ?, parent_full_unit_code = ?, unit_type = ?, in_status = ?, sort = ?, updated_at = ? WHERE full_unit_code = ?`,
					u.name, u.parent, u.unitType, u.inStatus, u.sortNo, now, u.code); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level, is_click, disabled, in_status, special, sort, unit_type, updated_at)
				VALUES (?, ?, ?, ?, 1, 1, 0, ?, '', ?, ?, ?)`, u.code, u.parent, u.name, u.name, u.inStatus, u.sortNo, u.unitType, now); err != nil {
				return err
			}
		}
		if len(units) > 0 {
			if err := recomputePaths(ctx, tx); err != nil {
				return err
			}
		}
		for _, e := range employees {
			step()
			if err := ctx.Err(); err != nil {
				return err // cancelled: nothing of the import is written
			}
			if existingEmp[e.code] {
				if _, err := tx.Exec(ctx, `UPDATE employee SET name = ?, name_initials = ?, unit_code = ?, phone = ?, email = ?, in_status = ?, updated_at = ? WHERE code = ?`,
					e.name, NameInitials(e.name), e.unit, e.phone, e.mail, e.inStatus, now, e.code); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO employee (code, name, name_initials, unit_code, phone, email, in_status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				e.code, e.name, NameInitials(e.name), e.unit, e.phone, e.mail, e.inStatus, now); err != nil {
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Change{Module: "organization_manager", Action: "import", Target: "org/employees",
			After: map[string]int{"unitsCreated": rep.UnitsCreated, "unitsUpdated": rep.UnitsUpdated, "employeesCreated": rep.EmployeesCreated, "employeesUpdated": rep.EmployeesUpdated}})
	})
	if err != nil {
		return nil, err
	}
	rep.Applied = true
	return rep, nil
}

func (s *Store) existingUnits(ctx context.Context) (map[string]existingUnit, error) {
	rows, err := s.db.Query(ctx, `SELECT full_unit_code, parent_full_unit_code, special FROM org_unit`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]existingUnit{}
	for rows.Next() {
		var code string
		var u existingUnit
		if err := rows.Scan(&code, &u.parent, &u.special); err != nil {
			return nil, err
		}
		out[code] = u
	}
	return out, rows.Err()
}

// existingEmployees tells which of the codes exist, in batches of bound parameters.
func (s *Store) existingEmployees(ctx context.Context, es []employeeIn) (map[string]bool, error) {
	out := map[string]bool{}
	for start := 0; start < len(es); start += 500 {
		end := min(start+500, len(es))
		codes := make([]any, 0, end-start)
		for _, e := range es[start:end] {
			codes = append(codes, e.code)
		}
		rows, err := s.db.Query(ctx, `SELECT code FROM employee WHERE code IN (`+placeholders(len(codes))+`)`, codes...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				rows.Close()
				return nil, err
			}
			out[c] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *Store) checkUnits(rows []sheet.Row, existing map[string]existingUnit, p *sheet.Problems, lang string, m *progress.Meter) []unitIn {
	label := httpx.Translate(lang, unitSheet.Name)
	col := func(key string) string { return colTitle(lang, unitSheet, key) }
	inFile := map[string]int{}
	for _, r := range rows {
		inFile[r.Get("fullUnitCode")]++
	}
	var out []unitIn
	for _, r := range rows {
		_ = m.Step()
		u := unitIn{line: r.Line, code: r.Get("fullUnitCode"), name: r.Get("unitName"), parent: r.Get("parentFullUnitCode")}
		bad := false
		fail := func(column, key string, args ...any) { p.Add(label, r.Line, column, key, args...); bad = true }
		switch {
		case u.code == "":
		case !codeRe.MatchString(u.code):
			fail(col("fullUnitCode"), "org.import.code_rule")
		case inFile[u.code] > 1:
			fail(col("fullUnitCode"), "org.import.code_twice", u.code)
		}
		if old, ok := existing[u.code]; ok && old.special != "" && old.parent != u.parent {
			fail(col("parentFullUnitCode"), "org.import.special_parent")
		}
		if u.parent != "" {
			_, inDB := existing[u.parent]
			switch {
			case u.parent == u.code || !strings.HasPrefix(u.code, u.parent):
				fail(col("parentFullUnitCode"), "org.import.code_nested", u.code, u.parent)
			case !inDB && inFile[u.parent] == 0:
				fail(col("parentFullUnitCode"), "org.import.parent_unknown", u.parent)
			}
		}
		var err error
		if u.unitType, err = unitTypeOf(r.Get("unitType")); err != nil {
			fail(col("unitType"), "org.import.unit_type_rule")
		}
		if u.inStatus, err = inStatusOf(r.Get("inStatus")); err != nil {
			fail(col("inStatus"), "org.import.in_status_rule")
		}
		if v := r.Get("sort"); v != "" {
			if n, err := validate.WholeNumber(v); err != nil || n < 0 || n > math.MaxInt32 {
				fail(col("sort"), "org.import.sort_rule")
			} else {
				u.sortNo = int(n)
			}
		}
		if !bad && u.code != "" && u.name != "" {
			out = append(out, u)
		}
	}
	return out
}

func checkEmployees(rows []sheet.Row, unitKnown func(string) bool, p *sheet.Problems, lang string, m *progress.Meter) []employeeIn {
	label := httpx.Translate(lang, employeeSheet.Name)
	col := func(key string) string { return colTitle(lang, employeeSheet, key) }
	inFile := map[string]int{}
	for _, r := range rows {
		inFile[r.Get("code")]++
	}
	var out []employeeIn
	for _, r := range rows {
		_ = m.Step()
		e := employeeIn{line: r.Line, code: r.Get("code"), name: r.Get("name"), unit: r.Get("unitCode"), phone: r.Get("phone"), mail: strings.ToLower(r.Get("email"))}
		bad := false
		fail := func(column, key string, args ...any) { p.Add(label, r.Line, column, key, args...); bad = true }
		switch {
		case e.code == "":
		case !codeRe.MatchString(e.code):
			fail(col("code"), "org.import.code_rule")
		case inFile[e.code] > 1:
			fail(col("code"), "org.import.code_twice", e.code)
		}
		if e.unit != "" && !unitKnown(e.unit) {
			fail(col("unitCode"), "org.import.unit_unknown", e.unit)
		}
		if e.phone != "" && !validate.Mobile(e.phone) {
			fail(col("phone"), "org.import.phone_rule")
		}
		if e.mail != "" && !validate.Email(e.mail) {
			fail(col("email"), "org.import.email_rule")
		}
		var err error
		if e.inStatus, err = inStatusOf(r.Get("inStatus")); err != nil {
			fail(col("inStatus"), "org.import.in_status_rule")
		}
		if !bad && e.code != "" && e.name != "" && e.unit != "" {
			out = append(out, e)
		}
	}
	return out
}

func colTitle(lang string, d sheet.Def, key string) string {
	for _, c := range d.Columns {
		if c.Key == key {
			return httpx.Translate(lang, c.Title)
		}
	}
	return key
}

func unitTypeOf(v string) (int, error) {
	switch strings.ToLower(v) {
	case "", "1", "公司", "company":
		return TypeCompany, nil
	case "2", "部门", "department":
		return TypeDepartment, nil
	}
	return 0, strconv.ErrSyntax
}

func inStatusOf(v string) (int, error) {
	switch strings.ToLower(v) {
	case "", "1", "在用", "在职", "是", "active":
		return 1, nil
	case "0", "停用", "离职", "否", "closed", "inactive":
		return 0, nil
	}
	return 0, strconv.ErrSyntax
}

// recomputePaths sets every unit's level, full name and label from its parents, writing only the
// rows that changed (the whole tree is read once: 10,000 units are a few hundred kilobytes).
func recomputePaths(ctx context.Context, tx *db.Tx) error {
	rows, err := tx.Query(ctx, `SELECT full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level FROM org_unit`)
	if err != nil {
		return err
	}
	type node struct {
		parent, name, full string
		level              int
	}
	all := map[string]*node{}
	for rows.Next() {
		var code string
		n := &node{}
		if err := rows.Scan(&code, &n.parent, &n.name, &n.full, &n.level); err != nil {
			rows.Close()
			return err
		}
		all[code] = n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	// a parent's code is a strict prefix of its child's, so the chain ends
	var path func(code string) (string, int)
	path = func(code string) (string, int) {
		n := all[code]
		if _, ok := all[n.parent]; !ok {
			return n.name, 1
		}
		full, level := path(n.parent)
		return full + "," + n.name, level + 1
	}
	for code, n := range all {
		full, level := path(code)
		if full != n.full || level != n.level {
			if _, err := tx.Exec(ctx, `UPDATE org_unit SET full_unit_name = ?, level = ? WHERE full_unit_code = ?`, full, level, code); err != nil {
				return err
			}
		}
	}
	return writeLabels(ctx, tx)
}

// ImportTemplate is GET /api/org/import/template: the workbook to fill in.
func (h *Handlers) ImportTemplate(w http.ResponseWriter, r *http.Request, _ route.None) error {
	return sheet.Template(w, httpx.Lang(r), "org.import.template", unitSheet, employeeSheet)
}

// Import is POST /api/org/import (multipart: file; query dryRun=true for the check only).
func (h *Handlers) Import(w http.ResponseWriter, r *http.Request) (any, error) {
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	f, err := sheet.ReadUpload(w, r)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return h.store.ImportWorkbook(r.Context(), httpx.Lang(r), f, dryRun)
}

// ImportWorkbook imports (or with dryRun checks) an opened workbook: its sheets 组织 and 员工.
func (s *Store) ImportWorkbook(ctx context.Context, lang string, f *excelize.File, dryRun bool) (*ImportReport, error) {
	problems := sheet.NewProblems(lang)
	units, err := sheet.RowsCtx(ctx, f, unitSheet, problems)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	employees, err := sheet.RowsCtx(ctx, f, employeeSheet, problems)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	if units == nil && employees == nil {
		if problems.Empty() {
			problems.Add("", 0, "", "org.import.no_sheet", httpx.Translate(lang, unitSheet.Name), httpx.Translate(lang, employeeSheet.Name))
		}
		return &ImportReport{DryRun: dryRun, Problems: problems.List}, nil
	}
	return s.Import(ctx, lang, [][]sheet.Row{units, employees}, problems, dryRun)
}

// ImportJobKind is the job kind of an organisation import sent to the background.
const ImportJobKind = "org.import"

// ImportJobArgs are an import job's arguments (the workbook is the job's input).
type ImportJobArgs struct {
	DryRun bool   `json:"dryRun"`
	Lang   string `json:"lang"`
}

// Background enqueues a job for the caller: its kind, a title the caller knows it by, its arguments and input.
type Background func(ctx context.Context, kind, title string, args any, input []byte) (int64, error)

// UseJobs gives the organisation the job engine a large import runs on.
func (s *Store) UseJobs(bg Background) { s.bg = bg }

// ImportAsyncOut is the job an import sent to the background runs as.
type ImportAsyncOut struct {
	JobID int64 `json:"jobId"`
}

// ImportAsync is POST /api/org/import/async: the workbook is checked to be one, kept with a job, and imported in
// the background; the answer is the job, whose state (GET /api/sys/job/get) ends with the import's report as its
// result. Same body and query as POST /api/org/import.
func (h *Handlers) ImportAsync(w http.ResponseWriter, r *http.Request) (any, error) {
	if h.store.bg == nil {
		return nil, httpx.Fail("org.import.no_jobs")
	}
	dryRun, _ := strconv.ParseBool(r.URL.Query().Get("dryRun"))
	data, name, err := sheet.ReadUploadBytes(w, r)
	if err != nil {
		return nil, err
	}
	f, err := sheet.Open(data)
	if err != nil {
		return nil, err
	}
	f.Close()
	id, err := h.store.bg(r.Context(), ImportJobKind, name, ImportJobArgs{DryRun: dryRun, Lang: httpx.Lang(r)}, data)
	if err != nil {
		return nil, err
	}
	return &ImportAsyncOut{JobID: id}, nil
}

// RunImportJob is an import job's work: the workbook of its input, imported as its owner (ctx acts for them).
func (s *Store) RunImportJob(ctx context.Context, args ImportJobArgs, input []byte) (*ImportReport, error) {
	f, err := sheet.Open(input)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return s.ImportWorkbook(ctx, args.Lang, f, args.DryRun)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"org.import.template":        {"组织与员工导入模板", "Organisation and employee import template"},
		"org.import.no_jobs":         {"后台任务不可用", "Background jobs are not available"},
		"org.import.job":             {"组织与员工导入", "Organisation and employee import"},
		"org.import.no_sheet":        {"文件中没有「%s」或「%s」工作表，请使用导入模板", "The file has no '%s' or '%s' sheet: please use the import template"},
		"org.import.units":           {"组织", "Units"},
		"org.import.employees":       {"员工", "Employees"},
		"org.col.fullUnitCode":       {"组织编码", "Unit code"},
		"org.col.unitName":           {"组织名称", "Unit name"},
		"org.col.parentFullUnitCode": {"上级组织编码", "Parent unit code"},
		"org.col.unitType":           {"组织类型(1公司/2部门)", "Unit type (1 company / 2 department)"},
		"org.col.inStatus":           {"状态(1在用/0停用)", "Status (1 active / 0 closed)"},
		"org.col.sort":               {"排序", "Order"},
		"org.col.code":               {"员工编号", "Employee code"},
		"org.col.name":               {"姓名", "Name"},
		"org.col.unitCode":           {"所属组织编码", "Unit code"},
		"org.col.phone":              {"手机号", "Mobile"},
		"org.col.email":              {"邮箱", "E-mail"},
		"org.import.code_rule":       {"编码只能包含字母、数字、下划线和短横线，最长64位", "A code has letters, digits, _ and - only, at most 64"},
		"org.import.code_twice":      {"编码「%s」在文件中重复", "The code '%s' appears more than once in the file"},
		"org.import.code_nested":     {"组织编码「%s」必须以上级编码「%s」开头且更长", "The unit code '%s' must start with its parent's code '%s' and be longer"},
		"org.import.parent_unknown":  {"上级组织「%s」不存在", "The parent unit '%s' does not exist"},
		"org.import.special_parent":  {"不能修改根节点的上级", "The parent of a root node cannot change"},
		"org.import.unit_type_rule":  {"组织类型只能是1（公司）或2（部门）", "The unit type is 1 (company) or 2 (department)"},
		"org.import.in_status_rule":  {"状态只能是1（在用）或0（停用）", "The status is 1 (active) or 0 (closed)"},
		"org.import.sort_rule":       {"排序必须是非负整数", "The order is a whole number, not negative"},
		"org.import.unit_unknown":    {"组织「%s」不存在", "The unit '%s' does not exist"},
		"org.import.phone_rule":      {"手机号格式不正确", "The mobile number is not valid"},
		"org.import.email_rule":      {"邮箱格式不正确", "The e-mail address is not valid"},
	})
}
