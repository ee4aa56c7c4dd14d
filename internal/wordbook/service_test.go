package wordbook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// fixtureExperts is an in-memory expert library.
type fixtureExperts map[int64]Expert

func (f fixtureExperts) Experts(_ context.Context, ids []int64) ([]Expert, error) {
	var out []Expert
	for _, id := range ids {
		if e, ok := f[id]; ok {
			out = append(out, e)
		}
	}
	return out, nil
}

func (f fixtureExperts) Search(_ context.Context, s Search) (*list.Page[Candidate], error) {
	p := &list.Page[Candidate]{Records: []Candidate{}, Current: s.Current, Limit: s.Limit}
	for _, e := range f {
		if strings.Contains(e.Name, s.Keyword) {
			p.Records = append(p.Records, Candidate{ID: e.ID, Name: e.Name})
		}
	}
	p.Total = len(p.Records)
	return p, nil
}

// memFiles is an in-memory files area.
type memFiles struct {
	data      map[int64][]byte
	next      int64
	attached  map[int64]int64 // file -> book
	discarded []int64
	failOpen  map[int64]bool
	attachErr error
}

func newMemFiles() *memFiles {
	return &memFiles{data: map[int64][]byte{}, next: 100, attached: map[int64]int64{}, failOpen: map[int64]bool{}}
}

func (m *memFiles) Save(_ context.Context, name string, _ int64, body io.Reader) (int64, error) {
	b, err := io.ReadAll(body)
	if err != nil {
		return 0, err
	}
	if !strings.HasSuffix(name, ".docx") {
		return 0, fmt.Errorf("unexpected name %q", name)
	}
	m.next++
	m.data[m.next] = b
	return m.next, nil
}

func (m *memFiles) Open(_ context.Context, id int64) (io.ReadCloser, int64, error) {
	b, ok := m.data[id]
	if !ok || m.failOpen[id] {
		return nil, 0, httpx.Fail("file.not_found")
	}
	return io.NopCloser(bytes.NewReader(b)), int64(len(b)), nil
}

func (m *memFiles) Attach(_ context.Context, _ *db.Tx, _, fileID, bookID int64) error {
	if m.attachErr != nil {
		return m.attachErr
	}
	m.attached[fileID] = bookID
	return nil
}

func (m *memFiles) Discard(_ context.Context, id int64) { m.discarded = append(m.discarded, id) }

func newFixture(t *testing.T) (*Service, *memFiles, *db.DB) {
	t.Helper()
	d := dbtest.Open(t)
	files := newMemFiles()
	files.data[1] = jpegPhoto(t, 300, 400)
	files.data[2] = pngPhoto(t, 200, 200)
	experts := fixtureExperts{
		11: {ID: 11, Name: "王建国", Title: "高级工程师", PhotoFileID: 1, Qualifications: []Qualification{{Name: "一级建造师", Number: "A-1"}}},
		7:  {ID: 7, Name: `<script>&"`, PhotoFileID: 2},
		3:  {ID: 3, Name: "李四", PhotoFileID: 99}, // the photo file is gone
	}
	return NewService(d, experts, files), files, d
}

func failKey(t *testing.T, err error, key string) {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) || e.Key != key {
		t.Fatalf("want %s, got %v", key, err)
	}
}

func TestMakeKeepsTheBookInTheChosenOrder(t *testing.T) {
	s, files, d := newFixture(t)
	ctx := context.Background()
	made, err := s.Make(ctx, httpx.LangZH, Form{Title: "  投标/附件：专家  ", ExpertIDs: []int64{3, 11, 7}})
	if err != nil {
		t.Fatal(err)
	}
	if made.FileName != "投标_附件：专家.docx" || made.DownloadURL != fmt.Sprintf("/api/expert/book/download?id=%d", made.ID) || files.attached[made.FileID] != made.ID {
		t.Fatalf("made: %+v (attached %v)", made, files.attached)
	}
	body := files.data[made.FileID]
	if int64(len(body)) != made.Size {
		t.Errorf("size %d, file %d", made.Size, len(body))
	}
	p := openPkg(t, body)
	doc := parseXML(t, "document", p.files["word/document.xml"])
	if got := strings.Join(texts(styled(doc, "Heading1")), "|"); got != `1. 李四|2. 王建国|3. <script>&"` {
		t.Errorf("sections: %s", got)
	}
	if n := len(doc.all("inline")); n != 2 {
		t.Errorf("pictures: %d (the missing photo file leaves a placeholder)", n)
	}

	rec, err := s.Get(ctx, made.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Title != "投标/附件：专家" || rec.ExpertCount != 3 || rec.FileID != made.FileID ||
		fmt.Sprint(rec.Experts) != `[{3 李四} {11 王建国} {7 <script>&"}]` {
		t.Errorf("kept: %+v", rec)
	}

	var module, action, target, after string
	if err := d.QueryRow(ctx, `SELECT module, action, target, after_data FROM business_log WHERE target_id = ?`, fmt.Sprint(made.ID)).Scan(&module, &action, &target, &after); err != nil {
		t.Fatal(err)
	}
	if module != FunMake || action != "create" || target != "投标/附件：专家" || !strings.Contains(after, `"name":"李四"`) {
		t.Errorf("business log: %s %s %s %s", module, action, target, after)
	}

	// Download: the same bytes.
	got, rc, size, err := s.Open(ctx, made.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	if got.ID != made.ID || size != int64(len(body)) || !bytes.Equal(b, body) {
		t.Error("the download is not the kept file")
	}
}

func TestMakeRefusals(t *testing.T) {
	s, files, d := newFixture(t)
	ctx := context.Background()
	many := make([]int64, MaxExperts+1)
	for i := range many {
		many[i] = int64(i + 1)
	}
	for _, c := range []struct {
		f   Form
		key string
	}{
		{Form{Title: " ", ExpertIDs: []int64{11}}, "wordbook.title_required"},
		{Form{Title: strings.Repeat("长", MaxTitle+1), ExpertIDs: []int64{11}}, "wordbook.title_too_long"},
		{Form{Title: "a\x00b", ExpertIDs: []int64{11}}, "wordbook.title_bad"},
		{Form{Title: "书"}, "wordbook.experts_required"},
		{Form{Title: "书", ExpertIDs: many}, "wordbook.too_many_experts"},
		{Form{Title: "书", ExpertIDs: []int64{11, 7, 11}}, "wordbook.expert_repeated"},
		{Form{Title: "书", ExpertIDs: []int64{11, 404}}, "wordbook.expert_missing"},
	} {
		_, err := s.Make(ctx, httpx.LangZH, c.f)
		failKey(t, err, c.key)
	}
	if len(files.data) != 2 {
		t.Errorf("a refused book stores nothing: %d files", len(files.data))
	}

	// The record cannot be written: the stored file is discarded, and nothing is logged.
	files.attachErr = errors.New("disk on fire")
	if _, err := s.Make(ctx, httpx.LangZH, Form{Title: "书", ExpertIDs: []int64{11}}); err == nil {
		t.Fatal("want the attach error")
	}
	if len(files.discarded) != 1 {
		t.Errorf("discarded: %v", files.discarded)
	}
	var n int
	if err := d.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM expert_book) + (SELECT COUNT(*) FROM business_log)`).Scan(&n); err != nil || n != 0 {
		t.Errorf("rows left: %d %v", n, err)
	}
}

func TestListAndDelete(t *testing.T) {
	s, _, d := newFixture(t)
	ctx := context.Background()
	a, err := s.Make(ctx, httpx.LangZH, Form{Title: "甲项目", ExpertIDs: []int64{11}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Make(ctx, httpx.LangEN, Form{Title: "乙项目", ExpertIDs: []int64{7, 3}})
	if err != nil {
		t.Fatal(err)
	}
	h := NewHandlers(s)
	page := func(query string) *list.Page[Record] {
		t.Helper()
		out, err := h.List(httptest.NewRecorder(), httptest.NewRequest("GET", "/api/expert/book/list?"+query, nil))
		if err != nil {
			t.Fatal(err)
		}
		return out.(*list.Page[Record])
	}
	if p := page(""); p.Total != 2 || p.Records[0].ID != b.ID || p.Records[1].ID != a.ID {
		t.Fatalf("newest first: %+v", p)
	}
	if p := page("expert=" + "%3Cscript%3E"); p.Total != 1 || p.Records[0].ID != b.ID || p.Records[0].ExpertCount != 2 {
		t.Errorf("by expert name: %+v", p)
	}
	if p := page("title=甲&sort=expertCount&order=desc"); p.Total != 1 || p.Records[0].Title != "甲项目" {
		t.Errorf("by title: %+v", p)
	}

	if err := s.Delete(ctx, []int64{a.ID}); err != nil {
		t.Fatal(err)
	}
	_, err = s.Get(ctx, a.ID)
	failKey(t, err, "wordbook.not_found")
	_, _, _, err = s.Open(ctx, a.ID)
	failKey(t, err, "wordbook.not_found")
	failKey(t, s.Delete(ctx, []int64{b.ID, a.ID}), "wordbook.not_found")
	if p := page(""); p.Total != 1 || p.Records[0].ID != b.ID {
		t.Errorf("after delete (the failed batch changed nothing): %+v", p)
	}
	var module, before string
	if err := d.QueryRow(ctx, `SELECT module, before_data FROM business_log WHERE action = 'delete'`).Scan(&module, &before); err != nil {
		t.Fatal(err)
	}
	if module != FunResult || !strings.Contains(before, `"title":"甲项目"`) {
		t.Errorf("delete log: %s %s", module, before)
	}
}
