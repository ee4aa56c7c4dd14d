package library

import (
	"context"
	"net/http"
	"reflect"
	"strings"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Paths of the social-security calls.
const (
	SocialPath       = "/api/library/social/"
	SocialExportPath = SocialPath + "export"
)

// SocialIn is the dialog's fields.
type SocialIn struct {
	EmployeeCode string `param:"employeeCode" doc:"the employee's code (required)"`
	Month        string `param:"month" doc:"YYYY-MM (also 2026/5, 2026年5月); not after the current month (required)"`
	City         string `param:"city" doc:"the city of the contributions, at most 20 characters; a trailing 市 is dropped (required)"`
	Base         string `param:"base" doc:"the contribution base in CNY, at most 2 decimals"`
	PayingUnit   string `param:"payingUnit" doc:"the paying unit, at most 100 characters"`
	Remark       string `param:"remark" doc:"at most 200 characters"`
	ProofFileID  int64  `param:"proofFileId" doc:"an uploaded file: the bureau's certificate (0 or absent: none)"`
}

func (in SocialIn) form() SocialForm {
	return SocialForm{EmployeeCode: in.EmployeeCode, Month: in.Month, City: in.City, Base: in.Base, PayingUnit: in.PayingUnit,
		Remark: in.Remark, ProofFileID: in.ProofFileID}
}

// SocialEditIn is the dialog's fields and the row.
type SocialEditIn struct {
	SocialIn
	ID int64 `param:"id,required"`
}

// SocialRunsIn asks an employee's continuous months.
type SocialRunsIn struct {
	EmployeeCode string `param:"employeeCode,required"`
	Month        string `param:"month" doc:"count up to this month (YYYY-MM); default last month"`
}

// SocialRunsAnswer is an employee's continuous months by city, longest first.
type SocialRunsAnswer struct {
	EmployeeCode string      `json:"employeeCode"`
	UpTo         string      `json:"upTo"`
	Runs         []SocialRun `json:"runs"`
}

// The names the web uses.
func (SocialRunsAnswer) OpenAPIName() string { return "LibSocialRuns" }
func (SocialRun) OpenAPIName() string        { return "LibSocialRun" }

// socialReaders may read the continuous months: the social-security screen and whoever reads experts.
func socialReaders() string {
	return strings.Join([]string{SocialCode, TypeOf(TypeExpert).readAccess()}, ",")
}

// socialRoutes are the calls of the social-security screen.
func (h *Handlers) socialRoutes() []route.Route {
	tbl := h.svc.SocialTable()
	return []route.Route{
		route.New("GET", SocialPath+"list", SocialCode, tbl.List).Query(tbl.Spec.Params()...).Returns(list.Page[SocialRecord]{}).
			Doc("Social security: the contribution rows (employee, month, city, base, paying unit, proof), paged", "社保缴纳记录列表"),
		route.Download(SocialExportPath, SocialCode, tbl.Export).Query(tbl.Spec.Params()...).Query(list.FormatParam).Returns(route.File{}).
			Doc("Export 'social security': the contribution rows with the list's filters", "导出社保缴纳记录"),
		route.Call("GET", SocialPath+"one", SocialCode, func(r *http.Request, in httpx.IDIn) (SocialRecord, error) {
			return h.svc.SocialOne(r.Context(), in.ID)
		}).Doc("Social security: one row", "社保缴纳记录详情"),
		route.Call("POST", SocialPath+"add", SocialCode, func(r *http.Request, in SocialIn) (httpx.Created, error) {
			id, err := h.svc.SaveSocial(r.Context(), 0, in.form(), httpx.Lang(r))
			return httpx.Created{ID: id}, err
		}).Doc("Social security: add a month of an employee (one row per employee, month, city and paying unit)", "新增社保缴纳记录"),
		route.Call("PUT", SocialPath+"edit", SocialCode, func(r *http.Request, in SocialEditIn) (route.None, error) {
			_, err := h.svc.SaveSocial(r.Context(), in.ID, in.form(), httpx.Lang(r))
			return route.None{}, err
		}).Doc("Social security: change a row", "编辑社保缴纳记录"),
		route.Call("DELETE", SocialPath+"del", SocialCode, func(r *http.Request, in IDsIn) (route.None, error) {
			ids, err := in.list()
			if err != nil {
				return route.None{}, err
			}
			return route.None{}, h.svc.DeleteSocial(r.Context(), ids)
		}).Doc("Social security: delete rows (soft, with a business-log line each)", "删除社保缴纳记录"),
		route.Download(SocialPath+"import/template", SocialCode, func(w http.ResponseWriter, r *http.Request) (any, error) {
			return httpx.Written{}, socialTemplate(w, r)
		}).Returns(route.File{}).Doc("Social security: the import workbook (the bureau's monthly list)", "社保导入模板"),
		route.New("POST", SocialPath+"import", SocialCode, h.svc.importSocialUpload).Takes(ImportIn{}).Returns(SocialImportReport{}).
			Doc("Social security: import the bureau's monthly spreadsheet (multipart field file); dryRun=true only checks and lists every bad row; a real import is all or nothing, a row of an existing employee, month, city and paying unit replaces it", "导入社保缴纳记录"),
		route.Call("GET", SocialPath+"continuous", socialReaders(), func(r *http.Request, in SocialRunsIn) (SocialRunsAnswer, error) {
			upTo := strings.TrimSpace(in.Month)
			if upTo != "" {
				m, err := ParseMonth(upTo, h.svc.now())
				if err != nil {
					return SocialRunsAnswer{}, err
				}
				upTo = m
			} else {
				upTo = LastMonth(h.svc.now())
			}
			runs, err := h.svc.SocialRuns(r.Context(), strings.TrimSpace(in.EmployeeCode), upTo)
			return SocialRunsAnswer{EmployeeCode: in.EmployeeCode, UpTo: upTo, Runs: runs}, err
		}).Doc("An employee's continuous social-security months up to a month, by city (docs/library.md, 'Continuous months')", "连续社保月数"),
	}
}

// socialParams are the expert list's social-security filter parameters.
var socialParams = []httpx.Param{
	{Name: ParamSocialCity, Type: reflect.TypeFor[string](), Doc: "experts with continuous social-security months in this city (with socialMonths)"},
	{Name: ParamSocialMonths, Type: reflect.TypeFor[int](), Doc: "at least this many continuous months (1-600) in socialCity up to socialUpTo"},
	{Name: ParamSocialUpTo, Type: reflect.TypeFor[string](), Doc: "YYYY-MM: the month the runs are counted up to; default last month"},
}

// withSocialMonth passes the expert list's socialUpTo to completeSocial (the runs are counted up to it).
func (h *Handlers) withSocialMonth(next func(http.ResponseWriter, *http.Request) (any, error)) func(http.ResponseWriter, *http.Request) (any, error) {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		if v := strings.TrimSpace(r.URL.Query().Get(ParamSocialUpTo)); v != "" {
			if m, err := ParseMonth(v, h.svc.now()); err == nil {
				r = r.WithContext(context.WithValue(r.Context(), socialUpToKey{}, m))
			}
		}
		return next(w, r)
	}
}
