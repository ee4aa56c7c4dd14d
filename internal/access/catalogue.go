// Package access holds menus, function codes, roles and what each role is granted.
package access

// MenuDef is one entry of the built-in menu catalogue. Leaves carry the route path of
// spec section 2; a leaf's code is its path without the leading slash, which is also the
// function code that lets a user open it.
type MenuDef struct {
	Code, Name, Path, Icon string
	Children               []MenuDef
	// Unbuilt: the screen is not built yet. It stays in the catalogue (roles may be granted it) but no
	// session menu shows it, so neither the side menu nor the welcome page leads to a placeholder.
	Unbuilt bool
}

func leaf(path, name string) MenuDef { return MenuDef{Code: path[1:], Name: name, Path: path} }

// unbuilt is a leaf whose screen does not exist yet (none at present: the last two, training's, landed with issue 30); the web's route table (web/src/app/routes.ts)
// gives these routes no page, and a test keeps the two lists equal.
func unbuilt(path, name string) MenuDef { //nolint:unused // kept for the next planned screen
	d := leaf(path, name)
	d.Unbuilt = true
	return d
}

// Unbuilt tells whether the menu code is a screen not built yet.
func Unbuilt(code string) bool { return unbuiltCodes[code] }

var unbuiltCodes = func() map[string]bool {
	out := map[string]bool{}
	var walk func([]MenuDef)
	walk = func(defs []MenuDef) {
		for _, d := range defs {
			if d.Unbuilt {
				out[d.Code] = true
			}
			walk(d.Children)
		}
	}
	walk(Catalogue)
	return out
}()

// Catalogue is every admin route of spec section 2, grouped as the side menu shows them.
var Catalogue = []MenuDef{
	{Code: "welcome", Name: "首页", Path: "/welcome", Icon: "home"},
	{Code: "library", Name: "标书资料库", Icon: "database", Children: []MenuDef{
		leaf("/expert_talents2_manage", "专家库"),
		leaf("/expert_talents2_license", "企业证照"),
		leaf("/expert_talents2_honor", "荣誉资质"),
		leaf("/expert_talents2_contract", "业绩合同"),
		leaf("/expert_talents2_politics", "CA锁管理"),
		leaf("/expert_talents2_tender", "标书库"),
		leaf("/expert_talents2_social", "社保缴纳记录"),
		leaf("/expert_talents2_gov", "政府采购名录"),
		leaf("/servicePlan", "服务方案模板"),
		leaf("/expandServices", "工具包"),
		leaf("/expert_talents2_message", "消息待办"),
		leaf("/expert_talents2_announcement", "公告管理"),
		leaf("/tagmanager", "标签管理"),
	}},
	{Code: "expert", Name: "专家人才", Icon: "idcard", Children: []MenuDef{
		leaf("/expert_talents_manage", "专家列表"),
		leaf("/expert_make_word", "生成Word"),
		leaf("/expert_talents_result", "生成结果"),
	}},
	{Code: "portal", Name: "门户与需求", Icon: "global", Children: []MenuDef{
		leaf("/gatewaymanager", "门户管理"),
		leaf("/course_manager", "课程管理"),
		leaf("/demandcollection", "需求征集"),
	}},
	{Code: "reward", Name: "证书使用奖励", Icon: "trophy", Children: []MenuDef{
		leaf("/useCertificateRewardSetting", "奖励设置"),
		leaf("/useCertificateRewardAudit", "申请审批"),
		leaf("/useCertificateRewardReport", "奖励报表"),
	}},
	{Code: "training", Name: "培训管理", Icon: "schedule", Children: []MenuDef{
		leaf("/training_plan", "培训计划"),
		leaf("/training_class", "培训班管理"),
		leaf("/training_lecturer", "讲师管理"),
		leaf("/training_survey", "问卷调查"),
		leaf("/training_honour", "荣誉名录"),
	}},
	{Code: "exam", Name: "考试管理", Icon: "profile", Children: []MenuDef{
		leaf("/exam_bank", "题库管理"),
		leaf("/exam_paper", "试卷管理"),
		leaf("/exam_manage", "考试安排"),
		leaf("/exam_grade", "阅卷与成绩"),
	}},
	{Code: "stats", Name: "统计分析", Icon: "bar-chart", Children: []MenuDef{
		leaf("/personnel_login", "登录统计"),
		leaf("/personnel_role", "角色统计"),
		leaf("/download_type", "下载统计"),
		leaf("/demand_feedback", "需求反馈统计"),
		leaf("/data_upload", "数据上传统计"),
		leaf("/ca_upload", "CA上传统计"),
		leaf("/summary", "年度标书资料汇总"),
		leaf("/statistics_account", "账号统计"),
		leaf("/statistics_training", "培训统计"),
	}},
	{Code: "sys", Name: "系统管理", Icon: "setting", Children: []MenuDef{
		leaf("/sysuser", "用户管理"),
		leaf("/organization_manager", "组织与员工"),
		leaf("/sysroles", "角色列表"),
		leaf("/roleusers", "角色分配"),
		leaf("/rolemanager", "角色权限"),
		leaf("/menusmanager", "菜单管理"),
		leaf("/resmanager", "资源管理"),
		leaf("/functionsmanager", "操作管理"),
		leaf("/dict_manager", "字典管理"),
		leaf("/sys_config", "系统配置"),
		leaf("/headerAndfooter_manager", "页眉页脚"),
		leaf("/handover_manager", "数据交接"),
		leaf("/externalOrgan", "外部组织"),
		leaf("/externalUser", "外部用户"),
		leaf("/test", "组件示例"),
	}},
	{Code: "ops", Name: "日志与任务", Icon: "file-search", Children: []MenuDef{
		leaf("/exception_log", "异常日志"),
		leaf("/business_log", "业务日志"),
		leaf("/login_log", "登录日志"),
		leaf("/task_manager", "定时任务"),
		leaf("/task_log", "任务日志"),
	}},
	{Code: "lowcode", Name: "数据与报表", Icon: "table", Children: []MenuDef{
		leaf("/dataset_manager", "数据集"),
		leaf("/dtable", "动态表格"),
		leaf("/dreport", "动态报表"),
	}},
}

// FunctionPortal lets a user use the portal; every built-in role holds it.
const FunctionPortal = "gateway"

// RoleDef is a built-in role and the menu groups it is granted (nil means all).
type RoleDef struct {
	Code, Name, Remark string
	MenuGroups         []string
}

// Built-in role codes.
const (
	RoleSysAdmin = "sysadmin"
	RoleLibAdmin = "libadmin"
	RoleStaff    = "staff"
)

// BuiltinRoles are seeded into an empty database.
var BuiltinRoles = []RoleDef{
	{Code: RoleSysAdmin, Name: "系统管理员", Remark: "拥有全部菜单与操作权限", MenuGroups: nil},
	{Code: RoleLibAdmin, Name: "资料库管理员", Remark: "维护标书资料库、门户、需求与统计", MenuGroups: []string{"welcome", "library", "expert", "portal", "reward", "stats"}},
	{Code: RoleStaff, Name: "员工", Remark: "仅使用门户", MenuGroups: []string{}},
}
