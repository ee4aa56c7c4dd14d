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
	if d := time.Since(start); d > 10*time.Second {
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

func TestPDFPages(t *testing.T) {
	for _, c := range []struct {
		pdf  string
		want int
	}{
		{"%PDF-1.4\n1 0 obj<</Type /Pages /Kids [2 0 R 3 0 R] /Count 2>>endobj 2 0 obj<</Type /Page>>endobj", 2},
		{"%PDF-1.4\n2 0 obj<</Type/Page/Parent 1 0 R>>endobj 3 0 obj<</Type/Page/Parent 1 0 R>>endobj", 2},
		{"%PDF-1.7\n(compressed)", 0},
	} {
		if n, err := PDFPagesOf([]byte(c.pdf)); err != nil || n != c.want {
			t.Errorf("%q: %d %v, want %d", c.pdf, n, err, c.want)
		}
	}
	if _, err := PDFPagesOf([]byte("<html>")); err == nil {
		t.Error("not a PDF accepted")
	}
}
