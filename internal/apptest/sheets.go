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
