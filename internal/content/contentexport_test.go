package content_test

import (
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

func TestCoursesTopicsAndPushesExportAsXLSX(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	course := e.AddCourse(admin, e.AddCourseType(admin, 0, "导出类"), "=HYPERLINK(\"x\")课程", true)
	first := addSpecial(e, admin, "一级专题甲", 1, 0, []int64{course})
	addSpecial(e, admin, "二级专题乙", 2, first, nil)
	e.Done("POST", "/api/course/push/add", admin, map[string]any{"title": "三月推送", "items": []map[string]any{{"type": "1", "id": course}},
		"organ": []map[string]any{{"fullUnitCode": "100201", "unitName": "x"}}}, nil)

	for _, c := range []struct {
		path   string
		header []string
		want   string
	}{
		{"/api/course/export", []string{"课程名称", "课程类型"}, "HYPERLINK"},
		{"/api/course/special/export?level=2", []string{"专题名称", "专题级别", "上级专题"}, "二级专题乙"},
		{"/api/course/push/export", []string{"推送标题", "课程数", "可见范围数"}, "三月推送"},
	} {
		tk := e.Ticket(admin, strings.SplitN(c.path, "?", 2)[0])
		sep := "?"
		if strings.Contains(c.path, "?") {
			sep = "&"
		}
		resp, raw := e.Send("GET", c.path+sep+"ticket="+tk, "", nil, "", nil)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", c.path, resp.StatusCode, raw)
		}
		rows := apptest.SheetRows(t, raw)
		if len(rows) != 2 {
			t.Fatalf("%s: rows %v", c.path, rows)
		}
		for i, h := range c.header {
			if rows[0][i] != h {
				t.Errorf("%s: header %v", c.path, rows[0])
			}
		}
		if !strings.Contains(strings.Join(rows[1], "|"), c.want) {
			t.Errorf("%s: row %v", c.path, rows[1])
		}
		if c.want == "HYPERLINK" && strings.HasPrefix(rows[1][0], "=") {
			t.Errorf("a formula was exported: %q", rows[1][0])
		}
	}
	// staff may not export
	staff := e.Login("staff", "Staff@123").AccessToken
	if _, r := e.Call("GET", "/api/course/push/export", staff, nil); r.Code != 403 {
		t.Errorf("staff export: %+v", r)
	}
}

// The lecturers export: one row per distinct lecturer of the courses (none for a course without one), with their
// course count, published count and latest update, filtered like the course list by lecturer.
func TestLecturersExportAsXLSX(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	typ := e.AddCourseType(admin, 0, "讲师类")
	add := func(name, lecturer string) int64 {
		var out idData
		e.Done("POST", "/api/course/add", admin, map[string]any{"name": name, "cover": e.BannerImage(admin), "typeId": typ,
			"lecturer": lecturer, "description": ""}, &out)
		return out.ID
	}
	e.AddCourse(admin, typ, "甲一", true) // 王老师, published
	e.AddCourse(admin, typ, "甲二", false)
	add("乙一", "=李老师")
	add("无讲师", "")

	export := func(query string) [][]string {
		t.Helper()
		tk := e.Ticket(admin, "/api/course/lecturer/export")
		resp, raw := e.Send("GET", "/api/course/lecturer/export?"+query+"ticket="+tk, "", nil, "", nil)
		if resp.StatusCode != 200 {
			t.Fatalf("lecturer export: %d %s", resp.StatusCode, raw)
		}
		return apptest.SheetRows(t, raw)
	}
	rows := export("")
	if len(rows) != 3 || strings.Join(rows[0][:3], "|") != "讲师|课程数|已发布课程数" || rows[0][3] == "" {
		t.Fatalf("lecturers: %v", rows)
	}
	// sorted by name: the neutralised formula first, then 王老师
	if !strings.Contains(rows[1][0], "李老师") || strings.HasPrefix(rows[1][0], "=") || rows[1][1] != "1" || rows[1][2] != "0" {
		t.Errorf("李老师: %v", rows[1])
	}
	if rows[2][0] != "王老师" || rows[2][1] != "2" || rows[2][2] != "1" || rows[2][3] == "" {
		t.Errorf("王老师: %v", rows[2])
	}
	if rows := export("lecturer=" + url.QueryEscape("王") + "&"); len(rows) != 2 || rows[1][0] != "王老师" {
		t.Errorf("filtered: %v", rows)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	if _, r := e.Call("GET", "/api/course/lecturer/export", staff, nil); r.Code != 403 {
		t.Errorf("staff export: %+v", r)
	}
}
