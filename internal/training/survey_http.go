package training

import (
	"net/http"
	"strconv"
	"strings"

	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// surveyRoutes are the questionnaire screen's calls (its function code), the learner's in the portal and on the
// phone page.
func (h *Handlers) surveyRoutes() []route.Route {
	const phone = "/api/biapp/training/"
	return []route.Route{
		route.Call("GET", "/api/training/survey/list", FunSurvey, h.SurveyList).Doc("The questionnaires, newest first, with how many answered", "问卷列表"),
		route.Call("GET", "/api/training/survey/one", FunSurvey, h.SurveyOneGet).Doc("One questionnaire with its questions and audience", "问卷详情"),
		route.Call("POST", "/api/training/survey/add", FunSurvey, h.SurveySave).
			Doc("Design a questionnaire (a draft): typed questions in order, required or not; an audience or a class; anonymous or named; a deadline", "新增问卷"),
		route.Call("PUT", "/api/training/survey/edit", FunSurvey, h.SurveySave).Doc("Change a draft questionnaire", "编辑问卷"),
		route.Call("DELETE", "/api/training/survey/del", FunSurvey, h.SurveyDel).Doc("Delete a draft questionnaire", "删除问卷"),
		route.Call("PUT", "/api/training/survey/send", FunSurvey, h.SurveySend).
			Doc("Send a draft: its audience's staff accounts (a unit's with its subordinates', or the class's trainees) are asked and told", "发送问卷"),
		route.Call("PUT", "/api/training/survey/close", FunSurvey, h.SurveyClose).Doc("Close a sent questionnaire: nobody may answer any more", "结束问卷"),
		route.Call("GET", "/api/training/survey/results", FunSurvey, h.SurveyResultsGet).
			Doc("A questionnaire's results: counts per option, the ratings' distribution and average, the text answers (names only when named)", "问卷结果"),
		route.DownloadCall("/api/training/survey/export", FunSurvey, h.SurveyExport).
			Doc("Export 'questionnaires': a questionnaire's responses, one row each (the answerer only when named)", "导出问卷"),

		route.Call("GET", "/api/portal/training/surveys", FunPortal, h.PortalSurveys).
			Doc("My questionnaires: those sent to the caller, to answer first (staff only)", "我的问卷"),
		route.Call("GET", "/api/portal/training/survey", FunPortal, h.PortalSurvey).Doc("A questionnaire sent to the caller, with its questions", "问卷内容"),
		route.Call("POST", "/api/portal/training/survey/answer", FunPortal, h.PortalAnswer).
			Doc("Answer a questionnaire: once, before its deadline, every required question", "提交问卷"),
		route.Call("GET", phone+"surveys", route.Public, h.H5Surveys).Doc("My questionnaires, for the phone page (h5Token)", "移动端我的问卷"),
		route.Call("GET", phone+"survey", route.Public, h.H5Survey).Doc("A questionnaire sent to the caller, for the phone page (h5Token)", "移动端问卷内容"),
		route.Call("POST", phone+"survey/answer", route.Public, h.H5Answer).Doc("Answer a questionnaire, for the phone page (h5Token)", "移动端提交问卷"),
	}
}

// SurveyList is GET /api/training/survey/list.
func (h *Handlers) SurveyList(r *http.Request, in SurveysIn) ([]Survey, error) {
	return h.svc.Surveys(r.Context(), in)
}

// SurveyOneGet is GET /api/training/survey/one.
func (h *Handlers) SurveyOneGet(r *http.Request, in httpx.IDIn) (Survey, error) {
	return h.svc.SurveyOne(r.Context(), in.ID)
}

// SurveySave is POST /api/training/survey/add and PUT /api/training/survey/edit.
func (h *Handlers) SurveySave(r *http.Request, in SurveyIn) (httpx.Created, error) {
	id, err := h.svc.SaveSurvey(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// SurveyDel is DELETE /api/training/survey/del.
func (h *Handlers) SurveyDel(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.DeleteSurvey(r.Context(), in.ID)
}

// SurveySendOut is what sending answers: how many were asked.
type SurveySendOut struct {
	Recipients int `json:"recipients"`
}

// SurveySend is PUT /api/training/survey/send.
func (h *Handlers) SurveySend(r *http.Request, in httpx.IDIn) (SurveySendOut, error) {
	n, err := h.svc.SendSurvey(r.Context(), in.ID)
	return SurveySendOut{Recipients: n}, err
}

// SurveyClose is PUT /api/training/survey/close.
func (h *Handlers) SurveyClose(r *http.Request, in httpx.IDIn) (route.None, error) {
	return route.None{}, h.svc.CloseSurvey(r.Context(), in.ID)
}

// SurveyResultsGet is GET /api/training/survey/results.
func (h *Handlers) SurveyResultsGet(r *http.Request, in httpx.IDIn) (SurveyResults, error) {
	return h.svc.Results(r.Context(), in.ID)
}

// SurveyExportIn names the questionnaire of the export.
type SurveyExportIn struct {
	ID     int64  `param:"id,required"`
	Format string `param:"format" enum:"xlsx,csv"`
}

// SurveyExport is GET /api/training/survey/export: a row per response; a choice is its option's text, a rating its
// number; the answerer's login, name and unit only when the questionnaire is named.
func (h *Handlers) SurveyExport(w http.ResponseWriter, r *http.Request, in SurveyExportIn) error {
	format, err := export.Format(in.Format)
	if err != nil {
		return err
	}
	v, err := h.svc.SurveyOne(r.Context(), in.ID)
	if err != nil {
		return err
	}
	resps, err := h.svc.responses(r.Context(), in.ID)
	if err != nil {
		return err
	}
	l := httpx.Lang(r)
	header := []string{tr(l, "training.col.no"), tr(l, "training.col.answeredOn")}
	if !v.Anonymous {
		header = append(header, tr(l, "training.col.login"), tr(l, "training.col.name"), tr(l, "training.col.unit"))
	}
	for _, q := range v.Questions {
		header = append(header, strconv.Itoa(q.Sort)+". "+q.Title)
	}
	return export.Stream(w, format, tr(l, "training.file.surveys")+"_"+v.Title, header, func(x export.Writer) error {
		for i, p := range resps {
			cells := []any{i + 1, p.Day}
			if !v.Anonymous {
				cells = append(cells, p.Login, p.Name, p.Unit)
			}
			for _, q := range v.Questions {
				a := p.ByQuestion[q.ID]
				switch q.Kind {
				case QSingle, QMultiple:
					var names []string
					for _, c := range strings.Split(a.Choices, ",") {
						if n, err := strconv.Atoi(c); err == nil && n >= 1 && n <= len(q.Options) {
							names = append(names, q.Options[n-1])
						}
					}
					cells = append(cells, strings.Join(names, "；"))
				case QRating:
					if a.Rating > 0 {
						cells = append(cells, a.Rating)
					} else {
						cells = append(cells, "")
					}
				default:
					cells = append(cells, a.Text)
				}
			}
			if err := x.Row(cells...); err != nil {
				return err
			}
		}
		return nil
	})
}

// SurveyRef names a questionnaire of the caller's.
type SurveyRef struct {
	H5Token  string `param:"h5Token" max:"128" doc:"phone page only: the mobile session (or the h5Token header)"`
	SurveyID int64  `param:"surveyId,required"`
}

// PortalSurveys is GET /api/portal/training/surveys.
func (h *Handlers) PortalSurveys(r *http.Request, _ route.None) ([]MySurvey, error) {
	p, err := web(r)
	if err != nil {
		return nil, err
	}
	return h.svc.MySurveys(r.Context(), p.UserID)
}

// PortalSurvey is GET /api/portal/training/survey.
func (h *Handlers) PortalSurvey(r *http.Request, in SurveyRef) (MySurvey, error) {
	p, err := web(r)
	if err != nil {
		return MySurvey{}, err
	}
	return h.svc.MySurvey(r.Context(), p.UserID, in.SurveyID)
}

// PortalAnswer is POST /api/portal/training/survey/answer.
func (h *Handlers) PortalAnswer(r *http.Request, in AnswerIn) (route.None, error) {
	p, err := web(r)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Answer(r.Context(), p.UserID, in)
}

// H5Surveys is GET /api/biapp/training/surveys.
func (h *Handlers) H5Surveys(r *http.Request, in TokenIn) ([]MySurvey, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return nil, err
	}
	return h.svc.MySurveys(ctx, p.UserID)
}

// H5Survey is GET /api/biapp/training/survey.
func (h *Handlers) H5Survey(r *http.Request, in SurveyRef) (MySurvey, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return MySurvey{}, err
	}
	return h.svc.MySurvey(ctx, p.UserID, in.SurveyID)
}

// H5Answer is POST /api/biapp/training/survey/answer.
func (h *Handlers) H5Answer(r *http.Request, in AnswerIn) (route.None, error) {
	p, ctx, err := h.phone(r, in.H5Token)
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Answer(ctx, p.UserID, in)
}
