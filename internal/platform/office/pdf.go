package office

import (
	"bytes"
	"errors"
	"io"
	"os"
	"regexp"
	"strconv"
)

// MaxPDFScan is how much of a PDF PDFPages reads.
const MaxPDFScan = 256 << 20

var (
	pageRe  = regexp.MustCompile(`/Type\s*/Page[^s]`)
	countRe = regexp.MustCompile(`/Type\s*/Pages\b[^>]*?/Count\s+([0-9]+)|/Count\s+([0-9]+)[^>]*?/Type\s*/Pages\b`)
)

// PDFPages counts the pages of the PDF at path: the largest /Count of a page tree node, or the page
// objects when no count is readable. 0 means the pages are not readable without decompressing object
// streams (the caller's size limit still holds). A file that does not start like a PDF is an error.
func PDFPages(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxPDFScan))
	if err != nil {
		return 0, err
	}
	return PDFPagesOf(b)
}

// PDFPagesOf is PDFPages of bytes in memory.
func PDFPagesOf(b []byte) (int, error) {
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		return 0, errors.New("office: not a PDF")
	}
	best := 0
	for _, m := range countRe.FindAllSubmatch(b, -1) {
		v := m[1]
		if len(v) == 0 {
			v = m[2]
		}
		if n, err := strconv.Atoi(string(v)); err == nil && n > best {
			best = n
		}
	}
	if best > 0 {
		return best, nil
	}
	return len(pageRe.FindAllIndex(b, -1)), nil
}
