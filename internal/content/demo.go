package content

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// The demo company's learning content (issue 28): course types on two levels, courses with covers (most offered,
// one waiting for audit, one rejected), topics on both levels, a PDF handout per offered course, pushes to the demo
// staff member (with their portal messages) and two portal banners that open a topic and a course. Written as the
// service writes them, with dates over the past year, without business-log lines; the application adds the banners
// (DemoBannerLinks) through the portal's demo.

// DemoInput is what the demo needs from the application: the author, one banner-upload address per course and per
// topic (in the order of DemoCourses then DemoTopics), a PDF handout per course, and the audience of the pushes.
type DemoInput struct {
	UserID    int64
	Covers    []string
	Handout   func(course string, n int) []byte
	Units     []string
	Employees []string
}

type demoType struct {
	name string
	subs []string
}

var demoTypes = []demoType{
	{"投标实务", []string{"标书编制", "商务报价"}},
	{"资质与合规", []string{"证照管理", "廉洁合规"}},
	{"专业技能", []string{"物业服务", "工程技术"}},
}

// DemoCourse is a demo course: its second-level type, lecturer, description and audit state.
type DemoCourse struct {
	Name, Type, Lecturer, Description, Audit string
}

// DemoCourses are the demo's courses; the last two are not offered (waiting for audit, rejected).
var DemoCourses = []DemoCourse{
	{"招标文件解读与响应要点", "标书编制", "周明", "逐章拆解招标文件：资格条件、评分办法、实质性条款与废标条款，整理成响应清单。", AuditPassed},
	{"技术标编写规范与常见废标风险", "标书编制", "陈立新", "技术标的结构、图表与排版规范，结合近年评审案例讲解常见扣分与废标风险。", AuditPassed},
	{"投标报价策略与成本测算", "商务报价", "刘海燕", "从人工、物料、管理费到利润，建立报价测算模型，并讨论不同评分办法下的报价策略。", AuditPassed},
	{"商务标评分细则拆解", "商务报价", "王磊", "商务部分评分细则逐项对应证明材料，避免漏项与失分。", AuditPassed},
	{"电子招投标平台操作实务", "标书编制", "赵婷", "主流电子交易平台的注册、CA 锁绑定、文件加密上传与开标解密全流程。", AuditPassed},
	{"企业证照有效期管理", "证照管理", "孙雯", "营业执照、资质证书、体系认证的有效期台账与年检提醒，投标前的证照核对要点。", AuditPassed},
	{"CA 锁的申领、使用与保管", "证照管理", "孙雯", "CA 数字证书的申领、续期、借用登记与保管制度，避免开标当天无锁可用。", AuditPassed},
	{"投标廉洁与合规红线", "廉洁合规", "郭振华", "串标、围标、弄虚作假的法律后果与公司合规要求，配合典型案例讲解。", AuditPassed},
	{"物业服务方案编写", "物业服务", "何静", "物业服务方案的框架：服务理念、组织架构、人员配置、应急预案与品质管控。", AuditPassed},
	{"物业服务成本测算实例", "物业服务", "何静", "以一个写字楼项目为例，完成人员、能耗、物料与外包的成本测算。", AuditPassed},
	{"工程类项目技术方案要点", "工程技术", "马骏", "施工组织设计、进度计划、质量与安全保证措施的写法与评分关注点。", AuditPassed},
	{"业绩与人员资料的整理归档", "证照管理", "林晓", "合同、中标通知书、项目经理证书等投标常用资料的整理、扫描与归档规范。", AuditPassed},
	{"投标保证金办理流程", "商务报价", "刘海燕", "保证金的缴纳方式、保函办理与退还跟踪。", AuditPending},
	{"投标文件装订与封装", "标书编制", "赵婷", "纸质投标文件的装订、密封与签章要求。", AuditRejected},
}

// DemoTopic is a demo topic: level 2 names its first-level parent; courses by index of DemoCourses.
type DemoTopic struct {
	Name, Parent, Description string
	Courses                   []int
}

// DemoTopics are the demo's topics, first-level ones before their second-level ones.
var DemoTopics = []DemoTopic{
	{"新员工投标入门", "", "新入职的投标人员从这里开始：读懂招标文件、写好标书、守住合规红线。", []int{0, 1, 4, 7}},
	{"标书编制基础", "新员工投标入门", "招标文件响应、技术标规范与电子投标操作。", []int{0, 1, 4}},
	{"合规必修", "新员工投标入门", "廉洁与合规的底线要求。", []int{7}},
	{"投标季冲刺", "", "投标旺季前的报价、评分与技术方案专项训练。", []int{2, 3, 10}},
	{"报价专项", "投标季冲刺", "报价策略、成本测算与商务评分。", []int{2, 3, 9}},
	{"资质证照管理", "", "证照、CA 锁与业绩资料的日常管理。", []int{5, 6, 11}},
}

// SeedDemo writes the demo learning content into an empty content area (nothing when a course type exists).
func (s *Service) SeedDemo(ctx context.Context, in DemoInput) (err error) {
	defer errs.Wrap(&err, "content: seed demo")
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM course_type`).Scan(&n); err != nil || n > 0 {
		return err
	}
	if len(in.Covers) < len(DemoCourses)+len(DemoTopics) {
		return fmt.Errorf("content demo: %d covers for %d courses and %d topics", len(in.Covers), len(DemoCourses), len(DemoTopics))
	}
	now := s.now().UTC()
	// a date d days back, at a working hour
	day := func(d int) time.Time { return now.AddDate(0, 0, -d).Truncate(time.Hour) }
	// the handouts go to the files area first (each checked as an upload is)
	type stored struct {
		id    int64
		size  int64
		pages int
		name  string
	}
	handouts := map[int]stored{}
	if s.ware != nil && in.Handout != nil {
		for i, c := range DemoCourses {
			if c.Audit != AuditPassed {
				continue
			}
			pages := 0
			name := c.Name + "（讲义）.pdf"
			f, err := s.ware.files.Save(ctx, name, in.UserID, bytes.NewReader(in.Handout(c.Name, i)), s.pdfRule(&pages))
			if err != nil {
				return fmt.Errorf("content demo: handout %d: %w", i, err)
			}
			handouts[i] = stored{f.ID, f.Size, pages, name}
		}
	}
	var courseIDs, topicIDs []int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		types := map[string]int64{}
		for i, t := range demoTypes {
			at := day(360 - i)
			id, err := tx.Insert(ctx, `INSERT INTO course_type (parent_id, name, sort, created_at, updated_at) VALUES (0, ?, ?, ?, ?)`, t.name, i+1, at, at)
			if err != nil {
				return fmt.Errorf("content demo: type %s: %w", t.name, err)
			}
			for j, sub := range t.subs {
				sid, err := tx.Insert(ctx, `INSERT INTO course_type (parent_id, name, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, id, sub, j+1, at, at)
				if err != nil {
					return fmt.Errorf("content demo: type %s: %w", sub, err)
				}
				types[sub] = sid
			}
		}
		for i, c := range DemoCourses {
			created := day(340 - i*25)
			updated := created.AddDate(0, 0, 3)
			published, remark := 0, ""
			switch c.Audit {
			case AuditPassed:
				published = 1
			case AuditRejected:
				remark = "请补充封装示意图后重新提交"
			}
			id, err := tx.Insert(ctx, `INSERT INTO course (name, cover_url, type_id, description, lecturer, audit_status, audit_remark, published,
				created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				c.Name, in.Covers[i], types[c.Type], c.Description, c.Lecturer, c.Audit, remark, published, in.UserID, created, in.UserID, updated)
			if err != nil {
				return fmt.Errorf("content demo: course %s: %w", c.Name, err)
			}
			if err := s.demoCover(ctx, tx, CourseRecordType, id, in.Covers[i]); err != nil {
				return err
			}
			if h, ok := handouts[i]; ok {
				wid, err := tx.Insert(ctx, `INSERT INTO course_ware (course_id, kind, name, state, file_id, pages, size, duration_ms, created_by, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`, id, KindPDF, h.name, StateReady, h.id, h.pages, h.size, in.UserID, updated, updated)
				if err != nil {
					return fmt.Errorf("content demo: courseware of %s: %w", c.Name, err)
				}
				if err := s.ware.files.Attach(ctx, tx, WareRecordType, wid, h.id); err != nil {
					return fmt.Errorf("content demo: courseware file of %s: %w", c.Name, err)
				}
			}
			courseIDs = append(courseIDs, id)
		}
		byName := map[string]int64{}
		for i, t := range DemoTopics {
			level, parent := LevelFirst, int64(0)
			if t.Parent != "" {
				level, parent = LevelSecond, byName[t.Parent]
			}
			at := day(200 - i*20)
			cover := in.Covers[len(DemoCourses)+i]
			id, err := tx.Insert(ctx, `INSERT INTO course_special (name, cover_url, level, parent_id, description, published,
				created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
				t.Name, cover, level, parent, t.Description, in.UserID, at, in.UserID, at)
			if err != nil {
				return fmt.Errorf("content demo: topic %s: %w", t.Name, err)
			}
			courses := make([]int64, 0, len(t.Courses))
			for _, c := range t.Courses {
				courses = append(courses, courseIDs[c])
			}
			if err := setSpecialCourses(ctx, tx, id, courses); err != nil {
				return err
			}
			if err := s.demoCover(ctx, tx, SpecialRecordType, id, cover); err != nil {
				return err
			}
			byName[t.Name] = id
			topicIDs = append(topicIDs, id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.demoPushes(ctx, in, courseIDs, topicIDs, day)
}

// DemoBannerLinks are the portal addresses the demo's banners open: the first-level topic for newcomers and the
// pricing course (read after SeedDemo; empty before).
func (s *Service) DemoBannerLinks(ctx context.Context) (_ map[string]string, err error) {
	defer errs.Wrap(&err, "content: demo banner links")
	out := map[string]string{}
	var topic, course int64
	err = s.db.QueryRow(ctx, `SELECT COALESCE((SELECT MIN(id) FROM course_special WHERE name = ? AND published = 1), 0),
		COALESCE((SELECT MIN(id) FROM course c WHERE c.name = ? AND `+offered+`), 0)`, DemoTopics[0].Name, DemoCourses[2].Name).Scan(&topic, &course)
	if err != nil {
		return nil, fmt.Errorf("content demo: banner links: %w", err)
	}
	if topic != 0 {
		out["新员工投标入门专题"] = SpecialLinkPrefix + fmt.Sprint(topic)
	}
	if course != 0 {
		out["课程推荐："+DemoCourses[2].Name] = CourseLinkPrefix + fmt.Sprint(course)
	}
	return out, nil
}

func (s *Service) demoCover(ctx context.Context, tx *db.Tx, recordType string, id int64, url string) error {
	fileID, err := s.files.BannerImage(ctx, tx, url)
	if err != nil {
		return fmt.Errorf("content demo: cover %s: %w", url, err)
	}
	return s.files.SetCover(ctx, tx, recordType, id, fileID)
}

// demoPushes writes three pushes to the demo audience, each with its portal messages.
func (s *Service) demoPushes(ctx context.Context, in DemoInput, courses, topics []int64, day func(int) time.Time) error {
	if len(in.Units) == 0 && len(in.Employees) == 0 {
		return nil
	}
	audience := func(f *PushForm) {
		for _, u := range in.Units {
			f.Organ = append(f.Organ, PushUnit{FullUnitCode: u})
		}
		for _, e := range in.Employees {
			f.Employee = append(f.Employee, PushEmployee{Code: e})
		}
	}
	pushes := []struct {
		title string
		items []PushItem
		ago   int
	}{
		{"证照管理培训", []PushItem{{Type: "4", ID: topics[5]}, {Type: "1", ID: courses[11]}}, 150},
		{"新员工必修课程", []PushItem{{Type: "4", ID: topics[0]}, {Type: "1", ID: courses[7]}, {Type: "1", ID: courses[0]}}, 60},
		{"投标季报价专项", []PushItem{{Type: "1", ID: courses[2]}, {Type: "1", ID: courses[3]}, {Type: "3", ID: topics[4]}}, 12},
	}
	for _, p := range pushes {
		f := PushForm{Title: p.title, Items: p.items}
		audience(&f)
		if err := s.checkPush(ctx, &f); err != nil {
			return fmt.Errorf("content demo: push %s: %w", p.title, err)
		}
		at := day(p.ago)
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			if err := s.checkItems(ctx, tx, f.Items); err != nil {
				return err
			}
			id, err := tx.Insert(ctx, `INSERT INTO course_push (title, created_by, created_at, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)`,
				f.Title, in.UserID, at, in.UserID, at)
			if err != nil {
				return err
			}
			if err := writePush(ctx, tx, id, f); err != nil {
				return err
			}
			after, err := onePush(ctx, tx, id)
			if err != nil {
				return err
			}
			return s.notifyPush(ctx, tx, after)
		})
		if err != nil {
			return fmt.Errorf("content demo: push %s: %w", p.title, err)
		}
	}
	return nil
}
