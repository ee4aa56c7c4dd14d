package exam

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
)

type demoQ struct {
	t, stem string
	opts    []string
	answer  string
	expl    string
	diff    int
	tags    []string
}

var demoQuestions = []demoQ{
	{TypeSingle, "依法必须招标的项目，投标保证金不得超过招标项目估算价的（  ）。", []string{"1%", "2%", "3%", "5%"}, `"B"`, "《招标投标法实施条例》第二十六条。", 2, []string{"招标投标法", "保证金"}},
	{TypeSingle, "自招标文件开始发出之日起至投标人提交投标文件截止之日止，最短不得少于（  ）日。", []string{"10", "15", "20", "30"}, `"C"`, "《招标投标法》第二十四条。", 1, []string{"招标投标法", "时限"}},
	{TypeSingle, "评标委员会成员中技术、经济等方面的专家不得少于成员总数的（  ）。", []string{"二分之一", "三分之二", "四分之三", "五分之三"}, `"B"`, "《招标投标法》第三十七条。", 2, []string{"招标投标法", "评标"}},
	{TypeSingle, "投标文件的技术标中，最能体现方案针对性的是（  ）。", []string{"公司简介", "对招标需求的逐条响应", "资质证书", "历史业绩"}, `"B"`, "逐条响应最能体现对需求的理解。", 3, []string{"技术标"}},
	{TypeSingle, "招标人对已发出的招标文件进行必要澄清的，应在投标截止时间至少（  ）日前书面通知。", []string{"5", "10", "15", "20"}, `"C"`, "《招标投标法》第二十三条。", 2, []string{"招标投标法", "时限"}},
	{TypeSingle, "等级保护第三级系统应至少每（  ）进行一次等级测评。", []string{"半年", "一年", "两年", "三年"}, `"B"`, "等级保护测评要求。", 3, []string{"信息安全"}},
	{TypeMultiple, "下列情形中，属于投标人相互串通投标的有（  ）。", []string{"协商投标报价", "约定部分投标人放弃投标", "属于同一集团的成员按集团要求协同投标", "各自独立编制投标文件"}, `["A","B","C"]`, "《招标投标法实施条例》第三十九条。", 3, []string{"招标投标法", "串标"}},
	{TypeMultiple, "商务标通常包括（  ）。", []string{"投标函", "报价清单", "资格证明文件", "施工组织设计"}, `["A","B","C"]`, "施工组织设计属于技术标。", 2, []string{"商务标"}},
	{TypeMultiple, "述标演示中应避免的做法有（  ）。", []string{"照读投标文件", "超出规定时间", "突出方案亮点", "回应评委关切"}, `["A","B"]`, "", 2, []string{"述标"}},
	{TypeMultiple, "工程量清单计价中，综合单价包括（  ）。", []string{"人工费", "材料费", "企业管理费和利润", "规费和税金"}, `["A","B","C"]`, "规费和税金不含在综合单价内。", 4, []string{"工程造价"}},
	{TypeJudge, "投标人少于三个的，招标人应当依法重新招标。", nil, `true`, "《招标投标法》第二十八条。", 1, []string{"招标投标法"}},
	{TypeJudge, "中标通知书发出后，招标人改变中标结果无需承担法律责任。", nil, `false`, "中标通知书对招标人和中标人具有法律效力。", 1, []string{"招标投标法"}},
	{TypeJudge, "电子投标文件可以在投标截止时间后补充上传。", nil, `false`, "", 1, []string{"电子招投标"}},
	{TypeJudge, "技术标评审中，方案的可实施性通常是重要评分项。", nil, `true`, "", 2, []string{"技术标"}},
	{TypeFill, "招标分为公开招标和___招标。", nil, `[["邀请"]]`, "《招标投标法》第十条。", 1, []string{"招标投标法"}},
	{TypeFill, "评标委员会成员人数为___人以上的单数。", nil, `[["5","五"]]`, "", 2, []string{"招标投标法", "评标"}},
	{TypeFill, "投标有效期从___截止之日起计算；履约保证金不得超过中标合同金额的___。", nil, `[["投标","提交投标文件"],["10%","百分之十"]]`, "", 3, []string{"招标投标法", "保证金"}},
	{TypeShort, "简述编写技术标时如何做到对评分标准的逐条响应。", nil, `"列出评分点对照表；按评分点组织章节；每条给出具体措施与证明材料；自查无遗漏。"`, "", 3, []string{"技术标"}},
	{TypeShort, "简述发现串通投标线索后投标人应当如何处理。", nil, `"保留证据，向招标人或行政监督部门书面反映，不参与、不配合。"`, "", 4, []string{"招标投标法", "串标"}},
}

// SeedDemo writes the demo's examinations through the service when none exist: the bank (every type, linked to
// the demo courses), a fixed and a rule paper, an exam that closed a month ago with attempts, marks and released
// results across the people, and an exam open now to the demo staff account. staffID is that account.
func (s *Service) SeedDemo(ctx context.Context, adminID, staffID int64, people []int64) error {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM exam_question`).Scan(&n); err != nil || n > 0 {
		return err
	}
	var clock time.Time
	q := &Service{db: s.db, now: func() time.Time { return clock }, quiet: true}
	as := auth.WithPrincipal(ctx, &auth.Principal{UserID: adminID, UserType: auth.SiteStaff})
	now := time.Now().UTC().Truncate(time.Minute)
	clock = now.AddDate(0, -2, 0)
	courses, err := db.IDs(ctx, s.db, `SELECT id FROM course ORDER BY id LIMIT 4`)
	if err != nil {
		return err
	}
	var ids []int64
	for i, d := range demoQuestions {
		in := QuestionIn{Type: d.t, Stem: d.stem, Answer: json.RawMessage(d.answer), Explanation: d.expl, Difficulty: d.diff, Tags: d.tags}
		for j, o := range d.opts {
			in.Options = append(in.Options, Option{Key: string(rune('A' + j)), Text: o})
		}
		if len(courses) > 0 {
			in.CourseID = courses[i%len(courses)]
		}
		saved, err := q.SaveQuestion(as, in)
		if err != nil {
			return fmt.Errorf("exam: demo question %d: %w", i+1, err)
		}
		ids = append(ids, saved.ID)
	}
	fixed := PaperIn{Name: "招标投标法规基础测验", Kind: PaperFixed, MultiMode: MultiPartial, PassMark: 60, Remark: "固定试卷：每人相同的试题"}
	for _, id := range ids {
		fixed.Items = append(fixed.Items, PaperItemIn{QuestionID: id, Score: 0})
	}
	total := 0.0
	for i := range fixed.Items {
		sc := map[string]float64{TypeSingle: 5, TypeMultiple: 6, TypeJudge: 4, TypeFill: 5, TypeShort: 10}[demoQuestions[i].t]
		fixed.Items[i].Score = sc
		total += sc
	}
	fixed.PassMark = float64(int(total * 0.6))
	fixedID, err := q.SavePaper(as, fixed)
	if err != nil {
		return fmt.Errorf("exam: demo fixed paper: %w", err)
	}
	ruleID, err := q.SavePaper(as, PaperIn{Name: "投标业务能力随机卷", Kind: PaperRules, MultiMode: MultiAll, PassMark: 36, Remark: "按规则为每位考生随机抽题",
		Rules: []RuleIn{{Type: TypeSingle, Count: 4, Score: 5}, {Type: TypeMultiple, Count: 2, Score: 10}, {Type: TypeJudge, Count: 3, Score: 5},
			{Type: TypeFill, Count: 2, Score: 7.5}}})
	if err != nil {
		return fmt.Errorf("exam: demo rule paper: %w", err)
	}
	// a month ago: the closed exam, taken by the people
	opens := now.AddDate(0, -1, 0).Add(-2 * time.Hour)
	clock = opens.Add(-24 * time.Hour)
	closedID, err := q.SaveExam(as, ExamIn{Name: "2025年度招投标法规考试", PaperID: fixedID, OpensAt: opens.Format(time.RFC3339),
		ClosesAt: opens.Add(3 * 24 * time.Hour).Format(time.RFC3339), DurationMin: 60, AttemptsAllowed: 1, PassMark: fixed.PassMark,
		ShuffleQuestions: true, ShuffleOptions: true, Results: ResultsReleased, LeaveLimit: 5, Publish: true})
	if err != nil {
		return fmt.Errorf("exam: demo closed exam: %w", err)
	}
	rnd := rand.New(rand.NewPCG(31, 2026))
	for i, uid := range people {
		clock = opens.Add(time.Duration(i*17) * time.Minute)
		v, err := q.Start(ctx, uid, closedID)
		if err != nil {
			return fmt.Errorf("exam: demo start %d: %w", uid, err)
		}
		skill := 0.45 + 0.5*rnd.Float64()
		for j, tq := range v.Questions {
			clock = clock.Add(90 * time.Second)
			resp := demoResponse(s, ctx, v.AttemptID, tq, rnd.Float64() < skill)
			if _, err := q.Save(ctx, uid, SaveIn{AttemptID: v.AttemptID, QuestionID: tq.QuestionID, Seq: int64(j + 1), Response: resp}); err != nil {
				return fmt.Errorf("exam: demo save %d: %w", uid, err)
			}
			if rnd.IntN(30) == 0 {
				_, _ = q.Event(ctx, uid, EventIn{AttemptID: v.AttemptID, Kind: "leave"})
			}
		}
		if _, err := q.Submit(ctx, uid, v.AttemptID); err != nil {
			return fmt.Errorf("exam: demo submit %d: %w", uid, err)
		}
	}
	clock = opens.Add(4 * 24 * time.Hour)
	queue, err := q.Queue(ctx, QueueIn{ExamID: closedID})
	if err != nil {
		return err
	}
	for _, it := range queue {
		if err := q.MarkAnswer(as, MarkIn{AttemptID: it.AttemptID, QuestionID: it.QuestionID, Score: float64(4 + rnd.IntN(7)), Comment: "要点基本齐全"}); err != nil {
			return fmt.Errorf("exam: demo mark: %w", err)
		}
	}
	if err := q.Release(as, closedID); err != nil {
		return fmt.Errorf("exam: demo release: %w", err)
	}
	// now: the open exam, for the demo staff account's audience (every staff member)
	clock = now.AddDate(0, 0, -1)
	if _, err := q.SaveExam(as, ExamIn{Name: "投标业务能力月度测评", PaperID: ruleID, OpensAt: now.Add(-2 * time.Hour).Format(time.RFC3339),
		ClosesAt: now.AddDate(0, 0, 14).Format(time.RFC3339), DurationMin: 30, AttemptsAllowed: 2, PassMark: 36, ShuffleOptions: true,
		Results: ResultsNow, LeaveLimit: 3, Publish: true}); err != nil {
		return fmt.Errorf("exam: demo open exam: %w", err)
	}
	_ = staffID
	return nil
}

// demoResponse is an answer of a demo taker: the key when right, something else when not.
func demoResponse(s *Service, ctx context.Context, attemptID int64, tq TakerQuestion, right bool) json.RawMessage {
	var key string
	_ = s.db.QueryRow(ctx, `SELECT v.answer FROM exam_attempt_item i JOIN exam_question_version v ON v.id = i.version_id WHERE i.attempt_id = ? AND i.question_id = ?`,
		attemptID, tq.QuestionID).Scan(&key)
	k, _ := parseKey(tq.Type, []byte(key))
	switch tq.Type {
	case TypeSingle:
		if right {
			return json.RawMessage(jsonText(k.Choice))
		}
		for _, o := range tq.Options {
			if o.Key != k.Choice {
				return json.RawMessage(jsonText(o.Key))
			}
		}
	case TypeMultiple:
		if right {
			return json.RawMessage(jsonText(k.Choices))
		}
		return json.RawMessage(jsonText(k.Choices[:1]))
	case TypeJudge:
		return json.RawMessage(jsonText(k.Judge == right))
	case TypeFill:
		out := make([]string, len(k.Blanks))
		for i, b := range k.Blanks {
			if right {
				out[i] = b[0]
			} else {
				out[i] = "不清楚"
			}
		}
		return json.RawMessage(jsonText(out))
	}
	if right {
		return json.RawMessage(jsonText(k.Text))
	}
	return json.RawMessage(jsonText("按评分标准编写。"))
}
