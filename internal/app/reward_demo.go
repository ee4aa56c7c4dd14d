package app

import (
	"context"
	"fmt"
	"time"

	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/reward"
)

// seedRewardDemo gives the certificate rewards a year of demo data (issue 28): rule versions for the demo
// certificates' kinds and levels; the demo staff account's employee (张晓东) as an expert of the library with two
// certificates whose names give a kind and level and one whose name gives none; tenders of his company
// (北京华信物业服务有限公司) and his department with bid dates over the past year and their results; and his
// applications: three paid (both levels: libadmin, then admin), one rejected with its reason, one awaiting the
// second level, one the first. One won tender (北京地铁运营控制中心保洁服务项目) is left for him to claim with his
// 一级建造师. Written through the library's and the rewards' own rules, each step at its date.
func (a *App) seedRewardDemo(ctx context.Context) error {
	ids := map[string]int64{}
	for _, login := range []string{"admin", "libadmin", "staff"} {
		var id int64
		if err := a.DB.QueryRow(ctx, `SELECT id FROM sys_user WHERE login_code = ?`, login).Scan(&id); err != nil {
			return fmt.Errorf("reward demo: account %s: %w", login, err)
		}
		ids[login] = id
	}
	var n int
	if err := a.DB.QueryRow(ctx, `SELECT COUNT(*) FROM reward_rule`).Scan(&n); err != nil || n > 0 {
		return err
	}
	now := time.Now()
	today := time.Date(now.Year(), now.Month(), now.Day(), 10, 0, 0, 0, time.Local)
	ago := func(days int) time.Time { return today.AddDate(0, 0, -days) }
	date := func(t time.Time) string { return t.Format("2006-01-02") }
	month := func(back int) time.Time { // the first of the month back months ago
		return time.Date(today.Year(), today.Month()-time.Month(back), 1, 10, 0, 0, 0, time.Local)
	}

	// the staff member's certificates in the expert library
	staffEmployee, staffName := org.DemoEmployee(org.DemoStaffEmployee)
	expert, err := a.Library.SeedRecord(ctx, ids["admin"], library.TypeExpert, map[string]any{
		"title": staffName, "employeeCode": staffEmployee, "jobTitle": "项目经理", "education": "2", "years": 12, "phone": "13900000007",
		"experience": "负责北京区域政府机关、医院和园区物业项目的投标与项目管理，多次担任投标项目负责人。",
		"qualifications": []library.Qualification{
			{Name: "一级建造师", Number: "JZ-BJ-2016-0716", ValidTo: date(today.AddDate(2, 3, 0))},
			{Name: "二级造价工程师", Number: "ZJ-BJ-2019-0322", ValidTo: date(today.AddDate(1, 1, 0))},
			{Name: "注册信息安全专业人员", Number: "CISP-2021-11873", ValidTo: date(today.AddDate(0, 9, 0))},
		},
	})
	if err != nil {
		return err
	}
	// tenders of his company and his department, over the past year
	company, dept := "100201", org.DemoPeople[org.DemoStaffEmployee].Unit
	tenders := []struct {
		key, title, buyer, number, unit, result, amount string
		days                                            int
	}{
		{"haidian", "北京市海淀区政务服务中心物业管理项目", "北京市海淀区机关事务管理局", "BJHD-2025-0117", company, "win", "3860000.00", 300},
		{"hospital", "首都医科大学附属医院后勤一体化服务项目", "首都医科大学附属医院", "SDYK-2025-0203", company, "lose", "7420000.00", 250},
		{"park", "北京经开区科创园区综合设施运维项目", "北京经济技术开发区管委会", "JKQ-2025-0331", dept, "win", "5150000.00", 200},
		{"zgc", "中关村软件园物业服务项目", "中关村软件园发展有限责任公司", "ZGC-2025-0512", company, "win", "6080000.00", 120},
		{"school", "朝阳区教育系统校园物业服务采购", "北京市朝阳区教育委员会", "CYJW-2025-0716", company, "lose", "2290000.00", 35},
		{"metro", "北京地铁运营控制中心保洁服务项目", "北京市地铁运营有限公司", "BJDT-2025-0802", dept, "win", "1780000.00", 20},
		{"court", "丰台区人民法院物业服务项目", "北京市丰台区人民法院", "FTFY-2025-0908", company, "pending", "1350000.00", 8},
	}
	tender := map[string]int64{}
	for _, t := range tenders {
		id, err := a.Library.SeedRecord(ctx, ids["admin"], library.TypeTender, map[string]any{"title": t.title, "buyer": t.buyer, "number": t.number,
			"bidDate": date(ago(t.days)), "result": t.result, "amount": t.amount, "unitCode": t.unit})
		if err != nil {
			return err
		}
		// entered a few days before the bid
		if _, err := a.DB.Exec(ctx, `UPDATE lib_record SET created_at = ?, updated_at = ? WHERE id = ?`, ago(t.days+6).UTC(), ago(t.days+6).UTC(), id); err != nil {
			return fmt.Errorf("reward demo: tender %s: %w", t.title, err)
		}
		tender[t.key] = id
	}

	rule := func(kind, level, amount, won, cap, remark string, from time.Time) reward.DemoRule {
		return reward.DemoRule{RuleIn: reward.RuleIn{CertKind: kind, CertLevel: level, Amount: amount, WonAmount: won, YearlyCap: cap,
			ValidFrom: date(from), Remark: remark}, Created: from.AddDate(0, 0, -7)}
	}
	rules := []reward.DemoRule{
		rule("constructor", "1", "2000", "3000", "20000", "", month(14)),
		rule("constructor", "2", "1000", "1500", "10000", "", month(14)),
		rule("cost", "1", "2000", "3000", "20000", "", month(14)),
		rule("cost", "2", "1000", "1500", "10000", "", month(14)),
		rule("pm", "1", "800", "1200", "6000", "", month(14)),
		rule("constructor", "1", "2500", "3500", "24000", "一级建造师奖励标准上调", month(3)),
	}
	cert := func(number string) reward.ApplyIn { return reward.ApplyIn{ExpertID: expert, CertNumber: number} }
	app := func(number, key, remark string, applied int, decisions ...reward.DemoDecision) reward.DemoApplication {
		in := cert(number)
		in.TenderID, in.Remark = tender[key], remark
		return reward.DemoApplication{Applicant: ids["staff"], ApplyIn: in, Applied: ago(applied), Decisions: decisions}
	}
	by := func(login string, days int) reward.DemoDecision {
		return reward.DemoDecision{By: ids[login], At: ago(days)}
	}
	apps := []reward.DemoApplication{
		app("JZ-BJ-2016-0716", "haidian", "担任项目负责人", 294, by("libadmin", 291), by("admin", 287)),
		app("ZJ-BJ-2019-0322", "hospital", "负责商务报价编制", 245, by("libadmin", 243), by("admin", 238)),
		app("JZ-BJ-2016-0716", "park", "担任项目负责人", 195, by("libadmin", 193), by("admin", 190)),
		app("ZJ-BJ-2019-0322", "park", "", 194, reward.DemoDecision{By: ids["libadmin"], At: ago(192),
			Reject: "该项目投标文件的人员配置中没有使用此证书，请核对后附投标文件人员页重新申请"}),
		app("JZ-BJ-2016-0716", "zgc", "担任项目负责人", 30, by("libadmin", 26)),
		app("ZJ-BJ-2019-0322", "school", "负责商务报价编制", 4),
	}
	return a.reward.SeedDemo(ctx, ids["admin"], rules, apps)
}
