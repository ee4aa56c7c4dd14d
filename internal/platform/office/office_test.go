package office

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// needOffice skips without LibreOffice, except in CI (CI=true), where its absence is a failure.
func needOffice(t *testing.T) {
	t.Helper()
	if Available("soffice") {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("soffice is not installed (make system-deps installs libreoffice-impress)")
	}
	t.Skip("soffice is not installed")
}

func writeDeck(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAPPTXBecomesAPDFWithItsSlidesAsPages(t *testing.T) {
	needOffice(t)
	in := writeDeck(t, "我的 deck;rm -rf.pptx", TestDeck(3))
	if n, err := CheckDeck(in, "pptx", Options{}); err != nil || n != 3 {
		t.Fatalf("CheckDeck: %d %v", n, err)
	}
	work := t.TempDir()
	pdf, pages, cleanup, err := ToPDF(context.Background(), work, in, Options{Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if pages != 3 {
		t.Errorf("pages %d, want 3", pages)
	}
	b, _ := os.ReadFile(pdf)
	if !strings.HasPrefix(string(b), "%PDF-") {
		t.Errorf("not a PDF: %q", b[:min(20, len(b))])
	}
	cleanup()
	if left, _ := os.ReadDir(work); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestACorruptDeckIsRefusedCleanly(t *testing.T) {
	needOffice(t)
	in := writeDeck(t, "bad.pptx", []byte("PK\x03\x04 this is no presentation at all"))
	if _, err := CheckDeck(in, "pptx", Options{}); !errors.Is(err, ErrUnreadable) {
		t.Errorf("CheckDeck: %v", err)
	}
	in = writeDeck(t, "bad.ppt", []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 garbage garbage"))
	work := t.TempDir()
	_, _, _, err := ToPDF(context.Background(), work, in, Options{Timeout: time.Minute})
	if !errors.Is(err, ErrUnreadable) {
		t.Errorf("ToPDF of garbage: %v", err)
	}
	if left, _ := os.ReadDir(work); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestAConversionPastItsTimeIsKilled(t *testing.T) {
	needOffice(t)
	in := writeDeck(t, "deck.pptx", TestDeck(2))
	work := t.TempDir()
	start := time.Now()
	_, _, _, err := ToPDF(context.Background(), work, in, Options{Timeout: 300 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err %v, want timeout", err)
	}
	// bounded far above any machine's speed: it only catches a conversion left to run to its own end
	if d := time.Since(start); d > 2*time.Minute {
		t.Errorf("took %v", d)
	}
	// no LibreOffice of this run is left: its profile folder was inside work, which is gone
	out, _ := exec.Command("pgrep", "-f", work).Output()
	if strings.TrimSpace(string(out)) != "" {
		t.Errorf("processes left: %s", out)
	}
}

func TestADeckOverTheLimitsIsRefusedBeforeConversion(t *testing.T) {
	in := writeDeck(t, "deck.pptx", TestDeck(4))
	if _, err := CheckDeck(in, "pptx", Options{MaxPages: 3}); !errors.Is(err, ErrTooManyPages) {
		t.Errorf("pages: %v", err)
	}
	if _, err := CheckDeck(in, "pptx", Options{MaxUnpacked: 1000}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("unpacked: %v", err)
	}
}

// A PDF is what parses as one (cross-reference or trailer, catalog, page tree whose leaves number what it
// says) with at least one page; anything else behind '%PDF-' is refused.
func TestPDFPagesChecksTheStructure(t *testing.T) {
	random := make([]byte, 64<<10)
	for i := range random {
		random[i] = byte(i*7919 + i>>3)
	}
	noXref := "%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [3 0 R 4 0 R] /Count 2>>endobj\n" +
		"3 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\n4 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
	lying := strings.Replace(string(TestPDF(1)), "/Count 1", "/Count 3", 1)
	for _, c := range []struct {
		name  string
		pdf   []byte
		pages int
		err   error
	}{
		{"a real PDF of 1 page", TestPDF(1), 1, nil},
		{"a real PDF of 12 pages", TestPDF(12), 12, nil},
		{"a trailer without a cross-reference table", []byte(noXref), 2, nil},
		{"%PDF-1.4 and a web page", []byte("%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n"), 0, ErrNotPDF},
		{"%PDF- and random bytes", append([]byte("%PDF-"), random...), 0, ErrNotPDF},
		{"%PDF-1.7 alone", []byte("%PDF-1.7\n"), 0, ErrNotPDF},
		{"page objects without a catalog", []byte("%PDF-1.4\n1 0 obj<</Type /Pages /Kids [2 0 R] /Count 1>>endobj 2 0 obj<</Type /Page>>endobj"), 0, ErrNotPDF},
		{"a page tree that says 3 pages and holds 1", []byte(lying), 0, ErrNotPDF},
		{"a page tree without a page", TestPDF(0), 0, ErrNoPages},
		{"a web page", []byte("<html>"), 0, ErrNotPDF},
		{"nothing", nil, 0, ErrNotPDF},
	} {
		n, err := PDFPagesOf(c.pdf)
		if n != c.pages || !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("%s: %d pages, %v; want %d, %v", c.name, n, err, c.pages, c.err)
		}
	}
	p := writeDeck(t, "a.pdf", TestPDF(3))
	if n, err := PDFPages(p); n != 3 || err != nil {
		t.Errorf("PDFPages of a file: %d %v", n, err)
	}
}

// The check writes nothing outside its own work (pdfcpu's configuration folder is disabled).
func TestPDFCheckWritesNoConfiguration(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", dir)
	if _, err := PDFPagesOf(TestPDF(1)); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("the check wrote %v", left)
	}
}
