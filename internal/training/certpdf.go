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
	text := func(font string, size, x, y float64, s string) {
		if font == "F1" {
			fmt.Fprintf(&page, "BT /F1 %.1f Tf %.1f %.1f Td <%s> Tj ET\n", size, x, y, ucs2(s))
			return
		}
		fmt.Fprintf(&page, "BT /F2 %.1f Tf %.1f %.1f Td (%s) Tj ET\n", size, x, y, pdfString(s))
	}
	center := func(size float64, s string) float64 { return (w - size*float64(len([]rune(s)))) / 2 }
	page.WriteString("0.1 0.1 0.1 rg\n")
	text("F1", 34, center(34, "培训合格证书"), 470, "培训合格证书")
	text("F2", 14, 330, 445, "CERTIFICATE OF TRAINING")
	line := "兹证明 " + c.HolderName + " 完成培训班"
	text("F1", 18, 90, 380, line)
	text("F1", 22, 90, 340, "「"+c.Title+"」")
	text("F1", 18, 90, 300, "经考核合格，特发此证。")
	text("F1", 12, 90, 200, "证书编号 Serial: ")
	text("F2", 12, 200, 200, c.Serial)
	text("F1", 12, 90, 178, "发证日期 Issued: ")
	text("F2", 12, 200, 178, c.IssuedOn)
	until := c.ValidUntil
	if until == "" {
		until = "-"
	}
	text("F1", 12, 90, 156, "有效期至 Valid until: ")
	text("F2", 12, 220, 156, until)
	if c.EmployeeCode != "" {
		text("F1", 12, 90, 134, "员工编号 Employee: ")
		text("F2", 12, 210, 134, c.EmployeeCode)
	}
	// the QR code, bottom right, with its caption
	bits := qr.Bitmap()
	size := 130.0
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
	text("F1", 10, x0+5, y0-18, "扫码验证证书真伪")
	text("F2", 7, x0-40, y0-32, verifyURL)

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

// ucs2 is s as big-endian UTF-16 in hex (the UniGB-UCS2-H encoding's codes).
func ucs2(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
}

// pdfString escapes a Latin text for a literal PDF string; anything outside ASCII becomes ?.
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 32 || r > 126:
			b.WriteByte('?')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
