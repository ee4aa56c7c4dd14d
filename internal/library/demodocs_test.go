package library

import (
	"bytes"
	"fmt"
	"image/png"
	"regexp"
	"strconv"
	"testing"
)

// The demo PDF is well formed: every cross-reference offset points at its object, and startxref at the table.
func TestDemoPDFCrossReferences(t *testing.T) {
	b := DemoPDF("BidDesk demo document", "No.: (A)\\1", "中文 dropped")
	if !bytes.HasPrefix(b, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(b, []byte("%%EOF\n")) {
		t.Fatalf("not a PDF: %q", b[:20])
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(b[xref:], []byte("xref\n0 6\n")) {
		t.Fatalf("startxref %d does not point at the table", xref)
	}
	offs := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(b[xref:], -1)
	if len(offs) != 5 {
		t.Fatalf("%d objects in the table", len(offs))
	}
	for i, o := range offs {
		off, _ := strconv.Atoi(string(o[1]))
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Errorf("object %d: offset %d points at %q", i+1, off, b[off:off+10])
		}
	}
	if !bytes.Contains(b, []byte(`(No.: \(A\)\\1)`)) || bytes.Contains(b, []byte("中文")) {
		t.Error("text not escaped to printable ASCII")
	}
}

func TestDemoImagesArePNGOfTheirSize(t *testing.T) {
	for name, c := range map[string]struct {
		b    []byte
		w, h int
	}{"scan": {DemoScan(40), 1200, 850}, "portrait": {DemoPortrait(200), 480, 600}} {
		img, err := png.Decode(bytes.NewReader(c.b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s := img.Bounds().Size(); s.X != c.w || s.Y != c.h {
			t.Errorf("%s: %v", name, s)
		}
	}
	if bytes.Equal(DemoScan(10), DemoScan(100)) {
		t.Error("the hue does not change the scan")
	}
}
