package reward

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the three reward screens (their function codes; the audit and the report bound by the
// caller's data scope of module reward) and of applying in the portal.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/reward/rule/list", route.AnyOf(FunSetting, FunAudit), h.RuleList).Query(ruleSpec.Params()...).
			Returns(list.Page[Rule]{}).Doc("The reward rules, every version", "奖励规则列表"),
		route.Call("POST", "/api/reward/rule/add", FunSetting, h.RuleAdd).
			Doc("A new version of the rule of a certificate kind and level, in force from validFrom", "新增奖励规则版本"),
		route.Call("DELETE", "/api/reward/rule/del", FunSetting, h.RuleDel).
			Doc("Delete the latest version of a rule that paid nothing", "删除奖励规则版本"),
		route.Call("GET", "/api/reward/setting", route.AnyOf(FunSetting, FunAudit), h.SettingsGet).
			Doc("The approval settings (levels: 1 or 2)", "奖励审批设置"),
		route.Call("PUT", "/api/reward/setting", FunSetting, h.SettingsSave).Doc("Change the approval levels", "修改奖励审批设置"),
		route.New("GET", "/api/reward/audit/list", FunAudit, h.AuditList).Query(appSpec.Params()...).
			Returns(list.Page[Application]{}).Doc("The applications of the caller's data scope, paged", "奖励申请列表"),
		route.Call("PUT", "/api/reward/audit/approve", FunAudit, h.Approve).
			Doc("Approve applications at their level (a batch is refused whole)", "审批通过"),
		route.Call("PUT", "/api/reward/audit/reject", FunAudit, h.Reject).Doc("Reject applications with a reason", "审批驳回"),
		route.Call("GET", "/api/reward/report", FunReport, h.ReportGet).
			Doc("Paid rewards by person, unit, certificate kind or month, with the total", "奖励报表"),
		route.DownloadCall("/api/reward/report/export", FunReport, h.ReportExport).
			Doc("Export 'certificate reward report'", "导出证书奖励报表"),

		route.Call("GET", "/api/portal/reward/certificates", FunPortal, h.Certificates).
			Doc("The caller's certificates: numbered qualifications of published experts who are the caller's employee, with their kind, level, rule and whether they can be claimed", "我的证书"),
		route.Call("GET", "/api/portal/reward/eligibility", FunPortal, h.Eligibility).
			Doc("Can the caller apply: what is missing and whom to ask, their certificates, the tenders of their unit line, the approval flow", "能否申请证书奖励"),
		route.Call("GET", "/api/portal/reward/tenders", FunPortal, h.Tenders).
			Doc("The tenders of the caller's unit line with their bid date and result; for a chosen certificate, which can be claimed and why not", "可选标书"),
		route.Call("POST", "/api/portal/reward/apply", FunPortal, h.Apply).
			Doc("Apply for the reward of one's certificate used in a bid", "申请证书使用奖励"),
		route.New("GET", "/api/portal/reward/mine", FunPortal, h.Mine).Query(appSpec.Params()...).
			Returns(list.Page[Application]{}).Doc("The caller's applications, paged", "我的奖励申请"),
	}
}
