package content_test

import (
	"fmt"
	"net/url"
	"strconv"
	"testing"

	"biddesk/internal/apptest"
)

type courseRec struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Cover       string `json:"cover"`
	TypeID      int64  `json:"typeId"`
	TypeName    string `json:"typeName"`
	Lecturer    string `json:"lecturer"`
	AuditStatus string `json:"auditStatus"`
	Published   int    `json:"published"`
}

type cardRec struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Cover string `json:"cover"`
	Type  int    `json:"type"`
}

type cardPage struct {
	Records []cardRec `json:"records"`
	Current int       `json:"current"`
	Total   int       `json:"total"`
}

type firstLessonPage struct {
	Data      []cardRec `json:"data"`
	PageIndex int       `json:"pageIndex"`
	Total     int       `json:"total"`
}

type typeNode struct {
	ID       int64      `json:"id"`
	Name     string     `json:"name"`
	Children []typeNode `json:"children"`
}

type idData struct {
	ID int64 `json:"id"`
}

func addSpecial(e *apptest.Env, tok string, name string, level int, parent int64, courses []int64) int64 {
	e.T.Helper()
	var out idData
	e.Done("POST", "/api/course/special/add", tok, map[string]any{"name": name, "cover": e.BannerImage(tok),
		"level": level, "parentId": parent, "published": 1, "courseIds": courses}, &out)
	return out.ID
}

func TestCourseTypesAreATwoLevelCategory(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	mgmt := e.AddCourseType(admin, 0, "管理类")
	lead := e.AddCourseType(admin, mgmt, "领导力")
	e.AddCourseType(admin, 0, "技术类")
	e.Refused("POST", "/api/course/type", admin, map[string]any{"parentId": lead, "name": "三级"}, "上级类型必须是一级类型")
	e.Refused("POST", "/api/course/type", admin, map[string]any{"parentId": 999999, "name": "x"}, "上级类型必须是一级类型")
	e.Refused("POST", "/api/course/type", admin, map[string]any{"parentId": mgmt, "name": "领导力"}, "类型名称 领导力 已存在")
	e.Refused("POST", "/api/course/type", admin, map[string]any{"sort": 1}, "缺少参数 name")

	var tree []typeNode
	e.Done("GET", "/api/course/type", admin, nil, &tree)
	if len(tree) != 2 || tree[0].Name != "管理类" || len(tree[0].Children) != 1 || tree[0].Children[0].ID != lead || len(tree[1].Children) != 0 {
		t.Fatalf("tree: %+v", tree)
	}
	p := apptest.List[struct {
		ID       int64  `json:"id"`
		ParentID int64  `json:"parentId"`
		Name     string `json:"name"`
	}](e, "/api/course/type/query/list", admin, url.Values{"parentId": {strconv.FormatInt(mgmt, 10)}})
	if p.Total != 1 || p.Records[0].Name != "领导力" {
		t.Fatalf("sub-types: %+v", p)
	}
	// a type with a sub-type or a course is not deleted; deleting both levels at once is
	e.Refused("DELETE", "/api/course/type", admin, map[string]any{"id": mgmt}, "类型 管理类 下还有子类型，不能删除")
	c := e.AddCourse(admin, lead, "高效沟通", false)
	e.Refused("DELETE", "/api/course/type", admin, map[string]any{"ids": []int64{mgmt, lead}}, "类型 领导力 下还有课程，不能删除")
	e.Done("DELETE", "/api/course/del", admin, map[string]any{"id": c}, nil)
	e.Done("DELETE", "/api/course/type", admin, map[string]any{"ids": []int64{mgmt, lead}}, nil)
	if n := e.Count(`SELECT COUNT(*) FROM course_type`); n != 1 {
		t.Fatalf("types left: %d", n)
	}
	// a first-level type with children does not move under another
	a := e.AddCourseType(admin, 0, "A")
	e.AddCourseType(admin, a, "A1")
	e.Refused("PUT", "/api/course/type", admin, map[string]any{"id": a, "parentId": tree[1].ID, "name": "A"}, "有子类型的一级类型不能移到其他类型下")
}

func TestCoursesAreAuditedPublishedAndOffered(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	typ := e.AddCourseType(admin, 0, "通用")

	// the audit states come from the dictionary course_audit
	var states []struct {
		Key   string `json:"key"`
		Value any    `json:"value"`
	}
	e.Done("GET", "/api/course/audit/query/auditDict", admin, nil, &states)
	if len(states) != 3 || states[0].Key != "待审核" || fmt.Sprint(states[1].Value) != "1" {
		t.Fatalf("audit dictionary: %+v", states)
	}

	// the cover follows the banner image rules: required, an uploaded banner image
	e.Refused("POST", "/api/course/add", admin, map[string]any{"name": "x", "cover": " ", "typeId": typ}, "请上传封面")
	e.Refused("POST", "/api/course/add", admin, map[string]any{"name": "x", "cover": "https://example.com/a.png", "typeId": typ}, "封面必须是已上传的横幅图片")
	e.Refused("POST", "/api/course/add", admin, map[string]any{"name": "x", "cover": e.BannerImage(admin), "typeId": 999999}, "课程类型不存在")
	before := e.Count(`SELECT COUNT(*) FROM business_log`)

	id := e.AddCourse(admin, typ, "投标文件编制", false)
	var c courseRec
	e.Done("GET", "/api/course/one?id="+strconv.FormatInt(id, 10), admin, nil, &c)
	if c.AuditStatus != "0" || c.Published != 0 || c.TypeName != "通用" || c.Lecturer != "王老师" {
		t.Fatalf("new course: %+v", c)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE record_type = 'content.course' AND record_id = ? AND state = 'ready'`, id); n != 1 {
		t.Fatalf("cover linked: %d", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM business_log`); n != before+1 {
		t.Fatalf("business log lines: %d, want %d", n, before+1)
	}
	// not offered before the audit passes and it is published
	e.Refused("PUT", "/api/course/publish", admin, map[string]any{"id": id, "published": 1}, "课程审核通过后才能发布")
	e.Refused("PUT", "/api/course/audit", admin, map[string]any{"id": id, "auditStatus": "9"}, "审核状态 9 不在字典“课程审核状态”中")
	var lessons cardPage
	e.Done("GET", "/api/curriculum/getLessonList?pageIndex=1&pageSize=8", admin, nil, &lessons)
	if lessons.Total != 0 || len(lessons.Records) != 0 {
		t.Fatalf("unaudited course offered: %+v", lessons)
	}
	e.Done("PUT", "/api/course/audit", admin, map[string]any{"id": id, "auditStatus": "1"}, nil)
	e.Done("PUT", "/api/course/publish", admin, map[string]any{"id": id, "published": 1}, nil)
	for i := 0; i < 9; i++ {
		e.AddCourse(admin, typ, fmt.Sprintf("课程%02d", i), true)
	}
	// getLessonList: name, pageSize, pageIndex -> records, current, total; the selector's page size 8 by default
	e.Done("GET", "/api/curriculum/getLessonList?pageIndex=2", admin, nil, &lessons)
	if lessons.Total != 10 || lessons.Current != 2 || len(lessons.Records) != 2 || lessons.Records[0].Type != 1 {
		t.Fatalf("page 2 of 8: %+v", lessons)
	}
	e.Done("GET", "/api/curriculum/getLessonList?"+url.Values{"name": {"投标"}, "pageSize": {"8"}, "pageIndex": {"1"}}.Encode(), admin, nil, &lessons)
	if lessons.Total != 1 || lessons.Records[0].ID != id || lessons.Records[0].Name != "投标文件编制" || lessons.Records[0].Cover == "" {
		t.Fatalf("by name: %+v", lessons)
	}
	// the admin list filters
	p := apptest.List[courseRec](e, "/api/course/query/list", admin, url.Values{"name": {"投标"}, "published": {"1"}})
	if p.Total != 1 || p.Records[0].ID != id {
		t.Fatalf("admin list: %+v", p)
	}
	// an edit sends it back to audit and withdraws it; a rejection keeps it withdrawn
	e.Done("PUT", "/api/course/edit", admin, map[string]any{"id": id, "name": "投标文件编制（新）", "cover": e.BannerImage(admin), "typeId": typ}, nil)
	e.Done("GET", "/api/course/one?id="+strconv.FormatInt(id, 10), admin, nil, &c)
	if c.AuditStatus != "0" || c.Published != 0 || c.Name != "投标文件编制（新）" {
		t.Fatalf("edited: %+v", c)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE record_type = 'content.course' AND record_id = ? AND state = 'ready'`, id); n != 1 {
		t.Fatalf("old cover not replaced: %d", n)
	}
	e.Done("PUT", "/api/course/audit", admin, map[string]any{"id": id, "auditStatus": "2", "remark": "内容不全"}, nil)
	e.Refused("PUT", "/api/course/publish", admin, map[string]any{"id": id, "published": 1}, "课程审核通过后才能发布")

	// the screen and the selector are guarded on the server
	staff := e.Login("staff", "Staff@123").AccessToken
	for _, path := range []string{"/api/course/query/list", "/api/curriculum/getLessonList", "/api/course/type"} {
		if _, r := e.Call("GET", path, staff, nil); r.Code == 0 {
			t.Errorf("staff reached %s", path)
		}
	}
	// deleting removes the cover; an unknown id deletes nothing
	e.Refused("DELETE", "/api/course/del", admin, map[string]any{"ids": []int64{id, 999999}}, "课程不存在")
	e.Done("DELETE", "/api/course/del", admin, map[string]any{"id": id}, nil)
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE record_type = 'content.course' AND record_id = ? AND state = 'ready'`, id); n != 0 {
		t.Fatalf("cover left: %d", n)
	}
}

func TestTopicsHoldCoursesAndDrillIn(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	typ := e.AddCourseType(admin, 0, "通用")
	c1 := e.AddCourse(admin, typ, "课程一", true)
	c2 := e.AddCourse(admin, typ, "课程二", true)
	hidden := e.AddCourse(admin, typ, "未发布课程", false)

	first := addSpecial(e, admin, "新员工专题", 1, 0, []int64{c2, c1, hidden})
	second := addSpecial(e, admin, "投标入门", 2, first, []int64{c1})
	e.Refused("POST", "/api/course/special/add", admin, map[string]any{"name": "x", "cover": e.BannerImage(admin), "level": 2, "parentId": second}, "二级专题必须属于一个一级专题")
	e.Refused("POST", "/api/course/special/add", admin, map[string]any{"name": "x", "cover": e.BannerImage(admin), "level": 3}, "专题级别只能是1（一级专题）或2（二级专题）")
	e.Refused("POST", "/api/course/special/add", admin, map[string]any{"name": "x", "cover": e.BannerImage(admin), "level": 1, "courseIds": []int64{999999}}, "课程 999999 不存在")
	e.Refused("DELETE", "/api/course/del", admin, map[string]any{"id": c1}, "课程 课程一 仍在专题中，请先从专题移除")

	// getSpecialList: a first-level topic is a card of type 2, a second-level one of type 1; type is the level
	var sp cardPage
	e.Done("GET", "/api/course/special/getSpecialList?pageIndex=1&pageSize=8", admin, nil, &sp)
	if sp.Total != 2 || sp.Records[0].ID != second || sp.Records[0].Type != 1 || sp.Records[1].Type != 2 {
		t.Fatalf("topics: %+v", sp)
	}
	e.Done("GET", "/api/course/special/getSpecialList?type=1", admin, nil, &sp)
	if sp.Total != 1 || sp.Records[0].ID != first {
		t.Fatalf("first-level topics: %+v", sp)
	}
	// getFirstLesson: the offered courses of a first-level topic, in its order -> data, pageIndex, total
	var fl firstLessonPage
	e.Done("GET", "/api/course/special/getFirstLesson?specialId="+strconv.FormatInt(first, 10)+"&pageIndex=1&pageSize=8", admin, nil, &fl)
	if fl.Total != 2 || fl.PageIndex != 1 || len(fl.Data) != 2 || fl.Data[0].ID != c2 || fl.Data[1].ID != c1 {
		t.Fatalf("first lessons: %+v", fl)
	}
	e.Refused("GET", "/api/course/special/getFirstLesson?specialId="+strconv.FormatInt(second, 10), admin, nil, "只有一级专题可以展开课程")

	var opts []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	e.Done("GET", "/api/course/special/getSpecialSelector?level=1", admin, nil, &opts)
	if len(opts) != 1 || opts[0].ID != first {
		t.Fatalf("special selector: %+v", opts)
	}
	e.Done("GET", "/api/curriculum/getCurriculumSelector", admin, nil, &opts)
	if len(opts) != 2 {
		t.Fatalf("offered courses: %+v", opts)
	}
	e.Done("GET", "/api/curriculum/getCurriculumSelector?all=true", admin, nil, &opts)
	if len(opts) != 3 {
		t.Fatalf("every course for the manager: %+v", opts)
	}

	// portal management (gatewaymanager only) uses the selector: it sees what is offered, even when it asks for all,
	// and not the course screen's calls
	roleID := e.AddRole(admin, "portalmgr", "门户管理员")
	e.Done("PUT", "/api/sys/role/grants", admin, map[string]any{"roleId": roleID, "menuCodes": []string{"portal", "gatewaymanager"}, "funCodes": []string{"gateway", "gatewaymanager"}}, nil)
	if err := e.App.Access.AssignRole(t.Context(), e.UserID("staff"), "portalmgr"); err != nil {
		t.Fatal(err)
	}
	pm := e.Login("staff", "Staff@123").AccessToken
	e.Done("GET", "/api/curriculum/getCurriculumSelector?all=true", pm, nil, &opts)
	if len(opts) != 2 {
		t.Fatalf("offered courses for portal management: %+v", opts)
	}
	e.Done("GET", "/api/course/special/getSpecialList", pm, nil, &sp)
	if sp.Total != 2 {
		t.Fatalf("topics for portal management: %+v", sp)
	}
	for _, path := range []string{"/api/course/query/list", "/api/course/special/one?id=" + strconv.FormatInt(first, 10), "/api/course/push/query/list"} {
		if _, r := e.Call("GET", path, pm, nil); r.Code == 0 {
			t.Errorf("portal management reached %s", path)
		}
	}

	// a first-level topic keeping a second-level one is not deleted alone, nor made second-level
	e.Refused("DELETE", "/api/course/special/del", admin, map[string]any{"id": first}, "专题 新员工专题 下还有二级专题，不能删除")
	e.Done("DELETE", "/api/course/special/del", admin, map[string]any{"ids": []int64{first, second}}, nil)
	if n := e.Count(`SELECT COUNT(*) FROM course_special_course`); n != 0 {
		t.Fatalf("topic courses left: %d", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE record_type = 'content.special' AND state = 'ready'`); n != 0 {
		t.Fatalf("topic covers left: %d", n)
	}
}

func TestBannerFromTheResourceSelector(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	typ := e.AddCourseType(admin, 0, "通用")
	c := e.AddCourse(admin, typ, "课程一", true)
	draft := e.AddCourse(admin, typ, "草稿", false)
	first := addSpecial(e, admin, "一级专题", 1, 0, []int64{c})
	second := addSpecial(e, admin, "二级专题", 2, first, nil)
	var course courseRec
	e.Done("GET", "/api/course/one?id="+strconv.FormatInt(c, 10), admin, nil, &course)

	link := func(id int64) string {
		var l string
		if err := e.App.DB.QueryRow(t.Context(), `SELECT link_url FROM portal_banner WHERE id = ?`, id).Scan(&l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	// a course with its own cover: the banner gets a copy, the course keeps its cover
	var b idData
	e.Done("POST", "/api/banner/add", admin, map[string]any{"type": "1", "id": c, "name": "推荐课程", "cover": course.Cover, "orderDort": "1"}, &b)
	if got := link(b.ID); got != "/gatewayCourse?id="+strconv.FormatInt(c, 10) {
		t.Fatalf("course banner link: %q", got)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE record_type = 'content.course' AND record_id = ? AND state = 'ready'`, c); n != 1 {
		t.Fatalf("course cover taken by the banner: %d", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE record_type = 'portal.banner' AND record_id = ? AND state = 'ready'`, b.ID); n != 1 {
		t.Fatalf("banner image: %d", n)
	}
	// topics: 4 a first-level one, 3 a second-level one or a course chosen inside a first-level one
	e.Done("POST", "/api/banner/add", admin, map[string]any{"type": "4", "id": first, "name": "专题", "cover": e.BannerImage(admin)}, &b)
	if got := link(b.ID); got != "/gatewayCourse?specialId="+strconv.FormatInt(first, 10) {
		t.Fatalf("topic banner link: %q", got)
	}
	e.Done("POST", "/api/banner/add", admin, map[string]any{"type": "3", "id": second, "name": "二级", "cover": e.BannerImage(admin)}, &b)
	if got := link(b.ID); got != "/gatewayCourse?specialId="+strconv.FormatInt(second, 10) {
		t.Fatalf("second-level banner link: %q", got)
	}
	e.Done("POST", "/api/banner/add", admin, map[string]any{"type": "3", "id": c, "specialId": first, "name": "专题课", "cover": e.BannerImage(admin)}, &b)
	if got := link(b.ID); got != "/gatewayCourse?id="+strconv.FormatInt(c, 10) {
		t.Fatalf("course-in-topic banner link: %q", got)
	}
	// a link: type 2, orderDort, clickUrl, coverUrl, content
	e.Done("POST", "/api/banner/add", admin, map[string]any{"type": "2", "orderDort": 3, "clickUrl": "https://example.com/x", "coverUrl": e.BannerImage(admin), "content": "外部链接"}, &b)
	var sort int
	var title string
	if err := e.App.DB.QueryRow(t.Context(), `SELECT sort, title FROM portal_banner WHERE id = ?`, b.ID).Scan(&sort, &title); err != nil || sort != 3 || title != "外部链接" {
		t.Fatalf("link banner: %d %q %v", sort, title, err)
	}
	before := e.Count(`SELECT COUNT(*) FROM portal_banner`)
	e.Refused("POST", "/api/banner/add", admin, map[string]any{"type": "2", "clickUrl": "https://example.com/x", "content": "无封面"}, "请上传封面")
	e.Refused("POST", "/api/banner/add", admin, map[string]any{"type": "1", "name": "x", "cover": e.BannerImage(admin)}, "请选择内容")
	e.Refused("POST", "/api/banner/add", admin, map[string]any{"type": "1", "id": draft, "name": "x", "cover": e.BannerImage(admin)}, "所选内容未发布或不存在")
	e.Refused("POST", "/api/banner/add", admin, map[string]any{"type": "3", "id": draft, "specialId": first, "name": "x", "cover": e.BannerImage(admin)}, "所选内容未发布或不存在")
	e.Refused("POST", "/api/banner/add", admin, map[string]any{"type": "2", "clickUrl": "javascript:alert(1)", "coverUrl": e.BannerImage(admin), "content": "x"}, "跳转链接须为 http(s) 地址或以 / 开头的站内路径")
	if n := e.Count(`SELECT COUNT(*) FROM portal_banner`); n != before {
		t.Fatalf("refused banners written: %d, want %d", n, before)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	if _, r := e.Call("POST", "/api/banner/add", staff, map[string]any{"type": "2"}); r.Code == 0 {
		t.Fatal("staff added a banner")
	}
}

type pushedRec struct {
	Type      string `json:"type"`
	ID        int64  `json:"id"`
	SpecialID int64  `json:"specialId"`
	Name      string `json:"name"`
	Link      string `json:"link"`
}

func TestCoursePushReachesItsAudience(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	typ := e.AddCourseType(admin, 0, "通用")
	a := e.AddCourse(admin, typ, "课程甲", true)
	b := e.AddCourse(admin, typ, "课程乙", true)
	draft := e.AddCourse(admin, typ, "草稿", false)
	first := addSpecial(e, admin, "一级专题", 1, 0, []int64{a})

	item := func(typ string, id int64) map[string]any { return map[string]any{"type": typ, "id": id} }
	// a unit (covering its sub-units: staff works in 100201003) and one employee (libadmin)
	var p idData
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "新员工必修",
		"items": []any{item("1", a), item("4", first)}, "organ": []any{map[string]any{"fullUnitCode": "1002"}},
		"employee": []any{map[string]any{"code": "HX000003"}}}, &p)
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "股份公司",
		"items": []any{item("1", b), map[string]any{"type": "3", "id": a, "specialId": first}}, "organ": []any{map[string]any{"fullUnitCode": "100201003"}}}, nil)

	var one struct {
		Title string      `json:"title"`
		Items []pushedRec `json:"items"`
		Organ []struct {
			FullUnitCode, UnitName string
		} `json:"organ"`
		Employee []struct{ Code, Name string } `json:"employee"`
	}
	e.Done("GET", "/api/course/push/one?id="+strconv.FormatInt(p.ID, 10), admin, nil, &one)
	if one.Title != "新员工必修" || len(one.Items) != 2 || one.Items[1].Link != "/gatewayCourse?specialId="+strconv.FormatInt(first, 10) ||
		len(one.Organ) != 1 || one.Organ[0].UnitName == "" || len(one.Employee) != 1 || one.Employee[0].Name != "李思远" {
		t.Fatalf("push: %+v", one)
	}

	mine := func(tok string) []pushedRec {
		var out []pushedRec
		e.Done("GET", "/api/course/push/mine", tok, nil, &out)
		return out
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	got := mine(staff)
	// newest push first, each item once (course a appears in both pushes: as itself and inside the topic)
	if len(got) != 4 || got[0].ID != b || got[1].Type != "3" || got[1].SpecialID != first || got[2].ID != a || got[3].Type != "4" {
		t.Fatalf("staff's pushes: %+v", got)
	}
	lib := e.Login("libadmin", "Library@123").AccessToken
	if got := mine(lib); len(got) != 2 || got[0].Name != "课程甲" {
		t.Fatalf("libadmin's pushes (by employee code): %+v", got)
	}
	if got := mine(admin); len(got) != 0 {
		t.Fatalf("admin is not in any audience: %+v", got)
	}
	// what is withdrawn is no longer shown
	e.Done("PUT", "/api/course/publish", admin, map[string]any{"id": b, "published": 0}, nil)
	if got := mine(staff); len(got) != 3 {
		t.Fatalf("withdrawn course still shown: %+v", got)
	}
	// the portal's course and topic pages
	var cv struct {
		Name     string `json:"name"`
		Lecturer string `json:"lecturer"`
	}
	e.Done("GET", "/api/course/portal/course?id="+strconv.FormatInt(a, 10), staff, nil, &cv)
	if cv.Name != "课程甲" || cv.Lecturer != "王老师" {
		t.Fatalf("course view: %+v", cv)
	}
	e.Refused("GET", "/api/course/portal/course?id="+strconv.FormatInt(draft, 10), staff, nil, "课程不存在")
	var sv struct {
		Courses []cardRec `json:"courses"`
	}
	e.Done("GET", "/api/course/portal/special?id="+strconv.FormatInt(first, 10), staff, nil, &sv)
	if len(sv.Courses) != 1 || sv.Courses[0].ID != a {
		t.Fatalf("topic view: %+v", sv)
	}

	// the rules: at most 30 sources, offered content, a known audience; nothing is half-written
	before := e.Count(`SELECT COUNT(*) FROM course_push`)
	many := []any{}
	for i := 0; i < 31; i++ {
		many = append(many, item("1", int64(1000+i)))
	}
	org := []any{map[string]any{"fullUnitCode": "1002"}}
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": many, "organ": org}, "课程源超过30个!")
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": []any{item("1", draft)}, "organ": org}, "所选内容未发布或不存在")
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": []any{item("1", a)}}, "请选择可见范围")
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": []any{item("1", a)}, "organ": []any{map[string]any{"fullUnitCode": "9999"}}}, "组织 9999 不存在")
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": []any{item("1", a)}, "employee": []any{map[string]any{"code": "NOPE"}}}, "员工 NOPE 不存在")
	e.Refused("POST", "/api/course/push/add", admin, map[string]any{"title": "x", "items": []any{item("1", a), item("1", a)}, "organ": org}, "同一内容不能重复推送")
	if n := e.Count(`SELECT COUNT(*) FROM course_push`); n != before {
		t.Fatalf("refused pushes written: %d", n)
	}
	if _, r := e.Call("POST", "/api/course/push/add", staff, map[string]any{"title": "x"}); r.Code == 0 {
		t.Fatal("staff pushed")
	}
	e.Done("DELETE", "/api/course/push/del", admin, map[string]any{"id": p.ID}, nil)
	if n := e.Count(`SELECT COUNT(*) FROM course_push_target WHERE push_id = ?`, p.ID); n != 0 {
		t.Fatalf("audience left: %d", n)
	}
}
