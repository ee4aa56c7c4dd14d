package org

import (
	"context"
	"fmt"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Demo organisation: a group root over the service company and the regional companies (区域公司,
// the sub-companies root); companies below those, departments below the companies. Codes are nested
// (each level appends two or three digits) so a subtree is a prefix match.
var (
	demoRegions = []string{"北京", "上海", "广州", "深圳", "成都", "武汉", "西安", "南京", "杭州", "重庆", "天津", "长沙", "苏州", "郑州"}
	demoTrades  = []string{"物业服务", "设施管理", "信息技术服务", "后勤保障", "工程咨询", "安保服务"}
	demoDepts   = []string{"综合管理部", "市场开发部", "投标管理部", "项目运营部", "质量安全部", "财务部", "人力资源部", "工程技术部",
		"客户服务部", "采购部", "信息化部", "法务合规部", "品质管理部", "培训中心", "项目一部", "项目二部", "项目三部", "项目四部", "华东事业部", "华南事业部", "华北事业部"}
	demoHQDepts = []string{"董事会办公室", "总经理办公室", "战略发展部", "投标支持中心", "财务管理部", "人力资源部", "审计监察部", "法律事务部", "信息中心", "品牌文化部"}
	surnames    = []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
	givenChars  = []rune("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志文斌宇浩然欣怡子涵思远佳琪梓萱俊杰晨曦雨萱嘉怡诗涵博文一鸣海峰晓东振华立新春梅红霞玉兰小龙")
)

type demoUnit struct {
	code, parent, name, fullName, special string
	level                                 int
	clickable                             bool
}

// unitType: the HQ's departments and the companies' departments are departments.
func (u demoUnit) unitType() int {
	if u.special == "" && (u.level == 4 || strings.HasPrefix(u.code, "1001")) {
		return TypeDepartment
	}
	return TypeCompany
}

// Code and Level describe a demo unit to tests and benchmarks.
func (u demoUnit) Code() string { return u.code }
func (u demoUnit) Level() int   { return u.level }

// DemoUnits returns the demo organisation tree (about 300 units over 4 levels).
func DemoUnits() []demoUnit {
	var out []demoUnit
	add := func(parent *demoUnit, code, name, special string, clickable bool) *demoUnit {
		u := demoUnit{code: code, name: name, special: special, level: 1, clickable: clickable, fullName: name}
		if parent != nil {
			u.parent, u.level, u.fullName = parent.code, parent.level+1, parent.fullName+","+name
		}
		out = append(out, u)
		return &out[len(out)-1]
	}
	root := *add(nil, "10", "华信服务集团", SpecialGroupRoot, false)
	service := *add(&root, "1001", "华信服务股份有限公司", SpecialSecondRoot, false)
	subs := *add(&root, "1002", "区域公司", SpecialSubCompanies, false)
	for i, d := range demoHQDepts {
		add(&service, fmt.Sprintf("%s%02d", service.code, i+1), d, "", true)
	}
	n := 0
	for _, region := range demoRegions {
		trade := demoTrades[n%len(demoTrades)]
		n++
		company := *add(&subs, fmt.Sprintf("%s%02d", subs.code, n), region+"华信"+trade+"有限公司", "", true)
		count := 19 + n%3
		for j := 0; j < count && j < len(demoDepts); j++ {
			add(&company, fmt.Sprintf("%s%03d", company.code, j+1), demoDepts[j], "", true)
		}
	}
	return out
}

// SeedDemo fills an empty organisation with the demo tree and about 500 employees.
func (s *Store) SeedDemo(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "org: seed demo")
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit`).Scan(&n); err != nil || n > 0 {
			return err
		}
		units := DemoUnits()
		var leaves []string
		for i, u := range units {
			if _, err := tx.Exec(ctx, `INSERT INTO org_unit (full_unit_code, parent_full_unit_code, unit_name, full_unit_name, level, is_click, disabled, in_status, special, sort, unit_type) VALUES (?, ?, ?, ?, ?, ?, 0, 1, ?, ?, ?)`,
				u.code, u.parent, u.name, u.fullName, u.level, db.Flag(u.clickable), u.special, i, u.unitType()); err != nil {
				return err
			}
			if u.level >= 3 && u.special == "" {
				leaves = append(leaves, u.code)
			}
		}
		for i := 1; i <= 500; i++ {
			code, name := DemoEmployee(i)
			unit := leaves[(i*37)%len(leaves)]
			if p, ok := DemoPeople[i]; ok && p.Unit != "" {
				unit = p.Unit
			}
			if _, err := tx.Exec(ctx, `INSERT INTO employee (code, name, name_initials, phone, email, unit_code, in_status) VALUES (?, ?, ?, ?, ?, ?, 1)`,
				code, name, NameInitials(name), fmt.Sprintf("139%08d", 10000000+i*7919%90000000), strings.ToLower(code)+"@huaxin-demo.cn", unit); err != nil {
				return err
			}
		}
		return writeLabels(ctx, tx)
	})
}

// DemoPerson is a demo employee that other demo data names (an account, an expert, a CA key's
// custodian); Unit, when set, is the unit the account shows too.
type DemoPerson struct{ Name, Unit string }

// DemoPeople are those employees by number: one person has one code, one name and one unit in every
// screen (the accounts 'staff' and 'libadmin', the experts of the library demo).
var DemoPeople = map[int]DemoPerson{
	3:  {"李思远", "100104"},
	7:  {"张晓东", "100201003"},
	10: {"王建国", ""},
	21: {"李晓东", ""},
	35: {"陈思远", ""},
	42: {"刘芳", ""},
	57: {"赵敏", ""},
}

// Demo employee numbers of the named people.
const (
	DemoLibAdminEmployee = 3
	DemoStaffEmployee    = 7
)

// DemoEmployee returns the code and a plausible Chinese name of demo employee i (the name of
// DemoPeople for theirs; no generated name repeats one of those).
func DemoEmployee(i int) (code, name string) {
	code = fmt.Sprintf("HX%06d", i)
	if p, ok := DemoPeople[i]; ok {
		return code, p.Name
	}
	for salt := 0; ; salt++ {
		name = generatedName(i + salt*1000)
		if !namedPerson(name) {
			return code, name
		}
	}
}

func namedPerson(name string) bool {
	for _, p := range DemoPeople {
		if p.Name == name {
			return true
		}
	}
	return false
}

func generatedName(i int) (name string) {
	s := surnames[(i*7)%len(surnames)]
	g1 := givenChars[(i*13)%len(givenChars)]
	name = string(s) + string(g1)
	if i%3 != 0 {
		name += string(givenChars[(i*29+5)%len(givenChars)])
	}
	return name
}
