package repocheck

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// builtProgram names the executable format a file starts with: ELF (Linux), Mach-O (macOS, also universal
// binaries) or PE (Windows: "MZ" and, at the offset the DOS header gives, "PE\0\0"); "" for anything else.
func builtProgram(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "ELF"
	case len(head) >= 4 && (bytes.Equal(head[:4], []byte{0xfe, 0xed, 0xfa, 0xce}) || bytes.Equal(head[:4], []byte{0xfe, 0xed, 0xfa, 0xcf}) ||
		bytes.Equal(head[:4], []byte{0xce, 0xfa, 0xed, 0xfe}) || bytes.Equal(head[:4], []byte{0xcf, 0xfa, 0xed, 0xfe}) ||
		bytes.Equal(head[:4], []byte{0xca, 0xfe, 0xba, 0xbe})):
		return "Mach-O"
	case bytes.HasPrefix(head, []byte("MZ")) && len(head) >= 0x40:
		off := int(binary.LittleEndian.Uint32(head[0x3c:0x40]))
		if off > 0 && off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00")) {
			return "PE"
		}
	}
	return ""
}

// TestNoBuiltProgramIsCommitted: no file git tracks is a built program (a build of bdload was once committed at the
// root, 12 MB of the pack). Build output goes to bin/ (ignored); cmd/ holds the sources.
func TestNoBuiltProgramIsCommitted(t *testing.T) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skip("not in a git work tree:", err)
	}
	root := strings.TrimSpace(string(out))
	list, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		f, err := os.Open(filepath.Join(root, name))
		if err != nil {
			continue // tracked but removed from the work tree (a deletion not committed yet)
		}
		head := make([]byte, 4096)
		n, _ := io.ReadFull(f, head)
		f.Close()
		if kind := builtProgram(head[:n]); kind != "" {
			t.Errorf("%s is a built program (%s) tracked by git: git rm --cached it; builds go to bin/", name, kind)
		}
	}
}

func TestBuiltProgramFormatsAreRecognised(t *testing.T) {
	pe := make([]byte, 0x100)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x80)
	copy(pe[0x80:], "PE\x00\x00")
	for _, c := range []struct {
		head []byte
		want string
	}{
		{[]byte("\x7fELF\x02\x01\x01"), "ELF"},
		{[]byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, "Mach-O"},
		{[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, "Mach-O"},
		{pe, "PE"},
		{[]byte("MZ is a text that starts like a DOS header but is not one, long enough to hold the offset field.."), ""},
		{[]byte("package main\n"), ""},
		{[]byte("%PDF-1.7"), ""},
	} {
		if got := builtProgram(c.head); got != c.want {
			t.Errorf("%q: %q, want %q", c.head[:8], got, c.want)
		}
	}
}
