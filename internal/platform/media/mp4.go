// Package media reads what the product needs to know of a video without any external program: the
// duration of an MP4 (ISO base media) file, from its movie header box (mvhd).
package media

import (
	"encoding/binary"
	"errors"
	"io"
	"time"
)

// ErrNotMP4 means the bytes are not an ISO base media file with a readable movie header.
var ErrNotMP4 = errors.New("media: not an MP4 file with a movie header")

// maxBoxes bounds the boxes walked, so a crafted file cannot keep the parser busy.
const maxBoxes = 10000

// MP4Info is what the movie header says.
type MP4Info struct {
	Duration  time.Duration
	TimeScale uint32
	// Units is the duration in time-scale units.
	Units uint64
}

// IsMP4 tells whether the first bytes are an ISO base media file's ftyp box.
func IsMP4(head []byte) bool {
	return len(head) >= 12 && string(head[4:8]) == "ftyp"
}

// MP4Duration walks the top-level boxes of r (size bytes) to moov and reads its mvhd. The moov box may
// be anywhere (at the end when the file was not 'fast-started').
func MP4Duration(r io.ReaderAt, size int64) (MP4Info, error) {
	moov, moovEnd, err := findBox(r, 0, size, "moov")
	if err != nil {
		return MP4Info{}, err
	}
	mvhd, mvhdEnd, err := findBox(r, moov, moovEnd, "mvhd")
	if err != nil {
		return MP4Info{}, err
	}
	var hdr [32]byte
	n := int64(len(hdr))
	if mvhdEnd-mvhd < n {
		n = mvhdEnd - mvhd
	}
	if n < 20 {
		return MP4Info{}, ErrNotMP4
	}
	if _, err := r.ReadAt(hdr[:n], mvhd); err != nil && !errors.Is(err, io.EOF) {
		return MP4Info{}, err
	}
	var info MP4Info
	switch hdr[0] { // version
	case 0: // version/flags 4, creation 4, modification 4, time scale 4, duration 4
		info.TimeScale = binary.BigEndian.Uint32(hdr[12:16])
		info.Units = uint64(binary.BigEndian.Uint32(hdr[16:20]))
		if info.Units == 0xFFFFFFFF {
			info.Units = 0 // unknown
		}
	case 1: // version/flags 4, creation 8, modification 8, time scale 4, duration 8
		if n < 32 {
			return MP4Info{}, ErrNotMP4
		}
		info.TimeScale = binary.BigEndian.Uint32(hdr[20:24])
		info.Units = binary.BigEndian.Uint64(hdr[24:32])
		if info.Units == 0xFFFFFFFFFFFFFFFF {
			info.Units = 0
		}
	default:
		return MP4Info{}, ErrNotMP4
	}
	if info.TimeScale == 0 {
		return MP4Info{}, ErrNotMP4
	}
	secs := info.Units / uint64(info.TimeScale)
	rest := info.Units % uint64(info.TimeScale)
	if secs > uint64(1<<62)/uint64(time.Second) {
		return MP4Info{}, ErrNotMP4
	}
	info.Duration = time.Duration(secs)*time.Second + time.Duration(rest*uint64(time.Second)/uint64(info.TimeScale))
	return info, nil
}

// findBox returns where the content of the first box of type typ between start and end begins and ends.
func findBox(r io.ReaderAt, start, end int64, typ string) (int64, int64, error) {
	pos := start
	for i := 0; i < maxBoxes && pos+8 <= end; i++ {
		var h [16]byte
		if _, err := r.ReadAt(h[:8], pos); err != nil {
			return 0, 0, ErrNotMP4
		}
		size := int64(binary.BigEndian.Uint32(h[:4]))
		name := string(h[4:8])
		header := int64(8)
		switch size {
		case 0: // to the end
			size = end - pos
		case 1: // 64-bit size follows
			if _, err := r.ReadAt(h[8:16], pos+8); err != nil {
				return 0, 0, ErrNotMP4
			}
			s := binary.BigEndian.Uint64(h[8:16])
			if s > uint64(end-pos) {
				return 0, 0, ErrNotMP4
			}
			size, header = int64(s), 16
		}
		if size < header || pos+size > end {
			return 0, 0, ErrNotMP4
		}
		if name == typ {
			return pos + header, pos + size, nil
		}
		pos += size
	}
	return 0, 0, ErrNotMP4
}

// TestMP4 builds a minimal MP4 (ftyp, mdat of the given size, moov with an mvhd of the given version)
// lasting units/timeScale seconds: for tests.
func TestMP4(timeScale uint32, units uint64, version byte, mdat int) []byte {
	box := func(typ string, body []byte) []byte {
		b := make([]byte, 8, 8+len(body))
		binary.BigEndian.PutUint32(b, uint32(8+len(body)))
		copy(b[4:], typ)
		return append(b, body...)
	}
	ftyp := box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2mp41"))
	var mvhd []byte
	if version == 1 {
		mvhd = make([]byte, 32+80)
		mvhd[0] = 1
		binary.BigEndian.PutUint32(mvhd[20:], timeScale)
		binary.BigEndian.PutUint64(mvhd[24:], units)
	} else {
		mvhd = make([]byte, 20+80)
		binary.BigEndian.PutUint32(mvhd[12:], timeScale)
		binary.BigEndian.PutUint32(mvhd[16:], uint32(units))
	}
	moov := box("moov", box("mvhd", mvhd))
	out := append(ftyp, box("mdat", make([]byte, mdat))...)
	return append(out, moov...)
}
