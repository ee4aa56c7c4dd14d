package library

import (
	"context"
	"fmt"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
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
// its code starts with one of the library's prefixes. RefType and RefPath say where it leads. TitleText and
// ContentText, when given, are what it says as message keys: the portal renders them in the reader's language,
// and Title and Content are their zh-CN text.
type Notice struct {
	Code, Title, Content   string
	TitleText, ContentText httpx.Stored
	RefType                string
	RefID                  int64
	RefPath                string
}

// texts fills Title and Content from the stored texts and encodes these for the row.
func (n *Notice) texts() (title, content string, err error) {
	if len(n.TitleText) > 0 {
		n.Title = n.TitleText.Render(httpx.LangZH)
	}
	if len(n.ContentText) > 0 {
		n.Content = n.ContentText.Render(httpx.LangZH)
	}
	if title, err = n.TitleText.Encode(); err != nil {
		return "", "", fmt.Errorf("notice %s: %w", n.Code, err)
	}
	if content, err = n.ContentText.Encode(); err != nil {
		return "", "", fmt.Errorf("notice %s: %w", n.Code, err)
	}
	return title, content, nil
}

// Notify writes the notice to each user inside the caller's transaction, once per user and code (a user who
// already has a message with the code gets none); it returns how many were written.
func (s *Service) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (_ int, err error) {
	defer errs.Wrap(&err, "library: notify %v", userIDs)
	msgTitle, msgContent, err := n.texts()
	if err != nil {
		return 0, err
	}
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
		if _, err := tx.Exec(ctx, `INSERT INTO lib_record (type, title, code, category, assignee_id, status, state, search_text, data, msg_title, msg_content, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, TypeMessage, n.Title, n.Code, KindOfCode(n.Code), uid, StatusPublished, StateUnread, strings.ToLower(n.Title),
			string(data), msgTitle, msgContent, now, now); err != nil {
			return written, err
		}
		written++
	}
	return written, nil
}
