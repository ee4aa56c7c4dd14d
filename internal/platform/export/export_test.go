package export

import (
	"bytes"
	"encoding/csv"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		"=1+2": "'=1+2", "+86 139": "'+86 139", "-5": "'-5", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx", "\n=1": "'\n=1",
		"": "", "plain": "plain", "a=b": "a=b", "张三": "张三",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
	// Numbers stay numbers; text inside other types is neutralised too.
	if cell(-5) != -5 || cell(errString("=x")) != "'=x" || cell(time.Time{}) != "" {
		t.Error("cell conversion")
	}
}

type errString string

func (e errString) String() string { return string(e) }

func TestDisposition(t *testing.T) {
	got := Disposition(`登录日志_2025.xlsx`)
	if !strings.HasPrefix(got, `attachment; filename="`) || !strings.Contains(got, `filename*=UTF-8''%E7%99%BB%E5%BD%95%E6%97%A5%E5%BF%97_2025.xlsx`) {
		t.Fatalf("Disposition: %s", got)
	}
	if strings.ContainsAny(strings.Split(got, `"`)[1], "登\"") {
		t.Fatalf("the fallback name must be ASCII: %s", got)
	}
	for in, want := range map[string]string{"CSV": CSV, "": XLSX, " xlsx ": XLSX, "pdf": "", "../../etc": "", "xls": ""} {
		got, err := Format(in)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("Format(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// Every cell of every format is neutralised, header rows included: the writers take no cell that bypasses cell().
func TestHeadersAndCellsAreNeutralisedInEveryFormat(t *testing.T) {
	evil := []string{`=HYPERLINK("http://x","y")`, `+cmd|' /C calc'!A0`, `@SUM(1+1)`, `-2+3+cmd|x`, "\t=1+1", "\r=1+1", "\n=1+1"}
	cells := make([]any, len(evil))
	for i, s := range evil {
		cells[i] = s
	}
	fill := func(w Writer) error { return w.Row(cells...) }
	check := func(what string, rows [][]string) {
		t.Helper()
		if len(rows) < 2 {
			t.Fatalf("%s: rows %q", what, rows)
		}
		for _, row := range rows[:2] {
			for i, s := range evil {
				if i >= len(row) || row[i] != "'"+s {
					t.Errorf("%s: cell %d = %q, want %q", what, i, row, "'"+s)
				}
			}
		}
	}
	for _, format := range []string{XLSX, CSV} {
		rec := httptest.NewRecorder()
		if err := Stream(rec, format, "x", evil, fill); err != nil {
			t.Fatal(err)
		}
		if format == CSV {
			rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(rec.Body.Bytes(), []byte("\xef\xbb\xbf")))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			check("csv", rows)
		} else {
			check("xlsx", readBook(t, rec.Body.Bytes(), 0))
		}
	}
	var b bytes.Buffer
	if err := WriteXLSX(&b, evil, fill); err != nil {
		t.Fatal(err)
	}
	check("WriteXLSX", readBook(t, b.Bytes(), 0))
	b.Reset()
	if err := WriteBook(&b, Sheet{Name: "一", Header: evil, Fill: fill}, Sheet{Name: "二", Header: evil, Fill: fill}); err != nil {
		t.Fatal(err)
	}
	check("WriteBook sheet 1", readBook(t, b.Bytes(), 0))
	check("WriteBook sheet 2", readBook(t, b.Bytes(), 1))
}

func readBook(t *testing.T, data []byte, sheet int) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(sheet))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Only this package writes spreadsheet cells (xlsx or CSV), so no caller can write one that is not
// neutralised: every other package hands its header and rows to Stream, WriteXLSX or WriteBook. Tests, and the test
// harness internal/apptest, write the raw workbooks a person would upload.
func TestOnlyTheExportPackageWritesCells(t *testing.T) {
	writers := []string{"csv.NewWriter(", ".SetCellValue(", ".SetCellStr(", ".SetCellInt(", ".SetCellUint(", ".SetCellFloat(",
		".SetCellBool(", ".SetCellDefault(", ".SetCellFormula(", ".SetCellRichText(", ".SetCellHyperLink(", ".SetSheetRow(",
		".SetSheetCol(", ".NewStreamWriter(", ".AddTable(", ".AddPivotTable(", ".SetDefinedName(", "excelize.Cell{"}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if filepath.Base(filepath.Dir(path)) == "export" && filepath.Base(filepath.Dir(filepath.Dir(path))) == "platform" {
			return nil
		}
		// the test harness writes the workbooks a person would upload, formulas and all (apptest.Workbook)
		if filepath.Base(filepath.Dir(path)) == "apptest" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, w := range writers {
			if bytes.Contains(src, []byte(w)) {
				t.Errorf("%s writes spreadsheet cells itself (%s): hand them to internal/platform/export", path, w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
