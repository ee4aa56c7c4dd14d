package auth

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
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
// absolute expiry are the web's, and so is its cache (Authenticate): a mobile session, its account and its
// function codes are read once and kept while the 'auth' counter stays, so sign-out, a newer login, a disabled
// account or a change of roles ends it at the next call on every instance, as it does a web session.
func (s *Service) AuthenticateH5(ctx context.Context, token string) (_ *Principal, err error) {
	defer errs.Wrap(&err, "auth: authenticate h5")
	return s.authenticate(ctx, token, true)
}

// LogoutH5 ends a mobile session.
func (s *Service) LogoutH5(ctx context.Context, p *Principal) (err error) {
	defer errs.Wrap(&err, "auth: logout h5")
	return s.store.EndSession(ctx, p.SessionID, EndLogout)
}

// UpdateLoginDate records now as the account's last sign-in (the plug-in calls it when it opens with a
// stored h5Token) and returns it.
func (s *Service) UpdateLoginDate(ctx context.Context, p *Principal) (_ time.Time, err error) {
	defer errs.Wrap(&err, "auth: update login date")
	now := s.now().UTC()
	if _, err := s.store.db.Exec(ctx, `UPDATE sys_user SET last_login_at = ? WHERE id = ?`, now, p.UserID); err != nil {
		return now, err
	}
	return now, s.store.TouchSession(ctx, p.SessionID, now)
}

// HandoverTTL is how long a hand-over code stays usable: the web page asks for it and the learner page, in the
// same browser, exchanges it at once.
const HandoverTTL = 60 * time.Second

// ReasonHandover is the login log's reason of a mobile session opened by a hand-over code.
const ReasonHandover = "handover"

// handoverPath marks a hand-over code among the single-use tickets (table download_ticket). It is no route path
// (no leading '/'): the download guard redeems a ticket only for the path it serves, and the common ticket call
// issues one only for a download route, so a hand-over code opens no download and no download ticket is a code.
const handoverPath = "h5:handover"

// ErrHandoverInvalid answers a hand-over code that is unknown, used, expired, or whose web session has ended.
var ErrHandoverInvalid = httpx.Fail("h5.handover_invalid")

// Handover is a single-use code that opens a mobile session for the holder of a web session (the portal's way
// into /h5Course without a second sign-in).
type Handover struct {
	Code      string `json:"code" doc:"single use; exchanged by POST, never put in an address"`
	ExpiresIn int    `json:"expiresIn" doc:"seconds the code is valid"`
}

// IssueHandover makes a hand-over code bound to the caller's web session: only the hash is stored, it lives
// HandoverTTL, opens one mobile session, and dies with the web session (sign-out, kick-out, password change,
// disabled account).
func (s *Service) IssueHandover(ctx context.Context, p *Principal) (_ *Handover, err error) {
	defer errs.Wrap(&err, "auth: issue handover")
	if p == nil || p.SessionID == 0 {
		return nil, ErrHandoverInvalid
	}
	var kind string
	if err := s.store.db.QueryRow(ctx, `SELECT kind FROM sys_session WHERE id = ? AND ended_at IS NULL`, p.SessionID).Scan(&kind); err != nil {
		if db.IsNoRows(err) {
			return nil, ErrHandoverInvalid
		}
		return nil, fmt.Errorf("handover: session %d: %w", p.SessionID, err)
	}
	if kind != KindWeb {
		return nil, ErrHandoverInvalid
	}
	code, err := s.issueSingleUse(ctx, p, handoverPath, HandoverTTL)
	if err != nil {
		return nil, fmt.Errorf("handover: issue for user %d: %w", p.UserID, err)
	}
	return &Handover{Code: code, ExpiresIn: int(HandoverTTL / time.Second)}, nil
}

// RedeemHandover uses up a hand-over code and opens a mobile session (kind h5) for its account, logged as a
// sign-in with reason handover. The code is taken by one atomic update, so two exchanges racing get one session;
// it must be unused, unexpired, and its web session still open. The account must still be usable and a staff
// account (the curriculum users' sign-in is the staff one).
func (s *Service) RedeemHandover(ctx context.Context, code, ip, userAgent, os string) (_ *SessionUser, err error) {
	defer errs.Wrap(&err, "auth: redeem handover")
	if code == "" || len(code) > 128 {
		return nil, ErrHandoverInvalid
	}
	now := s.now()
	var userID, sessionID int64
	err = s.store.db.QueryRow(ctx, `UPDATE download_ticket SET used_at = ? WHERE ticket_hash = ? AND path = ? AND used_at IS NULL AND expires_at > ?
		AND session_id IN (SELECT id FROM sys_session WHERE ended_at IS NULL AND expires_at > ? AND kind = ?) RETURNING user_id, session_id`,
		now, HashToken(code), handoverPath, now, now, KindWeb).Scan(&userID, &sessionID)
	if db.IsNoRows(err) {
		return nil, ErrHandoverInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("handover: redeem: %w", err)
	}
	u, err := s.store.UserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if ok, err := s.usable(ctx, u); err != nil {
		return nil, err
	} else if !ok || u.UserType != SiteStaff {
		return nil, ErrHandoverInvalid
	}
	attempt := LoginAttempt{LoginCode: u.LoginCode, UserID: u.ID, IP: ip, UserAgent: userAgent, OS: os, Site: u.UserType,
		Reason: ReasonHandover, Kind: KindH5}
	return s.open(ctx, u, attempt, false)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"h5.unauthorized":     {"登录已失效，请重新登录", "Your sign-in has expired; please sign in again"},
		"h5.handover_invalid": {"无法沿用网页端的登录，请重新登录", "The web sign-in could not be carried over; please sign in"},
	})
}

// OpenAPIName tells the hand-over code from the staff data hand-over (internal/handover).
func (Handover) OpenAPIName() string { return "H5Handover" }

// H5Token is the phone page's token of a request: the h5Token header, else a bearer Authorization, else param
// (the h5Token parameter of the call).
func H5Token(r *http.Request, param string) string {
	token := strings.TrimSpace(r.Header.Get("h5Token"))
	if token == "" {
		if b, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			token = strings.TrimSpace(b)
		}
	}
	if token == "" {
		token = strings.TrimSpace(param)
	}
	return token
}

// PhoneCaller is the phone page's caller of a staff area's call (training, exams): the request's h5Token
// (H5Token) resolved by authn (the wiring's AuthenticateH5; nil: the area has no phone page, every call is
// refused), holding funCode. It records the caller in the request's information (the logs) and answers the
// request's context carrying the principal, as the web's guard does for a web session.
func PhoneCaller(r *http.Request, param string, authn func(ctx context.Context, token string) (*Principal, error), funCode string) (*Principal, context.Context, error) {
	if authn == nil {
		return nil, nil, httpx.ErrTokenInvalid
	}
	p, err := authn(r.Context(), H5Token(r, param))
	if err != nil {
		return nil, nil, err
	}
	if !p.Can(funCode) {
		return nil, nil, httpx.ErrForbidden
	}
	ri := httpx.InfoFrom(r.Context())
	ri.UserID, ri.LoginCode, ri.UserName = p.UserID, p.LoginCode, p.UserName
	return p, WithPrincipal(r.Context(), p), nil
}
