package handover

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Record is a past handover as the history table shows it.
type Record struct {
	ID            int64          `json:"id"`
	FromUserID    int64          `json:"fromUserId"`
	FromLoginCode string         `json:"fromLoginCode"`
	FromUserName  string         `json:"fromUserName"`
	ToUserID      int64          `json:"toUserId"`
	ToLoginCode   string         `json:"toLoginCode"`
	ToUserName    string         `json:"toUserName"`
	Counts        map[string]int `json:"counts"` // kind key -> rows moved
	Total         int            `json:"total"`
	Remark        string         `json:"remark"`
	State         string         `json:"state" enum:"done,undone"` // done or undone
	OperatorLogin string         `json:"operatorLoginCode"`
	OperatorName  string         `json:"operatorName"`
	CreatedAt     time.Time      `json:"createdAt"`
	UndoneByLogin string         `json:"undoneByLoginCode"`
	UndoneByName  string         `json:"undoneByName"`
	UndoneAt      *time.Time     `json:"undoneAt"`
}

var recordSpec = &list.Spec{
	Select: `h.id, h.from_user_id, f.login_code, f.user_name, h.to_user_id, t.login_code, t.user_name, h.counts, h.total, h.remark, h.state,
		COALESCE(op.login_code, ''), COALESCE(op.user_name, ''), h.created_at, COALESCE(ub.login_code, ''), COALESCE(ub.user_name, ''), h.undone_at`,
	From: `handover h JOIN sys_user f ON f.id = h.from_user_id JOIN sys_user t ON t.id = h.to_user_id
		LEFT JOIN sys_user op ON op.id = h.operator_id LEFT JOIN sys_user ub ON ub.id = h.undone_by_id`,
	Filters: []list.Filter{
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"f.login_code", "f.user_name", "t.login_code", "t.user_name"}},
		{Param: "fromUserId", Column: "h.from_user_id", Kind: list.Exact, Map: list.Int("fromUserId")},
		{Param: "toUserId", Column: "h.to_user_id", Kind: list.Exact, Map: list.Int("toUserId")},
		{Param: "state", Column: "h.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{StateDone: StateDone, StateUndone: StateUndone})},
		{Param: "startTime", Column: "h.created_at", Kind: list.After},
		{Param: "endTime", Column: "h.created_at", Kind: list.Before},
	},
	Sorts:       map[string]string{"createdAt": "h.created_at", "total": "h.total", "fromLoginCode": "f.login_code", "toLoginCode": "t.login_code"},
	DefaultSort: "h.created_at DESC",
	TieBreak:    "h.id DESC",
}

func scanRecord(row interface{ Scan(...any) error }) (Record, error) {
	var r Record
	var counts string
	var undone sql.NullTime
	err := row.Scan(&r.ID, &r.FromUserID, &r.FromLoginCode, &r.FromUserName, &r.ToUserID, &r.ToLoginCode, &r.ToUserName, &counts, &r.Total,
		&r.Remark, &r.State, &r.OperatorLogin, &r.OperatorName, &r.CreatedAt, &r.UndoneByLogin, &r.UndoneByName, &undone)
	if err != nil {
		return r, err
	}
	if undone.Valid {
		t := undone.Time
		r.UndoneAt = &t
	}
	r.Counts = map[string]int{}
	return r, json.Unmarshal([]byte(counts), &r.Counts)
}

func person(name, code string) string {
	if code == "" {
		return ""
	}
	return name + "(" + code + ")"
}

// countsText renders a record's counts with the kinds' names: "角色成员 2；负责的外部组织 1".
func countsText(r Record, lang string) string {
	var parts []string
	for _, k := range Kinds() {
		if n := r.Counts[k.Key]; n > 0 {
			parts = append(parts, httpx.Translate(lang, k.Label)+" "+strconv.Itoa(n))
		}
	}
	return strings.Join(parts, httpx.Translate(lang, "handover.sep"))
}

// RecordTable serves GET /api/sys/handover/list and /export.
func RecordTable(d *db.DB) *list.Table[Record] {
	return &list.Table[Record]{
		DB: d, Spec: recordSpec, Scan: scanRecord, File: "handover.file",
		Columns: []list.Column[Record]{
			{Title: "handover.col.createdAt", Value: func(r Record, _ string) any { return r.CreatedAt }},
			{Title: "handover.col.from", Value: func(r Record, _ string) any { return person(r.FromUserName, r.FromLoginCode) }},
			{Title: "handover.col.to", Value: func(r Record, _ string) any { return person(r.ToUserName, r.ToLoginCode) }},
			{Title: "handover.col.counts", Value: func(r Record, lang string) any { return countsText(r, lang) }},
			{Title: "handover.col.total", Value: func(r Record, _ string) any { return r.Total }},
			{Title: "handover.col.remark", Value: func(r Record, _ string) any { return r.Remark }},
			{Title: "handover.col.operator", Value: func(r Record, _ string) any { return person(r.OperatorName, r.OperatorLogin) }},
			{Title: "handover.col.state", Value: func(r Record, lang string) any { return httpx.Translate(lang, "handover.state."+r.State) }},
			{Title: "handover.col.undoneAt", Value: func(r Record, _ string) any { return r.UndoneAt }},
		},
	}
}

// Handlers are the endpoints of /handover_manager.
type Handlers struct {
	svc     *Service
	records *list.Table[Record]
}

func NewHandlers(svc *Service) *Handlers {
	records := RecordTable(svc.db)
	records.Restrict = svc.restrict
	return &Handlers{svc: svc, records: records}
}

// restrict limits the history and its export to the handovers between accounts of the caller's
// scope: the ones the caller could have run (and may undo).
func (s *Service) restrict(r *http.Request, _ *httpx.Input, q *list.Query) error {
	c, err := s.caller(r.Context())
	if err != nil {
		return err
	}
	for _, col := range []string{"f.unit_code", "t.unit_code"} {
		if cond, args := c.Accounts.Condition(col); cond != "1=1" {
			q.Where(cond, args...)
		}
	}
	return nil
}

// KindInfo names a registered kind (GET /api/sys/handover/kinds).
type KindInfo struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// OpenAPIName keeps the name the web uses.
func (KindInfo) OpenAPIName() string { return "HandoverKind" }

// OpenAPIName keeps the name the web uses.
func (Record) OpenAPIName() string { return "Handover" }

// Kinds is GET /api/sys/handover/kinds: the registered kinds with their names in the caller's language.
func (h *Handlers) Kinds(r *http.Request, _ route.None) ([]KindInfo, error) {
	lang := httpx.Lang(r)
	out := []KindInfo{}
	for _, k := range Kinds() {
		out = append(out, KindInfo{Key: k.Key, Label: httpx.Translate(lang, k.Label)})
	}
	return out, nil
}

// PairIn names the two accounts of a handover.
type PairIn struct {
	FromUserID int64 `param:"fromUserId,required" doc:"the departing account"`
	ToUserID   int64 `param:"toUserId,required" doc:"the receiving account"`
}

// Preview is GET /api/sys/handover/preview (fromUserId, toUserId).
func (h *Handlers) Preview(r *http.Request, in PairIn) (Preview, error) {
	p, err := h.svc.Preview(r.Context(), httpx.Lang(r), in.FromUserID, in.ToUserID)
	if err != nil || p == nil {
		return Preview{}, err
	}
	return *p, nil
}

// RunIn is what a handover sends.
type RunIn struct {
	PairIn
	Remark string `param:"remark" doc:"at most 200 characters"`
}

// Run is POST /api/sys/handover/run (fromUserId, toUserId, remark).
func (h *Handlers) Run(r *http.Request, in RunIn) (Result, error) {
	res, err := h.svc.Run(r.Context(), httpx.Lang(r), in.FromUserID, in.ToUserID, in.Remark)
	if err != nil || res == nil {
		return Result{}, err
	}
	return *res, nil
}

// List is GET /api/sys/handover/list; Export is GET /api/sys/handover/export.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.records.List(w, r)
}
func (h *Handlers) Export(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.records.Export(w, r)
}

// UndoIn names the handover to undo: id, or logId (its business-log entry).
type UndoIn struct {
	ID    *int64 `param:"id" doc:"the handover"`
	LogID *int64 `param:"logId" doc:"the handover's business-log entry (when id is not sent)"`
}

// Undo is POST /api/sys/handover/undo: id (a handover), or logId (its business-log entry).
func (h *Handlers) Undo(r *http.Request, in UndoIn) (route.None, error) {
	id, err := h.handoverID(r.Context(), in)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Undo(r.Context(), httpx.Lang(r), id)
}

func (h *Handlers) handoverID(ctx context.Context, in UndoIn) (int64, error) {
	if in.LogID != nil && in.ID == nil {
		if *in.LogID == 0 {
			return 0, httpx.Fail("http.required", "logId")
		}
		return h.svc.HandoverOfLog(ctx, *in.LogID)
	}
	if in.ID == nil || *in.ID == 0 {
		return 0, httpx.Fail("http.required", "id")
	}
	return *in.ID, nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"handover.file":          {"数据交接记录", "handovers"},
		"handover.sep":           {"；", "; "},
		"handover.col.createdAt": {"交接时间", "Time"},
		"handover.col.from":      {"交出人", "From"},
		"handover.col.to":        {"接收人", "To"},
		"handover.col.counts":    {"交接内容", "Moved"},
		"handover.col.total":     {"数据条数", "Rows"},
		"handover.col.remark":    {"备注", "Remark"},
		"handover.col.operator":  {"操作人", "Operator"},
		"handover.col.state":     {"状态", "State"},
		"handover.col.undoneAt":  {"撤销时间", "Undone at"},
		"handover.state.done":    {"已完成", "Done"},
		"handover.state.undone":  {"已撤销", "Undone"},
	})
}
