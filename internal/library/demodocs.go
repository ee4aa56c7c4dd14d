package library

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"
)

// The demo library's files: a one-page PDF and PNG 'scans' drawn in code, so that a new installation's
// portal has something to preview and download. They carry no real document and no font beyond the PDF's
// built-in Helvetica (the record's code and type name in ASCII).

// DemoPDF returns a one-page A4 PDF: a bordered sheet with a heading, the given ASCII lines and a seal.
func DemoPDF(heading string, lines ...string) []byte {
	var content strings.Builder
	// frame, heading band and seal, then the text
	content.WriteString("0.78 0.12 0.12 RG 3 w 40 40 515 762 re S 1 w 50 50 495 742 re S\n")
	content.WriteString("0.93 0.95 0.99 rg 50 700 495 92 re f\n")
	content.WriteString("0.85 0.1 0.1 RG 2 w ")
	content.WriteString(circlePath(440, 150, 55))
	content.WriteString(" S\n")
	content.WriteString("BT /F1 24 Tf 0.1 0.2 0.45 rg 70 740 Td (" + pdfText(heading) + ") Tj ET\n")
	y := 640
	for _, l := range lines {
		content.WriteString(fmt.Sprintf("BT /F1 13 Tf 0.15 0.15 0.15 rg 70 %d Td (%s) Tj ET\n", y, pdfText(l)))
		y -= 28
	}
	for i := 0; i < 8; i++ { // 'body text' rules
		content.WriteString(fmt.Sprintf("0.8 0.8 0.8 RG 0.8 w 70 %d m %d %d l S\n", y-20-i*24, 520-(i%3)*60, y-20-i*24))
	}
	stream := content.String()
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(stream), stream),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// pdfText keeps printable ASCII and escapes the string delimiters.
func pdfText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 32 && r < 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// circlePath is a closed path of a circle by four Bezier curves.
func circlePath(cx, cy, r float64) string {
	k := 0.5523 * r
	return fmt.Sprintf("%.1f %.1f m %.1f %.1f %.1f %.1f %.1f %.1f c %.1f %.1f %.1f %.1f %.1f %.1f c %.1f %.1f %.1f %.1f %.1f %.1f c %.1f %.1f %.1f %.1f %.1f %.1f c",
		cx+r, cy, cx+r, cy+k, cx+k, cy+r, cx, cy+r,
		cx-k, cy+r, cx-r, cy+k, cx-r, cy,
		cx-r, cy-k, cx-k, cy-r, cx, cy-r,
		cx+k, cy-r, cx+r, cy-k, cx+r, cy)
}

// DemoScan returns a PNG 'certificate scan' (1200x850): a paper sheet with a coloured frame, a heading band,
// grey text rules and a red seal; hue varies the frame so that the demo scans are told apart.
func DemoScan(hue float64) []byte {
	const w, h = 1200, 850
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	frame := hsv(hue, 0.55, 0.6)
	paper := color.RGBA{252, 249, 240, 255}
	rule := color.RGBA{205, 205, 205, 255}
	seal := color.RGBA{200, 30, 30, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := paper
			edge := min(x, y, w-1-x, h-1-y)
			switch {
			case edge < 18 || (edge >= 28 && edge < 34):
				c = frame
			case y > 90 && y < 170 && x > 300 && x < 900:
				c = hsv(hue, 0.18, 0.95) // heading band
			case (y-260)%56 < 5 && y > 250 && y < 650 && x > 140 && x < 1060-((y-260)/56%3)*90:
				c = rule
			}
			dx, dy := float64(x-920), float64(y-650)
			if d := math.Hypot(dx, dy); d > 88 && d < 100 || d < 16 {
				c = seal
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// DemoPortrait returns a PNG head-and-shoulders silhouette (480x600) on a soft background of the hue.
func DemoPortrait(hue float64) []byte {
	const w, h = 480, 600
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := hsv(hue, 0.25, 0.92)
	fg := hsv(hue, 0.3, 0.6)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := bg
			fx, fy := float64(x), float64(y)
			if math.Hypot(fx-240, fy-230) < 110 || math.Hypot((fx-240)/1.1, fy-650) < 255 {
				c = fg
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// hsv converts hue (0-360), saturation and value (0-1) to an opaque colour.
func hsv(h, s, v float64) color.RGBA {
	h = math.Mod(h, 360) / 60
	c := v * s
	x := c * (1 - math.Abs(math.Mod(h, 2)-1))
	var r, g, b float64
	switch int(h) {
	case 0:
		r, g = c, x
	case 1:
		r, g = x, c
	case 2:
		g, b = c, x
	case 3:
		g, b = x, c
	case 4:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := v - c
	return color.RGBA{uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255), 255}
}
