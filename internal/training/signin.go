package training

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"biddesk/internal/audit"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// The sign-in code of a session changes every CodeStep (15 s): it is the HMAC-SHA256 of the session id and the
// time step under the server's key (training_key), its first 12 hex digits; nothing is stored per code. A code is
// taken during its own step and for CodeGrace (5 s) into the next, so a copy sent away works for at most 20 s.

func step(t time.Time) int64 { return t.Unix() / int64(CodeStep/time.Second) }

func (s *Service) codeAt(ctx context.Context, sessionID, st int64) (string, error) {
	key, err := s.secret(ctx)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strconv.FormatInt(sessionID, 10) + ":" + strconv.FormatInt(st, 10)))
	return hex.EncodeToString(m.Sum(nil))[:12], nil
}

// PhonePath is the phone page's address a session's QR code encodes.
func PhonePath(sessionID int64, code string) string {
	return "/h5Course?signin=" + strconv.FormatInt(sessionID, 10) + "&code=" + code
}

// checkCode tells whether code is the session's at now (its step, or the step before within the grace); a code of an
// earlier step of the last ten minutes is stale, anything else forged.
func (s *Service) checkCode(ctx context.Context, sessionID int64, code string, now time.Time) error {
	code = strings.ToLower(strings.TrimSpace(code))
	k := step(now)
	stepStart := time.Unix(k*int64(CodeStep/time.Second), 0)
	for back := int64(0); back <= 40; back++ {
		want, err := s.codeAt(ctx, sessionID, k-back)
		if err != nil {
			return err
		}
		if !hmac.Equal([]byte(want), []byte(code)) {
			continue
		}
		if back == 0 || (back == 1 && now.Sub(stepStart) < CodeGrace) {
			return nil
		}
		return httpx.Fail("training.code_stale")
	}
	return httpx.Fail("training.code_bad")
}

// Code is a session's current sign-in code with the window and counts, for the QR screen.
func (s *Service) Code(ctx context.Context, sessionID int64) (QR, error) {
	x, err := s.session(ctx, s.db, sessionID)
	if err != nil {
		return QR{}, fmt.Errorf("training: code of session %d: %w", sessionID, err)
	}
	now := s.now()
	code, err := s.codeAt(ctx, sessionID, step(now))
	if err != nil {
		return QR{}, err
	}
	before, after := s.window()
	q := QR{SessionID: sessionID, Code: code, Path: PhonePath(sessionID, code),
		ChangesAt: time.Unix((step(now)+1)*int64(CodeStep/time.Second), 0).UTC(),
		Opens:     x.StartsAt.Add(-before), Closes: x.StartsAt.Add(after), Signed: x.Signed}
	q.Open = !now.Before(q.Opens) && !now.After(q.Closes)
	q.Enrolled, err = countState(ctx, s.db, x.ClassID, EnrolEnrolled)
	return q, err
}

// SignInIn is a sign-in from the phone page: the session and code of the QR, the phone's position when it has one.
type SignInIn struct {
	H5Token   string  `param:"h5Token" max:"128" doc:"the mobile session (or the h5Token header)"`
	SessionID int64   `param:"sessionId,required"`
	Code      string  `param:"code,required" max:"64"`
	Lat       float64 `param:"lat"`
	Lng       float64 `param:"lng"`
	HasPos    bool    `param:"hasPosition" doc:"lat and lng are the phone's position"`
}

// SignIn signs the trainee in to a session: enrolled in its class, inside the window (15 minutes before to 30 after
// the start, system parameters), with the code of the QR screen (not stale, not forged), once, and within the
// session's radius when it has one. Present when before the start, late after it. Nothing is saved on a refusal.
func (s *Service) SignIn(ctx context.Context, userID int64, in SignInIn) (SignedIn, error) {
	now := s.now()
	var out SignedIn
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		x, err := s.session(ctx, tx, in.SessionID)
		if err != nil {
			return err
		}
		out.ClassName, out.Session = x.ClassName, title(x)
		var st string
		err = tx.QueryRow(ctx, `SELECT state FROM training_enrolment WHERE class_id = ? AND user_id = ?`, x.ClassID, userID).Scan(&st)
		if db.IsNoRows(err) || (err == nil && st != EnrolEnrolled) {
			return httpx.Fail("training.signin_not_enrolled", x.ClassName)
		} else if err != nil {
			return err
		}
		before, after := s.window()
		if now.Before(x.StartsAt.Add(-before)) {
			return httpx.Fail("training.signin_early", title(x), x.StartsAt.Add(-before).In(time.Local).Format("2006-01-02 15:04"))
		}
		if now.After(x.StartsAt.Add(after)) {
			return httpx.Fail("training.signin_closed", title(x), x.StartsAt.Add(after).In(time.Local).Format("2006-01-02 15:04"))
		}
		if err := s.checkCode(ctx, x.ID, in.Code, now); err != nil {
			return err
		}
		var at sql.NullTime
		err = tx.QueryRow(ctx, `SELECT signed_at FROM training_signin WHERE session_id = ? AND user_id = ?`, x.ID, userID).Scan(&at)
		if err == nil {
			when := "—"
			if at.Valid {
				when = at.Time.In(time.Local).Format("15:04:05")
			}
			return httpx.Fail("training.signin_twice", when)
		} else if !db.IsNoRows(err) {
			return err
		}
		if x.RadiusM > 0 {
			if !in.HasPos {
				return httpx.Fail("training.position_required")
			}
			if in.Lat < -90 || in.Lat > 90 || in.Lng < -180 || in.Lng > 180 {
				return httpx.Fail("training.position_bad")
			}
			if d := distance(x.Lat, x.Lng, in.Lat, in.Lng); d > float64(x.RadiusM) {
				return httpx.Fail("training.position_far", int(math.Round(d)), x.RadiusM)
			}
		}
		out.State = SignPresent
		if now.After(x.StartsAt) {
			out.State = SignLate
		}
		out.SignedAt = now.UTC()
		_, err = tx.Insert(ctx, `INSERT INTO training_signin (session_id, user_id, signed_at, state, method, lat, lng, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, x.ID, userID, out.SignedAt, out.State, MethodQR, in.Lat, in.Lng, out.SignedAt, out.SignedAt)
		if db.IsUniqueViolation(err) {
			return httpx.Fail("training.signin_twice", now.In(time.Local).Format("15:04:05"))
		}
		return err
	})
	if err != nil {
		return SignedIn{}, fmt.Errorf("training: sign in to session %d: %w", in.SessionID, err)
	}
	return out, nil
}

// SessionCard is what the phone page shows of the session a QR names, with the caller's sign-in.
func (s *Service) SessionCard(ctx context.Context, userID, sessionID int64) (SessionCard, error) {
	x, err := s.session(ctx, s.db, sessionID)
	if err != nil {
		return SessionCard{}, err
	}
	list := []Session{x}
	if err := s.fillMine(ctx, userID, list); err != nil {
		return SessionCard{}, err
	}
	return SessionCard{ID: x.ID, ClassName: x.ClassName, Title: title(x), StartsAt: x.StartsAt, EndsAt: x.EndsAt, Room: x.Room,
		NeedsPos: x.RadiusM > 0, MyState: list[0].MyState}, nil
}

// Sheet is a session's sign-in sheet: every trainee holding a seat, with their sign-in; one without a sign-in is
// absent once the window has closed.
func (s *Service) Sheet(ctx context.Context, sessionID int64) (Sheet, error) {
	x, err := s.session(ctx, s.db, sessionID)
	if err != nil {
		return Sheet{}, fmt.Errorf("training: sheet of session %d: %w", sessionID, err)
	}
	before, after := s.window()
	now := s.now()
	sh := Sheet{Session: x, Rows: []SheetRow{}, Opens: x.StartsAt.Add(-before), Closes: x.StartsAt.Add(after)}
	sh.Open = !now.Before(sh.Opens) && !now.After(sh.Closes)
	err = db.EachRow(ctx, s.db, `SELECT u.id, u.login_code, u.user_name, COALESCE(`+org.LabelSQL("un")+`, ''), COALESCE(g.state, ''), g.signed_at,
		COALESCE(g.method, ''), COALESCE(g.reason, '')
		FROM training_enrolment e JOIN sys_user u ON u.id = e.user_id LEFT JOIN org_unit un ON un.full_unit_code = u.unit_code
		LEFT JOIN training_signin g ON g.session_id = ? AND g.user_id = e.user_id
		WHERE e.class_id = ? AND (e.state = 'enrolled' OR g.id IS NOT NULL) ORDER BY u.login_code`, []any{sessionID, x.ClassID}, func(r db.Row) error {
		var row SheetRow
		var at sql.NullTime
		if err := r.Scan(&row.UserID, &row.LoginCode, &row.UserName, &row.UnitLabel, &row.State, &at, &row.Method, &row.Reason); err != nil {
			return err
		}
		if at.Valid {
			t := at.Time.UTC()
			row.SignedAt = &t
		}
		if row.State == "" {
			row.State = SignNone
			if now.After(sh.Closes) {
				row.State = SignAbsent
			}
		}
		switch row.State {
		case SignPresent:
			sh.Present++
		case SignLate:
			sh.Late++
		case SignAbsent:
			sh.Absent++
		}
		sh.Rows = append(sh.Rows, row)
		return nil
	})
	return sh, err
}

// CorrectIn is a manual correction of a trainee's sign-in by the class manager.
type CorrectIn struct {
	SessionID int64  `param:"sessionId,required"`
	UserID    int64  `param:"userId,required"`
	State     string `param:"state,required" enum:"present,late,absent"`
	Reason    string `param:"reason,required"`
}

// Correct sets a trainee's sign-in of a session by hand, with a reason, written to the business log.
func (s *Service) Correct(ctx context.Context, in CorrectIn) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	if in.State != SignPresent && in.State != SignLate && in.State != SignAbsent {
		return httpx.Fail("training.correct_state")
	}
	reason, err := text(in.Reason, "training.f.reason", ReasonMax, true)
	if err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		x, err := s.session(ctx, tx, in.SessionID)
		if err != nil {
			return err
		}
		var name, st string
		err = tx.QueryRow(ctx, `SELECT u.user_name, e.state FROM training_enrolment e JOIN sys_user u ON u.id = e.user_id WHERE e.class_id = ? AND e.user_id = ?`,
			x.ClassID, in.UserID).Scan(&name, &st)
		if db.IsNoRows(err) || (err == nil && st != EnrolEnrolled) {
			return httpx.Fail("training.not_student")
		} else if err != nil {
			return err
		}
		var before string
		err = tx.QueryRow(ctx, `SELECT state FROM training_signin WHERE session_id = ? AND user_id = ?`, in.SessionID, in.UserID).Scan(&before)
		now := s.now().UTC()
		var at any
		if in.State != SignAbsent {
			at = x.StartsAt
			if in.State == SignLate {
				at = now
				if now.Before(x.StartsAt) || now.After(x.EndsAt) {
					at = x.StartsAt.Add(time.Minute)
				}
			}
		}
		switch {
		case db.IsNoRows(err):
			before = SignNone
			_, err = tx.Insert(ctx, `INSERT INTO training_signin (session_id, user_id, signed_at, state, method, reason, corrected_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, in.SessionID, in.UserID, at, in.State, MethodManual, reason, p.UserID, now, now)
		case err != nil:
			return err
		default:
			_, err = tx.Exec(ctx, `UPDATE training_signin SET signed_at = COALESCE(signed_at, ?), state = ?, method = ?, reason = ?, corrected_by = ?, updated_at = ?
				WHERE session_id = ? AND user_id = ?`, at, in.State, MethodManual, reason, p.UserID, now, in.SessionID, in.UserID)
		}
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Change{Module: FunClass, Action: "correct", TargetID: in.SessionID,
			Target: x.ClassName + " / " + title(x) + " / " + name, Before: map[string]any{"state": before},
			After: map[string]any{"userId": in.UserID, "state": in.State, "reason": reason}})
	})
	if err != nil {
		return fmt.Errorf("training: correct sign-in of user %d in session %d: %w", in.UserID, in.SessionID, err)
	}
	return nil
}
