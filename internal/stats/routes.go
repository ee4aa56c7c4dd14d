package stats

import (
	"biddesk/internal/platform/route"
)

// Paths of the statistics calls: the spec's (section 7, "Statistics") and the product's own for the screens
// and exports the spec names without a path (docs/api.md, "Usage statistics").
const (
	PathPersonnel         = "/api/dataHumanResources/statistics"
	PathPersonnelExport   = "/api/dataHumanResources/exportStatistics"
	PathDownloads         = "/api/sys/oplog/downloadStatistics"
	PathDownloadHistogram = "/api/sys/oplog/downloadStatisticsHistogram"
	PathDownloadLine      = "/api/sys/oplog/downloadStatisticsLineChart"
	PathDownloadExport    = "/api/sys/oplog/exportDownloadStatistics"
	PathRole              = "/api/sys/statistics/role"
	PathRoleExport        = "/api/sys/statistics/exportUserRoles"
	PathUpload            = "/api/sys/statistics/upload"
	PathUploadExport      = "/api/sys/statistics/exportUpload"
	PathCA                = "/api/sys/statistics/ca"
	PathCAExport          = "/api/sys/statistics/exportCa"
	PathSummary           = "/api/sys/statistics/summary"
	PathSummaryExport     = "/api/sys/statistics/exportSummary"
	PathDemand            = "/api/sys/statistics/demand"
	PathDemandExport      = "/api/sys/statistics/exportDemand"
	PathAccount           = "/api/sys/statistics/account"
	PathAccountExport     = "/api/sys/statistics/exportAccount"
)

// Routes are the statistics calls; each screen's calls need its menu code. The personnel numbers serve the
// login and the role screens.
func (h *Handlers) Routes() []route.Route {
	s := h.svc
	get := func(path, access string, fn screen, en, zh string) route.Route {
		return route.Call("GET", path, access, typed(fn)).Doc(en, zh)
	}
	file := func(path, access string, fn screen, name, en, zh string) route.Route {
		return route.DownloadCall(path, access, download(fn, name)).Doc(en, zh)
	}
	return []route.Route{
		get(PathPersonnel, route.AnyOf(FunLogin, FunRole), s.Login, "Sign-in statistics by period, unit and person", "登录统计"),
		file(PathPersonnelExport, FunLogin, s.Login, "stats.file.login", "Sign-in statistics as a spreadsheet", "导出登录统计"),
		get(PathRole, FunRole, s.Role, "Accounts per role and unit", "角色统计"),
		file(PathRoleExport, FunRole, s.Role, "stats.file.role", "User roles as a spreadsheet", "导出用户角色"),
		get(PathDownloads, FunDownload, s.Downloads, "Downloads per material type, top materials and downloaders", "下载统计"),
		get(PathDownloadHistogram, FunDownload, s.DownloadHistogram, "Downloads per material type and unit (bars)", "下载统计柱状图"),
		get(PathDownloadLine, FunDownload, s.DownloadLineChart, "Downloads per period and material type (lines)", "下载统计折线图"),
		file(PathDownloadExport, FunDownload, s.Downloads, "stats.file.download", "Export 'download statistics': downloads per material type, top materials and downloaders", "导出下载统计"),
		get(PathDemand, FunDemand, s.Demand, "Demands collected, answered and open by period, unit, collection and state", "需求反馈统计"),
		file(PathDemandExport, FunDemand, s.Demand, "stats.file.demand", "Demand feedback statistics as a spreadsheet", "导出需求反馈统计"),
		get(PathUpload, FunUpload, s.Uploads, "Uploads and record upkeep by type, unit and period", "数据上传统计"),
		file(PathUploadExport, FunUpload, s.Uploads, "stats.file.upload", "Data upload statistics as a spreadsheet", "导出数据上传统计"),
		get(PathCA, FunCA, s.CA, "CA keys added, lent, returned and expiring", "CA上传统计"),
		file(PathCAExport, FunCA, s.CA, "stats.file.ca", "CA upload statistics as a spreadsheet", "导出CA上传统计"),
		get(PathSummary, FunSummary, s.Summary, "Annual bid-material summary", "年度标书资料汇总"),
		file(PathSummaryExport, FunSummary, s.Summary, "stats.file.summary", "Export 'annual summary': the annual bid-material summary", "导出年度汇总"),
		get(PathAccount, FunAccount, s.Accounts, "Accounts per unit and state", "账号统计"),
		file(PathAccountExport, FunAccount, s.Accounts, "stats.file.account", "Export 'account statistics': accounts per unit and state", "导出账号统计"),
		get(PathTraining, FunTraining, s.Training, "Training of a year by unit: trainees, attendance, completion, hours; hours per employee; lecturers' sessions and hours", "培训统计"),
		file(PathTrainingExport, FunTraining, s.Training, "stats.file.training",
			"Export 'statistics' (training): a year's training by unit, per employee and per lecturer", "导出培训统计"),
	}
}
