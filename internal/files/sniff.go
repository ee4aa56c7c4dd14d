package files

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders for image.DecodeConfig and image.Decode
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/richardlehane/mscfb"

	"biddesk/internal/platform/httpx"
)

// The content of an upload must agree with its suffix: a file is judged by its bytes, never by its
// name or the Content-Type its client claims. Suffixes the product knows are checked for their own
// format; a suffix an administrator added to the allowed list is accepted unless its bytes are a
// program or a web page, and is served as application/octet-stream. A web page's own suffixes (HTML, SVG
// and their kin) are refused whatever the list says: a browser runs the script such a file carries.

// sniffLen is how much of the start of a file the checks read.
const sniffLen = 8 << 10

// content is what the bytes of an upload turned out to be.
type content struct {
	Type          string // the Content-Type served on download
	Width, Height int    // images only
	ImageFormat   string // "jpeg", "png", "gif" for images
}

type checker func(head []byte, ra io.ReaderAt, size int64) (content, bool)

const (
	typeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	typeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	typePPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
	typePDF  = "application/pdf"
	typeBin  = "application/octet-stream"
)

// MaxImagePixels bounds an uploaded image (width x height, 40 megapixels: a 48 MP phone photo is refused,
// a page scanned at 600 dpi passes): the header is read first, and a larger image is refused before any of
// it is decoded (a small file may announce 60000x60000 pixels, 3.6 billion of them).
const MaxImagePixels = 40_000_000

// imageFormats are the suffixes checked as images: the whole image must decode (a GIF: its first frame).
var imageFormats = map[string]string{"jpg": "jpeg", "jpeg": "jpeg", "png": "png", "gif": "gif"}

// webPageSuffixes are refused whatever upload.allowed_suffixes says: the browser renders such a file and
// runs its script.
var webPageSuffixes = map[string]bool{
	"html": true, "htm": true, "xhtml": true, "xht": true, "shtml": true, "mht": true, "mhtml": true, "hta": true,
	"svg": true, "svgz": true,
}

// errMismatch is the refusal of bytes that are not what the suffix says (the rule's message).
var errMismatch = errors.New("files: the content does not match the suffix")

var formats = map[string]checker{
	"pdf":  prefix(typePDF, "%PDF-"),
	"docx": ooxml(typeDOCX, "word/document.xml"),
	"xlsx": ooxml(typeXLSX, "xl/workbook.xml"),
	"pptx": ooxml(typePPTX, "ppt/presentation.xml"),
	"doc":  ole("application/msword", "WordDocument"),
	"xls":  ole("application/vnd.ms-excel", "Workbook", "Book"),
	"ppt":  ole("application/vnd.ms-powerpoint", "PowerPoint Document"),
	"zip":  zipArchive,
	"rar":  prefix("application/vnd.rar", "Rar!\x1a\x07"),
	"7z":   prefix("application/x-7z-compressed", "7z\xbc\xaf\x27\x1c"),
	"mp4":  mp4Video,
	"txt":  text("text/plain"),
	"csv":  text("text/csv"),
}

// sniff checks the bytes of a file of size bytes against its suffix (lower case, no dot). It answers
// errMismatch for bytes that are not what the suffix says, or a message of its own (a web page's suffix,
// an image too large or that does not decode).
func sniff(suffix string, ra io.ReaderAt, size int64) (content, error) {
	if webPageSuffixes[suffix] {
		return content{}, httpx.Fail("file.web_page")
	}
	head := make([]byte, min(size, sniffLen))
	if _, err := ra.ReadAt(head, 0); err != nil && err != io.EOF {
		return content{}, errMismatch
	}
	if executable(head) {
		return content{}, errMismatch
	}
	if format, ok := imageFormats[suffix]; ok {
		return decodeImage(format, ra, size)
	}
	if check, ok := formats[suffix]; ok {
		if c, ok := check(head, ra, size); ok {
			return c, nil
		}
		return content{}, errMismatch
	}
	switch t := http.DetectContentType(head); {
	case strings.HasPrefix(t, "text/html"), strings.HasPrefix(t, "text/xml") && bytes.Contains(bytes.ToLower(head), []byte("<svg")):
		return content{}, errMismatch // a web page (script) whatever its name
	}
	if !bytes.Contains(head, []byte{0}) && webPage(ra, size) {
		return content{}, errMismatch
	}
	return content{Type: typeBin}, nil
}

// webPage tells whether the text of a file (all of it, letter case ignored) is web-page markup: an element
// that builds a document or runs script (HTML or SVG, with or without a prolog), the HTML or SVG namespace, a
// script URL, or an event-handler attribute in a tag. It reads the file once, as a stream.
func webPage(ra io.ReaderAt, size int64) bool {
	r := bufio.NewReaderSize(io.NewSectionReader(ra, 0, size), 64<<10)
	var p pageScan
	for {
		c, err := r.ReadByte()
		if err == io.EOF {
			return false
		}
		if err != nil || p.feed(c) {
			return true // an unreadable file is refused too
		}
	}
}

// pageElements are the elements that make a web page or run script.
var pageElements = map[string]bool{
	"html": true, "head": true, "body": true, "script": true, "iframe": true, "frame": true, "frameset": true,
	"object": true, "embed": true, "svg": true, "meta": true, "base": true, "form": true, "link": true, "style": true,
	"math": true, "template": true, "noscript": true,
}

// pageLiterals are found anywhere in the text.
var pageLiterals = []string{"<!doctype html", "http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg", "javascript:", "vbscript:"}

// pageScan is the state of webPage's scan: the last bytes seen (for pageLiterals), and whether it is in a
// tag's name or attributes.
type pageScan struct {
	last    [32]byte // the last bytes, lower case, newest at the end
	state   int      // 0 text, 1 a tag's name, 2 a tag's attributes
	name    []byte
	handler int // in attributes: 0 nothing, 1 "o" after a separator, 2 "on", 3 "on" and 3+ letters, 4 and spaces
	letters int
	sep     bool // the previous byte separates attributes (space, quote, slash)
}

func (p *pageScan) feed(c byte) bool {
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	copy(p.last[:], p.last[1:])
	p.last[len(p.last)-1] = c
	if c == ':' || c == 'l' || c == 'g' {
		for _, lit := range pageLiterals {
			if bytes.HasSuffix(p.last[:], []byte(lit)) {
				return true
			}
		}
	}
	letter := 'a' <= c && c <= 'z'
	switch p.state {
	case 1:
		if (letter || '0' <= c && c <= '9') && len(p.name) < 16 {
			p.name = append(p.name, c)
			return false
		}
		if len(p.name) == 0 {
			p.state = 0
			break
		}
		if pageElements[string(p.name)] {
			return true
		}
		p.state, p.handler, p.sep = 2, 0, true
		if c == '>' || c == '<' {
			break
		}
		return false
	case 2:
		if c == '>' || c == '<' {
			break
		}
		switch {
		case p.handler == 0 && c == 'o' && p.sep:
			p.handler = 1
		case p.handler == 1 && c == 'n':
			p.handler, p.letters = 2, 0
		case (p.handler == 2 || p.handler == 3) && letter:
			if p.letters++; p.letters >= 3 {
				p.handler = 3
			}
		case (p.handler == 3 || p.handler == 4) && c == '=':
			return true
		case (p.handler == 3 || p.handler == 4) && isSpace(c):
			p.handler = 4
		default:
			p.handler = 0
		}
		p.sep = isSpace(c) || c == '"' || c == '\'' || c == '/'
		return false
	}
	// in text, or a tag ended
	if c == '<' {
		p.state, p.name = 1, p.name[:0]
	} else {
		p.state = 0
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// executable tells whether the bytes start like a program (Windows, Linux, macOS) or a script.
func executable(head []byte) bool {
	for _, magic := range []string{"MZ", "\x7fELF", "\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe", "#!"} {
		if bytes.HasPrefix(head, []byte(magic)) {
			return true
		}
	}
	return false
}

func prefix(contentType, magic string) checker {
	return func(head []byte, _ io.ReaderAt, _ int64) (content, bool) {
		return content{Type: contentType}, bytes.HasPrefix(head, []byte(magic))
	}
}

// decodeSlots bounds the images decoded at once: a 40-megapixel image takes up to 320 MB while it is
// checked (8 bytes a pixel at 16 bits a channel).
var decodeSlots = make(chan struct{}, 2)

// decodeImage checks an image: its header must be of the format (else errMismatch), its size at most
// MaxImagePixels, and the whole image must decode (a truncated or damaged file is refused).
func decodeImage(format string, ra io.ReaderAt, size int64) (content, error) {
	cfg, got, err := image.DecodeConfig(io.NewSectionReader(ra, 0, size))
	if err != nil || got != format || cfg.Width <= 0 || cfg.Height <= 0 {
		return content{}, errMismatch
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels {
		return content{}, httpx.Fail("image.too_many_pixels", cfg.Width, cfg.Height)
	}
	decodeSlots <- struct{}{}
	defer func() { <-decodeSlots }()
	img, got, err := image.Decode(io.NewSectionReader(ra, 0, size))
	if err != nil || got != format || img.Bounds().Dx() != cfg.Width || img.Bounds().Dy() != cfg.Height {
		return content{}, httpx.Fail("image.unreadable")
	}
	return content{Type: "image/" + format, Width: cfg.Width, Height: cfg.Height, ImageFormat: format}, nil
}

// ooxml: a Word, Excel or PowerPoint file of Office 2007+ is a zip with [Content_Types].xml and its main part.
func ooxml(contentType, mainPart string) checker {
	return func(head []byte, ra io.ReaderAt, size int64) (content, bool) {
		if !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
			return content{}, false
		}
		zr, err := zip.NewReader(ra, size)
		if err != nil {
			return content{}, false
		}
		var types, main bool
		for _, f := range zr.File {
			types = types || f.Name == "[Content_Types].xml"
			main = main || f.Name == mainPart
		}
		return content{Type: contentType}, types && main
	}
}

// ole: an Office 97-2003 file is a compound file holding its main stream.
func ole(contentType string, streams ...string) checker {
	return func(head []byte, ra io.ReaderAt, _ int64) (content, bool) {
		if !bytes.HasPrefix(head, []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")) {
			return content{}, false
		}
		doc, err := mscfb.New(ra)
		if err != nil {
			return content{}, false
		}
		for entry, err := doc.Next(); err == nil; entry, err = doc.Next() {
			for _, s := range streams {
				if entry.Name == s {
					return content{Type: contentType}, true
				}
			}
		}
		return content{}, false
	}
}

func zipArchive(head []byte, ra io.ReaderAt, size int64) (content, bool) {
	if !bytes.HasPrefix(head, []byte("PK\x03\x04")) && !bytes.HasPrefix(head, []byte("PK\x05\x06")) {
		return content{}, false
	}
	_, err := zip.NewReader(ra, size)
	return content{Type: "application/zip"}, err == nil
}

// text: no control bytes but tab, newline, carriage return and form feed (UTF-8 or a legacy
// Chinese encoding both pass), and not a web page.
func text(contentType string) checker {
	return func(head []byte, ra io.ReaderAt, size int64) (content, bool) {
		for _, c := range head {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b {
				return content{}, false
			}
		}
		if !strings.HasPrefix(http.DetectContentType(head), "text/plain") || webPage(ra, size) {
			return content{}, false
		}
		// the read may end inside a character: judge the encoding on complete characters
		trimmed := head
		for i := 0; i < utf8.UTFMax && len(trimmed) > 0 && !utf8.Valid(trimmed); i++ {
			trimmed = trimmed[:len(trimmed)-1]
		}
		if utf8.Valid(trimmed) {
			return content{Type: contentType + "; charset=utf-8"}, true
		}
		return content{Type: contentType}, true
	}
}

// inlineable tells whether a stored type may be shown in the browser (inline=1): PDF and images only.
func inlineable(contentType string) bool {
	switch contentType {
	case typePDF, "image/jpeg", "image/png", "image/gif":
		return true
	}
	return false
}

// mp4Video is an ISO base media file: its first box is ftyp.
func mp4Video(head []byte, _ io.ReaderAt, _ int64) (content, bool) {
	if len(head) >= 12 && string(head[4:8]) == "ftyp" {
		return content{Type: "video/mp4"}, true
	}
	return content{}, false
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"file.web_page":    {"不能上传网页文件（HTML、SVG 等）", "Web pages (HTML, SVG and the like) cannot be uploaded"},
		"image.unreadable": {"图片已损坏或不完整，无法读取", "The image is damaged or incomplete and cannot be read"},
		"image.too_many_pixels": {
			fmt.Sprintf("图片不能超过 %d 万像素（此图 %%d×%%d）", MaxImagePixels/10_000),
			fmt.Sprintf("The image cannot exceed %d megapixels (this one is %%d×%%d)", MaxImagePixels/1_000_000)},
	})
}
