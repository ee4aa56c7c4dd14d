package content

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of /course_manager (Screen) and the resource selector's, which portal management
// (FunBanners) also uses to give a banner a course, a topic or a link.
func (h *Handlers) Routes() []route.Route {
	sel := route.AnyOf(Screen, FunBanners)
	return append(h.svc.mobileRoutes(h), []route.Route{
		route.New("GET", "/api/course/type/query/list", Screen, h.TypeList).Query(typeSpec.Params()...).
			Returns(list.Page[Type]{}).Doc("The course types, paged (parentId narrows them to one level)", "课程类型列表"),
		route.Call("GET", "/api/course/type/query/type", sel, h.TypeOptions).
			Doc("The course types of one level as select options {key: name, value: id} (parentId 0 or absent: the first level)", "课程类型选项"),
		route.Call("GET", "/api/curriculum/getDict", sel, h.CurriculumDict).
			Doc("The dictionaries of the course screens in one answer: the course-type tree and the audit states (course_audit)", "课程字典"),
		route.Call("GET", "/api/course/type", sel, h.TypeTree).
			Doc("The course types as a two-level tree", "课程类型树"),
		route.Call("POST", "/api/course/type", Screen, h.TypeAdd).Doc("Add a course type", "新增课程类型"),
		route.Call("PUT", "/api/course/type", Screen, h.TypeEdit).Doc("Edit a course type", "编辑课程类型"),
		route.Call("DELETE", "/api/course/type", Screen, h.TypeDel).
			Doc("Delete course types (id or ids); a type with courses or sub-types is refused", "删除课程类型"),

		route.New("GET", "/api/course/query/list", Screen, h.CourseList).Query(courseSpec.Params()...).
			Returns(list.Page[Course]{}).Doc("The courses, paged", "课程列表"),
		route.Download("/api/course/export", Screen, h.CourseExport).Query(courseSpec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("The courses as a spreadsheet (the list's filters)", "导出课程"),
		route.Download("/api/course/lecturer/export", Screen, h.LecturerExport).Query(lecturerSpec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).
			Doc("The courses' distinct lecturer names with their course and published counts and latest update, as a spreadsheet (the lecturer entity's export is /api/training/lecturer/export)", "导出课程讲师"),
		route.Call("GET", "/api/course/one", Screen, h.CourseOne).Doc("One course", "课程详情"),
		route.Call("POST", "/api/course/add", Screen, h.CourseAdd).
			Doc("Add a course (audit pending, unpublished)", "新增课程"),
		route.Call("PUT", "/api/course/edit", Screen, h.CourseEdit).
			Doc("Edit a course; it goes back to audit pending and unpublished", "编辑课程"),
		route.Call("DELETE", "/api/course/del", Screen, h.CourseDel).
			Doc("Delete courses (id or ids); a course still in a topic is refused", "删除课程"),
		route.Call("PUT", "/api/course/audit", Screen, h.CourseAudit).
			Doc("Set the audit state of courses (a value of the course audit dictionary)", "审核课程"),
		route.Call("PUT", "/api/course/publish", Screen, h.CoursePublish).
			Doc("Publish (1) or withdraw (0) courses; only an approved course is published", "发布课程"),
		route.Call("GET", "/api/course/audit/query/auditDict", Screen, h.AuditDict).
			Doc("The course audit states (dictionary course_audit)", "课程审核状态字典"),

		route.New("GET", "/api/course/special/query/list", Screen, h.SpecialList).Query(specialSpec.Params()...).
			Returns(list.Page[Special]{}).Doc("The topics, paged", "专题列表"),
		route.Download("/api/course/special/export", Screen, h.SpecialExport).Query(specialSpec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("The topics as a spreadsheet (the list's filters)", "导出专题"),
		route.Call("GET", "/api/course/special/one", Screen, h.SpecialOne).Doc("One topic with its courses", "专题详情"),
		route.Call("POST", "/api/course/special/add", Screen, h.SpecialAdd).Doc("Add a topic", "新增专题"),
		route.Call("PUT", "/api/course/special/edit", Screen, h.SpecialEdit).
			Doc("Edit a topic and replace its courses", "编辑专题"),
		route.Call("DELETE", "/api/course/special/del", Screen, h.SpecialDel).
			Doc("Delete topics (id or ids); a first-level topic keeping second-level ones is refused", "删除专题"),

		route.Call("GET", "/api/curriculum/getLessonList", sel, h.LessonList).
			Doc("getLessonList: published, approved courses as selector cards", "选择器课程列表"),
		route.Call("GET", "/api/course/special/getSpecialList", sel, h.SpecialCards).
			Doc("getSpecialList: published topics as selector cards (first-level type 2, second-level type 1)", "选择器专题列表"),
		route.Call("GET", "/api/course/special/getFirstLesson", sel, h.FirstLesson).
			Doc("getFirstLesson: the published, approved courses of a first-level topic", "一级专题下的课程"),
		route.Call("GET", "/api/curriculum/getCurriculumSelector", sel, h.CurriculumSelector).
			Doc("getCurriculumSelector: courses as id and name", "课程下拉"),
		route.Call("GET", "/api/course/special/getSpecialSelector", sel, h.SpecialSelector).
			Doc("getSpecialSelector: topics as id and name", "专题下拉"),
		route.New("GET", "/api/course/push/query/list", Screen, h.PushList).Query(pushSpec.Params()...).
			Returns(list.Page[PushRow]{}).Doc("The course pushes, paged", "课程推送列表"),
		route.Download("/api/course/push/export", Screen, h.PushExport).Query(pushSpec.Params()...).
			Query(list.FormatParam).Returns(route.File{}).Doc("The course pushes as a spreadsheet (the list's filters)", "导出课程推送"),
		route.Call("GET", "/api/course/push/one", Screen, h.PushOne).Doc("One course push with its items and audience", "课程推送详情"),
		route.Call("POST", "/api/course/push/add", Screen, h.PushAdd).
			Doc("Push up to 30 courses or topics to an audience of units and employees", "新增课程推送"),
		route.Call("PUT", "/api/course/push/edit", Screen, h.PushEdit).Doc("Replace a push's courses and audience", "编辑课程推送"),
		route.Call("DELETE", "/api/course/push/del", Screen, h.PushDel).Doc("Delete pushes (id or ids)", "删除课程推送"),
		route.Call("GET", "/api/course/push/mine", FunPortal, h.Mine).
			Doc("The courses and topics pushed to the caller (its unit, a unit above it, or itself)", "我的推送课程"),
		route.Call("GET", "/api/course/portal/course", FunPortal, h.PortalCourse).
			Doc("A published, approved course with its ready courseware, for the portal", "门户课程详情"),
		route.Call("GET", "/api/course/portal/catalog", FunPortal, h.PortalCatalog).
			Doc("The offered courses and published first-level topics, for the portal", "门户可学课程"),
		route.Call("GET", "/api/course/portal/special", FunPortal, h.PortalSpecial).
			Doc("A published topic with its courses and second-level topics for the portal", "门户专题详情"),
		route.New("POST", "/api/curriculum/uploadPDF", Screen, h.UploadPDF).Takes(WareUploadIn{}).Returns(Courseware{}).
			Doc("Upload a PDF courseware (checked by its bytes; at most 100 MB and office-max-pages pages; 300 s)", "上传PDF课件"),
		route.New("POST", "/api/curriculum/uploadPPTToPDF", Screen, h.UploadPPT).Takes(WareUploadIn{}).Returns(Courseware{}).
			Doc("Upload a PPT or PPTX courseware, converted to PDF by LibreOffice in the background (state converting; poll getCoursewareState)", "上传PPT并转换为PDF"),
		route.Call("GET", "/api/curriculum/getCoursewareState", Screen, h.CoursewareState).
			Doc("A courseware and where its conversion stands (converting, ready, failed with a message)", "课件转换状态"),
		route.New("POST", "/api/curriculum/uploadVideo", Screen, h.UploadVideo).Takes(WareUploadIn{}).Returns(Courseware{}).
			Doc("Upload an MP4 video courseware (its duration read from the movie header; at most 1 GB)", "上传视频课件"),
		route.Call("GET", "/api/course/courseware/list", Screen, h.Coursewares).Doc("The courseware of a course", "课程课件列表"),
		route.Call("DELETE", "/api/course/courseware/del", Screen, h.WareDel).Doc("Delete a courseware and its files", "删除课件"),
		route.DownloadCall("/api/course/download", route.AnyOf(Screen, FunPortal), h.Download).
			Doc("Download a ready courseware (a course manager any; others one of an offered course)", "下载课件"),
		route.Call("GET", "/api/curriculum/getSig", route.AnyOf(Screen, FunPortal), h.GetSig).
			Doc("A short-lived signed playback address of a ready courseware (a video's length plus 10 minutes)", "获取播放签名地址"),
		route.Call("GET", "/api/nideo/getVideoInfo", route.AnyOf(Screen, FunPortal), h.VideoInfo).
			Doc("A video's duration, size and signed playback address", "视频信息"),
		playRoute(h),
		route.Call("POST", "/api/banner/add", FunBanners, h.BannerAdd).
			Doc("addBannerLink: a portal banner opening the chosen course, topic or link", "选择内容新增横幅"),
	}...)
}

// playRoute serves signed addresses: public (the signature is the permission), not a ticket download.
func playRoute(h *Handlers) route.Route {
	rt := route.DownloadCall(PlayPath, route.Public, h.Play).Doc("A courseware's file by its signed address (ranges for players)", "签名地址播放")
	rt.Download = false
	return rt
}
