package auth

import (
	"context"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// AddSSOState records a started OpenID Connect sign-in.
func (s *Store) AddSSOState(ctx context.Context, stateHash, nonce, verifier string, ttl time.Duration) (err error) {
	defer errs.Wrap(&err, "auth: add sso state")
	now := time.Now().UTC()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		// the table holds only sign-ins under way: the expired ones go as new ones come
		if _, err := tx.Exec(ctx, `DELETE FROM sso_state WHERE expires_at < ?`, now.Add(-time.Hour)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sso_state (state_hash, nonce, verifier, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
			stateHash, nonce, verifier, now, now.Add(ttl))
		return err
	})
}

// UseSSOState uses up a live state and returns its nonce and PKCE verifier ("" when the state is unknown,
// used or expired).
func (s *Store) UseSSOState(ctx context.Context, stateHash string) (nonce, verifier string, err error) {
	defer errs.Wrap(&err, "auth: use sso state")
	now := time.Now().UTC()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE sso_state SET used_at = ? WHERE state_hash = ? AND used_at IS NULL AND expires_at > ?`, now, stateHash, now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return tx.QueryRow(ctx, `SELECT nonce, verifier FROM sso_state WHERE state_hash = ?`, stateHash).Scan(&nonce, &verifier)
	})
	return nonce, verifier, err
}

// SSOCodeKeep is how long a redeemed HR code is remembered (an HR system's codes live minutes).
const SSOCodeKeep = 30 * 24 * time.Hour

// UseSSOCode records a code of the HR system as redeemed; false when it was redeemed before.
func (s *Store) UseSSOCode(ctx context.Context, codeHash string) (_ bool, err error) {
	defer errs.Wrap(&err, "auth: use sso code")
	now := time.Now().UTC()
	if _, err := s.db.Exec(ctx, `DELETE FROM sso_code WHERE created_at < ?`, now.Add(-SSOCodeKeep)); err != nil {
		return false, err
	}
	res, err := s.db.Exec(ctx, `INSERT INTO sso_code (code_hash, created_at) VALUES (?, ?) ON CONFLICT (code_hash) DO NOTHING`, codeHash, now)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// LogLoginFailure writes a failed sign-in that was not reserved (a refused single sign-on).
func (s *Store) LogLoginFailure(ctx context.Context, a LoginAttempt, reason string) (err error) {
	defer errs.Wrap(&err, "auth: log login failure")
	_, err = s.db.Exec(ctx, `INSERT INTO login_log (login_code, user_id, success, reason, client_ip, user_agent, os, site, created_at) VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)`,
		truncate(a.LoginCode, 64), nullID(a.UserID), reason, truncate(a.IP, 64), truncate(a.UserAgent, 255), truncate(a.OS, 64), a.Site, time.Now().UTC())
	return err
}

// UserByEmployeeCode is the live staff account of an employee; nil when there is none.
func (s *Store) UserByEmployeeCode(ctx context.Context, code string) (_ *User, err error) {
	defer errs.Wrap(&err, "auth: user by employee code")
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userCols+` FROM sys_user WHERE employee_code = ? AND employee_code <> '' AND user_type = 'staff' AND deleted_at IS NULL ORDER BY id LIMIT 1`, code))
	if db.IsNoRows(err) {
		return nil, nil
	}
	return u, err
}

// CreateSSOUser creates an employee's account and grants it a role, in one transaction; 0 when the login code
// is taken. The role must exist.
func (s *Store) CreateSSOUser(ctx context.Context, u *User, employeeCode, roleCode string) (_ int64, err error) {
	defer errs.Wrap(&err, "auth: create sso user")
	now := time.Now().UTC()
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_user WHERE login_code = ?`, u.LoginCode).Scan(&n); err != nil || n > 0 {
			return err
		}
		var err error
		id, err = tx.Insert(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, employee_code, unit_code, phone, email, created_at, updated_at)
			VALUES (?, ?, ?, 1, 0, ?, ?, ?, ?, ?, ?, ?)`,
			u.LoginCode, u.UserName, u.PasswordHash, u.UserType, employeeCode, u.UnitCode, u.Phone, u.Email, now, now)
		if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `INSERT INTO sys_user_role (user_id, role_id) SELECT CAST(? AS BIGINT), id FROM sys_role WHERE code = ?`, id, roleCode)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoRole(roleCode)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

type errNoRole string

func (e errNoRole) Error() string { return "sso: the default role " + string(e) + " does not exist" }
