// Package content holds the learning content (issue 20): course types (a two-level category), courses and
// topics, managed on /course_manager, and the calls of the resource selector that banners and course push
// use to pick a course, a topic or a link (spec sections 2-5 and 7).
package content

import (
	"context"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Screen is the menu and function code of /course_manager, the module of its business log.
const Screen = "course_manager"

// FunPortal is the portal's function code (every built-in role holds it): the audience reads its pushes with it.
const FunPortal = "gateway"

// FunBanners is the function code of portal management (/gatewaymanager), whose banners use the selector.
const FunBanners = "gatewaymanager"

// CourseRecordType and SpecialRecordType are the record types under which internal/files knows a cover.
const (
	CourseRecordType  = "content.course"
	SpecialRecordType = "content.special"
)

// AuditDict is the dictionary of course audit states (the values behind /api/course/audit/query/auditDict).
const AuditDict = "course_audit"

// Audit states of the built-in dictionary: a course is offered to the selector only when it is published
// and its audit passed.
const (
	AuditPending  = "0"
	AuditPassed   = "1"
	AuditRejected = "2"
)

// Card types of the selector (spec section 3): 1 a course, 2 a first-level topic with sub-courses. In the
// topic tab a second-level topic is a card of type 1; the selection turns 1 into 3 and 2 into 4.
const (
	CardCourse   = 1
	CardFirstTop = 2
)

// Topic levels: the value of the topic tab's level select.
const (
	LevelFirst  = 1
	LevelSecond = 2
)

// Limits.
const (
	MaxName        = 100
	MaxDescription = 2000
	MaxLecturer    = 50
	MaxRemark      = 200
	MaxSort        = 9999
	// MaxSelect is the spec's 'course sources at most 30'.
	MaxSelect = 30
	// SelectorPageSize is the selector's page size (spec sections 3 and 9); a call may ask up to MaxPageSize.
	SelectorPageSize = 8
	MaxPageSize      = 100
)

// Type is a course type: ParentID 0 for a first-level one.
type Type struct {
	ID       int64  `json:"id"`
	ParentID int64  `json:"parentId"`
	Name     string `json:"name"`
	Sort     int    `json:"sort"`
	// Courses is how many courses use the type.
	Courses int `json:"courses"`
}

// TypeNode is a first-level type with its second-level ones (GET /api/course/type).
type TypeNode struct {
	ID       int64      `json:"id"`
	Name     string     `json:"name"`
	Sort     int        `json:"sort"`
	Children []TypeNode `json:"children"`
}

// Course is a course as /course_manager lists it.
type Course struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Cover       string    `json:"cover"`
	TypeID      int64     `json:"typeId"`
	TypeName    string    `json:"typeName"`
	Description string    `json:"description"`
	Lecturer    string    `json:"lecturer" doc:"the lecturer's name"`
	LecturerID  int64     `json:"lecturerId" doc:"the lecturer (training's lecturers; 0: none)"`
	AuditStatus string    `json:"auditStatus"`
	AuditRemark string    `json:"auditRemark"`
	Published   int       `json:"published"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Special is a topic as /course_manager lists it.
type Special struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Cover       string    `json:"cover"`
	Level       int       `json:"level"`
	ParentID    int64     `json:"parentId"`
	ParentName  string    `json:"parentName"`
	Description string    `json:"description"`
	Published   int       `json:"published"`
	CourseIDs   []int64   `json:"courseIds"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Card is a lesson or topic card of the selector (spec section 3: id, name, cover, type).
type Card struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Cover string `json:"cover"`
	Type  int    `json:"type"`
}

// CardPage is what getLessonList and getSpecialList answer: data.records, data.current, data.total.
type CardPage struct {
	Records []Card `json:"records"`
	Current int    `json:"current"`
	Size    int    `json:"size"`
	Total   int    `json:"total"`
}

// FirstLessonPage is what getFirstLesson answers: data.data, data.pageIndex, data.total.
type FirstLessonPage struct {
	Data      []Card `json:"data"`
	PageIndex int    `json:"pageIndex"`
	PageSize  int    `json:"pageSize"`
	Total     int    `json:"total"`
}

// Option is an entry of a selector list (getCurriculumSelector, getSpecialSelector).
type Option struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Files is what the content area needs of the files area: covers are banner uploads (the banner image rules).
type Files interface {
	// BannerImage is the id of the ready banner upload whose public address is url (an error when none).
	BannerImage(ctx context.Context, q db.Querier, url string) (int64, error)
	// SetCover makes the file the record's only file inside tx (0: none); a replaced cover is removed.
	SetCover(ctx context.Context, tx *db.Tx, recordType string, recordID, fileID int64) error
}

// Banners is what the selector's banner call needs of the portal: a banner added with its image (a banner
// upload's address, copied when a course or topic already uses it), title, link and order.
type Banners interface {
	AddBanner(ctx context.Context, title, imageURL, linkURL string, sort int) (int64, error)
}

// Portal pages a banner opens for a course or a topic.
const (
	CourseLinkPrefix  = "/gatewayCourse?id="
	SpecialLinkPrefix = "/gatewayCourse?specialId="
)

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"content.type.not_found":          {"课程类型不存在", "The course type does not exist"},
		"content.type.name_required":      {"请输入类型名称", "Please enter the type name"},
		"content.type.name_too_long":      {"类型名称不能超过%d个字符", "The type name cannot exceed %d characters"},
		"content.type.name_taken":         {"类型名称 %s 已存在", "The type name %s already exists"},
		"content.type.bad_parent":         {"上级类型必须是一级类型", "The parent must be a first-level type"},
		"content.type.has_children":       {"类型 %s 下还有子类型，不能删除", "The type %s still has sub-types and cannot be deleted"},
		"content.type.in_use":             {"类型 %s 下还有课程，不能删除", "The type %s still has courses and cannot be deleted"},
		"content.type.parent_change":      {"有子类型的一级类型不能移到其他类型下", "A first-level type with sub-types cannot be moved under another"},
		"content.bad_sort":                {"排序必须在0到%d之间", "The sort order must be between 0 and %d"},
		"content.course.not_found":        {"课程不存在", "The course does not exist"},
		"content.name_required":           {"请输入名称", "Please enter the name"},
		"content.name_too_long":           {"名称不能超过%d个字符", "The name cannot exceed %d characters"},
		"content.cover_required":          {"请上传封面", "Please upload the cover"},
		"content.bad_cover":               {"封面必须是已上传的横幅图片", "The cover must be an uploaded banner image"},
		"content.description_too_long":    {"简介不能超过%d个字符", "The description cannot exceed %d characters"},
		"content.lecturer_too_long":       {"讲师不能超过%d个字符", "The lecturer cannot exceed %d characters"},
		"content.remark_too_long":         {"审核意见不能超过%d个字符", "The audit remark cannot exceed %d characters"},
		"content.bad_audit":               {"审核状态 %s 不在字典“课程审核状态”中", "The audit state %s is not in the dictionary 'course audit state'"},
		"content.bad_published":           {"发布状态只能是0或1", "The publish state must be 0 or 1"},
		"content.publish_unaudited":       {"课程审核通过后才能发布", "A course can be published only after its audit passed"},
		"content.special.not_found":       {"专题不存在", "The topic does not exist"},
		"content.special.bad_level":       {"专题级别只能是1（一级专题）或2（二级专题）", "The topic level must be 1 (first-level) or 2 (second-level)"},
		"content.special.bad_parent":      {"二级专题必须属于一个一级专题", "A second-level topic must belong to a first-level topic"},
		"content.special.has_children":    {"专题 %s 下还有二级专题，不能删除", "The topic %s still has second-level topics and cannot be deleted"},
		"content.special.level_change":    {"有二级专题的一级专题不能改为二级专题", "A first-level topic with second-level topics cannot become second-level"},
		"content.too_many":                {"课程源超过30个!", "课程源超过30个!"},
		"content.course_unknown":          {"课程 %d 不存在", "The course %d does not exist"},
		"content.not_first_level":         {"只有一级专题可以展开课程", "Only a first-level topic can be opened into its courses"},
		"content.course.in_topic":         {"课程 %s 仍在专题中，请先从专题移除", "The course %s is still in a topic; remove it from the topic first"},
		"content.banner.bad_type":         {"类型只能是1、2、3或4", "The type must be 1, 2, 3 or 4"},
		"content.banner.content_required": {"请选择内容", "请选择内容"},
		"content.banner.link_required":    {"请输入跳转链接", "Please enter the jump link"},
		"content.banner.title_required":   {"请输入标题", "Please enter the title"},
		"content.banner.not_offered":      {"所选内容未发布或不存在", "The chosen content is not published or does not exist"},
		"content.push.not_found":          {"推送不存在", "The push does not exist"},
		"content.push.title_required":     {"请输入推送标题", "Please enter the push title"},
		"content.push.duplicate":          {"同一内容不能重复推送", "The same content is chosen twice"},
		"content.push.bad_type":           {"推送内容的类型只能是1、3或4", "A pushed item's type must be 1, 3 or 4"},
		"content.push.audience_required":  {"请选择可见范围", "Please choose the audience"},
		"content.push.audience_too_many":  {"可见范围最多%d项", "The audience may have at most %d entries"},
		"content.push.unknown_unit":       {"组织 %s 不存在", "The unit %s does not exist"},
		"content.push.unknown_employee":   {"员工 %s 不存在", "The employee %s does not exist"},
		"content.push.msg.title":          {"课程推送：「%s」", "Course push: '%s'"},
		"content.push.msg.content":        {"为您推送了%d门课程或专题：%s，请在学习课程中查看。", "%d courses or topics were pushed to you: %s. See them under Courses."},
		"content.file.courses":            {"课程", "Courses"},
		"content.col.name":                {"课程名称", "Course name"},
		"content.col.type":                {"课程类型", "Course type"},
		"content.col.lecturer":            {"讲师", "Lecturer"},
		"content.col.audit":               {"审核状态", "Audit state"},
		"content.col.published":           {"发布状态", "Publish state"},
		"content.col.updatedAt":           {"更新时间", "Updated"},
		"content.published.1":             {"已发布", "Published"},
		"content.published.0":             {"未发布", "Unpublished"},
		"content.file.specials":           {"专题", "Topics"},
		"content.file.pushes":             {"课程推送", "Course pushes"},
		"content.file.lecturers":          {"讲师", "Lecturers"},
		"content.col.lecturerCourses":     {"课程数", "Courses"},
		"content.col.lecturerPublished":   {"已发布课程数", "Published courses"},
		"content.col.specialName":         {"专题名称", "Topic name"},
		"content.col.level":               {"专题级别", "Level"},
		"content.col.parent":              {"上级专题", "Parent topic"},
		"content.col.pushTitle":           {"推送标题", "Push title"},
		"content.col.pushCourses":         {"课程数", "Courses"},
		"content.col.pushAudience":        {"可见范围数", "Audience entries"},
		"content.level.1":                 {"一级专题", "First-level topic"},
		"content.level.2":                 {"二级专题", "Second-level topic"},
	})
}
