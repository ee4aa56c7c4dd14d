package reward

import "biddesk/internal/platform/route"

// Routes are the calls of the three reward screens (their function codes; the audit and the report bound by the
// caller's data scope of module reward) and of applying in the portal.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("GET", "/api/reward/rule/list", route.AnyOf(FunSetting, FunAudit), h.RuleList),
		route.New("POST", "/api/reward/rule/add", FunSetting, wrap(typed(h.RuleAdd))),
		route.New("DELETE", "/api/reward/rule/del", FunSetting, wrap(typed(h.RuleDel))),
		route.New("GET", "/api/reward/setting", route.AnyOf(FunSetting, FunAudit), wrap(typed(h.SettingsGet))),
		route.New("PUT", "/api/reward/setting", FunSetting, wrap(typed(h.SettingsSave))),
		route.New("GET", "/api/reward/audit/list", FunAudit, h.AuditList),
		route.New("PUT", "/api/reward/audit/approve", FunAudit, wrap(typed(h.Approve))),
		route.New("PUT", "/api/reward/audit/reject", FunAudit, wrap(typed(h.Reject))),
		route.New("GET", "/api/reward/report", FunReport, wrap(typed(h.ReportGet))),
		route.Download("/api/reward/report/export", FunReport, h.ReportExport),

		route.New("POST", "/api/portal/reward/apply", FunPortal, wrap(typed(h.Apply))),
		route.New("GET", "/api/portal/reward/mine", FunPortal, h.Mine),
	}
}
