package files_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/app"
	"biddesk/internal/apptest"
	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/storage/s3test"
)

/* ---------- test files: real formats, made here ---------- */

// zipOf builds a zip holding the named entries.
func zipOf(t *testing.T, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(w, "<x>%s</x>", n)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func docxBytes(t *testing.T) []byte {
	return zipOf(t, "[Content_Types].xml", "_rels/.rels", "word/document.xml")
}

func xlsxBytes(t *testing.T) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetCellValue("Sheet1", "A1", "投标")
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

/* ---------- calls ---------- */

// storeBaseline is what a test's environment stores before the test writes: the demo's (or another area's seed's)
// file rows and objects, which the test's refused uploads must leave as they are.
type storeBaseline struct{ rows, objects int }

func storedBaseline(e *apptest.Env) storeBaseline {
	e.T.Helper()
	objects, _ := e.StoredFiles()
	return storeBaseline{e.Count(`SELECT COUNT(*) FROM sys_file`), len(objects)}
}

// assertNothingStored checks that no file row, object or spooled upload was added since base.
func assertNothingStored(e *apptest.Env, base storeBaseline) {
	e.T.Helper()
	if n := e.Count(`SELECT COUNT(*) FROM sys_file`); n != base.rows {
		e.T.Errorf("%d file rows, %d before", n, base.rows)
	}
	if objects, spooled := e.StoredFiles(); len(objects) != base.objects || len(spooled) != 0 {
		e.T.Errorf("on disk: %v %v, %d objects before", objects, spooled, base.objects)
	}
}

/* ---------- tests ---------- */

func TestUploadToDiskAndDownloadAsAnAttachment(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	pdf := apptest.PDFBytes()
	u := e.UploadOK(apptest.DiskUpload, staff, "营业执照.pdf", pdf, "module", "library")
	if u.URL != fmt.Sprintf("%s?id=%d", apptest.FileDown, u.ID) || u.Name != "营业执照.pdf" || u.Size != int64(len(pdf)) || u.Suffix != "pdf" {
		t.Fatalf("answer %+v", u)
	}
	var module, storageKind, key, ctype, sum, state string
	var by int64
	if err := e.App.DB.QueryRow(context.Background(), `SELECT module, storage, object_key, content_type, sha256, state, uploaded_by FROM sys_file WHERE id = ?`, u.ID).
		Scan(&module, &storageKind, &key, &ctype, &sum, &state, &by); err != nil {
		t.Fatal(err)
	}
	if module != "library" || storageKind != "disk" || ctype != "application/pdf" || len(sum) != 64 || state != "ready" || by != e.UserID("staff") {
		t.Fatalf("row: %s %s %s %s %s %d", module, storageKind, ctype, sum, state, by)
	}
	// stored under its random key, never under its name
	objects, spooled := e.StoredFiles()
	if len(objects) != 1 || filepath.Base(objects[0]) != key || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(key) || len(spooled) != 0 {
		t.Fatalf("objects %v spooled %v key %s", objects, spooled, key)
	}

	resp, body := e.Fetch(fmt.Sprintf("%s&recordType=license&recordId=7", u.URL), staff)
	if resp.StatusCode != 200 || !bytes.Equal(body, pdf) {
		t.Fatalf("download: HTTP %d %q", resp.StatusCode, body)
	}
	h := resp.Header
	if h.Get("Content-Type") != "application/pdf" || h.Get("X-Content-Type-Options") != "nosniff" ||
		h.Get("Content-Disposition") != `attachment; filename="____.pdf"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7.pdf` ||
		h.Get("Content-Length") != fmt.Sprint(len(pdf)) {
		t.Fatalf("headers %v", h)
	}
	// inline is for PDFs and images only; a preview shown in the page is not a download
	downloads := func() int { return e.Count(`SELECT COUNT(*) FROM file_download`) }
	seen := downloads()
	resp, _ = e.Fetch(u.URL+"&inline=1", staff)
	if !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "inline; ") || resp.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
		t.Fatalf("inline pdf: %v", resp.Header)
	}
	if n := downloads(); n != seen {
		t.Fatalf("a preview was recorded as a download: %d -> %d", seen, n)
	}
	docx := e.UploadOK(apptest.DiskUpload, staff, "方案.DOCX", docxBytes(t))
	resp, body = e.Fetch(docx.URL+"&inline=1", staff)
	if !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment; ") ||
		resp.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" || !bytes.Equal(body, docxBytes(t)) {
		t.Fatalf("docx: %v", resp.Header)
	}
	if n := downloads(); n != seen+1 {
		t.Fatalf("a document asked inline is a download: %d -> %d", seen, n)
	}
	xlsx := e.UploadOK(apptest.DiskUpload, staff, "报价.xlsx", xlsxBytes(t))
	if resp, _ := e.Fetch(xlsx.URL, staff); resp.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Fatalf("xlsx: %v", resp.Header)
	}

	// a download ticket opens one download (the browser opens downloads in a new window)
	tk := e.Ticket(staff, apptest.FileDown)
	if resp, body := e.Fetch(fmt.Sprintf("%s?id=%d&ticket=%s", apptest.FileDown, u.ID, tk), ""); resp.StatusCode != 200 || !bytes.Equal(body, pdf) {
		t.Fatalf("ticket download: HTTP %d", resp.StatusCode)
	}
	if resp, _ := e.Fetch(fmt.Sprintf("%s?id=%d&ticket=%s", apptest.FileDown, u.ID, tk), ""); resp.StatusCode != 401 {
		t.Fatalf("a used ticket: HTTP %d", resp.StatusCode)
	}
	// the spec's clients send AccessToken in the query
	if resp, _ := e.Fetch(fmt.Sprintf("%s?id=%d&AccessToken=%s", apptest.FileDown, u.ID, staff), ""); resp.StatusCode != 200 {
		t.Fatalf("AccessToken download: HTTP %d", resp.StatusCode)
	}

	// every download is recorded (the in-page preview is not): who, which file, from which record
	staffID := e.UserID("staff")
	if n := e.Count(`SELECT COUNT(*) FROM file_download WHERE file_id = ? AND user_id = ?`, u.ID, staffID); n != 3 {
		t.Fatalf("%d downloads recorded, want 3", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM file_download WHERE file_id = ? AND record_type = 'license' AND record_id = 7`, u.ID); n != 1 {
		t.Fatalf("record of the download: %d", n)
	}
	// bad parameters
	for q, msg := range map[string]string{
		"":           "缺少参数 id",
		"?id=x":      "参数 id 必须是整数",
		"?id=999999": "文件不存在或已删除",
		fmt.Sprintf("?id=%d&recordType=a%%27b", u.ID): "参数 recordType 格式错误",
		fmt.Sprintf("?id=%d&recordId=-1", u.ID):       "参数 recordId 必须是正整数",
	} {
		if _, r := e.Call("GET", apptest.FileDown+q, staff, nil); r.Code != 1 || r.Message != msg {
			t.Errorf("down%s: %+v, want %q", q, r, msg)
		}
	}

	// an upload no record links yet is its uploader's only
	lib := e.Login("libadmin", "Library@123").AccessToken
	if _, r := e.Call("GET", u.URL, lib, nil); r.Message != "无权访问该文件" {
		t.Fatalf("another user's unlinked upload: %+v", r)
	}
	// anonymous callers get nothing and store nothing
	if resp, r := e.Call("GET", u.URL, "", nil); resp.StatusCode != 401 || r.Code != 10005 {
		t.Fatalf("anonymous download: HTTP %d %+v", resp.StatusCode, r)
	}
	before := e.Count(`SELECT COUNT(*) FROM sys_file`)
	if r, _ := e.PutFile(apptest.DiskUpload, "", "a.pdf", pdf); r.Code != 10005 {
		t.Fatalf("anonymous upload: %+v", r)
	}
	if e.Count(`SELECT COUNT(*) FROM sys_file`) != before {
		t.Fatal("an anonymous upload was stored")
	}
}

// With --storage s3 every file goes to the S3 store, whatever call brought it: the spec's disk and oss
// uploads, a banner image, a courseware PDF, a generated file.
func TestUploadToAnS3Store(t *testing.T) {
	s3 := s3test.Start(t, "biddesk-files")
	e := apptest.New(t, apptest.S3Settings(s3))
	staff := e.Login("staff", "Staff@123").AccessToken
	admin := e.Login("admin", "Admin@123").AccessToken
	pdf := apptest.PDFBytes()
	inBucket := func(id int64, module string) {
		t.Helper()
		var key, kind, mod string
		if err := e.App.DB.QueryRow(context.Background(), `SELECT object_key, storage, module FROM sys_file WHERE id = ?`, id).Scan(&key, &kind, &mod); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(s3.Keys(t), key) || kind != "oss" || mod != module {
			t.Fatalf("file %d: row %s %s %s, bucket %v", id, key, kind, mod, s3.Keys(t))
		}
	}
	u := e.UploadOK(apptest.OSSUpload, staff, "CA证书.pdf", pdf, "module", "ca")
	inBucket(u.ID, "ca")
	d := e.UploadOK(apptest.DiskUpload, staff, "标书.pdf", pdf)
	inBucket(d.ID, "common")
	b := e.UploadOK(apptest.BannerUpload, admin, "banner.png", apptest.PNGBytes(t, 400, 160, false))
	inBucket(b.ID, "banner")
	course := e.AddCourse(admin, e.AddCourseType(admin, 0, "存储"), "对象存储课程", false)
	if r, w := e.PutWare("/api/curriculum/uploadPDF", admin, "第一讲.pdf", []byte(apptest.TinyPDF), "courseId", fmt.Sprint(course)); r.Code != 0 || w.State != "ready" {
		t.Fatalf("courseware: %+v %+v", r, w)
	}
	if objects, _ := e.StoredFiles(); len(objects) != 0 {
		t.Fatalf("files reached the disk: %v", objects)
	}
	resp, body := e.Fetch(u.URL, staff)
	if resp.StatusCode != 200 || !bytes.Equal(body, pdf) || resp.Header.Get("Content-Type") != "application/pdf" ||
		!strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment; ") {
		t.Fatalf("download from the store: HTTP %d %v", resp.StatusCode, resp.Header)
	}
	if resp, body := e.Fetch(b.URL, ""); resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("\x89PNG")) {
		t.Fatalf("banner image from the store: HTTP %d", resp.StatusCode)
	}
	// the same rules as the disk
	before := len(s3.Keys(t))
	e.RefusedUpload(apptest.OSSUpload, staff, "a.pdf", apptest.ExeBytes(), "文件内容与扩展名 .pdf 不符")
	if len(s3.Keys(t)) != before {
		t.Fatal("a refused upload reached the store")
	}

	// deleting the file deletes the object
	if _, r := e.Call("DELETE", fmt.Sprintf("/api/sys/common/file/del?id=%d", u.ID), staff, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if keys := s3.Keys(t); len(keys) != before-1 {
		t.Fatalf("object left after delete: %v", keys)
	}

	// on the disk store (the default) the oss call keeps the file on the disk too
	plain := apptest.New(t)
	tok := plain.Login("staff", "Staff@123").AccessToken
	o := plain.UploadOK(apptest.OSSUpload, tok, "a.pdf", pdf)
	if plain.Count(`SELECT COUNT(*) FROM sys_file WHERE id = ? AND storage = 'disk'`, o.ID) != 1 {
		t.Fatal("an oss upload on the disk store is not on the disk")
	}
	if objects, _ := plain.StoredFiles(); len(objects) != 1 {
		t.Fatalf("disk objects %v", objects)
	}
	// --storage s3 without a store refuses to start
	cfg := config.Defaults()
	cfg.DataDir, cfg.Storage = t.TempDir(), "s3"
	if _, err := app.Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil))); err == nil || !strings.Contains(err.Error(), "--s3-endpoint") {
		t.Fatalf("s3 storage without a store: %v", err)
	}
}

// With --s3-signed-downloads a download answers with a redirect to a short-lived signed address of the
// store (counted as a download); a preview is still served by BidDesk.
func TestSignedDownloadsRedirectToTheStore(t *testing.T) {
	s3 := s3test.Start(t, "biddesk-files")
	e := apptest.New(t, apptest.S3Settings(s3), func(c *config.Config) { c.S3SignedDownloads = true })
	staff := e.Login("staff", "Staff@123").AccessToken
	pdf := apptest.PDFBytes()
	u := e.UploadOK(apptest.DiskUpload, staff, "投标文件.pdf", pdf)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", e.Srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+staff)
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	downloads := e.Count(`SELECT COUNT(*) FROM file_download`)
	resp := get(u.URL)
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusFound || !strings.HasPrefix(loc, s3.Config.Endpoint+"/biddesk-files/") || !strings.Contains(loc, "X-Amz-Signature=") {
		t.Fatalf("signed download: HTTP %d %q", resp.StatusCode, loc)
	}
	if e.Count(`SELECT COUNT(*) FROM file_download`) != downloads+1 {
		t.Fatal("a signed download was not counted")
	}
	got, err := http.Get(loc) // no BidDesk credentials: the signature is the permission
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(got.Body)
	got.Body.Close()
	if got.StatusCode != 200 || !bytes.Equal(body, pdf) || !strings.HasPrefix(got.Header.Get("Content-Disposition"), "attachment; ") {
		t.Fatalf("the signed address: HTTP %d %v", got.StatusCode, got.Header)
	}
	if resp := get(u.URL + "&inline=1"); resp.StatusCode != 200 {
		t.Fatalf("a preview: HTTP %d", resp.StatusCode)
	}
	// another user still may not download it
	other := e.Login("admin", "Admin@123").AccessToken
	if resp, _ := e.Fetch(u.URL, other); resp.StatusCode == http.StatusFound {
		t.Fatal("a signed address was given to someone who may not read the file")
	}
}

func TestAFailedStoreLeavesNoRecord(t *testing.T) {
	s3 := s3test.Start(t, "bucket")
	e := apptest.New(t, func(c *config.Config) {
		// a bucket that does not exist: the store refuses the object after the row was written
		c.Storage, c.S3Addressing = "s3", "path"
		c.S3Endpoint, c.S3Bucket, c.S3AccessKey, c.S3SecretKey = s3.Config.Endpoint, "missing-bucket", "a", "b"
	})
	base := storedBaseline(e)
	tok := e.Login("staff", "Staff@123").AccessToken
	if r, _ := e.PutFile(apptest.OSSUpload, tok, "a.pdf", apptest.PDFBytes()); r.Code != 500 {
		t.Fatalf("a store failure must be a server error: %+v", r)
	}
	assertNothingStored(e, base)
}

func TestUploadsAreCheckedByNameSizeAndContent(t *testing.T) {
	e := apptest.New(t)
	base := storedBaseline(e)
	staff := e.Login("staff", "Staff@123").AccessToken
	allowed := "pdf,doc,docx,xls,xlsx,ppt,pptx,txt,jpg,jpeg,png,zip,rar"
	e.RefusedUpload(apptest.DiskUpload, staff, "setup.exe", apptest.ExeBytes(), "仅支持以下格式的文件："+allowed)
	e.RefusedUpload(apptest.DiskUpload, staff, "noSuffix", apptest.PDFBytes(), "仅支持以下格式的文件："+allowed)
	// the content must be what the suffix says
	e.RefusedUpload(apptest.DiskUpload, staff, "setup.pdf", apptest.ExeBytes(), "文件内容与扩展名 .pdf 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "photo.png", []byte("just some text, not an image\n"), "文件内容与扩展名 .png 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "photo.jpg", apptest.PNGBytes(t, 10, 10, false), "文件内容与扩展名 .jpg 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "plan.docx", zipOf(t, "readme.txt"), "文件内容与扩展名 .docx 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "plan.xlsx", docxBytes(t), "文件内容与扩展名 .xlsx 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "plan.doc", docxBytes(t), "文件内容与扩展名 .doc 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "page.txt", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), "文件内容与扩展名 .txt 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "run.txt", []byte("#!/bin/sh\nrm -rf /\n"), "文件内容与扩展名 .txt 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "bin.txt", []byte("a\x00b"), "文件内容与扩展名 .txt 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "empty.pdf", nil, "文件内容为空")
	if r, _ := e.UploadRaw(apptest.DiskUpload, staff, "", nil, nil, "module", "library"); r.Message != "请选择要上传的文件" {
		t.Errorf("no file: %+v", r)
	}
	if _, r := e.Call("POST", apptest.DiskUpload, staff, map[string]string{"file": "x"}); r.Message != "请选择要上传的文件" {
		t.Errorf("not multipart: %+v", r)
	}
	for _, module := range []string{"../x", "banner", "nope"} {
		// banner images are public: only the banner upload makes them
		if r, _ := e.PutFile(apptest.DiskUpload, staff, "a.pdf", apptest.PDFBytes(), "module", module); r.Message != "参数 module 格式错误" {
			t.Errorf("module %s: %+v", module, r)
		}
	}
	// English messages
	if r, _ := e.UploadRaw(apptest.DiskUpload, staff, apptest.FileDisposition("setup.pdf"), apptest.ExeBytes(), []string{"Accept-Language", "en"}); r.Message != "The file's content does not match its .pdf suffix" {
		t.Errorf("English: %+v", r)
	}
	assertNothingStored(e, base)

	// what passes: a text file in a legacy Chinese encoding, a real zip, the suffix in any case
	e.UploadOK(apptest.DiskUpload, staff, "说明.txt", []byte("\xb1\xea\xca\xe9\r\n"))
	e.UploadOK(apptest.DiskUpload, staff, "资料.ZIP", zipOf(t, "a.txt"))
	e.UploadOK(apptest.DiskUpload, staff, "扫描件.JPG", apptest.JPEGBytes(t, 20, 20))
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE state = 'ready'`); n != 3 {
		t.Fatalf("%d stored", n)
	}
}

func TestUploadLimitsComeFromTheSystemParameters(t *testing.T) {
	e := apptest.New(t)
	stored := e.Count(`SELECT COUNT(*) FROM sys_file`) // the environment's own, if any
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	big := append(apptest.PDFBytes(), bytes.Repeat([]byte("x"), 1<<20)...)
	e.UploadOK(apptest.DiskUpload, staff, "big.pdf", big) // under the default 50 MB

	e.SetParam(admin, "upload.max_size_mb", 1)
	e.RefusedUpload(apptest.DiskUpload, staff, "big.pdf", big, "文件大小不能超过 1MB")
	if r, _ := e.UploadRaw(apptest.DiskUpload, staff, apptest.FileDisposition("big.pdf"), big, []string{"Accept-Language", "en"}); r.Message != "The file cannot be larger than 1 MB" {
		t.Errorf("English: %+v", r)
	}
	exact := big[:1<<20]
	e.UploadOK(apptest.DiskUpload, staff, "exact.pdf", exact)

	e.SetParam(admin, "upload.allowed_suffixes", "pdf,PNG")
	e.RefusedUpload(apptest.DiskUpload, staff, "plan.docx", docxBytes(t), "仅支持以下格式的文件：pdf,png")
	e.UploadOK(apptest.DiskUpload, staff, "small.Pdf", apptest.PDFBytes())
	e.UploadOK(apptest.DiskUpload, staff, "shot.png", apptest.PNGBytes(t, 5, 5, false))

	// a suffix the product does not know is accepted unless its bytes are a program or a page
	e.SetParam(admin, "upload.allowed_suffixes", "dwg,pdf")
	dwg := e.UploadOK(apptest.DiskUpload, staff, "图纸.dwg", []byte("AC1032\x00\x00\x00binary drawing"))
	if resp, _ := e.Fetch(dwg.URL, staff); resp.Header.Get("Content-Type") != "application/octet-stream" {
		t.Fatalf("unknown type served as %q", resp.Header.Get("Content-Type"))
	}
	e.RefusedUpload(apptest.DiskUpload, staff, "evil.dwg", apptest.ExeBytes(), "文件内容与扩展名 .dwg 不符")
	e.RefusedUpload(apptest.DiskUpload, staff, "evil.dwg", []byte("<html><body onload=alert(1)>"), "文件内容与扩展名 .dwg 不符")
	if n := e.Count(`SELECT COUNT(*) FROM sys_file`); n != stored+5 {
		t.Fatalf("%d files", n)
	}
}

func TestUploadNamesCannotNamePaths(t *testing.T) {
	e := apptest.New(t)
	stored := e.Count(`SELECT COUNT(*) FROM sys_file`) // the environment's own, if any
	staff := e.Login("staff", "Staff@123").AccessToken
	for raw, want := range map[string]string{
		"../../etc/passwd.pdf":         "passwd.pdf",
		`..\..\windows\win.ini.pdf`:    "win.ini.pdf",
		`C:\Users\张三\Desktop\投标文件.pdf`: "投标文件.pdf",
		"/etc/cron.d/job.pdf":          "job.pdf",
		"...hidden.pdf":                "hidden.pdf",
	} {
		u := e.UploadOK(apptest.DiskUpload, staff, raw, apptest.PDFBytes())
		if u.Name != want {
			t.Errorf("%q stored as %q, want %q", raw, u.Name, want)
		}
		resp, _ := e.Fetch(u.URL, staff)
		if cd := resp.Header.Get("Content-Disposition"); strings.Contains(cd, "/") && !strings.Contains(cd, "filename*=UTF-8''") || strings.Contains(cd, "..%2F") {
			t.Errorf("disposition %q", cd)
		}
	}
	// nothing was written outside the files folder, and only under random keys
	data := e.App.Config.DataDir
	for _, p := range []string{filepath.Join(data, "..", "etc", "passwd.pdf"), filepath.Join(data, "etc"), filepath.Join(data, "files", "passwd.pdf")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s exists", p)
		}
	}
	objects, _ := e.StoredFiles()
	for _, o := range objects {
		if !regexp.MustCompile(`/files/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{32}$`).MatchString(o) {
			t.Errorf("object stored as %s", o)
		}
	}

	// control characters (NUL included) and names that are only a path are refused
	for _, disposition := range []string{
		`form-data; name="file"; filename*=UTF-8''evil%00.pdf`,
		`form-data; name="file"; filename*=UTF-8''a%0Ab.pdf`,
		`form-data; name="file"; filename="../"`,
		`form-data; name="file"; filename=".."`,
		`form-data; name="file"; filename=""`,
		"form-data; name=\"file\"; filename=\"a\x00b.pdf\"",
	} {
		if r, _ := e.UploadRaw(apptest.DiskUpload, staff, disposition, apptest.PDFBytes(), nil); r.Code != 1 ||
			(r.Message != "文件名无效" && r.Message != "请求参数格式错误") {
			t.Errorf("%q: %+v", disposition, r)
		}
	}
	// a long name is cut, keeping its suffix
	long := strings.Repeat("标", 300) + ".pdf"
	if u := e.UploadOK(apptest.DiskUpload, staff, long, apptest.PDFBytes()); len([]rune(u.Name)) != files.MaxNameLen || !strings.HasSuffix(u.Name, "标.pdf") {
		t.Errorf("long name kept as %d characters", len([]rune(u.Name)))
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file`); n != stored+6 {
		t.Fatalf("%d files", n)
	}
}

func TestAnInterruptedUploadLeavesNoRowAndNoObject(t *testing.T) {
	e := apptest.New(t)
	base := storedBaseline(e)
	staff := e.Login("staff", "Staff@123").AccessToken
	u, _ := url.Parse(e.Srv.URL)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const boundary = "interrupted-boundary"
	head := "--" + boundary + "\r\n" + apptest.FileDisposition("big.pdf") + "\r\nContent-Type: application/pdf\r\n\r\n"
	head = strings.Replace(head, "form-data", "Content-Disposition: form-data", 1)
	first := append([]byte(head), apptest.PDFBytes()...)
	first = append(first, bytes.Repeat([]byte("x"), 256<<10)...)
	req := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n",
		apptest.DiskUpload, u.Host, staff, boundary, 5<<20)
	if _, err := conn.Write(append([]byte(req), first...)); err != nil {
		t.Fatal(err)
	}
	// the server is receiving: its spooled file exists
	waitFor(t, "the upload to start", func() bool { _, spooled := e.StoredFiles(); return len(spooled) == 1 })
	conn.Close() // the client goes away mid-file
	waitFor(t, "the spooled upload to be removed", func() bool { _, spooled := e.StoredFiles(); return len(spooled) == 0 })
	assertNothingStored(e, base)
}

func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(apptest.Patience); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestBannerImagesFollowTheSpecRules(t *testing.T) {
	e := apptest.New(t)
	stored := e.Count(`SELECT COUNT(*) FROM sys_file`) // the environment's own, if any
	admin := e.Login("admin", "Admin@123").AccessToken
	img := apptest.PNGBytes(t, 1125, 468, false)
	// the spec's client sends AccessToken in the query
	body, ct := apptest.MultipartBody(t, apptest.FileDisposition("banner.png"), img)
	resp, raw := e.Send("POST", apptest.BannerUpload+"?AccessToken="+admin, "", body, ct, nil)
	var env apptest.Envelope
	var u apptest.Uploaded
	if json.Unmarshal(raw, &env) != nil || env.Code != 0 || json.Unmarshal(env.Data, &u) != nil {
		t.Fatalf("banner upload: HTTP %d %s", resp.StatusCode, raw)
	}
	if !regexp.MustCompile(`^/api/sys/common/image/[0-9a-f]{32}\.png$`).MatchString(u.URL) || u.Width != 1125 || u.Height != 468 {
		t.Fatalf("answer %+v", u)
	}
	// the image is public (an <img> sends no token), inline, and cached for good
	resp, got := e.Fetch(u.URL, "")
	if resp.StatusCode != 200 || !bytes.Equal(got, img) || resp.Header.Get("Content-Type") != "image/png" ||
		resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("Content-Disposition") != "" ||
		!strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("image: HTTP %d %v", resp.StatusCode, resp.Header)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE module = 'banner'`); n != 1 {
		t.Fatalf("%d banner rows", n)
	}
	e.UploadOK(apptest.BannerUpload, admin, "cover.JPG", apptest.JPEGBytes(t, 345, 150))
	e.UploadOK(apptest.BannerUpload, admin, "cover.jpeg", apptest.JPEGBytes(t, 400, 300))

	e.RefusedUpload(apptest.BannerUpload, admin, "anim.gif", apptest.GIFBytes(t, 400, 200), "格式仅支持jpg、png!")
	e.RefusedUpload(apptest.BannerUpload, admin, "doc.pdf", apptest.PDFBytes(), "格式仅支持jpg、png!")
	e.RefusedUpload(apptest.BannerUpload, admin, "fake.png", []byte("not an image at all"), "格式仅支持jpg、png!")
	e.RefusedUpload(apptest.BannerUpload, admin, "gif.png", apptest.GIFBytes(t, 400, 200), "格式仅支持jpg、png!")
	e.RefusedUpload(apptest.BannerUpload, admin, "narrow.png", apptest.PNGBytes(t, 344, 150, false), "上传的图片不能小于345*150像素!")
	e.RefusedUpload(apptest.BannerUpload, admin, "low.jpg", apptest.JPEGBytes(t, 345, 149), "上传的图片不能小于345*150像素!")
	huge := apptest.PNGBytes(t, 1000, 800, true)
	if len(huge) <= 2<<20 {
		t.Fatalf("test image only %d bytes", len(huge))
	}
	e.RefusedUpload(apptest.BannerUpload, admin, "huge.png", huge, "图片大小不能超过 2MB!")
	// 'Under 2 MB', read literally: one byte less passes, 2 MB itself is refused.
	padded := func(n int) []byte { return append(apptest.PNGBytes(t, 400, 200, false), make([]byte, n)...)[:n] }
	e.UploadOK(apptest.BannerUpload, admin, "just-under.png", padded(2<<20-1))
	e.RefusedUpload(apptest.BannerUpload, admin, "exactly-2mb.png", padded(2<<20), "图片大小不能超过 2MB!")
	for body, want := range map[string]string{
		"anim.gif":   "Only jpg and png are supported!",
		"narrow.png": "The image cannot be smaller than 345*150 pixels!",
		"huge.png":   "The image cannot exceed 2MB!",
	} {
		content := map[string][]byte{"anim.gif": apptest.GIFBytes(t, 400, 200), "narrow.png": apptest.PNGBytes(t, 344, 150, false), "huge.png": huge}[body]
		if r, _ := e.UploadRaw(apptest.BannerUpload, admin, apptest.FileDisposition(body), content, []string{"Accept-Language", "en"}); r.Message != want {
			t.Errorf("%s in English: %q, want %q", body, r.Message, want)
		}
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file`); n != stored+4 { // the three above and just-under.png
		t.Fatalf("%d files", n)
	}

	// only banner images are public
	pdf := e.UploadOK(apptest.DiskUpload, admin, "a.pdf", apptest.PDFBytes())
	var key string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT object_key FROM sys_file WHERE id = ?`, pdf.ID).Scan(&key); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/api/sys/common/image/" + key + ".pdf", "/api/sys/common/image/" + key, "/api/sys/common/image/x.png",
		strings.TrimSuffix(u.URL, ".png") + ".jpg"} {
		if resp, _ := e.Fetch(p, ""); resp.StatusCode != 404 {
			t.Errorf("%s: HTTP %d", p, resp.StatusCode)
		}
	}
	if r, _ := e.PutFile(apptest.BannerUpload, "", "banner.png", img); r.Code != 10005 {
		t.Fatalf("anonymous banner upload: %+v", r)
	}
}

func TestDeletingAnUploadIsLogged(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	u := e.UploadOK(apptest.DiskUpload, staff, "草稿.pdf", apptest.PDFBytes())
	if _, r := e.Call("DELETE", fmt.Sprintf("/api/sys/common/file/del?id=%d", u.ID), lib, nil); r.Message != "无权访问该文件" {
		t.Fatalf("another user's delete: %+v", r)
	}
	if _, r := e.Call("DELETE", fmt.Sprintf("/api/sys/common/file/del?id=%d", u.ID), staff, nil); r.Code != 0 {
		t.Fatalf("delete: %+v", r)
	}
	if objects, _ := e.StoredFiles(); len(objects) != 0 {
		t.Fatalf("object left: %v", objects)
	}
	if n := e.Count(`SELECT COUNT(*) FROM business_log WHERE module = 'sys_file' AND action = 'delete' AND target_id = ? AND target = '草稿.pdf' AND login_code = 'staff'`, fmt.Sprint(u.ID)); n != 1 {
		t.Fatalf("%d business log lines", n)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE id = ? AND state = 'removed'`, u.ID); n != 1 {
		t.Fatal("the row must stay, removed, for the statistics")
	}
	if _, r := e.Call("GET", u.URL, staff, nil); r.Message != "文件不存在或已删除" {
		t.Fatalf("download after delete: %+v", r)
	}
	if _, r := e.Call("DELETE", fmt.Sprintf("/api/sys/common/file/del?id=%d", u.ID), staff, nil); r.Message != "文件不存在或已删除" {
		t.Fatalf("second delete: %+v", r)
	}
}

// The Go API the record areas use: check, link, replace, and who may download linked files.
func TestRecordsLinkFiles(t *testing.T) {
	e := apptest.New(t)
	ctx := context.Background()
	svc := e.App.Files
	staff := e.Login("staff", "Staff@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	staffID, libID := e.UserID("staff"), e.UserID("libadmin")
	a := e.UploadOK(apptest.DiskUpload, staff, "执照正本.pdf", apptest.PDFBytes(), "module", "library")
	b := e.UploadOK(apptest.DiskUpload, staff, "执照副本.pdf", apptest.PDFBytes(), "module", "library")
	c := e.UploadOK(apptest.DiskUpload, lib, "他人.pdf", apptest.PDFBytes())

	if _, err := svc.Usable(ctx, e.App.DB, files.Owner{UserID: staffID}, a.ID, c.ID); refusedWith(err) != "只能使用自己上传的文件" {
		t.Fatalf("another user's file: %v", err)
	}
	if _, err := svc.Usable(ctx, e.App.DB, files.Owner{UserID: staffID}, 424242); refusedWith(err) != "文件不存在或已删除" {
		t.Fatalf("missing file: %v", err)
	}
	if got, err := svc.Usable(ctx, e.App.DB, files.Owner{UserID: libID, Any: true}, a.ID, c.ID, a.ID); err != nil || len(got) != 2 {
		t.Fatalf("an administrator links anyone's files: %v %v", got, err)
	}
	inTx := func(fn func(tx *db.Tx) error) error { return e.App.DB.InTx(ctx, fn) }
	if err := inTx(func(tx *db.Tx) error {
		return svc.Attach(ctx, tx, files.Owner{UserID: staffID}, "license", 7, a.ID, b.ID)
	}); err != nil {
		t.Fatal(err)
	}
	if err := inTx(func(tx *db.Tx) error {
		return svc.Attach(ctx, tx, files.Owner{UserID: staffID}, "license", 8, a.ID)
	}); refusedWith(err) != "文件已被其他记录使用" {
		t.Fatalf("a file of another record: %v", err)
	}
	list, err := svc.Files(ctx, e.App.DB, "license", 7)
	if err != nil || len(list) != 2 || list[0].ID != a.ID || list[0].RecordID != 7 || list[0].URL != a.URL {
		t.Fatalf("files of the record: %+v %v", list, err)
	}
	// linked files are downloadable by every signed-in user, and the download names the record
	if resp, _ := e.Fetch(a.URL, lib); resp.StatusCode != 200 {
		t.Fatalf("linked file: HTTP %d", resp.StatusCode)
	}
	if n := e.Count(`SELECT COUNT(*) FROM file_download WHERE file_id = ? AND user_id = ? AND record_type = 'license' AND record_id = 7`, a.ID, libID); n != 1 {
		t.Fatal("the download was not recorded with its record")
	}
	// unless the record area says otherwise
	svc.OnRead("license", func(_ context.Context, p *auth.Principal, f *files.File) (bool, error) {
		return p.UserID == f.UploadedBy, nil
	})
	if _, r := e.Call("GET", a.URL, lib, nil); r.Message != "无权访问该文件" {
		t.Fatalf("refused by the record area: %+v", r)
	}
	if resp, _ := e.Fetch(a.URL, staff); resp.StatusCode != 200 {
		t.Fatal("allowed by the record area")
	}
	// a linked file is deleted through its record, not the common call
	if _, r := e.Call("DELETE", fmt.Sprintf("/api/sys/common/file/del?id=%d", a.ID), staff, nil); r.Message != "文件已被记录使用，请在该记录中移除" {
		t.Fatalf("delete a linked file: %+v", r)
	}
	// replacing the record's files removes the dropped one, logged under the record's module
	if err := inTx(func(tx *db.Tx) error {
		return svc.SetFiles(ctx, tx, files.Owner{UserID: libID, Any: true}, "expert_talents2_license", "license", 7, a.ID, c.ID)
	}); err != nil {
		t.Fatal(err)
	}
	list, _ = svc.Files(ctx, e.App.DB, "license", 7)
	if len(list) != 2 || list[0].ID != a.ID || list[1].ID != c.ID {
		t.Fatalf("after replace: %+v", list)
	}
	if n := e.Count(`SELECT COUNT(*) FROM business_log WHERE module = 'expert_talents2_license' AND action = 'delete' AND target_id = ?`, fmt.Sprint(b.ID)); n != 1 {
		t.Fatal("the removal was not logged")
	}
	if err := svc.Purge(ctx); err != nil {
		t.Fatal(err)
	}
	if objects, _ := e.StoredFiles(); len(objects) != 2 {
		t.Fatalf("objects after purge: %v", objects)
	}
	byRecord, err := svc.FilesOf(ctx, e.App.DB, "license", []int64{7, 8})
	if err != nil || len(byRecord[7]) != 2 || len(byRecord[8]) != 0 {
		t.Fatalf("FilesOf: %v %v", byRecord, err)
	}

	// a generated document is saved under the same rules
	f, err := svc.Save(ctx, files.Input{Name: "专家简历.docx", Module: files.ModuleWord, UserID: libID, Body: bytes.NewReader(docxBytes(t))})
	if err != nil || f.ContentType != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" || f.Module != "word" {
		t.Fatalf("Save: %+v %v", f, err)
	}
	if _, err := svc.Save(ctx, files.Input{Name: "x.docx", Body: bytes.NewReader(apptest.PDFBytes())}); err == nil {
		t.Fatal("Save must check the content")
	}
	// linked in the same call that returns the names (the library's FileLinker)
	if err := inTx(func(tx *db.Tx) error {
		names, err := svc.Link(ctx, tx, libID, false, "expert_make_word", "expert_book", 3, []int64{f.ID})
		if err == nil && names[f.ID] != "专家简历.docx" {
			t.Errorf("names %v", names)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	// a saved file whose record was never written is discarded without a trace
	g, err := svc.Save(ctx, files.Input{Name: "废弃.pdf", UserID: libID, Body: bytes.NewReader(apptest.PDFBytes())})
	if err != nil {
		t.Fatal(err)
	}
	svc.Discard(ctx, g.ID)
	if _, err := svc.Get(ctx, g.ID); err == nil {
		t.Fatal("a discarded file is still there")
	}
	if objects, _ := e.StoredFiles(); len(objects) != 3 {
		t.Fatalf("objects: %v", objects)
	}
}

func TestTheJanitorFinishesWhatACrashLeft(t *testing.T) {
	e := apptest.New(t)
	ctx := context.Background()
	staff := e.Login("staff", "Staff@123").AccessToken
	u := e.UploadOK(apptest.DiskUpload, staff, "a.pdf", apptest.PDFBytes())
	keep := e.UploadOK(apptest.DiskUpload, staff, "b.pdf", apptest.PDFBytes())
	// as if the process died between the object and the row's ready state, an hour ago
	old := time.Now().UTC().Add(-2 * time.Hour)
	if _, err := e.App.DB.Exec(ctx, `UPDATE sys_file SET state = 'uploading', updated_at = ? WHERE id = ?`, old, u.ID); err != nil {
		t.Fatal(err)
	}
	spool := filepath.Join(e.App.Config.DataDir, "upload-tmp", "upload-123")
	if err := os.WriteFile(spool, []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(spool, old, old)
	if err := e.App.Files.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE id = ?`, u.ID); n != 0 {
		t.Fatal("the abandoned row stayed")
	}
	objects, spooled := e.StoredFiles()
	if len(objects) != 1 || len(spooled) != 0 {
		t.Fatalf("left: %v %v", objects, spooled)
	}
	if resp, _ := e.Fetch(keep.URL, staff); resp.StatusCode != 200 {
		t.Fatal("the finished upload was touched")
	}
}

// A slow upload is not cut short by the server before its 300 s.
func TestUploadsMayTakeTheirTime(t *testing.T) {
	e := apptest.New(t)
	staff := e.Login("staff", "Staff@123").AccessToken
	body, ct := apptest.MultipartBody(t, apptest.FileDisposition("slow.pdf"), append(apptest.PDFBytes(), bytes.Repeat([]byte("y"), 64<<10)...))
	pr, pw := io.Pipe()
	go func() {
		data := body.Bytes()
		for len(data) > 0 {
			n := min(len(data), 16<<10)
			_, _ = pw.Write(data[:n])
			data = data[n:]
			time.Sleep(300 * time.Millisecond)
		}
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", e.Srv.URL+apptest.DiskUpload, pr)
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bearer "+staff)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var env apptest.Envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Code != 0 {
		t.Fatalf("slow upload: %+v %v", env, err)
	}
}

// refusedWith is the message of the refusal (*httpx.Error) in err's chain, or "" when there is none: a service
// wraps its refusals with its operation, and the user still sees the refusal's own message.
func refusedWith(err error) string {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Error()
	}
	return ""
}
