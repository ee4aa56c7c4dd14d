package training

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// The public verification call answers at most VerifyPerMinute lookups per client address and minute (per
// instance); more are refused with 429 until the minute turns.
const VerifyPerMinute = 30

// limiter counts calls per address in fixed one-minute windows.
type limiter struct {
	mu     sync.Mutex
	window int64
	counts map[string]int
}

func (l *limiter) allow(addr string, now time.Time, max int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if w := now.Unix() / 60; w != l.window || l.counts == nil {
		l.window, l.counts = w, map[string]int{}
	}
	if l.counts[addr] >= max {
		return false
	}
	l.counts[addr]++
	return true
}

var errVerifyThrottled = &httpx.Error{Code: httpx.CodeThrottled, Status: http.StatusTooManyRequests, Key: "training.verify_throttled"}

// CertIDIn names a certificate (the phone page adds its h5Token).
type CertIDIn struct {
	H5Token string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	ID      int64  `param:"id,required"`
}

// SerialIn names a certificate by its serial.
type SerialIn struct {
	Serial string `param:"serial,required" max:"32"`
}

// CertRuleGet is GET /api/training/cert/rule.
func (h *Handlers) CertRuleGet(r *http.Request, in ClassIDIn) (CertRule, error) {
	if _, err := h.svc.classFor(r.Context(), h.svc.db, in.ClassID); err != nil {
		return CertRule{}, err
	}
	return h.svc.CertRuleOf(r.Context(), h.svc.db, in.ClassID)
}

// CertRulePut is PUT /api/training/cert/rule.
func (h *Handlers) CertRulePut(r *http.Request, in CertRule) (route.None, error) {
	return route.None{}, h.svc.SaveCertRule(lang(r), in)
}

// ExamsIn searches the exam picker by the exam's name.
type ExamsIn struct {
	Keyword string `param:"keyword" max:"100" doc:"part of the exam's name; '' the newest"`
}

// CertExams is GET /api/training/cert/exams.
func (h *Handlers) CertExams(r *http.Request, in ExamsIn) ([]ExamOption, error) {
	if h.svc.exams == nil {
		return []ExamOption{}, nil
	}
	return h.svc.exams.ExamOptions(r.Context(), strings.TrimSpace(in.Keyword))
}

// CertCandidates is GET /api/training/cert/list.
func (h *Handlers) CertCandidates(r *http.Request, in ClassIDIn) ([]Candidate, error) {
	return h.svc.Candidates(r.Context(), in.ClassID)
}

// CertIssue is POST /api/training/cert/issue.
func (h *Handlers) CertIssue(r *http.Request, in IssueIn) (Issued, error) {
	return h.svc.Issue(lang(r), in)
}

// CertRevoke is PUT /api/training/cert/revoke.
func (h *Handlers) CertRevoke(r *http.Request, in RevokeIn) (route.None, error) {
	return route.None{}, h.svc.Revoke(lang(r), in)
}

// CertExport is GET /api/training/cert/export: Export 'course certification'.
func (h *Handlers) CertExport(w http.ResponseWriter, r *http.Request, in ClassIDIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	list, err := h.svc.Candidates(r.Context(), in.ClassID)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.login"), tr(l, "training.col.name"), tr(l, "training.col.unit"), tr(l, "training.col.attendance"),
		tr(l, "training.col.evaluated"), tr(l, "training.col.examPassed"), tr(l, "training.col.meets"), tr(l, "training.col.serial"),
		tr(l, "training.col.issuedOn"), tr(l, "training.col.validUntil"), tr(l, "training.col.certState"), tr(l, "training.col.revokeReason")}
	yes := func(b bool) string { return tr(l, "training.yesno."+strconv.FormatBool(b)) }
	return export.Stream(w, format, tr(l, "training.file.certification"), header, func(x export.Writer) error {
		for _, c := range list {
			serial, issued, until, state, reason := "", "", "", "", ""
			if ct := c.Certificate; ct != nil {
				serial, issued, until, state, reason = ct.Serial, ct.IssuedOn, ct.ValidUntil, tr(l, "training.cert."+ct.State), ct.RevokeReason
			}
			if err := x.Row(c.LoginCode, c.UserName, c.UnitLabel, strconv.Itoa(c.Attendance)+"%", yes(c.Evaluated), yes(c.ExamPassed), yes(c.Meets),
				serial, issued, until, state, reason); err != nil {
				return err
			}
		}
		return nil
	})
}

// origin is this site's address as the caller reached it (the QR of a certificate points back to it).
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func (h *Handlers) writePDF(w http.ResponseWriter, r *http.Request, c Certificate) error {
	b, err := CertificatePDF(c, origin(r)+VerifyPath(c.Serial))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+c.Serial+`.pdf"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	http.ServeContent(w, r, c.Serial+".pdf", time.Time{}, bytes.NewReader(b))
	return nil
}

// CertPDF is GET /api/training/cert/pdf: any certificate, for the class's administrators.
func (h *Handlers) CertPDF(w http.ResponseWriter, r *http.Request, in CertIDIn) error {
	c, err := h.svc.Certificate(r.Context(), in.ID)
	if err != nil {
		return err
	}
	return h.writePDF(w, r, c)
}

// PortalCertificates is GET /api/portal/training/certificates.
func (h *Handlers) PortalCertificates(r *http.Request, _ TokenIn) ([]Certificate, error) {
	p, err := web(r)
	if err != nil {
		return nil, err
	}
	return h.svc.MyCertificates(r.Context(), p.UserID)
}

// mine is the caller's own certificate id (another's is not found).
func (h *Handlers) mine(r *http.Request, userID, id int64) (Certificate, error) {
	c, err := h.svc.Certificate(r.Context(), id)
	if err != nil {
		return c, err
	}
	if c.UserID != userID {
		return Certificate{}, httpx.Fail("training.cert_not_found")
	}
	return c, nil
}

// PortalCertPDF is GET /api/portal/training/certificate/pdf: the caller's own certificate.
func (h *Handlers) PortalCertPDF(w http.ResponseWriter, r *http.Request, in CertIDIn) error {
	p, err := web(r)
	if err != nil {
		return err
	}
	c, err := h.mine(r, p.UserID, in.ID)
	if err != nil {
		return err
	}
	return h.writePDF(w, r, c)
}

// H5Certificates is GET /api/biapp/training/certificates.
func (h *Handlers) H5Certificates(r *http.Request, in TokenIn) ([]Certificate, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return nil, err
	}
	return h.svc.MyCertificates(ctx, p.UserID)
}

// H5CertPDF is GET /api/biapp/training/certificate/pdf: the caller's own certificate (h5Token).
func (h *Handlers) H5CertPDF(w http.ResponseWriter, r *http.Request, in CertIDIn) error {
	p, _, err := h.phone(r, in.H5Token)
	if err != nil {
		return err
	}
	c, err := h.mine(r, p.UserID, in.ID)
	if err != nil {
		return err
	}
	return h.writePDF(w, r, c)
}

// VerifyCert is GET /api/verify/cert: public, throttled per address.
func (h *Handlers) VerifyCert(r *http.Request, in SerialIn) (Verification, error) {
	if !h.verifyLimit.allow(httpx.ClientIP(r), h.svc.now(), VerifyPerMinute) {
		return Verification{}, errVerifyThrottled
	}
	return h.svc.Verify(r.Context(), in.Serial)
}

// certRoutes are the calls of evaluations and certificates (evaluation.go, certificate.go).
func (h *Handlers) certRoutes() []route.Route {
	const phone = "/api/biapp/training/"
	return []route.Route{
		route.Call("GET", "/api/training/evaluation/class", FunClass, h.EvalClass).
			Doc("A class's evaluations: the whole, per session, lecturer and course with the distribution of stars, and the comments, without who gave them", "培训评估结果"),
		route.Call("GET", "/api/training/evaluation/lecturer", route.AnyOf(FunLecturer, FunClass), h.EvalLecturer).
			Doc("A lecturer's evaluations over the sessions they gave: averages, distribution and comments, without who gave them", "讲师评估结果"),
		route.DownloadCall("/api/training/evaluation/export", FunClass, h.EvalExport).
			Doc("Export 'evaluation': a class's evaluations (target, course, lecturer, stars, comment, date) without who gave them", "导出评估"),

		route.Call("GET", "/api/training/cert/rule", FunClass, h.CertRuleGet).Doc("A class's certificate rule (what completes it)", "结业规则"),
		route.Call("PUT", "/api/training/cert/rule", FunClass, h.CertRulePut).
			Doc("Set a class's certificate rule: attendance at least N %, an evaluation given, an exam passed, validity in months, the reward kind and level its certificates count as", "设置结业规则"),
		route.Call("GET", "/api/training/cert/exams", FunClass, h.CertExams).
			Doc("The exams a certificate rule may name, searched by name, newest first (at most 30), with their state and open period", "结业考试选项"),
		route.Call("GET", "/api/training/cert/list", FunClass, h.CertCandidates).
			Doc("A class's seated trainees against its rule (attendance, evaluation, exam) with their certificates", "结业认证名单"),
		route.Call("POST", "/api/training/cert/issue", FunClass, h.CertIssue).
			Doc("Issue the class's certificate by hand to trainees holding a seat (a live certificate is skipped)", "颁发证书"),
		route.Call("PUT", "/api/training/cert/revoke", FunClass, h.CertRevoke).
			Doc("Revoke a certificate with a reason, in the business log", "撤销证书"),
		route.DownloadCall("/api/training/cert/pdf", FunClass, h.CertPDF).Doc("A certificate as PDF with the QR code of its verification page", "下载证书"),
		route.DownloadCall("/api/training/cert/export", FunClass, h.CertExport).
			Doc("Export 'course certification': a class's trainees against its rule with their certificates", "导出结业认证"),

		route.Call("GET", "/api/portal/training/evaluations", FunPortal, h.PortalEvaluations).
			Doc("My ended sessions and classes to evaluate, with whether I have (staff only)", "我的待评估"),
		route.Call("POST", "/api/portal/training/evaluate", FunPortal, h.PortalEvaluate).
			Doc("Evaluate an ended session or class: course and lecturer stars (1-5) and a comment, once", "提交评估"),
		route.Call("GET", "/api/portal/training/certificates", FunPortal, h.PortalCertificates).Doc("My certificates", "我的证书"),
		route.DownloadCall("/api/portal/training/certificate/pdf", FunPortal, h.PortalCertPDF).Doc("One of my certificates as PDF", "下载我的证书"),

		route.Call("GET", phone+"evaluations", route.Public, h.H5Evaluations).Doc("My sessions and classes to evaluate, for the phone page (h5Token)", "移动端待评估"),
		route.Call("POST", phone+"evaluate", route.Public, h.H5Evaluate).Doc("Evaluate an ended session or class, for the phone page (h5Token)", "移动端提交评估"),
		route.Call("GET", phone+"certificates", route.Public, h.H5Certificates).Doc("My certificates, for the phone page (h5Token)", "移动端我的证书"),
		route.DownloadCall(phone+"certificate/pdf", route.Public, h.H5CertPDF).Doc("One of my certificates as PDF, for the phone page (h5Token)", "移动端下载证书"),

		route.Call("GET", "/api/verify/cert", route.Public, h.VerifyCert).
			Doc("Public verification of a certificate by serial: valid, revoked or expired, its class and the holder's masked name only; throttled per address", "证书验证"),
	}
}
