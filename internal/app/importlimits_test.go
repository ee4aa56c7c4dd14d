package app_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"biddesk/internal/apptest"
	"biddesk/internal/library"
)

// withPart adds to an .xlsx a part of n zero bytes: a few kilobytes packed, n unpacked.
func withPart(t *testing.T, xlsx []byte, n int) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(xlsx), int64(len(xlsx)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	w, err := zw.Create("docProps/custom.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.CopyN(w, zeros{}, int64(n)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

var licenseHeader = []string{"证照名称", "证照类型", "证照编号", "持证单位", "所属组织", "有效期至", "备注"}

func TestImportsRefuseWorkbooksThatUnpackTooLarge(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	small := apptest.Workbook(t, map[string][][]string{"企业证照": {licenseHeader, {"证照", "营业执照", "N-1", "甲公司", "", "2030-01-01", ""}}})
	bomb := withPart(t, small, 65<<20)
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb packs to %d bytes", len(bomb))
	}
	for _, path := range []string{"/api/library/license/import?dryRun=true", "/api/library/expert/import", "/api/org/import?dryRun=true"} {
		if r := e.Upload(path, admin, "bomb.xlsx", bomb); r.Code != 1 || r.Message != "Excel 文件解压后不能超过 64MB，请分批导入" {
			t.Errorf("%s: %+v", path, r)
		}
	}
	// just under the limit is read as usual
	r := e.Upload("/api/library/license/import?dryRun=true", admin, "ok.xlsx", withPart(t, small, 60<<20))
	var rep library.ImportReport
	if r.Code != 0 || json.Unmarshal(r.Data, &rep) != nil || rep.Rows != 1 || len(rep.Problems) != 0 {
		t.Fatalf("under the limit: %+v %+v", r, rep)
	}
}

func TestImportsCapTheRowsAndTheProblemsListed(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken
	rows := [][]string{licenseHeader}
	for range 10_001 {
		rows = append(rows, []string{"证照", "不存在的类型", "N", "甲公司", "", "2030-01-01", ""})
	}
	r := e.Upload("/api/library/license/import", admin, "many.xlsx", apptest.Workbook(t, map[string][][]string{"企业证照": rows}))
	var rep library.ImportReport
	if r.Code != 0 || json.Unmarshal(r.Data, &rep) != nil {
		t.Fatalf("import: %+v", r)
	}
	if rep.Applied || rep.Created != 0 || rep.Rows != 10_000 {
		t.Fatalf("report: applied %v, created %d, rows %d", rep.Applied, rep.Created, rep.Rows)
	}
	var capped bool
	for _, p := range rep.Problems {
		capped = capped || p.Message == "每个工作表最多导入10000行，请分批导入"
	}
	// 10,000 bad rows and the row cap: 200 listed, then the count of the others
	if !capped || len(rep.Problems) != 201 || rep.Problems[200].Message != "另有 9801 个问题未列出（共 10001 个问题）" {
		t.Fatalf("%d problems, capped %v, last %+v", len(rep.Problems), capped, rep.Problems[len(rep.Problems)-1])
	}
}
