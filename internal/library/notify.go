package library

import (
	"context"
	"strings"

	"biddesk/internal/platform/db"
)

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
func (s *Service) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (int, error) {
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
		if _, err := tx.Exec(ctx, `INSERT INTO lib_record (type, title, code, assignee_id, status, state, search_text, data, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, TypeMessage, n.Title, n.Code, uid, StatusPublished, StateUnread, strings.ToLower(n.Title),
			string(data), now, now); err != nil {
			return written, err
		}
		written++
	}
	return written, nil
}
