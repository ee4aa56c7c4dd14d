package library

import (
	"context"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Kinds of a message to-do (the dictionary message_kind; the category column of its row). The kind follows
// from the prefix of the message's code, the one rule every writer goes through (KindOfCode): the library's
// expiry and loan reminders and review results, course audits (content), reward decisions, demand answers
// and reminders; anything else (a course push, a message written in the library's form) is a notice.
const (
	MsgExpiry = "expiry"
	MsgLoan   = "loan"
	MsgReview = "review"
	MsgCourse = "course"
	MsgReward = "reward"
	MsgDemand = "demand"
	MsgNotice = "notice"
)

// MessageKinds are the kinds in the order the dictionary lists them.
var MessageKinds = []string{MsgReview, MsgCourse, MsgReward, MsgDemand, MsgExpiry, MsgLoan, MsgNotice}

// KindOfCode is the kind of a message by its code: the part before the first colon when it names a kind
// ("review:12:3" is review, "course:5:audit:2" course), otherwise notice.
func KindOfCode(code string) string {
	head, _, _ := strings.Cut(code, ":")
	switch head {
	case MsgExpiry, MsgLoan, MsgReview, MsgCourse, MsgReward, MsgDemand:
		return head
	}
	return MsgNotice
}

// Notice is a message to-do another area sends to users (/gatewayMsg): the portal lists it as a notice unless
// its code starts with one of the library's prefixes. RefType and RefPath say where it leads.
type Notice struct {
	Code, Title, Content string
	RefType              string
	RefID                int64
	RefPath              string
}

// Notify writes the notice to each user inside the caller's transaction, once per user and code (a user who
// already has a message with the code gets none); it returns how many were written.
func (s *Service) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (_ int, err error) {
	defer errs.Wrap(&err, "library: notify %v", userIDs)
	data, err := jsonMarshal(map[string]any{"content": n.Content, "refType": n.RefType, "refId": n.RefID, "refPath": n.RefPath})
	if err != nil {
		return 0, err
	}
	now := s.now().UTC()
	written := 0
	seen := map[int64]bool{}
	for _, uid := range userIDs {
		if seen[uid] {
			continue
		}
		seen[uid] = true
		var exists int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record WHERE type = ? AND code = ? AND assignee_id = ?`, TypeMessage, n.Code, uid).Scan(&exists); err != nil {
			return written, err
		}
		if exists > 0 {
			continue
		}
		if _, err := tx.Exec(ctx, `INSERT INTO lib_record (type, title, code, category, assignee_id, status, state, search_text, data, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, TypeMessage, n.Title, n.Code, KindOfCode(n.Code), uid, StatusPublished, StateUnread, strings.ToLower(n.Title),
			string(data), now, now); err != nil {
			return written, err
		}
		written++
	}
	return written, nil
}
