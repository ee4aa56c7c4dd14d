package stats

import "biddesk/internal/platform/httpx"

// The messages of the training statistics (/statistics_training).
func init() {
	httpx.RegisterMessages(map[string][2]string{
		"stats.file.training":           {"培训统计", "training statistics"},
		"stats.t.trainingUnits":         {"各单位出勤率与结业率（%）", "Attendance and completion rates by unit (%)"},
		"stats.t.trainingUnitHours":     {"各单位培训学时", "Training hours by unit"},
		"stats.t.trainingTrend":         {"各月签到人次与培训学时", "Sign-ins and training hours by month"},
		"stats.t.trainingPeople":        {"员工培训学时", "Training hours per employee"},
		"stats.t.trainingLecturers":     {"讲师授课情况", "Lecturers' sessions and hours"},
		"stats.c.trainees":              {"参训人数", "Trainees"},
		"stats.c.seats":                 {"应到人次", "Expected attendances"},
		"stats.c.attended":              {"实到人次", "Attendances"},
		"stats.c.attendanceRate":        {"出勤率（%）", "Attendance (%)"},
		"stats.c.closedSeats":           {"已结班学员", "Trainees of closed classes"},
		"stats.c.completed":             {"结业人数", "Completed"},
		"stats.c.completionRate":        {"结业率（%）", "Completion (%)"},
		"stats.c.hours":                 {"培训学时", "Training hours"},
		"stats.c.hoursWhole":            {"培训学时（取整）", "Training hours (whole)"},
		"stats.c.login":                 {"账号", "Account"},
		"stats.c.name":                  {"姓名", "Name"},
		"stats.c.sessionsAttended":      {"出勤课次", "Sessions attended"},
		"stats.c.lecturer":              {"讲师", "Lecturer"},
		"stats.c.lecturerKind":          {"类型", "Kind"},
		"stats.c.classes":               {"培训班数", "Classes"},
		"stats.c.sessions":              {"授课课次", "Sessions taught"},
		"stats.s.trainees":              {"参训人数", "Trainees"},
		"stats.s.trainingHours":         {"培训总学时", "Training hours"},
		"stats.s.attendanceRate":        {"出勤率（%）", "Attendance (%)"},
		"stats.s.completionRate":        {"结业率（%）", "Completion (%)"},
		"stats.t.trainingCertification": {"各单位认证率（%）", "Certification rate by unit (%)"},
		"stats.c.employees":             {"员工人数", "Employees"},
		"stats.c.certified":             {"获证人数", "Certified employees"},
		"stats.c.certificationRate":     {"认证率（%）", "Certification (%)"},
		"stats.s.certificationRate":     {"认证率（%）", "Certification (%)"},
		"stats.c.evaluations":           {"评估人次", "Evaluations"},
		"stats.c.rating":                {"讲师平均评分", "Lecturer rating"},
		"stats.lecturer.internal":       {"内部讲师", "Internal"},
		"stats.lecturer.external":       {"外部讲师", "External"},
	})
}
