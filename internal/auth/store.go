package auth

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// User is an account as the auth area sees it.
type User struct {
	ID           int64
	LoginCode    string
	UserName     string
	PasswordHash string
	State        int
	UpdatePwd    int
	UserType     string
	UnitCode     string
	Phone        string
	Email        string
	LastLoginAt  sql.NullTime
	// Theme is the colour theme the account chose: light, dark or system (migrations/058_user_theme.sql); not read
	// with a session (SessionByTokenHash), only with the account.
	Theme string
}

// Session is a row of sys_session.
type Session struct {
	ID         int64
	UserID     int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	EndedAt    sql.NullTime
	EndReason  string
	Kind       string
}

// Reasons a session ended.
const (
	EndLogout   = "logout"
	EndReplaced = "replaced" // the user signed in on another client
	EndPassword = "password" // the password changed
	EndExpired  = "expired"
	EndDisabled = "disabled"
	EndGuessing = "password_guess" // repeated wrong old passwords on the password change
)

// Store holds the SQL of accounts, sessions and the login log.
type Store struct {
	db *db.DB
	// throttle wakes the sign-ins waiting for attempts in flight (throttle.go).
	throttle *waitRoom
}

func NewStore(d *db.DB) *Store { return &Store{db: d, throttle: newWaitRoom()} }

const userCols = `id, login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, last_login_at, theme`

func scanUser(row interface{ Scan(...any) error }) (*User, error) {
	var u User
	err := row.Scan(&u.ID, &u.LoginCode, &u.UserName, &u.PasswordHash, &u.State, &u.UpdatePwd, &u.UserType, &u.UnitCode, &u.Phone, &u.Email, &u.LastLoginAt, &u.Theme)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// UserByLoginCode finds a live (not deleted) account; nil when there is none.
func (s *Store) UserByLoginCode(ctx context.Context, code string) (_ *User, err error) {
	defer errs.Wrap(&err, "auth: user by login code")
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userCols+` FROM sys_user WHERE login_code = ? AND deleted_at IS NULL`, code))
	if db.IsNoRows(err) {
		return nil, nil
	}
	return u, err
}

// UserByID finds a live account; nil when there is none.
func (s *Store) UserByID(ctx context.Context, id int64) (_ *User, err error) {
	defer errs.Wrap(&err, "auth: user by id %d", id)
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userCols+` FROM sys_user WHERE id = ? AND deleted_at IS NULL`, id))
	if db.IsNoRows(err) {
		return nil, nil
	}
	return u, err
}

// SetTheme stores the colour theme an account chose (light, dark or system).
func (s *Store) SetTheme(ctx context.Context, id int64, theme string) error {
	if _, err := s.db.Exec(ctx, `UPDATE sys_user SET theme = ? WHERE id = ? AND deleted_at IS NULL`, theme, id); err != nil {
		return fmt.Errorf("auth: set theme of user %d: %w", id, err)
	}
	return nil
}

// CreateUser inserts an account with an already hashed password.
func (s *Store) CreateUser(ctx context.Context, u *User) (_ int64, err error) {
	defer errs.Wrap(&err, "auth: create user")
	now := time.Now().UTC()
	return s.db.Insert(ctx, `INSERT INTO sys_user (login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, phone, email, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		u.LoginCode, u.UserName, u.PasswordHash, u.State, u.UpdatePwd, u.UserType, u.UnitCode, u.Phone, u.Email, now, now)
}

// Kinds of attempt the throttle counts: a sign-in, or the old password given to change it.
const (
	KindSignIn      = "sign_in"
	KindOldPassword = "old_password"
)

// Reasons of the login log beyond the sign-in verdicts.
const (
	ReasonPending          = "pending" // reserved, the password check still running
	ReasonError            = "error"   // the check failed on a server error; it still counts
	ReasonOldPasswordWrong = "old_password_wrong"
	// ReasonOldPasswordThrottle, like throttled_account and throttled_address, is a reason earlier versions wrote
	// for a refused attempt; refused attempts are no longer written, and such rows count as no failure.
	ReasonOldPasswordThrottle = "old_password_throttled"
)

// LoginAttempt is one row of the login log.
type LoginAttempt struct {
	LoginCode, Reason, IP, UserAgent, OS, Site string
	UserID                                     int64
	Success                                    bool
	// Reserved is the login-log row Reserve wrote for this attempt; a successful sign-in turns it
	// into its success row.
	Reserved int64
	// Kind is the kind of session a successful sign-in opens: KindWeb (empty) or KindH5.
	Kind string
}

// OldPasswordFailures counts the wrong old passwords given for a user since t.
func (s *Store) OldPasswordFailures(ctx context.Context, userID int64, since time.Time) (_ int, err error) {
	defer errs.Wrap(&err, "auth: old password failures %d", userID)
	var n int
	err = s.db.QueryRow(ctx, `SELECT COUNT(*) FROM login_log WHERE user_id = ? AND reason = ? AND created_at >= ?`, userID, ReasonOldPasswordWrong, since).Scan(&n)
	return n, err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// StartSession records a new session, first ending the user's others when single is set,
// in one transaction with the login-log row (the reserved one, turned into a success).
func (s *Store) StartSession(ctx context.Context, tokenHash string, userID int64, absolute time.Duration, single bool, a LoginAttempt) (err error) {
	defer errs.Wrap(&err, "auth: start session %d", userID)
	now := time.Now().UTC()
	// the reservation is settled (a success now, or a failure Resolve writes): the sign-ins waiting for it go on
	defer s.settled(a.Reserved)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		// The user's row is written first: on PostgreSQL that locks it, so simultaneous sign-ins
		// of one user run one after the other and each ends the sessions the previous ones opened
		// (SQLite's IMMEDIATE transactions are one at a time already).
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET last_login_at = ? WHERE id = ?`, now, userID); err != nil {
			return err
		}
		kind := a.Kind
		if kind == "" {
			kind = KindWeb
		}
		// a new sign-in ends the user's other sessions of the same kind: the mobile plug-in and the web do not
		// end each other
		if single {
			if _, err := tx.Exec(ctx, `UPDATE sys_session SET ended_at = ?, end_reason = ? WHERE user_id = ? AND ended_at IS NULL AND kind = ?`, now, EndReplaced, userID, kind); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO sys_session (token_hash, user_id, created_at, last_seen_at, expires_at, client_ip, user_agent, os, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			tokenHash, userID, now, now, now.Add(absolute), truncate(a.IP, 64), truncate(a.UserAgent, 255), truncate(a.OS, 64), kind); err != nil {
			return err
		}
		if a.Reserved != 0 {
			_, err := tx.Exec(ctx, `UPDATE login_log SET success = 1, reason = '', user_id = ? WHERE id = ?`, userID, a.Reserved)
			return err
		}
		// a sign-in that was not reserved (renewal, single sign-on) says how it came in
		_, err := tx.Exec(ctx, `INSERT INTO login_log (login_code, user_id, success, reason, client_ip, user_agent, os, site, created_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)`,
			truncate(a.LoginCode, 64), userID, a.Reason, truncate(a.IP, 64), truncate(a.UserAgent, 255), truncate(a.OS, 64), a.Site, now)
		return err
	})
}

// SessionByTokenHash returns the session and its user; (nil, nil, nil) when unknown.
func (s *Store) SessionByTokenHash(ctx context.Context, hash string) (_ *Session, _ *User, err error) {
	defer errs.Wrap(&err, "auth: session by token hash")
	var ss Session
	row := s.db.QueryRow(ctx, `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.ended_at, s.end_reason, s.kind,
		u.id, u.login_code, u.user_name, u.password_hash, u.state, u.update_pwd, u.user_type, u.unit_code, u.phone, u.email, u.last_login_at
		FROM sys_session s JOIN sys_user u ON u.id = s.user_id AND u.deleted_at IS NULL WHERE s.token_hash = ?`, hash)
	var u User
	err = row.Scan(&ss.ID, &ss.UserID, &ss.CreatedAt, &ss.LastSeenAt, &ss.ExpiresAt, &ss.EndedAt, &ss.EndReason, &ss.Kind,
		&u.ID, &u.LoginCode, &u.UserName, &u.PasswordHash, &u.State, &u.UpdatePwd, &u.UserType, &u.UnitCode, &u.Phone, &u.Email, &u.LastLoginAt)
	if db.IsNoRows(err) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return &ss, &u, nil
}

func (s *Store) TouchSession(ctx context.Context, id int64, at time.Time) (err error) {
	defer errs.Wrap(&err, "auth: touch session %d", id)
	_, err = s.db.Exec(ctx, `UPDATE sys_session SET last_seen_at = ? WHERE id = ?`, at, id)
	return err
}

func (s *Store) EndSession(ctx context.Context, id int64, reason string) (err error) {
	defer errs.Wrap(&err, "auth: end session %d", id)
	_, err = s.db.Exec(ctx, `UPDATE sys_session SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL`, time.Now().UTC(), reason, id)
	return err
}

// SetPassword stores a new hash, clears the must-change flag and ends every other session of the user.
func (s *Store) SetPassword(ctx context.Context, userID int64, hash string, updatePwd int, keepSession int64) (err error) {
	defer errs.Wrap(&err, "auth: set password %d", userID)
	now := time.Now().UTC()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE sys_user SET password_hash = ?, update_pwd = ?, updated_at = ? WHERE id = ?`, hash, updatePwd, now, userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE sys_session SET ended_at = ?, end_reason = ? WHERE user_id = ? AND id <> ? AND ended_at IS NULL`, now, EndPassword, userID, keepSession)
		return err
	})
}

// LogSecurityEvent records a refusal or another event worth an administrator's eye.
func (s *Store) LogSecurityEvent(ctx context.Context, userID int64, kind, detail, ip string) (err error) {
	defer errs.Wrap(&err, "auth: log security event %d", userID)
	var uid any
	if userID != 0 {
		uid = userID
	}
	_, err = s.db.Exec(ctx, `INSERT INTO security_event (user_id, kind, detail, client_ip, created_at) VALUES (?, ?, ?, ?, ?)`, uid, kind, truncate(detail, 500), truncate(ip, 64), time.Now().UTC())
	return err
}

// truncate fits client-sent text to a column of n characters: valid UTF-8 without NUL
// characters (PostgreSQL refuses both; each is replaced by U+FFFD), at most n runes.
func truncate(s string, n int) string {
	if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "\uFFFD")
	}
	if utf8.RuneCountInString(s) > n {
		return string([]rune(s)[:n])
	}
	return s
}

// AddRemember stores a renewal token of an HR-origin sign-in.
func (s *Store) AddRemember(ctx context.Context, tokenHash string, userID int64, ttl time.Duration) (err error) {
	defer errs.Wrap(&err, "auth: add remember %d", userID)
	now := time.Now().UTC()
	_, err = s.db.Exec(ctx, `INSERT INTO sys_remember (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`, tokenHash, userID, now, now.Add(ttl))
	return err
}

// UseRemember revokes a live renewal token and returns its user id; 0 when the token is unknown,
// expired or already used (each token renews once).
func (s *Store) UseRemember(ctx context.Context, tokenHash string) (_ int64, err error) {
	defer errs.Wrap(&err, "auth: use remember")
	var userID int64
	now := time.Now().UTC()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		err := tx.QueryRow(ctx, `SELECT user_id FROM sys_remember WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`, tokenHash, now).Scan(&userID)
		if db.IsNoRows(err) {
			userID = 0
			return nil
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE sys_remember SET revoked_at = ? WHERE token_hash = ?`, now, tokenHash)
		return err
	})
	return userID, err
}

// RevokeRemember ends every renewal token of a user (logout, password change).
func (s *Store) RevokeRemember(ctx context.Context, userID int64) (err error) {
	defer errs.Wrap(&err, "auth: revoke remember %d", userID)
	_, err = s.db.Exec(ctx, `UPDATE sys_remember SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, time.Now().UTC(), userID)
	return err
}

// VersionTopic is the change topic whose counter the triggers of migrations/022_auth_version.sql move.
const VersionTopic = "auth"

// AuthVersion is the counter that moves whenever a session ends or an account or grant that a
// caller's check depends on changes (triggers of migrations/022_auth_version.sql).
func (s *Store) AuthVersion(ctx context.Context) (_ int64, err error) {
	defer errs.Wrap(&err, "auth: auth version")
	var v int64
	err = s.db.QueryRow(ctx, `SELECT version FROM sys_change WHERE topic = ?`, VersionTopic).Scan(&v)
	if db.IsNoRows(err) {
		return 0, nil
	}
	return v, err
}

// SessionKeep is how long an ended or expired session stays in sys_session (the online-users and
// security views read it) before the purge task deletes it.
const SessionKeep = 30 * 24 * time.Hour

// PurgeExpired deletes the download tickets expired over an hour before now, and the sessions and
// remember-me tokens ended, revoked or expired over SessionKeep before now (the scheduled task
// "purge_sessions"). It answers how many rows of each it deleted.
func (s *Store) PurgeExpired(ctx context.Context, now time.Time) (tickets, sessions, remembers int64, err error) {
	defer errs.Wrap(&err, "auth: purge expired")
	now = now.UTC()
	cut := now.Add(-SessionKeep)
	steps := []struct {
		n    *int64
		stmt string
		args []any
	}{
		{&tickets, `DELETE FROM download_ticket WHERE expires_at < ? OR session_id IN (SELECT id FROM sys_session WHERE expires_at < ? OR ended_at < ?)`, []any{now.Add(-time.Hour), cut, cut}},
		{&sessions, `DELETE FROM sys_session WHERE expires_at < ? OR ended_at < ?`, []any{cut, cut}},
		{&remembers, `DELETE FROM sys_remember WHERE expires_at < ? OR revoked_at < ?`, []any{cut, cut}},
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, st := range steps {
			res, err := tx.Exec(ctx, st.stmt, st.args...)
			if err != nil {
				return err
			}
			*st.n, _ = res.RowsAffected()
		}
		return nil
	})
	return tickets, sessions, remembers, err
}
