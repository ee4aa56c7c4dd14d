package training

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf16"

	qrcode "github.com/skip2/go-qrcode"
)

// VerifyPath is the public verification page of a certificate on this site.
func VerifyPath(serial string) string { return "/verify/cert/" + serial }

// CertificatePDF draws a certificate as a one-page PDF (A4 landscape): the holder, the class, the serial, the dates
// and a QR code of verifyURL (the public verification page). The text uses the PDF reader's built-in Chinese font
// (STSong-Light, Adobe-GB1), so nothing is embedded and the file stays a few kilobytes; the QR is drawn as
// rectangles. The file is made from the database row at each download, so every instance serves the same bytes.
func CertificatePDF(c Certificate, verifyURL string) ([]byte, error) {
	qr, err := qrcode.New(verifyURL, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("training: certificate %s: qr: %w", c.Serial, err)
	}
	qr.DisableBorder = true
	var page bytes.Buffer
	const w, h = 842.0, 595.0
	// a frame
	fmt.Fprintf(&page, "0.75 0.6 0.2 RG 3 w 30 30 %.0f %.0f re S 1 w 40 40 %.0f %.0f re S\n", w-60, h-60, w-80, h-80)
	text := func(size, x, y float64, s string) { drawText(&page, size, x, y, s) }
	center := func(size, y float64, s string) { text(size, (w-textWidth(size, s))/2, y, s) }
	// a label and its value: the value starts after the label, whatever its width
	field := func(y float64, label, value string) {
		text(12, 90, y, label)
		text(12, 90+textWidth(12, label)+6, y, value)
	}
	page.WriteString("0.1 0.1 0.1 rg\n")
	center(34, 470, "培训合格证书")
	center(14, 445, "CERTIFICATE OF TRAINING")
	text(18, 90, 380, "兹证明")
	x := 90 + textWidth(18, "兹证明") + 10
	text(22, x, 380, c.HolderName)
	text(18, x+textWidth(22, c.HolderName)+10, 380, "完成培训班")
	// the class's name: smaller, then on two or three lines, when it is long
	const maxWidth = w - 180
	title := "「" + c.Title + "」"
	size := 22.0
	for size > 16 && textWidth(size, title) > maxWidth {
		size--
	}
	lines := wrapText(size, title, maxWidth)
	if len(lines) > 3 {
		// at most three lines: the third ends in … (the class's name is whole in the verification page)
		third := []rune(lines[2])
		for len(third) > 1 && textWidth(size, string(third)+"…」") > maxWidth {
			third = third[:len(third)-1]
		}
		lines = append(lines[:2], string(third)+"…」")
	}
	y := 340.0
	for _, l := range lines {
		text(size, 90, y, l)
		y -= size + 8
	}
	text(18, 90, min(300, y-14), "经考核合格，特发此证。")
	field(200, "证书编号 Serial:", c.Serial)
	field(178, "发证日期 Issued:", c.IssuedOn)
	until := c.ValidUntil
	if until == "" {
		until = "长期有效 No end"
	}
	field(156, "有效期至 Valid until:", until)
	if c.EmployeeCode != "" {
		field(134, "员工编号 Employee:", c.EmployeeCode)
	}
	// the QR code, bottom right, with its caption
	bits := qr.Bitmap()
	size = 130.0
	mod := size / float64(len(bits))
	x0, y0 := w-90-size, 110.0
	page.WriteString("0 0 0 rg\n")
	for r, row := range bits {
		for col, dark := range row {
			if dark {
				fmt.Fprintf(&page, "%.2f %.2f %.2f %.2f re\n", x0+float64(col)*mod, y0+size-float64(r+1)*mod, mod+0.01, mod+0.01)
			}
		}
	}
	page.WriteString("f\n")
	// the caption centred under the code, the address right-aligned to it (smaller when long, never past the frame)
	page.WriteString("0.1 0.1 0.1 rg\n")
	text(10, x0+(size-textWidth(10, "扫码验证证书真伪"))/2, y0-18, "扫码验证证书真伪")
	us := 7.0
	for us > 4 && textWidth(us, verifyURL) > 300 {
		us -= 0.5
	}
	text(us, x0+size-textWidth(us, verifyURL), y0-32, verifyURL)

	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.0f %.0f] /Resources << /Font << /F1 5 0 R /F2 8 0 R >> >> /Contents 4 0 R >>", w, h),
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", page.Len(), page.String()),
		"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>",
		"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 7 0 R /DW 1000 >>",
		"<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Title <%s> /Producer (BidDesk) >>", "FEFF"+ucs2("培训合格证书 "+c.Serial)),
	}
	var out bytes.Buffer
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, len(objs), xref)
	return out.Bytes(), nil
}

// helvetica are the widths of the ASCII characters 32 to 126 in Helvetica, in thousandths of the size (its metrics).
var helvetica = [95]int{278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
	556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667,
	611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584}

// latin tells the characters drawn in Helvetica (WinAnsi): ASCII and the Latin-1 letters (é, ü, ß...); the Chinese
// font draws the rest.
func latin(r rune) bool {
	return r >= 32 && r <= 126 || r >= 0xC0 && r <= 0xFF && r != 0xD7 && r != 0xF7
}

// runeWidth is the advance of r at the size: Helvetica's for ASCII (a Latin-1 letter as wide as a capital or a
// lower-case letter, near enough), the Chinese font's full width for the rest.
func runeWidth(size float64, r rune) float64 {
	switch {
	case r >= 32 && r <= 126:
		return float64(helvetica[r-32]) * size / 1000
	case r >= 0xC0 && r <= 0xDF && latin(r):
		return 0.722 * size
	case latin(r):
		return 0.556 * size
	}
	return size
}

func textWidth(size float64, s string) float64 {
	var n float64
	for _, r := range s {
		n += runeWidth(size, r)
	}
	return n
}

// wrapText cuts s into lines no wider than max (a line breaks between any two characters: Chinese has no spaces).
func wrapText(size float64, s string, max float64) []string {
	var lines []string
	var cur []rune
	var width float64
	for _, r := range s {
		if rw := runeWidth(size, r); width+rw > max && len(cur) > 0 {
			lines, cur, width = append(lines, string(cur)), nil, 0
		}
		cur = append(cur, r)
		width += runeWidth(size, r)
	}
	return append(lines, string(cur))
}

// drawText writes s at (x, y) in runs: ASCII in Helvetica (F2), the rest in the Chinese font (F1), so that Latin
// letters and digits keep their own widths instead of the Chinese font's full width.
func drawText(page *bytes.Buffer, size, x, y float64, s string) {
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && latin(rs[j]) == latin(rs[i]) {
			j++
		}
		run := string(rs[i:j])
		if latin(rs[i]) {
			fmt.Fprintf(page, "BT /F2 %.1f Tf %.2f %.2f Td (%s) Tj ET\n", size, x, y, pdfString(run))
		} else {
			fmt.Fprintf(page, "BT /F1 %.1f Tf %.2f %.2f Td <%s> Tj ET\n", size, x, y, ucs2(run))
		}
		x += textWidth(size, run)
		i = j
	}
}

// ucs2 is s as big-endian UTF-16 in hex (the UniGB-UCS2-H encoding's codes).
func ucs2(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
}

// pdfString escapes a Latin text for a literal PDF string (WinAnsi: Latin-1 letters as octal escapes); anything
// else becomes ?.
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0xA0 && r <= 0xFF:
			fmt.Fprintf(&b, "\\%03o", r)
		case r < 32 || r > 126:
			b.WriteByte('?')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
