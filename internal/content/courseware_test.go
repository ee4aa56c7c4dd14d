package content_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/media"
	"biddesk/internal/platform/office"
)

// needOffice skips a test without LibreOffice, except in CI (CI=true), where its absence fails the test.
func needOffice(t *testing.T) {
	t.Helper()
	if office.Available("soffice") {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("soffice is not installed (make system-deps installs libreoffice-impress)")
	}
	t.Skip("soffice is not installed")
}

// waitWare polls getCoursewareState until the conversion ends.
func waitWare(e *apptest.Env, tok string, id int64) apptest.Ware {
	e.T.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var w apptest.Ware
		e.Done("GET", fmt.Sprintf("/api/curriculum/getCoursewareState?id=%d", id), tok, nil, &w)
		if w.State != "converting" {
			return w
		}
		if time.Now().After(deadline) {
			e.T.Fatalf("courseware %d still converting", id)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func TestCoursewarePDFIsCheckedByContentAndDownloadedWithATicket(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	typ := e.AddCourseType(admin, 0, "课件类")
	course := e.AddCourse(admin, typ, "PDF课程", true)

	// a PDF by its bytes: a renamed program, a web page or another suffix are refused
	for _, c := range []struct {
		name string
		body []byte
		want string
	}{
		{"a.pdf", apptest.ExeBytes(), "内容"},
		{"a.pdf", []byte("<html><script>alert(1)</script></html>"), "内容"},
		{"a.docx", []byte(apptest.TinyPDF), "只能上传PDF文件"},
	} {
		if r, _ := e.PutWare("/api/curriculum/uploadPDF", admin, c.name, c.body); r.Code == 0 || !strings.Contains(r.Message, c.want) {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
	// an unknown course refuses the upload, and nothing stays
	if r, _ := e.PutWare("/api/curriculum/uploadPDF", admin, "a.pdf", []byte(apptest.TinyPDF), "courseId", "999999"); r.Code == 0 {
		t.Errorf("unknown course: %+v", r)
	}
	r, w := e.PutWare("/api/curriculum/uploadPDF", admin, "第一讲.pdf", []byte(apptest.TinyPDF), "courseId", fmt.Sprint(course))
	if r.Code != 0 || w.State != "ready" || w.Kind != "pdf" || w.Pages != 2 || w.CourseID != course || w.DownloadURL == "" {
		t.Fatalf("upload: %+v %+v", r, w)
	}
	var list []apptest.Ware
	e.Done("GET", fmt.Sprintf("/api/course/courseware/list?courseId=%d", course), admin, nil, &list)
	if len(list) != 1 || list[0].ID != w.ID {
		t.Fatalf("list %+v", list)
	}

	// staff (portal only) downloads it with a single-use ticket; the bytes are the PDF's
	staff := e.Login("staff", "Staff@123").AccessToken
	path := fmt.Sprintf("/api/course/download?id=%d", w.ID)
	tk := e.Ticket(staff, "/api/course/download")
	resp, body := e.Send("GET", path+"&ticket="+tk, "", nil, "", nil)
	if resp.StatusCode != 200 || string(body) != apptest.TinyPDF || resp.Header.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download: %d %v %q", resp.StatusCode, resp.Header, body)
	}
	if resp, _ := e.Send("GET", path+"&ticket="+tk, "", nil, "", nil); resp.StatusCode == 200 {
		t.Error("a ticket was used twice")
	}
	// staff may not upload, nor see the course's list
	if r, _ := e.PutWare("/api/curriculum/uploadPDF", staff, "b.pdf", []byte(apptest.TinyPDF)); r.Code != 403 {
		t.Errorf("staff upload: %+v", r)
	}
	// a withdrawn course's courseware is no longer given to staff
	e.Done("PUT", "/api/course/publish", admin, map[string]any{"ids": []int64{course}, "published": 0}, nil)
	if _, r := e.Call("GET", path, staff, nil); r.Code == 0 {
		t.Errorf("withdrawn course's courseware: %+v", r)
	}
	// deleting the course deletes its courseware
	e.Done("DELETE", "/api/course/del", admin, map[string]any{"ids": []int64{course}}, nil)
	if _, r := e.Call("GET", fmt.Sprintf("/api/curriculum/getCoursewareState?id=%d", w.ID), admin, nil); r.Code == 0 {
		t.Errorf("courseware outlived its course: %+v", r)
	}
}

func TestPPTXIsConvertedToPDFByLibreOffice(t *testing.T) {
	needOffice(t)
	e := apptest.New(t)
	e.StartJobs("only") // conversions are jobs of the engine
	admin := e.Login("admin", "Admin@123").AccessToken
	course := e.AddCourse(admin, e.AddCourseType(admin, 0, "转换"), "PPT课程", false)

	r, w := e.PutWare("/api/curriculum/uploadPPTToPDF", admin, "培训 deck.pptx", office.TestDeck(3), "courseId", fmt.Sprint(course))
	if r.Code != 0 || w.State != "converting" || w.Kind != "ppt" || w.Name != "培训 deck.pdf" {
		t.Fatalf("upload: %+v %+v", r, w)
	}
	done := waitWare(e, admin, w.ID)
	if done.State != "ready" || done.Pages != 3 || done.Size == 0 {
		t.Fatalf("converted: %+v", done)
	}
	resp, body := e.Send("GET", done.DownloadURL, admin, nil, "", nil)
	if resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("%PDF-")) || resp.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("download: %d %q", resp.StatusCode, body[:min(len(body), 40)])
	}
	// the work folder is empty again
	if left, _ := os.ReadDir(e.App.Config.DataDir + "/convert-tmp"); len(left) != 0 {
		t.Errorf("left in the work folder: %v", left)
	}
}

func TestACorruptOrHugeDeckIsRefusedCleanly(t *testing.T) {
	needOffice(t)
	e := apptest.New(t, func(c *config.Config) { c.OfficeMaxPages = 5 })
	e.StartJobs("only") // conversions are jobs of the engine
	admin := e.Login("admin", "Admin@123").AccessToken
	// not a presentation by its bytes: refused at upload
	if r, _ := e.PutWare("/api/curriculum/uploadPPTToPDF", admin, "x.pptx", []byte("PK\x03\x04 not a deck")); r.Code == 0 {
		t.Errorf("garbage pptx: %+v", r)
	}
	if r, _ := e.PutWare("/api/curriculum/uploadPPTToPDF", admin, "x.pdf", []byte(apptest.TinyPDF)); r.Code == 0 || r.Message != "只能上传PPT或PPTX文件" {
		t.Errorf("pdf to the PPT call: %+v", r)
	}
	// more slides than allowed: refused before LibreOffice runs
	if r, _ := e.PutWare("/api/curriculum/uploadPPTToPDF", admin, "big.pptx", office.TestDeck(6)); r.Code == 0 || r.Message != "课件不能超过5页" {
		t.Errorf("too many slides: %+v", r)
	}
	// an OLE file that is no presentation gets through the byte check, and the conversion fails cleanly
	ole := append([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), bytes.Repeat([]byte{0}, 4096)...)
	r, w := e.PutWare("/api/curriculum/uploadPPTToPDF", admin, "broken.ppt", ole)
	if r.Code != 0 {
		// refused at once by the byte check: as clean as it gets
		return
	}
	if done := waitWare(e, admin, w.ID); done.State != "failed" || done.Message == "" || done.DownloadURL != "" {
		t.Fatalf("broken deck: %+v", done)
	}
}

func TestAConversionPastItsTimeFailsAndTheServerGoesOn(t *testing.T) {
	needOffice(t)
	e := apptest.New(t, func(c *config.Config) { c.OfficeTimeout = 200 * time.Millisecond })
	e.StartJobs("only") // conversions are jobs of the engine
	admin := e.Login("admin", "Admin@123").AccessToken
	r, w := e.PutWare("/api/curriculum/uploadPPTToPDF", admin, "slow.pptx", office.TestDeck(2))
	if r.Code != 0 {
		t.Fatalf("upload: %+v", r)
	}
	done := waitWare(e, admin, w.ID)
	if done.State != "failed" || done.Message != "课件转换超时，请拆分后重新上传" {
		t.Fatalf("timed out: %+v", done)
	}
	// the server still answers
	if _, r := e.Call("GET", "/api/course/type", admin, nil); r.Code != 0 {
		t.Fatalf("after the timeout: %+v", r)
	}
}

func TestVideoInfoAndASignedPlaybackAddress(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	course := e.AddCourse(admin, e.AddCourseType(admin, 0, "视频"), "视频课程", true)
	video := media.TestMP4(1000, 125_500, 0, 4096)
	if r, _ := e.PutWare("/api/curriculum/uploadVideo", admin, "v.mp4", []byte("no video here, no video here")); r.Code == 0 {
		t.Errorf("not an mp4: %+v", r)
	}
	if r, _ := e.PutWare("/api/curriculum/uploadVideo", admin, "v.mp4", video[:60]); r.Code == 0 {
		t.Errorf("cut mp4: %+v", r)
	}
	r, w := e.PutWare("/api/curriculum/uploadVideo", admin, "第一课.mp4", video, "courseId", fmt.Sprint(course))
	if r.Code != 0 || w.Kind != "video" || w.Duration != 125.5 || w.Size != int64(len(video)) {
		t.Fatalf("upload: %+v %+v", r, w)
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	var info struct {
		ID       int64   `json:"id"`
		Duration float64 `json:"duration"`
		Size     int64   `json:"size"`
		URL      string  `json:"url"`
	}
	e.Done("GET", fmt.Sprintf("/api/nideo/getVideoInfo?id=%d", w.ID), staff, nil, &info)
	if info.Duration != 125.5 || info.Size != int64(len(video)) || !strings.HasPrefix(info.URL, "/api/curriculum/play?") {
		t.Fatalf("info %+v", info)
	}
	// the signed address plays without a session, in ranges
	resp, body := e.Send("GET", info.URL, "", nil, "", []string{"Range", "bytes=0-99"})
	if resp.StatusCode != http.StatusPartialContent || len(body) != 100 || !bytes.Equal(body, video[:100]) || resp.Header.Get("Content-Type") != "video/mp4" {
		t.Fatalf("play: %d %d", resp.StatusCode, len(body))
	}
	var sig struct {
		URL       string `json:"url"`
		ExpiresIn int    `json:"expiresIn"`
	}
	e.Done("GET", fmt.Sprintf("/api/curriculum/getSig?id=%d", w.ID), staff, nil, &sig)
	if sig.ExpiresIn != 600+125 {
		t.Errorf("expiresIn %d", sig.ExpiresIn)
	}
	// a changed id, expiry or signature is refused
	for _, bad := range []string{
		strings.Replace(sig.URL, fmt.Sprintf("id=%d", w.ID), fmt.Sprintf("id=%d", w.ID+1), 1),
		strings.Replace(sig.URL, "expires=", "expires=9", 1),
		sig.URL[:len(sig.URL)-1] + otherHexDigit(sig.URL[len(sig.URL)-1]),
	} {
		if resp, _ := e.Send("GET", bad, "", nil, "", nil); resp.StatusCode == 200 {
			t.Errorf("%s played", bad)
		}
	}
	// an expired address is refused
	exp := time.Now().Add(-time.Minute).Unix()
	if _, err := e.App.DB.Exec(context.Background(), `SELECT 1`); err != nil {
		t.Fatal(err)
	}
	if resp, _ := e.Send("GET", fmt.Sprintf("/api/curriculum/play?id=%d&sid=1&expires=%d&sig=%s", w.ID, exp, strings.Repeat("0", 64)), "", nil, "", nil); resp.StatusCode == 200 {
		t.Error("expired address played")
	}
	// a video of a course not offered is not given to staff
	e.Done("PUT", "/api/course/publish", admin, map[string]any{"ids": []int64{course}, "published": 0}, nil)
	if _, r := e.Call("GET", fmt.Sprintf("/api/curriculum/getSig?id=%d", w.ID), staff, nil); r.Code == 0 {
		t.Errorf("unpublished: %+v", r)
	}
}

// otherHexDigit is a hex digit other than c, so a changed signature is surely changed.
func otherHexDigit(c byte) string {
	if c == '0' {
		return "1"
	}
	return "0"
}
