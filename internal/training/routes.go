package training

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the two training screens (their function codes), of the learner's side in the portal
// (the portal's code; an external account is refused) and of the phone page (public: its h5Token is the caller).
func (h *Handlers) Routes() []route.Route {
	lect := route.AnyOf(FunLecturer, FunClass)
	const phone = "/api/biapp/training/"
	return append([]route.Route{
		route.New("GET", "/api/training/lecturer/list", FunLecturer, h.LecturerList).Query(lecturerSpec.Params()...).
			Returns(list.Page[Lecturer]{}).Doc("The lecturers with the courses they teach and the hours taught, paged", "讲师列表"),
		route.Download("/api/training/lecturer/export", FunLecturer, h.LecturerExport).Query(lecturerSpec.Params()...).Query(list.FormatParam).
			Returns(route.File{}).Doc("Export 'lecturers': the lecturers of the list's filters with their courses and hours taught", "导出讲师"),
		route.Call("GET", "/api/training/lecturer/one", lect, h.LecturerOne).Doc("One lecturer", "讲师详情"),
		route.Call("GET", "/api/training/lecturer/options", lect, h.LecturerOptions).Doc("Every lecturer as a select option", "讲师选项"),
		route.Call("POST", "/api/training/lecturer/add", FunLecturer, h.LecturerSave).
			Doc("Add a lecturer: internal (an employee) or external (organisation and contact)", "新增讲师"),
		route.Call("PUT", "/api/training/lecturer/edit", FunLecturer, h.LecturerSave).
			Doc("Change a lecturer; a new name reaches the courses that name them", "编辑讲师"),
		route.Call("DELETE", "/api/training/lecturer/del", FunLecturer, h.LecturerDel).
			Doc("Delete a lecturer no course, class or session names", "删除讲师"),

		route.Call("GET", "/api/training/plan/list", route.AnyOf(FunPlan, FunClass), h.Plans).
			Doc("The yearly training plans of the units with their progress (classes held, hours of ended sessions against the plan)", "培训计划列表"),
		route.DownloadCall("/api/training/plan/export", FunPlan, h.PlanExport).
			Doc("Export 'training plans': the plans of the list's filters with their progress", "导出培训计划"),
		route.Call("POST", "/api/training/plan/add", FunPlan, h.PlanSave).Doc("Add a yearly plan of a unit", "新增培训计划"),
		route.Call("PUT", "/api/training/plan/edit", FunPlan, h.PlanSave).Doc("Change a yearly plan", "编辑培训计划"),
		route.Call("DELETE", "/api/training/plan/del", FunPlan, h.PlanDel).Doc("Delete a plan without classes", "删除培训计划"),

		route.New("GET", "/api/training/class/list", route.AnyOf(FunClass, FunPlan), h.ClassList).Query(classSpec.Params()...).
			Returns(list.Page[Class]{}).Doc("The training classes with their seats and wait list, paged", "培训班列表"),
		route.Download("/api/training/class/export", FunClass, h.ClassExport).Query(classSpec.Params()...).Query(list.FormatParam).
			Returns(route.File{}).Doc("Export 'training': the classes of the list's filters", "导出培训班"),
		route.Call("GET", "/api/training/class/one", FunClass, h.ClassOne).
			Doc("One class with its courses, lecturers, audience and the states it may move to", "培训班详情"),
		route.Call("POST", "/api/training/class/add", FunClass, h.ClassSave).Doc("Add a class (a draft)", "新增培训班"),
		route.Call("PUT", "/api/training/class/edit", FunClass, h.ClassSave).
			Doc("Change a class that is not closed; a larger capacity moves the wait list up", "编辑培训班"),
		route.Call("PUT", "/api/training/class/state", FunClass, h.ClassState).
			Doc("Move a class: draft to enrolling (with sessions), enrolling back to draft (nobody enrolled) or to running, running to closed, closed to archived", "培训班状态变更"),
		route.Call("DELETE", "/api/training/class/del", FunClass, h.ClassDel).Doc("Delete a draft class", "删除培训班"),
		route.Call("GET", "/api/training/class/students", FunClass, h.StudentList).
			Doc("A class's enrolments: seats, approvals pending, the wait list in order, withdrawn and rejected", "学员名单"),
		route.DownloadCall("/api/training/class/students/export", FunClass, h.StudentExport).
			Doc("Export 'students': a class's enrolments with their state, wait-list place and sessions attended", "导出学员名单"),
		route.Call("PUT", "/api/training/class/decide", FunClass, h.Decide).
			Doc("Approve pending enrolments (a seat while free, else the wait list) or reject them with a reason", "报名审核"),

		route.Call("GET", "/api/training/session/list", FunClass, h.SessionList).Doc("A class's sessions in time order", "课表"),
		route.Call("POST", "/api/training/session/add", FunClass, h.SessionSave).
			Doc("Add a session; a lecturer or room already taken then is refused, trainees with another class then are warnings", "新增课次"),
		route.Call("PUT", "/api/training/session/edit", FunClass, h.SessionSave).Doc("Change a session (the same checks)", "编辑课次"),
		route.Call("DELETE", "/api/training/session/del", FunClass, h.SessionDel).Doc("Delete a session without sign-ins", "删除课次"),
		route.DownloadCall("/api/training/session/export", FunClass, h.ScheduleExport).
			Doc("Export 'schedule': a class's sessions with course, lecturer, time, room and attendance", "导出课表"),

		route.Call("GET", "/api/training/signin/sheet", FunClass, h.SheetGet).
			Doc("A session's sign-in sheet: every trainee with a seat and their sign-in (absent once the window has closed)", "签到表"),
		route.Call("GET", "/api/training/signin/code", FunClass, h.CodeGet).
			Doc("The session's current sign-in code for the QR screen (a new one every 15 s) and the phone page's address it encodes", "签到二维码"),
		route.Call("PUT", "/api/training/signin/correct", FunClass, h.CorrectPut).
			Doc("Correct a trainee's sign-in by hand (present, late, absent) with a reason, in the business log", "更正签到"),
		route.DownloadCall("/api/training/signin/export", FunClass, h.SignInExport).
			Doc("Export 'sign-in': every session of a class with each trainee's sign-in", "导出签到"),

		route.Call("GET", "/api/portal/training/classes", FunPortal, h.PortalClasses).
			Doc("My classes: those enrolling for the caller's unit or the caller, and those the caller enrolled in (staff only)", "我的培训班"),
		route.Call("POST", "/api/portal/training/enrol", FunPortal, h.PortalEnrol).
			Doc("Enrol in a class: a seat, the wait list when full, or pending approval; warnings name overlapping sessions", "报名培训班"),
		route.Call("POST", "/api/portal/training/withdraw", FunPortal, h.PortalWithdraw).
			Doc("Withdraw from a class before its deadline; the first of the wait list moves up", "退出培训班"),
		route.Call("GET", "/api/portal/training/schedule", FunPortal, h.PortalSchedule).
			Doc("My schedule: the sessions of the classes the caller holds a seat in, with the caller's sign-in", "我的课表"),

		route.Call("GET", phone+"classes", route.Public, h.H5Classes).Doc("My classes, for the phone page (h5Token)", "移动端我的培训班"),
		route.Call("POST", phone+"enrol", route.Public, h.H5Enrol).Doc("Enrol in a class, for the phone page (h5Token)", "移动端报名"),
		route.Call("POST", phone+"withdraw", route.Public, h.H5Withdraw).Doc("Withdraw from a class, for the phone page (h5Token)", "移动端退出培训班"),
		route.Call("GET", phone+"schedule", route.Public, h.H5Schedule).Doc("My schedule, for the phone page (h5Token)", "移动端我的课表"),
		route.Call("GET", phone+"session", route.Public, h.H5Session).
			Doc("The session a sign-in QR names, with the caller's sign-in, for the phone page (h5Token)", "移动端课次信息"),
		route.Call("POST", phone+"signin", route.Public, h.H5SignIn).
			Doc("Sign in to a session with the QR's code (its window, once, not stale or forged, the position when the session checks it)", "扫码签到"),
	}, append(append(h.certRoutes(), h.surveyRoutes()...), h.honourRoutes()...)...)
}
