package dtable

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Service holds the rules of dynamic tables: their definitions, the real tables behind them and
// their rows.
type Service struct {
	db      *db.DB
	who     Who
	lookups Lookups
	// bg is the job engine a large import runs on (UseJobs)
	bg Background
	// caches are the tables' list specs and totals (data.go)
	caches *listCaches
}

func NewService(d *db.DB, who Who, l Lookups) *Service {
	return &Service{db: d, who: who, lookups: l, caches: &listCaches{}}
}

// tableName is the generated name of table id's real table.
func tableName(id int64) string { return "dt_" + strconv.FormatInt(id, 10) }

func (s *Service) colType(t string) string {
	switch t {
	case TypeInt, TypeMoney:
		return "BIGINT"
	case TypeDatetime:
		return "TIMESTAMP"
	}
	return "TEXT"
}

// reservedParams are the names a list call already uses: no field may be searched by one of them.
var reservedParams = map[string]bool{"current": true, "limit": true, "sort": true, "order": true,
	"format": true, "tableId": true, "keywords": true, "AccessToken": true, "ticket": true}

// checkFields checks a definition's fields (fs are the live fields, in order) and resolves what the
// descriptor leaves to defaults.
func (s *Service) checkFields(ctx context.Context, fs []Field) error {
	if len(fs) == 0 {
		return httpx.Fail("dtable.no_fields")
	}
	if len(fs) > MaxFields {
		return httpx.Fail("dtable.too_many_fields", MaxFields)
	}
	seen := map[string]bool{}
	params := map[string]bool{}
	for i := range fs {
		f := &fs[i]
		f.FieldName = strings.TrimSpace(f.FieldName)
		f.Name = strings.TrimSpace(f.Name)
		if !fieldNamePattern.MatchString(f.FieldName) || reservedNames[f.FieldName] || reservedParams[f.FieldName] {
			return httpx.Fail("dtable.bad_field_name", clip(f.FieldName))
		}
		low := strings.ToLower(f.FieldName)
		if seen[low] {
			return httpx.Fail("dtable.duplicate_field", f.FieldName)
		}
		seen[low] = true
		if f.Name == "" || utf8.RuneCountInString(f.Name) > MaxNameLen || !printable(f.Name) {
			return httpx.Fail("dtable.bad_field_title", f.FieldName, MaxNameLen)
		}
		if f.Type != TypeInt && f.Type != TypeVarchar && f.Type != TypeDatetime && f.Type != TypeMoney && f.Type != TypeDate {
			return httpx.Fail("dtable.bad_type", f.FieldName)
		}
		switch f.ShowType {
		case "":
		case SingleOrgan, MultipleOrgan, SingleUser, MultipleUser:
			if f.Type != TypeVarchar || f.IsDict == 1 {
				return httpx.Fail("dtable.choice_type", f.FieldName)
			}
		default:
			return httpx.Fail("dtable.bad_show_type", f.FieldName)
		}
		for _, flag := range []int{f.IsDict, f.ChoiceSingle, f.Required, f.Unique, f.InList, f.Searchable, f.Sortable} {
			if flag != 0 && flag != 1 {
				return httpx.Fail("dtable.bad_flag", f.FieldName)
			}
		}
		f.DictGroupCode = strings.TrimSpace(f.DictGroupCode)
		if f.IsDict == 1 {
			if f.Type != TypeVarchar {
				return httpx.Fail("dtable.choice_type", f.FieldName)
			}
			_, ok, err := s.lookups.DictItems(ctx, f.DictGroupCode)
			if err != nil {
				return err
			}
			if !ok {
				return httpx.Fail("dtable.bad_dict", f.FieldName)
			}
		} else {
			f.DictGroupCode = ""
		}
		if f.DefaultValue != "" {
			if _, err := s.value(ctx, *f, f.DefaultValue); err != nil {
				return err
			}
		}
		f.Sort = i
		if f.Searchable == 1 {
			for _, p := range searchParams(*f) {
				if params[p] {
					return httpx.Fail("dtable.duplicate_field", p)
				}
				params[p] = true
			}
		}
	}
	for _, f := range fs { // a datetime's range parameters must not be another field's name
		for _, p := range searchParams(f) {
			if p != f.FieldName && seen[strings.ToLower(p)] {
				return httpx.Fail("dtable.duplicate_field", p)
			}
		}
	}
	return nil
}

// searchParams are the list parameters a searchable field is filtered by.
func searchParams(f Field) []string {
	if f.Type == TypeDatetime || f.Type == TypeDate {
		return []string{f.FieldName + "Start", f.FieldName + "End"}
	}
	return []string{f.FieldName}
}

func printable(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return utf8.ValidString(s)
}

// clip shortens a refused name for the message that quotes it.
func clip(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}

// DefIn is a table's definition as add and edit send it.
type DefIn struct {
	ID         int64   `param:"id" doc:"edit only"`
	Name       string  `param:"name,required" max:"50"`
	Remark     string  `param:"remark" max:"500"`
	ReadRoles  []int64 `param:"readRoles" doc:"roles that may read the rows"`
	WriteRoles []int64 `param:"writeRoles" doc:"roles that may add, edit, delete and import rows (and read them)"`
	Fields     []Field `param:"fields,required" doc:"the fields in their order; on edit a field with its id is kept, one without is added, a live one left out is removed (its data kept until purged)"`
}

func (s *Service) checkDef(ctx context.Context, in *DefIn) error {
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" || !printable(in.Name) {
		return httpx.Fail("http.required", "name")
	}
	if len(in.ReadRoles)+len(in.WriteRoles) > MaxRoles {
		return httpx.Fail("http.too_many", "readRoles", MaxRoles)
	}
	all := append(slices.Clone(in.ReadRoles), in.WriteRoles...)
	if len(all) > 0 {
		ok, err := s.lookups.RoleExists(ctx, all)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Fail("dtable.bad_role")
		}
	}
	return nil
}

// Add creates a table: its definition and its real table with a column per field.
func (s *Service) Add(ctx context.Context, in DefIn) (_ int64, err error) {
	defer errs.Wrap(&err, "dtable: add")
	if err := s.checkDef(ctx, &in); err != nil {
		return 0, err
	}
	for i := range in.Fields {
		in.Fields[i].ID = 0
	}
	if err := s.checkFields(ctx, in.Fields); err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		now := time.Now().UTC()
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO lowcode_table (name, remark, next_col, created_at, updated_at) VALUES (?, ?, 1, ?, ?)`, in.Name, in.Remark, now, now)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("dtable.name_taken", in.Name)
		}
		if err != nil {
			return err
		}
		pk := "INTEGER PRIMARY KEY AUTOINCREMENT"
		if s.db.Dialect == db.Postgres {
			pk = "BIGSERIAL PRIMARY KEY"
		}
		t := tableName(id)
		if _, err := tx.Exec(ctx, `CREATE TABLE `+t+` (id `+pk+`, created_by BIGINT, created_at TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL, deleted_at TIMESTAMP)`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE INDEX `+t+`_live ON `+t+` (id) WHERE deleted_at IS NULL`); err != nil {
			return err
		}
		// The lists' totals are kept while this version stays (list.Counts); every write of the rows moves it.
		if _, err := tx.Exec(ctx, `INSERT INTO list_version (name, version) VALUES (?, 1)`, t); err != nil {
			return err
		}
		// Datasets read a dynamic table only through the view a run names after it, for a runner its read roles
		// admit (internal/dataset/dynamic.go): biddesk_dataset is granted nothing on dt_<id> (migration 053).
		for i := range in.Fields {
			if err := s.addField(ctx, tx, id, &in.Fields[i]); err != nil {
				return err
			}
		}
		if err := s.writeRoles(ctx, tx, id, in.ReadRoles, in.WriteRoles); err != nil {
			return err
		}
		in.ID = id
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: in.Name, After: in})
	})
	return id, err
}

// addField gives f the table's next column number, adds the column and its indexes, and records it.
func (s *Service) addField(ctx context.Context, tx *db.Tx, table int64, f *Field) error {
	if err := tx.QueryRow(ctx, `SELECT next_col FROM lowcode_table WHERE id = ?`, table).Scan(&f.col); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE lowcode_table SET next_col = next_col + 1 WHERE id = ?`, table); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `ALTER TABLE `+tableName(table)+` ADD COLUMN `+f.column()+` `+s.colType(f.Type)); err != nil {
		return err
	}
	id, err := tx.Insert(ctx, `INSERT INTO lowcode_field (table_id, col, field_name, name, type, show_type, is_dict, dict_group_code,
		choice_single, required, is_unique, default_value, in_list, searchable, sortable, sort, removed)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
		table, f.col, f.FieldName, f.Name, f.Type, f.ShowType, f.IsDict, f.DictGroupCode, f.ChoiceSingle, f.Required,
		f.Unique, f.DefaultValue, f.InList, f.Searchable, f.Sortable, f.Sort)
	if err != nil {
		return err
	}
	f.ID = id
	return s.indexes(ctx, tx, table, Field{}, *f)
}

// indexes brings a column's indexes from what was needed to what is: a unique index over the live
// rows for a unique field, a plain one for a searched or sorted field.
func (s *Service) indexes(ctx context.Context, tx *db.Tx, table int64, was, now Field) error {
	t := tableName(table)
	name := t + "_" + now.column()
	if was.Unique == 1 && now.Unique == 0 {
		if _, err := tx.Exec(ctx, `DROP INDEX IF EXISTS `+name+`_u`); err != nil {
			return err
		}
	}
	if was.Unique == 0 && now.Unique == 1 {
		if _, err := tx.Exec(ctx, `CREATE UNIQUE INDEX `+name+`_u ON `+t+` (`+now.column()+`) WHERE deleted_at IS NULL`); err != nil {
			if db.IsUniqueViolation(err) {
				return httpx.Fail("dtable.unique_existing", now.Name)
			}
			return err
		}
	}
	wasIx, nowIx := was.col != 0 && (was.Searchable == 1 || was.Sortable == 1), now.Searchable == 1 || now.Sortable == 1
	if wasIx && !nowIx {
		if _, err := tx.Exec(ctx, `DROP INDEX IF EXISTS `+name); err != nil {
			return err
		}
	}
	if !wasIx && nowIx {
		// Over the live rows only: the lists' condition, so that a sort walks the index to its first page.
		if _, err := tx.Exec(ctx, `CREATE INDEX `+name+` ON `+t+` (`+now.column()+`, id) WHERE deleted_at IS NULL`); err != nil {
			return err
		}
	}
	if s.db.Dialect != db.Postgres {
		return nil
	}
	// PostgreSQL: a searched text field's "contains" is an ILIKE (list.Text) that a pg_trgm index over the live rows
	// serves, as the built-in lists' name searches are (migrations/023_user_lists.postgres.sql). Without pg_trgm the
	// filter scans, as before.
	wasTrgm, nowTrgm := was.col != 0 && was.textSearched(), now.textSearched()
	if wasTrgm && !nowTrgm {
		if _, err := tx.Exec(ctx, `DROP INDEX IF EXISTS `+name+`_trgm`); err != nil {
			return err
		}
	}
	if !wasTrgm && nowTrgm {
		var schema string
		err := tx.QueryRow(ctx, `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`).Scan(&schema)
		if db.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		quoted := `"` + strings.ReplaceAll(schema, `"`, `""`) + `"`
		if _, err := tx.Exec(ctx, `CREATE INDEX `+name+`_trgm ON `+t+` USING gin (`+now.column()+` `+quoted+`.gin_trgm_ops) WHERE deleted_at IS NULL`); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) writeRoles(ctx context.Context, tx *db.Tx, table int64, read, write []int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM lowcode_table_role WHERE table_id = ?`, table); err != nil {
		return err
	}
	grants := map[int64]int{}
	for _, r := range read {
		grants[r] = max(grants[r], 0)
	}
	for _, r := range write {
		grants[r] = 1
	}
	keys := make([]int64, 0, len(grants))
	for r := range grants {
		keys = append(keys, r)
	}
	slices.Sort(keys)
	for _, r := range keys {
		if _, err := tx.Exec(ctx, `INSERT INTO lowcode_table_role (table_id, role_id, can_write) VALUES (?, ?, ?)`, table, r, grants[r]); err != nil {
			return err
		}
	}
	return nil
}

// Edit changes a definition: fields with an id are updated (their type is fixed), fields without
// one are added as new columns, live fields left out are marked removed and keep their data.
func (s *Service) Edit(ctx context.Context, in DefIn) (err error) {
	defer errs.Wrap(&err, "dtable: edit %d", in.ID)
	if in.ID == 0 {
		return httpx.Fail("http.required", "id")
	}
	if err := s.checkDef(ctx, &in); err != nil {
		return err
	}
	if err := s.checkFields(ctx, in.Fields); err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.one(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		old := map[int64]Field{}
		for _, f := range before.Fields {
			old[f.ID] = f
		}
		kept := map[int64]bool{}
		for i := range in.Fields {
			f := &in.Fields[i]
			if f.ID == 0 {
				if err := s.addField(ctx, tx, in.ID, f); err != nil {
					return err
				}
				continue
			}
			was, ok := old[f.ID]
			if !ok || kept[f.ID] {
				return httpx.Fail("dtable.bad_field_id", f.ID)
			}
			kept[f.ID] = true
			if was.Type != f.Type {
				return httpx.Fail("dtable.type_fixed", was.Name)
			}
			f.col = was.col
			if was.Removed == 1 { // restored: its indexes were dropped with the removal
				was.Unique, was.Searchable, was.Sortable = 0, 0, 0
			}
			if _, err := tx.Exec(ctx, `UPDATE lowcode_field SET field_name = ?, name = ?, show_type = ?, is_dict = ?, dict_group_code = ?,
				choice_single = ?, required = ?, is_unique = ?, default_value = ?, in_list = ?, searchable = ?, sortable = ?, sort = ?, removed = 0
				WHERE id = ?`, f.FieldName, f.Name, f.ShowType, f.IsDict, f.DictGroupCode, f.ChoiceSingle, f.Required, f.Unique,
				f.DefaultValue, f.InList, f.Searchable, f.Sortable, f.Sort, f.ID); err != nil {
				if db.IsUniqueViolation(err) {
					return httpx.Fail("dtable.duplicate_field", f.FieldName)
				}
				return err
			}
			if err := s.indexes(ctx, tx, in.ID, was, *f); err != nil {
				return err
			}
		}
		for _, f := range before.Fields {
			if kept[f.ID] || f.Removed == 1 {
				continue
			}
			// Removed: the column and its data stay; its indexes go (a unique one would still refuse values).
			if _, err := tx.Exec(ctx, `UPDATE lowcode_field SET removed = 1, field_name = ? WHERE id = ?`, removedName(f), f.ID); err != nil {
				return err
			}
			if err := s.indexes(ctx, tx, in.ID, f, Field{col: f.col}); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `UPDATE lowcode_table SET name = ?, remark = ?, updated_at = ? WHERE id = ?`, in.Name, in.Remark, time.Now().UTC(), in.ID)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("dtable.name_taken", in.Name)
		}
		if err != nil {
			return err
		}
		if err := s.writeRoles(ctx, tx, in.ID, in.ReadRoles, in.WriteRoles); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: in.ID, Target: in.Name, Before: before, After: in})
	})
}

// removedName keeps a removed field's name (so that it may be restored) without reserving it: a
// new field may take the name again.
func removedName(f Field) string {
	if strings.HasPrefix(f.FieldName, "removed_") {
		return f.FieldName
	}
	return "removed_" + strconv.FormatInt(f.ID, 10) + "_" + f.FieldName
}

// Purge confirms a field's removal: its column and data are dropped.
func (s *Service) Purge(ctx context.Context, table, field int64) (err error) {
	defer errs.Wrap(&err, "dtable: purge")
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.one(ctx, tx, table)
		if err != nil {
			return err
		}
		var f *Field
		for i := range t.Fields {
			if t.Fields[i].ID == field {
				f = &t.Fields[i]
			}
		}
		if f == nil || f.Removed != 1 {
			return httpx.Fail("dtable.purge_live")
		}
		name := tableName(table) + "_" + f.column()
		for _, ix := range []string{name, name + "_u", name + "_trgm"} {
			if _, err := tx.Exec(ctx, `DROP INDEX IF EXISTS `+ix); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `ALTER TABLE `+tableName(table)+` DROP COLUMN `+f.column()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM lowcode_field WHERE id = ?`, f.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lowcode_table SET updated_at = ? WHERE id = ?`, time.Now().UTC(), table); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: table, Target: t.Name + "." + f.Name, Before: f})
	})
}

// Delete removes a definition (soft: the rows stay in their table, out of every screen).
func (s *Service) Delete(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "dtable: delete %d", id)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.one(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lowcode_table SET deleted_at = ? WHERE id = ?`, time.Now().UTC(), id); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: t.Name, Before: t})
	})
}

// One reads a definition with every field (removed ones too) and its roles.
func (s *Service) One(ctx context.Context, id int64) (_ Table, err error) {
	defer errs.Wrap(&err, "dtable: one %d", id)
	return s.one(ctx, s.db, id)
}

func (s *Service) one(ctx context.Context, q db.Querier, id int64) (Table, error) {
	t := Table{ID: id, ReadRoles: []int64{}, WriteRoles: []int64{}}
	err := q.QueryRow(ctx, `SELECT name, remark, created_at, updated_at FROM lowcode_table WHERE id = ? AND deleted_at IS NULL`, id).
		Scan(&t.Name, &t.Remark, &t.CreatedAt, &t.UpdatedAt)
	if db.IsNoRows(err) {
		return t, httpx.Fail("dtable.not_found")
	}
	if err != nil {
		return t, err
	}
	if t.Fields, err = s.fields(ctx, q, id, true); err != nil {
		return t, err
	}
	rows, err := q.Query(ctx, `SELECT role_id, can_write FROM lowcode_table_role WHERE table_id = ? ORDER BY role_id`, id)
	if err != nil {
		return t, err
	}
	defer rows.Close()
	for rows.Next() {
		var r int64
		var w int
		if err := rows.Scan(&r, &w); err != nil {
			return t, err
		}
		if w == 1 {
			t.WriteRoles = append(t.WriteRoles, r)
		} else {
			t.ReadRoles = append(t.ReadRoles, r)
		}
	}
	if err := rows.Err(); err != nil {
		return t, err
	}
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM `+tableName(id)+` WHERE deleted_at IS NULL`).Scan(&t.Rows)
	return t, err
}

// fields reads a table's fields in order (the removed ones only when withRemoved).
func (s *Service) fields(ctx context.Context, q db.Querier, table int64, withRemoved bool) ([]Field, error) {
	cond := ` AND removed = 0`
	if withRemoved {
		cond = ``
	}
	rows, err := q.Query(ctx, `SELECT id, col, field_name, name, type, show_type, is_dict, dict_group_code, choice_single, required,
		is_unique, default_value, in_list, searchable, sortable, sort, removed FROM lowcode_field WHERE table_id = ?`+cond+` ORDER BY removed, sort, id`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Field{}
	for rows.Next() {
		var f Field
		if err := rows.Scan(&f.ID, &f.col, &f.FieldName, &f.Name, &f.Type, &f.ShowType, &f.IsDict, &f.DictGroupCode, &f.ChoiceSingle,
			&f.Required, &f.Unique, &f.DefaultValue, &f.InList, &f.Searchable, &f.Sortable, &f.Sort, &f.Removed); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dtable.not_found":        {"动态表格不存在或无权访问", "The dynamic table does not exist or you may not use it"},
		"dtable.changed":          {"表格定义已变更，请刷新后重试", "The table's definition has changed; refresh and try again"},
		"dtable.no_write":         {"无权修改该动态表格的数据", "You may not change the data of this dynamic table"},
		"dtable.no_fields":        {"请至少定义一个字段", "Define at least one field"},
		"dtable.too_many_fields":  {"字段不能超过%d个", "A table has at most %d fields"},
		"dtable.bad_field_name":   {"字段编码“%s”无效：须以字母开头，只含字母、数字和下划线，最多40个字符，且不能是保留字", "Field code \"%s\" is invalid: a letter, then letters, digits or underscores, at most 40 characters, not a reserved word"},
		"dtable.duplicate_field":  {"字段编码“%s”重复", "Field code \"%s\" is used twice"},
		"dtable.bad_field_title":  {"字段“%s”的名称必填，最多%d个字符", "Field \"%s\" needs a name of at most %d characters"},
		"dtable.bad_type":         {"字段“%s”的类型只能是整数、文本、日期时间、金额或日期", "Field \"%s\": the type must be a whole number, text, date and time, money or date"},
		"dtable.bad_money":        {"“%s”须为金额（最多两位小数）", "\"%s\" must be an amount of money (at most two decimals)"},
		"dtable.bad_date":         {"“%s”须为日期（年-月-日）", "\"%s\" must be a date (year-month-day)"},
		"dtable.bad_show_type":    {"字段“%s”的显示方式无效", "Field \"%s\": the display type is invalid"},
		"dtable.choice_type":      {"字段“%s”：组织、人员选择和字典字段须为 varchar 类型，且只能选其一", "Field \"%s\": organisation, user and dictionary fields are varchar and only one of these"},
		"dtable.bad_flag":         {"字段“%s”的开关只能是0或1", "Field \"%s\": switches are 0 or 1"},
		"dtable.bad_dict":         {"字段“%s”的字典不存在", "Field \"%s\": the dictionary does not exist"},
		"dtable.bad_role":         {"所选角色不存在", "A chosen role does not exist"},
		"dtable.bad_remark":       {"备注包含无效字符", "The remark holds invalid characters"},
		"dtable.name_taken":       {"表格名称“%s”已存在", "A table named \"%s\" exists already"},
		"dtable.bad_field_id":     {"字段 %d 不属于该表格", "Field %d is not a field of this table"},
		"dtable.type_fixed":       {"字段“%s”的类型创建后不能修改", "The type of field \"%s\" cannot change once created"},
		"dtable.unique_existing":  {"字段“%s”已有重复的值，不能设为唯一", "Field \"%s\" already holds repeated values and cannot be made unique"},
		"dtable.purge_live":       {"只能清除已移除字段的数据", "Only a removed field's data can be purged"},
		"dtable.required":         {"请填写“%s”", "Please fill in \"%s\""},
		"dtable.unique":           {"“%s”的值已存在", "The value of \"%s\" exists already"},
		"dtable.bad_int":          {"“%s”须为整数", "\"%s\" must be a whole number"},
		"dtable.bad_datetime":     {"“%s”不是有效的日期时间", "\"%s\" is not a valid date and time"},
		"dtable.bad_text":         {"“%s”须为不超过%d个字符的文本", "\"%s\" must be text of at most %d characters"},
		"dtable.bad_organ":        {"“%s”包含不存在的组织：%s", "\"%s\" holds an unknown organisation: %s"},
		"dtable.bad_user":         {"“%s”包含不存在的人员：%s", "\"%s\" holds an unknown person: %s"},
		"dtable.bad_dict_value":   {"“%s”包含字典中没有的值：%s", "\"%s\" holds a value not in its dictionary: %s"},
		"dtable.single_choice":    {"“%s”只能选择一项", "\"%s\" takes one choice only"},
		"dtable.too_many_choices": {"“%s”最多选择%d项", "\"%s\" takes at most %d choices"},
		"dtable.unknown_field":    {"表格中没有字段“%s”", "The table has no field \"%s\""},
		"dtable.row_not_found":    {"记录不存在", "The record does not exist"},
		"dtable.import_header":    {"第一行须为字段名称，未识别的列：%s", "The first row must hold the field names; unknown column: %s"},
		"dtable.import_row":       {"第%d行：%s", "Row %d: %s"},
		"dtable.import_no_jobs":   {"后台任务不可用", "Background jobs are not available"},
		"dtable.import_job":       {"动态表格导入", "Dynamic table import"},
		"dtable.import_too_many":  {"一次最多导入%d行", "At most %d rows at a time"},
		"dtable.import_empty":     {"文件中没有数据行", "The file holds no data rows"},
		"dtable.file":             {"动态表格", "Dynamic table"},
	})
}
