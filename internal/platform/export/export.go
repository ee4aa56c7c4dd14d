// Package export writes a table as a real .xlsx (excelize's StreamWriter, so memory stays
// flat) or as CSV, as an attachment. Text that a spreadsheet would run as a formula is
// neutralised in every cell it writes, header and title rows included: the cells reach the file
// only through this package's writers, which render each one through cell (and so Neutralise).
// No other package writes spreadsheet cells (TestOnlyTheExportPackageWritesCells).
package export

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/platform/httpx"
)

// Formats.
const (
	XLSX = "xlsx"
	CSV  = "csv"
)

// Writer receives the rows of one export.
type Writer interface {
	Row(cells ...any) error
}

// Neutralise prefixes a single quote to text that starts like a formula (= + - @), or with a
// tab, carriage return or line feed (OWASP's CSV injection guidance: a reader may drop them and
// read a formula behind), so a spreadsheet shows it as text instead of evaluating it.
func Neutralise(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r', '\n':
		return "'" + s
	}
	return s
}

// cell renders a value for a sheet: text is neutralised, times are formatted, numbers stay numbers.
func cell(v any) any {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return Neutralise(t)
	case time.Time:
		if t.IsZero() {
			return ""
		}
		return t.Local().Format("2006-01-02 15:04:05")
	case *time.Time:
		if t == nil {
			return ""
		}
		return cell(*t)
	case int, int64, int32, float64, float32, bool:
		return t
	case fmt.Stringer:
		return Neutralise(t.String())
	default:
		return Neutralise(fmt.Sprint(t))
	}
}

// Disposition is a Content-Disposition attachment header for name: an ASCII fallback plus
// the RFC 5987 UTF-8 form, so Chinese file names survive every browser.
func Disposition(name string) string { return disposition("attachment", name) }

// InlineDisposition is the same header for a file the browser shows itself (a PDF, an image).
func InlineDisposition(name string) string { return disposition("inline", name) }

func disposition(kind, name string) string {
	ascii := make([]rune, 0, len(name))
	for _, r := range name {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			r = '_'
		}
		ascii = append(ascii, r)
	}
	return fmt.Sprintf(`%s; filename="%s"; filename*=UTF-8''%s`, kind, string(ascii), url.PathEscape(name))
}

// Format reads the request's format parameter: xlsx when empty, xlsx or csv in any letter case; anything else is
// refused (HTTP 400) rather than answered with a file of another format than asked.
func Format(s string) (string, error) {
	switch f := strings.ToLower(strings.TrimSpace(s)); f {
	case "":
		return XLSX, nil
	case XLSX, CSV:
		return f, nil
	}
	return "", httpx.BadRequest("http.bad_choice", "format", XLSX+", "+CSV)
}

// Stream writes the header row and whatever rows fill adds, as an attachment named
// base + date + suffix. fill runs before any byte is sent, so its error can still be answered
// as an envelope; it returns the error of a failed write after the headers went out.
func Stream(w http.ResponseWriter, format, base string, header []string, fill func(Writer) error) error {
	name := fmt.Sprintf("%s_%s.%s", base, time.Now().Format("20060102150405"), format)
	if format == CSV {
		return streamCSV(w, name, header, fill)
	}
	return streamXLSX(w, name, header, fill)
}

type xlsxWriter struct {
	sw  *excelize.StreamWriter
	row int
}

func (x *xlsxWriter) Row(cells ...any) error {
	x.row++
	vals := make([]any, len(cells))
	for i, c := range cells {
		vals[i] = cell(c)
	}
	ref, _ := excelize.CoordinatesToCellName(1, x.row)
	return x.sw.SetRow(ref, vals)
}

func streamXLSX(w http.ResponseWriter, name string, header []string, fill func(Writer) error) error {
	return buildXLSX(header, fill, func(f *excelize.File) error {
		setHeaders(w, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		_, err := f.WriteTo(w)
		return err
	})
}

// WriteXLSX writes a one-sheet workbook (a bold header row, then the rows fill adds, cells rendered and
// neutralised as in an export) to w: an index inside a zip, say. Nothing is written when fill fails.
func WriteXLSX(w io.Writer, header []string, fill func(Writer) error) error {
	return buildXLSX(header, fill, func(f *excelize.File) error {
		_, err := f.WriteTo(w)
		return err
	})
}

// Sheet is one sheet of a workbook WriteBook writes: its name (the first sheet keeps the default name when
// empty), a bold header row, then the rows Fill adds (none when nil).
type Sheet struct {
	Name   string
	Header []string
	Width  float64 // column width, 18 when 0
	Fill   func(Writer) error
}

// WriteBook writes a workbook of sheets to w, every cell (header rows included) rendered and neutralised
// as in an export: an import template, say. Nothing is written when a Fill fails.
func WriteBook(w io.Writer, sheets ...Sheet) error {
	return buildBook(sheets, func(f *excelize.File) error {
		_, err := f.WriteTo(w)
		return err
	})
}

// buildXLSX fills a one-sheet workbook with the header and fill's rows, then hands it to done.
func buildXLSX(header []string, fill func(Writer) error, done func(*excelize.File) error) error {
	return buildBook([]Sheet{{Header: header, Fill: fill}}, done)
}

// buildBook fills a workbook with sheets, then hands it to done. Every cell goes through xlsxWriter.Row
// or the header loop below, both rendering through cell.
func buildBook(sheets []Sheet, done func(*excelize.File) error) error {
	f := excelize.NewFile()
	defer f.Close()
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Color: []string{"E8EEF7"}, Pattern: 1}})
	if err != nil {
		return err
	}
	for i, sh := range sheets {
		name := f.GetSheetName(0)
		switch {
		case i > 0:
			if _, err := f.NewSheet(sh.Name); err != nil {
				return err
			}
			name = sh.Name
		case sh.Name != "" && sh.Name != name:
			if err := f.SetSheetName(name, sh.Name); err != nil {
				return err
			}
			name = sh.Name
		}
		if err := fillSheet(f, name, bold, sh); err != nil {
			return err
		}
	}
	return done(f)
}

func fillSheet(f *excelize.File, name string, bold int, sh Sheet) error {
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	width := cmp.Or(sh.Width, 18)
	for i := range sh.Header {
		if err := sw.SetColWidth(i+1, i+1, width); err != nil {
			return err
		}
	}
	head := make([]any, len(sh.Header))
	for i, h := range sh.Header {
		head[i] = excelize.Cell{StyleID: bold, Value: cell(h)}
	}
	if err := sw.SetRow("A1", head, excelize.RowOpts{Height: 20}); err != nil {
		return err
	}
	if sh.Fill != nil {
		if err := sh.Fill(&xlsxWriter{sw: sw, row: 1}); err != nil {
			return err
		}
	}
	return sw.Flush()
}

type csvWriter struct {
	w       http.ResponseWriter
	name    string
	header  []string
	cw      *csv.Writer
	started bool
}

// start sends the response headers, a UTF-8 byte order mark (so spreadsheet programs read
// Chinese text) and the header row; it runs at the first row, so an error raised by fill
// before any row can still be answered as an envelope.
func (c *csvWriter) start() error {
	if c.started {
		return nil
	}
	c.started = true
	setHeaders(c.w, c.name, "text/csv; charset=utf-8")
	if _, err := c.w.Write([]byte("\xef\xbb\xbf")); err != nil {
		return err
	}
	c.cw = csv.NewWriter(c.w)
	return c.cw.Write(record(c.header))
}

func (c *csvWriter) Row(cells ...any) error {
	if err := c.start(); err != nil {
		return err
	}
	return c.cw.Write(record(cells))
}

// record renders a CSV record, each cell through cell.
func record[T any](cells []T) []string {
	rec := make([]string, len(cells))
	for i, v := range cells {
		rec[i] = fmt.Sprint(cell(v))
	}
	return rec
}

func streamCSV(w http.ResponseWriter, name string, header []string, fill func(Writer) error) error {
	c := &csvWriter{w: w, name: name, header: header}
	if err := fill(c); err != nil {
		return err
	}
	if err := c.start(); err != nil {
		return err
	}
	c.cw.Flush()
	return c.cw.Error()
}

func setHeaders(w http.ResponseWriter, name, contentType string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", Disposition(name))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}
