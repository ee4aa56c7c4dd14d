package handover

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/audit"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// Screen is the function code (= menu code) of /handover_manager and the module of its business log.
const Screen = "handover_manager"

// Business-log actions of a handover and of its undo.
const (
	ActionRun  = "handover"
	ActionUndo = "undo"
)

// States of a handover record.
const (
	StateDone   = "done"
	StateUndone = "undone"
)

// RemarkMax bounds the remark of a handover.
const RemarkMax = 200

// chunk bounds the ids of one IN (...) list.
const chunk = 500

// Party is one of the two accounts of a handover.
type Party struct {
	ID        int64  `json:"id"`
	LoginCode string `json:"loginCode"`
	UserName  string `json:"userName"`
	UserType  string `json:"userType" enum:"staff,external"`
	State     int    `json:"state"`
}

// KindCount is what a handover moves (or would move) of one kind.
type KindCount struct {
	Key     string `json:"key"`
	Label   string `json:"label"`
	Count   int    `json:"count"`   // rows that move
	Skipped int    `json:"skipped"` // rows that stay (the recipient already holds their Distinct value)
}

// Preview is the answer of GET /api/sys/handover/preview.
type Preview struct {
	From  Party       `json:"from"`
	To    Party       `json:"to"`
	Kinds []KindCount `json:"kinds"`
	Total int         `json:"total"`
}

// Result is the answer of POST /api/sys/handover/run.
type Result struct {
	ID int64 `json:"id"`
	Preview
}

// Caller is what limits the calling user's handovers (docs/data-rules.md, "Data handover"), read
// once per call before any transaction.
type Caller struct {
	// Accounts are the units whose accounts the caller may hand over from and to, and whose
	// handover records the caller sees: the caller's data scope of user management. An account
	// outside it answers like a missing one.
	Accounts org.Visibility
	// Check, when set, vets the rows about to move from giver to receiver inside the transaction
	// of a run or an undo (the grant rule for role memberships); an error changes nothing.
	Check func(ctx context.Context, tx *db.Tx, giverID, receiverID int64, moved map[string][]int64) error
}

// Guard reads the Caller of a request's context.
type Guard func(ctx context.Context) (*Caller, error)

// Service runs handovers over the registered kinds.
type Service struct {
	db    *db.DB
	guard Guard
}

// NewService runs handovers limited by guard; a nil guard limits nothing (tests of the package).
func NewService(d *db.DB, guard Guard) *Service { return &Service{db: d, guard: guard} }

func (s *Service) caller(ctx context.Context) (*Caller, error) {
	if s.guard == nil {
		return &Caller{Accounts: org.Visibility{All: true}}, nil
	}
	return s.guard(ctx)
}

func party(ctx context.Context, q db.Querier, c *Caller, id int64) (Party, error) {
	p := Party{ID: id}
	cond, args := c.Accounts.Condition("unit_code")
	err := q.QueryRow(ctx, `SELECT login_code, user_name, user_type, state FROM sys_user WHERE id = ? AND deleted_at IS NULL AND `+cond,
		append([]any{id}, args...)...).Scan(&p.LoginCode, &p.UserName, &p.UserType, &p.State)
	if db.IsNoRows(err) {
		return p, httpx.Fail("handover.user_not_found")
	}
	return p, err
}

// parties reads and checks the two accounts: different, live, in the caller's scope, of the
// same type, the recipient enabled (the departing account may be disabled).
func parties(ctx context.Context, q db.Querier, c *Caller, fromID, toID int64) (Party, Party, error) {
	if fromID == toID {
		return Party{}, Party{}, httpx.Fail("handover.same_user")
	}
	from, err := party(ctx, q, c, fromID)
	if err != nil {
		return from, Party{}, err
	}
	to, err := party(ctx, q, c, toID)
	if err != nil {
		return from, to, err
	}
	if to.State == 0 {
		return from, to, httpx.Fail("handover.to_disabled", to.UserName)
	}
	if from.UserType != to.UserType {
		return from, to, httpx.Fail("handover.type_mismatch")
	}
	return from, to, nil
}

// movable selects, of one kind, the ids of the rows the departing user owns that would move,
// and how many stay because the recipient already holds their Distinct value.
func movable(ctx context.Context, q db.Querier, k Kind, fromID, toID int64) (ids []int64, skipped int, err error) {
	cond := `h.` + k.OwnerColumn + ` = ?`
	if k.Where != "" {
		cond += ` AND (` + k.Where + `)`
	}
	args := []any{fromID}
	held := ""
	if k.Distinct != "" {
		held = `EXISTS (SELECT 1 FROM ` + k.Table + ` x WHERE x.` + k.OwnerColumn + ` = ? AND x.` + k.Distinct + ` = h.` + k.Distinct + `)`
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM `+k.Table+` h WHERE `+cond+` AND `+held, fromID, toID).Scan(&skipped); err != nil {
			return nil, 0, err
		}
		cond += ` AND NOT ` + held
		args = append(args, toID)
	}
	rows, err := q.Query(ctx, `SELECT h.`+k.IDColumn+` FROM `+k.Table+` h WHERE `+cond+` ORDER BY h.`+k.IDColumn, args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, 0, err
		}
		ids = append(ids, id)
	}
	return ids, skipped, rows.Err()
}

// survey counts every kind; moved holds the ids per kind.
func survey(ctx context.Context, q db.Querier, lang string, fromID, toID int64) ([]KindCount, map[string][]int64, int, error) {
	counts := []KindCount{}
	moved := map[string][]int64{}
	total := 0
	for _, k := range Kinds() {
		ids, skipped, err := movable(ctx, q, k, fromID, toID)
		if err != nil {
			return nil, nil, 0, err
		}
		counts = append(counts, KindCount{Key: k.Key, Label: httpx.Translate(lang, k.Label), Count: len(ids), Skipped: skipped})
		if len(ids) > 0 {
			moved[k.Key] = ids
		}
		total += len(ids)
	}
	return counts, moved, total, nil
}

// Preview counts, per kind, what a handover from one account to another would move.
func (s *Service) Preview(ctx context.Context, lang string, fromID, toID int64) (_ *Preview, err error) {
	defer errs.Wrap(&err, "handover: preview fromID=%d toID=%d", fromID, toID)
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	from, to, err := parties(ctx, s.db, c, fromID, toID)
	if err != nil {
		return nil, err
	}
	counts, _, total, err := survey(ctx, s.db, lang, fromID, toID)
	if err != nil {
		return nil, err
	}
	return &Preview{From: from, To: to, Kinds: counts, Total: total}, nil
}

// setOwner moves the rows of a kind with the given ids from one owner to another, in chunks;
// it returns how many rows moved.
func setOwner(ctx context.Context, tx *db.Tx, k Kind, ids []int64, fromID, toID int64) (int, error) {
	n := 0
	for start := 0; start < len(ids); start += chunk {
		part := ids[start:min(start+chunk, len(ids))]
		args := []any{toID, fromID}
		for _, id := range part {
			args = append(args, id)
		}
		stmt := `UPDATE ` + k.Table + ` SET ` + k.OwnerColumn + ` = ? WHERE ` + k.OwnerColumn + ` = ? AND ` + k.IDColumn + ` IN (` + db.Placeholders(len(part)) + `)`
		if k.Where != "" {
			stmt += ` AND (` + k.Where + `)`
		}
		res, err := tx.Exec(ctx, stmt, args...)
		if err != nil {
			return n, err
		}
		got, err := res.RowsAffected()
		if err != nil {
			return n, err
		}
		n += int(got)
	}
	return n, nil
}

// logRecord is what the business log keeps of a handover (and of its undo).
type logRecord struct {
	HandoverID int64              `json:"handoverId"`
	From       Party              `json:"from"`
	To         Party              `json:"to"`
	Counts     map[string]int     `json:"counts"`
	Moved      map[string][]int64 `json:"moved"`
	Remark     string             `json:"remark,omitempty"`
	State      string             `json:"state"`
}

func countsOf(moved map[string][]int64) map[string]int {
	out := map[string]int{}
	for k, ids := range moved {
		out[k] = len(ids)
	}
	return out
}

// Run moves everything the departing account owns to the recipient in one transaction and
// records which rows moved (a handover row and a business-log entry).
func (s *Service) Run(ctx context.Context, lang string, fromID, toID int64, remark string) (_ *Result, err error) {
	defer errs.Wrap(&err, "handover: run fromID=%d toID=%d", fromID, toID)
	remark = strings.TrimSpace(remark)
	if utf8.RuneCountInString(remark) > RemarkMax {
		return nil, httpx.Fail("handover.remark_too_long", RemarkMax)
	}
	c, err := s.caller(ctx)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		from, to, err := parties(ctx, tx, c, fromID, toID)
		if err != nil {
			return err
		}
		counts, moved, total, err := survey(ctx, tx, lang, fromID, toID)
		if err != nil {
			return err
		}
		if total == 0 {
			return httpx.Fail("handover.nothing", from.UserName)
		}
		if c.Check != nil {
			if err := c.Check(ctx, tx, fromID, toID, moved); err != nil {
				return err
			}
		}
		for key, ids := range moved {
			k, _ := kindByKey(key)
			if _, err := setOwner(ctx, tx, k, ids, fromID, toID); err != nil {
				return err
			}
		}
		movedJSON, _ := json.Marshal(moved)
		countsJSON, _ := json.Marshal(countsOf(moved))
		var operator any
		if uid := httpx.InfoFrom(ctx).UserID; uid != 0 {
			operator = uid
		}
		id, err := tx.Insert(ctx, `INSERT INTO handover (from_user_id, to_user_id, moved, counts, total, remark, state, operator_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			fromID, toID, string(movedJSON), string(countsJSON), total, remark, StateDone, operator, time.Now().UTC())
		if err != nil {
			return err
		}
		*res = Result{ID: id, Preview: Preview{From: from, To: to, Kinds: counts, Total: total}}
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: ActionRun, TargetID: id, Target: target(from, to),
			After: logRecord{HandoverID: id, From: from, To: to, Counts: countsOf(moved), Moved: moved, Remark: remark, State: StateDone}})
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func target(from, to Party) string {
	return from.UserName + "(" + from.LoginCode + ") → " + to.UserName + "(" + to.LoginCode + ")"
}

// HandoverOfLog finds the handover a business-log entry records ("reversible from the log entry").
func (s *Service) HandoverOfLog(ctx context.Context, logID int64) (_ int64, err error) {
	defer errs.Wrap(&err, "handover: handover of log %d", logID)
	var target string
	err = s.db.QueryRow(ctx, `SELECT target_id FROM business_log WHERE id = ? AND module = ? AND action = ?`, logID, Screen, ActionRun).Scan(&target)
	if db.IsNoRows(err) {
		return 0, httpx.Fail("handover.log_not_handover")
	}
	if err != nil {
		return 0, err
	}
	var id int64
	if err := json.Unmarshal([]byte(target), &id); err != nil {
		return 0, httpx.Fail("handover.log_not_handover")
	}
	return id, nil
}

// Undo moves exactly the rows a handover moved back to the departing account, in one
// transaction, when every one of them still belongs to the recipient; otherwise nothing moves
// and the message says which kind changed.
func (s *Service) Undo(ctx context.Context, lang string, id int64) (err error) {
	defer errs.Wrap(&err, "handover: undo %d", id)
	c, err := s.caller(ctx)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var fromID, toID int64
		var movedJSON, state, remark string
		// a handover between accounts outside the caller's scope answers like a missing one
		// (deleted accounts count by the unit they had)
		fc, fargs := c.Accounts.Condition("f.unit_code")
		tc, targs := c.Accounts.Condition("t.unit_code")
		err := tx.QueryRow(ctx, `SELECT h.from_user_id, h.to_user_id, h.moved, h.state, h.remark FROM handover h
			JOIN sys_user f ON f.id = h.from_user_id JOIN sys_user t ON t.id = h.to_user_id
			WHERE h.id = ? AND `+fc+` AND `+tc, append(append([]any{id}, fargs...), targs...)...).Scan(&fromID, &toID, &movedJSON, &state, &remark)
		if db.IsNoRows(err) {
			return httpx.Fail("handover.not_found")
		}
		if err != nil {
			return err
		}
		if state != StateDone {
			return httpx.Fail("handover.already_undone")
		}
		var moved map[string][]int64
		if err := json.Unmarshal([]byte(movedJSON), &moved); err != nil {
			return err
		}
		from, err := partyAny(ctx, tx, fromID)
		if err != nil {
			return err
		}
		to, err := partyAny(ctx, tx, toID)
		if err != nil {
			return err
		}
		for _, k := range ordered(moved) {
			if err := undoable(ctx, tx, lang, k, moved[k.Key], fromID, toID); err != nil {
				return err
			}
		}
		// the undo gives back what the recipient got: the same rules as a handover the other way
		if c.Check != nil {
			if err := c.Check(ctx, tx, toID, fromID, moved); err != nil {
				return err
			}
		}
		for _, k := range ordered(moved) {
			if _, err := setOwner(ctx, tx, k, moved[k.Key], toID, fromID); err != nil {
				return err
			}
		}
		var undoer any
		if uid := httpx.InfoFrom(ctx).UserID; uid != 0 {
			undoer = uid
		}
		if _, err := tx.Exec(ctx, `UPDATE handover SET state = ?, undone_by_id = ?, undone_at = ? WHERE id = ?`, StateUndone, undoer, time.Now().UTC(), id); err != nil {
			return err
		}
		rec := logRecord{HandoverID: id, From: from, To: to, Counts: countsOf(moved), Moved: moved, Remark: remark}
		before, after := rec, rec
		before.State, after.State = StateDone, StateUndone
		return audit.Record(ctx, tx, audit.Change{Module: Screen, Action: ActionUndo, TargetID: id, Target: target(from, to), Before: before, After: after})
	})
}

// partyAny reads an account of a handover, deleted ones included (an undo may return rows to
// an account deleted since).
func partyAny(ctx context.Context, q db.Querier, id int64) (Party, error) {
	p := Party{ID: id}
	err := q.QueryRow(ctx, `SELECT login_code, user_name, user_type, state FROM sys_user WHERE id = ?`, id).Scan(&p.LoginCode, &p.UserName, &p.UserType, &p.State)
	return p, err
}

// ordered returns the registered kinds of a handover record; a kind no longer registered is
// kept with its key only, so that undoable refuses it.
func ordered(moved map[string][]int64) []Kind {
	var out []Kind
	for _, k := range Kinds() {
		if _, ok := moved[k.Key]; ok {
			out = append(out, k)
		}
	}
	for key := range moved {
		if _, ok := kindByKey(key); !ok {
			out = append(out, Kind{Key: key})
		}
	}
	return out
}

// undoable checks that every moved row of a kind still belongs to the recipient and that
// moving it back clashes with nothing the departing account holds now.
func undoable(ctx context.Context, tx *db.Tx, lang string, k Kind, ids []int64, fromID, toID int64) error {
	if k.Table == "" {
		return httpx.Fail("handover.kind_unknown", k.Key)
	}
	label := httpx.Translate(lang, k.Label)
	still, clash := 0, 0
	for start := 0; start < len(ids); start += chunk {
		part := ids[start:min(start+chunk, len(ids))]
		args := []any{toID}
		for _, id := range part {
			args = append(args, id)
		}
		cond := `h.` + k.OwnerColumn + ` = ? AND h.` + k.IDColumn + ` IN (` + db.Placeholders(len(part)) + `)`
		if k.Where != "" {
			cond += ` AND (` + k.Where + `)`
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+k.Table+` h WHERE `+cond, args...).Scan(&n); err != nil {
			return err
		}
		still += n
		if k.Distinct != "" {
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+k.Table+` h WHERE `+cond+` AND EXISTS (SELECT 1 FROM `+k.Table+` x WHERE x.`+k.OwnerColumn+` = ? AND x.`+k.Distinct+` = h.`+k.Distinct+`)`,
				append(args, fromID)...).Scan(&n); err != nil {
				return err
			}
			clash += n
		}
	}
	if gone := len(ids) - still; gone > 0 {
		return httpx.Fail("handover.undo_changed", gone, label)
	}
	if clash > 0 {
		return httpx.Fail("handover.undo_clash", clash, label)
	}
	return nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"handover.user_not_found":   {"账号不存在", "No such account"},
		"handover.same_user":        {"交出人和接收人不能是同一个账号", "The departing and the receiving account must differ"},
		"handover.to_disabled":      {"接收人「%s」的账号已禁用，请选择可用的账号", "The receiving account %s is disabled; choose an available account"},
		"handover.type_mismatch":    {"交出人和接收人须同为员工账号或同为外部账号", "Both accounts must be staff accounts, or both external accounts"},
		"handover.nothing":          {"「%s」没有可交接的数据", "%s owns nothing to hand over"},
		"handover.remark_too_long":  {"备注不能超过%d个字符", "The remark cannot exceed %d characters"},
		"handover.not_found":        {"交接记录不存在", "No such handover"},
		"handover.log_not_handover": {"该业务日志不是一条数据交接记录", "This business-log entry is not a data handover"},
		"handover.already_undone":   {"该交接已撤销", "This handover has already been undone"},
		"handover.kind_unknown":     {"交接记录中的数据类型「%s」已不存在，无法撤销", "The record kind %s no longer exists; the handover cannot be undone"},
		"handover.undo_changed":     {"有%d条「%s」已不属于接收人（已转移或删除），无法撤销，未做任何更改", "%d of the %s no longer belong to the recipient (moved or deleted); nothing was undone"},
		"handover.undo_clash":       {"交出人已重新拥有%d条「%s」，无法撤销，未做任何更改", "The departing account holds %d of the %s again; nothing was undone"},
	})
}
