package library

import (
	"net/http"
	"strings"

	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are every call of the library with the function codes it needs.
func (h *Handlers) Routes() []route.Route {
	in := httpx.WithInput
	out := []route.Route{
		route.Call("GET", TypesPath, route.SignedIn, h.Types).
			Doc("The record types of the library as data: fields, searches, columns, dictionaries, exports", "资料库类型定义"),
		route.Call("GET", RemindPath, route.SignedIn, h.Remind).
			Doc("The caller's reminders: records they entered, hold or keep that expire within the warning days or have expired, CA keys lent to them, unread message to-dos", "我的提醒"),
		route.Call("GET", TagAllPath, route.SignedIn, h.TagAll).Doc("Every tag, for the tags fields", "全部标签"),
		route.New("GET", TagListPath, FunTags, h.tags.List).Query(tagSpec.Params()...).Returns(list.Page[TagRec]{}).
			Doc("The tag set with how many records use each tag, paged", "标签列表"),
		route.Call("POST", "/api/library/tag/add", FunTags, h.TagAdd).Doc("Add a tag", "新增标签"),
		route.Call("PUT", "/api/library/tag/edit", FunTags, h.TagEdit).Doc("Rename, recolour or reorder a tag", "编辑标签"),
		route.Call("DELETE", "/api/library/tag/del", FunTags, h.TagDel).
			Doc("Delete tags (soft; records keep no longer shown links)", "删除标签"),
		route.Download("/api/library/tag/export", FunTags, h.tags.Export).Query(tagSpec.Params()...).Query(list.FormatParam).
			Returns(route.File{}).Doc("Export the tag set", "导出标签"),
		route.New("GET", PortalSearchPath, FunPortal, in(h.PortalSearch)).Takes(PortalSearchIn{}).Returns(PortalResult{}).
			Doc("Search every portal type in one query: a page of hits, the total and, with facets=1, the counts by type, tag, unit, validity and year", "门户搜索"),
		route.Call("GET", PortalOnePath, FunPortal, h.PortalOne).
			Doc("One record the portal shows the caller: the library's flat record plus typeName, tab and downloads; 该资料不存在或已下架 otherwise", "门户资料详情"),
	}
	for _, t := range Types {
		tbl, t := h.tables[t.Key], t
		en, zh := httpx.Translate(httpx.LangEN, t.Name), httpx.Translate(httpx.LangZH, t.Name)
		doc := func(rt route.Route, summary, summaryZH string) route.Route {
			return rt.Doc(en+": "+summary, zh+"："+summaryZH)
		}
		lister, exporter, params := tbl.List, tbl.Export, spec(t).Params()
		exportDoc := "export the records with the list's filters"
		if name := ExportNames[t.Key]; name != "" {
			exportDoc = "Export '" + name + "': the records with the list's filters"
		}
		if t.Key == TypeExpert {
			lister, exporter, params = h.withSocialMonth(tbl.List), h.withSocialMonth(tbl.Export), append(params, socialParams...)
		}
		out = append(out,
			doc(route.New("GET", TypePath(t, "list"), t.readAccess(), lister).Query(params...).Returns(list.Page[*Record]{}),
				"search the records, paged; non-administrators see published records of the units their data rules allow and their own", "列表"),
			doc(route.Call("GET", TypePath(t, "one"), t.readAccess(), h.one(t)), "one record with its tags and files", "详情"),
			doc(route.Call("GET", TypePath(t, "history"), t.readAccess(), h.history(t)), "a record's review steps and business-log entries", "审核与变更记录"),
			doc(route.Download(TypePath(t, "export"), t.readAccess(), exporter).Query(params...).Query(list.FormatParam).Returns(route.File{}),
				exportDoc, "导出"),
			doc(route.New("POST", TypePath(t, "add"), t.Code, in(h.add(t))).Query(formParams(t, false)...).Returns(httpx.Created{}),
				"add a record (an administrator's entry is published, others wait for review)", "新增"),
			doc(route.New("PUT", TypePath(t, "edit"), t.Code, in(h.edit(t))).Query(formParams(t, true)...).Returns(route.None{}),
				"change a record (a non-administrator's change goes back to review)", "编辑"),
			doc(route.Call("DELETE", TypePath(t, "del"), t.Code, h.del(t)), "delete records (soft, with a business-log line each)", "删除"),
		)
		if t.Review {
			out = append(out,
				doc(route.Call("POST", TypePath(t, "submit"), t.Code, h.transition(t, ActSubmit)), "submit drafts or rejected records for review", "提交审核"),
				doc(route.Call("POST", TypePath(t, "approve"), FunAdmin, h.transition(t, ActApprove)), "approve pending records", "审核通过"),
				doc(route.Call("POST", TypePath(t, "reject"), FunAdmin, h.transition(t, ActReject)), "reject pending records; reason required", "审核驳回"),
			)
		}
		if t.Import {
			out = append(out,
				doc(route.Download(TypePath(t, "import/template"), t.Code, func(w http.ResponseWriter, r *http.Request) (any, error) {
					return httpx.Written{}, importTemplate(w, r, t)
				}).Returns(route.File{}), "the import workbook", "导入模板"),
				doc(route.New("POST", TypePath(t, "import"), t.Code, func(w http.ResponseWriter, r *http.Request) (any, error) { return h.svc.importUpload(w, r, t) }).
					Takes(ImportIn{}).Returns(ImportReport{}),
					"import records from an .xlsx (multipart field file); dryRun=true only checks; a real import is all or nothing", "导入"),
				doc(route.New("POST", TypePath(t, "import/async"), t.Code, func(w http.ResponseWriter, r *http.Request) (any, error) { return h.svc.importAsync(w, r, t) }).
					Takes(ImportIn{}).Returns(&ImportAsyncOut{}),
					"the import of .../import in the background: answers its job at once; the job's result (GET /api/sys/job/get) is the import's report", "后台导入"),
			)
		}
		if t.Loans {
			out = append(out,
				doc(route.Call("GET", TypePath(t, "loans"), t.readAccess(), h.loans(t)), "the lend/return history of a key", "借还记录"),
				doc(route.Call("POST", TypePath(t, "lend"), t.Code, h.lend(t)), "lend a key in custody to an employee", "借出"),
				doc(route.Call("POST", TypePath(t, "return"), t.Code, h.giveBack(t)), "take a lent key back (remark optional)", "归还"),
			)
		}
		if t.Messages {
			out = append(out,
				doc(route.Call("POST", MessageRead, t.Code, h.MessageRead), "mark the caller's message to-dos read", "标记已读"),
				doc(route.Call("POST", MessageMake, FunAdmin, h.generate), "write the expiry and CA-loan reminders as message to-dos now", "立即生成提醒"),
			)
		}
	}
	return append(out, h.socialRoutes()...)
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
