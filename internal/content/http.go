package content

import (
	"net/http"
	"strconv"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Handlers are the HTTP endpoints of the learning content.
type Handlers struct {
	svc      *Service
	types    *list.Table[Type]
	courses  *list.Table[Course]
	specials *list.Table[Special]
	pushes   *list.Table[PushRow]
	lectures *list.Table[LecturerRow]
}

func NewHandlers(s *Service) *Handlers {
	return &Handlers{svc: s, types: typeTable(s), courses: courseTable(s), specials: specialTable(s), pushes: pushTable(s), lectures: lecturerTable(s)}
}

/* ---------- lists ---------- */

var publishedValues = map[string]any{"1": 1, "0": 0}

var typeSpec = &list.Spec{
	Select: `t.id, t.parent_id, t.name, t.sort, (SELECT COUNT(*) FROM course c WHERE c.type_id = t.id)`,
	From:   `course_type t`,
	Filters: []list.Filter{
		{Param: "parentId", Column: "t.parent_id", Kind: list.Exact, Map: list.Int("parentId")},
		{Param: "name", Column: "t.name", Kind: list.Contains},
	},
	Sorts:       map[string]string{"id": "t.id"},
	DefaultSort: "t.parent_id ASC, t.name ASC",
	TieBreak:    "t.id ASC",
}

func typeTable(s *Service) *list.Table[Type] {
	return &list.Table[Type]{DB: s.db, Spec: typeSpec, File: "content.file.courses",
		Scan: func(row interface{ Scan(...any) error }) (Type, error) {
			var t Type
			err := row.Scan(&t.ID, &t.ParentID, &t.Name, &t.Sort, &t.Courses)
			return t, err
		}}
}

var courseSpec = &list.Spec{
	Select: courseSelect,
	From:   `course c LEFT JOIN course_type t ON t.id = c.type_id`,
	Filters: []list.Filter{
		{Param: "name", Column: "c.name", Kind: list.Contains},
		{Param: "lecturer", Column: "c.lecturer", Kind: list.Contains},
		{Param: "typeId", Column: "c.type_id", Kind: list.Exact, Map: list.Int("typeId")},
		{Param: "auditStatus", Column: "c.audit_status", Kind: list.Exact},
		{Param: "published", Column: "c.published", Kind: list.Exact, Map: list.OneOf("published", publishedValues)},
	},
	Sorts:       map[string]string{"id": "c.id"},
	DefaultSort: "c.id DESC",
	TieBreak:    "c.id DESC",
}

func courseTable(s *Service) *list.Table[Course] {
	return &list.Table[Course]{DB: s.db, Spec: courseSpec, Scan: scanCourse, File: "content.file.courses",
		Columns: []list.Column[Course]{
			{Title: "content.col.name", Value: func(c Course, _ string) any { return c.Name }},
			{Title: "content.col.type", Value: func(c Course, _ string) any { return c.TypeName }},
			{Title: "content.col.lecturer", Value: func(c Course, _ string) any { return c.Lecturer }},
			{Title: "content.col.audit", Value: func(c Course, _ string) any { return c.AuditStatus }},
			{Title: "content.col.published", Value: func(c Course, lang string) any {
				if c.Published == 1 {
					return httpx.Translate(lang, "content.published.1")
				}
				return httpx.Translate(lang, "content.published.0")
			}},
			{Title: "content.col.updatedAt", Value: func(c Course, _ string) any { return c.UpdatedAt }},
		}}
}

var specialSpec = &list.Spec{
	Select: `s.id, s.name, s.cover_url, s.level, s.parent_id, COALESCE(p.name, ''), s.description, s.published, s.updated_at`,
	From:   `course_special s LEFT JOIN course_special p ON p.id = s.parent_id`,
	Filters: []list.Filter{
		{Param: "name", Column: "s.name", Kind: list.Contains},
		{Param: "level", Column: "s.level", Kind: list.Exact, Map: list.OneOf("level", map[string]any{"1": 1, "2": 2})},
		{Param: "parentId", Column: "s.parent_id", Kind: list.Exact, Map: list.Int("parentId")},
	},
	Sorts:       map[string]string{"id": "s.id"},
	DefaultSort: "s.id DESC",
	TieBreak:    "s.id DESC",
}

func specialTable(s *Service) *list.Table[Special] {
	return &list.Table[Special]{DB: s.db, Spec: specialSpec, File: "content.file.specials",
		Columns: []list.Column[Special]{
			{Title: "content.col.specialName", Value: func(sp Special, _ string) any { return sp.Name }},
			{Title: "content.col.level", Value: func(sp Special, lang string) any {
				return httpx.Translate(lang, "content.level."+strconv.Itoa(sp.Level))
			}},
			{Title: "content.col.parent", Value: func(sp Special, _ string) any { return sp.ParentName }},
			{Title: "content.col.published", Value: func(sp Special, lang string) any {
				return httpx.Translate(lang, "content.published."+strconv.Itoa(sp.Published))
			}},
			{Title: "content.col.updatedAt", Value: func(sp Special, _ string) any { return sp.UpdatedAt }},
		},
		Scan: func(row interface{ Scan(...any) error }) (Special, error) {
			var sp Special
			err := row.Scan(&sp.ID, &sp.Name, &sp.Cover, &sp.Level, &sp.ParentID, &sp.ParentName, &sp.Description, &sp.Published, &sp.UpdatedAt)
			sp.CourseIDs = []int64{}
			return sp, err
		}}
}

// LecturerRow is a lecturer of the courses: how many courses name them, how many of those are published, and the
// latest update of any of them.
type LecturerRow struct {
	Lecturer  string    `json:"lecturer"`
	Courses   int       `json:"courses"`
	Published int       `json:"published"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// lecturerSpec reads one row per distinct lecturer: the row of their latest updated course (so the update time is
// a column, typed alike on both databases), with the counts of their courses.
var lecturerSpec = &list.Spec{
	Select: `c.lecturer, (SELECT COUNT(*) FROM course n WHERE n.lecturer = c.lecturer),
		(SELECT COUNT(*) FROM course n WHERE n.lecturer = c.lecturer AND n.published = 1), c.updated_at`,
	From: `course c`,
	Where: `c.lecturer <> '' AND NOT EXISTS (SELECT 1 FROM course n WHERE n.lecturer = c.lecturer
		AND (n.updated_at > c.updated_at OR (n.updated_at = c.updated_at AND n.id > c.id)))`,
	Filters:     []list.Filter{{Param: "lecturer", Column: "c.lecturer", Kind: list.Contains}},
	Sorts:       map[string]string{"lecturer": "c.lecturer", "updatedAt": "c.updated_at"},
	DefaultSort: "c.lecturer ASC",
	TieBreak:    "c.id ASC",
}

func lecturerTable(s *Service) *list.Table[LecturerRow] {
	return &list.Table[LecturerRow]{DB: s.db, Spec: lecturerSpec, File: "content.file.lecturers",
		Columns: []list.Column[LecturerRow]{
			{Title: "content.col.lecturer", Value: func(l LecturerRow, _ string) any { return l.Lecturer }},
			{Title: "content.col.lecturerCourses", Value: func(l LecturerRow, _ string) any { return l.Courses }},
			{Title: "content.col.lecturerPublished", Value: func(l LecturerRow, _ string) any { return l.Published }},
			{Title: "content.col.updatedAt", Value: func(l LecturerRow, _ string) any { return l.UpdatedAt }},
		},
		Scan: func(row interface{ Scan(...any) error }) (LecturerRow, error) {
			var l LecturerRow
			err := row.Scan(&l.Lecturer, &l.Courses, &l.Published, &l.UpdatedAt)
			return l, err
		}}
}

// LecturerExport is GET /api/course/lecturer/export: the distinct lecturers of the courses as a spreadsheet.
func (h *Handlers) LecturerExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.lectures.Export(w, r)
}

// TypeList is GET /api/course/type/query/list; CourseList is GET /api/course/query/list; CourseExport its
// export; SpecialList is GET /api/course/special/query/list.
func (h *Handlers) TypeList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.types.List(w, r)
}
func (h *Handlers) CourseList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.courses.List(w, r)
}
func (h *Handlers) CourseExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.courses.Export(w, r)
}
func (h *Handlers) SpecialList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.specials.List(w, r)
}

// SpecialExport is GET /api/course/special/export; PushExport is GET /api/course/push/export: the lists' rows
// with the same filters as a spreadsheet.
func (h *Handlers) SpecialExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.specials.Export(w, r)
}
func (h *Handlers) PushExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.pushes.Export(w, r)
}

/* ---------- types ---------- */

// TypeTree is GET /api/course/type: the two-level category.
func (h *Handlers) TypeTree(r *http.Request, _ route.None) ([]TypeNode, error) {
	return h.svc.TypeTree(r.Context())
}

// TypeOptionsIn names a level of the course types.
type TypeOptionsIn struct {
	ParentID int64 `param:"parentId" min:"0" doc:"0 (default): the first-level types; else the sub-types of that type"`
}

// TypeOptions is GET /api/course/type/query/type: one level of the types as select options.
func (h *Handlers) TypeOptions(r *http.Request, in TypeOptionsIn) ([]DictItem, error) {
	tree, err := h.svc.TypeTree(r.Context())
	if err != nil {
		return nil, err
	}
	level := tree
	if in.ParentID > 0 {
		level = nil
		for _, n := range tree {
			if n.ID == in.ParentID {
				level = n.Children
			}
		}
	}
	out := make([]DictItem, 0, len(level))
	for _, n := range level {
		out = append(out, DictItem{Key: n.Name, Value: n.ID})
	}
	return out, nil
}

// CurriculumDicts is GET /api/curriculum/getDict: the dictionaries of the course screens.
type CurriculumDicts struct {
	CourseTypes []TypeNode `json:"courseTypes" doc:"the course types as a two-level tree"`
	AuditStatus []DictItem `json:"auditStatus" doc:"the audit states (dictionary course_audit)"`
}

// CurriculumDict is GET /api/curriculum/getDict.
func (h *Handlers) CurriculumDict(r *http.Request, _ route.None) (CurriculumDicts, error) {
	tree, err := h.svc.TypeTree(r.Context())
	if err != nil {
		return CurriculumDicts{}, err
	}
	audit, err := h.svc.AuditDictItems(r.Context())
	return CurriculumDicts{CourseTypes: tree, AuditStatus: audit}, err
}

// TypeIn is what the type dialog sends.
type TypeIn struct {
	ID       int64  `param:"id" doc:"edit only"`
	ParentID int64  `param:"parentId" min:"0" doc:"0 (default): a first-level type; else its first-level parent"`
	Name     string `param:"name,required"`
	Sort     int    `param:"sort" min:"0" max:"9999"`
}

// TypeAdd is POST /api/course/type.
func (h *Handlers) TypeAdd(r *http.Request, in TypeIn) (httpx.Created, error) {
	id, err := h.svc.AddType(r.Context(), TypeForm{ParentID: in.ParentID, Name: in.Name, Sort: in.Sort})
	return httpx.Created{ID: id}, err
}

// TypeEdit is PUT /api/course/type.
func (h *Handlers) TypeEdit(r *http.Request, in TypeIn) (route.None, error) {
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	return route.None{}, h.svc.EditType(r.Context(), in.ID, TypeForm{ParentID: in.ParentID, Name: in.Name, Sort: in.Sort})
}

// IDsIn names rows: ids (a list) or one id.
type IDsIn struct {
	IDs []int64 `param:"ids" max:"500"`
	ID  int64   `param:"id"`
}

func (in IDsIn) list() ([]int64, error) {
	ids := in.IDs
	if len(ids) == 0 && in.ID != 0 {
		ids = []int64{in.ID}
	}
	if len(ids) == 0 {
		return nil, httpx.Fail("http.required", "ids")
	}
	return ids, nil
}

// TypeDel is DELETE /api/course/type (id or ids).
func (h *Handlers) TypeDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteTypes(r.Context(), ids)
}

/* ---------- courses ---------- */

// CourseOne is GET /api/course/one.
func (h *Handlers) CourseOne(r *http.Request, in httpx.IDIn) (Course, error) {
	return h.svc.Course(r.Context(), in.ID)
}

// CourseIn is what the course dialog sends.
type CourseIn struct {
	ID          int64  `param:"id" doc:"edit only"`
	Name        string `param:"name,required"`
	Cover       string `param:"cover" doc:"required (请上传封面): a banner upload's address (POST /api/banner/upload)"`
	TypeID      int64  `param:"typeId,required"`
	Description string `param:"description"`
	Lecturer    string `param:"lecturer" doc:"the lecturer's name: linked to the lecturer of that name, a new external one when there is none"`
	LecturerID  int64  `param:"lecturerId" doc:"the lecturer chosen (training's lecturers); it takes precedence over lecturer"`
}

func (in CourseIn) form() CourseForm {
	return CourseForm{Name: in.Name, Cover: in.Cover, TypeID: in.TypeID, Description: in.Description, Lecturer: in.Lecturer, LecturerID: in.LecturerID}
}

// CourseAdd is POST /api/course/add.
func (h *Handlers) CourseAdd(r *http.Request, in CourseIn) (httpx.Created, error) {
	id, err := h.svc.AddCourse(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// CourseEdit is PUT /api/course/edit.
func (h *Handlers) CourseEdit(r *http.Request, in CourseIn) (route.None, error) {
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	return route.None{}, h.svc.EditCourse(r.Context(), in.ID, in.form())
}

// CourseDel is DELETE /api/course/del.
func (h *Handlers) CourseDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteCourses(r.Context(), ids)
}

// AuditIn is an audit decision.
type AuditIn struct {
	IDsIn
	AuditStatus string `param:"auditStatus,required" doc:"a value of the dictionary course_audit (/api/course/audit/query/auditDict)"`
	Remark      string `param:"remark"`
}

// CourseAudit is PUT /api/course/audit.
func (h *Handlers) CourseAudit(r *http.Request, in AuditIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.Audit(r.Context(), ids, in.AuditStatus, in.Remark)
}

// PublishIn publishes or withdraws courses.
type PublishIn struct {
	IDsIn
	Published int `param:"published,required" doc:"1 publish, 0 withdraw"`
}

// CoursePublish is PUT /api/course/publish.
func (h *Handlers) CoursePublish(r *http.Request, in PublishIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.PublishCourses(r.Context(), ids, in.Published)
}

// AuditDict is GET /api/course/audit/query/auditDict: the audit states.
func (h *Handlers) AuditDict(r *http.Request, _ route.None) ([]DictItem, error) {
	return h.svc.AuditDictItems(r.Context())
}

/* ---------- topics ---------- */

// SpecialOne is GET /api/course/special/one: a topic with its course ids.
func (h *Handlers) SpecialOne(r *http.Request, in httpx.IDIn) (Special, error) {
	return h.svc.Special(r.Context(), in.ID)
}

// SpecialIn is what the topic dialog sends.
type SpecialIn struct {
	ID          int64   `param:"id" doc:"edit only"`
	Name        string  `param:"name,required"`
	Cover       string  `param:"cover" doc:"required (请上传封面): a banner upload's address"`
	Level       int     `param:"level,required" doc:"1 first-level topic, 2 second-level topic"`
	ParentID    int64   `param:"parentId" min:"0" doc:"a second-level topic's first-level topic"`
	Description string  `param:"description"`
	Published   int     `param:"published" doc:"1 published, 0 not (default)"`
	CourseIDs   []int64 `param:"courseIds" max:"200" doc:"the topic's courses, in order"`
}

func (in SpecialIn) form() SpecialForm {
	return SpecialForm{Name: in.Name, Cover: in.Cover, Level: in.Level, ParentID: in.ParentID, Description: in.Description,
		Published: in.Published, CourseIDs: in.CourseIDs}
}

// SpecialAdd is POST /api/course/special/add.
func (h *Handlers) SpecialAdd(r *http.Request, in SpecialIn) (httpx.Created, error) {
	id, err := h.svc.AddSpecial(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// SpecialEdit is PUT /api/course/special/edit.
func (h *Handlers) SpecialEdit(r *http.Request, in SpecialIn) (route.None, error) {
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	return route.None{}, h.svc.EditSpecial(r.Context(), in.ID, in.form())
}

// SpecialDel is DELETE /api/course/special/del.
func (h *Handlers) SpecialDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeleteSpecials(r.Context(), ids)
}

/* ---------- the selector's calls ---------- */

// LessonListIn is getLessonList's input.
type LessonListIn struct {
	Name      string `param:"name" doc:"part of the course name"`
	PageSize  int    `param:"pageSize" min:"0" max:"100" doc:"default 8"`
	PageIndex int    `param:"pageIndex" min:"0" max:"100000" doc:"from 1 (default)"`
}

// LessonList is getLessonList: the offered courses (published, audit passed).
func (h *Handlers) LessonList(r *http.Request, in LessonListIn) (CardPage, error) {
	return h.svc.LessonList(r.Context(), in.Name, in.PageSize, in.PageIndex)
}

// SpecialListIn is getSpecialList's input.
type SpecialListIn struct {
	LessonListIn
	Type int `param:"type" min:"0" max:"2" doc:"the level: 1 first-level, 2 second-level topics; 0 or absent: both"`
}

// SpecialCards is getSpecialList: published topics as cards (a first-level topic type 2, a second-level one type 1).
func (h *Handlers) SpecialCards(r *http.Request, in SpecialListIn) (CardPage, error) {
	return h.svc.SpecialList(r.Context(), in.Name, in.Type, in.PageSize, in.PageIndex)
}

// FirstLessonIn is getFirstLesson's input.
type FirstLessonIn struct {
	SpecialID int64 `param:"specialId,required"`
	PageSize  int   `param:"pageSize" min:"0" max:"100" doc:"default 8"`
	PageIndex int   `param:"pageIndex" min:"0" max:"100000" doc:"from 1 (default)"`
}

// FirstLesson is getFirstLesson: the offered courses of a published first-level topic.
func (h *Handlers) FirstLesson(r *http.Request, in FirstLessonIn) (FirstLessonPage, error) {
	return h.svc.FirstLesson(r.Context(), in.SpecialID, in.PageSize, in.PageIndex)
}

// SelectorIn narrows a selector list.
type SelectorIn struct {
	Name string `param:"name"`
	All  bool   `param:"all" doc:"true: every course, not only the offered ones (the topic dialog; course_manager only)"`
}

// CurriculumSelector is GET /api/curriculum/getCurriculumSelector: courses as {id, name}.
func (h *Handlers) CurriculumSelector(r *http.Request, in SelectorIn) ([]Option, error) {
	all := in.All && auth.PrincipalFrom(r.Context()).Can(Screen)
	return h.svc.CurriculumSelector(r.Context(), in.Name, !all)
}

// SpecialSelectorIn narrows the topic selector.
type SpecialSelectorIn struct {
	Name  string `param:"name"`
	Level int    `param:"level" min:"0" max:"2" doc:"1 first-level, 2 second-level; 0 or absent: both"`
}

// SpecialSelector is GET /api/course/special/getSpecialSelector: topics as {id, name} (the published ones for
// a caller without course_manager).
func (h *Handlers) SpecialSelector(r *http.Request, in SpecialSelectorIn) ([]Option, error) {
	return h.svc.SpecialSelector(r.Context(), in.Name, in.Level, !auth.PrincipalFrom(r.Context()).Can(Screen))
}

// BannerIn is the selector's output (spec section 3) sent by addBannerLink.
type BannerIn struct {
	Type      string `param:"type,required" enum:"1,2,3,4" doc:"1 course, 3/4 topic (from card type 1/2), 2 link"`
	ID        int64  `param:"id" doc:"the course or topic (types 1, 3, 4)"`
	SpecialID int64  `param:"specialId" doc:"type 3 only: the first-level topic the course was chosen in"`
	Name      string `param:"name" doc:"types 1, 3, 4: the recommended title"`
	Cover     string `param:"cover" doc:"types 1, 3, 4: a banner upload's address"`
	OrderDort *int   `param:"orderDort" min:"0" max:"9999" doc:"sort order (default 1)"`
	ClickURL  string `param:"clickUrl" doc:"type 2: the jump link"`
	CoverURL  string `param:"coverUrl" doc:"type 2: a banner upload's address"`
	Content   string `param:"content" doc:"type 2: the title"`
}

// BannerAdd is POST /api/banner/add (addBannerLink): a portal banner that opens the chosen content.
func (h *Handlers) BannerAdd(r *http.Request, in BannerIn) (httpx.Created, error) {
	order := 1
	if in.OrderDort != nil {
		order = *in.OrderDort
	}
	id, err := h.svc.AddBanner(r.Context(), BannerForm{Type: in.Type, ID: in.ID, SpecialID: in.SpecialID, Name: in.Name,
		Cover: in.Cover, OrderDort: order, ClickURL: in.ClickURL, CoverURL: in.CoverURL, Content: in.Content})
	return httpx.Created{ID: id}, err
}

/* ---------- course push ---------- */

// PushRow is a push as the list shows it.
type PushRow struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	Courses   int       `json:"courses"`
	Audience  int       `json:"audience"`
	UpdatedAt time.Time `json:"updatedAt"`
}

var pushSpec = &list.Spec{
	Select: `p.id, p.title, (SELECT COUNT(*) FROM course_push_item i WHERE i.push_id = p.id),
		(SELECT COUNT(*) FROM course_push_target t WHERE t.push_id = p.id), p.updated_at`,
	From:        `course_push p`,
	Filters:     []list.Filter{{Param: "title", Column: "p.title", Kind: list.Contains}},
	Sorts:       map[string]string{"id": "p.id"},
	DefaultSort: "p.id DESC",
	TieBreak:    "p.id DESC",
}

func pushTable(s *Service) *list.Table[PushRow] {
	return &list.Table[PushRow]{DB: s.db, Spec: pushSpec, File: "content.file.pushes",
		Columns: []list.Column[PushRow]{
			{Title: "content.col.pushTitle", Value: func(p PushRow, _ string) any { return p.Title }},
			{Title: "content.col.pushCourses", Value: func(p PushRow, _ string) any { return p.Courses }},
			{Title: "content.col.pushAudience", Value: func(p PushRow, _ string) any { return p.Audience }},
			{Title: "content.col.updatedAt", Value: func(p PushRow, _ string) any { return p.UpdatedAt }},
		},
		Scan: func(row interface{ Scan(...any) error }) (PushRow, error) {
			var p PushRow
			err := row.Scan(&p.ID, &p.Title, &p.Courses, &p.Audience, &p.UpdatedAt)
			return p, err
		}}
}

// PushList is GET /api/course/push/query/list.
func (h *Handlers) PushList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.pushes.List(w, r)
}

// PushOne is GET /api/course/push/one.
func (h *Handlers) PushOne(r *http.Request, in httpx.IDIn) (Push, error) {
	return h.svc.Push(r.Context(), in.ID)
}

// PushIn is what the push dialog sends: the selector's outputs and the picker's selection.
type PushIn struct {
	ID       int64          `param:"id" doc:"edit only"`
	Title    string         `param:"title,required"`
	Items    []PushItem     `param:"items,required" doc:"the courses and topics (type 1, 3, 4; id; specialId), at most 30"`
	Organ    []PushUnit     `param:"organ" doc:"the picker's units (fullUnitCode): each covers its sub-units"`
	Employee []PushEmployee `param:"employee" doc:"the picker's employees (code)"`
}

func (in PushIn) form() PushForm {
	return PushForm{Title: in.Title, Items: in.Items, Organ: in.Organ, Employee: in.Employee}
}

// PushAdd is POST /api/course/push/add.
func (h *Handlers) PushAdd(r *http.Request, in PushIn) (httpx.Created, error) {
	id, err := h.svc.AddPush(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// PushEdit is PUT /api/course/push/edit.
func (h *Handlers) PushEdit(r *http.Request, in PushIn) (route.None, error) {
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	return route.None{}, h.svc.EditPush(r.Context(), in.ID, in.form())
}

// PushDel is DELETE /api/course/push/del.
func (h *Handlers) PushDel(r *http.Request, in IDsIn) (route.None, error) {
	ids, err := in.list()
	if err != nil {
		return route.None{}, err
	}
	return route.None{}, h.svc.DeletePushes(r.Context(), ids)
}

// Mine is GET /api/course/push/mine: what has been pushed to the caller.
func (h *Handlers) Mine(r *http.Request, _ route.None) ([]PushItem, error) {
	return h.svc.Mine(r.Context(), auth.PrincipalFrom(r.Context()))
}

// PortalCourse is GET /api/course/portal/course: an offered course with its ready courseware.
func (h *Handlers) PortalCourse(r *http.Request, in httpx.IDIn) (LearnerCourse, error) {
	return h.svc.LearnerCourse(r.Context(), in.ID, httpx.Lang(r))
}

// PortalCatalog is GET /api/course/portal/catalog: the offered courses and the published first-level topics.
func (h *Handlers) PortalCatalog(r *http.Request, _ route.None) (Catalog, error) {
	return h.svc.Catalog(r.Context())
}

// PortalSpecial is GET /api/course/portal/special: a published topic with its offered courses and topics.
func (h *Handlers) PortalSpecial(r *http.Request, in httpx.IDIn) (SpecialView, error) {
	return h.svc.SpecialView(r.Context(), in.ID)
}
