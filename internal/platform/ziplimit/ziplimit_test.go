package ziplimit

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"testing"
)

func archive(t *testing.T, entries int, size int) *zip.Reader {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for i := range entries {
		f, err := w.Create(string(rune('a'+i%26)) + string(rune('0'+i/26%10)) + ".xml")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write(bytes.Repeat([]byte("x"), size)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

func TestCheckRefusesWhatUnpacksToTooMuch(t *testing.T) {
	zr := archive(t, 3, 1000) // 3,000 bytes unpacked, a few hundred packed
	if err := Check(zr.File, 3000, 0); err != nil {
		t.Errorf("at the limit: %v", err)
	}
	if err := Check(zr.File, 2999, 0); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v", err)
	}
	if err := Check(zr.File, 1<<20, 2); !errors.Is(err, ErrTooLarge) {
		t.Errorf("too many entries: %v", err)
	}
}

// The declared size is what an entry may unpack to: a lying directory fails the read.
func TestADeclaredSizeBindsTheRead(t *testing.T) {
	zr := archive(t, 1, 1000)
	zr.File[0].UncompressedSize64 = 10 // what a forged directory would claim
	if err := Check(zr.File, 100, 0); err != nil {
		t.Fatal(err)
	}
	rc, err := zr.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if n, err := io.Copy(io.Discard, rc); err == nil || n > 10 {
		t.Fatalf("read %d bytes, %v", n, err)
	}
}
