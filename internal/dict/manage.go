package dict

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// Item is one row of sys_dict as the /dict_manager screen sees it: a group (ParentID 0,
// its Value is the dictionary's code) or an item of a group.
type Item struct {
	ID        int64  `json:"id"`
	ParentID  int64  `json:"parentId"`
	Key       string `json:"key"`
	Value     string `json:"value"`
	IsDefault int    `json:"isDefault"`
	Enabled   int    `json:"enabled"`
	Sort      int    `json:"sort"`
	// ItemCount is how many items the row holds (a group's items).
	ItemCount int `json:"itemCount"`
}

// Form is what add and edit send.
type Form struct {
	ID        int64
	ParentID  int64
	Key       string
	Value     string
	IsDefault int
	Enabled   int
	Sort      int
}

// Field limits.
const (
	MaxKeyLen   = 100
	MaxValueLen = 100
)

const itemSelect = `d.id, d.parent_id, d.dict_key, d.dict_value, d.is_default, d.enabled, d.sort,
	(SELECT COUNT(*) FROM sys_dict c WHERE c.parent_id = d.id)`

func scanItem(row interface{ Scan(...any) error }) (Item, error) {
	var it Item
	err := row.Scan(&it.ID, &it.ParentID, &it.Key, &it.Value, &it.IsDefault, &it.Enabled, &it.Sort, &it.ItemCount)
	return it, err
}

var enabledValues = map[string]any{"1": 1, "0": 0}

// groupSpec: the dictionary groups, searchable by key and value (keywords: either), by
// enabled; sorted by order, key, value or id.
var groupSpec = &list.Spec{
	Select: itemSelect,
	From:   `sys_dict d`,
	Where:  `d.parent_id = 0`,
	Filters: []list.Filter{
		{Param: "keywords", Columns: []string{"d.dict_key", "d.dict_value"}, Kind: list.Keyword},
		{Param: "key", Column: "d.dict_key", Kind: list.Contains},
		{Param: "value", Column: "d.dict_value", Kind: list.Contains},
		{Param: "enabled", Column: "d.enabled", Kind: list.Exact, Map: list.OneOf("enabled", enabledValues)},
	},
	Sorts:       map[string]string{"sort": "d.sort", "key": "d.dict_key", "value": "d.dict_value", "id": "d.id"},
	DefaultSort: "d.sort ASC",
	TieBreak:    "d.id ASC",
}

// itemSpec: every item (parent_id not 0) with its group's key, narrowed by pid.
type ExportItem struct {
	Item
	GroupKey, GroupValue string
}

var itemSpec = &list.Spec{
	Select: `d.id, d.parent_id, d.dict_key, d.dict_value, d.is_default, d.enabled, d.sort, 0, g.dict_key, g.dict_value`,
	From:   `sys_dict d JOIN sys_dict g ON g.id = d.parent_id`,
	Where:  `d.parent_id <> 0`,
	Filters: []list.Filter{
		{Param: "pid", Column: "d.parent_id", Kind: list.Exact, Map: list.Int("pid")},
		{Param: "keywords", Columns: []string{"d.dict_key", "d.dict_value"}, Kind: list.Keyword},
		{Param: "enabled", Column: "d.enabled", Kind: list.Exact, Map: list.OneOf("enabled", enabledValues)},
	},
	Sorts:       map[string]string{"sort": "d.sort", "key": "d.dict_key", "value": "d.dict_value", "id": "d.id"},
	DefaultSort: "g.sort ASC, g.id ASC, d.sort ASC",
	TieBreak:    "d.id ASC",
}

func scanExportItem(row interface{ Scan(...any) error }) (ExportItem, error) {
	var it ExportItem
	err := row.Scan(&it.ID, &it.ParentID, &it.Key, &it.Value, &it.IsDefault, &it.Enabled, &it.Sort, &it.ItemCount, &it.GroupKey, &it.GroupValue)
	return it, err
}

func yesNo(v int, lang string) any {
	if v == 1 {
		return httpx.Translate(lang, "dict.yes")
	}
	return httpx.Translate(lang, "dict.no")
}

func enabledText(v int, lang string) any {
	if v == 1 {
		return httpx.Translate(lang, "dict.enabled.1")
	}
	return httpx.Translate(lang, "dict.enabled.0")
}

// GroupTable serves GET /api/sys/dict/list and /exportDict.
func GroupTable(d *db.DB) *list.Table[Item] {
	return &list.Table[Item]{
		DB: d, Spec: groupSpec, Scan: scanItem, File: "dict.file.groups",
		Columns: []list.Column[Item]{
			{Title: "dict.col.key", Value: func(it Item, _ string) any { return it.Key }},
			{Title: "dict.col.code", Value: func(it Item, _ string) any { return it.Value }},
			{Title: "dict.col.itemCount", Value: func(it Item, _ string) any { return it.ItemCount }},
			{Title: "dict.col.enabled", Value: func(it Item, lang string) any { return enabledText(it.Enabled, lang) }},
			{Title: "dict.col.sort", Value: func(it Item, _ string) any { return it.Sort }},
		},
	}
}

// ItemTable serves GET /api/sys/dict/exportDictItem.
func ItemTable(d *db.DB) *list.Table[ExportItem] {
	return &list.Table[ExportItem]{
		DB: d, Spec: itemSpec, Scan: scanExportItem, File: "dict.file.items",
		Columns: []list.Column[ExportItem]{
			{Title: "dict.col.group", Value: func(it ExportItem, _ string) any { return it.GroupKey }},
			{Title: "dict.col.code", Value: func(it ExportItem, _ string) any { return it.GroupValue }},
			{Title: "dict.col.itemKey", Value: func(it ExportItem, _ string) any { return it.Key }},
			{Title: "dict.col.itemValue", Value: func(it ExportItem, _ string) any { return it.Value }},
			{Title: "dict.col.default", Value: func(it ExportItem, lang string) any { return yesNo(it.IsDefault, lang) }},
			{Title: "dict.col.enabled", Value: func(it ExportItem, lang string) any { return enabledText(it.Enabled, lang) }},
			{Title: "dict.col.sort", Value: func(it ExportItem, _ string) any { return it.Sort }},
		},
	}
}

// Children lists the items of a parent in their order.
func (s *Store) Children(ctx context.Context, pid int64) (_ []Item, err error) {
	defer errs.Wrap(&err, "dict: children")
	rows, err := s.db.Query(ctx, `SELECT `+itemSelect+` FROM sys_dict d WHERE d.parent_id = ? ORDER BY d.sort, d.id`, pid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Item{}
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

func one(ctx context.Context, q db.Querier, id int64) (Item, error) {
	it, err := scanItem(q.QueryRow(ctx, `SELECT `+itemSelect+` FROM sys_dict d WHERE d.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return it, httpx.Fail("dict.not_found")
	}
	return it, err
}

// One returns a row by id.
func (s *Store) One(ctx context.Context, id int64) (_ Item, err error) {
	defer errs.Wrap(&err, "dict: one %d", id)
	return one(ctx, s.db, id)
}

func (f *Form) check() error {
	f.Key, f.Value = strings.TrimSpace(f.Key), strings.TrimSpace(f.Value)
	if f.Key == "" {
		return httpx.Fail("dict.key_required")
	}
	if utf8.RuneCountInString(f.Key) > MaxKeyLen {
		return httpx.Fail("dict.key_too_long", MaxKeyLen)
	}
	if f.Value == "" {
		return httpx.Fail("dict.value_required")
	}
	if utf8.RuneCountInString(f.Value) > MaxValueLen {
		return httpx.Fail("dict.value_too_long", MaxValueLen)
	}
	if f.IsDefault != 0 && f.IsDefault != 1 {
		return httpx.Fail("dict.bad_default")
	}
	if f.Enabled != 0 && f.Enabled != 1 {
		return httpx.Fail("dict.bad_enabled")
	}
	if f.Sort < 0 {
		return httpx.Fail("dict.bad_sort")
	}
	return nil
}

// unique refuses a value already used by a sibling (or, for a group, by another group).
func unique(ctx context.Context, tx *db.Tx, parent, self int64, value string) error {
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_dict WHERE parent_id = ? AND dict_value = ? AND id <> ?`, parent, value, self).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		if parent == 0 {
			return httpx.Fail("dict.code_taken", value)
		}
		return httpx.Fail("dict.value_taken", value)
	}
	return nil
}

// takenOr turns a unique-index violation (two writes racing past unique) into its message.
func takenOr(err error, parent int64, value string) error {
	if !db.IsUniqueViolation(err) {
		return err
	}
	if parent == 0 {
		return httpx.Fail("dict.code_taken", value)
	}
	return httpx.Fail("dict.value_taken", value)
}

// onlyDefault clears the default mark of the row's siblings.
func onlyDefault(ctx context.Context, tx *db.Tx, parent, self int64) error {
	_, err := tx.Exec(ctx, `UPDATE sys_dict SET is_default = 0 WHERE parent_id = ? AND id <> ?`, parent, self)
	return err
}

// Add creates a group (ParentID 0) or an item; it returns the new id.
func (s *Store) Add(ctx context.Context, f Form) (_ int64, err error) {
	defer errs.Wrap(&err, "dict: add")
	if err := f.check(); err != nil {
		return 0, err
	}
	if f.ParentID < 0 {
		return 0, httpx.Fail("dict.parent_not_found")
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if f.ParentID != 0 {
			if _, err := one(ctx, tx, f.ParentID); err != nil {
				if e, ok := err.(*httpx.Error); ok && e.Key == "dict.not_found" {
					return httpx.Fail("dict.parent_not_found")
				}
				return err
			}
		}
		if err := unique(ctx, tx, f.ParentID, 0, f.Value); err != nil {
			return err
		}
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort) VALUES (?, ?, ?, ?, ?, ?)`,
			f.ParentID, f.Key, f.Value, f.IsDefault, f.Enabled, f.Sort)
		if err != nil {
			return takenOr(err, f.ParentID, f.Value)
		}
		if f.IsDefault == 1 {
			if err := onlyDefault(ctx, tx, f.ParentID, id); err != nil {
				return err
			}
		}
		return record(ctx, tx, audit.Create, nil, id)
	})
	if err == nil {
		s.Invalidate()
	}
	return id, err
}

// Edit changes a row's key, value, default mark, enabled state and order (not its parent).
func (s *Store) Edit(ctx context.Context, f Form) (err error) {
	defer errs.Wrap(&err, "dict: edit %d", f.ID)
	if err := f.check(); err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := one(ctx, tx, f.ID)
		if err != nil {
			return err
		}
		if err := unique(ctx, tx, cur.ParentID, cur.ID, f.Value); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_dict SET dict_key = ?, dict_value = ?, is_default = ?, enabled = ?, sort = ? WHERE id = ?`,
			f.Key, f.Value, f.IsDefault, f.Enabled, f.Sort, f.ID); err != nil {
			return takenOr(err, cur.ParentID, f.Value)
		}
		if f.IsDefault == 1 {
			if err := onlyDefault(ctx, tx, cur.ParentID, cur.ID); err != nil {
				return err
			}
		}
		return record(ctx, tx, audit.Update, &cur, cur.ID)
	})
	if err == nil {
		s.Invalidate()
	}
	return err
}

// Delete removes rows; a row that still holds items is refused (nothing is deleted).
func (s *Store) Delete(ctx context.Context, ids []int64) (err error) {
	defer errs.Wrap(&err, "dict: delete %v", ids)
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var gone []audit.Change
		seen := map[int64]bool{}
		for _, id := range ids {
			cur, err := one(ctx, tx, id)
			if err != nil {
				return err
			}
			if !seen[id] {
				seen[id] = true
				gone = append(gone, audit.Change{Module: Screen, Action: audit.Delete, TargetID: cur.ID, Target: cur.Key, Before: cur})
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_dict WHERE parent_id = ?`, id).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				deleting := 0
				for _, other := range ids {
					var hit int
					if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_dict WHERE parent_id = ? AND id = ?`, id, other).Scan(&hit); err != nil {
						return err
					}
					deleting += hit
				}
				if deleting < n {
					return httpx.Fail("dict.has_items", cur.Key)
				}
			}
		}
		for _, id := range ids {
			if _, err := tx.Exec(ctx, `DELETE FROM sys_dict WHERE id = ?`, id); err != nil {
				return err
			}
		}
		return audit.RecordAll(ctx, tx, gone)
	})
	if err == nil {
		s.Invalidate()
	}
	return err
}

// ChangeEnable switches a row on (1) or off (0).
func (s *Store) ChangeEnable(ctx context.Context, id int64, enabled int) (err error) {
	defer errs.Wrap(&err, "dict: change enable %d", id)
	if enabled != 0 && enabled != 1 {
		return httpx.Fail("dict.bad_enabled")
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := one(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.Enabled == enabled {
			return nil // nothing changes, nothing is logged
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_dict SET enabled = ? WHERE id = ?`, enabled, id); err != nil {
			return err
		}
		return record(ctx, tx, audit.EnableOrDisable(enabled), &cur, id)
	})
	if err == nil {
		s.Invalidate()
	}
	return err
}

// Screen is the menu and function code of /dict_manager, the module of its business log.
const Screen = "dict_manager"

// record writes the business-log row of a change to row id: before as given (nil for a new
// row), after as tx sees it now.
func record(ctx context.Context, tx *db.Tx, action string, before *Item, id int64) error {
	after, err := one(ctx, tx, id)
	if err != nil {
		return err
	}
	c := audit.Change{Module: Screen, Action: action, TargetID: id, Target: after.Key, After: after}
	if before != nil {
		c.Before = *before
	}
	return audit.Record(ctx, tx, c)
}

// Lookup finds an enabled dictionary in the cache, searching recursively by key (display
// text) and, failing that, by its code (a text value). Nil when absent.
func (s *Store) Lookup(ctx context.Context, key string) (_ *Entry, err error) {
	defer errs.Wrap(&err, "dict: lookup %s", key)
	return s.LookupIn(ctx, s.db, key)
}

// LookupIn is Lookup for a caller reading through q (its transaction, when it holds one).
func (s *Store) LookupIn(ctx context.Context, q db.Querier, key string) (_ *Entry, err error) {
	defer errs.Wrap(&err, "dict: lookup in %s", key)
	top, err := s.dictDataIn(ctx, q)
	if err != nil {
		return nil, err
	}
	var find func(list []*Entry, match func(*Entry) bool) *Entry
	find = func(list []*Entry, match func(*Entry) bool) *Entry {
		for _, e := range list {
			if match(e) {
				return e
			}
			if hit := find(e.ChildDict, match); hit != nil {
				return hit
			}
		}
		return nil
	}
	if hit := find(top, func(e *Entry) bool { return e.Key == key }); hit != nil {
		return hit, nil
	}
	return find(top, func(e *Entry) bool { v, ok := e.Value.(string); return ok && v == key }), nil
}

// FlatItem is an item of GET /api/sys/common/dict/item (no children).
type FlatItem struct {
	Key       string `json:"key"`
	Value     any    `json:"value" types:"string,integer"`
	IsDefault int    `json:"isDefault"`
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"dict.not_found":        {"字典不存在", "The dictionary entry does not exist"},
		"dict.generic_unknown":  {"未知的通用字典查询（id %s，commID %s）", "Unknown generic dictionary query (id %s, commID %s)"},
		"dict.parent_not_found": {"上级字典不存在", "The parent dictionary does not exist"},
		"dict.key_required":     {"请填写字典名称", "Please fill in the dictionary key (display text)"},
		"dict.key_too_long":     {"字典名称长度不能超过%d", "The dictionary key cannot exceed %d characters"},
		"dict.value_required":   {"请填写字典值", "Please fill in the dictionary value"},
		"dict.value_too_long":   {"字典值长度不能超过%d", "The dictionary value cannot exceed %d characters"},
		"dict.bad_default":      {"是否默认只能是0或1", "isDefault must be 0 or 1"},
		"dict.bad_enabled":      {"启用状态只能是0（停用）或1（启用）", "enabled must be 0 (off) or 1 (on)"},
		"dict.bad_sort":         {"排序不能为负数", "The order cannot be negative"},
		"dict.code_taken":       {"字典编码「%s」已存在", "The dictionary code \"%s\" already exists"},
		"dict.value_taken":      {"同一字典下已有值为「%s」的字典项", "This dictionary already has an item with the value \"%s\""},
		"dict.has_items":        {"字典「%s」下还有字典项，请先删除字典项", "Dictionary \"%s\" still has items, delete them first"},
		"dict.file.groups":      {"字典", "dictionaries"},
		"dict.file.items":       {"字典项", "dictionary_items"},
		"dict.col.key":          {"字典名称", "Dictionary"},
		"dict.col.code":         {"字典编码", "Code"},
		"dict.col.itemCount":    {"字典项数", "Items"},
		"dict.col.enabled":      {"状态", "State"},
		"dict.col.sort":         {"排序", "Order"},
		"dict.col.group":        {"所属字典", "Dictionary"},
		"dict.col.itemKey":      {"字典项名称", "Item"},
		"dict.col.itemValue":    {"字典项值", "Value"},
		"dict.col.default":      {"默认", "Default"},
		"dict.enabled.1":        {"启用", "Enabled"},
		"dict.enabled.0":        {"停用", "Disabled"},
		"dict.yes":              {"是", "Yes"},
		"dict.no":               {"否", "No"},
	})
}
