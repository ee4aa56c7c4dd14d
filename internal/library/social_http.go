package library

import (
	"context"
	"net/http"
	"reflect"
	"strings"

	"biddesk/internal/platform/httpx"
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
