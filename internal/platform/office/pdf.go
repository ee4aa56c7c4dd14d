package office

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// Errors of a PDF's check (PDFPages): ErrNotPDF for anything whose structure does not parse, ErrNoPages for
// a PDF without a page. ErrTooManyPages is the caller's, with its own limit.
var (
	ErrNotPDF  = errors.New("office: not a readable PDF")
	ErrNoPages = errors.New("office: the PDF has no page")
)

// pdfSlots bounds the PDF checks running at once: a check holds the document's objects in memory.
var pdfSlots = make(chan struct{}, 2)

func init() {
	// pdfcpu would otherwise write a configuration folder under the user's home at its first use.
	api.DisableConfigDir()
}

// pdfConfig is the configuration of a check: relaxed validation (what readers open, not only what the
// specification allows), no stream decoded beyond what the structure needs, and tighter resource limits than
// pdfcpu's defaults (an upload is at most a few hundred MB).
func pdfConfig() *model.Configuration {
	c := model.NewDefaultConfiguration()
	c.ValidationMode = model.ValidationRelaxed
	c.DecodeAllStreams = false
	c.Limits.MaxStreamBytes = 256 << 20
	c.Limits.MaxDecodeBytes = 256 << 20
	c.Limits.MaxObjectCount = 2_000_000
	c.Limits.MaxXRefEntries = 2_000_000
	c.Limits.MaxObjectStreamCount = 200_000
	c.Limits.MaxRecursionDepth = 64
	return c
}

// PDFPages checks the PDF at path and counts its pages: its structure must parse (the header, a
// cross-reference table or stream, or a trailer it can be rebuilt from; the catalog and its page tree,
// whose leaves must number what the tree says) and it must have at least one page. Anything behind a
// '%PDF-' header that is not such a document (a web page, random bytes) is ErrNotPDF; a tree without a
// page is ErrNoPages. The page limit is the caller's.
func PDFPages(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return pdfPages(f)
}

// PDFPagesOf is PDFPages of bytes in memory.
func PDFPagesOf(b []byte) (int, error) { return pdfPages(bytes.NewReader(b)) }

func pdfPages(rs io.ReadSeeker) (pages int, err error) {
	head := make([]byte, 5)
	if _, err := io.ReadFull(rs, head); err != nil || string(head) != "%PDF-" {
		return 0, ErrNotPDF
	}
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	pdfSlots <- struct{}{}
	defer func() { <-pdfSlots }()
	defer func() {
		if r := recover(); r != nil { // a reader's bug on hostile bytes is a refusal, not a crash
			pages, err = 0, fmt.Errorf("%w: %v", ErrNotPDF, r)
		}
	}()
	ctx, err := api.ReadAndValidate(rs, pdfConfig())
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrNotPDF, err)
	}
	if ctx.PageCount < 1 {
		return 0, ErrNoPages
	}
	return ctx.PageCount, nil
}
