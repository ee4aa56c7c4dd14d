// Package office converts presentations (PPT, PPTX) to PDF with LibreOffice, run headless as a separate
// process: no shell, its own temporary profile (so parallel or crashed runs never share or lock one), a
// minimal environment, a time limit that kills the whole process group, and limits checked before and
// after the conversion (the deck's slides and unpacked size, the PDF's pages and size). It knows nothing
// of courses; internal/content uses it for courseware.
package office

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"biddesk/internal/platform/ziplimit"
)

// Options are the limits of one conversion.
type Options struct {
	// Soffice is the LibreOffice program (a path, or a name looked up in PATH); default "soffice".
	Soffice string
	// Timeout bounds the whole run of LibreOffice (default 2 minutes).
	Timeout time.Duration
	// MaxPages is the most slides a deck and pages its PDF may have (default 500).
	MaxPages int
	// MaxUnpacked is the most bytes a PPTX may unpack to (default 512 MiB): a zip bomb is refused unread.
	MaxUnpacked int64
	// MaxPDF is the largest PDF kept (default 200 MiB).
	MaxPDF int64
}

// WithDefaults fills the limits left zero.
func (o Options) WithDefaults() Options {
	if o.Soffice == "" {
		o.Soffice = "soffice"
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	if o.MaxPages <= 0 {
		o.MaxPages = 500
	}
	if o.MaxUnpacked <= 0 {
		o.MaxUnpacked = 512 << 20
	}
	if o.MaxPDF <= 0 {
		o.MaxPDF = 200 << 20
	}
	return o
}

// Errors a conversion ends with; any other error is a failure of the machine (no program, no disk).
var (
	ErrTimeout      = errors.New("office: the conversion took too long")
	ErrTooManyPages = errors.New("office: too many pages")
	ErrTooLarge     = errors.New("office: the document is too large")
	ErrUnreadable   = errors.New("office: LibreOffice could not read the document")
	ErrNoOffice     = errors.New("office: LibreOffice is not installed")
)

// Available tells whether the LibreOffice program can be found.
func Available(soffice string) bool {
	if soffice == "" {
		soffice = "soffice"
	}
	_, err := exec.LookPath(soffice)
	return err == nil
}

// CheckDeck looks into a presentation before it is converted: a PPTX (a zip) must unpack to at most
// MaxUnpacked bytes and hold at most MaxPages slides; a PPT (OLE) is only bounded by its size and by the
// PDF's pages afterwards. It returns the slides counted (0 for a PPT).
func CheckDeck(path, suffix string, o Options) (int, error) {
	o = o.WithDefaults()
	if suffix != "pptx" {
		return 0, nil
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		return 0, ErrUnreadable
	}
	defer zr.Close()
	if ziplimit.Check(zr.File, o.MaxUnpacked, ziplimit.MaxEntries) != nil {
		return 0, ErrTooLarge
	}
	slides := 0
	for _, f := range zr.File {
		if slideRe.MatchString(f.Name) {
			slides++
		}
	}
	if slides > o.MaxPages {
		return slides, ErrTooManyPages
	}
	return slides, nil
}

var slideRe = regexp.MustCompile(`^ppt/slides/slide[0-9]+\.xml$`)

// ToPDF converts the presentation at in (its name ends with .ppt or .pptx) into a PDF in a fresh
// temporary folder under workDir and returns the PDF's path and pages; the caller removes the folder
// (the returned cleanup). LibreOffice runs with its own profile inside that folder.
func ToPDF(ctx context.Context, workDir, in string, o Options) (pdf string, pages int, cleanup func(), err error) {
	o = o.WithDefaults()
	prog, err := exec.LookPath(o.Soffice)
	if err != nil {
		return "", 0, func() {}, ErrNoOffice
	}
	dir, err := os.MkdirTemp(workDir, "convert-*")
	if err != nil {
		return "", 0, func() {}, err
	}
	cleanup = func() { _ = os.RemoveAll(dir) }
	defer func() {
		if err != nil {
			cleanup()
			cleanup = func() {}
		}
	}()
	profile, out := filepath.Join(dir, "profile"), filepath.Join(dir, "out")
	for _, d := range []string{profile, out} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return "", 0, cleanup, err
		}
	}
	// the deck is copied under a fixed name: the client's name never reaches the command line
	ext := strings.ToLower(filepath.Ext(in))
	src := filepath.Join(dir, "deck"+ext)
	if err := copyFile(in, src); err != nil {
		return "", 0, cleanup, err
	}
	rctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, prog,
		"--headless", "--invisible", "--norestore", "--nologo", "--nodefault", "--nolockcheck", "--nofirststartwizard",
		"-env:UserInstallation=file://"+filepath.ToSlash(profile),
		"--infilter="+importFilter(ext), "--convert-to", "pdf:impress_pdf_Export", "--outdir", out, src)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "TMPDIR=" + dir, "SAL_USE_VCLPLUGIN=svp"}
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	// LibreOffice starts helpers: a process group of its own, killed whole when the time is up
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	runErr := cmd.Run()
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // nothing of the run may outlive it
	}
	if rctx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
		return "", 0, cleanup, ErrTimeout
	}
	if ctx.Err() != nil {
		return "", 0, cleanup, ctx.Err()
	}
	pdf = filepath.Join(out, "deck.pdf")
	st, statErr := os.Stat(pdf)
	if runErr != nil || statErr != nil || st.Size() == 0 {
		return "", 0, cleanup, fmt.Errorf("%w: %v %s", ErrUnreadable, runErr, truncate(output.String(), 300))
	}
	if st.Size() > o.MaxPDF {
		return "", 0, cleanup, ErrTooLarge
	}
	pages, err = PDFPages(pdf)
	if err != nil {
		return "", 0, cleanup, ErrUnreadable
	}
	if pages > o.MaxPages {
		return "", 0, cleanup, ErrTooManyPages
	}
	return pdf, pages, cleanup, nil
}

// importFilter names the Impress filter a deck is read with: left to guess, LibreOffice opens a file that is no
// presentation with Writer (as text) and converts it happily.
func importFilter(ext string) string {
	if ext == ".ppt" {
		return "MS PowerPoint 97"
	}
	return "Impress MS PowerPoint 2007 XML"
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
