package content

import (
	"context"
	"net/http"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// The curriculum-user API (spec section 7): the mobile plug-in's sign-in with its own session (h5Token, kind h5
// of the sessions), forgotten passwords with the verification codes of /api/getVerify (same machinery, same
// throttle, same answer for an unknown account), sign-out and the sign-in date; and what the learner page reads
// with it (pushed courses, a course's courseware, signed addresses). Every failure of the h5Token is code 401
// (spec section 8).

// Learner is a signed-in curriculum user.
type Learner struct {
	Token        string
	UserID       int64
	LoginCode    string
	UserName     string
	UnitName     string
	EmployeeCode string
}

// CodeSent is what sending a verification code answers (the same for an unknown account).
type CodeSent struct {
	ExpiresIn int `json:"expiresIn" doc:"seconds the code is valid"`
	ResendIn  int `json:"resendIn" doc:"seconds before another code may be asked"`
}

// Learners is what the curriculum-user API needs of the sign-in area.
type Learners interface {
	Login(ctx context.Context, loginCode, password, os, ip, userAgent string) (Learner, error)
	Authenticate(ctx context.Context, token string) (*auth.Principal, error)
	Logout(ctx context.Context, p *auth.Principal) error
	UpdateLoginDate(ctx context.Context, p *auth.Principal) (time.Time, error)
	SendCode(ctx context.Context, loginCode, ip, lang string) (CodeSent, error)
	ResetPassword(ctx context.Context, loginCode, code, newPassword, replacePassword, ip, userAgent string) error
	// Holder is the account of an open session (web or mobile) with its current function codes, nil when the
	// session has ended or the account may no longer be answered: a signed play address is checked with it.
	Holder(ctx context.Context, sessionID int64) (*auth.Principal, error)
	// Handover is a single-use code bound to the caller's web session; LoginByHandover uses it up and opens a
	// mobile session for that account (the portal's way into the learner page without a second sign-in).
	Handover(ctx context.Context, p *auth.Principal) (auth.Handover, error)
	LoginByHandover(ctx context.Context, code, os, ip, userAgent string) (Learner, error)
}

// UseLearners gives the service the curriculum-user API's accounts.
func (s *Service) UseLearners(l Learners) { s.learners = l }

// H5UserInfo and H5EmployeeInfo are the mobile session data of spec section 3 (h5userInfo, h5employeeInfo).
type H5UserInfo struct {
	UserID    int64  `json:"userId"`
	LoginCode string `json:"loginCode"`
	UserName  string `json:"userName"`
	UnitName  string `json:"unitName"`
}

type H5EmployeeInfo struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	UnitName string `json:"unitName"`
}

// H5Session is what the mobile sign-in answers.
type H5Session struct {
	H5Token        string         `json:"h5Token"`
	H5UserInfo     H5UserInfo     `json:"h5userInfo"`
	H5EmployeeInfo H5EmployeeInfo `json:"h5employeeInfo"`
}

// H5LoginIn is the mobile sign-in's input (the parameter names of the web's sign-in).
type H5LoginIn struct {
	LoginCode string `param:"LoginCode" max:"64" doc:"login code (required)"`
	PassWord  string `param:"PassWord" max:"128" doc:"password (required)"`
	OS        string `param:"os" max:"64"`
}

// H5Login is POST /api/biapp/curriculum/user/login: throttled and logged like the web's sign-in, one generic
// failure message; a new mobile sign-in ends the account's other mobile sessions (not its web ones).
func (h *Handlers) H5Login(r *http.Request, in H5LoginIn) (H5Session, error) {
	l, err := h.svc.learners.Login(r.Context(), in.LoginCode, in.PassWord, in.OS, httpx.ClientIP(r), r.UserAgent())
	if err != nil {
		return H5Session{}, err
	}
	return h5Session(l), nil
}

func h5Session(l Learner) H5Session {
	return H5Session{H5Token: l.Token,
		H5UserInfo:     H5UserInfo{UserID: l.UserID, LoginCode: l.LoginCode, UserName: l.UserName, UnitName: l.UnitName},
		H5EmployeeInfo: H5EmployeeInfo{Code: l.EmployeeCode, Name: l.UserName, UnitName: l.UnitName}}
}

// SendYzmIn names the account a code is sent for.
type SendYzmIn struct {
	LoginCode string `param:"LoginCode" max:"64" doc:"the account's login code (required)"`
}

// SendYzm is GET /api/biapp/curriculum/user/sendYzm: a verification code to the account's phone (or e-mail).
func (h *Handlers) SendYzm(r *http.Request, in SendYzmIn) (CodeSent, error) {
	return h.svc.learners.SendCode(r.Context(), in.LoginCode, httpx.ClientIP(r), httpx.Lang(r))
}

// ForgetswordIn sets a new password with a code.
type ForgetswordIn struct {
	LoginCode       string `param:"LoginCode" max:"64" doc:"the account's login code (required)"`
	Yzm             string `param:"yzm" max:"16" doc:"the 6-digit code of sendYzm (required)"`
	NewPassword     string `param:"newPassword" doc:"6-16 characters, at least 2 of 4 kinds (required)"`
	ReplacePassword string `param:"replacePassword" doc:"the new password again (required)"`
}

// Forgetsword is POST /api/biapp/curriculum/user/forgetsword: every session of the account ends.
func (h *Handlers) Forgetsword(r *http.Request, in ForgetswordIn) (route.None, error) {
	return route.None{}, h.svc.learners.ResetPassword(r.Context(), in.LoginCode, in.Yzm, in.NewPassword, in.ReplacePassword,
		httpx.ClientIP(r), r.UserAgent())
}

// H5TokenIn carries the mobile session's token (also accepted as the h5Token header or Authorization: Bearer).
type H5TokenIn struct {
	H5Token string `param:"h5Token" max:"128" doc:"the mobile session (or the h5Token header, or Authorization: Bearer)"`
}

// h5Caller is the mobile caller of a request; code 401 when its h5Token is not usable.
func (h *Handlers) h5Caller(r *http.Request, param string) (*auth.Principal, error) {
	p, err := h.svc.learners.Authenticate(r.Context(), auth.H5Token(r, param))
	if err != nil {
		return nil, err
	}
	ri := httpx.InfoFrom(r.Context())
	ri.UserID, ri.LoginCode, ri.UserName = p.UserID, p.LoginCode, p.UserName
	return p, nil
}

// learnerMay checks that the mobile caller may read courses: the portal's function code, and no password that an
// administrator set and the account has not changed yet (the web's rule; the plug-in's way out is forgetsword).
func learnerMay(p *auth.Principal) error {
	if !p.Can(FunPortal) {
		return httpx.ErrForbidden
	}
	if p.MustChangePassword {
		return httpx.Fail("auth.must_change_password")
	}
	return nil
}

// OutLogin is GET /api/biapp/curriculum/user/outLogin: the mobile session ends.
func (h *Handlers) OutLogin(r *http.Request, in H5TokenIn) (route.None, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.learners.Logout(r.Context(), p)
}

// LoginDate is what updateLoginDate answers.
type LoginDate struct {
	LoginDate time.Time `json:"loginDate"`
}

// UpdateLoginDate is GET /api/biapp/curriculum/user/updateLoginDate.
func (h *Handlers) UpdateLoginDate(r *http.Request, in H5TokenIn) (LoginDate, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return LoginDate{}, err
	}
	t, err := h.svc.learners.UpdateLoginDate(r.Context(), p)
	return LoginDate{LoginDate: t}, err
}

// H5Courses is GET /api/biapp/curriculum/user/courses: what has been pushed to the mobile caller.
func (h *Handlers) H5Courses(r *http.Request, in H5TokenIn) ([]PushItem, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return nil, err
	}
	if err := learnerMay(p); err != nil {
		return nil, err
	}
	return h.svc.Mine(r.Context(), p)
}

// H5CourseIn names a course of the mobile caller.
type H5CourseIn struct {
	H5TokenIn
	ID int64 `param:"id,required"`
}

// H5Course is GET /api/biapp/curriculum/user/course: an offered course and its ready courseware.
func (h *Handlers) H5Course(r *http.Request, in H5CourseIn) (LearnerCourse, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return LearnerCourse{}, err
	}
	if err := learnerMay(p); err != nil {
		return LearnerCourse{}, err
	}
	return h.svc.LearnerCourse(r.Context(), in.ID, httpx.Lang(r))
}

// H5Special is GET /api/biapp/curriculum/user/special: a published topic with its offered courses and topics.
func (h *Handlers) H5Special(r *http.Request, in H5CourseIn) (SpecialView, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return SpecialView{}, err
	}
	if err := learnerMay(p); err != nil {
		return SpecialView{}, err
	}
	return h.svc.SpecialView(r.Context(), in.ID)
}

// H5Catalog is GET /api/biapp/curriculum/user/catalog: the offered courses and first-level topics.
func (h *Handlers) H5Catalog(r *http.Request, in H5TokenIn) (Catalog, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return Catalog{}, err
	}
	if err := learnerMay(p); err != nil {
		return Catalog{}, err
	}
	return h.svc.Catalog(r.Context())
}

// Handover is POST /api/biapp/curriculum/user/handover, called with the web session: a single-use code, valid
// 60 s and bound to that session, that the learner page of the same browser exchanges for a mobile session
// (handoverLogin) instead of asking the staff member to sign in again.
func (h *Handlers) Handover(r *http.Request, _ route.None) (auth.Handover, error) {
	return h.svc.learners.Handover(r.Context(), auth.PrincipalFrom(r.Context()))
}

// HandoverLoginIn carries a hand-over code (in the body of a POST, never in an address).
type HandoverLoginIn struct {
	Code string `param:"code" max:"128" doc:"the code of handover (required)"`
	OS   string `param:"os" max:"64"`
}

// HandoverLogin is POST /api/biapp/curriculum/user/handoverLogin: the code is used up and a mobile session opens
// for the account of the web session that asked for it, still open.
func (h *Handlers) HandoverLogin(r *http.Request, in HandoverLoginIn) (H5Session, error) {
	l, err := h.svc.learners.LoginByHandover(r.Context(), in.Code, in.OS, httpx.ClientIP(r), r.UserAgent())
	if err != nil {
		return H5Session{}, err
	}
	return h5Session(l), nil
}

// H5Sig is GET /api/biapp/curriculum/user/getSig: a signed address of a courseware of an offered course.
func (h *Handlers) H5Sig(r *http.Request, in H5CourseIn) (Sig, error) {
	p, err := h.h5Caller(r, in.H5Token)
	if err != nil {
		return Sig{}, err
	}
	if err := learnerMay(p); err != nil {
		return Sig{}, err
	}
	return h.svc.Sig(r.Context(), p, in.ID)
}

func (s *Service) mobileRoutes(h *Handlers) []route.Route {
	const base = "/api/biapp/curriculum/user/"
	return []route.Route{
		route.Call("POST", base+"login", route.Public, h.H5Login).
			Doc("Mobile sign-in of a curriculum user: the h5Token of a mobile session (throttled like /api/login)", "学员移动端登录"),
		route.Call("POST", base+"forgetsword", route.Public, h.Forgetsword).
			Doc("Set a new password with the code of sendYzm; every session of the account ends", "学员忘记密码"),
		route.Call("GET", base+"sendYzm", route.Public, h.SendYzm).
			Doc("Send a verification code (6 digits, 10 minutes, single use; throttled per account and address; the same answer for an unknown account)", "发送验证码"),
		route.Call("GET", base+"outLogin", route.Public, h.OutLogin).
			Doc("End the mobile session (code 401 without a usable h5Token)", "学员退出登录"),
		route.Call("GET", base+"updateLoginDate", route.Public, h.UpdateLoginDate).
			Doc("Record the sign-in date of the mobile caller (code 401 without a usable h5Token)", "更新登录时间"),
		route.Call("GET", base+"courses", route.Public, h.H5Courses).
			Doc("The courses and topics pushed to the mobile caller (code 401 without a usable h5Token)", "学员推送课程"),
		route.Call("GET", base+"course", route.Public, h.H5Course).
			Doc("An offered course with its ready courseware, for the mobile caller", "学员课程详情"),
		route.Call("GET", base+"getSig", route.Public, h.H5Sig).
			Doc("A signed address of a courseware of an offered course, for the mobile caller", "学员课件签名地址"),
		route.Call("GET", base+"special", route.Public, h.H5Special).
			Doc("A published topic with its offered courses and second-level topics, for the mobile caller", "学员专题详情"),
		route.Call("GET", base+"catalog", route.Public, h.H5Catalog).
			Doc("The offered courses and published first-level topics, for the mobile caller", "学员可学课程"),
		route.Call("POST", base+"handover", FunPortal, h.Handover).
			Doc("With the web session: a single-use code (60 s, bound to that session) that the learner page exchanges for a mobile session", "网页登录转移动学习凭证"),
		route.Call("POST", base+"handoverLogin", route.Public, h.HandoverLogin).
			Doc("Exchange a hand-over code for an h5Token (single use; refused once the web session has ended)", "凭网页登录进入移动学习"),
	}
}
