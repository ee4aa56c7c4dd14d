package auth

import (
	"context"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// TicketTTL is how long a download ticket stays valid.
const TicketTTL = 60 * time.Second

// ErrTicketInvalid answers an export opened with an unknown, used, expired or misdirected ticket.
var ErrTicketInvalid = &httpx.Error{Code: httpx.CodeTokenInvalid, Status: 401, Key: "auth.ticket_invalid"}

// Ticket is the answer of POST /api/sys/common/ticket.
type Ticket struct {
	Ticket    string `json:"ticket"`
	Path      string `json:"path"`
	ExpiresIn int    `json:"expiresIn"` // seconds
}

// IssueTicket creates a single-use download ticket for the caller and one export path. The
// caller must already be allowed to call that path (the app checks it before).
func (s *Service) IssueTicket(ctx context.Context, p *Principal, path string) (_ *Ticket, err error) {
	defer errs.Wrap(&err, "auth: issue ticket")
	tok, err := s.issueSingleUse(ctx, p, path, TicketTTL)
	if err != nil {
		return nil, err
	}
	return &Ticket{Ticket: tok, Path: path, ExpiresIn: int(TicketTTL / time.Second)}, nil
}

// RedeemTicket uses up a ticket for path and returns its owner as the principal. The update is
// atomic, so a ticket opens one download only, even when two requests race. A ticket dies with the
// session that asked for it: after sign-out, kick-out, a password change or a disabled account
// (each ends the session) it opens nothing.
func (s *Service) RedeemTicket(ctx context.Context, ticket, path string) (_ *Principal, err error) {
	defer errs.Wrap(&err, "auth: redeem ticket")
	if ticket == "" || len(ticket) > 128 {
		return nil, ErrTicketInvalid
	}
	now := s.now()
	var userID, sessionID int64
	err = s.store.db.QueryRow(ctx, `UPDATE download_ticket SET used_at = ? WHERE ticket_hash = ? AND path = ? AND used_at IS NULL AND expires_at > ?
		AND session_id IN (SELECT id FROM sys_session WHERE ended_at IS NULL AND expires_at > ?) RETURNING user_id, session_id`,
		now, HashToken(ticket), path, now, now).Scan(&userID, &sessionID)
	if db.IsNoRows(err) {
		return nil, ErrTicketInvalid
	}
	if err != nil {
		return nil, err
	}
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, err
	} else if !ok {
		return nil, ErrTicketInvalid
	}
	return s.principalOf(ctx, u, sessionID)
}

// EndUserSessions ends every open session of the users inside tx (an account disabled,
// deleted or given a new password by an administrator).
func EndUserSessions(ctx context.Context, tx *db.Tx, userIDs []int64, reason string) error {
	if len(userIDs) == 0 {
		return nil
	}
	args := []any{time.Now().UTC(), reason}
	for _, id := range userIDs {
		args = append(args, id)
	}
	_, err := tx.Exec(ctx, `UPDATE sys_session SET ended_at = ?, end_reason = ? WHERE ended_at IS NULL AND user_id IN (`+db.Placeholders(len(userIDs))+`)`, args...)
	return err
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"auth.ticket_invalid": {"下载凭证无效或已过期，请重新导出", "The download ticket is invalid or has expired, please export again"},
	})
}

// OpenAPIName keeps the name the web knows the ticket by.
func (Ticket) OpenAPIName() string { return "DownloadTicket" }

// SessionHolder is the account of an open session as a principal with its current function codes: what a
// signed address (a courseware's play address) is checked against at each request. nil when the session has
// ended (sign-out, kick-out, a new sign-in, a password change, a disabled or deleted account) or its account
// may no longer be answered. Idle expiry is not an end here: an address lives at most its own short life.
func (s *Service) SessionHolder(ctx context.Context, sessionID int64) (_ *Principal, err error) {
	defer errs.Wrap(&err, "auth: session holder %d", sessionID)
	if sessionID <= 0 {
		return nil, nil
	}
	var userID int64
	err = s.store.db.QueryRow(ctx, `SELECT user_id FROM sys_session WHERE id = ? AND ended_at IS NULL`, sessionID).Scan(&userID)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if ok, err := s.usable(ctx, u); err != nil || !ok {
		return nil, err
	}
	return s.principalOf(ctx, u, sessionID)
}

// issueSingleUse stores a new single-use code for the caller's session, bound to path and valid for ttl (only its
// hash is kept), and returns it: download tickets and the learner page's hand-over codes.
func (s *Service) issueSingleUse(ctx context.Context, p *Principal, path string, ttl time.Duration) (string, error) {
	code, err := NewToken()
	if err != nil {
		return "", err
	}
	now := s.now()
	err = s.store.db.InTx(ctx, func(tx *db.Tx) error {
		// Housekeeping: codes are useless a minute after issue; keep an hour for inspection.
		if _, err := tx.Exec(ctx, `DELETE FROM download_ticket WHERE expires_at < ?`, now.Add(-time.Hour)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO download_ticket (ticket_hash, user_id, session_id, path, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
			HashToken(code), p.UserID, p.SessionID, path, now, now.Add(ttl))
		return err
	})
	return code, err
}
