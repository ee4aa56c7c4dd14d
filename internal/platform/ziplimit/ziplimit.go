// Package ziplimit checks a zip archive (an Office 2007+ document: a workbook, a deck) before any of it is
// unpacked: the sizes its directory declares must add up to at most a limit, and its entries must be few
// enough. A zip bomb (a few hundred kilobytes that unpack to gigabytes) is refused unread. The declared
// sizes can be trusted: archive/zip fails the read of an entry that unpacks to more than its declared size.
// Every reader of uploaded zips (the Excel imports, the courseware conversion) checks them here.
package ziplimit

import (
	"archive/zip"
	"errors"
)

// MaxEntries is the most entries an archive may hold when the caller gives no limit of its own.
const MaxEntries = 20000

// ErrTooLarge is the refusal of an archive that unpacks to more than the limit, or holds too many entries.
var ErrTooLarge = errors.New("ziplimit: the archive unpacks to too much")

// Check refuses (ErrTooLarge) the entries of an archive whose declared unpacked sizes add up to more than
// maxUnpacked bytes, or that are more than maxEntries (MaxEntries when 0).
func Check(files []*zip.File, maxUnpacked int64, maxEntries int) error {
	if maxEntries <= 0 {
		maxEntries = MaxEntries
	}
	if len(files) > maxEntries || maxUnpacked < 0 {
		return ErrTooLarge
	}
	var total uint64
	for _, f := range files {
		total += f.UncompressedSize64
		if total > uint64(maxUnpacked) || total < f.UncompressedSize64 { // over the limit, or wrapped around
			return ErrTooLarge
		}
	}
	return nil
}
