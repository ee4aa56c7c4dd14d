package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Actions of the business log. A screen may use a more precise verb (enable, resetPwd, grant)
// when create/update/delete would hide what happened.
const (
	Create = "create"
	Update = "update"
	Delete = "delete"

	Enable   = "enable"   // switched on (an account, a dictionary entry)
	Disable  = "disable"  // switched off
	ResetPwd = "resetPwd" // a password set by an administrator (the log never holds it)
	Grant    = "grant"    // a role's menus and function codes replaced
	Assign   = "assign"   // a role given to an account
	Remove   = "remove"   // a role taken from an account
)

// Actions are every verb an area writes to the business log (the generic and precise ones above, and
// the areas' own: menus shown and hidden, library reviews and loans, handovers, reminders generated).
// api/openapi.json lists them as the enum of BusinessLog.action, and the web labels each in both
// languages (a test on either side fails on one missing).
var Actions = []string{Create, Update, Delete, Enable, Disable, ResetPwd, Grant, Assign, Remove,
	"show", "hide", "sort", "reset", "import", "dataScope",
	"submit", "approve", "reject", "publish", "lend", "return", "read", "generate",
	"handover", "undo", "run", "cancel", "retention",
	"state", "enrol", "withdraw", "correct", "mark", "release", "issue", "revoke", "rekey"}

// EnableOrDisable names a switch to state (1 on, 0 off).
func EnableOrDisable(state int) string {
	if state == 0 {
		return Disable
	}
	return Enable
}

// Change is one write for the business log: which screen (its function code), what was done,
// to which record, and the record before and after (nil when there is none). Before and After
// are marshalled to JSON; pass the record as the admin screens show it, never a secret.
type Change struct {
	Module   string
	Action   string
	TargetID any
	Target   string // a readable name: the login code, the role name, the dictionary key
	Before   any
	After    any
}

// Record writes c inside tx, so the log line exists exactly when the change does. The
// caller's identity, address and request id come from the request context.
func Record(ctx context.Context, tx *db.Tx, c Change) error {
	if ctx.Value(seedingKey{}) != nil {
		return nil
	}
	ri := httpx.InfoFrom(ctx)
	before, err := snapshot(c.Before)
	if err != nil {
		return err
	}
	after, err := snapshot(c.After)
	if err != nil {
		return err
	}
	var userID any
	if ri.UserID != 0 {
		userID = ri.UserID
	}
	target := ""
	if c.TargetID != nil {
		target = fmt.Sprint(c.TargetID)
	}
	_, err = tx.Exec(ctx, `INSERT INTO business_log (user_id, login_code, user_name, module, action, target_id, target, before_data, after_data, client_ip, request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		userID, ri.LoginCode, ri.UserName, c.Module, c.Action, target, c.Target, before, after, ri.ClientIP, ri.RequestID, time.Now().UTC())
	return err
}

type seedingKey struct{}

// Seeding marks ctx as the demo seed's: writes made through the services under it leave no business-log line (the
// demo's records are the company's starting data, not anybody's changes).
func Seeding(ctx context.Context) context.Context { return context.WithValue(ctx, seedingKey{}, true) }

// RecordAll writes several changes (a batch delete, say) inside tx.
func RecordAll(ctx context.Context, tx *db.Tx, cs []Change) error {
	for _, c := range cs {
		if err := Record(ctx, tx, c); err != nil {
			return err
		}
	}
	return nil
}

func snapshot(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("business log snapshot: %w", err)
	}
	return string(b), nil
}
