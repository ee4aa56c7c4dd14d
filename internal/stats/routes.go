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
	PathAccount           = "/api/sys/statistics/account"
	PathAccountExport     = "/api/sys/statistics/exportAccount"
)

// Routes are the statistics calls; each screen's calls need its menu code. The personnel numbers serve the
// login and the role screens.
func (h *Handlers) Routes() []route.Route {
	s := h.svc
	return []route.Route{
		route.New("GET", PathPersonnel, route.AnyOf(FunLogin, FunRole), answer(typed(s.Login))),
		route.Download(PathPersonnelExport, FunLogin, download(s.Login, "stats.file.login")),
		route.New("GET", PathRole, FunRole, answer(typed(s.Role))),
		route.Download(PathRoleExport, FunRole, download(s.Role, "stats.file.role")),
		route.New("GET", PathDownloads, FunDownload, answer(typed(s.Downloads))),
		route.New("GET", PathDownloadHistogram, FunDownload, answer(typed(s.DownloadHistogram))),
		route.New("GET", PathDownloadLine, FunDownload, answer(typed(s.DownloadLineChart))),
		route.Download(PathDownloadExport, FunDownload, download(s.Downloads, "stats.file.download")),
		route.New("GET", PathUpload, FunUpload, answer(typed(s.Uploads))),
		route.Download(PathUploadExport, FunUpload, download(s.Uploads, "stats.file.upload")),
		route.New("GET", PathCA, FunCA, answer(typed(s.CA))),
		route.Download(PathCAExport, FunCA, download(s.CA, "stats.file.ca")),
		route.New("GET", PathSummary, FunSummary, answer(typed(s.Summary))),
		route.Download(PathSummaryExport, FunSummary, download(s.Summary, "stats.file.summary")),
		route.New("GET", PathAccount, FunAccount, answer(typed(s.Accounts))),
		route.Download(PathAccountExport, FunAccount, download(s.Accounts, "stats.file.account")),
	}
}
