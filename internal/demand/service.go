package demand

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/validate"
)

// Service holds the rules of demand collection.
type Service struct {
	db     *db.DB
	scope  Scope
	notify Notifier
	files  Files
	dicts  Dicts
	now    func() time.Time
}

// NewService wires the service to what it needs of the other areas.
func NewService(d *db.DB, scope Scope, notify Notifier, files Files, dicts Dicts) *Service {
	return &Service{db: d, scope: scope, notify: notify, files: files, dicts: dicts, now: time.Now}
}

func principal(ctx context.Context) (*auth.Principal, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return nil, httpx.ErrTokenInvalid
	}
	return p, nil
}

/* ---------- the audience ---------- */

// memberSQL is true when the user (unit code, employee code) is in the audience of collection c.id.
const memberSQL = `EXISTS (SELECT 1 FROM demand_audience a WHERE a.collection_id = c.id AND
	((a.kind = 'unit' AND ? <> '' AND substr(?, 1, length(a.code)) = a.code) OR (a.kind = 'employee' AND ? <> '' AND a.code = ?)))`

// member is the caller as the audience test needs them.
type member struct {
	userID   int64
	unit     string
	employee string
}

func (m member) args() []any { return []any{m.unit, m.unit, m.employee, m.employee} }

func (s *Service) member(ctx context.Context, q db.Querier, userID int64) (member, error) {
	m := member{userID: userID}
	err := q.QueryRow(ctx, `SELECT unit_code, employee_code FROM sys_user WHERE id = ? AND deleted_at IS NULL`, userID).Scan(&m.unit, &m.employee)
	if db.IsNoRows(err) {
		return m, httpx.ErrTokenInvalid
	}
	return m, err
}

// audienceUsersSQL selects the enabled accounts in the audience of collection ?.
const audienceUsersSQL = `SELECT u.id FROM sys_user u WHERE u.deleted_at IS NULL AND u.state = 1 AND EXISTS (SELECT 1 FROM demand_audience a
	WHERE a.collection_id = ? AND ((a.kind = 'unit' AND u.unit_code <> '' AND substr(u.unit_code, 1, length(a.code)) = a.code)
	OR (a.kind = 'employee' AND u.employee_code <> '' AND a.code = u.employee_code)))`

func splitCodes(s, sep string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, c := range strings.Split(s, sep) {
		c = strings.TrimSpace(c)
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// audience checks the picker's values: units and employees that exist, all inside the caller's scope; at least one.
func (s *Service) audience(ctx context.Context, q db.Querier, v org.Visibility, units, employees string) ([]string, []string, error) {
	us, es := splitCodes(units, "-"), splitCodes(employees, ",")
	if len(us) == 0 && len(es) == 0 {
		return nil, nil, httpx.Fail("demand.audience_required")
	}
	if len(us) > AudienceUnitMax || len(es) > AudienceEmpMax {
		return nil, nil, httpx.Fail("demand.audience_too_large", AudienceUnitMax, AudienceEmpMax)
	}
	for _, u := range us {
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE full_unit_code = ?`, u).Scan(&n); err != nil {
			return nil, nil, err
		}
		if n == 0 || !v.Sees(u) {
			return nil, nil, httpx.Fail("demand.unit_out_of_scope", u)
		}
	}
	for _, e := range es {
		var unit string
		err := q.QueryRow(ctx, `SELECT unit_code FROM employee WHERE code = ?`, e).Scan(&unit)
		if db.IsNoRows(err) || (err == nil && !v.Sees(unit)) {
			return nil, nil, httpx.Fail("demand.employee_out_of_scope", e)
		} else if err != nil {
			return nil, nil, err
		}
	}
	return us, es, nil
}

/* ---------- the form ---------- */

var keyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,31}$`)

var fieldTypes = map[string]bool{FieldText: true, FieldNumber: true, FieldDate: true, FieldDict: true, FieldFile: true}

func (s *Service) checkFields(ctx context.Context, q db.Querier, fields []Field) ([]Field, error) {
	if len(fields) > FieldsMax {
		return nil, httpx.Fail("demand.fields_too_many", FieldsMax)
	}
	seen := map[string]bool{}
	out := make([]Field, 0, len(fields))
	for i, f := range fields {
		f.Key, f.Label, f.Dict = strings.TrimSpace(f.Key), strings.TrimSpace(f.Label), strings.TrimSpace(f.Dict)
		switch {
		case !keyRe.MatchString(f.Key) || seen[f.Key]:
			return nil, httpx.Fail("demand.field_key", i+1)
		case f.Label == "" || utf8.RuneCountInString(f.Label) > LabelMax:
			return nil, httpx.Fail("demand.field_label", i+1, LabelMax)
		case !fieldTypes[f.Type]:
			return nil, httpx.Fail("demand.field_type", i+1)
		}
		seen[f.Key] = true
		if f.Type == FieldDict {
			if _, ok, err := s.dicts.Values(ctx, q, f.Dict); err != nil {
				return nil, err
			} else if !ok {
				return nil, httpx.Fail("demand.field_dict", i+1)
			}
		} else {
			f.Dict = ""
		}
		out = append(out, f)
	}
	return out, nil
}

// checkValues validates the answers to the form and returns them cleaned, with the file ids the file fields name.
func (s *Service) checkValues(ctx context.Context, q db.Querier, fields []Field, raw map[string]any) (map[string]any, []int64, error) {
	out := map[string]any{}
	var files []int64
	for _, f := range fields {
		v, present := raw[f.Key]
		empty := !present || v == nil || (fmt.Sprint(v) == "") || isEmptyList(v)
		if empty {
			if f.Required {
				return nil, nil, httpx.Fail("demand.value_required", f.Label)
			}
			continue
		}
		switch f.Type {
		case FieldText, FieldNumber, FieldDate, FieldDict:
			text, ok := scalarText(v)
			if !ok {
				return nil, nil, httpx.Fail("demand.value_bad", f.Label)
			}
			switch f.Type {
			case FieldText:
				if utf8.RuneCountInString(text) > TextValueMax {
					return nil, nil, httpx.Fail("demand.value_long", f.Label, TextValueMax)
				}
			case FieldNumber:
				// A plain decimal (validate.Decimal: no NaN, exponent, hexadecimal, separators or plus), kept as written.
				if !validate.IsDecimal(text) {
					return nil, nil, httpx.Fail("demand.value_number", f.Label)
				}
				if err := validate.MaxLength(text, 30); err != nil {
					return nil, nil, httpx.Fail("demand.value_number", f.Label)
				}
			case FieldDate:
				if _, err := time.Parse("2006-01-02", text); err != nil {
					return nil, nil, httpx.Fail("demand.value_date", f.Label)
				}
			case FieldDict:
				values, _, err := s.dicts.Values(ctx, q, f.Dict)
				if err != nil {
					return nil, nil, err
				}
				found := false
				for _, dv := range values {
					found = found || dv == text
				}
				if !found {
					return nil, nil, httpx.Fail("demand.value_bad", f.Label)
				}
			}
			out[f.Key] = text
		case FieldFile:
			list, ok := v.([]any)
			if !ok {
				list = []any{v}
			}
			fids := []int64{}
			for _, item := range list {
				t, ok := scalarText(item)
				id, err := strconv.ParseInt(t, 10, 64)
				if !ok || err != nil || id <= 0 {
					return nil, nil, httpx.Fail("demand.value_bad", f.Label)
				}
				fids = append(fids, id)
			}
			out[f.Key] = fids
			files = append(files, fids...)
		}
	}
	for k := range raw {
		if _, ok := out[k]; !ok && !hasField(fields, k) {
			return nil, nil, httpx.Fail("demand.value_unknown", k)
		}
	}
	return out, files, nil
}

func hasField(fields []Field, key string) bool {
	for _, f := range fields {
		if f.Key == key {
			return true
		}
	}
	return false
}

func isEmptyList(v any) bool {
	l, ok := v.([]any)
	return ok && len(l) == 0
}

func scalarText(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t), true
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64), true
	case json.Number:
		return t.String(), true
	case bool:
		return strconv.FormatBool(t), true
	}
	return "", false
}

/* ---------- collections ---------- */

// CollectionIn is the form of a collection (POST add, PUT edit).
type CollectionIn struct {
	ID                int64   `param:"id"`
	Title             string  `param:"title,required"`
	Description       string  `param:"description"`
	Deadline          string  `param:"deadline,required"`
	AudienceUnits     string  `param:"audienceUnits"`
	AudienceEmployees string  `param:"audienceEmployees"`
	Fields            []Field `param:"fields"`
}

// deadline reads a deadline: a time, or a date meaning the end of that day; it must be in the future.
func (s *Service) deadline(text string) (time.Time, error) {
	t, dateOnly, err := list.ParseTime(text)
	if err != nil {
		return t, httpx.Fail("demand.deadline_bad")
	}
	if dateOnly {
		t = t.AddDate(0, 0, 1).Add(-time.Second)
	}
	if !t.After(s.now()) {
		return t, httpx.Fail("demand.deadline_past")
	}
	return t.UTC(), nil
}

type collectionRow struct {
	Title, Description string
	Deadline           time.Time
	UnitCode           string
	AudienceUnits      string
	AudienceEmployees  string
	Fields             []Field
}

func (s *Service) readCollectionIn(ctx context.Context, q db.Querier, v org.Visibility, in CollectionIn) (*collectionRow, []string, []string, error) {
	if utf8.RuneCountInString(in.Title) > TitleMax {
		return nil, nil, nil, httpx.Fail("demand.title_long", TitleMax)
	}
	if utf8.RuneCountInString(in.Description) > DescriptionMax {
		return nil, nil, nil, httpx.Fail("demand.description_long", DescriptionMax)
	}
	dl, err := s.deadline(in.Deadline)
	if err != nil {
		return nil, nil, nil, err
	}
	us, es, err := s.audience(ctx, q, v, in.AudienceUnits, in.AudienceEmployees)
	if err != nil {
		return nil, nil, nil, err
	}
	fields, err := s.checkFields(ctx, q, in.Fields)
	if err != nil {
		return nil, nil, nil, err
	}
	return &collectionRow{Title: in.Title, Description: in.Description, Deadline: dl, AudienceUnits: strings.Join(us, "-"),
		AudienceEmployees: strings.Join(es, ","), Fields: fields}, us, es, nil
}

func writeAudience(ctx context.Context, tx *db.Tx, id int64, us, es []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM demand_audience WHERE collection_id = ?`, id); err != nil {
		return err
	}
	for _, u := range us {
		if _, err := tx.Exec(ctx, `INSERT INTO demand_audience (collection_id, kind, code) VALUES (?, 'unit', ?)`, id, u); err != nil {
			return err
		}
	}
	for _, e := range es {
		if _, err := tx.Exec(ctx, `INSERT INTO demand_audience (collection_id, kind, code) VALUES (?, 'employee', ?)`, id, e); err != nil {
			return err
		}
	}
	return nil
}

// openNotice tells the audience a collection is open (once per collection and user).
func (s *Service) openNotice(ctx context.Context, tx *db.Tx, id int64, c *collectionRow) error {
	users, err := db.IDs(ctx, tx, audienceUsersSQL, id)
	if err != nil || len(users) == 0 {
		return err
	}
	_, err = s.notify.Notify(ctx, tx, users, Notice{Code: fmt.Sprintf("demand:%d:open", id),
		TitleText:   httpx.Say("demand.msg.open.title", c.Title),
		ContentText: httpx.Say("demand.msg.open.content", c.Title, c.Deadline.In(time.Local).Format("2006-01-02 15:04")),
		RefID:       id, RefPath: PortalPath(id)})
	return err
}

// PortalPath is where the portal shows a collection to its audience.
func PortalPath(id int64) string { return fmt.Sprintf("/gatewayMsg?demand=%d", id) }

// Add opens a collection in the caller's unit; the audience is told in /gatewayMsg.
func (s *Service) Add(ctx context.Context, in CollectionIn) (_ int64, err error) {
	defer errs.Wrap(&err, "demand: add")
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		v, err := s.scope(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		c, us, es, err := s.readCollectionIn(ctx, tx, v, in)
		if err != nil {
			return err
		}
		c.UnitCode = p.UnitCode
		fields, _ := json.Marshal(c.Fields)
		now := s.now().UTC()
		id, err = tx.Insert(ctx, `INSERT INTO demand_collection (title, description, deadline, unit_code, audience_units, audience_employees, fields,
			created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.Title, c.Description, c.Deadline, c.UnitCode, c.AudienceUnits, c.AudienceEmployees, string(fields), p.UserID, now, p.UserID, now)
		if err != nil {
			return err
		}
		if err := writeAudience(ctx, tx, id, us, es); err != nil {
			return err
		}
		if err := s.openNotice(ctx, tx, id, c); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Create, TargetID: id, Target: c.Title, After: c})
	})
	return id, err
}

// lockCollection reads a live collection in the caller's scope inside tx; another answers like a missing one.
func (s *Service) lockCollection(ctx context.Context, tx *db.Tx, v org.Visibility, id int64) (*collectionRow, error) {
	cond, args := v.Condition("unit_code")
	c := &collectionRow{}
	var fields string
	err := tx.QueryRow(ctx, `SELECT title, description, deadline, unit_code, audience_units, audience_employees, fields FROM demand_collection
		WHERE id = ? AND deleted_at IS NULL AND `+cond, append([]any{id}, args...)...).Scan(&c.Title, &c.Description, &c.Deadline, &c.UnitCode,
		&c.AudienceUnits, &c.AudienceEmployees, &fields)
	if db.IsNoRows(err) {
		return nil, httpx.Fail("demand.collection_not_found")
	}
	if err != nil {
		return nil, err
	}
	c.Deadline = c.Deadline.UTC()
	return c, json.Unmarshal([]byte(fields), &c.Fields)
}

// Edit changes a collection; members new to the audience are told.
func (s *Service) Edit(ctx context.Context, in CollectionIn) (err error) {
	defer errs.Wrap(&err, "demand: edit %d", in.ID)
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if in.ID <= 0 {
		return httpx.Fail("http.required", "id")
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		v, err := s.scope(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		before, err := s.lockCollection(ctx, tx, v, in.ID)
		if err != nil {
			return err
		}
		c, us, es, err := s.readCollectionIn(ctx, tx, v, in)
		if err != nil {
			return err
		}
		c.UnitCode = before.UnitCode
		fields, _ := json.Marshal(c.Fields)
		if _, err := tx.Exec(ctx, `UPDATE demand_collection SET title = ?, description = ?, deadline = ?, audience_units = ?, audience_employees = ?,
			fields = ?, updated_by = ?, updated_at = ? WHERE id = ?`, c.Title, c.Description, c.Deadline, c.AudienceUnits, c.AudienceEmployees,
			string(fields), p.UserID, s.now().UTC(), in.ID); err != nil {
			return err
		}
		if err := writeAudience(ctx, tx, in.ID, us, es); err != nil {
			return err
		}
		if err := s.openNotice(ctx, tx, in.ID, c); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: in.ID, Target: c.Title, Before: before, After: c})
	})
}

// Delete removes collections softly, with their demands; one outside the scope refuses the whole batch.
func (s *Service) Delete(ctx context.Context, idList []int64) (err error) {
	defer errs.Wrap(&err, "demand: delete")
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if len(idList) > BatchMax {
		return httpx.Fail("demand.batch_too_large", BatchMax)
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		v, err := s.scope(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		for _, id := range idList {
			c, err := s.lockCollection(ctx, tx, v, id)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE demand_collection SET deleted_by = ?, deleted_at = ? WHERE id = ?`, p.UserID, now, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE demand_item SET deleted_at = ? WHERE collection_id = ? AND deleted_at IS NULL`, now, id); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Delete, TargetID: id, Target: c.Title, Before: c}); err != nil {
				return err
			}
		}
		return nil
	})
}

// Remind tells the members of an open collection's audience who have submitted nothing yet (once a day); it
// returns how many were told.
func (s *Service) Remind(ctx context.Context, id int64) (_ int, err error) {
	defer errs.Wrap(&err, "demand: remind %d", id)
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		v, err := s.scope(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		c, err := s.lockCollection(ctx, tx, v, id)
		if err != nil {
			return err
		}
		if !c.Deadline.After(s.now()) {
			return httpx.Fail("demand.closed")
		}
		users, err := db.IDs(ctx, tx, audienceUsersSQL+` AND NOT EXISTS (SELECT 1 FROM demand_item i WHERE i.collection_id = ? AND i.user_id = u.id
			AND i.deleted_at IS NULL)`, id, id)
		if err != nil {
			return err
		}
		day := s.now().In(time.Local).Format("2006-01-02")
		if n, err = s.notify.Notify(ctx, tx, users, Notice{Code: fmt.Sprintf("demand:%d:remind:%s", id, day),
			TitleText:   httpx.Say("demand.msg.remind.title", c.Title),
			ContentText: httpx.Say("demand.msg.remind.content", c.Title, c.Deadline.In(time.Local).Format("2006-01-02 15:04")),
			RefID:       id, RefPath: PortalPath(id)}); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: "generate", TargetID: id, Target: c.Title,
			After: map[string]any{"reminded": n}})
	})
	return n, err
}

/* ---------- answers ---------- */

// StateIn is an answer to one or more demands: the state, a text (required for a decline; `reason` is its older
// name and still accepted) and files (the answerer's own uploads), sent once to every demand named.
type StateIn struct {
	IDs     []int64 `param:"ids,required"`
	State   string  `param:"state,required"`
	Text    string  `param:"text"`
	Reason  string  `param:"reason"`
	FileIDs []int64 `param:"fileIds"`
}

type itemRow struct {
	ID           int64  `json:"id"`
	CollectionID int64  `json:"collectionId"`
	Title        string `json:"collectionTitle"`
	UserID       int64  `json:"userId"`
	Content      string `json:"content"`
	State        string `json:"state"`
	Reason       string `json:"reason"`
	ReplyID      int64  `json:"replyId,omitempty"`
}

// checkAnswer checks an answer before anything is read or written.
func checkAnswer(in *StateIn) error {
	if !slices.Contains(Answers, in.State) {
		return httpx.Fail("demand.state_bad")
	}
	if in.Text == "" {
		in.Text = in.Reason
	}
	in.Text = strings.TrimSpace(in.Text)
	if in.State == StateDeclined && in.Text == "" {
		return httpx.Fail("demand.reason_required")
	}
	if utf8.RuneCountInString(in.Text) > ReplyMax {
		return httpx.Fail("demand.reply_long", ReplyMax)
	}
	if len(in.IDs) > BatchMax {
		return httpx.Fail("demand.batch_too_large", BatchMax)
	}
	if len(in.FileIDs) > FilesMax {
		return httpx.Fail("demand.files_too_many", FilesMax)
	}
	return nil
}

// SetState answers demands with one reply (state, text, files); a demand outside the caller's scope refuses the
// whole batch. Each submitter is told, with the whole text. A reply that changes nothing (same state, same text, no
// files) is not written again.
func (s *Service) SetState(ctx context.Context, in StateIn) (err error) {
	defer errs.Wrap(&err, "demand: answer %v", in.IDs)
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if err := checkAnswer(&in); err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		v, err := s.scope(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		cond, args := v.Condition("c.unit_code")
		now := s.now().UTC()
		var items []itemRow
		for _, id := range uniq(in.IDs) {
			var it itemRow
			err := tx.QueryRow(ctx, `SELECT i.id, i.collection_id, c.title, i.user_id, i.content, i.state, i.reason FROM demand_item i
				JOIN demand_collection c ON c.id = i.collection_id WHERE i.id = ? AND i.deleted_at IS NULL AND c.deleted_at IS NULL AND `+cond,
				append([]any{id}, args...)...).Scan(&it.ID, &it.CollectionID, &it.Title, &it.UserID, &it.Content, &it.State, &it.Reason)
			if db.IsNoRows(err) {
				return httpx.Fail("demand.item_not_found")
			} else if err != nil {
				return fmt.Errorf("read demand %d: %w", id, err)
			}
			if it.State == in.State && it.Reason == in.Text && len(in.FileIDs) == 0 {
				continue
			}
			items = append(items, it)
		}
		if len(items) == 0 {
			return nil
		}
		replyID, err := tx.Insert(ctx, `INSERT INTO demand_reply (state, body, answered_by, answered_at) VALUES (?, ?, ?, ?)`,
			in.State, in.Text, p.UserID, now)
		if err != nil {
			return fmt.Errorf("write the reply: %w", err)
		}
		if len(in.FileIDs) > 0 {
			if err := s.files.SetReply(ctx, tx, p.UserID, replyID, in.FileIDs); err != nil {
				return err
			}
		}
		for _, it := range items {
			after := it
			after.State, after.Reason, after.ReplyID = in.State, in.Text, replyID
			if _, err := tx.Exec(ctx, `INSERT INTO demand_item_reply (item_id, reply_id) VALUES (?, ?)`, it.ID, replyID); err != nil {
				return fmt.Errorf("link demand %d to reply %d: %w", it.ID, replyID, err)
			}
			if _, err := tx.Exec(ctx, `UPDATE demand_item SET state = ?, reason = ?, answered_by = ?, answered_at = ?, updated_at = ? WHERE id = ?`,
				in.State, in.Text, p.UserID, now, now, it.ID); err != nil {
				return fmt.Errorf("answer demand %d: %w", it.ID, err)
			}
			if err := s.answerNotice(ctx, tx, &after, len(in.FileIDs), now); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: it.ID, Target: it.Title, Before: it, After: after}); err != nil {
				return err
			}
		}
		return nil
	})
	return err
}

// answerNotice tells the submitter: the state in the title, their demand and the whole answer in the text.
func (s *Service) answerNotice(ctx context.Context, tx *db.Tx, it *itemRow, files int, now time.Time) error {
	state := httpx.Msg("demand.state." + it.State)
	content := httpx.Say("demand.msg.answer.content", it.Title, excerpt(it.Content), state)
	if it.Reason != "" {
		content = content.And("demand.msg.answer.text", it.Reason)
	}
	if files > 0 {
		content = content.And("demand.msg.answer.files", files)
	}
	_, err := s.notify.Notify(ctx, tx, []int64{it.UserID}, Notice{Code: fmt.Sprintf("demand:%d:item:%d:%d", it.CollectionID, it.ID, now.UnixNano()),
		TitleText: httpx.Say("demand.msg.answer.title", state), ContentText: content,
		RefID: it.CollectionID, RefPath: PortalPath(it.CollectionID)})
	if err != nil {
		return fmt.Errorf("tell the submitter of demand %d: %w", it.ID, err)
	}
	return nil
}

func excerpt(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:39]) + "…"
	}
	return s
}

func uniq(in []int64) []int64 {
	seen := map[int64]bool{}
	out := []int64{}
	for _, id := range in {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

/* ---------- the audience's side ---------- */

// SubmitIn is a demand as its submitter writes it (POST submit: collectionId; PUT edit: id).
type SubmitIn struct {
	ID           int64          `param:"id"`
	CollectionID int64          `param:"collectionId"`
	Content      string         `param:"content,required"`
	Values       map[string]any `param:"values"`
	FileIDs      []int64        `param:"fileIds"`
}

// openFor reads a live collection whose audience holds the caller, open (before its deadline).
func (s *Service) openFor(ctx context.Context, tx *db.Tx, m member, id int64) (*collectionRow, error) {
	c := &collectionRow{}
	var fields string
	err := tx.QueryRow(ctx, `SELECT c.title, c.deadline, c.fields FROM demand_collection c WHERE c.id = ? AND c.deleted_at IS NULL AND `+memberSQL,
		append([]any{id}, m.args()...)...).Scan(&c.Title, &c.Deadline, &fields)
	if db.IsNoRows(err) {
		return nil, httpx.Fail("demand.collection_not_found")
	} else if err != nil {
		return nil, err
	}
	if !c.Deadline.After(s.now()) {
		return nil, httpx.Fail("demand.closed")
	}
	return c, json.Unmarshal([]byte(fields), &c.Fields)
}

func (s *Service) checkSubmit(ctx context.Context, q db.Querier, c *collectionRow, in SubmitIn) (map[string]any, []int64, error) {
	if utf8.RuneCountInString(in.Content) > ContentMax {
		return nil, nil, httpx.Fail("demand.content_long", ContentMax)
	}
	values, files, err := s.checkValues(ctx, q, c.Fields, in.Values)
	if err != nil {
		return nil, nil, err
	}
	files = uniq(append(files, in.FileIDs...))
	if len(files) > FilesMax {
		return nil, nil, httpx.Fail("demand.files_too_many", FilesMax)
	}
	return values, files, nil
}

// Submit adds the caller's demand to an open collection whose audience holds them.
func (s *Service) Submit(ctx context.Context, in SubmitIn) (_ int64, err error) {
	defer errs.Wrap(&err, "demand: submit %d", in.ID)
	p, err := principal(ctx)
	if err != nil {
		return 0, err
	}
	if in.CollectionID <= 0 {
		return 0, httpx.Fail("http.required", "collectionId")
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		m, err := s.member(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		c, err := s.openFor(ctx, tx, m, in.CollectionID)
		if err != nil {
			return err
		}
		values, files, err := s.checkSubmit(ctx, tx, c, in)
		if err != nil {
			return err
		}
		vj, _ := json.Marshal(values)
		now := s.now().UTC()
		id, err = tx.Insert(ctx, `INSERT INTO demand_item (collection_id, user_id, unit_code, content, field_values, state, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, in.CollectionID, p.UserID, m.unit, in.Content, string(vj), StateSubmitted, now, now)
		if err != nil {
			return err
		}
		if err := s.files.Set(ctx, tx, p.UserID, id, files); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: "submit", TargetID: id, Target: c.Title,
			After: map[string]any{"collectionId": in.CollectionID, "content": in.Content, "values": values, "fileIds": files}})
	})
	return id, err
}

// Change edits the caller's own demand: before the deadline, while nobody has answered it.
func (s *Service) Change(ctx context.Context, in SubmitIn) (err error) {
	defer errs.Wrap(&err, "demand: change %d", in.ID)
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if in.ID <= 0 {
		return httpx.Fail("http.required", "id")
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var cid int64
		var state, content, before string
		err := tx.QueryRow(ctx, `SELECT collection_id, state, content, field_values FROM demand_item WHERE id = ? AND user_id = ? AND deleted_at IS NULL`,
			in.ID, p.UserID).Scan(&cid, &state, &content, &before)
		if db.IsNoRows(err) {
			return httpx.Fail("demand.item_not_found")
		} else if err != nil {
			return err
		}
		m, err := s.member(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		c, err := s.openFor(ctx, tx, m, cid)
		if err != nil {
			return err
		}
		if state != StateSubmitted {
			return httpx.Fail("demand.answered")
		}
		values, files, err := s.checkSubmit(ctx, tx, c, in)
		if err != nil {
			return err
		}
		vj, _ := json.Marshal(values)
		if _, err := tx.Exec(ctx, `UPDATE demand_item SET content = ?, field_values = ?, updated_at = ? WHERE id = ?`, in.Content, string(vj),
			s.now().UTC(), in.ID); err != nil {
			return err
		}
		if err := s.files.Set(ctx, tx, p.UserID, in.ID, files); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: audit.Update, TargetID: in.ID, Target: c.Title,
			Before: map[string]any{"content": content, "values": json.RawMessage(before)},
			After:  map[string]any{"content": in.Content, "values": values, "fileIds": files}})
	})
}

// MayReadFile tells whether the caller may download a file of demand id: its submitter, or a holder of the
// screen's code whose scope holds the collection.
func (s *Service) MayReadFile(ctx context.Context, p *auth.Principal, id int64) (_ bool, err error) {
	defer errs.Wrap(&err, "demand: may read file %d", id)
	if p == nil {
		return false, nil
	}
	var owner int64
	var unit string
	err = s.db.QueryRow(ctx, `SELECT i.user_id, c.unit_code FROM demand_item i JOIN demand_collection c ON c.id = i.collection_id
		WHERE i.id = ? AND i.deleted_at IS NULL`, id).Scan(&owner, &unit)
	if db.IsNoRows(err) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if owner == p.UserID {
		return true, nil
	}
	if !p.Can(Screen) {
		return false, nil
	}
	v, err := s.scope(ctx, s.db, p.UserID)
	return err == nil && v.Sees(unit), err
}

// MayReadReplyFile tells whether the caller may download a file of answer id: the submitter of a demand it answers,
// or a holder of the screen's code whose scope holds the collection of one of them.
func (s *Service) MayReadReplyFile(ctx context.Context, p *auth.Principal, id int64) (_ bool, err error) {
	defer errs.Wrap(&err, "demand: may read reply file %d", id)
	if p == nil {
		return false, nil
	}
	rows, err := s.db.Query(ctx, `SELECT item_id FROM demand_item_reply WHERE reply_id = ?`, id)
	if err != nil {
		return false, fmt.Errorf("read the demands of reply %d: %w", id, err)
	}
	var items []int64
	for rows.Next() {
		var item int64
		if err := rows.Scan(&item); err != nil {
			rows.Close()
			return false, err
		}
		items = append(items, item)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	for _, item := range items {
		if ok, err := s.MayReadFile(ctx, p, item); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}
