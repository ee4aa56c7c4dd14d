package library

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// reasonInTitle bounds the part of a rejection reason a message's title repeats (the content has it whole).
const reasonInTitle = 40

// reviewNotice writes, inside the review's transaction, a message to-do telling the record's creator the
// outcome of an approval or a rejection: code review:<record id>:<lib_review id> (the portal's messages show
// it with kind review), data {content, refType, refId, refPath} as the reminders' messages. A record without
// a creator (seeded, imported by the system) and a reviewer's own record get none.
func (s *Service) reviewNotice(ctx context.Context, tx *db.Tx, t *Type, cur *Record, action, reason string, p *auth.Principal) error {
	if (action != ActApprove && action != ActReject) || cur.CreatedBy == 0 || (p != nil && p.UserID == cur.CreatedBy) {
		return nil
	}
	var step int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM lib_review WHERE record_id = ?`, cur.ID).Scan(&step); err != nil {
		return err
	}
	name, title := httpx.Msg(msgName(t)), cur.Title()
	var titleText, contentText httpx.Stored
	if action == ActApprove {
		titleText = httpx.Say("lib.msg.approved.title", title)
		contentText = httpx.Say("lib.msg.approved.content", name, title)
	} else {
		short := reason
		if utf8.RuneCountInString(short) > reasonInTitle {
			short = string([]rune(short)[:reasonInTitle-1]) + "…"
		}
		titleText = httpx.Say("lib.msg.rejected.title", title, short)
		contentText = httpx.Say("lib.msg.rejected.content", name, title, reason)
	}
	msgTitle, content := titleText.Render(httpx.LangZH), contentText.Render(httpx.LangZH)
	storedTitle, err := titleText.Encode()
	if err != nil {
		return err
	}
	storedContent, err := contentText.Encode()
	if err != nil {
		return err
	}
	data, _ := jsonMarshal(map[string]any{"content": content, "refType": t.Key, "refId": cur.ID, "refPath": t.Path})
	now := s.now().UTC()
	_, err = tx.Exec(ctx, `INSERT INTO lib_record (type, title, code, category, assignee_id, status, state, search_text, data, msg_title, msg_content, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, TypeMessage, msgTitle, fmt.Sprintf("review:%d:%d", cur.ID, step), MsgReview, cur.CreatedBy,
		StatusPublished, StateUnread, strings.ToLower(msgTitle), string(data), storedTitle, storedContent, now, now)
	return err
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"lib.msg.approved.title":   {"「%s」已通过审核", "'%s' was approved"},
		"lib.msg.approved.content": {"您提交的%s「%s」已通过审核，现已发布。", "Your %s '%s' was approved and is published."},
		"lib.msg.rejected.title":   {"「%s」未通过审核：%s", "'%s' was rejected: %s"},
		"lib.msg.rejected.content": {"您提交的%s「%s」未通过审核，原因：%s。请修改后重新提交。", "Your %s '%s' was rejected: %s. Please change it and submit it again."},
	})
}
