package media

import (
	"bytes"
	"encoding/binary"
	"testing"
	"time"
)

func TestMP4DurationFromTheMovieHeader(t *testing.T) {
	for _, c := range []struct {
		b    []byte
		want time.Duration
	}{
		{TestMP4(1000, 90500, 0, 100), 90500 * time.Millisecond},
		{TestMP4(600, 600*3600*3, 1, 10), 3 * time.Hour},
		{TestMP4(90000, 45000, 0, 0), 500 * time.Millisecond},
	} {
		info, err := MP4Duration(bytes.NewReader(c.b), int64(len(c.b)))
		if err != nil || info.Duration != c.want {
			t.Errorf("duration %v %v, want %v", info.Duration, err, c.want)
		}
		if !IsMP4(c.b) {
			t.Error("IsMP4 false")
		}
	}
}

func TestMP4DurationRefusesBrokenFiles(t *testing.T) {
	good := TestMP4(1000, 5000, 0, 50)
	bad := [][]byte{
		[]byte("not a video at all, not a video at all"),
		good[:len(good)-20], // moov cut
		TestMP4(0, 5000, 0, 0),
	}
	// a box that claims to be larger than the file
	huge := append([]byte{}, good...)
	binary.BigEndian.PutUint32(huge[28:], 0x7FFFFFFF) // the mdat box's size (after the 28-byte ftyp)
	bad = append(bad, huge)
	// a 64-bit size past the end
	big := append([]byte{0, 0, 0, 1, 'f', 'r', 'e', 'e'}, 0x7F, 0, 0, 0, 0, 0, 0, 0)
	bad = append(bad, big)
	for i, b := range bad {
		if _, err := MP4Duration(bytes.NewReader(b), int64(len(b))); err == nil {
			t.Errorf("%d: accepted", i)
		}
	}
}
