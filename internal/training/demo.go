package training

import (
	"context"
	"fmt"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
)

// SeedDemo writes a year of training for the demo company through the service's own rules, each step at its own
// time, when no class exists yet: the courses' lecturers plus external and internal ones, a plan for some units,
// eight classes over the past year and the next weeks in every state, with sessions, enrolments (a wait list where
// full) and sign-ins. staffUnit is the demo staff account's unit: a class enrolling now is open to it.
func (s *Service) SeedDemo(ctx context.Context, adminID int64, staffUnit string) error {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM training_class`).Scan(&n); err != nil || n > 0 {
		return err
	}
	if _, err := s.AdoptCourseLecturers(ctx); err != nil {
		return err
	}
	var clock time.Time
	q := &Service{db: s.db, notify: s.notify, courses: s.courses, params: s.params, now: func() time.Time { return clock }, quiet: true}
	as := func(id int64) context.Context {
		return auth.WithPrincipal(ctx, &auth.Principal{UserID: id, UserType: auth.SiteStaff, FunCodes: map[string]bool{FunClass: true, FunLecturer: true, FunPortal: true}})
	}
	now := time.Now().In(time.Local)
	today := time.Date(now.Year(), now.Month(), now.Day(), 9, 0, 0, 0, time.Local)
	clock = today.AddDate(-1, 0, -7)

	// lecturers: two internal (employees of the company), four external
	lecturers := []int64{}
	var emps []string
	if err := db.EachRow(ctx, s.db, `SELECT code FROM employee WHERE in_status = 1 ORDER BY code LIMIT 2 OFFSET 40`, nil, func(r db.Row) error {
		var c string
		emps = append(emps, c)
		return r.Scan(&emps[len(emps)-1])
	}); err != nil {
		return err
	}
	for i, e := range emps {
		id, err := q.SaveLecturer(as(adminID), LecturerIn{Kind: KindInternal, EmployeeCode: e, Title: []string{"高级工程师", "投标经理"}[i],
			Level: "公司级", Specialities: []string{"技术标编写、方案设计", "商务标、报价策略"}[i]})
		if err != nil {
			return fmt.Errorf("training: demo lecturer %s: %w", e, err)
		}
		lecturers = append(lecturers, id)
	}
	for _, l := range []LecturerIn{
		{Name: "周明华", Organisation: "中国招标投标协会培训中心", Contact: "010-6852 3300", Title: "教授", Level: "国家级", Specialities: "招标投标法、政府采购法规"},
		{Name: "孙立群", Organisation: "北京建筑大学继续教育学院", Contact: "010-6832 2211", Title: "副教授", Level: "省部级", Specialities: "工程造价、清单计价"},
		{Name: "郑雅琴", Organisation: "华信咨询（外聘）", Contact: "138 1100 2288", Title: "高级咨询师", Level: "公司级", Specialities: "演示汇报、述标技巧"},
		{Name: "钱国栋", Organisation: "国家信息安全测评中心", Contact: "010-8286 0011", Title: "研究员", Level: "国家级", Specialities: "信息安全、等级保护"},
	} {
		l.Kind = KindExternal
		id, err := q.SaveLecturer(as(adminID), l)
		if err != nil {
			return fmt.Errorf("training: demo lecturer %s: %w", l.Name, err)
		}
		lecturers = append(lecturers, id)
	}
	courses, err := db.IDs(ctx, s.db, `SELECT id FROM course ORDER BY id LIMIT 8`)
	if err != nil {
		return err
	}
	course := func(i int) []int64 {
		if len(courses) == 0 {
			return nil
		}
		return []int64{courses[i%len(courses)], courses[(i+1)%len(courses)]}
	}
	// plans of the company units
	var units []string
	if err := db.EachRow(ctx, s.db, `SELECT full_unit_code FROM org_unit WHERE level = 2 AND disabled = 0 ORDER BY sort, full_unit_code LIMIT 3`, nil, func(r db.Row) error {
		var c string
		units = append(units, c)
		return r.Scan(&units[len(units)-1])
	}); err != nil {
		return err
	}
	company := staffUnit
	if len(company) > 6 {
		company = company[:6]
	}
	if len(units) == 0 {
		units = []string{company}
	}
	plans := map[string]int64{}
	for _, u := range append([]string{company}, units...) {
		if plans[u] != 0 {
			continue
		}
		id, err := q.SavePlan(as(adminID), PlanIn{Year: today.Year(), UnitCode: u, Title: fmt.Sprintf("%d年度投标能力培训计划", today.Year()),
			Remark: "投标岗位全员轮训，每季度至少一期", PlannedClasses: 4, PlannedHours: 24})
		if err != nil {
			return fmt.Errorf("training: demo plan of %s: %w", u, err)
		}
		plans[u] = id
	}

	type demoClass struct {
		name, unit, mode, place, room string
		daysAgo, sessions, capacity   int
		state                         string
		approval                      bool
	}
	classes := []demoClass{
		{"招标投标法规与合规要点", company, ModeOnsite, "总部三楼大会议室", "总部301", 330, 3, 30, StateArchived, false},
		{"技术标编写实务（第一期）", units[0], ModeOnsite, "总部二楼培训室", "总部201", 270, 3, 20, StateArchived, false},
		{"工程量清单与报价策略", company, ModeBlended, "总部二楼培训室", "总部201", 200, 2, 25, StateClosed, false},
		{"述标演示与答辩技巧", units[len(units)-1], ModeOnline, "", "", 130, 2, 40, StateClosed, false},
		{"信息安全与等级保护投标专题", company, ModeOnsite, "总部三楼大会议室", "总部301", 60, 3, 30, StateClosed, true},
		{"技术标编写实务（第二期）", company, ModeOnsite, "总部二楼培训室", "总部201", 3, 3, 12, StateRunning, false},
		{"新员工投标基础训练营", staffUnit, ModeBlended, "总部二楼培训室", "总部202", -10, 3, 6, StateEnrolling, false},
		{"政府采购电子化交易实操", company, ModeOnline, "", "", -20, 2, 50, StateDraft, false},
	}
	for i, dc := range classes {
		start := today.AddDate(0, 0, -dc.daysAgo)
		clock = start.AddDate(0, 0, -21)
		link := ""
		if dc.mode != ModeOnsite {
			link = "https://meeting.huaxin-demo.cn/j/" + fmt.Sprint(880100+i)
		}
		in := ClassIn{PlanID: plans[dc.unit], Name: dc.name, UnitCode: dc.unit, StartDate: start.Format(day), EndDate: start.AddDate(0, 0, 7*(dc.sessions-1)).Format(day),
			Mode: dc.mode, Place: dc.place, MeetingLink: link, Capacity: dc.capacity, ManagerID: adminID, NeedsApproval: dc.approval,
			Description: "面向投标岗位员工的专题培训，结合公司近一年的投标案例。", CourseIDs: course(i),
			LecturerIDs: []int64{lecturers[i%len(lecturers)], lecturers[(i+2)%len(lecturers)]}, Organ: []UnitPick{{FullUnitCode: dc.unit}}}
		id, err := q.SaveClass(as(adminID), in)
		if err != nil {
			return fmt.Errorf("training: demo class %s: %w", dc.name, err)
		}
		var sessions []int64
		for k := 0; k < dc.sessions; k++ {
			at := start.AddDate(0, 0, 7*k)
			sess := SessionIn{ClassID: id, Title: fmt.Sprintf("第%d讲", k+1), LecturerID: in.LecturerIDs[k%2], StartsAt: at.Format("2006-01-02 15:04"),
				EndsAt: at.Add(3 * time.Hour).Format("2006-01-02 15:04"), Room: dc.room, Link: link}
			if len(in.CourseIDs) > 0 {
				sess.CourseID = in.CourseIDs[k%len(in.CourseIDs)]
			}
			saved, err := q.SaveSession(as(adminID), sess)
			if err != nil {
				return fmt.Errorf("training: demo session %d of %s: %w", k+1, dc.name, err)
			}
			sessions = append(sessions, saved.ID)
		}
		if dc.state == StateDraft {
			continue
		}
		if err := q.SetState(as(adminID), id, StateEnrolling); err != nil {
			return err
		}
		// trainees of the unit enrol over the next days (the staff account not: it enrols itself in the open class; but
		// it took the pricing class, whose certificate it can claim a reward for)
		users, err := db.IDs(ctx, s.db, `SELECT id FROM sys_user WHERE user_type = 'staff' AND state = 1 AND deleted_at IS NULL AND login_code NOT IN ('admin', 'libadmin')
			AND (login_code <> 'staff' OR ? = '工程量清单与报价策略') AND substr(unit_code, 1, length(?)) = ? ORDER BY login_code = 'staff' DESC, id LIMIT ?`,
			dc.name, dc.unit, dc.unit, dc.capacity+3)
		if err != nil {
			return err
		}
		if dc.state == StateEnrolling && len(users) > dc.capacity-1 {
			users = users[:dc.capacity-1] // a seat left for the staff member
		}
		for k, u := range users {
			clock = start.AddDate(0, 0, -14).Add(time.Duration(k) * 37 * time.Minute)
			if _, err := q.Enrol(as(u), id); err != nil {
				return fmt.Errorf("training: demo enrolment in %s: %w", dc.name, err)
			}
		}
		if dc.approval && len(users) > 0 {
			clock = start.AddDate(0, 0, -7)
			if err := q.Decide(as(adminID), DecideIn{ClassID: id, UserIDs: users[:len(users)-1], Approve: true}); err != nil {
				return err
			}
			if err := q.Decide(as(adminID), DecideIn{ClassID: id, UserIDs: users[len(users)-1:], Reason: "本期名额优先安排投标岗位员工"}); err != nil {
				return err
			}
		}
		if dc.state == StateEnrolling {
			continue
		}
		clock = start.Add(-time.Hour)
		if err := q.SetState(as(adminID), id, StateRunning); err != nil {
			return err
		}
		seated, err := db.IDs(ctx, s.db, `SELECT user_id FROM training_enrolment WHERE class_id = ? AND state = 'enrolled' ORDER BY user_id`, id)
		if err != nil {
			return err
		}
		for k, sid := range sessions {
			at := start.AddDate(0, 0, 7*k)
			if at.After(now) {
				break
			}
			for j, u := range seated {
				if (j+k)%9 == 4 {
					continue // absent
				}
				clock = at.Add(-time.Duration(10-j%8) * time.Minute)
				if (j+k)%7 == 3 {
					clock = at.Add(time.Duration(4+j%10) * time.Minute) // late
				}
				code, err := q.codeAt(ctx, sid, step(clock))
				if err != nil {
					return err
				}
				if _, err := q.SignIn(ctx, u, SignInIn{SessionID: sid, Code: code}); err != nil {
					return fmt.Errorf("training: demo sign-in to %s: %w", dc.name, err)
				}
			}
		}
		if dc.state == StateRunning {
			continue
		}
		clock = start.AddDate(0, 0, 7*dc.sessions)
		if err := q.SetState(as(adminID), id, StateClosed); err != nil {
			return err
		}
		if dc.state == StateArchived {
			clock = clock.AddDate(0, 0, 14)
			if err := q.SetState(as(adminID), id, StateArchived); err != nil {
				return err
			}
		}
	}
	return s.seedSurveysAndHonours(ctx, adminID, staffUnit, today)
}
