package apptest

import (
	"encoding/json"
)

// BannerImage uploads a banner-sized PNG (as a banner, a course's or a special's cover must be) and returns its
// address.
func (e *Env) BannerImage(token string) string {
	e.T.Helper()
	return e.UploadOK(BannerUpload, token, "banner.png", PNGBytes(e.T, 400, 160, false)).URL
}

// AddCourseType adds a course type under parent (0: a first-level type) and returns its id.
func (e *Env) AddCourseType(token string, parent int64, name string) int64 {
	e.T.Helper()
	return e.Added("POST", "/api/course/type", token, map[string]any{"parentId": parent, "name": name, "sort": 1})
}

// AddCourse adds a course of the type; offered, it is also passed by audit and published (learners see it).
func (e *Env) AddCourse(token string, typeID int64, name string, offered bool) int64 {
	e.T.Helper()
	id := e.Added("POST", "/api/course/add", token, map[string]any{"name": name, "cover": e.BannerImage(token), "typeId": typeID,
		"lecturer": "王老师", "description": "简介"})
	if offered {
		e.Done("PUT", "/api/course/audit", token, map[string]any{"ids": []int64{id}, "auditStatus": "1", "remark": "通过"}, nil)
		e.Done("PUT", "/api/course/publish", token, map[string]any{"ids": []int64{id}, "published": 1}, nil)
	}
	return id
}

// Ware is what a courseware upload or state call answers.
type Ware struct {
	ID          int64   `json:"id"`
	CourseID    int64   `json:"courseId"`
	Kind        string  `json:"kind"`
	Name        string  `json:"name"`
	State       string  `json:"state"`
	Message     string  `json:"message"`
	Pages       int     `json:"pages"`
	Size        int64   `json:"size"`
	Duration    float64 `json:"duration"`
	DownloadURL string  `json:"downloadUrl"`
}

// PutWare uploads courseware (path: /api/curriculum/uploadPDF and the like; fields as name/value pairs, the
// courseId among them) and decodes the envelope and, on success, the courseware.
func (e *Env) PutWare(path, token, name string, body []byte, fields ...string) (Envelope, Ware) {
	e.T.Helper()
	b, ct := MultipartBody(e.T, FileDisposition(name), body, fields...)
	resp, raw := e.Send("POST", path, token, b, ct, nil)
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		e.T.Fatalf("%s: HTTP %d %q", path, resp.StatusCode, raw)
	}
	var w Ware
	if env.Code == 0 {
		if err := json.Unmarshal(env.Data, &w); err != nil {
			e.T.Fatal(err)
		}
	}
	return env, w
}

// TinyPDF is a valid PDF of two empty pages (a courseware PDF is ready at once).
const TinyPDF = "%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [3 0 R 4 0 R] /Count 2>>endobj\n" +
	"3 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\n4 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
