package dtable

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// live is a table as its data calls see it: the definition's name, its live fields, what the caller
// may do.
type live struct {
	ID       int64
	Name     string
	Remark   string
	Version  time.Time
	Fields   []Field
	CanWrite bool
}

// open reads table id for the caller: a table that does not exist and one the caller's roles may not
// read answer alike.
func (s *Service) open(ctx context.Context, q db.Querier, c Caller, id int64) (*live, error) {
	t := &live{ID: id}
	err := q.QueryRow(ctx, `SELECT name, remark, updated_at FROM lowcode_table WHERE id = ? AND deleted_at IS NULL`, id).Scan(&t.Name, &t.Remark, &t.Version)
	if db.IsNoRows(err) {
		return nil, httpx.Fail("dtable.not_found")
	}
	if err != nil {
		return nil, err
	}
	if c.SysAdmin {
		t.CanWrite = true
	} else {
		if len(c.Roles) == 0 {
			return nil, httpx.Fail("dtable.not_found")
		}
		args := []any{id}
		for _, r := range c.Roles {
			args = append(args, r)
		}
		var w sql.NullInt64
		if err := q.QueryRow(ctx, `SELECT MAX(can_write) FROM lowcode_table_role WHERE table_id = ? AND role_id IN (`+marks(len(c.Roles))+`)`, args...).Scan(&w); err != nil {
			return nil, err
		}
		if !w.Valid {
			return nil, httpx.Fail("dtable.not_found")
		}
		t.CanWrite = w.Int64 == 1
	}
	if t.Fields, err = s.fields(ctx, q, id, false); err != nil {
		return nil, err
	}
	return t, nil
}

// read opens table id for the caller, outside any transaction.
func (s *Service) read(ctx context.Context, id int64) (*live, error) {
	c, err := s.who(ctx)
	if err != nil {
		return nil, err
	}
	return s.open(ctx, s.db, c, id)
}

func marks(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// Schema is what the caller's screen of table id is built from.
func (s *Service) Schema(ctx context.Context, id int64) (_ Schema, err error) {
	defer errs.Wrap(&err, "dtable: schema %d", id)
	t, err := s.read(ctx, id)
	if err != nil {
		return Schema{}, err
	}
	return Schema{ID: t.ID, Name: t.Name, Remark: t.Remark, Fields: t.Fields, CanWrite: t.CanWrite}, nil
}

// Mine lists the tables the caller may read, for the screen's choice of table.
func (s *Service) Mine(ctx context.Context) (_ []Summary, err error) {
	defer errs.Wrap(&err, "dtable: mine")
	c, err := s.who(ctx)
	if err != nil {
		return nil, err
	}
	q := `SELECT t.id, t.name, t.remark, (SELECT COUNT(*) FROM lowcode_field f WHERE f.table_id = t.id AND f.removed = 0), t.updated_at
		FROM lowcode_table t WHERE t.deleted_at IS NULL`
	args := []any{}
	if !c.SysAdmin {
		if len(c.Roles) == 0 {
			return []Summary{}, nil
		}
		q += ` AND t.id IN (SELECT table_id FROM lowcode_table_role WHERE role_id IN (` + marks(len(c.Roles)) + `))`
		for _, r := range c.Roles {
			args = append(args, r)
		}
	}
	rows, err := s.db.Query(ctx, q+` ORDER BY t.name, t.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		var m Summary
		if err := rows.Scan(&m.ID, &m.Name, &m.Remark, &m.FieldCount, &m.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// value turns a client's value of field f into what its column stores (nil: empty). raw is a JSON
// value (or the text of a default or an imported cell).
func (s *Service) value(ctx context.Context, f Field, raw any) (any, error) {
	var text string
	switch v := raw.(type) {
	case nil:
		return nil, nil
	case string:
		text = strings.TrimSpace(v)
	case float64:
		if f.Type != TypeInt {
			text = strconv.FormatFloat(v, 'f', -1, 64)
			break
		}
		if v != math.Trunc(v) || math.Abs(v) > MaxSafeInt {
			return nil, httpx.Fail("dtable.bad_int", f.Name)
		}
		return int64(v), nil
	case json.Number:
		text = v.String()
	case bool, map[string]any, []any:
		if arr, ok := v.([]any); ok && (f.multi() || f.organ() || f.user()) {
			parts := make([]string, 0, len(arr))
			for _, a := range arr {
				switch x := a.(type) {
				case string:
					parts = append(parts, x)
				case float64: // a dictionary's numeric value, as the client's dictionary store holds it
					parts = append(parts, strconv.FormatFloat(x, 'f', -1, 64))
				default:
					return nil, httpx.Fail("dtable.bad_text", f.Name, MaxTextLen)
				}
			}
			text = strings.Join(parts, separator(f))
			break
		}
		return nil, httpx.Fail("dtable.bad_text", f.Name, MaxTextLen)
	default:
		return nil, httpx.Fail("dtable.bad_text", f.Name, MaxTextLen)
	}
	if text == "" {
		return nil, nil
	}
	switch f.Type {
	case TypeInt:
		n, err := validate.WholeNumber(text) // a plain decimal: no "+5", "1e3", "0x10", "1_000"
		if err != nil || n > MaxSafeInt || n < -MaxSafeInt {
			return nil, httpx.Fail("dtable.bad_int", f.Name)
		}
		return n, nil
	case TypeDatetime:
		t, _, err := list.ParseTime(text)
		if err != nil {
			return nil, httpx.Fail("dtable.bad_datetime", f.Name)
		}
		return t, nil
	case TypeMoney:
		cents, ok := ParseCents(text)
		if !ok {
			return nil, httpx.Fail("dtable.bad_money", f.Name)
		}
		return cents, nil
	case TypeDate:
		d, ok := parseDate(text)
		if !ok {
			return nil, httpx.Fail("dtable.bad_date", f.Name)
		}
		return d, nil
	}
	if utf8.RuneCountInString(text) > MaxTextLen || !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return nil, httpx.Fail("dtable.bad_text", f.Name, MaxTextLen)
	}
	if !f.organ() && !f.user() && f.IsDict == 0 {
		return text, nil
	}
	codes := splitCodes(text, separator(f))
	if len(codes) == 0 {
		return nil, nil
	}
	if !f.multi() && len(codes) > 1 {
		return nil, httpx.Fail("dtable.single_choice", f.Name)
	}
	if len(codes) > MaxChoices {
		return nil, httpx.Fail("dtable.too_many_choices", f.Name, MaxChoices)
	}
	var known map[string]string
	var err error
	key := "dtable.bad_dict_value"
	switch {
	case f.organ():
		known, err = s.lookups.UnitNames(ctx, codes)
		key = "dtable.bad_organ"
	case f.user():
		known, err = s.lookups.UserNames(ctx, codes)
		key = "dtable.bad_user"
	default:
		known, _, err = s.lookups.DictItems(ctx, f.DictGroupCode)
	}
	if err != nil {
		return nil, err
	}
	for _, c := range codes {
		if _, ok := known[c]; !ok {
			return nil, httpx.Fail(key, f.Name, clip(c))
		}
	}
	return strings.Join(codes, separator(f)), nil
}

// ParseCents reads an amount of yuan written with at most two decimals ("1234", "-1,234.5", "1234.50", "¥12")
// as whole cents, exactly (no float), within ±MaxSafeInt cents.
func ParseCents(text string) (int64, bool) {
	s := strings.TrimSpace(strings.NewReplacer(",", "", "，", "", "¥", "", "￥", "", " ", "").Replace(text))
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" && frac == "" || len(frac) > 2 || dot && frac == "" && whole == "" {
		return 0, false
	}
	for _, part := range []string{whole, frac} {
		for _, r := range part {
			if r < '0' || r > '9' {
				return 0, false
			}
		}
	}
	if len(whole) > 16 {
		return 0, false
	}
	var n int64
	if whole != "" {
		w, err := strconv.ParseInt(whole, 10, 64)
		if err != nil {
			return 0, false
		}
		n = w * 100
	}
	if frac != "" {
		if len(frac) == 1 {
			frac += "0"
		}
		c, _ := strconv.ParseInt(frac, 10, 64)
		n += c
	}
	if n > MaxSafeInt {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// FormatCents writes whole cents as an amount of yuan with two decimals ("-1234.50").
func FormatCents(n int64) string {
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	return fmt.Sprintf("%s%d.%02d", sign, n/100, n%100)
}

// parseDate reads a date YYYY-MM-DD (or the date of a date and time written so, or YYYY/MM/DD) as YYYY-MM-DD.
func parseDate(text string) (string, bool) {
	s := strings.ReplaceAll(strings.TrimSpace(text), "/", "-")
	if len(s) > 10 && (s[10] == ' ' || s[10] == 'T') {
		s = s[:10]
	}
	d, err := time.Parse("2006-1-2", s)
	if err != nil || d.Year() < 1000 {
		return "", false
	}
	return d.Format(time.DateOnly), true
}

// separator joins a multi-select value: '-' for organisation codes, ',' for user codes and
// dictionary values (spec section 3).
func separator(f Field) string {
	if f.organ() {
		return OrganSeparator
	}
	return ListSeparator
}

func splitCodes(text, sep string) []string {
	var out []string
	for _, c := range strings.Split(text, sep) {
		if c = strings.TrimSpace(c); c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// listCaches keeps each table's list Spec while its definition stays the same (specs), and its totals while its
// list_version row stays the same (counts, bumped by every write of its rows). They belong to the service, so to its
// database: two databases in one process (tests, a restore) have tables of the same ids.
type listCaches struct {
	specs, counts sync.Map // table id -> *cachedSpec, *list.Counts
}

// moved tells the kept totals of table t that its rows changed (inside the write's transaction).
func moved(ctx context.Context, tx *db.Tx, t *live) error {
	_, err := tx.Exec(ctx, `UPDATE list_version SET version = version + 1 WHERE name = ?`, tableName(t.ID))
	return err
}

type cachedSpec struct {
	version time.Time
	fields  int
	spec    *list.Spec
}

// spec is the list of table t: filters of its searchable fields, sorts of its sortable ones, the
// live rows. Every identifier in it is generated.
func (s *Service) spec(t *live) *list.Spec {
	if c, ok := s.caches.specs.Load(t.ID); ok {
		if c := c.(*cachedSpec); c.version.Equal(t.Version) && c.fields == len(t.Fields) {
			return c.spec
		}
	}
	cols := []string{"id", "created_at", "updated_at"}
	sp := &list.Spec{
		From:     tableName(t.ID),
		Where:    "deleted_at IS NULL",
		Sorts:    map[string]string{"id": "id", "createdAt": "created_at", "updatedAt": "updated_at"},
		TieBreak: "id DESC",
	}
	for _, f := range t.Fields {
		cols = append(cols, f.column())
		if f.Sortable == 1 {
			sp.Sorts[f.FieldName] = f.column()
		}
		if f.Searchable == 0 {
			continue
		}
		switch {
		case f.Type == TypeDatetime:
			sp.Filters = append(sp.Filters,
				list.Filter{Param: f.FieldName + "Start", Column: f.column(), Kind: list.After},
				list.Filter{Param: f.FieldName + "End", Column: f.column(), Kind: list.Before})
		case f.Type == TypeDate:
			name := f.Name
			date := func(v string) (any, error) {
				d, ok := parseDate(v)
				if !ok {
					return nil, httpx.BadRequest("dtable.bad_date", name)
				}
				return d, nil
			}
			sp.Filters = append(sp.Filters,
				list.Filter{Param: f.FieldName + "Start", Column: f.column() + " >= ?", Kind: list.Cond, Map: date},
				list.Filter{Param: f.FieldName + "End", Column: f.column() + " <= ?", Kind: list.Cond, Map: date})
		case f.Type == TypeMoney:
			name := f.Name
			sp.Filters = append(sp.Filters, list.Filter{Param: f.FieldName, Column: f.column(), Kind: list.Exact,
				Map: func(v string) (any, error) {
					n, ok := ParseCents(v)
					if !ok {
						return nil, httpx.BadRequest("dtable.bad_money", name)
					}
					return n, nil
				}})
		case f.Type == TypeInt:
			name := f.Name
			sp.Filters = append(sp.Filters, list.Filter{Param: f.FieldName, Column: f.column(), Kind: list.Exact,
				Map: func(v string) (any, error) {
					n, err := validate.WholeNumber(strings.TrimSpace(v))
					if err != nil || n > MaxSafeInt || n < -MaxSafeInt {
						return nil, httpx.BadRequest("dtable.bad_int", name)
					}
					return n, nil
				}})
		case f.organ() || f.user() || f.IsDict == 1:
			if f.multi() {
				sp.Filters = append(sp.Filters, list.Filter{Param: f.FieldName, Column: f.column(), Kind: list.Contains})
			} else {
				sp.Filters = append(sp.Filters, list.Filter{Param: f.FieldName, Column: f.column(), Kind: list.Exact})
			}
		default:
			// Contains in any letter case; on PostgreSQL an ILIKE its trigram index serves (see indexes).
			sp.Filters = append(sp.Filters, list.Filter{Param: f.FieldName, Column: f.column(), Kind: list.Text})
		}
	}
	sp.Select = strings.Join(cols, ", ")
	c, _ := s.caches.counts.LoadOrStore(t.ID, list.NewCounts(tableName(t.ID)))
	sp.Counts = c.(*list.Counts)
	s.caches.specs.Store(t.ID, &cachedSpec{version: t.Version, fields: len(t.Fields), spec: sp})
	return sp
}

// scanner reads a row of t's Spec.
func (t *live) scanner() list.Scanner[Row] {
	return func(row interface{ Scan(...any) error }) (Row, error) {
		r := Row{Values: map[string]any{}, Labels: map[string]string{}}
		dest := []any{&r.ID, &r.CreatedAt, &r.UpdatedAt}
		holders := make([]any, len(t.Fields))
		for i, f := range t.Fields {
			switch f.Type {
			case TypeInt, TypeMoney:
				holders[i] = new(sql.NullInt64)
			case TypeDatetime:
				holders[i] = new(sql.NullTime)
			default:
				holders[i] = new(sql.NullString)
			}
			dest = append(dest, holders[i])
		}
		if err := row.Scan(dest...); err != nil {
			return r, err
		}
		for i, f := range t.Fields {
			var v any
			switch h := holders[i].(type) {
			case *sql.NullInt64:
				if h.Valid && f.Type == TypeMoney {
					v = FormatCents(h.Int64)
				} else if h.Valid {
					v = h.Int64
				}
			case *sql.NullTime:
				if h.Valid {
					v = h.Time.UTC().Format(time.RFC3339)
				}
			case *sql.NullString:
				if h.Valid {
					v = h.String
				}
			}
			r.Values[f.FieldName] = v
		}
		return r, nil
	}
}

// label fills the names that the organisation, user and dictionary values of rows stand for.
func (s *Service) label(ctx context.Context, t *live, rows []Row) error {
	for _, f := range t.Fields {
		if !f.organ() && !f.user() && f.IsDict == 0 {
			continue
		}
		var codes []string
		for _, r := range rows {
			if v, ok := r.Values[f.FieldName].(string); ok {
				codes = append(codes, splitCodes(v, separator(f))...)
			}
		}
		if len(codes) == 0 {
			continue
		}
		slices.Sort(codes)
		codes = slices.Compact(codes)
		var names map[string]string
		var err error
		switch {
		case f.organ():
			names, err = s.lookups.UnitNames(ctx, codes)
		case f.user():
			names, err = s.lookups.UserNames(ctx, codes)
		default:
			names, _, err = s.lookups.DictItems(ctx, f.DictGroupCode)
		}
		if err != nil {
			return err
		}
		for i := range rows {
			v, ok := rows[i].Values[f.FieldName].(string)
			if !ok {
				continue
			}
			var out []string
			for _, c := range splitCodes(v, separator(f)) {
				if n, ok := names[c]; ok {
					out = append(out, n)
				} else {
					out = append(out, c)
				}
			}
			rows[i].Labels[f.FieldName] = strings.Join(out, ListSeparator)
		}
	}
	return nil
}

// List answers a page of table tableID's rows (the list parameters of its Spec).
func (s *Service) List(ctx context.Context, tableID int64, in *httpx.Input) (*list.Page[Row], error) {
	t, err := s.read(ctx, tableID)
	if err != nil {
		return nil, err
	}
	sp := s.spec(t)
	q, err := sp.Parse(in)
	if err != nil {
		return nil, err
	}
	p, err := list.Run(ctx, s.db, sp, q, t.scanner())
	if err != nil {
		return nil, err
	}
	return p, s.label(ctx, t, p.Records)
}

// Get reads one live row.
func (s *Service) Get(ctx context.Context, tableID, id int64) (_ Row, err error) {
	defer errs.Wrap(&err, "dtable: get tableID=%d id=%d", tableID, id)
	t, err := s.read(ctx, tableID)
	if err != nil {
		return Row{}, err
	}
	r, err := s.get(ctx, s.db, t, id)
	if err != nil {
		return r, err
	}
	rows := []Row{r}
	err = s.label(ctx, t, rows)
	return rows[0], err
}

// get reads one live row through q (without its labels, which are read outside transactions).
func (s *Service) get(ctx context.Context, q db.Querier, t *live, id int64) (Row, error) {
	sp := s.spec(t)
	r, err := t.scanner()(q.QueryRow(ctx, `SELECT `+sp.Select+` FROM `+sp.From+` WHERE deleted_at IS NULL AND id = ?`, id))
	if db.IsNoRows(err) {
		return r, httpx.Fail("dtable.row_not_found")
	}
	return r, err
}

// values checks a row's values against t's fields: every key must be a live field; on add a
// missing field takes its default. It answers the columns and values to write.
func (s *Service) values(ctx context.Context, t *live, in map[string]any, add bool) ([]Field, []any, error) {
	byName := map[string]Field{}
	for _, f := range t.Fields {
		byName[f.FieldName] = f
	}
	keys := make([]string, 0, len(in))
	for k := range in {
		if _, ok := byName[k]; !ok {
			return nil, nil, httpx.Fail("dtable.unknown_field", clip(k))
		}
		keys = append(keys, k)
	}
	var fs []Field
	var vs []any
	for _, f := range t.Fields {
		raw, given := in[f.FieldName]
		if !given && !add {
			continue
		}
		if !given && f.DefaultValue != "" {
			raw = f.DefaultValue
		}
		v, err := s.value(ctx, f, raw)
		if err != nil {
			return nil, nil, err
		}
		if v == nil && f.Required == 1 {
			return nil, nil, httpx.Fail("dtable.required", f.Name)
		}
		fs = append(fs, f)
		vs = append(vs, v)
	}
	return fs, vs, nil
}

// RowIn is one row as add and edit send it.
type RowIn struct {
	TableID int64          `param:"tableId,required"`
	ID      int64          `param:"id" doc:"edit only"`
	Values  map[string]any `param:"values" doc:"by fieldName: int a number, datetime a date or date-time, choices codes joined by the spec's separators ('-' organisations, ',' users and dictionary values) or a list"`
}

// AddRow adds a row; the caller must hold a role that may write the table.
func (s *Service) AddRow(ctx context.Context, in RowIn) (_ int64, err error) {
	defer errs.Wrap(&err, "dtable: add row")
	c, t, err := s.forWrite(ctx, in.TableID)
	if err != nil {
		return 0, err
	}
	fs, vs, err := s.values(ctx, t, in.Values, true)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.same(ctx, tx, c, t); err != nil {
			return err
		}
		now := time.Now().UTC()
		cols := []string{"created_by", "created_at", "updated_at"}
		args := []any{c.UserID, now, now}
		for i, f := range fs {
			cols = append(cols, f.column())
			args = append(args, vs[i])
		}
		id, err = tx.Insert(ctx, `INSERT INTO `+tableName(t.ID)+` (`+strings.Join(cols, ", ")+`) VALUES (`+marks(len(cols))+`)`, args...)
		if err != nil {
			return s.unique(err, t)
		}
		if err := moved(ctx, tx, t); err != nil {
			return err
		}
		after, err := s.get(ctx, tx, t, id)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: fmt.Sprintf("%d/%d", t.ID, id), Target: t.Name, After: after.Values})
	})
	return id, err
}

// forWrite reads, outside any transaction, who calls and table id as they may write it.
func (s *Service) forWrite(ctx context.Context, id int64) (Caller, *live, error) {
	c, err := s.who(ctx)
	if err != nil {
		return c, nil, err
	}
	t, err := s.open(ctx, s.db, c, id)
	if err != nil {
		return c, nil, err
	}
	if !t.CanWrite {
		return c, nil, httpx.Fail("dtable.no_write")
	}
	return c, t, nil
}

// same checks inside the write's transaction that the caller still may write t and that its
// definition has not changed since the values were checked.
func (s *Service) same(ctx context.Context, tx *db.Tx, c Caller, t *live) error {
	now, err := s.open(ctx, tx, c, t.ID)
	if err != nil {
		return err
	}
	if !now.CanWrite {
		return httpx.Fail("dtable.no_write")
	}
	if !now.Version.Equal(t.Version) || len(now.Fields) != len(t.Fields) {
		return httpx.Fail("dtable.changed")
	}
	return nil
}

// unique names the field whose unique index refused a value.
func (s *Service) unique(err error, t *live) error {
	if !db.IsUniqueViolation(err) {
		return err
	}
	msg := err.Error()
	for _, f := range t.Fields {
		if f.Unique == 1 && strings.Contains(msg, f.column()) {
			return httpx.Fail("dtable.unique", f.Name)
		}
	}
	for _, f := range t.Fields {
		if f.Unique == 1 {
			return httpx.Fail("dtable.unique", f.Name)
		}
	}
	return err
}

// EditRow changes the given values of a row (fields left out keep theirs).
func (s *Service) EditRow(ctx context.Context, in RowIn) (err error) {
	defer errs.Wrap(&err, "dtable: edit row %d", in.ID)
	if in.ID == 0 {
		return httpx.Fail("http.required", "id")
	}
	c, t, err := s.forWrite(ctx, in.TableID)
	if err != nil {
		return err
	}
	fs, vs, err := s.values(ctx, t, in.Values, false)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.same(ctx, tx, c, t); err != nil {
			return err
		}
		before, err := s.get(ctx, tx, t, in.ID)
		if err != nil {
			return err
		}
		sets := []string{"updated_at = ?"}
		args := []any{time.Now().UTC()}
		for i, f := range fs {
			sets = append(sets, f.column()+" = ?")
			args = append(args, vs[i])
		}
		args = append(args, in.ID)
		if _, err := tx.Exec(ctx, `UPDATE `+tableName(t.ID)+` SET `+strings.Join(sets, ", ")+` WHERE id = ? AND deleted_at IS NULL`, args...); err != nil {
			return s.unique(err, t)
		}
		if err := moved(ctx, tx, t); err != nil {
			return err
		}
		after, err := s.get(ctx, tx, t, in.ID)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: fmt.Sprintf("%d/%d", t.ID, in.ID), Target: t.Name, Before: before.Values, After: after.Values})
	})
}

// DeleteRows removes rows (soft: kept with their deletion time, out of every list); all or none.
func (s *Service) DeleteRows(ctx context.Context, tableID int64, ids []int64) (err error) {
	defer errs.Wrap(&err, "dtable: delete rows tableID=%d ids=%v", tableID, ids)
	c, t, err := s.forWrite(ctx, tableID)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.same(ctx, tx, c, t); err != nil {
			return err
		}
		if err := moved(ctx, tx, t); err != nil {
			return err
		}
		now := time.Now().UTC()
		for _, id := range ids {
			before, err := s.get(ctx, tx, t, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE `+tableName(t.ID)+` SET deleted_at = ? WHERE id = ?`, now, id); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: fmt.Sprintf("%d/%d", t.ID, id), Target: t.Name, Before: before.Values}); err != nil {
				return err
			}
		}
		return nil
	})
}

// exportTable is the export of table tableID for the caller (the list's filters and order).
func (s *Service) exportTable(ctx context.Context, tableID int64) (*list.Table[Row], error) {
	t, err := s.read(ctx, tableID)
	if err != nil {
		return nil, err
	}
	cols := []list.Column[Row]{{Title: "ID", Value: func(r Row, _ string) any { return r.ID }}}
	for _, f := range t.Fields {
		if f.InList == 0 {
			continue
		}
		cols = append(cols, list.Column[Row]{Title: f.Name, Value: func(r Row, _ string) any {
			if l, ok := r.Labels[f.FieldName]; ok {
				return l
			}
			return r.Values[f.FieldName]
		}})
	}
	return &list.Table[Row]{DB: s.db, Spec: s.spec(t), Scan: t.scanner(), Columns: cols, File: t.Name,
		Complete: func(ctx context.Context, rows []Row) error { return s.label(ctx, t, rows) }}, nil
}

// Column is the generated column of the field in its table dt_<id> (what a dataset's view renames).
func (f Field) Column() string { return f.column() }

// Readable is a dynamic table as a dataset of the caller may read it: its name, its physical table and live fields.
type Readable struct {
	ID     int64
	Name   string
	Table  string // dt_<id>
	Fields []Field
}

// ReadableByCaller are the live tables the caller's roles may read (every one for a system administrator), with
// their live fields: what a dataset run of the caller may name (internal/dataset/dynamic.go).
func (s *Service) ReadableByCaller(ctx context.Context) (_ []Readable, err error) {
	defer errs.Wrap(&err, "dtable: readable by caller")
	mine, err := s.Mine(ctx)
	if err != nil {
		return nil, fmt.Errorf("readable tables: %w", err)
	}
	out := make([]Readable, 0, len(mine))
	for _, m := range mine {
		fs, err := s.fields(ctx, s.db, m.ID, false)
		if err != nil {
			return nil, fmt.Errorf("fields of %d: %w", m.ID, err)
		}
		out = append(out, Readable{ID: m.ID, Name: m.Name, Table: tableName(m.ID), Fields: fs})
	}
	return out, nil
}
