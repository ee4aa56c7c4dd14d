package auth

import (
	"context"
	"net/http"
	"time"

	"biddesk/internal/platform/httpx"
)

// Kinds of session: the web's (AccessToken) and the mobile plug-in's (h5Token, the curriculum-user API).
// A token of one kind is refused by the other; both end together on a password reset or a disabled account.
const (
	KindWeb = "web"
	KindH5  = "h5"
)

// CodeH5Unauthorized is spec section 8's code 401 of the mobile client: the h5Token is missing, unknown, ended
// or expired; the client shows the message, clears its token and returns to the plug-in's login.
const CodeH5Unauthorized = 401

// ErrH5Unauthorized answers any unusable h5Token.
var ErrH5Unauthorized = &httpx.Error{Code: CodeH5Unauthorized, Status: http.StatusUnauthorized, Key: "h5.unauthorized"}

// h5User is the mobile sign-in's answer: the token and the account's name and unit (no menus, no dictionaries).
func (s *Service) h5User(ctx context.Context, u *User, token string) (*SessionUser, error) {
	unitName, err := s.units.UnitName(ctx, u.UnitCode)
	if err != nil {
		return nil, err
	}
	return &SessionUser{AccessToken: token, UserName: u.UserName, LoginCode: u.LoginCode, UserID: u.ID, UnitName: unitName,
		Roles: []string{}, SysMenus: []*Menu{}}, nil
}

// AuthenticateH5 resolves an h5Token to its caller; every failure is ErrH5Unauthorized. The session's idle and
// absolute expiry are the web's.
func (s *Service) AuthenticateH5(ctx context.Context, token string) (*Principal, error) {
	if token == "" || len(token) > 128 {
		return nil, ErrH5Unauthorized
	}
	ss, u, err := s.store.SessionByTokenHash(ctx, HashToken(token))
	if err != nil {
		return nil, err
	}
	if ss == nil || ss.Kind != KindH5 || ss.EndedAt.Valid {
		return nil, ErrH5Unauthorized
	}
	now := s.now()
	if now.After(ss.ExpiresAt) || now.Sub(ss.LastSeenAt) > s.policy.SessionIdle() {
		_ = s.store.EndSession(ctx, ss.ID, EndExpired)
		return nil, ErrH5Unauthorized
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, err
	} else if !ok {
		_ = s.store.EndSession(ctx, ss.ID, EndDisabled)
		return nil, ErrH5Unauthorized
	}
	if now.Sub(ss.LastSeenAt) > time.Minute {
		if err := s.store.TouchSession(ctx, ss.ID, now); err != nil {
			return nil, err
		}
	}
	return s.principalOf(ctx, u, ss.ID)
}

// LogoutH5 ends a mobile session.
func (s *Service) LogoutH5(ctx context.Context, p *Principal) error {
	return s.store.EndSession(ctx, p.SessionID, EndLogout)
}

// UpdateLoginDate records now as the account's last sign-in (the plug-in calls it when it opens with a
// stored h5Token) and returns it.
func (s *Service) UpdateLoginDate(ctx context.Context, p *Principal) (time.Time, error) {
	now := s.now().UTC()
	if _, err := s.store.db.Exec(ctx, `UPDATE sys_user SET last_login_at = ? WHERE id = ?`, now, p.UserID); err != nil {
		return now, err
	}
	return now, s.store.TouchSession(ctx, p.SessionID, now)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"h5.unauthorized": {"登录已失效，请重新登录", "Your sign-in has expired; please sign in again"},
	})
}
