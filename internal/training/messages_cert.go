package training

import "biddesk/internal/platform/httpx"

// The messages of evaluations and certificates (evaluation.go, certificate.go).
func init() {
	httpx.RegisterMessages(map[string][2]string{
		"training.eval_stars":           {"请为%s打1到5星", "Please give %s 1 to 5 stars"},
		"training.eval_not_enrolled":    {"您没有报名培训班「%s」，不能评估", "You are not enrolled in class '%s': you cannot evaluate it"},
		"training.eval_not_ended":       {"「%s」尚未结束，结束后才能评估", "'%s' has not ended yet: evaluate it once it has"},
		"training.eval_twice":           {"您已于%[2]s评估过「%[1]s」，每人只能评估一次", "You evaluated '%[1]s' at %[2]s already: one evaluation each"},
		"training.f.courseStars":        {"课程评分", "the course"},
		"training.f.lecturerStars":      {"讲师评分", "the lecturer"},
		"training.f.comment":            {"评语", "Comment"},
		"training.cert_attendance":      {"出勤率要求应在0到100之间", "The attendance required is 0 to 100 %"},
		"training.cert_validity":        {"有效期应在0到%d个月之间", "The validity is 0 to %d months"},
		"training.cert_exam_not_found":  {"考试不存在", "No such exam"},
		"training.cert_nobody":          {"请选择要发证的学员", "Choose the trainees to issue the certificate to"},
		"training.cert_draft":           {"培训班「%s」还是草稿，不能发证", "Class '%s' is a draft: no certificate yet"},
		"training.cert_not_found":       {"证书不存在", "No such certificate"},
		"training.cert_revoked_already": {"证书%s已撤销", "Certificate %s is revoked already"},
		"training.verify_throttled":     {"查询过于频繁，请稍后再试", "Too many lookups: try again in a minute"},
		"training.col.target":           {"评估对象", "Evaluated"},
		"training.col.courseStars":      {"课程评分", "Course stars"},
		"training.col.lecturerStars":    {"讲师评分", "Lecturer stars"},
		"training.col.comment":          {"评语", "Comment"},
		"training.col.evaluatedAt":      {"评估时间", "Evaluated at"},
		"training.col.rating":           {"平均评分", "Average rating"},
		"training.col.attendance":       {"出勤率", "Attendance"},
		"training.col.evaluated":        {"已评估", "Evaluated"},
		"training.col.examPassed":       {"考试通过", "Exam passed"},
		"training.col.meets":            {"符合结业条件", "Meets the rule"},
		"training.col.serial":           {"证书编号", "Serial"},
		"training.col.issuedOn":         {"发证日期", "Issued on"},
		"training.col.validUntil":       {"有效期至", "Valid until"},
		"training.col.certState":        {"证书状态", "Certificate"},
		"training.col.reason":           {"撤销原因", "Revocation reason"},
		"training.cert.valid":           {"有效", "valid"},
		"training.cert.revoked":         {"已撤销", "revoked"},
		"training.cert.expired":         {"已过期", "expired"},
		"training.yesno.true":           {"是", "yes"},
		"training.yesno.false":          {"否", "no"},
		"training.file.evaluation":      {"培训评估", "evaluation"},
		"training.file.certification":   {"结业认证", "course certification"},
	})
}
