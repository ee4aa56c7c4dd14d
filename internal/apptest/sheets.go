package apptest

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// SheetRows are the rows of the first sheet of an xlsx answer; it fails the test when body is no xlsx.
func SheetRows(t testing.TB, body []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(body, []byte("PK")) {
		t.Fatalf("not an xlsx: %q", body[:min(len(body), 200)])
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Workbook is an xlsx of the sheets (name → rows of cells, all text), as a person would upload for an import.
func Workbook(t testing.TB, sheets map[string][][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	first := true
	for name, rows := range sheets {
		if first {
			if err := f.SetSheetName(f.GetSheetName(0), name); err != nil {
				t.Fatal(err)
			}
			first = false
		} else if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
		for i, row := range rows {
			for j, v := range row {
				ref, _ := excelize.CoordinatesToCellName(j+1, i+1)
				if err := f.SetCellStr(name, ref, v); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
