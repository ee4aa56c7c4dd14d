package library

import (
	"context"
	"encoding/json"
	"fmt"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// mapValues is a form's values given in code (demo data).
type mapValues map[string]any

func (m mapValues) Has(name string) bool { _, ok := m[name]; return ok }
func (m mapValues) String(name string) string {
	switch v := m[name].(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}
func (m mapValues) Strings(name string) []string {
	if v, ok := m[name].([]string); ok {
		return v
	}
	if s := m.String(name); s != "" {
		return []string{s}
	}
	return nil
}
func (m mapValues) Decode(name string, v any) error {
	if _, ok := m[name]; !ok {
		return nil
	}
	b, err := json.Marshal(m[name])
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// SeedFunctions adds the library administration function code, granted to the given roles (by code),
// when the database does not have it yet.
func SeedFunctions(ctx context.Context, d *db.DB, roles ...string) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_function WHERE code = ?`, FunAdmin).Scan(&n); err != nil || n > 0 {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO sys_function (code, name, menu_code, sort) VALUES (?, '资料库审核与管理', '', 0)`, FunAdmin); err != nil {
			return err
		}
		for _, r := range roles {
			if _, err := tx.Exec(ctx, `INSERT INTO sys_role_function (role_id, function_code) SELECT id, ? FROM sys_role WHERE code = ?`, FunAdmin, r); err != nil {
				return err
			}
		}
		return nil
	})
}

// DemoFiles stores a demo file for the administrator and answers its id, for linking to a demo record.
type DemoFiles func(ctx context.Context, name string, body []byte) (int64, error)

// SeedDemo fills an empty library with demo records entered by the account adminID (an administrator):
// tags, experts with qualifications, licences (one expiring soon, one expired), honours, contracts, CA keys,
// tenders, a service plan, a toolkit and an announcement. staffEmployee links the demo staff account's
// employee to a licence it keeps and a CA key, so its reminders show something. docs, when not nil, stores
// the drawn demo scans and documents (demodocs.go) that the records link, so the portal has files to preview.
func (s *Service) SeedDemo(ctx context.Context, adminID int64, staffEmployee string, docs DemoFiles) (err error) {
	defer errs.Wrap(&err, "library: seed demo %d", adminID)
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM lib_record`).Scan(&n); err != nil || n > 0 {
		return err
	}
	ctx = context.WithValue(ctx, seeding{}, true)
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: adminID, FunCodes: map[string]bool{FunAdmin: true}})
	tagIDs := map[string]int64{}
	for i, name := range []string{"物业管理", "设施运维", "医院后勤", "智慧园区", "高校服务", "政府采购", "ISO体系", "节能改造"} {
		id, err := s.AddTag(ctx, TagForm{Name: name, Sort: i})
		if err != nil {
			return err
		}
		tagIDs[name] = id
	}
	tag := func(names ...string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = fmt.Sprint(tagIDs[n])
		}
		return out
	}
	today := Today(s.now())
	day := func(days int) string { return today.AddDate(0, 0, days).Format(dateLayout) }
	var docErr error
	file := func(name string, body []byte) []string {
		if docs == nil || docErr != nil {
			return nil
		}
		id, err := docs(ctx, name, body)
		if err != nil {
			docErr = fmt.Errorf("demo file %s: %w", name, err)
			return nil
		}
		return []string{fmt.Sprint(id)}
	}
	pdf := func(title, code, kind string) []string {
		return file(title+".pdf", DemoPDF("BidDesk demo document", "Type: "+kind, "No.: "+code, "Issued: "+day(-100)))
	}
	hue := 0.0
	scan := func(title string) []string {
		hue += 47
		return file(title+"扫描件.png", DemoScan(hue))
	}
	add := func(key string, v mapValues) error {
		if docErr != nil {
			return docErr
		}
		f, err := readForm(TypeOf(key), v, httpx.LangZH)
		if err != nil {
			return fmt.Errorf("demo %s %v: %w", key, v["title"], err)
		}
		if _, err := s.Add(ctx, f, httpx.LangZH); err != nil {
			return fmt.Errorf("demo %s %v: %w", key, v["title"], err)
		}
		return nil
	}
	// the experts are demo employees (org.DemoPeople): the expert list and the employee list agree
	experts := []struct {
		emp        int
		title, edu string
		years      int
		quals      []Qualification
		tags       []string
	}{
		{10, "高级工程师", "2", 18, []Qualification{{"注册物业管理师", "WY2019-0031", day(400)}, {"一级建造师", "JZ110-2203", day(20)}}, []string{"物业管理", "医院后勤"}},
		{21, "工程师", "3", 11, []Qualification{{"注册设备监理师", "SB-2020-118", day(700)}}, []string{"设施运维", "节能改造"}},
		{35, "高级经济师", "1", 22, []Qualification{{"注册咨询工程师", "ZX-2016-0087", day(-10)}, {"PMP项目管理", "PMP-3310021", day(900)}}, []string{"政府采购", "智慧园区"}},
		{42, "中级工程师", "3", 8, []Qualification{{"消防设施操作员", "XF-2021-5521", day(300)}}, []string{"高校服务"}},
		{57, "高级工程师", "2", 15, []Qualification{{"ISO9001内审员", "ISO-2018-7789", day(120)}}, []string{"ISO体系", "物业管理"}},
	}
	for i, e := range experts {
		code, name := org.DemoEmployee(e.emp)
		if err := add(TypeExpert, mapValues{"title": name, "employeeCode": code, "jobTitle": e.title, "education": e.edu, "years": e.years,
			"idNumber": demoIDNumber(i), "postcode": "200120", "address": "上海市浦东新区世纪大道100号",
			"qualifications": e.quals, "specialities": tag(e.tags...), "phone": "13900000000",
			"photo": file(name+"照片.png", DemoPortrait(float64(i)*67)), "scans": scan(e.quals[0].Name),
			"experience": "主持多个大型物业与设施管理项目的投标与实施，熟悉招投标流程与服务方案编制。"}); err != nil {
			return err
		}
	}
	licences := []mapValues{
		{"title": "营业执照", "licenseType": "business", "number": "91330200MA2H000001", "authority": "宁波市市场监督管理局", "holder": "华信服务股份有限公司", "validFrom": day(-2000), "validTo": day(3000), "tags": tag("政府采购")},
		{"title": "物业服务企业资质证书", "licenseType": "qualification", "number": "WY-ZJ-2019-0102", "authority": "浙江省住房和城乡建设厅", "holder": "华信服务股份有限公司", "validFrom": day(-1500), "validTo": day(12), "tags": tag("物业管理"), "unitCode": "100104"},
		{"title": "ISO9001质量管理体系认证", "licenseType": "system_cert", "number": "00121Q31234R2M", "authority": "中国质量认证中心", "holder": "华信服务股份有限公司", "validFrom": day(-900), "validTo": day(-5), "tags": tag("ISO体系")},
		{"title": "安全生产许可证", "licenseType": "industry_permit", "number": "(京)JZ安许证字[2020]020345", "authority": "北京市住房和城乡建设委员会", "holder": "北京华信物业服务有限公司", "validFrom": day(-800), "validTo": day(500)},
	}
	for _, l := range licences {
		l["scans"] = append(pdf(l.String("title"), l.String("number"), "Enterprise licence"), scan(l.String("title"))...)
		if err := add(TypeLicense, l); err != nil {
			return err
		}
	}
	for _, h := range []mapValues{
		{"title": "全国物业服务领先企业", "level": "national", "issuer": "中国物业管理协会", "holder": "华信服务股份有限公司", "awardDate": day(-200), "tags": tag("物业管理")},
		{"title": "省级优秀物业服务项目", "level": "provincial", "issuer": "浙江省物业管理协会", "holder": "华信服务股份有限公司", "awardDate": day(-400), "validTo": day(25)},
	} {
		h["scans"] = scan(h.String("title"))
		if err := add(TypeHonor, h); err != nil {
			return err
		}
	}
	for _, c := range []mapValues{
		{"title": "宁波市第一人民医院后勤一体化服务项目", "client": "宁波市第一人民医院", "number": "HT-2024-0088", "amount": "12800000.00", "signDate": day(-300), "startDate": day(-290), "endDate": day(800), "category": "property", "tags": tag("医院后勤")},
		{"title": "宁波国家高新区科技园区综合设施运维项目", "client": "宁波国家高新区管理委员会", "number": "HT-2023-0152", "amount": "6350000.00", "signDate": day(-600), "startDate": day(-590), "endDate": day(140), "category": "facility", "tags": tag("智慧园区", "设施运维")},
	} {
		c["contractScans"] = pdf(c.String("title"), c.String("number"), "Performance contract")
		if err := add(TypeContract, c); err != nil {
			return err
		}
	}
	for _, k := range []mapValues{
		{"title": "浙江省公共资源交易平台", "keyNumber": "CA-ZJ-0001", "holder": "华信服务股份有限公司", "custodian": staffEmployee, "validTo": day(18)},
		{"title": "中国政府采购网", "keyNumber": "CA-ZC-0002", "holder": "华信服务股份有限公司", "custodian": demoCode(10), "validTo": day(260)},
	} {
		k["scans"] = scan(k.String("title"))
		if err := add(TypeCAKey, k); err != nil {
			return err
		}
	}
	for _, t := range []mapValues{
		{"title": "宁波职业技术学院校园物业管理服务采购", "buyer": "宁波市公共资源交易中心", "number": "ZB-2025-0311", "bidDate": day(-60), "result": "win", "amount": "4980000.00", "tags": tag("高校服务")},
		{"title": "宁波市鄞州区政务服务中心物业服务项目", "buyer": "宁波市鄞州区机关事务管理局", "number": "ZB-2025-0420", "bidDate": day(-20), "result": "pending", "amount": "2100000.00", "tags": tag("政府采购")},
	} {
		t["tenderFiles"] = pdf(t.String("title")+"招标文件", t.String("number"), "Tender document")
		t["bidFiles"] = pdf(t.String("title")+"投标文件", t.String("number"), "Bid document")
		if err := add(TypeTender, t); err != nil {
			return err
		}
	}
	if err := add(TypePlan, mapValues{"title": "医院后勤一体化服务方案", "category": "property", "version": "V2.1", "summary": "涵盖保洁、运送、安保、设备运维的医院后勤一体化服务方案模板。", "tags": tag("医院后勤"),
		"files": pdf("医院后勤一体化服务方案", "V2.1", "Service plan template")}); err != nil {
		return err
	}
	if err := add(TypeToolkit, mapValues{"title": "投标报价测算表", "category": "other", "version": "2025版", "link": "https://example.com/tools/pricing", "description": "按岗位与面积测算人工、物料和管理费用。",
		"files": pdf("投标报价测算说明", "2025", "Toolkit")}); err != nil {
		return err
	}
	for _, g := range []mapValues{
		{"title": "中国政府采购网供应商注册", "kind": "platform", "authority": "财政部（中国政府采购网）", "number": "ZFCG-2023-310115-0088", "region": "全国",
			"scope": "物业管理服务、保洁服务、安保服务", "validFrom": day(-700), "validTo": day(330), "tags": tag("政府采购")},
		{"title": "上海市政府采购云平台供应商入库", "kind": "platform", "authority": "上海市财政局", "number": "SH-ZCY-2024-01672", "region": "上海市",
			"scope": "物业管理服务", "validFrom": day(-350), "validTo": day(15), "tags": tag("政府采购"), "unitCode": "100104"},
		{"title": "2025-2026年度上海市物业服务定点采购入围", "kind": "shortlist", "authority": "上海市政府采购中心", "number": "沪采定〔2025〕017号", "region": "上海市",
			"scope": "市级机关、事业单位物业管理服务定点采购", "validFrom": day(-160), "validTo": day(200), "tags": tag("政府采购", "物业管理")},
		{"title": "高新技术企业认定", "kind": "recognition", "authority": "上海市科学技术委员会", "number": "GR202531001234", "region": "上海市",
			"scope": "智慧园区运维平台", "validFrom": day(-400), "validTo": day(700), "tags": tag("智慧园区")},
	} {
		g["proofs"] = pdf(g.String("title"), g.String("number"), "Government procurement register")
		if err := add(TypeGovReg, g); err != nil {
			return err
		}
	}
	if err := s.seedSocial(ctx, today); err != nil {
		return err
	}
	if staffEmployee != "" {
		if _, err := s.db.Exec(ctx, `UPDATE lib_record SET employee_code = ? WHERE type = ? AND title = ?`, staffEmployee, TypeLicense, "物业服务企业资质证书"); err != nil {
			return err
		}
	}
	return add(TypeAnnouncement, mapValues{"title": "关于更新2025年度企业资质资料的通知", "pinned": 1, "publishFrom": day(-3), "publishTo": day(60),
		"content":     "<p>各单位：请于本月底前核对并更新本单位的<strong>企业证照</strong>与<strong>荣誉资质</strong>，过期资料请及时上传新证扫描件。</p>",
		"attachments": pdf("资料更新通知", "2025-01", "Announcement")})
}

func demoCode(i int) string {
	code, _ := org.DemoEmployee(i)
	return code
}

// demoIDNumber is a valid 18-digit ID card number (上海浦东, born in the 1980s, check digit computed) for demo expert i.
func demoIDNumber(i int) string {
	body := fmt.Sprintf("310115198%d0%d1%d0%d%d", i%10, 1+i%9, 1+i%8, 1+i%9, 1+i%2)
	weights := []int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
	sum := 0
	for k, w := range weights {
		sum += int(body[k]-'0') * w
	}
	return body + string("10X98765432"[sum%11])
}
