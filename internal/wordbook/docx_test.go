package wordbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

/* ---------- a small reader of the package, for the checks ---------- */

// node is an element of a parsed XML part.
type node struct {
	Name  xml.Name
	Attr  []xml.Attr
	Kids  []*node
	Text  string
	Under *node
}

func (n *node) attr(local string) string {
	for _, a := range n.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// all returns the descendants named local, in document order.
func (n *node) all(local string) []*node {
	var out []*node
	var walk func(*node)
	walk = func(c *node) {
		for _, k := range c.Kids {
			if k.Name.Local == local {
				out = append(out, k)
			}
			walk(k)
		}
	}
	walk(n)
	return out
}

func (n *node) first(local string) *node {
	if all := n.all(local); len(all) > 0 {
		return all[0]
	}
	return nil
}

// text joins the w:t texts below n.
func (n *node) text() string {
	var b strings.Builder
	for _, t := range n.all("t") {
		b.WriteString(t.Text)
	}
	return b.String()
}

// parseXML parses a whole part; a part that is not well-formed XML fails the test.
func parseXML(t *testing.T, name string, data []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := &node{}
	cur := root
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			n := &node{Name: tk.Name, Attr: tk.Attr, Under: cur}
			cur.Kids = append(cur.Kids, n)
			cur = n
		case xml.EndElement:
			cur = cur.Under
		case xml.CharData:
			cur.Text += string(tk)
		}
	}
	return root
}

type pkg struct {
	order []string
	files map[string][]byte
}

func openPkg(t *testing.T, data []byte) pkg {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		t.Fatalf("not a zip: %q", data[:min(len(data), 16)])
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	p := pkg{files: map[string][]byte{}}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		p.order = append(p.order, f.Name)
		p.files[f.Name] = b
	}
	return p
}

// styled returns the paragraphs of the document whose style is id.
func styled(doc *node, id string) []*node {
	var out []*node
	for _, p := range doc.all("p") {
		if s := p.first("pStyle"); s != nil && s.attr("val") == id && s.Under.Under == p {
			out = append(out, p)
		}
	}
	return out
}

func texts(ns []*node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.text()
	}
	return out
}

/* ---------- fixtures ---------- */

func pngPhoto(t testing.TB, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 160, A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// noisyPNG is a photo that does not compress: megabytes of PNG.
func noisyPNG(t testing.TB, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	seed := uint32(1)
	for i := range img.Pix {
		seed = seed*1664525 + 1013904223
		img.Pix[i] = uint8(seed >> 24)
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegPhoto(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{R: 200, G: uint8(x * 255 / w), B: uint8(y * 255 / h), A: 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func date(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

func sampleBook(t testing.TB) Book {
	return Book{
		Title:  "某市智慧水务项目投标文件——拟派专家",
		MadeBy: "系统管理员",
		MadeAt: time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC),
		Labels: LabelsFor("zh-CN"),
		Experts: []Expert{
			{ID: 11, Name: "王建国", EmployeeCode: "E0101", Unit: "华东分公司/技术部", Title: "高级工程师", Education: "硕士研究生", Years: 15,
				Specialities: []string{"给排水", "智慧水务"},
				Qualifications: []Qualification{
					{Name: "一级建造师（市政）", Number: "京111202012345", ValidTo: date("2028-06-30")},
					{Name: "注册公用设备工程师", Number: "GS20190088"},
					{Name: "安全生产考核合格证（B证）", Number: "京建安B(2018)0012", ValidTo: date("2024-12-31")},
				},
				Experience: "2010-2015 某设计院 给排水设计\n2015-至今 华东分公司 技术负责人", Photo: jpegPhoto(t, 300, 400)},
			{ID: 7, Name: `<script>&"</script>`, Unit: "A & B <公司>", Title: `"首席"专家`, Years: 3,
				Qualifications: []Qualification{{Name: "PMP <项目管理>", Number: "PMP-1&2"}},
				Experience:     "负责 <b>关键</b> 项目 & 交付", Photo: pngPhoto(t, 400, 200)},
			{ID: 3, Name: "李\x00四\x1b", Unit: "北方\u0007公司", Experience: ""},
		},
	}
}

/* ---------- the checks ---------- */

func TestBookPackageHasEveryPartAndParses(t *testing.T) {
	data, err := Bytes(sampleBook(t))
	if err != nil {
		t.Fatal(err)
	}
	p := openPkg(t, data)
	if p.order[0] != "[Content_Types].xml" {
		t.Errorf("the content types come first, got %v", p.order)
	}
	for _, want := range []string{"[Content_Types].xml", "_rels/.rels", "word/document.xml", "word/_rels/document.xml.rels", "word/styles.xml",
		"word/settings.xml", "word/fontTable.xml", "word/footer1.xml", "docProps/core.xml", "docProps/app.xml"} {
		if _, ok := p.files[want]; !ok {
			t.Errorf("missing part %s (have %v)", want, p.order)
		}
	}
	for name, b := range p.files {
		if strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".rels") {
			parseXML(t, name, b)
		}
	}

	// Every part the relationships name exists, and every part has a content type.
	types := parseXML(t, "types", p.files["[Content_Types].xml"])
	defaults, overrides := map[string]string{}, map[string]string{}
	for _, d := range types.all("Default") {
		defaults[d.attr("Extension")] = d.attr("ContentType")
	}
	for _, o := range types.all("Override") {
		overrides[o.attr("PartName")] = o.attr("ContentType")
	}
	if overrides["/word/document.xml"] != "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml" {
		t.Errorf("document content type: %v", overrides)
	}
	for _, name := range p.order {
		ext := name[strings.LastIndex(name, ".")+1:]
		if overrides["/"+name] == "" && defaults[ext] == "" {
			t.Errorf("no content type for %s", name)
		}
	}
	root := parseXML(t, "rels", p.files["_rels/.rels"])
	for _, r := range root.all("Relationship") {
		if _, ok := p.files[r.attr("Target")]; !ok {
			t.Errorf("package relationship to a missing part %s", r.attr("Target"))
		}
	}
	rels := parseXML(t, "document rels", p.files["word/_rels/document.xml.rels"])
	for _, r := range rels.all("Relationship") {
		if _, ok := p.files["word/"+r.attr("Target")]; !ok {
			t.Errorf("document relationship to a missing part %s", r.attr("Target"))
		}
	}

	// The East Asian font is set for the whole document, with its Latin alternative name.
	styles := string(p.files["word/styles.xml"])
	if !strings.Contains(styles, `w:eastAsia="宋体"`) || !strings.Contains(styles, `w:eastAsia="zh-CN"`) {
		t.Error("styles must set 宋体 and the zh-CN East Asian language")
	}
	if !strings.Contains(string(p.files["word/fontTable.xml"]), `<w:altName w:val="SimSun"/>`) {
		t.Error("the font table must name SimSun as 宋体's alternative")
	}
	core := parseXML(t, "core", p.files["docProps/core.xml"])
	if core.first("title").Text != "某市智慧水务项目投标文件——拟派专家" || core.first("creator").Text != "系统管理员" {
		t.Errorf("core properties: %q %q", core.first("title").Text, core.first("creator").Text)
	}
}

func TestBookHasOneSectionPerExpertInOrder(t *testing.T) {
	b := sampleBook(t)
	data, err := Bytes(b)
	if err != nil {
		t.Fatal(err)
	}
	p := openPkg(t, data)
	doc := parseXML(t, "document", p.files["word/document.xml"])

	if got := texts(styled(doc, "Title")); len(got) != 1 || got[0] != b.Title {
		t.Errorf("title page: %q", got)
	}
	if got := texts(styled(doc, "CoverInfo")); strings.Join(got, "|") != "编制人：系统管理员|编制日期：2026-03-15|专家人数：3" {
		t.Errorf("cover lines: %q", got)
	}

	// Headings in the chosen order; each starts a new page (the style breaks before it) and
	// carries the bookmark the contents entry links to.
	heads := styled(doc, "Heading1")
	want := []string{"1. 王建国", `2. <script>&"</script>`, "3. 李四"}
	if got := texts(heads); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("sections: %q, want %q", got, want)
	}
	entries := styled(doc, "ContentsEntry")
	if got := texts(entries); len(got) != 3 || got[0] != "1. 王建国　高级工程师　华东分公司/技术部" || got[2] != "3. 李四　北方公司" {
		t.Errorf("contents: %q", got)
	}
	for i, h := range heads {
		mark := h.first("bookmarkStart").attr("name")
		if link := entries[i].first("hyperlink"); link == nil || link.attr("anchor") != mark {
			t.Errorf("contents entry %d does not link to %q", i, mark)
		}
	}
	if !strings.Contains(string(p.files["word/styles.xml"]), `w:styleId="Heading1"><w:name w:val="heading 1"/>`) ||
		!strings.Contains(string(p.files["word/styles.xml"]), `<w:pageBreakBefore/>`) {
		t.Error("Heading1 must be the built-in heading 1 and break the page before it")
	}

	// Three tables per expert: fields (with the photo cell), qualifications.
	tables := doc.all("tbl")
	if len(tables) != 6 {
		t.Fatalf("tables: %d, want 2 per expert", len(tables))
	}
	fields := tables[0]
	rows := fields.all("tr")
	if len(rows) != 7 {
		t.Fatalf("field rows: %d", len(rows))
	}
	var lines []string
	for _, r := range rows {
		cells := r.all("tc")
		lines = append(lines, cells[0].text()+"="+cells[1].text())
	}
	if strings.Join(lines, "|") != "姓名=王建国|员工编号=E0101|所在单位=华东分公司/技术部|职称=高级工程师|学历=硕士研究生|从业年限=15 年|专业特长=给排水、智慧水务" {
		t.Errorf("fields: %q", lines)
	}
	if len(tables[2].all("tr")[0].all("tc")) != 3 || tables[2].all("tr")[1].all("tc")[1].text() != "—" {
		t.Errorf("a missing field shows a dash: %q", tables[2].all("tr")[1].text())
	}

	// The qualification table: a repeated header row, one row per certificate, borders.
	quals := tables[1]
	qrows := quals.all("tr")
	if len(qrows) != 4 || qrows[0].first("tblHeader") == nil {
		t.Fatalf("qualification rows: %d (header marked: %v)", len(qrows), qrows[0].first("tblHeader") != nil)
	}
	var cells [][]string
	for _, r := range qrows {
		var c []string
		for _, tc := range r.all("tc") {
			c = append(c, tc.text())
		}
		cells = append(cells, c)
	}
	wantCells := [][]string{
		{"序号", "证书名称", "证书编号", "有效期至"},
		{"1", "一级建造师（市政）", "京111202012345", "2028-06-30"},
		{"2", "注册公用设备工程师", "GS20190088", "长期有效"},
		{"3", "安全生产考核合格证（B证）", "京建安B(2018)0012", "2024-12-31（已过期）"},
	}
	for i := range wantCells {
		if strings.Join(cells[i], "|") != strings.Join(wantCells[i], "|") {
			t.Errorf("qualification row %d: %q, want %q", i, cells[i], wantCells[i])
		}
	}
	borders := quals.first("tblBorders")
	for _, side := range []string{"top", "left", "bottom", "right", "insideH", "insideV"} {
		if b := borders.first(side); b == nil || b.attr("val") != "single" {
			t.Errorf("qualification table border %s missing", side)
		}
	}
	// No qualification: one row saying so across the table.
	if r := tables[5].all("tr"); len(r) != 2 || r[1].text() != "无" || r[1].first("gridSpan").attr("val") != "4" {
		t.Errorf("no qualifications: %q", texts(r))
	}

	// Experience: a paragraph per line; none says so.
	exp := texts(styled(doc, "BodyText"))
	if strings.Join(exp, "|") != "2010-2015 某设计院 给排水设计|2015-至今 华东分公司 技术负责人|负责 <b>关键</b> 项目 & 交付|无" {
		t.Errorf("experience: %q", exp)
	}
}

func TestBookEmbedsPhotosScaledIntoTheBox(t *testing.T) {
	data, err := Bytes(sampleBook(t))
	if err != nil {
		t.Fatal(err)
	}
	p := openPkg(t, data)
	doc := parseXML(t, "document", p.files["word/document.xml"])
	rels := parseXML(t, "rels", p.files["word/_rels/document.xml.rels"])
	target := map[string]string{}
	for _, r := range rels.all("Relationship") {
		target[r.attr("Id")] = r.attr("Target")
	}
	inlines := doc.all("inline")
	if len(inlines) != 2 {
		t.Fatalf("pictures: %d, want 2 (the third expert has none)", len(inlines))
	}
	want := []struct {
		file   string
		cx, cy int64
	}{
		{"media/image1.jpeg", 1080000, 1440000}, // 300x400: exactly the 3 x 4 cm box
		{"media/image2.png", 1080000, 540000},   // 400x200: as wide as the box, half as high
	}
	for i, in := range inlines {
		ext := in.first("extent")
		blip := in.first("blip")
		file := target[blip.attr("embed")]
		if file != want[i].file {
			t.Errorf("picture %d links %q, want %q", i, file, want[i].file)
		}
		img, ok := p.files["word/"+file]
		if !ok {
			t.Fatalf("picture %d: part word/%s missing", i, file)
		}
		if _, format, err := image.DecodeConfig(bytes.NewReader(img)); err != nil || !strings.HasSuffix(file, format) {
			t.Errorf("picture %d is not a %s: %v", i, file, err)
		}
		if ext.attr("cx") != itoa(want[i].cx) || ext.attr("cy") != itoa(want[i].cy) {
			t.Errorf("picture %d extent %s x %s, want %d x %d", i, ext.attr("cx"), ext.attr("cy"), want[i].cx, want[i].cy)
		}
		if x := in.first("xfrm").first("ext"); x.attr("cx") != ext.attr("cx") || x.attr("cy") != ext.attr("cy") {
			t.Errorf("picture %d: the shape size differs from the extent", i)
		}
	}
	// The third expert's photo cell says there is none.
	if !strings.Contains(doc.all("tbl")[4].all("tr")[0].all("tc")[2].text(), "暂无照片") {
		t.Error("an expert without a photo gets the placeholder text")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestBookTextIsEscaped(t *testing.T) {
	data, err := Bytes(sampleBook(t))
	if err != nil {
		t.Fatal(err)
	}
	p := openPkg(t, data)
	raw := string(p.files["word/document.xml"])
	for _, bad := range []string{"<script>", "<b>", "</script>", "\x00", "\x1b", "\x07", "<公司>"} {
		if strings.Contains(raw, bad) {
			t.Errorf("document.xml holds %q unescaped", bad)
		}
	}
	doc := parseXML(t, "document", p.files["word/document.xml"])
	if !strings.Contains(doc.text(), `A & B <公司>`) || !strings.Contains(doc.text(), `"首席"专家`) || !strings.Contains(doc.text(), "PMP-1&2") {
		t.Error("escaped text must read back as it was")
	}
	// The picture's description carries the name, escaped as an attribute.
	if d := doc.all("docPr")[1].attr("descr"); d != `照片 <script>&"</script>` {
		t.Errorf("picture description: %q", d)
	}
}

func TestBadPhotosBecomeThePlaceholder(t *testing.T) {
	b := sampleBook(t)
	b.Experts = []Expert{
		{ID: 1, Name: "甲", Photo: []byte("GIF89a not a photo")},
		{ID: 2, Name: "乙", Photo: jpegPhoto(t, 40, 40)[:200]}, // cut short
		{ID: 3, Name: "丙", Photo: []byte{}},
	}
	data, err := Bytes(b)
	if err != nil {
		t.Fatal(err)
	}
	p := openPkg(t, data)
	for name := range p.files {
		if strings.HasPrefix(name, "word/media/") {
			t.Errorf("no picture expected, found %s", name)
		}
	}
	if n := strings.Count(string(p.files["word/document.xml"]), "暂无照片"); n != 3 {
		t.Errorf("placeholders: %d", n)
	}
}

func TestFitBoxKeepsProportions(t *testing.T) {
	for _, c := range []struct {
		w, h   int
		cx, cy int64
	}{
		{300, 400, 1080000, 1440000},
		{600, 800, 1080000, 1440000},
		{400, 200, 1080000, 540000},
		{100, 1000, 144000, 1440000},
		{30, 40, 1080000, 1440000}, // small photos fill the box too
	} {
		cx, cy := fitBox(c.w, c.h, photoMaxW, photoMaxH)
		if cx != c.cx || cy != c.cy || cx > photoMaxW || cy > photoMaxH {
			t.Errorf("%dx%d: %d x %d, want %d x %d", c.w, c.h, cx, cy, c.cx, c.cy)
		}
	}
}

func TestShrinkMakesLargePhotosSmall(t *testing.T) {
	small := jpegPhoto(t, 300, 400)
	if got := Shrink(small); !bytes.Equal(got, small) {
		t.Error("a small photo is kept as it is")
	}
	big := noisyPNG(t, 1500, 2000)
	got := Shrink(big)
	cfg, format, err := image.DecodeConfig(bytes.NewReader(got))
	if err != nil || format != "jpeg" || cfg.Width != 600 || cfg.Height != 800 || len(got) >= len(big) {
		t.Fatalf("shrunk: %s %dx%d %d bytes (from %d): %v", format, cfg.Width, cfg.Height, len(got), len(big), err)
	}
	if junk := []byte("not an image"); !bytes.Equal(Shrink(junk), junk) {
		t.Error("what cannot be decoded is returned unchanged")
	}
}

func TestEnglishLabels(t *testing.T) {
	b := sampleBook(t)
	b.Labels = LabelsFor("en")
	data, err := Bytes(b)
	if err != nil {
		t.Fatal(err)
	}
	doc := parseXML(t, "document", openPkg(t, data).files["word/document.xml"])
	txt := doc.text()
	for _, want := range []string{"Contents", "Qualifications and certificates", "Valid to", "15 years", "No expiry", "(expired)", "Experience"} {
		if !strings.Contains(txt, want) && !strings.Contains(txt, strings.Trim(want, "()")) {
			t.Errorf("English book lacks %q", want)
		}
	}
}

// TestLibreOfficeOpensTheBook converts a book to PDF with LibreOffice when it is installed
// (it is not part of CI): the book must open in a real office suite.
func TestLibreOfficeOpensTheBook(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Skip("LibreOffice (soffice) is not installed")
	}
	dir := t.TempDir()
	data, err := Bytes(sampleBook(t))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "book.docx")
	if err := os.WriteFile(in, data, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(soffice, "--headless", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"), "--convert-to", "pdf", "--outdir", dir, in)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	pdf, err := os.ReadFile(filepath.Join(dir, "book.pdf"))
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("no PDF: %v\n%s", err, out)
	}
	// Title page, contents, and one page per expert at least.
	if pages := bytes.Count(pdf, []byte("/Type /Page\n")) + bytes.Count(pdf, []byte("/Type/Page\n")); pages != 0 && pages < 5 {
		t.Errorf("pages: %d, want at least 5", pages)
	}
	if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
		txt, err := exec.Command(pdftotext, "-layout", filepath.Join(dir, "book.pdf"), "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"王建国", "一级建造师", `<script>&"</script>`, "暂无照片"} {
			if !strings.Contains(string(txt), want) {
				t.Errorf("the PDF lacks %q", want)
			}
		}
	}
	t.Logf("LibreOffice converted the book to a %d-byte PDF", len(pdf))
}
