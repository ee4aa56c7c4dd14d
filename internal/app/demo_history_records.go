package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
)

// The library of the demo company's past: a few dozen records of each material type, entered by the bid staff of
// the regional companies over the last three years (more of them lately), with dates that follow from when they
// were entered; a few expire within the month, a few have expired.

type demoCompany struct{ code, name, city, province string }

// demoProvinces are the provinces of the demo's regional companies (by city).
var demoProvinces = map[string]string{"北京": "北京市", "上海": "上海市", "广州": "广东省", "深圳": "广东省", "成都": "四川省", "武汉": "湖北省",
	"西安": "陕西省", "南京": "江苏省", "杭州": "浙江省", "重庆": "重庆市", "天津": "天津市", "长沙": "湖南省", "苏州": "江苏省", "郑州": "河南省"}

// demoRecord is one record to enter: its values as the type's form reads them, when and by whom, and its files
// (form field, file name).
type demoRecord struct {
	kind    string
	values  map[string]any
	created time.Time
	by      *demoAccount
	files   [][2]string
}

func (h *demoHistory) companies(ctx context.Context) ([]demoCompany, error) {
	rows, err := h.a.DB.Query(ctx, `SELECT full_unit_code, unit_name FROM org_unit WHERE parent_full_unit_code = '1002' ORDER BY full_unit_code`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []demoCompany
	for rows.Next() {
		var c demoCompany
		if err := rows.Scan(&c.code, &c.name); err != nil {
			return nil, err
		}
		r := []rune(c.name)
		c.city = string(r[:min(2, len(r))])
		c.province = demoProvinces[c.city]
		if c.province == "" {
			c.province = c.city
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// expiry draws a record's last valid day around today: a few within the month, a few a little past, most later.
func (h *demoHistory) expiry(i int) time.Time {
	switch {
	case i%8 == 3:
		return h.today.AddDate(0, 0, 3+h.rng.IntN(26))
	case i%11 == 6:
		return h.today.AddDate(0, 0, -(2 + h.rng.IntN(50)))
	}
	return h.today.AddDate(0, 0, 45+h.rng.IntN(1100))
}

// entered draws when a record was entered: within the year more often than before.
func (h *demoHistory) entered() time.Time {
	if h.rng.IntN(100) < 55 {
		return h.at(h.day(h.ago(364)))
	}
	return h.at(h.day(h.ago(3 * 365)))
}

func demoEmployeeCode(i int) string {
	code, _ := org.DemoEmployee(i)
	return code
}

func demoDate(t time.Time) string { return t.Format("2006-01-02") }

func pick[T any](h *demoHistory, s []T) T { return s[h.rng.IntN(len(s))] }

// records enters the demo company's older library records.
func (h *demoHistory) records(ctx context.Context) error {
	companies, err := h.companies(ctx)
	if err != nil {
		return err
	}
	if len(companies) == 0 {
		return nil
	}
	tags := map[string]string{}
	rows, err := h.a.DB.Query(ctx, `SELECT id, name FROM lib_tag WHERE deleted_at IS NULL`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			return err
		}
		tags[name] = fmt.Sprint(id)
	}
	rows.Close()
	tag := func(names ...string) []string {
		var out []string
		for _, n := range names {
			if id, ok := tags[n]; ok {
				out = append(out, id)
			}
		}
		return out
	}
	fallback := h.staffOf("1001")
	author := func(unit string) *demoAccount {
		if s := h.staffOf(unit); len(s) > 0 {
			return s[h.rng.IntN(min(3, len(s)))]
		}
		return fallback[h.rng.IntN(len(fallback))]
	}
	var recs []demoRecord
	add := func(kind, unit string, created time.Time, v map[string]any, fs ...[2]string) {
		if created.After(h.now) {
			created = h.at(h.ago(1))
		}
		recs = append(recs, demoRecord{kind: kind, values: v, created: created, by: author(unit), files: fs})
	}
	money := func(lo, hi int) string { return fmt.Sprintf("%d.00", (lo+h.rng.IntN(hi-lo))*10000) }

	// licences: two or three of each company, renewed every three years
	licences := []struct{ title, kind, authority, number string }{
		{"营业执照", "business", "%s市市场监督管理局", "9144%04dMA5%05d"},
		{"安全生产许可证", "industry_permit", "%s住房和城乡建设厅", "JZ安许证字[%d]%06d"},
		{"ISO9001质量管理体系认证证书", "system_cert", "中国质量认证中心", "00%d Q3%05d R1M"},
		{"ISO14001环境管理体系认证证书", "system_cert", "中国质量认证中心", "00%d E3%05d R1M"},
		{"ISO45001职业健康安全管理体系认证证书", "system_cert", "中国质量认证中心", "00%d S2%05d R1M"},
		{"保安服务许可证", "industry_permit", "%s公安厅", "%d保服字%05d号"},
	}
	for i, c := range companies {
		for j := 0; j < 2+i%2; j++ {
			l := licences[(i+j*3)%len(licences)]
			n := len(recs)
			to := h.expiry(n)
			from := to.AddDate(-3, 0, 0)
			created := h.at(from.AddDate(0, 0, 10+h.rng.IntN(20)))
			if l.kind == "business" {
				to, from = h.today.AddDate(15, 0, 0), h.today.AddDate(-8, 0, -h.rng.IntN(900))
				created = h.entered()
			}
			authority := l.authority
			if strings.Contains(authority, "%s") {
				place := c.province
				if strings.HasSuffix(authority, "市市场监督管理局") {
					place = c.city
				}
				authority = fmt.Sprintf(authority, place)
			}
			v := map[string]any{"title": l.title, "licenseType": l.kind, "number": fmt.Sprintf(l.number, from.Year(), 1000+h.rng.IntN(90000)),
				"authority": authority, "holder": c.name, "unitCode": c.code, "validFrom": demoDate(from), "validTo": demoDate(to)}
			if l.kind == "system_cert" {
				v["tags"] = tag("ISO体系")
			}
			add(library.TypeLicense, c.code, created, v, [2]string{"scans", c.name + l.title + ".pdf"})
		}
	}

	// honours
	honours := []struct{ title, level, issuer string }{
		{"%d年度%s市物业管理优秀项目", "city", "%s市物业管理协会"},
		{"%s守合同重信用企业", "provincial", "%s市场监督管理局"},
		{"物业服务行业AAA级信用企业", "industry", "中国物业管理协会"},
		{"%d年度优秀服务供应商", "client", "%s市第一人民医院"},
		{"%s市安全生产先进单位", "city", "%s市应急管理局"},
		{"%d年度物业服务企业综合实力百强", "national", "中国物业管理协会"},
	}
	for i := range 24 {
		c := companies[(i*5)%len(companies)]
		t := honours[i%len(honours)]
		created := h.entered()
		award := created.AddDate(0, 0, -(5 + h.rng.IntN(40)))
		place := c.city
		if t.level == "provincial" {
			place = c.province
		}
		title := t.title
		switch strings.Count(title, "%") {
		case 2:
			title = fmt.Sprintf(title, award.Year()-1, place)
		case 1:
			if strings.Contains(title, "%d") {
				title = fmt.Sprintf(title, award.Year()-1)
			} else {
				title = fmt.Sprintf(title, place)
			}
		}
		issuer := t.issuer
		if strings.Contains(issuer, "%s") {
			issuer = fmt.Sprintf(issuer, place)
		}
		v := map[string]any{"title": title, "level": t.level, "issuer": issuer, "holder": c.name, "unitCode": c.code, "awardDate": demoDate(award),
			"number": fmt.Sprintf("RY-%d-%04d", award.Year(), 100+i*37), "tags": tag("物业管理")}
		if t.level == "industry" || t.level == "provincial" {
			v["validTo"] = demoDate(h.expiry(i))
		}
		add(library.TypeHonor, c.code, created, v, [2]string{"scans", title + ".pdf"})
	}

	// performance contracts and tenders: the clients of each city
	clients := []struct{ name, service, category, tag string }{
		{"%s市第一人民医院", "后勤一体化服务项目", "logistics", "医院后勤"},
		{"%s市中心医院", "院区保洁与秩序维护服务项目", "property", "医院后勤"},
		{"%s市人民政府办公厅", "办公区物业管理服务项目", "property", "政府采购"},
		{"%s市机关事务管理局", "机关办公楼综合物业服务项目", "property", "政府采购"},
		{"%s国际会展中心", "会展场馆运营保障服务项目", "facility", "设施运维"},
		{"%s地铁集团有限公司", "车辆段及控制中心物业服务项目", "property", "物业管理"},
		{"%s职业技术学院", "校园物业管理服务项目", "property", "高校服务"},
		{"%s市图书馆", "馆舍物业与设施运维项目", "facility", "设施运维"},
		{"%s高新技术产业开发区管理委员会", "产业园区综合设施运维项目", "facility", "智慧园区"},
		{"%s市妇幼保健院", "医疗辅助与后勤保障服务项目", "logistics", "医院后勤"},
		{"%s市体育中心", "场馆设施设备运维服务项目", "facility", "节能改造"},
		{"%s市政务服务中心", "大楼信息化运维服务项目", "it", "政府采购"},
	}
	for i := range 30 {
		c := companies[(i*3+1)%len(companies)]
		cl := clients[i%len(clients)]
		client := fmt.Sprintf(cl.name, c.city)
		created := h.entered()
		sign := created.AddDate(0, 0, -(3 + h.rng.IntN(20)))
		end := sign.AddDate(1+h.rng.IntN(3), 0, 0)
		title := client + cl.service
		add(library.TypeContract, c.code, created, map[string]any{"title": title, "client": client, "number": fmt.Sprintf("HT-%d-%04d", sign.Year(), 100+i*31),
			"amount": money(80, 2200), "signDate": demoDate(sign), "startDate": demoDate(sign.AddDate(0, 0, 10)), "endDate": demoDate(end),
			"category": cl.category, "unitCode": c.code, "tags": tag(cl.tag)}, [2]string{"contractScans", title + "合同.pdf"})
	}
	for i := range 30 {
		c := companies[(i*5+2)%len(companies)]
		if c.code == "100201" { // the Beijing company's tenders are the reward demo's (internal/app/reward_demo.go)
			c = companies[(i*5+3)%len(companies)]
		}
		cl := clients[(i+5)%len(clients)]
		client := fmt.Sprintf(cl.name, c.city)
		created := h.entered()
		bid := created.AddDate(0, 0, 7+h.rng.IntN(14))
		result := []string{"win", "lose", "win", "lose", "void", "win", "lose"}[i%7]
		if bid.After(h.today.AddDate(0, 0, -20)) {
			result = "pending"
		}
		buyer := fmt.Sprintf("%s市公共资源交易中心", c.city)
		if i%3 == 0 {
			buyer = client
		}
		title := client + cl.service
		unit := c.code
		if i%2 == 0 {
			unit = c.code + "003" // its bid department
		}
		add(library.TypeTender, unit, created, map[string]any{"title": title, "buyer": buyer, "number": fmt.Sprintf("ZB-%d-%04d", bid.Year(), 200+i*29),
			"bidDate": demoDate(bid), "result": result, "amount": money(60, 1800), "unitCode": unit, "tags": tag(cl.tag)},
			[2]string{"tenderFiles", title + "招标文件.pdf"}, [2]string{"bidFiles", title + "投标文件.pdf"})
	}

	// CA keys: each company's province and city platforms, the national ones at the head office
	platforms := []string{"%s公共资源交易平台", "%s市政府采购网"}
	national := []string{"中国政府采购网", "中国招标投标公共服务平台", "军队采购网", "国家电网新一代电子商务平台", "中国南方电网供应链服务平台", "中国移动采购与招标网"}
	for i := range 22 {
		c := companies[i%len(companies)]
		title := fmt.Sprintf(platforms[(i/len(companies))%2], c.province)
		if i/len(companies) == 1 {
			title = fmt.Sprintf(platforms[1], c.city)
		}
		holder, unit := c.name, c.code
		if i >= 16 {
			title, holder, unit = national[(i-16)%len(national)], "华信服务股份有限公司", "100104"
		}
		custodian := author(unit)
		if custodian.emp == "" { // the administrator keeps no keys: a head-office employee does
			custodian = &demoAccount{emp: demoEmployeeCode(10)}
		}
		to, created := h.expiry(i+1), h.entered()
		add(library.TypeCAKey, unit, created, map[string]any{"title": title, "keyNumber": fmt.Sprintf("CA-%02d-%04d", i+3, 1000+i*53),
			"holder": holder, "custodian": custodian.emp, "unitCode": unit, "validTo": demoDate(to)}, [2]string{"scans", title + "CA证书.pdf"})
	}

	// experts: employees with their certificates
	quals := []string{"一级建造师", "二级建造师", "注册物业管理师", "注册设备监理师", "注册安全工程师", "中级经济师", "注册消防工程师", "PMP项目管理", "ISO9001内审员", "一级造价工程师", "注册电气工程师", "高级物业管理员"}
	jobs := []string{"项目经理", "高级工程师", "工程师", "物业经理", "安全主管", "设备主管", "商务经理", "品质经理"}
	specialities := [][]string{{"物业管理"}, {"设施运维", "节能改造"}, {"医院后勤"}, {"高校服务"}, {"政府采购", "物业管理"}, {"智慧园区"}, {"ISO体系"}}
	var experts []*demoAccount
	for _, p := range h.people {
		if p.emp != "" && p.activity > 0 && p.left.IsZero() && p.login != "staff" && p.login != "libadmin" && p.login != "admin" && len(experts) < 26 {
			var n int
			if err := h.a.DB.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record WHERE type = ? AND employee_code = ? AND deleted_at IS NULL`, library.TypeExpert, p.emp).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				experts = append(experts, p)
			}
		}
	}
	for i, p := range experts {
		var qs []library.Qualification
		for j := 0; j < 1+i%3; j++ {
			q := quals[(i*5+j*7)%len(quals)]
			qs = append(qs, library.Qualification{Name: q, Number: fmt.Sprintf("%s-%d-%04d", []string{"JZ", "WY", "SB", "AQ", "ZX"}[j%5], 2012+i%10, 1000+i*97+j), ValidTo: demoDate(h.expiry(i*3 + j))})
		}
		unit := p.unit
		add(library.TypeExpert, unit, h.entered(), map[string]any{"title": p.name, "employeeCode": p.emp, "unitCode": unit, "jobTitle": jobs[i%len(jobs)],
			"education": fmt.Sprint(1 + (i*3)%4), "years": 4 + (i*7)%22, "phone": fmt.Sprintf("139%08d", 20000000+i*7919),
			"qualifications": qs, "specialities": tag(specialities[i%len(specialities)]...),
			"experience": fmt.Sprintf("从事%s工作%d年，参与多个政府机关、医院和园区项目的投标与实施，熟悉服务方案编制和现场管理。", jobs[i%len(jobs)], 4+(i*7)%22)},
			[2]string{"scans", p.name + qs[0].Name + ".pdf"})
	}

	// service plans and toolkits, written at the head office and the companies
	plans := []struct{ title, category, tag string }{
		{"写字楼物业服务方案", "property", "物业管理"}, {"三甲医院后勤一体化服务方案", "logistics", "医院后勤"}, {"高校校园物业服务方案", "property", "高校服务"},
		{"产业园区设施运维方案", "facility", "智慧园区"}, {"政务服务中心物业服务方案", "property", "政府采购"}, {"轨道交通站点保洁服务方案", "property", "物业管理"},
		{"会展场馆运营保障方案", "facility", "设施运维"}, {"公共建筑节能改造实施方案", "facility", "节能改造"}, {"智慧物业平台实施方案", "it", "智慧园区"},
		{"机关食堂餐饮服务方案", "logistics", "政府采购"}, {"医院安保服务方案", "logistics", "医院后勤"}, {"住宅小区物业服务方案", "property", "物业管理"},
		{"数据中心基础设施运维方案", "it", "设施运维"}, {"学校宿舍管理服务方案", "property", "高校服务"}, {"体育场馆设施运维方案", "facility", "设施运维"},
		{"应急保障与突发事件处置方案", "other", "ISO体系"}, {"绿化养护服务方案", "property", "物业管理"}, {"电梯维保管理方案", "facility", "设施运维"},
	}
	for i, p := range plans {
		unit := "100104"
		if i%3 != 0 {
			unit = companies[(i*7)%len(companies)].code
		}
		add(library.TypePlan, unit, h.entered(), map[string]any{"title": p.title, "category": p.category, "version": fmt.Sprintf("V%d.%d", 1+i%3, i%4),
			"summary": "包括服务范围、组织架构、人员配置、岗位职责、作业标准、质量控制与应急预案，可按项目要求裁剪使用。", "unitCode": unit, "tags": tag(p.tag)},
			[2]string{"files", p.title + ".pdf"})
	}
	tools := []string{"人员配置测算模板", "物料消耗测算表", "评分标准对照表", "投标文件自检清单", "标书封面与目录模板", "项目业绩汇总表", "服务承诺书模板",
		"报价分析对比表", "开标记录模板", "投标保证金台账", "资格审查资料清单", "技术标评分自评表", "项目经理面试题库", "投标进度甘特图模板", "中标通知书登记表", "废标原因分析表"}
	for i, t := range tools {
		add(library.TypeToolkit, "100104", h.entered(), map[string]any{"title": t, "category": []string{"other", "property", "facility"}[i%3],
			"version": fmt.Sprintf("%d版", 2023+i%3), "description": "投标支持中心整理的常用工具，随评审经验持续更新。"}, [2]string{"files", t + ".pdf"})
	}

	// announcements of the year, most of them over
	notices := []string{"关于开展年度资质资料核查的通知", "关于规范CA锁借用登记的通知", "春季招标旺季投标工作安排", "关于更新投标报价测算模板的通知",
		"关于启用新版服务方案模板的通知", "秋季招标旺季投标工作安排", "关于做好年度业绩合同归档的通知", "关于专家库信息完善的通知"}
	for i, t := range notices {
		created := h.at(h.day(h.ago(364 - i*45)))
		if created.After(h.now) {
			created = h.at(h.ago(2))
		}
		add(library.TypeAnnouncement, "100104", created, map[string]any{"title": t, "publishFrom": demoDate(created), "publishTo": demoDate(created.AddDate(0, 0, 30+i%3*15)),
			"content": "<p>各单位：" + t + "，请各单位投标管理部门按要求落实，有疑问请联系投标支持中心。</p>"}, [2]string{"attachments", t + ".pdf"})
	}
	return h.enter(ctx, recs)
}

// enter saves the records' files (when the demo has files) and the records through the library, then dates both as
// entered then, by their author.
func (h *demoHistory) enter(ctx context.Context, recs []demoRecord) error {
	for _, r := range recs {
		if !h.a.Config.DemoWithoutFiles {
			for _, f := range r.files {
				module := files.ModuleLibrary // as the library's screens upload them (web/src/features/library/LibraryWidgets.tsx)
				switch r.kind {
				case library.TypeCAKey:
					module = files.ModuleCA
				case library.TypeExpert:
					module = files.ModuleExpert
				}
				saved, err := h.a.Files.Save(ctx, files.Input{Name: f[1], Module: module, UserID: r.by.id,
					Body: bytes.NewReader(library.DemoPDF("BidDesk demo document", "Record: "+r.kind, "Entered: "+demoDate(r.created)))})
				if err != nil {
					return fmt.Errorf("%s: %w", f[1], err)
				}
				r.values[f[0]] = []string{fmt.Sprint(saved.ID)}
			}
		}
		id, err := h.a.Library.SeedRecord(ctx, h.adminID, r.kind, r.values)
		if err != nil {
			return err
		}
		if err := h.date(ctx, id, r.kind, r.created, r.by.id); err != nil {
			return err
		}
	}
	return nil
}

// date dates a record, its files and its review as entered at t by the account by.
func (h *demoHistory) date(ctx context.Context, id int64, kind string, t time.Time, by int64) error {
	at := t.UTC()
	return h.a.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE lib_record SET created_at = ?, updated_at = ?, created_by = ?, updated_by = ? WHERE id = ?`, at, at, by, by, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE lib_record SET reviewed_at = ? WHERE id = ? AND reviewed_at IS NOT NULL`, at, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE sys_file SET created_at = ?, updated_at = ?, uploaded_by = ? WHERE record_type = ? AND record_id = ?`,
			at, at, by, "library."+kind, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE lib_review SET created_at = ? WHERE record_id = ?`, at, id)
		return err
	})
}

// backdate dates the demo's records entered today by the other seeders (the starting library) over the last years,
// then lists the library's files for the downloads.
func (h *demoHistory) backdate(ctx context.Context) error {
	type rec struct {
		id   int64
		kind string
	}
	var todays []rec
	rows, err := h.a.DB.Query(ctx, `SELECT id, type FROM lib_record WHERE created_at >= ? ORDER BY id`, h.today.UTC())
	if err != nil {
		return err
	}
	for rows.Next() {
		var r rec
		if err := rows.Scan(&r.id, &r.kind); err != nil {
			rows.Close()
			return err
		}
		todays = append(todays, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range todays {
		if r.kind == library.TypeMessage {
			continue
		}
		by := h.adminID
		if s := h.staffOf("1001"); len(s) > 0 && h.rng.IntN(2) == 0 {
			by = s[0].id
		}
		if err := h.date(ctx, r.id, r.kind, h.at(h.day(h.ago(2*365))), by); err != nil {
			return err
		}
	}
	rows, err = h.a.DB.Query(ctx, `SELECT id, record_type, record_id, created_at FROM sys_file
		WHERE state = 'ready' AND record_id IS NOT NULL AND record_type LIKE 'library.%' ORDER BY id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f demoFile
		if err := rows.Scan(&f.id, &f.recordType, &f.recordID, &f.created); err != nil {
			return err
		}
		if f.recordType == library.FileRecordType(library.TypeOf(library.TypeMessage)) {
			continue
		}
		h.files = append(h.files, f)
	}
	return rows.Err()
}

// changes writes the year's updates of the library's records to the business log, as their authors made them: a
// record is corrected or completed now and then after it was entered.
func (h *demoHistory) changes(ctx context.Context) error {
	type rec struct {
		id           int64
		kind, title  string
		created      time.Time
		createdBy    int64
		hasCreatedBy bool
	}
	var recs []rec
	rows, err := h.a.DB.Query(ctx, `SELECT id, type, title, created_at, COALESCE(created_by, 0) FROM lib_record WHERE deleted_at IS NULL AND type <> ? ORDER BY id`, library.TypeMessage)
	if err != nil {
		return err
	}
	for rows.Next() {
		var r rec
		if err := rows.Scan(&r.id, &r.kind, &r.title, &r.created, &r.createdBy); err != nil {
			rows.Close()
			return err
		}
		recs = append(recs, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	byID := map[int64]*demoAccount{}
	for _, p := range h.people {
		byID[p.id] = p
	}
	admins := []*demoAccount{}
	for _, p := range h.people {
		if p.login == "admin" || p.login == "libadmin" {
			admins = append(admins, p)
		}
	}
	remarks := []string{"核对原件后更新扫描件", "补充项目业绩说明", "更新有效期", "完善联系人与联系方式", "按最新模板调整内容", "补充标签便于检索", "更正证书编号"}
	type change struct {
		p      *demoAccount
		r      rec
		remark string
		at     time.Time
	}
	var out []change
	yearAgo := h.ago(364)
	for _, r := range recs {
		from := r.created.In(h.loc).AddDate(0, 0, 1)
		if from.Before(yearAgo) {
			from = yearAgo
		}
		if !from.Before(h.today) {
			continue
		}
		// about two changes a year, fewer for a record entered lately
		for range h.poisson(2 * h.today.Sub(from).Hours() / 24 / 364) {
			t := h.at(h.day(time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, h.loc)))
			p := byID[r.createdBy]
			if p == nil || !p.alive(t) || h.rng.IntN(3) == 0 {
				if len(admins) == 0 {
					continue
				}
				p = admins[h.rng.IntN(len(admins))]
			}
			if !t.Before(h.now) {
				continue
			}
			out = append(out, change{p: p, r: r, remark: remarks[h.rng.IntN(len(remarks))], at: t})
		}
	}
	codes := map[string]string{}
	for _, t := range library.Types {
		codes[t.Key] = t.Code
	}
	return h.a.DB.InTx(ctx, func(tx *db.Tx) error {
		return insertRows(ctx, tx, `INSERT INTO business_log (user_id, login_code, user_name, module, action, target_id, target, before_data, after_data,
			client_ip, request_id, created_at) VALUES `, 12, len(out), func(i int) []any {
			c := out[i]
			before, _ := json.Marshal(map[string]any{"id": c.r.id, "title": c.r.title, "remark": ""})
			after, _ := json.Marshal(map[string]any{"id": c.r.id, "title": c.r.title, "remark": c.remark})
			return []any{c.p.id, c.p.login, c.p.name, codes[c.r.kind], "update", fmt.Sprint(c.r.id), c.r.title, string(before), string(after),
				fmt.Sprintf("10.%d.%d.%d", 16+int(c.p.id)%8, 1+int(c.p.id/7)%200, 10+int(c.p.id)%240), "", c.at.UTC()}
		})
	})
}

// loans lends the CA keys for bids over the year: out for a day or a few, returned by the borrower's colleagues;
// more often in the tender seasons.
func (h *demoHistory) loans(ctx context.Context) error {
	type key struct {
		id      int64
		unit    string
		created time.Time
	}
	var keys []key
	rows, err := h.a.DB.Query(ctx, `SELECT id, unit_code, created_at FROM lib_record WHERE type = ? AND deleted_at IS NULL ORDER BY id`, library.TypeCAKey)
	if err != nil {
		return err
	}
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.id, &k.unit, &k.created); err != nil {
			rows.Close()
			return err
		}
		keys = append(keys, k)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	purposes := []string{"投标文件上传与电子签章", "开标解密", "平台企业信息变更", "投标保证金缴纳确认", "合同备案"}
	var lenders []int64
	for _, p := range h.people {
		if p.login == "admin" || p.login == "libadmin" {
			lenders = append(lenders, p.id)
		}
	}
	if len(lenders) == 0 {
		return nil
	}
	return h.a.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, k := range keys {
			people := h.staffOf(k.unit)
			if len(k.unit) > 6 {
				people = h.staffOf(k.unit[:6])
			}
			if len(people) == 0 {
				people = h.staffOf("1001")
			}
			if len(people) == 0 {
				continue
			}
			for d := h.ago(364); d.Before(h.ago(6)); d = d.AddDate(0, 0, 1) {
				if h.weight(d) < 0.5 || !d.After(k.created) || h.rng.Float64() >= 0.05*h.season(d) {
					continue
				}
				p := people[h.rng.IntN(min(4, len(people)))]
				lent := d.Add(time.Duration(9*3600+h.rng.IntN(2*3600)) * time.Second)
				days := 1 + h.rng.IntN(4)
				back := d.AddDate(0, 0, days).Add(time.Duration(15*3600+h.rng.IntN(3*3600)) * time.Second)
				if _, err := tx.Exec(ctx, `INSERT INTO lib_ca_loan (record_id, borrower_code, borrower_name, purpose, due_date, lent_by, lent_at, returned_by, returned_at, return_remark)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '')`, k.id, p.emp, p.name, purposes[h.rng.IntN(len(purposes))], demoDate(d.AddDate(0, 0, days+1)),
					lenders[h.rng.IntN(len(lenders))], lent.UTC(), lenders[h.rng.IntN(len(lenders))], back.UTC()); err != nil {
					return err
				}
				d = d.AddDate(0, 0, days+2)
			}
		}
		return nil
	})
}
