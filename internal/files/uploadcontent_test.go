package files_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// pngHeader is the start of a PNG whose header announces w x h pixels, padded to size bytes with
// data that is no image (a decompression bomb's disguise, or a cut-off file).
func pngHeader(w, h uint32, size int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(kind), data...)
		b.Write(body)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, RGB
	chunk("IHDR", ihdr)
	chunk("IDAT", bytes.Repeat([]byte{0x78}, max(size-b.Len()-12, 1)))
	return b.Bytes()
}

func TestImagesMustDecodeWholeAndStayUnderThePixelCap(t *testing.T) {
	e := apptest.New(t)
	base := storedBaseline(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	e.SetParam(admin, "upload.allowed_suffixes", "png,jpg,gif,pdf")

	bomb := pngHeader(60000, 60000, 51<<10)
	justOver := pngHeader(8000, 5001, 2<<10) // 40,008,000 pixels
	atCap := pngHeader(8000, 5000, 2<<10)    // 40,000,000 pixels: let through to the decoder, which finds no image
	valid := apptest.PNGBytes(t, 400, 200, true)
	photo := apptest.JPEGBytes(t, 400, 300)
	anim := apptest.GIFBytes(t, 400, 200)
	for _, up := range []struct{ path, tok string }{{apptest.BannerUpload, admin}, {apptest.DiskUpload, staff}} {
		e.RefusedUpload(up.path, up.tok, "bomb.png", bomb, "图片不能超过 4000 万像素（此图 60000×60000）")
		e.RefusedUpload(up.path, up.tok, "big.png", justOver, "图片不能超过 4000 万像素（此图 8000×5001）")
		e.RefusedUpload(up.path, up.tok, "cap.png", atCap, "图片已损坏或不完整，无法读取")
		e.RefusedUpload(up.path, up.tok, "cut.png", valid[:200], "图片已损坏或不完整，无法读取")
		e.RefusedUpload(up.path, up.tok, "cut.png", valid[:len(valid)-20], "图片已损坏或不完整，无法读取")
		e.RefusedUpload(up.path, up.tok, "cut.jpg", photo[:len(photo)/2], "图片已损坏或不完整，无法读取")
		if r, _ := e.UploadRaw(up.path, up.tok, apptest.FileDisposition("bomb.png"), bomb, []string{"Accept-Language", "en"}); r.Message != "The image cannot exceed 40 megapixels (this one is 60000×60000)" {
			t.Errorf("%s in English: %+v", up.path, r)
		}
		if r, _ := e.UploadRaw(up.path, up.tok, apptest.FileDisposition("cut.png"), valid[:200], []string{"Accept-Language", "en"}); r.Message != "The image is damaged or incomplete and cannot be read" {
			t.Errorf("%s in English: %+v", up.path, r)
		}
	}
	e.RefusedUpload(apptest.DiskUpload, staff, "cut.gif", anim[:len(anim)/2], "图片已损坏或不完整，无法读取")
	assertNothingStored(e, base)

	// whole images pass, with their size
	if u := e.UploadOK(apptest.BannerUpload, admin, "ok.png", valid); u.Width != 400 || u.Height != 200 {
		t.Errorf("banner %+v", u)
	}
	e.UploadOK(apptest.DiskUpload, staff, "ok.jpg", photo)
	e.UploadOK(apptest.DiskUpload, staff, "ok.gif", anim)
}

func TestWebPagesAreRefusedWhateverTheSuffixList(t *testing.T) {
	e := apptest.New(t)
	base := storedBaseline(e)
	admin := e.Login("admin", "Admin@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken
	e.SetParam(admin, "upload.allowed_suffixes", "html,htm,svg,xml,dat,txt,csv,md")

	page := []byte("hello <b>x</b><script>alert(1)</script>")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	// a web page's own suffixes are refused whatever their content
	for name, body := range map[string][]byte{"w.html": page, "W.HTM": page, "x.svg": svg, "y.SVG": []byte("<svg><rect/></svg>"), "plain.html": []byte("just text")} {
		e.RefusedUpload(apptest.DiskUpload, staff, name, body, "不能上传网页文件（HTML、SVG 等）")
	}
	if r, _ := e.UploadRaw(apptest.DiskUpload, staff, apptest.FileDisposition("w.html"), page, []string{"Accept-Language", "en"}); r.Message != "Web pages (HTML, SVG and the like) cannot be uploaded" {
		t.Errorf("English: %+v", r)
	}
	// markup in a file of another suffix, with or without a prolog, at the start or far in
	padding := strings.Repeat("一行普通的文字 1 < 2, online = yes\n", 20000)
	for name, body := range map[string]string{
		"page.txt":    string(page),
		"page.dat":    string(page),
		"icon.xml":    string(svg),
		"prolog.xml":  `<?xml version="1.0"?>` + "\n" + `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`,
		"bare.dat":    `<svg/onload=alert(1)>`,
		"handler.md":  "# notes\n<img src=x ONERROR = alert(1)>",
		"link.md":     "[a](JavaScript:alert(1))",
		"xhtml.xml":   `<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`,
		"far.csv":     padding + "<script>alert(1)</script>",
		"far.dat":     padding + "<iframe src=//evil>",
		"doctype.txt": "<!DOCTYPE html>",
	} {
		suffix := name[strings.LastIndex(name, ".")+1:]
		e.RefusedUpload(apptest.DiskUpload, staff, name, []byte(body), "文件内容与扩展名 ."+suffix+" 不符")
	}
	assertNothingStored(e, base)

	// text that only mentions angle brackets passes
	e.UploadOK(apptest.DiskUpload, staff, "notes.md", []byte("# 说明\n1 < 2 and 3 > 2; <b>bold</b>, <br> online = yes\n"))
	e.UploadOK(apptest.DiskUpload, staff, "data.xml", []byte(`<?xml version="1.0"?><rows><row id="1">a</row></rows>`))
	e.UploadOK(apptest.DiskUpload, staff, "big.txt", []byte(padding))
}
