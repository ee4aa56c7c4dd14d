package app_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/apptest"
)

// formulaTitles are titles an administrator may give a dynamic table's fields or a report's columns: each
// starts like a spreadsheet formula (or with a tab or carriage return, OWASP's CSV injection guidance).
var formulaTitles = []string{`=HYPERLINK("http://x","y")`, `+cmd|' /C calc'!A0`, `@SUM(1+1)`, `-2+3+cmd|x`}

// wantNeutral checks that every cell of a header row (or any row) reads as text: nothing starts like a formula.
func wantNeutral(t *testing.T, what string, row []string, want []string) {
	t.Helper()
	if len(row) < len(want) {
		t.Fatalf("%s: row %q, want at least %d cells", what, row, len(want))
	}
	for i, w := range want {
		if row[i] != "'"+w {
			t.Errorf("%s: cell %d = %q, want %q", what, i, row[i], "'"+w)
		}
	}
	for i, c := range row {
		if c != "" && strings.ContainsRune("=+-@\t\r\n", rune(c[0])) {
			t.Errorf("%s: cell %d starts like a formula: %q", what, i, c)
		}
	}
}

func csvRows(t *testing.T, body []byte) [][]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")))).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v %q", err, body)
	}
	return rows
}

// Every cell an export writes goes through the one neutraliser, header and title rows included: the
// field titles of a dynamic table (export as xlsx and CSV, import template), the column titles of a
// report (export as xlsx and CSV, with its totals row). The template's neutralised titles are read back.
func TestExportHeadersAreNeutralised(t *testing.T) {
	e := newEnv(t)
	admin := e.login("admin", "Admin@123").AccessToken

	t.Run("dynamic table", func(t *testing.T) {
		var fields []apptest.DTField
		names := []string{"a", "b", "c", "d"}
		for i, title := range formulaTitles {
			fields = append(fields, apptest.DTField{FieldName: names[i], Name: title, Type: "varchar", InList: 1, ChoiceSingle: 1})
		}
		id := e.Created(e.Answer("POST", "/api/dtable/add", admin, map[string]any{"name": "=公式表", "fields": fields}), "add table")
		e.OK(e.Answer("POST", "/api/dtable/data/add", admin, map[string]any{"tableId": id,
			"values": map[string]any{"a": "=1+2", "b": "普通", "c": "@x", "d": "-1"}}), "add row")

		for _, format := range []string{"xlsx", "csv"} {
			resp, body := e.send("GET", "/api/dtable/data/export?tableId="+itoa(id)+"&format="+format, admin, nil, "", nil)
			if resp.StatusCode != 200 {
				t.Fatalf("%s export: HTTP %d %s", format, resp.StatusCode, body)
			}
			rows := map[string]func(*testing.T, []byte) [][]string{"xlsx": sheetRows, "csv": csvRows}[format](t, body)
			if len(rows) != 2 {
				t.Fatalf("%s export: %q", format, rows)
			}
			if rows[0][0] != "ID" {
				t.Fatalf("%s export: the first column %q", format, rows[0][0])
			}
			wantNeutral(t, format+" header", rows[0][1:], formulaTitles)
			wantNeutral(t, format+" data", rows[1], nil)
		}

		// The import template: its title row is neutralised, and a template filled in is read back by those titles.
		resp, raw := e.send("GET", "/api/dtable/data/template?tableId="+itoa(id), admin, nil, "", nil)
		if resp.StatusCode != 200 {
			t.Fatalf("template: HTTP %d %s", resp.StatusCode, raw)
		}
		f, err := excelize.OpenReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		sheet := f.GetSheetName(0)
		head, _ := f.GetRows(sheet)
		if len(head) == 0 {
			t.Fatal("template: no rows")
		}
		wantNeutral(t, "template header", head[0], formulaTitles)
		row := []any{"甲", "乙", "丙", "丁"}
		if err := f.SetSheetRow(sheet, "A2", &row); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := f.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		body, ct := apptest.MultipartBody(t, apptest.FileDisposition("rows.xlsx"), b.Bytes())
		_, out := e.send("POST", "/api/dtable/data/import?"+url.Values{"tableId": {itoa(id)}}.Encode(), admin, body, ct, nil)
		var env envelope
		var rep struct {
			Applied bool `json:"applied"`
			Created int  `json:"created"`
		}
		if json.Unmarshal(out, &env) != nil || env.Code != 0 || json.Unmarshal(env.Data, &rep) != nil || !rep.Applied || rep.Created != 1 {
			t.Fatalf("import of the filled template: %s", out)
		}
	})

	t.Run("report", func(t *testing.T) {
		ds := e.Created(e.Answer("POST", "/api/dataset/add", admin, map[string]any{"name": "公式列",
			"sql": `SELECT '=1+1' AS a, '+x' AS b, 1 AS c, '@y' AS d`}), "dataset")
		var cols []map[string]any
		for i, title := range formulaTitles {
			c := map[string]any{"key": []string{"a", "b", "c", "d"}[i], "title": title}
			if i == 2 {
				c["total"] = true
			}
			cols = append(cols, c)
		}
		id := e.Created(e.Answer("POST", "/api/dreport/add", admin, map[string]any{"name": "=公式报表", "datasetId": ds,
			"layout": map[string]any{"columns": cols}}), "report")
		for _, format := range []string{"xlsx", "csv"} {
			resp, body := e.send("GET", "/api/dreport/export?id="+itoa(id)+"&format="+format, admin, nil, "", nil)
			if resp.StatusCode != 200 {
				t.Fatalf("%s export: HTTP %d %s", format, resp.StatusCode, body)
			}
			rows := map[string]func(*testing.T, []byte) [][]string{"xlsx": sheetRows, "csv": csvRows}[format](t, body)
			if len(rows) != 3 || rows[1][2] != "1" || rows[2][0] != "合计" {
				t.Fatalf("%s export: %q", format, rows)
			}
			wantNeutral(t, format+" header", rows[0], formulaTitles)
			wantNeutral(t, format+" data", rows[1], nil)
		}
	})
}
