package wordbook

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // photos: JPEG
	_ "image/png"  // photos: PNG
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Book is what one generated document holds: a title page, a contents list, and one section per
// expert in the given order.
type Book struct {
	Title   string
	MadeBy  string
	MadeAt  time.Time
	Experts []Expert
	Labels  Labels
}

// Labels are the fixed texts of a book, in the language of the person who makes it.
type Labels struct {
	Subtitle, MadeBy, MadeAt, ExpertCount, Contents                            string
	Name, EmployeeCode, Unit, Title, Education, Years, YearsUnit, Specialities string
	Photo, NoPhoto                                                             string
	Qualifications, QualNo, QualName, QualNumber, QualValidTo, LongTerm        string
	Expired, None, Experience                                                  string
}

// Page geometry (A4, in twentieths of a point) and the photo box (in EMU, 360000 per centimetre).
const (
	pageW, pageH  = 11906, 16838
	marginTB      = 1440
	marginLR      = 1418
	textWidth     = pageW - 2*marginLR // 9070
	emuPerCM      = 360000
	emuPerPixel   = 9525 // at 96 dpi
	photoMaxW     = 3 * emuPerCM
	photoMaxH     = 4 * emuPerCM
	maxPhotoPixel = 40_000_000 // larger images are not decoded (a decompression bomb)
)

// Column widths (twips) of the expert's field table and of the qualification table.
var (
	fieldCols = []int{1700, 5070, 2300}
	qualCols  = []int{800, 3070, 2800, 2400}
)

// Write writes the book as a .docx (Office Open XML WordprocessingML) to w.
func Write(w io.Writer, b Book) error {
	d := &doc{book: b}
	body := d.body()
	zw := zip.NewWriter(w)
	mod := b.MadeAt
	if mod.IsZero() {
		mod = time.Now()
	}
	add := func(name string, data []byte, method uint16) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: mod})
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return err
	}
	parts := []struct {
		name string
		data string
	}{
		{"[Content_Types].xml", contentTypes},
		{"_rels/.rels", packageRels},
		{"docProps/core.xml", d.core()},
		{"docProps/app.xml", appProps},
		{"word/document.xml", body},
		{"word/_rels/document.xml.rels", d.rels()},
		{"word/styles.xml", stylesXML},
		{"word/settings.xml", settingsXML},
		{"word/fontTable.xml", fontTableXML},
		{"word/footer1.xml", footerXML},
	}
	for _, p := range parts {
		if err := add(p.name, []byte(p.data), zip.Deflate); err != nil {
			return err
		}
	}
	for _, img := range d.images {
		// JPEG and PNG are compressed already.
		if err := add("word/media/"+img.file, img.data, zip.Store); err != nil {
			return err
		}
	}
	return zw.Close()
}

// Bytes renders the book in memory.
func Bytes(b Book) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(&buf, b); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

type picture struct {
	rid, file string
	data      []byte
	cx, cy    int64
}

// doc accumulates the body and the images it embeds.
type doc struct {
	book   Book
	sb     strings.Builder
	images []picture
}

/* ---------- text ---------- */

// clean keeps only what XML 1.0 allows (tab and newline kept for the caller to render).
func clean(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n':
			return r
		case r == '\r':
			return -1
		case r < 0x20, r >= 0x7f && r <= 0x9f, r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r <= 0xDFFF:
			return -1
		}
		return r
	}, s)
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

// esc makes text safe inside an element or an attribute value.
func esc(s string) string { return escaper.Replace(clean(s)) }

// textRuns renders text as the content of a run: line breaks become <w:br/>, tabs <w:tab/>.
func textRuns(s string) string {
	s = clean(s)
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteString("<w:br/>")
		}
		for j, part := range strings.Split(line, "\t") {
			if j > 0 {
				b.WriteString("<w:tab/>")
			}
			if part != "" {
				b.WriteString(`<w:t xml:space="preserve">`)
				b.WriteString(escaper.Replace(part))
				b.WriteString("</w:t>")
			}
		}
	}
	return b.String()
}

// run is one run of text with optional run properties (already XML).
func run(rPr, text string) string {
	if rPr != "" {
		rPr = "<w:rPr>" + rPr + "</w:rPr>"
	}
	return "<w:r>" + rPr + textRuns(text) + "</w:r>"
}

// para is a paragraph with optional paragraph properties (already XML) and content.
func para(pPr, content string) string {
	if pPr != "" {
		pPr = "<w:pPr>" + pPr + "</w:pPr>"
	}
	return "<w:p>" + pPr + content + "</w:p>"
}

func style(id string) string { return `<w:pStyle w:val="` + id + `"/>` }

// orDash shows a missing value as a dash rather than an empty cell.
func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}

/* ---------- the body ---------- */

func (d *doc) w(s string) { d.sb.WriteString(s) }

func (d *doc) body() string {
	d.w(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n")
	d.w(`<w:document xmlns:w="` + nsW + `" xmlns:r="` + nsR + `" xmlns:wp="` + nsWP + `" xmlns:a="` + nsA + `" xmlns:pic="` + nsPic + `"><w:body>`)
	d.titlePage()
	d.contents()
	for i, e := range d.book.Experts {
		d.expert(i, e)
	}
	d.w(`<w:sectPr><w:footerReference w:type="default" r:id="rIdFooter1"/>` +
		fmt.Sprintf(`<w:pgSz w:w="%d" w:h="%d"/><w:pgMar w:top="%d" w:right="%d" w:bottom="%d" w:left="%d" w:header="851" w:footer="992" w:gutter="0"/>`,
			pageW, pageH, marginTB, marginLR, marginTB, marginLR) +
		`<w:titlePg/><w:docGrid w:type="lines" w:linePitch="312"/></w:sectPr>`)
	d.w(`</w:body></w:document>`)
	return d.sb.String()
}

func (d *doc) titlePage() {
	l := d.book.Labels
	for range 6 {
		d.w(para("", ""))
	}
	d.w(para(style("Title"), run("", d.book.Title)))
	d.w(para(style("Subtitle"), run("", l.Subtitle)))
	for range 8 {
		d.w(para("", ""))
	}
	for _, line := range [][2]string{
		{l.MadeBy, d.book.MadeBy},
		{l.MadeAt, day(d.book.MadeAt)},
		{l.ExpertCount, strconv.Itoa(len(d.book.Experts))},
	} {
		d.w(para(style("CoverInfo"), run(`<w:b/>`, line[0]+"：")+run("", line[1])))
	}
}

func bookmark(i int) string { return "expert_" + strconv.Itoa(i+1) }

// summary is the line that names an expert in the contents and in their heading.
func summary(e Expert) []string {
	out := []string{e.Name}
	if e.Title != "" {
		out = append(out, e.Title)
	}
	if e.Unit != "" {
		out = append(out, e.Unit)
	}
	return out
}

func (d *doc) contents() {
	d.w(para(style("ContentsHeading"), run("", d.book.Labels.Contents)))
	for i, e := range d.book.Experts {
		link := `<w:hyperlink w:anchor="` + bookmark(i) + `" w:history="1">` +
			run(`<w:rStyle w:val="ContentsLink"/>`, fmt.Sprintf("%d. %s", i+1, strings.Join(summary(e), "　"))) + `</w:hyperlink>`
		d.w(para(style("ContentsEntry"), link))
	}
}

func (d *doc) expert(i int, e Expert) {
	l := d.book.Labels
	id := strconv.Itoa(i + 1)
	d.w(para(style("Heading1"),
		`<w:bookmarkStart w:id="`+id+`" w:name="`+bookmark(i)+`"/>`+run("", fmt.Sprintf("%d. %s", i+1, e.Name))+`<w:bookmarkEnd w:id="`+id+`"/>`))

	years := ""
	if e.Years > 0 {
		years = fmt.Sprintf(l.YearsUnit, e.Years)
	}
	rows := [][2]string{
		{l.Name, e.Name},
		{l.EmployeeCode, e.EmployeeCode},
		{l.Unit, e.Unit},
		{l.Title, e.Title},
		{l.Education, e.Education},
		{l.Years, years},
		{l.Specialities, strings.Join(e.Specialities, "、")},
	}
	d.w(tableStart(fieldCols))
	for r, row := range rows {
		d.w(`<w:tr><w:trPr><w:trHeight w:val="567"/></w:trPr>`)
		d.w(cell(fieldCols[0], `<w:shd w:val="clear" w:color="auto" w:fill="F2F2F2"/><w:vAlign w:val="center"/>`, para(style("CellLabel"), run("", row[0]))))
		d.w(cell(fieldCols[1], `<w:vAlign w:val="center"/>`, para(style("CellText"), run("", orDash(row[1])))))
		if r == 0 {
			d.w(cell(fieldCols[2], `<w:vMerge w:val="restart"/><w:vAlign w:val="center"/>`, para(style("CellCenter"), d.photo(i, e))))
		} else {
			d.w(cell(fieldCols[2], `<w:vMerge/>`, para("", "")))
		}
		d.w(`</w:tr>`)
	}
	d.w(`</w:tbl>`)

	d.w(para(style("Heading2"), run("", l.Qualifications)))
	d.w(tableStart(qualCols))
	d.w(`<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="454"/><w:tblHeader/></w:trPr>`)
	for c, h := range []string{l.QualNo, l.QualName, l.QualNumber, l.QualValidTo} {
		d.w(cell(qualCols[c], `<w:shd w:val="clear" w:color="auto" w:fill="D9E2F3"/><w:vAlign w:val="center"/>`, para(style("CellHeader"), run("", h))))
	}
	d.w(`</w:tr>`)
	if len(e.Qualifications) == 0 {
		d.w(`<w:tr><w:trPr><w:trHeight w:val="454"/></w:trPr>` + cell(textWidth, `<w:gridSpan w:val="4"/><w:vAlign w:val="center"/>`, para(style("CellCenter"), run("", l.None))) + `</w:tr>`)
	}
	for n, q := range e.Qualifications {
		valid := l.LongTerm
		if !q.ValidTo.IsZero() {
			valid = q.ValidTo.Format("2006-01-02")
			if valid < day(d.book.MadeAt) {
				valid = fmt.Sprintf(l.Expired, valid)
			}
		}
		mid := `<w:vAlign w:val="center"/>`
		d.w(`<w:tr><w:trPr><w:cantSplit/><w:trHeight w:val="454"/></w:trPr>`)
		d.w(cell(qualCols[0], mid, para(style("CellCenter"), run("", strconv.Itoa(n+1)))))
		d.w(cell(qualCols[1], mid, para(style("CellText"), run("", orDash(q.Name)))))
		d.w(cell(qualCols[2], mid, para(style("CellText"), run("", orDash(q.Number)))))
		d.w(cell(qualCols[3], mid, para(style("CellCenter"), run("", valid))))
		d.w(`</w:tr>`)
	}
	d.w(`</w:tbl>`)

	d.w(para(style("Heading2"), run("", l.Experience)))
	lines := 0
	for _, line := range strings.Split(clean(e.Experience), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			d.w(para(style("BodyText"), run("", line)))
			lines++
		}
	}
	if lines == 0 {
		d.w(para(style("BodyText"), run("", l.None)))
	}
}

// day is the calendar day of t (now when zero) on the server's clock, as YYYY-MM-DD.
func day(t time.Time) string {
	if t.IsZero() {
		t = time.Now()
	}
	return t.Local().Format("2006-01-02")
}

// tableStart opens a bordered table with fixed column widths.
func tableStart(cols []int) string {
	var b strings.Builder
	total := 0
	for _, c := range cols {
		total += c
	}
	b.WriteString(`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/>`)
	fmt.Fprintf(&b, `<w:tblW w:w="%d" w:type="dxa"/><w:jc w:val="center"/>`, total)
	b.WriteString(`<w:tblBorders>`)
	for _, side := range []string{"top", "left", "bottom", "right", "insideH", "insideV"} {
		fmt.Fprintf(&b, `<w:%s w:val="single" w:sz="4" w:space="0" w:color="000000"/>`, side)
	}
	b.WriteString(`</w:tblBorders><w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>`)
	for _, c := range cols {
		fmt.Fprintf(&b, `<w:gridCol w:w="%d"/>`, c)
	}
	b.WriteString(`</w:tblGrid>`)
	return b.String()
}

func cell(width int, tcPr, content string) string {
	return fmt.Sprintf(`<w:tc><w:tcPr><w:tcW w:w="%d" w:type="dxa"/>%s</w:tcPr>%s</w:tc>`, width, tcPr, content)
}

/* ---------- photos ---------- */

// photo embeds the expert's photo scaled into the photo box, or says there is none. Anything
// but a whole JPEG or PNG of sensible size counts as none.
func (d *doc) photo(i int, e Expert) string {
	noPhoto := run(`<w:color w:val="808080"/>`, d.book.Labels.NoPhoto)
	format, w, h, ok := checkImage(e.Photo)
	if !ok {
		return noPhoto
	}
	cx, cy := fitBox(w, h, photoMaxW, photoMaxH)
	n := len(d.images) + 1
	ext := "png"
	if format == "jpeg" {
		ext = "jpeg"
	}
	p := picture{rid: "rIdImg" + strconv.Itoa(n), file: fmt.Sprintf("image%d.%s", n, ext), data: e.Photo, cx: cx, cy: cy}
	d.images = append(d.images, p)
	name := esc(d.book.Labels.Photo + " " + e.Name)
	return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">` +
		fmt.Sprintf(`<wp:extent cx="%d" cy="%d"/><wp:effectExtent l="0" t="0" r="0" b="0"/>`, cx, cy) +
		fmt.Sprintf(`<wp:docPr id="%d" name="%s" descr="%s"/>`, n, "Picture "+strconv.Itoa(n), name) +
		`<wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
		`<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>` +
		fmt.Sprintf(`<pic:nvPicPr><pic:cNvPr id="%d" name="%s"/><pic:cNvPicPr/></pic:nvPicPr>`, n, p.file) +
		`<pic:blipFill><a:blip r:embed="` + p.rid + `"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
		fmt.Sprintf(`<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>`, cx, cy) +
		`</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
}

// checkImage tells whether data is a whole JPEG or PNG, with its format and pixel size.
func checkImage(data []byte) (format string, w, h int, ok bool) {
	if len(data) == 0 {
		return "", 0, 0, false
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "jpeg" && format != "png") || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPhotoPixel {
		return "", 0, 0, false
	}
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		return "", 0, 0, false
	}
	return format, cfg.Width, cfg.Height, true
}

// fitBox scales a w x h pixel image into a box of maxW x maxH EMU, keeping its proportions.
func fitBox(w, h int, maxW, maxH int64) (cx, cy int64) {
	cx, cy = int64(w)*emuPerPixel, int64(h)*emuPerPixel
	// scale = min(maxW/cx, maxH/cy), in integers: compare maxW*cy with maxH*cx.
	if maxW*cy <= maxH*cx {
		return maxW, cy * maxW / cx
	}
	return cx * maxH / cy, maxH
}

/* ---------- package parts ---------- */

func (d *doc) rels() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n")
	b.WriteString(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`)
	b.WriteString(`<Relationship Id="rIdStyles" Type="` + relBase + `styles" Target="styles.xml"/>`)
	b.WriteString(`<Relationship Id="rIdSettings" Type="` + relBase + `settings" Target="settings.xml"/>`)
	b.WriteString(`<Relationship Id="rIdFonts" Type="` + relBase + `fontTable" Target="fontTable.xml"/>`)
	b.WriteString(`<Relationship Id="rIdFooter1" Type="` + relBase + `footer" Target="footer1.xml"/>`)
	for _, img := range d.images {
		b.WriteString(`<Relationship Id="` + img.rid + `" Type="` + relBase + `image" Target="media/` + img.file + `"/>`)
	}
	b.WriteString(`</Relationships>`)
	return b.String()
}

func (d *doc) core() string {
	t := d.book.MadeAt
	if t.IsZero() {
		t = time.Now()
	}
	stamp := t.UTC().Format("2006-01-02T15:04:05Z")
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
		`<dc:title>` + esc(d.book.Title) + `</dc:title><dc:creator>` + esc(d.book.MadeBy) + `</dc:creator><cp:lastModifiedBy>` + esc(d.book.MadeBy) + `</cp:lastModifiedBy>` +
		`<dcterms:created xsi:type="dcterms:W3CDTF">` + stamp + `</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">` + stamp + `</dcterms:modified>` +
		`</cp:coreProperties>`
}
