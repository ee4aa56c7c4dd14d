package files

import (
	"archive/zip"
	"bytes"
	"image"
	_ "image/gif" // decoders for image.DecodeConfig
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/richardlehane/mscfb"
)

// The content of an upload must agree with its suffix: a file is judged by its bytes, never by its
// name or the Content-Type its client claims. Suffixes the product knows are checked for their own
// format; a suffix an administrator added to the allowed list is accepted unless its bytes are a
// program or a web page, and is served as application/octet-stream.

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

var formats = map[string]checker{
	"pdf":  prefix(typePDF, "%PDF-"),
	"jpg":  imageOf("jpeg"),
	"jpeg": imageOf("jpeg"),
	"png":  imageOf("png"),
	"gif":  imageOf("gif"),
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

// sniff checks the bytes of a file of size bytes against its suffix (lower case, no dot).
func sniff(suffix string, ra io.ReaderAt, size int64) (content, bool) {
	head := make([]byte, min(size, sniffLen))
	if _, err := ra.ReadAt(head, 0); err != nil && err != io.EOF {
		return content{}, false
	}
	if executable(head) {
		return content{}, false
	}
	if check, ok := formats[suffix]; ok {
		return check(head, ra, size)
	}
	switch t := http.DetectContentType(head); {
	case strings.HasPrefix(t, "text/html"), strings.HasPrefix(t, "text/xml") && bytes.Contains(bytes.ToLower(head), []byte("<svg")):
		return content{}, false // a web page (script) whatever its name
	}
	return content{Type: typeBin}, true
}

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

// imageOf decodes the image's header: format and dimensions must be readable.
func imageOf(format string) checker {
	return func(_ []byte, ra io.ReaderAt, size int64) (content, bool) {
		cfg, got, err := image.DecodeConfig(io.NewSectionReader(ra, 0, size))
		if err != nil || got != format || cfg.Width <= 0 || cfg.Height <= 0 {
			return content{}, false
		}
		return content{Type: "image/" + format, Width: cfg.Width, Height: cfg.Height, ImageFormat: format}, true
	}
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
	return func(head []byte, _ io.ReaderAt, _ int64) (content, bool) {
		for _, c := range head {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b {
				return content{}, false
			}
		}
		if !strings.HasPrefix(http.DetectContentType(head), "text/plain") {
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
