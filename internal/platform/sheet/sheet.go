// Package sheet reads Excel imports: the uploaded workbook (checked by content), its rows by
// column title, and the list of bad rows a dry run shows; and writes the matching templates.
// Every tabular import of the product (organisation, employees, library records) uses it.
package sheet

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/progress"
	"biddesk/internal/platform/ziplimit"
)

// MaxUpload bounds an imported workbook.
const MaxUpload = 10 << 20

// MaxUnpacked bounds what the parts of an imported workbook unpack to (their declared sizes, checked before
// any is read; see internal/platform/ziplimit): 10,000 rows of many long cells fit, a zip bomb does not.
const MaxUnpacked = 64 << 20

// MaxRows bounds the non-blank data rows of one sheet: an import is one transaction. The rows after it are
// not read; the import answers a problem and writes nothing.
const MaxRows = 10_000

// MaxProblems bounds the problems an import lists: the rest are counted in a last entry.
const MaxProblems = 200

// Column is one column of an import sheet. Title is a message key; the header cell may hold
// the title in any language the product speaks, or Key itself.
type Column struct {
	Key      string
	Title    string
	Required bool
	Max      int    // maximum length in characters, 0 for none
	Example  string // the template's example row
}

// Def is one sheet of an import: its name (a message key) and columns.
type Def struct {
	Name    string
	Columns []Column
	// MaxRows, when set, replaces the default row bound (MaxRows) for this sheet.
	MaxRows int
}

// Row is a data row: its line number in the sheet (1 is the header) and its values by key,
// trimmed.
type Row struct {
	Line   int
	Values map[string]string
}

// Get returns a value by column key.
func (r Row) Get(key string) string { return r.Values[key] }

// Problem is one bad cell or row, as the dry run lists it.
type Problem struct {
	Sheet   string `json:"sheet"`
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

// Problems collects the bad rows of an import, translated for the caller. List holds the first MaxProblems
// problems and, when there were more, a last entry telling how many were not listed and the total.
type Problems struct {
	lang    string
	List    []Problem
	total   int
	flagged map[int]bool // rows with a problem, listed or not
}

func NewProblems(lang string) *Problems {
	return &Problems{lang: lang, List: []Problem{}, flagged: map[int]bool{}}
}

// Add records a problem: key and args form the message.
func (p *Problems) Add(sheet string, row int, column, key string, args ...any) {
	p.total++
	p.flagged[row] = true
	if p.total <= MaxProblems {
		p.List = append(p.List, Problem{Sheet: sheet, Row: row, Column: column, Message: httpx.Translate(p.lang, key, args...)})
		return
	}
	more := Problem{Message: httpx.Translate(p.lang, "sheet.more_problems", p.total-MaxProblems, p.total)}
	if len(p.List) == MaxProblems {
		p.List = append(p.List, more)
	} else {
		p.List[MaxProblems] = more
	}
}

// Empty tells whether nothing is wrong.
func (p *Problems) Empty() bool { return p.total == 0 }

// Total is the number of problems found, listed or not.
func (p *Problems) Total() int { return p.total }

// Flagged tells whether a problem was added for row (of any sheet), listed or not.
func (p *Problems) Flagged(row int) bool { return p.flagged[row] }

// ReadUpload reads the multipart field "file" as a workbook: at most MaxUpload bytes, and it
// must really be an .xlsx (a zip holding a workbook), whatever its name says.
func ReadUpload(w http.ResponseWriter, r *http.Request) (*excelize.File, error) {
	data, _, err := ReadUploadBytes(w, r)
	if err != nil {
		return nil, err
	}
	return Open(data)
}

// ReadUploadBytes reads the upload's field file as ReadUpload does, and gives its bytes and its name unopened (an
// import sent to the background keeps them for its job; Open reads them there).
func ReadUploadBytes(w http.ResponseWriter, r *http.Request) ([]byte, string, error) {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		return nil, "", httpx.Fail("sheet.file_required")
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxUpload+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, "", httpx.ErrBadInput
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, "", httpx.Fail("sheet.file_required")
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, "", httpx.Fail("sheet.too_large", MaxUpload>>20)
			}
			return nil, "", httpx.ErrBadInput
		}
		if part.FormName() != "file" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, MaxUpload+1))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, "", httpx.Fail("sheet.too_large", MaxUpload>>20)
			}
			return nil, "", httpx.ErrBadInput
		}
		if len(data) > MaxUpload {
			return nil, "", httpx.Fail("sheet.too_large", MaxUpload>>20)
		}
		return data, part.FileName(), nil
	}
}

// Open reads a workbook from bytes, refusing anything that is not an .xlsx, or whose parts unpack to more
// than MaxUnpacked bytes (checked before any part is unpacked).
func Open(data []byte) (*excelize.File, error) {
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	if err := ziplimit.Check(zr.File, MaxUnpacked, 0); err != nil {
		return nil, httpx.Fail("sheet.unpacked_too_large", MaxUnpacked>>20)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxUnpacked})
	if err != nil || f.SheetCount == 0 {
		return nil, httpx.Fail("sheet.not_xlsx")
	}
	return f, nil
}

// Rows reads the sheet of def (found by its name in either language) and returns its non-blank data rows, nil when the workbook has no such
// sheet. Missing required columns, over-long values and empty required cells are added to
// problems; rows with such problems are still returned so the caller reports everything in
// one pass.
func Rows(f *excelize.File, def Def, problems *Problems) ([]Row, error) {
	return RowsCtx(context.Background(), f, def, problems)
}

// RowsCtx is Rows reporting the lines read to ctx's progress reporter (their whole is not known while reading), and
// stopping at ctx's end (a job its owner cancelled).
func RowsCtx(ctx context.Context, f *excelize.File, def Def, problems *Problems) ([]Row, error) {
	name := findSheet(f, def.Name)
	label := httpx.Translate(problems.lang, def.Name)
	if name == "" {
		return nil, nil
	}
	it, err := f.Rows(name)
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var cols map[string]int // key -> column index
	out := []Row{}
	line := 0
	for it.Next() {
		line++
		if line%100 == 0 {
			progress.Report(ctx, line, 0)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		cells, err := it.Columns()
		if err != nil {
			return nil, err
		}
		if cols == nil {
			if blank(cells) {
				continue
			}
			cols = matchHeader(cells, def.Columns)
			missing := false
			for _, c := range def.Columns {
				if _, ok := cols[c.Key]; !ok && c.Required {
					problems.Add(label, line, title(problems.lang, c), "sheet.column_missing", title(problems.lang, c))
					missing = true
				}
			}
			if missing {
				return nil, nil
			}
			continue
		}
		if blank(cells) {
			continue
		}
		if limit := cmp.Or(def.MaxRows, MaxRows); len(out) >= limit {
			problems.Add(label, line, "", "sheet.too_many_rows", limit)
			return out, nil
		}
		row := Row{Line: line, Values: map[string]string{}}
		for _, c := range def.Columns {
			i, ok := cols[c.Key]
			if !ok || i >= len(cells) {
				continue
			}
			v := strings.TrimSpace(cells[i])
			row.Values[c.Key] = v
			if !httpx.ValidText(v) { // the input rule of every call (a cell may hold _x0000_)
				problems.Add(label, line, title(problems.lang, c), "sheet.bad_text", title(problems.lang, c))
			}
			if c.Max > 0 && utf8.RuneCountInString(v) > c.Max {
				problems.Add(label, line, title(problems.lang, c), "sheet.too_long", title(problems.lang, c), c.Max)
			}
		}
		for _, c := range def.Columns {
			if c.Required && row.Values[c.Key] == "" {
				problems.Add(label, line, title(problems.lang, c), "sheet.required", title(problems.lang, c))
			}
		}
		out = append(out, row)
	}
	if cols == nil {
		problems.Add(label, 1, "", "sheet.header_missing")
	}
	return out, it.Error()
}

func title(lang string, c Column) string { return httpx.Translate(lang, c.Title) }

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// matchHeader maps column keys to indexes by the header's titles (either language) or keys.
func matchHeader(cells []string, cols []Column) map[string]int {
	out := map[string]int{}
	for i, cell := range cells {
		cell = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(cell), "*"))
		for _, c := range cols {
			zh, en := httpx.Translate(httpx.LangZH, c.Title), httpx.Translate(httpx.LangEN, c.Title)
			// A template's title that starts like a formula was written neutralised ('=...): either form matches.
			if strings.EqualFold(cell, c.Key) || cell == zh || strings.EqualFold(cell, en) ||
				cell == export.Neutralise(zh) || strings.EqualFold(cell, export.Neutralise(en)) {
				if _, dup := out[c.Key]; !dup {
					out[c.Key] = i
				}
			}
		}
	}
	return out
}

func findSheet(f *excelize.File, nameKey string) string {
	zh, en := httpx.Translate(httpx.LangZH, nameKey), httpx.Translate(httpx.LangEN, nameKey)
	for _, s := range f.GetSheetList() {
		if s == zh || strings.EqualFold(s, en) {
			return s
		}
	}
	return ""
}

// Template writes an import template: one sheet per def with the titles (required ones marked
// with *) and an example row. The cells are written by the export package, so a title that
// starts like a formula (a dynamic table's field name) is neutralised; matchHeader reads it back.
func Template(w http.ResponseWriter, lang, fileKey string, defs ...Def) error {
	sheets := make([]export.Sheet, len(defs))
	for i, d := range defs {
		header := make([]string, len(d.Columns))
		example := make([]any, len(d.Columns))
		for j, c := range d.Columns {
			header[j] = title(lang, c)
			if c.Required {
				header[j] += "*"
			}
			example[j] = c.Example
		}
		sheets[i] = export.Sheet{Name: httpx.Translate(lang, d.Name), Header: header, Width: 20,
			Fill: func(x export.Writer) error { return x.Row(example...) }}
	}
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", export.Disposition(httpx.Translate(lang, fileKey)+".xlsx"))
	w.Header().Set("Cache-Control", "no-store")
	return export.WriteBook(w, sheets...)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"sheet.file_required":  {"请选择要导入的 Excel 文件", "Choose the Excel file to import"},
		"sheet.too_large":      {"文件不能超过 %dMB", "The file cannot exceed %d MB"},
		"sheet.not_xlsx":       {"文件不是有效的 Excel（.xlsx）文件", "The file is not a valid Excel (.xlsx) workbook"},
		"sheet.header_missing": {"工作表没有标题行", "The sheet has no header row"},
		"sheet.column_missing": {"缺少列「%s」", "The column '%s' is missing"},
		"sheet.required":       {"「%s」不能为空", "'%s' is required"},
		"sheet.too_long":       {"「%s」长度不能超过%d", "'%s' cannot exceed %d characters"},
		"sheet.bad_text":       {"「%s」含有不允许的字符（控制字符）", "'%s' contains characters that are not allowed (control characters)"},
		"sheet.too_many_rows":  {"每个工作表最多导入%d行，请分批导入", "At most %d rows per sheet can be imported: please split the file"},
		"sheet.unpacked_too_large": {"Excel 文件解压后不能超过 %dMB，请分批导入",
			"The Excel file cannot unpack to more than %d MB: please split it"},
		"sheet.more_problems": {"另有 %d 个问题未列出（共 %d 个问题）", "%d more problems not listed (%d in all)"},
	})
}
