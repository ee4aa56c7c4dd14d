package content_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/office"
)

// A courseware PDF is accepted only when its structure parses (cross-reference or trailer, catalog, page tree)
// with at least one page and at most the page limit; anything else behind '%PDF-' gets a clear message, and
// nothing is stored: no courseware row, no file row, no object, no spooled upload.
func TestCoursewarePDFMustParseAsAPDF(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) { c.OfficeMaxPages = 5 })
	admin := e.Login("admin", "Admin@123").AccessToken
	course := e.AddCourse(admin, e.AddCourseType(admin, 0, "PDF结构"), "PDF结构课程", true)

	// the course's cover is the only file so far
	files := e.Count(`SELECT COUNT(*) FROM sys_file`)
	objects, _ := e.StoredFiles()
	random := make([]byte, 32<<10)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(r.UintN(256))
	}
	const badPDF = "文件不是有效的PDF（无法读取其文档结构），请重新导出后上传"
	for _, c := range []struct {
		name string
		body []byte
		want string
	}{
		{"%PDF-1.4 and a web page", []byte("%PDF-1.4\n<html><body><h1>课件</h1><script>alert(document.cookie)</script></body></html>\n"), badPDF},
		{"%PDF- and random bytes", append([]byte("%PDF-"), random...), badPDF},
		{"%PDF-1.7 and text", []byte("%PDF-1.7\n" + strings.Repeat("这不是PDF ", 200)), badPDF},
		{"a PDF without a page", office.TestPDF(0), "PDF中没有任何页面"},
		{"a PDF over the page limit", office.TestPDF(6), "课件不能超过5页"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rsp, w := e.PutWare("/api/curriculum/uploadPDF", admin, "讲义.pdf", c.body, "courseId", fmt.Sprint(course))
			if rsp.Code == 0 || w.ID != 0 || rsp.Message != c.want {
				t.Errorf("%+v %+v, want the refusal %q", rsp, w, c.want)
			}
			if n := e.Count(`SELECT COUNT(*) FROM course_ware`); n != 0 {
				t.Errorf("%d courseware rows", n)
			}
			if n := e.Count(`SELECT COUNT(*) FROM sys_file`); n != files {
				t.Errorf("%d file rows, want %d", n, files)
			}
			if now, spooled := e.StoredFiles(); len(now) != len(objects) || len(spooled) != 0 {
				t.Errorf("left on disk: %v %v", now, spooled)
			}
		})
	}

	// A real PDF within the limit is a ready courseware with its pages, downloaded as it was sent.
	pdf := office.TestPDF(5)
	rsp, w := e.PutWare("/api/curriculum/uploadPDF", admin, "讲义.pdf", pdf, "courseId", fmt.Sprint(course))
	if rsp.Code != 0 || w.State != "ready" || w.Pages != 5 || w.Size != int64(len(pdf)) {
		t.Fatalf("a real PDF: %+v %+v", rsp, w)
	}
	resp, body := e.Send("GET", w.DownloadURL, admin, nil, "", nil)
	if resp.StatusCode != 200 || !bytes.Equal(body, pdf) {
		t.Fatalf("download: HTTP %d, %d bytes", resp.StatusCode, len(body))
	}
}
