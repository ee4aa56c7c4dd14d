package library

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// DictItem is one value of a dictionary: its stored value and its label.
type DictItem struct {
	Value, Label string
}

// Dicts reads the enabled values of a dictionary by its code (internal/dict). What it reads, it reads
// through q: inside a transaction, the *db.Tx, so the transaction never waits for a second connection.
type Dicts interface {
	Items(ctx context.Context, q db.Querier, code string) ([]DictItem, error)
}

// Scopes gives the SQL condition limiting a unit-code column to the units the user may see in a module
// (internal/org data rules): "1=1" when everything is visible. It reads through q, as Dicts does.
type Scopes interface {
	Condition(ctx context.Context, q db.Querier, userID int64, module, column string) (string, []any, error)
}

// Settings are the live system parameters the library reads (internal/sysconfig).
type Settings interface {
	ExpiryWarningDays() int
}

// FileLinker links uploaded files to a record inside its transaction (internal/files): every id must be a
// ready file the caller uploaded (any file for an administrator) and not another record's; files the record
// had and ids no longer list are unlinked. It returns the files' names.
type FileLinker interface {
	Link(ctx context.Context, tx *db.Tx, userID int64, admin bool, module, recordType string, recordID int64, ids []int64) (map[int64]string, error)
}

// DataModule is the data-rule module of the library (docs/data-rules.md).
const DataModule = "library"

// Service holds the rules of the library.
type Service struct {
	db       *db.DB
	dicts    Dicts
	scopes   Scopes
	settings Settings
	files    FileLinker
	now      func() time.Time
	// search keeps the portal search's counts and facets (search.go)
	search searchCache
	// bg is the job engine a large import runs on (UseJobs)
	bg Background
}

// NewService wires the library; files may be nil (file ids are then linked unchecked).
func NewService(d *db.DB, dicts Dicts, scopes Scopes, settings Settings, files FileLinker) *Service {
	return &Service{db: d, dicts: dicts, scopes: scopes, settings: settings, files: files, now: time.Now}
}

// FileRecordType is the record type under which internal/files knows a library record's files.
func FileRecordType(t *Type) string { return "library." + t.Key }

func isAdmin(p *auth.Principal) bool { return p.Can(FunAdmin) }

func (s *Service) warnDays() int {
	if n := s.settings.ExpiryWarningDays(); n > 0 {
		return n
	}
	return 30
}

/* ---------- who sees what ---------- */

// scope is the condition limiting a type's rows to what the caller may see: message to-dos addressed to
// them (all, for an administrator); otherwise rows of the units the data rules let them see (rows without
// a unit are the whole company's) and, when the type is reviewed, only published rows besides their own.
func (s *Service) scope(ctx context.Context, q db.Querier, t *Type, p *auth.Principal) (string, []any, error) {
	if p == nil {
		return "1=0", nil, nil
	}
	admin := isAdmin(p)
	if t.Messages {
		if admin {
			return "1=1", nil, nil
		}
		return "r.assignee_id = ?", []any{p.UserID}, nil
	}
	var conds []string
	var args []any
	cond, cargs, err := s.scopes.Condition(ctx, q, p.UserID, DataModule, "r.unit_code")
	if err != nil {
		return "", nil, err
	}
	if cond != "1=1" {
		conds = append(conds, "(r.unit_code = '' OR "+cond+" OR r.created_by = ?)")
		args = append(append(args, cargs...), p.UserID)
	}
	if t.Review && !admin {
		conds = append(conds, "(r.status = ? OR r.created_by = ?)")
		args = append(args, StatusPublished, p.UserID)
	}
	if len(conds) == 0 {
		return "1=1", nil, nil
	}
	return strings.Join(conds, " AND "), args, nil
}

// one reads a live record of type t the caller may see; lib.not_found otherwise.
func (s *Service) one(ctx context.Context, q db.Querier, t *Type, p *auth.Principal, id int64) (*Record, error) {
	cond, args, err := s.scope(ctx, q, t, p)
	if err != nil {
		return nil, err
	}
	args = append([]any{t.Key, id}, args...)
	r, err := scanRecord(q.QueryRow(ctx, `SELECT `+recordSelect+` FROM `+recordFrom+` WHERE r.type = ? AND r.id = ? AND r.deleted_at IS NULL AND `+cond, args...))
	if db.IsNoRows(err) {
		return nil, httpx.Fail("lib.not_found")
	}
	if err != nil {
		return nil, err
	}
	if err := s.complete(ctx, q, []*Record{r}); err != nil {
		return nil, err
	}
	return r, nil
}

// One is a record with its tags, files and expiry mark.
func (s *Service) One(ctx context.Context, t *Type, id int64) (_ *Record, err error) {
	defer errs.Wrap(&err, "library: one %d", id)
	p := auth.PrincipalFrom(ctx)
	r, err := s.one(ctx, s.db, t, p, id)
	if err != nil {
		return nil, err
	}
	maskSecrets(p, r)
	if t.Key == TypeExpert {
		if err := s.completeSocial(ctx, []*Record{r}); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// mayChange: administrators change every record; others their own (never a message to-do).
func mayChange(t *Type, p *auth.Principal, r *Record) error {
	if isAdmin(p) || (!t.Messages && p != nil && r.CreatedBy == p.UserID) {
		return nil
	}
	return httpx.Fail("lib.not_yours")
}

/* ---------- completing records: tags, files, expiry ---------- */

func (s *Service) complete(ctx context.Context, q db.Querier, recs []*Record) error {
	if len(recs) == 0 {
		return nil
	}
	byID := make(map[int64]*Record, len(recs))
	args := make([]any, 0, len(recs))
	for _, r := range recs {
		byID[r.ID] = r
		args = append(args, r.ID)
		r.Tags, r.Files = []Tag{}, []FileRef{}
	}
	in := db.Placeholders(len(args))
	err := db.EachRow(ctx, q, `SELECT rt.record_id, t.id, t.name, t.color FROM lib_record_tag rt JOIN lib_tag t ON t.id = rt.tag_id AND t.deleted_at IS NULL
		WHERE rt.record_id IN (`+in+`) ORDER BY t.sort, t.id`, args, func(row interface{ Scan(...any) error }) error {
		var id int64
		var tg Tag
		if err := row.Scan(&id, &tg.ID, &tg.Name, &tg.Color); err != nil {
			return err
		}
		byID[id].Tags = append(byID[id].Tags, tg)
		return nil
	})
	if err != nil {
		return err
	}
	err = db.EachRow(ctx, q, `SELECT record_id, file_id, role, name FROM lib_record_file WHERE record_id IN (`+in+`) ORDER BY role, sort, file_id`, args,
		func(row interface{ Scan(...any) error }) error {
			var id int64
			var f FileRef
			if err := row.Scan(&id, &f.ID, &f.Role, &f.Name); err != nil {
				return err
			}
			f.URL = DownPath + "?id=" + strconv.FormatInt(f.ID, 10)
			byID[id].Files = append(byID[id].Files, f)
			return nil
		})
	if err != nil {
		return err
	}
	today, warn := Today(s.now()), s.warnDays()
	for _, r := range recs {
		r.markExpiry(today, warn)
	}
	return nil
}

/* ---------- checking references ---------- */

// refs checks what a form points at (dictionary values, unit, employee, account, tags), inside q.
// lenient accepts a dictionary label for its value (imports). It fills an empty unit from the employee.
func (s *Service) refs(ctx context.Context, q db.Querier, f *Form, lang string, lenient bool) error {
	for i := range f.Type.Fields {
		fd := &f.Type.Fields[i]
		if fd.ReadOnly {
			continue
		}
		if err := s.ref(ctx, q, f, fd, lenient); err != nil {
			return fieldError(lang, fd, err)
		}
	}
	if len(f.tagIDs) > 0 {
		args := make([]any, len(f.tagIDs))
		for i, id := range f.tagIDs {
			args[i] = id
		}
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM lib_tag WHERE deleted_at IS NULL AND id IN (`+db.Placeholders(len(args))+`)`, args...).Scan(&n); err != nil {
			return err
		}
		if n != len(f.tagIDs) {
			return httpx.Fail("lib.tag_unknown")
		}
	}
	return nil
}

func (s *Service) ref(ctx context.Context, q db.Querier, f *Form, fd *Field, lenient bool) error {
	var val any
	if fd.Column != "" {
		val = f.cols[fd.Column]
	} else {
		val = f.data[fd.Key]
	}
	text, _ := val.(string)
	switch fd.Kind {
	case KindDict:
		if text == "" {
			return nil
		}
		items, err := s.dicts.Items(ctx, q, fd.Dict)
		if err != nil {
			return err
		}
		for _, it := range items {
			if it.Value == text {
				return nil
			}
		}
		if lenient {
			for _, it := range items {
				if it.Label == text {
					f.set(fd, it.Value)
					return nil
				}
			}
		}
		return httpx.Fail("lib.dict_value", text)
	case KindUnit:
		if text == "" {
			return nil
		}
		var n int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE full_unit_code = ?`, text).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail("lib.unit_unknown", text)
		}
		if ok, err := s.writable(ctx, q, text); err != nil || !ok {
			return failIf(err, "lib.unit_out_of_scope", text)
		}
	case KindEmployee:
		if text == "" {
			return nil
		}
		unit, err := s.employeeUnit(ctx, q, text)
		if err != nil {
			return err
		}
		if u, _ := f.cols[ColUnit].(string); u == "" && f.Type.column(ColUnit) != nil {
			f.cols[ColUnit] = unit
		}
	case KindUser:
		if val == nil {
			return nil
		}
		// an account outside the caller's data rules answers like a missing one
		cond, cargs, err := s.writeScope(ctx, q, "unit_code")
		if err != nil {
			return err
		}
		var id int64
		err = q.QueryRow(ctx, `SELECT id FROM sys_user WHERE (id = ? OR login_code = ?) AND deleted_at IS NULL AND `+cond,
			append([]any{idOrZero(val), text}, cargs...)...).Scan(&id)
		if db.IsNoRows(err) {
			return httpx.Fail("lib.bad_user")
		}
		if err != nil {
			return err
		}
		f.set(fd, id)
	}
	return nil
}

// writeScope is the caller's library data rules as a condition on column (a unit code): a write
// files a record under, about, or for someone of, only a unit the caller sees (docs/data-rules.md,
// "Other calls"). Writes without a caller (seeding, generated messages) are not limited.
func (s *Service) writeScope(ctx context.Context, q db.Querier, column string) (string, []any, error) {
	p := auth.PrincipalFrom(ctx)
	if p == nil {
		return "1=1", nil, nil
	}
	return s.scopes.Condition(ctx, q, p.UserID, DataModule, column)
}

// writable tells whether the caller may file a record under the unit (see writeScope).
func (s *Service) writable(ctx context.Context, q db.Querier, unit string) (bool, error) {
	cond, args, err := s.writeScope(ctx, q, "full_unit_code")
	if err != nil || cond == "1=1" {
		return err == nil, err
	}
	var n int
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE full_unit_code = ? AND `+cond, append([]any{unit}, args...)...).Scan(&n)
	return n > 0, err
}

// employeeUnit reads the unit of an employee a write names; the employee must exist and belong to
// a unit the caller may write for (see writeScope).
func (s *Service) employeeUnit(ctx context.Context, q db.Querier, code string) (string, error) {
	var unit string
	err := q.QueryRow(ctx, `SELECT unit_code FROM employee WHERE code = ?`, code).Scan(&unit)
	if db.IsNoRows(err) {
		return "", httpx.Fail("lib.employee_unknown", code)
	}
	if err != nil {
		return "", err
	}
	if ok, err := s.writable(ctx, q, unit); err != nil || !ok {
		return "", failIf(err, "lib.employee_out_of_scope", code)
	}
	return unit, nil
}

// failIf is err, or else the refusal key with its arguments.
func failIf(err error, key string, args ...any) error {
	if err != nil {
		return err
	}
	return httpx.Fail(key, args...)
}

/* ---------- writing ---------- */

// writable columns and their value when a form has none for them.
var writable = []string{ColTitle, ColCode, ColCategory, ColHolder, ColUnit, ColEmployee, ColAmount, ColDate, ColFrom, ColTo, ColPinned, ColAssignee}

func (f *Form) col(c string) any {
	if v, ok := f.cols[c]; ok {
		return v
	}
	switch c {
	case ColAmount, ColDate, ColFrom, ColTo, ColAssignee:
		return nil
	case ColPinned:
		return 0
	}
	return ""
}

func (f *Form) dataJSON() string {
	b, _ := jsonMarshal(f.data)
	return string(b)
}

func userArg(p *auth.Principal) any {
	if p == nil || p.UserID == 0 {
		return nil
	}
	return p.UserID
}

// review records a transition in lib_review.
func (s *Service) review(ctx context.Context, tx *db.Tx, id int64, action, from, to, reason string, p *auth.Principal) error {
	_, err := tx.Exec(ctx, `INSERT INTO lib_review (record_id, action, from_status, to_status, reason, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, action, from, to, reason, userArg(p), s.now().UTC())
	return err
}

// Review actions (lib_review and the business log).
const (
	ActSubmit  = "submit"
	ActApprove = "approve"
	ActReject  = "reject"
	ActPublish = "publish" // an administrator's own entry, published without review
	ActLend    = "lend"
	ActReturn  = "return"
	ActRead    = "read"
)

// initialStatus: an administrator's entry (and every entry of an unreviewed type) is published; others
// wait for review, or stay drafts when asked.
func initialStatus(t *Type, p *auth.Principal, draft bool) (status, action string) {
	switch {
	case !t.Review || isAdmin(p):
		return StatusPublished, ActPublish
	case draft:
		return StatusDraft, ""
	}
	return StatusPending, ActSubmit
}

// Add creates a record; it returns the new id.
func (s *Service) Add(ctx context.Context, f *Form, lang string) (_ int64, err error) {
	defer errs.Wrap(&err, "library: add")
	p := auth.PrincipalFrom(ctx)
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		id, err = s.insert(ctx, tx, f, p, lang, false)
		return err
	})
	return id, err
}

func (s *Service) insert(ctx context.Context, tx *db.Tx, f *Form, p *auth.Principal, lang string, lenient bool) (int64, error) {
	t := f.Type
	if err := s.refs(ctx, tx, f, lang, lenient); err != nil {
		return 0, err
	}
	f.derive()
	status, action := initialStatus(t, p, f.Draft)
	state := ""
	switch {
	case t.Loans:
		state = StateIn
	case t.Messages:
		state = StateUnread
	}
	now := s.now().UTC()
	id, err := tx.Insert(ctx, `INSERT INTO lib_record (type, title, code, category, holder, unit_code, employee_code, amount, record_date, valid_from, valid_to,
		pinned, assignee_id, status, state, search_text, data, created_by, created_at, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.Key, f.col(ColTitle), f.col(ColCode), f.col(ColCategory), f.col(ColHolder), f.col(ColUnit), f.col(ColEmployee), f.col(ColAmount),
		f.col(ColDate), f.col(ColFrom), f.col(ColTo), f.col(ColPinned), f.col(ColAssignee), status, state, f.searchText(), f.dataJSON(),
		userArg(p), now, userArg(p), now)
	if err != nil {
		return 0, err
	}
	if err := s.links(ctx, tx, f, p, id); err != nil {
		return 0, err
	}
	if action != "" {
		if err := s.review(ctx, tx, id, action, "", status, "", p); err != nil {
			return 0, err
		}
	}
	after, err := s.reread(ctx, tx, t, id)
	if err != nil {
		return 0, err
	}
	return id, s.log(ctx, tx, audit.Change{Module: t.Code, Action: audit.Create, TargetID: id, Target: after.Title(), After: after})
}

// reread reads a record inside the transaction whatever the caller may see (for the business log).
func (s *Service) reread(ctx context.Context, q db.Querier, t *Type, id int64) (*Record, error) {
	r, err := scanRecord(q.QueryRow(ctx, `SELECT `+recordSelect+` FROM `+recordFrom+` WHERE r.type = ? AND r.id = ?`, t.Key, id))
	if err != nil {
		return nil, err
	}
	return r, s.complete(ctx, q, []*Record{r})
}

// links replaces a record's tags and files.
func (s *Service) links(ctx context.Context, tx *db.Tx, f *Form, p *auth.Principal, id int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM lib_record_tag WHERE record_id = ?`, id); err != nil {
		return err
	}
	for _, tag := range f.tagIDs {
		if _, err := tx.Exec(ctx, `INSERT INTO lib_record_tag (record_id, tag_id) VALUES (?, ?)`, id, tag); err != nil {
			return err
		}
	}
	ids := make([]int64, 0, len(f.files))
	seen := map[int64]bool{}
	for _, fl := range f.files {
		if seen[fl.id] {
			return httpx.Fail("lib.file_twice")
		}
		seen[fl.id] = true
		ids = append(ids, fl.id)
	}
	names := map[int64]string{}
	if s.files != nil {
		var uid int64
		if p != nil {
			uid = p.UserID
		}
		var err error
		if names, err = s.files.Link(ctx, tx, uid, isAdmin(p), f.Type.Code, FileRecordType(f.Type), id, ids); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM lib_record_file WHERE record_id = ?`, id); err != nil {
		return err
	}
	for _, fl := range f.files {
		if _, err := tx.Exec(ctx, `INSERT INTO lib_record_file (record_id, file_id, role, sort, name) VALUES (?, ?, ?, ?, ?)`,
			id, fl.id, fl.role, fl.sort, names[fl.id]); err != nil {
			return err
		}
	}
	return nil
}

// Edit changes a record. A non-administrator's change goes back to review (or stays a draft).
func (s *Service) Edit(ctx context.Context, id int64, f *Form, lang string) (err error) {
	defer errs.Wrap(&err, "library: edit %d", id)
	p := auth.PrincipalFrom(ctx)
	t := f.Type
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := s.one(ctx, tx, t, p, id)
		if err != nil {
			return err
		}
		if err := mayChange(t, p, cur); err != nil {
			return err
		}
		if err := s.refs(ctx, tx, f, lang, false); err != nil {
			return err
		}
		if err := s.keepSecrets(ctx, tx, f, id); err != nil {
			return err
		}
		if t.Messages {
			f.cols[ColCategory] = cur.cols[ColCategory] // a message keeps its kind
		}
		f.derive()
		status := cur.Status
		action := ""
		if t.Review && !isAdmin(p) {
			if f.Draft && cur.Status == StatusDraft {
				status = StatusDraft
			} else {
				status, action = StatusPending, ActSubmit
			}
		}
		// a message to-do edited in the form says what was typed: its stored texts (the generated ones) go
		if _, err := tx.Exec(ctx, `UPDATE lib_record SET title = ?, code = ?, category = ?, holder = ?, unit_code = ?, employee_code = ?, amount = ?,
			record_date = ?, valid_from = ?, valid_to = ?, pinned = ?, assignee_id = ?, status = ?, search_text = ?, data = ?, updated_by = ?, updated_at = ?,
			msg_title = '', msg_content = ''
			WHERE id = ?`,
			f.col(ColTitle), f.col(ColCode), f.col(ColCategory), f.col(ColHolder), f.col(ColUnit), f.col(ColEmployee), f.col(ColAmount),
			f.col(ColDate), f.col(ColFrom), f.col(ColTo), f.col(ColPinned), f.col(ColAssignee), status, f.searchText(), f.dataJSON(),
			userArg(p), s.now().UTC(), id); err != nil {
			return err
		}
		if err := s.links(ctx, tx, f, p, id); err != nil {
			return err
		}
		if action != "" {
			if err := s.review(ctx, tx, id, action, cur.Status, status, "", p); err != nil {
				return err
			}
		}
		after, err := s.reread(ctx, tx, t, id)
		if err != nil {
			return err
		}
		return s.log(ctx, tx, audit.Change{Module: t.Code, Action: audit.Update, TargetID: id, Target: after.Title(), Before: cur, After: after})
	})
}

// Delete removes records softly (they stay in the database, marked deleted, with a business-log line each).
func (s *Service) Delete(ctx context.Context, t *Type, ids []int64) (err error) {
	defer errs.Wrap(&err, "library: delete %v", ids)
	p := auth.PrincipalFrom(ctx)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for _, id := range ids {
			cur, err := s.one(ctx, tx, t, p, id)
			if err != nil {
				return err
			}
			if err := mayChange(t, p, cur); err != nil {
				return err
			}
			if t.Loans && cur.State == StateLent {
				return httpx.Fail("lib.ca_lent_delete")
			}
			if _, err := tx.Exec(ctx, `UPDATE lib_record SET deleted_at = ?, deleted_by = ? WHERE id = ?`, now, userArg(p), id); err != nil {
				return err
			}
			if err := s.log(ctx, tx, audit.Change{Module: t.Code, Action: audit.Delete, TargetID: id, Target: cur.Title(), Before: cur}); err != nil {
				return err
			}
		}
		return nil
	})
}

/* ---------- review ---------- */

// MaxReason bounds a rejection reason.
const MaxReason = 500

// Transition moves records through review: submit (the owner or an administrator, from draft or rejected;
// an administrator's own record is published), approve and reject (administrators, from pending; a
// rejection needs a reason).
func (s *Service) Transition(ctx context.Context, t *Type, action string, ids []int64, reason string) (err error) {
	defer errs.Wrap(&err, "library: transition %v", ids)
	p := auth.PrincipalFrom(ctx)
	if !t.Review {
		return httpx.Fail("lib.no_review")
	}
	reason = strings.TrimSpace(reason)
	switch action {
	case ActApprove, ActReject:
		if !isAdmin(p) {
			return httpx.ErrForbidden
		}
		if action == ActReject && reason == "" {
			return httpx.Fail("lib.reason_required")
		}
		if utf8.RuneCountInString(reason) > MaxReason {
			return httpx.Fail("lib.reason_too_long", MaxReason)
		}
	case ActSubmit:
		reason = ""
	default:
		return httpx.ErrBadInput
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now().UTC()
		for _, id := range ids {
			cur, err := s.one(ctx, tx, t, p, id)
			if err != nil {
				return err
			}
			var to string
			switch action {
			case ActSubmit:
				if err := mayChange(t, p, cur); err != nil {
					return err
				}
				if cur.Status != StatusDraft && cur.Status != StatusRejected {
					return httpx.Fail("lib.bad_transition")
				}
				to = StatusPending
				if isAdmin(p) {
					to = StatusPublished
				}
			case ActApprove, ActReject:
				if cur.Status != StatusPending {
					return httpx.Fail("lib.not_pending", cur.Title())
				}
				to = StatusPublished
				if action == ActReject {
					to = StatusRejected
				}
			}
			if action == ActSubmit {
				_, err = tx.Exec(ctx, `UPDATE lib_record SET status = ?, review_reason = '', updated_at = ? WHERE id = ?`, to, now, id)
			} else {
				_, err = tx.Exec(ctx, `UPDATE lib_record SET status = ?, review_reason = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ?`, to, reason, userArg(p), now, id)
			}
			if err != nil {
				return err
			}
			if err := s.review(ctx, tx, id, action, cur.Status, to, reason, p); err != nil {
				return err
			}
			if err := s.reviewNotice(ctx, tx, t, cur, action, reason, p); err != nil {
				return err
			}
			after, err := s.reread(ctx, tx, t, id)
			if err != nil {
				return err
			}
			if err := s.log(ctx, tx, audit.Change{Module: t.Code, Action: action, TargetID: id, Target: cur.Title(), Before: cur, After: after}); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReviewStep is one transition of a record.
type ReviewStep struct {
	Action     string    `json:"action"`
	FromStatus string    `json:"fromStatus"`
	ToStatus   string    `json:"toStatus"`
	Reason     string    `json:"reason"`
	UserName   string    `json:"userName"`
	CreatedAt  time.Time `json:"createdAt"`
}

// History is a record's review steps and its business-log entries (newest first).
type History struct {
	Reviews []ReviewStep              `json:"reviews"`
	Changes []audit.BusinessLogDetail `json:"changes"`
}

// MaxHistory bounds the business-log entries History answers.
const MaxHistory = 200

// History returns the review steps and the business log of a record the caller may see.
func (s *Service) History(ctx context.Context, t *Type, id int64) (_ *History, err error) {
	defer errs.Wrap(&err, "library: history %d", id)
	if _, err := s.One(ctx, t, id); err != nil {
		return nil, err
	}
	h := &History{Reviews: []ReviewStep{}}
	rows, err := s.db.Query(ctx, `SELECT v.action, v.from_status, v.to_status, v.reason, COALESCE(u.user_name, ''), v.created_at
		FROM lib_review v LEFT JOIN sys_user u ON u.id = v.user_id WHERE v.record_id = ? ORDER BY v.id DESC`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st ReviewStep
		if err := rows.Scan(&st.Action, &st.FromStatus, &st.ToStatus, &st.Reason, &st.UserName, &st.CreatedAt); err != nil {
			return nil, err
		}
		st.CreatedAt = st.CreatedAt.UTC()
		h.Reviews = append(h.Reviews, st)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	h.Changes, err = audit.History(ctx, s.db, t.Code, strconv.FormatInt(id, 10), MaxHistory)
	return h, err
}

// seeding marks a context whose writes are demo data: they leave no business-log lines (nobody made them).
type seeding struct{}

// log writes a change to the business log inside tx.
func (s *Service) log(ctx context.Context, tx *db.Tx, c audit.Change) error {
	if ctx.Value(seeding{}) != nil {
		return nil
	}
	// an identity number never reaches the log (whoever reads the history)
	for _, v := range []any{c.Before, c.After} {
		if r, ok := v.(*Record); ok {
			maskSecrets(nil, r)
		}
	}
	return audit.Record(ctx, tx, c)
}

// MayRead tells whether the caller may see a live record (and so download its files).
func (s *Service) MayRead(ctx context.Context, p *auth.Principal, t *Type, id int64) (_ bool, err error) {
	defer errs.Wrap(&err, "library: may read %d", id)
	if ok, err := s.InPortal(ctx, p, t, id); ok || err != nil {
		return ok, err
	}
	_, err = s.one(ctx, s.db, t, p, id)
	if err == nil {
		return true, nil
	}
	var he *httpx.Error
	if errors.As(err, &he) {
		return false, nil
	}
	return false, err
}

func idOrZero(v any) int64 { n, _ := v.(int64); return n }
