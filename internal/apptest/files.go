package apptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"mime/multipart"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/storage/s3test"
)

// The upload and download paths the areas' tests use.
const (
	DiskUpload   = "/api/sys/common/disk/upload"
	OSSUpload    = "/api/sys/common/oss/upload"
	BannerUpload = "/api/banner/upload"
	FileDown     = "/api/sys/common/file/down"
)

// PDFBytes is a small valid PDF (one empty page tree).
func PDFBytes() []byte {
	return []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
}

// Picture is a w×h image: a smooth gradient, or random noise (which compresses badly) when noisy.
func Picture(w, h int, noisy bool) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{uint8(x), uint8(y), 120, 255}
			if noisy {
				c = color.RGBA{uint8(r.Uint32()), uint8(r.Uint32()), uint8(r.Uint32()), 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

// PNGBytes is Picture(w, h, noisy) as a PNG.
func PNGBytes(t testing.TB, w, h int, noisy bool) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, Picture(w, h, noisy)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// JPEGBytes is a w×h gradient as a JPEG.
func JPEGBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, Picture(w, h, false), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// GIFBytes is a w×h gradient as a GIF.
func GIFBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gif.Encode(&buf, Picture(w, h, false), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// MultipartBody is a multipart form of the fields (name/value pairs) and, when disposition is not empty, one part
// with that Content-Disposition holding content; it answers the body and its content type.
func MultipartBody(t testing.TB, disposition string, content []byte, fields ...string) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for i := 0; i+1 < len(fields); i += 2 {
		_ = mw.WriteField(fields[i], fields[i+1])
	}
	if disposition != "" {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", disposition)
		h.Set("Content-Type", "application/octet-stream")
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(content)
	}
	_ = mw.Close()
	return &buf, mw.FormDataContentType()
}

// FileDisposition is the Content-Disposition of the form field "file" named name.
func FileDisposition(name string) string {
	return fmt.Sprintf(`form-data; name="file"; filename="%s"`, strings.ReplaceAll(name, `"`, `\"`))
}

// Uploaded is what an upload answers.
type Uploaded struct {
	ID     int64  `json:"id"`
	URL    string `json:"url"`
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	Suffix string `json:"suffix"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// UploadRaw posts a multipart body (see MultipartBody) to path and decodes the envelope and, on success, the file.
func (e *Env) UploadRaw(path, token, disposition string, content []byte, header []string, fields ...string) (Envelope, Uploaded) {
	e.T.Helper()
	body, ct := MultipartBody(e.T, disposition, content, fields...)
	resp, raw := e.Send("POST", path, token, body, ct, header)
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		e.T.Fatalf("%s: HTTP %d %q", path, resp.StatusCode, raw)
	}
	var u Uploaded
	if env.Code == 0 {
		if err := json.Unmarshal(env.Data, &u); err != nil {
			e.T.Fatal(err)
		}
	}
	return env, u
}

// PutFile uploads content as the file name (with the form fields as name/value pairs).
func (e *Env) PutFile(path, token, name string, content []byte, fields ...string) (Envelope, Uploaded) {
	e.T.Helper()
	return e.UploadRaw(path, token, FileDisposition(name), content, nil, fields...)
}

// UploadOK uploads and fails the test unless it succeeds.
func (e *Env) UploadOK(path, token, name string, content []byte, fields ...string) Uploaded {
	e.T.Helper()
	r, u := e.PutFile(path, token, name, content, fields...)
	if r.Code != 0 || u.ID == 0 {
		e.T.Fatalf("upload %s to %s: %+v", name, path, r)
	}
	return u
}

// RefusedUpload uploads and checks that it is refused with msg.
func (e *Env) RefusedUpload(path, token, name string, content []byte, msg string) {
	e.T.Helper()
	if r, _ := e.PutFile(path, token, name, content); r.Code == 0 || r.Message != msg {
		e.T.Errorf("upload %s: code %d %q, want %q", name, r.Code, r.Message, msg)
	}
}

// ExeBytes starts like a Windows program.
func ExeBytes() []byte {
	return append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), bytes.Repeat([]byte{0}, 200)...)
}

// StoredFiles lists the stored objects (DataDir/files, the disk store) and the spooled uploads
// (DataDir/upload-tmp) on disk.
func (e *Env) StoredFiles() (objects, spooled []string) {
	e.T.Helper()
	walk := func(dir string) []string {
		var out []string
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				out = append(out, p)
			}
			return nil
		})
		return out
	}
	return walk(filepath.Join(e.App.Config.DataDir, "files")), walk(filepath.Join(e.App.Config.DataDir, "upload-tmp"))
}

// S3Settings points an instance's file store at an S3-protocol test server (a tweak for New).
func S3Settings(s3 *s3test.Server) func(c *config.Config) {
	return func(c *config.Config) {
		c.Storage = "s3"
		c.S3Endpoint, c.S3Bucket, c.S3AccessKey, c.S3SecretKey = s3.Config.Endpoint, s3.Config.Bucket, s3.Config.AccessKey, s3.Config.SecretKey
		c.S3Addressing = "path"
	}
}
