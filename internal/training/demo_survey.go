package training

import (
	"context"
	"fmt"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
)

// seedSurveysAndHonours gives the demo a questionnaire answered by a closed class's trainees (anonymous, with its
// results), a questionnaire open now for the staff member's unit (named, some answers already in), and last year's
// honorary catalogue: the trainees who attended most, the lecturers who taught most, a class.
func (s *Service) seedSurveysAndHonours(ctx context.Context, adminID int64, staffUnit string, today time.Time) error {
	var clock time.Time
	q := &Service{db: s.db, notify: s.notify, courses: s.courses, params: s.params, now: func() time.Time { return clock }, quiet: true}
	admin := auth.WithPrincipal(ctx, &auth.Principal{UserID: adminID, UserType: auth.SiteStaff, FunCodes: map[string]bool{FunSurvey: true, FunHonour: true}})

	// the closed class with the most trainees: a satisfaction questionnaire two weeks after its last session
	var classID int64
	var className, endDate string
	err := s.db.QueryRow(ctx, `SELECT c.id, c.name, c.end_date FROM training_class c WHERE c.state IN ('closed', 'archived')
		AND EXISTS (SELECT 1 FROM training_enrolment e WHERE e.class_id = c.id AND e.state = 'enrolled')
		ORDER BY (SELECT COUNT(*) FROM training_enrolment e WHERE e.class_id = c.id AND e.state = 'enrolled') DESC, c.id LIMIT 1`).Scan(&classID, &className, &endDate)
	if err != nil && !db.IsNoRows(err) {
		return err
	}
	questions := []QuestionIn{
		{Kind: QSingle, Title: "您对本期培训的总体评价", Options: []string{"非常满意", "满意", "一般", "不满意"}, Required: true},
		{Kind: QRating, Title: "课程内容对投标工作的帮助程度", Required: true},
		{Kind: QMultiple, Title: "您希望增加哪些内容", Options: []string{"真实标书案例", "电子投标系统实操", "评分办法解读", "述标演练"}},
		{Kind: QText, Title: "其他意见和建议"},
	}
	texts := []string{"希望多讲讲评分细则的实际扣分案例", "述标演练时间可以再长一些", "", "课件能否提前发放", "", "建议分技术标、商务标两个方向开班"}
	answerAll := func(id int64, users []int64, at time.Time, every int) error {
		qs, err := q.questions(ctx, id)
		if err != nil {
			return err
		}
		for k, u := range users {
			if k%every == every-1 {
				continue // not everyone answers
			}
			clock = at.Add(time.Duration(k) * 41 * time.Minute)
			var answers []AnswerItem
			for _, x := range qs {
				a := AnswerItem{QuestionID: x.ID}
				switch x.Kind {
				case QSingle:
					a.Choices = []int{min([]int{1, 2, 2, 1, 3, 2, 1}[k%7], len(x.Options))}
				case QMultiple:
					for _, c := range [][]int{{1, 3}, {2}, {1, 2, 4}, {3}, {1}}[k%5] {
						if c <= len(x.Options) {
							a.Choices = append(a.Choices, c)
						}
					}
				case QRating:
					a.Rating = []int{5, 4, 4, 5, 3, 4}[k%6]
				case QText:
					a.Text = texts[k%len(texts)]
				}
				answers = append(answers, a)
			}
			err := q.Answer(ctx, u, AnswerIn{SurveyID: id, Answers: answers})
			if err != nil {
				return fmt.Errorf("training: demo answer of %d: %w", u, err)
			}
		}
		return nil
	}
	if classID != 0 {
		end, _ := time.ParseInLocation(day, endDate, time.Local)
		clock = end.Add(10 * time.Hour)
		id, err := q.SaveSurvey(admin, SurveyIn{Title: "培训满意度调查：" + className, Anonymous: true, ClassID: classID,
			Description: "请对本期培训的内容、讲师和组织进行评价，问卷匿名填写。", Deadline: end.AddDate(0, 0, 14).Format("2006-01-02") + " 18:00", Questions: questions})
		if err != nil {
			return fmt.Errorf("training: demo questionnaire: %w", err)
		}
		if _, err := q.SendSurvey(admin, id); err != nil {
			return fmt.Errorf("training: demo questionnaire: %w", err)
		}
		users, err := db.IDs(ctx, s.db, `SELECT user_id FROM training_survey_recipient WHERE survey_id = ? ORDER BY user_id`, id)
		if err != nil {
			return err
		}
		if err := answerAll(id, users, end.AddDate(0, 0, 1).Add(10*time.Hour), 6); err != nil {
			return err
		}
	}

	// open now, for the staff member's unit: the next year's training needs
	clock = today.AddDate(0, 0, -3)
	open, err := q.SaveSurvey(admin, SurveyIn{Title: "年度培训需求调查", Description: "为制定下一年度培训计划，请填写您的培训需求。",
		Deadline: today.AddDate(0, 0, 10).Format("2006-01-02") + " 18:00", Organ: []UnitPick{{FullUnitCode: staffUnit}}, Questions: []QuestionIn{
			{Kind: QMultiple, Title: "您最需要的培训主题", Options: []string{"招投标法规", "技术标编写", "商务报价", "电子投标", "述标答辩"}, Required: true},
			{Kind: QSingle, Title: "您希望的培训方式", Options: []string{"线下集中授课", "线上直播", "线上线下结合"}, Required: true},
			{Kind: QRating, Title: "您对今年培训安排的满意度"},
			{Kind: QText, Title: "您希望邀请的讲师或机构"},
		}})
	if err != nil {
		return fmt.Errorf("training: demo questionnaire: %w", err)
	}
	if _, err := q.SendSurvey(admin, open); err != nil {
		return fmt.Errorf("training: demo questionnaire: %w", err)
	}
	others, err := db.IDs(ctx, s.db, `SELECT r.user_id FROM training_survey_recipient r JOIN sys_user u ON u.id = r.user_id
		WHERE r.survey_id = ? AND u.login_code <> 'staff' ORDER BY r.user_id LIMIT 6`, open)
	if err != nil {
		return err
	}
	if err := answerAll(open, others, today.AddDate(0, 0, -2), 3); err != nil {
		return err
	}

	// last year's honours
	year := today.Year() - 1
	clock = time.Date(today.Year(), 1, 10, 10, 0, 0, 0, time.Local)
	trainees, err := db.IDs(ctx, s.db, `SELECT g.user_id FROM training_signin g JOIN sys_user u ON u.id = g.user_id
		WHERE g.state = 'present' AND u.user_type = 'staff' GROUP BY g.user_id ORDER BY COUNT(*) DESC, g.user_id LIMIT 3`)
	if err != nil {
		return err
	}
	citations := []string{"全年出勤率百分之百，结业考核优秀，并在部门内组织分享", "学以致用，所编写技术标获评标专家好评", "积极参训，带动团队学习氛围"}
	for k, u := range trainees {
		if _, err := q.SaveHonour(admin, HonourIn{Year: year, Kind: HonourTrainee, RefID: u, Citation: citations[k], Sort: k}); err != nil {
			return fmt.Errorf("training: demo honour: %w", err)
		}
	}
	lecturers, err := db.IDs(ctx, s.db, `SELECT lecturer_id FROM training_session WHERE lecturer_id IS NOT NULL GROUP BY lecturer_id ORDER BY COUNT(*) DESC, lecturer_id LIMIT 2`)
	if err != nil {
		return err
	}
	for k, l := range lecturers {
		if _, err := q.SaveHonour(admin, HonourIn{Year: year, Kind: HonourLecturer, RefID: l, Citation: []string{"授课生动务实，学员评价名列前茅", "倾囊相授，课后持续答疑"}[k], Sort: k}); err != nil {
			return fmt.Errorf("training: demo honour: %w", err)
		}
	}
	if classID != 0 {
		if _, err := q.SaveHonour(admin, HonourIn{Year: year, Kind: HonourClass, RefID: classID, Citation: "组织有序、出勤率高，学员满意度达九成以上"}); err != nil {
			return fmt.Errorf("training: demo honour: %w", err)
		}
	}
	return nil
}
