package wordbook_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type bookCandidate struct {
	ID             int64    `json:"id"`
	Name           string   `json:"name"`
	UnitCode       string   `json:"unitCode"`
	Qualifications []string `json:"qualifications"`
	HasPhoto       bool     `json:"hasPhoto"`
}

type bookMade struct {
	ID          int64  `json:"id"`
	FileID      int64  `json:"fileId"`
	FileName    string `json:"fileName"`
	Size        int64  `json:"size"`
	DownloadURL string `json:"downloadUrl"`
}

type bookRec struct {
	ID      int64  `json:"id"`
	Title   string `json:"title"`
	Experts []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"experts"`
	ExpertCount int    `json:"expertCount"`
	FileID      int64  `json:"fileId"`
	Size        int64  `json:"size"`
	CreatedBy   string `json:"createdBy"`
	CreatorCode string `json:"creatorCode"`
	CreatedAt   string `json:"createdAt"`
	DownloadURL string `json:"downloadUrl"`
}

func bookCandidates(e *apptest.Env, tok string, q url.Values) (out struct {
	Records []bookCandidate `json:"records"`
	Total   int             `json:"total"`
}) {
	e.T.Helper()
	e.Done("GET", "/api/expert/book/experts?"+q.Encode(), tok, nil, &out)
	return out
}

func expertID(e *apptest.Env, tok, name string) int64 {
	e.T.Helper()
	p := bookCandidates(e, tok, url.Values{"keywords": {name}})
	for _, c := range p.Records {
		if c.Name == name {
			return c.ID
		}
	}
	e.T.Fatalf("no expert %s: %+v", name, p)
	return 0
}

// bookSections opens a downloaded book and returns its section headings, its document text and
// its media parts.
func bookSections(t *testing.T, body []byte) (heads []string, text string, media []string) {
	t.Helper()
	if !bytes.HasPrefix(body, []byte("PK\x03\x04")) {
		t.Fatalf("not a docx: %q", body[:min(len(body), 100)])
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	var doc []byte
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "word/media/") {
			media = append(media, f.Name)
		}
		if f.Name == "word/document.xml" {
			rc, _ := f.Open()
			doc, _ = io.ReadAll(rc)
			rc.Close()
		}
	}
	// Headings are the paragraphs styled Heading1; their text is the w:t inside.
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var inPara, isHead bool
	var para, all strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("document.xml: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			switch tk.Name.Local {
			case "p":
				inPara, isHead = true, false
				para.Reset()
			case "pStyle":
				for _, a := range tk.Attr {
					if a.Name.Local == "val" && a.Value == "Heading1" {
						isHead = true
					}
				}
			}
		case xml.CharData:
			if inPara {
				para.Write(tk)
				all.Write(tk)
			}
		case xml.EndElement:
			if tk.Name.Local == "p" {
				if isHead {
					heads = append(heads, para.String())
				}
				all.WriteString("\n")
				inPara = false
			}
		}
	}
	return heads, all.String(), media
}

func TestExpertBookFromTheLibrary(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken

	// The chooser: published experts by name, by qualification, by unit.
	if p := bookCandidates(e, tok, url.Values{"keywords": {"王建国"}}); p.Total != 1 || !strings.Contains(strings.Join(p.Records[0].Qualifications, ","), "注册物业管理师") {
		t.Fatalf("by name: %+v", p)
	}
	if p := bookCandidates(e, tok, url.Values{"qualification": {"PMP"}}); p.Total != 1 || p.Records[0].Name != "陈思远" {
		t.Errorf("by qualification: %+v", p)
	}
	all := bookCandidates(e, tok, url.Values{"limit": {"100"}})
	if all.Total < 5 {
		t.Fatalf("demo experts: %+v", all)
	}
	if unit := all.Records[0].UnitCode; unit != "" {
		p := bookCandidates(e, tok, url.Values{"unitCode": {unit}, "limit": {"100"}})
		for _, c := range p.Records {
			if !strings.HasPrefix(c.UnitCode, unit) {
				t.Errorf("unit %s filter let %+v through", unit, c)
			}
		}
	}
	e.Refused("GET", "/api/expert/book/experts?limit=101", tok, nil, "每页条数须在1到100之间")

	// An expert with a photo and a name that must be escaped.
	photo := e.UploadOK(apptest.DiskUpload, tok, "证件照.jpg", apptest.JPEGBytes(t, 300, 400), "module", "expert")
	odd := e.LibAdd(tok, "expert", map[string]any{"title": `<script>&"`, "jobTitle": "工程师", "photo": []int64{photo.ID},
		"qualifications": []map[string]any{{"name": "一级建造师 <市政>", "number": "A&B-1", "validTo": "2031-05-01"}}})
	if p := bookCandidates(e, tok, url.Values{"keywords": {`<script>`}}); p.Total != 1 || !p.Records[0].HasPhoto {
		t.Fatalf("the new expert: %+v", p)
	}
	wang := expertID(e, tok, "王建国")

	var made bookMade
	e.Done("POST", "/api/expert/book/make", tok, map[string]any{"title": "某医院物业项目/拟派专家", "expertIds": []int64{odd, wang}}, &made)
	if made.FileName != "某医院物业项目_拟派专家.docx" || made.DownloadURL != fmt.Sprintf("/api/expert/book/download?id=%d", made.ID) || made.Size < 1000 {
		t.Fatalf("made: %+v", made)
	}

	// The download: an attachment with the RFC 5987 name, the sections in the chosen order, the photo inside.
	resp, body := e.Fetch(made.DownloadURL, tok)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.wordprocessingml.document" ||
		!strings.Contains(resp.Header.Get("Content-Disposition"), "filename*=UTF-8''"+url.PathEscape("某医院物业项目_拟派专家.docx")) || int64(len(body)) != made.Size {
		t.Fatalf("download: %d %v (%d bytes)", resp.StatusCode, resp.Header, len(body))
	}
	heads, text, media := bookSections(t, body)
	if strings.Join(heads, "|") != `1. <script>&"|2. 王建国` {
		t.Errorf("sections: %q", heads)
	}
	if len(media) != 1 || !strings.Contains(text, "一级建造师 <市政>") || !strings.Contains(text, "注册物业管理师") || !strings.Contains(text, "暂无照片") {
		t.Errorf("media %v; text:\n%s", media, text)
	}

	// Again with a single-use ticket instead of the session (a new window), and through the common file call.
	tk := e.Ticket(tok, "/api/expert/book/download")
	if resp, again := e.Fetch(made.DownloadURL+"&ticket="+tk, ""); resp.StatusCode != 200 || !bytes.Equal(again, body) {
		t.Errorf("ticket download: %d", resp.StatusCode)
	}
	if resp, _ := e.Fetch(made.DownloadURL+"&ticket="+tk, ""); resp.StatusCode == 200 {
		t.Error("a ticket is single-use")
	}
	if resp, viaFiles := e.Fetch(fmt.Sprintf("%s?id=%d", apptest.FileDown, made.FileID), tok); resp.StatusCode != 200 || !bytes.Equal(viaFiles, body) {
		t.Errorf("common file download: %d", resp.StatusCode)
	}

	// The list: who, when, for which experts, in order.
	var page struct {
		Records []bookRec `json:"records"`
		Total   int       `json:"total"`
	}
	e.Done("GET", "/api/expert/book/list", tok, nil, &page)
	if page.Total != 1 {
		t.Fatalf("list: %+v", page)
	}
	r := page.Records[0]
	if r.ID != made.ID || r.Title != "某医院物业项目/拟派专家" || r.ExpertCount != 2 || r.Experts[0].Name != `<script>&"` || r.Experts[1].ID != wang ||
		r.CreatedBy != "系统管理员" || r.CreatorCode != "admin" || r.CreatedAt == "" || r.DownloadURL != made.DownloadURL {
		t.Errorf("record: %+v", r)
	}
	for q, want := range map[string]int{"expert=王建国": 1, "expert=李晓东": 0, "creator=admin": 1, "creator=staff": 0, "title=医院": 1, "sort=size&order=desc": 1} {
		var p struct{ Total int }
		e.Done("GET", "/api/expert/book/list?"+q, tok, nil, &p)
		if p.Total != want {
			t.Errorf("%s: %d, want %d", q, p.Total, want)
		}
	}
	e.Refused("GET", "/api/expert/book/list?sort=expert_ids", tok, nil, "不支持按该字段排序")

	var module, action, target string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT module, action, target FROM business_log WHERE module LIKE 'expert_%' ORDER BY id DESC`).Scan(&module, &action, &target); err != nil {
		t.Fatal(err)
	}
	if module != "expert_make_word" || action != "create" || target != "某医院物业项目/拟派专家" {
		t.Errorf("business log: %s %s %s", module, action, target)
	}

	// Delete: gone from the list and the download; the log keeps it.
	e.Done("DELETE", fmt.Sprintf("/api/expert/book/del?ids=%d", made.ID), tok, nil, nil)
	e.Refused("GET", made.DownloadURL, tok, nil, "文档不存在或已删除")
	e.Refused("DELETE", fmt.Sprintf("/api/expert/book/del?ids=%d", made.ID), tok, nil, "文档不存在或已删除")
	e.Done("GET", "/api/expert/book/list", tok, nil, &page)
	if page.Total != 0 {
		t.Errorf("after delete: %+v", page)
	}
	if err := e.App.DB.QueryRow(context.Background(), `SELECT module, action FROM business_log WHERE module LIKE 'expert_%' ORDER BY id DESC`).Scan(&module, &action); err != nil ||
		module != "expert_talents_result" || action != "delete" {
		t.Errorf("delete log: %s %s %v", module, action, err)
	}
}

func TestExpertBookRefusals(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	wang := expertID(e, admin, "王建国")

	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"a blank title", map[string]any{"title": "  ", "expertIds": []int64{wang}}, "请输入文档标题"},
			{"a title too long", map[string]any{"title": strings.Repeat("长", 101), "expertIds": []int64{wang}}, "文档标题不能超过100个字符"},
			{"no expert", map[string]any{"title": "书"}, "请至少选择一位专家"},
			{"an expert twice", map[string]any{"title": "书", "expertIds": []int64{wang, wang}}, fmt.Sprintf("专家（编号 %d）重复选择", wang)},
			{"an expert that does not exist", map[string]any{"title": "书", "expertIds": []int64{wang, 987654}}, "专家（编号 987654）不存在、已删除或未发布"},
			{"an id that is no number", map[string]any{"title": "书", "expertIds": []string{"x"}}, "参数 expertIds 必须是整数"},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				e.For(t).Refused("POST", "/api/expert/book/make", admin, c.body, c.msg)
			})
		}
	})

	// An expert entered by staff waits for review: not in the chooser, not in a book.
	staff := e.LibStaff(admin)
	var pending struct {
		ID int64 `json:"id"`
	}
	e.Done("POST", "/api/library/expert/add", staff, map[string]any{"title": "待审专家"}, &pending)
	if p := bookCandidates(e, admin, url.Values{"keywords": {"待审专家"}}); p.Total != 0 {
		t.Errorf("a pending expert is offered: %+v", p)
	}
	e.Refused("POST", "/api/expert/book/make", admin, map[string]any{"title": "书", "expertIds": []int64{pending.ID}},
		fmt.Sprintf("专家（编号 %d）不存在、已删除或未发布", pending.ID))

	// Without the screens' function codes every call is refused.
	var made bookMade
	e.Done("POST", "/api/expert/book/make", admin, map[string]any{"title": "书", "expertIds": []int64{wang}}, &made)
	for _, c := range [][2]string{
		{"GET", "/api/expert/book/experts"},
		{"POST", "/api/expert/book/make"},
		{"GET", "/api/expert/book/list"},
		{"GET", made.DownloadURL},
		{"DELETE", fmt.Sprintf("/api/expert/book/del?ids=%d", made.ID)},
	} {
		body := map[string]any(nil)
		if c[0] == "POST" {
			body = map[string]any{"title": "书", "expertIds": []int64{wang}}
		}
		if resp, r := e.Call(c[0], c[1], staff, body); resp.StatusCode != 403 || r.Code != 403 {
			t.Errorf("staff %s %s: %d %+v", c[0], c[1], resp.StatusCode, r)
		}
	}
	// nor through the common file call
	e.Refused("GET", fmt.Sprintf("%s?id=%d", apptest.FileDown, made.FileID), staff, nil, "无权访问该文件")
	_, r := e.Call("POST", "/api/sys/common/ticket", staff, map[string]string{"path": "/api/expert/book/download"})
	if r.Code != 403 {
		t.Errorf("a ticket for staff: %+v", r)
	}

	// The library administrator's role holds the expert screens.
	lib := e.Login("libadmin", "Library@123").AccessToken
	var page struct{ Total int }
	e.Done("GET", "/api/expert/book/list", lib, nil, &page)
	if page.Total != 1 {
		t.Errorf("libadmin sees the books: %+v", page)
	}
	if resp, body := e.Fetch(made.DownloadURL, lib); resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("PK")) {
		t.Errorf("libadmin download: %d", resp.StatusCode)
	}
}
