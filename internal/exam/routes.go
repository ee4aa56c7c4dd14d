package exam

import (
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Routes are the calls of the four examination screens (their function codes), of the taker's side in the
// portal (the portal's code; an external account is refused) and of the phone page (public: its h5Token is the
// caller, who must hold the portal's code and be staff).
func (h *Handlers) Routes() []route.Route {
	const portal, phone = "/api/portal/exam/", "/api/biapp/exam/"
	bankOrPaper := route.AnyOf(FunBank, FunPaper)
	manageOrGrade := route.AnyOf(FunManage, FunGrade)
	keyCorrector := route.AnyOf(FunBank, FunManage, FunGrade)
	return []route.Route{
		route.New("GET", "/api/exam/question/list", bankOrPaper, h.QuestionList).Query(questionSpec.Params()...).
			Returns(list.Page[Question]{}).Doc("The question bank (current versions), filtered by type, difficulty, tag, course and keyword, paged", "题库列表"),
		route.Download("/api/exam/question/export", FunBank, h.QuestionExport).Query(questionSpec.Params()...).Query(list.FormatParam).
			Returns(route.File{}).Doc("Export 'question bank': the questions of the list's filters with options, keys and explanations", "导出题库"),
		route.Call("GET", "/api/exam/question/one", bankOrPaper, h.QuestionOne).Doc("One question, its current version", "试题详情"),
		route.Call("POST", "/api/exam/question/add", FunBank, h.QuestionSave).
			Doc("Add a question; a stem that is (normalised) another question's is refused, naming it", "新增试题"),
		route.Call("PUT", "/api/exam/question/edit", FunBank, h.QuestionSave).
			Doc("Change a question: a new version (attempts keep the version their taker saw)", "编辑试题"),
		route.Call("DELETE", "/api/exam/question/del", FunBank, h.QuestionDel).Doc("Remove a question no fixed paper holds", "删除试题"),
		route.Call("PUT", "/api/exam/question/key", keyCorrector, h.QuestionKey).
			Doc("Correct the answer key of a version: every submitted answer of it is marked again in one transaction; recorded in each exam's history and the business log (rekey); an exam whose takers see results needs confirmShown", "更正答案"),
		route.Call("POST", "/api/exam/question/key/preview", keyCorrector, h.QuestionKeyPreview).
			Doc("What correcting a version's key would change (attempts marked again, scores and passes that change, per exam); writes nothing", "更正答案预览"),
		route.New("POST", "/api/exam/picture/upload", FunBank, h.PictureUpload).Takes(PictureIn{}).Returns(Uploaded{}).
			Doc("Upload a picture for a question's stem or option: jpg or png, content sniffed, at most 2 MB, kept in the configured file store; linked to the question when it is saved", "上传试题图片"),
		route.DownloadCall("/api/exam/picture", route.AnyOf(FunBank, FunPaper, FunManage, FunGrade), h.Picture).
			Doc("A question's picture, for the examiners (the four screens' codes)", "试题图片"),
		route.DownloadCall("/api/exam/question/template", FunBank, h.Template).Doc("The import workbook (sheet 题库) with an example row", "题库导入模板"),
		route.New("POST", "/api/exam/question/import", FunBank, h.Import).Takes(ImportIn{}).Returns(&ImportReport{}).
			Doc("Import questions from an .xlsx (multipart field file); every problem listed by row; all or nothing; dryRun=true only checks", "导入题库"),
		route.Call("POST", "/api/exam/question/paste", FunBank, h.Paste).
			Doc("Import questions pasted as text (the paste format); every problem listed by question; all or nothing; dryRun only checks", "粘贴导入试题"),

		route.Call("GET", "/api/exam/paper/list", route.AnyOf(FunPaper, FunManage), h.PaperList).Doc("The papers with their totals", "试卷列表"),
		route.Call("GET", "/api/exam/paper/one", route.AnyOf(FunPaper, FunManage), h.PaperOne).
			Doc("One paper: its questions or rules (with how many bank questions match each now)", "试卷详情"),
		route.Call("POST", "/api/exam/paper/add", FunPaper, h.PaperSave).
			Doc("Add a paper, fixed or by rules; the total is computed and the pass mark checked against it", "新增试卷"),
		route.Call("PUT", "/api/exam/paper/edit", FunPaper, h.PaperSave).Doc("Change a paper nobody has taken", "编辑试卷"),
		route.Call("DELETE", "/api/exam/paper/del", FunPaper, h.PaperDel).Doc("Delete a paper no exam uses", "删除试卷"),
		route.Call("GET", "/api/exam/paper/preview", FunPaper, h.PaperPreview).
			Doc("The paper as one taker might get it (a rule paper drawn afresh), with keys", "试卷预览"),

		route.Call("GET", "/api/exam/exam/list", manageOrGrade, h.ExamList).Doc("The exams with their figures", "考试列表"),
		route.DownloadCall("/api/exam/exam/export", FunManage, h.ExamExport).
			Doc("Export 'exams': the exams with their takers, passes, average and answers awaiting marking", "导出考试"),
		route.Call("GET", "/api/exam/exam/one", manageOrGrade, h.ExamOne).Doc("One exam with its audience and figures", "考试详情"),
		route.Call("POST", "/api/exam/exam/add", FunManage, h.ExamSave).Doc("Add an exam", "新增考试"),
		route.Call("PUT", "/api/exam/exam/edit", FunManage, h.ExamSave).
			Doc("Change an exam; once someone has started, its paper and duration stay", "编辑考试"),
		route.Call("DELETE", "/api/exam/exam/del", FunManage, h.ExamDel).Doc("Delete an exam nobody has started", "删除考试"),
		route.Call("PUT", "/api/exam/exam/release", manageOrGrade, h.ExamRelease).
			Doc("Release an exam's results to its takers (every answer marked)", "发布成绩"),
		route.Call("GET", "/api/exam/grades", manageOrGrade, h.Grades).Doc("An exam's takers with their best attempt", "成绩列表"),
		route.DownloadCall("/api/exam/grades/export", manageOrGrade, h.GradesExport).
			Doc("Export 'grades': every taker's score, pass, time, attempts", "导出成绩"),
		route.Call("GET", "/api/exam/analysis", manageOrGrade, h.Analysis).
			Doc("An exam's analysis: distribution, units, each question's correct rate and discrimination", "成绩分析"),
		route.Call("GET", "/api/exam/exam/questions", manageOrGrade, h.ExamQuestions).
			Doc("An exam's question versions with their keys: those its takers answered and a fixed paper's current ones", "考试试题"),
		route.Call("GET", "/api/exam/exam/corrections", manageOrGrade, h.KeyHistory).
			Doc("An exam's history of answer-key corrections: the key before and after, the attempts marked again and changed", "答案更正记录"),
		route.Call("GET", "/api/exam/attempt/events", manageOrGrade, h.Events).
			Doc("What the page reported of an attempt: leaving, losing focus, pasting", "考试行为记录"),
		route.Call("GET", "/api/exam/marking/queue", FunGrade, h.QueueList).
			Doc("The answers awaiting marking (anonymous: the attempt's number only)", "阅卷队列"),
		route.Call("PUT", "/api/exam/marking/mark", FunGrade, h.Mark).Doc("Mark an answer awaiting marking", "阅卷评分"),

		route.Call("GET", portal+"list", FunPortal, h.myExams(false)).
			Doc("My exams: those open to the caller and those they took (staff only); results once shown", "我的考试"),
		route.Call("POST", portal+"start", FunPortal, h.start(false)).
			Doc("Start an attempt or continue the open one (the same attempt, answers and deadline)", "开始考试"),
		route.Call("GET", portal+"attempt", FunPortal, h.attempt(false)).
			Doc("My attempt: the server's deadline and clock, the questions in my order, my saved answers; no key or marks before release", "我的答卷"),
		route.Call("POST", portal+"save", FunPortal, h.save(false)).
			Doc("Save one answer change (a later sequence number wins); refused after the deadline", "保存答案"),
		route.Call("POST", portal+"submit", FunPortal, h.submit(false)).Doc("Submit my attempt (idempotent)", "交卷"),
		route.Call("POST", portal+"event", FunPortal, h.event(false)).
			Doc("Record leaving the page, losing focus or a paste; at the exam's leave limit the attempt is submitted", "考试行为上报"),

		route.DownloadCall(portal+"picture", FunPortal, h.takerPicture(false)).
			Doc("A picture of a question on my open attempt (never another's, never after the submission)", "考试试题图片"),
		route.DownloadCall(phone+"picture", route.Public, h.takerPicture(true)).
			Doc("A picture of a question on my open attempt, for the phone page (h5Token header)", "移动端考试试题图片"),
		route.Call("GET", phone+"list", route.Public, h.myExams(true)).Doc("My exams, for the phone page (h5Token)", "移动端我的考试"),
		route.Call("POST", phone+"start", route.Public, h.start(true)).Doc("Start or continue an attempt, for the phone page (h5Token)", "移动端开始考试"),
		route.Call("GET", phone+"attempt", route.Public, h.attempt(true)).Doc("My attempt, for the phone page (h5Token)", "移动端我的答卷"),
		route.Call("POST", phone+"save", route.Public, h.save(true)).Doc("Save one answer change, for the phone page (h5Token)", "移动端保存答案"),
		route.Call("POST", phone+"submit", route.Public, h.submit(true)).Doc("Submit my attempt, for the phone page (h5Token)", "移动端交卷"),
		route.Call("POST", phone+"event", route.Public, h.event(true)).Doc("Record a page event, for the phone page (h5Token)", "移动端考试行为上报"),
	}
}
