package auth

import (
	"context"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// VerifyCode is a row of verify_code: a verification code sent for a forgotten password.
type VerifyCode struct {
	ID        int64
	LoginCode string
	UserID    int64 // 0: the account is unknown (the row only counts for the throttle)
	CodeHash  string
	IP        string
	Tries     int
	ExpiresAt time.Time
}

// VerifyLimits are the throttle's limits of sending codes.
type VerifyLimits struct {
	Since            time.Time // the window of the counts
	Account, Address int       // codes allowed per login code and per client address in the window
	ResendAfter      time.Time // no second code for a login code sent after this time
}

// VerifyKeep is how long a code's row is kept (longer than any throttle window).
const VerifyKeep = 24 * time.Hour

// Classes of the advisory locks ReserveVerify takes on PostgreSQL (next to Reserve's).
const (
	lockClassVerifyCode    = "7303"
	lockClassVerifyAddress = "7304"
)

// ReserveVerify records a new code for v.LoginCode unless the throttle refuses it ("account",
// "address" or "resend"), in one write transaction serialised per login code and per address. The
// login code's earlier live codes are voided: only the newest code works.
func (s *Store) ReserveVerify(ctx context.Context, v VerifyCode, lim VerifyLimits) (_ string, err error) {
	defer errs.Wrap(&err, "auth: reserve verify")
	code, ip := truncate(v.LoginCode, 64), truncate(v.IP, 64)
	var refused string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if tx.Dialect() == db.Postgres {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+lockClassVerifyCode+`, hashtext(?))`, code); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(`+lockClassVerifyAddress+`, hashtext(?))`, ip); err != nil {
				return err
			}
		}
		var n, recent int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN created_at > ? THEN 1 ELSE 0 END), 0) FROM verify_code WHERE login_code = ? AND created_at >= ?`,
			lim.ResendAfter, code, lim.Since).Scan(&n, &recent); err != nil {
			return err
		}
		switch {
		case recent > 0:
			refused = "resend"
			return nil
		case n >= lim.Account:
			refused = "account"
			return nil
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM verify_code WHERE client_ip = ? AND created_at >= ?`, ip, lim.Since).Scan(&n); err != nil {
			return err
		}
		if n >= lim.Address {
			refused = "address"
			return nil
		}
		now := time.Now().UTC()
		// rows older than a day count for nothing: they go as new ones come
		if _, err := tx.Exec(ctx, `DELETE FROM verify_code WHERE created_at < ?`, now.Add(-VerifyKeep)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE verify_code SET used_at = ? WHERE login_code = ? AND used_at IS NULL`, now, code); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO verify_code (login_code, user_id, code_hash, channel, client_ip, tries, created_at, expires_at) VALUES (?, ?, ?, 'sms', ?, 0, ?, ?)`,
			code, nullID(v.UserID), v.CodeHash, ip, now, v.ExpiresAt)
		return err
	})
	return refused, err
}

// LiveVerify is the login code's newest usable code of a known account; nil when there is none.
func (s *Store) LiveVerify(ctx context.Context, loginCode string, maxTries int) (_ *VerifyCode, err error) {
	defer errs.Wrap(&err, "auth: live verify")
	var v VerifyCode
	err = s.db.QueryRow(ctx, `SELECT id, login_code, user_id, code_hash, client_ip, tries, expires_at FROM verify_code
		WHERE login_code = ? AND used_at IS NULL AND user_id IS NOT NULL AND expires_at > ? AND tries < ? ORDER BY id DESC LIMIT 1`,
		truncate(loginCode, 64), time.Now().UTC(), maxTries).Scan(&v.ID, &v.LoginCode, &v.UserID, &v.CodeHash, &v.IP, &v.Tries, &v.ExpiresAt)
	if db.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// TryVerify counts one try of a code, atomically: false when the code is used up, void or out of tries
// (parallel guesses are counted like sequential ones). It returns the tries counted so far.
func (s *Store) TryVerify(ctx context.Context, id int64, maxTries int) (_ bool, _ int, err error) {
	defer errs.Wrap(&err, "auth: try verify %d", id)
	var tries int
	ok := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE verify_code SET tries = tries + 1 WHERE id = ? AND used_at IS NULL AND tries < ? AND expires_at > ?`, id, maxTries, time.Now().UTC())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		ok = true
		return tx.QueryRow(ctx, `SELECT tries FROM verify_code WHERE id = ?`, id).Scan(&tries)
	})
	return ok, tries, err
}

// VoidVerify makes a code unusable.
func (s *Store) VoidVerify(ctx context.Context, id int64) (err error) {
	defer errs.Wrap(&err, "auth: void verify %d", id)
	_, err = s.db.Exec(ctx, `UPDATE verify_code SET used_at = ? WHERE id = ? AND used_at IS NULL`, time.Now().UTC(), id)
	return err
}

// ReasonPasswordReset is the login-log reason of a password set with a verification code.
const ReasonPasswordReset = "password_reset"

// ResetPassword uses the code (once: false when it was used meanwhile) and, in the same transaction, stores the
// new hash, clears the must-change flag, ends every session and renewal token of the user and writes the
// login-log line.
func (s *Store) ResetPassword(ctx context.Context, codeID, userID int64, hash string, a LoginAttempt) (_ bool, err error) {
	defer errs.Wrap(&err, "auth: reset password codeID=%d userID=%d", codeID, userID)
	now := time.Now().UTC()
	used := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE verify_code SET used_at = ? WHERE id = ? AND used_at IS NULL AND user_id = ?`, now, codeID, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		used = true
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET password_hash = ?, update_pwd = 0, updated_at = ? WHERE id = ?`, hash, now, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_session SET ended_at = ?, end_reason = ? WHERE user_id = ? AND ended_at IS NULL`, now, EndPassword, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_remember SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, now, userID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO login_log (login_code, user_id, success, reason, client_ip, user_agent, os, site, created_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)`,
			truncate(a.LoginCode, 64), userID, ReasonPasswordReset, truncate(a.IP, 64), truncate(a.UserAgent, 255), truncate(a.OS, 64), a.Site, now)
		return err
	})
	return used, err
}
