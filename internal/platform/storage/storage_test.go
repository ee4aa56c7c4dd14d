package storage_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"biddesk/internal/platform/storage"
	"biddesk/internal/platform/storage/s3test"
)

func key(t *testing.T) string {
	t.Helper()
	k, err := storage.NewKey()
	if err != nil || !storage.ValidKey(k) {
		t.Fatalf("storage.NewKey: %q %v", k, err)
	}
	return k
}

// roundTrip puts, reads back and deletes one object, and checks the missing cases.
func roundTrip(t *testing.T, s storage.Store) {
	t.Helper()
	ctx := context.Background()
	k := key(t)
	body := bytes.Repeat([]byte("投标资料 0123456789\n"), 5000)
	if err := s.Put(ctx, k, bytes.NewReader(body), int64(len(body)), "text/plain"); err != nil {
		t.Fatal(err)
	}
	rc, size, err := s.Open(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if size != int64(len(body)) || !bytes.Equal(got, body) {
		t.Fatalf("read back %d bytes (size %d), want %d", len(got), size, len(body))
	}
	if err := s.Delete(ctx, k); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Open(ctx, k); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := s.Delete(ctx, k); err != nil {
		t.Fatalf("deleting a missing object: %v", err)
	}
	empty := key(t)
	if err := s.Put(ctx, empty, bytes.NewReader(nil), 0, ""); err != nil {
		t.Fatalf("empty object: %v", err)
	}
	for _, bad := range []string{"", "../../etc/passwd", "ab/../../x", "/etc/passwd", strings.ToUpper(k), k + "/x", "00000000000000000000000000000000\x00"} {
		if err := s.Put(ctx, bad, strings.NewReader("x"), 1, ""); !errors.Is(err, storage.ErrBadKey) {
			t.Errorf("Put(%q): %v, want storage.ErrBadKey", bad, err)
		}
		if _, _, err := s.Open(ctx, bad); !errors.Is(err, storage.ErrBadKey) {
			t.Errorf("Open(%q): %v, want storage.ErrBadKey", bad, err)
		}
		if err := s.Delete(ctx, bad); !errors.Is(err, storage.ErrBadKey) {
			t.Errorf("Delete(%q): %v, want storage.ErrBadKey", bad, err)
		}
	}
}

func TestDisk(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "files")
	d, err := storage.NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, d)
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Errorf("folder mode %v, want 0700", st.Mode().Perm())
	}

	// A reader shorter than announced, or a cancelled request, leaves no object and no part file.
	ctx := context.Background()
	k := key(t)
	if err := d.Put(ctx, k, strings.NewReader("short"), 10, ""); !errors.Is(err, storage.ErrShort) {
		t.Fatalf("short put: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := d.Put(cancelled, key(t), strings.NewReader("abc"), 3, ""); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled put: %v", err)
	}
	if files := filesUnder(t, dir); len(files) != 1 { // the empty object of roundTrip
		t.Fatalf("left behind: %v", files)
	}

	// A link planted inside the folder cannot lead outside it.
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	k = key(t)
	if err := os.MkdirAll(filepath.Join(dir, k[0:2], k[2:4]), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, k[0:2], k[2:4], k)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.Open(ctx, k); err == nil {
		t.Fatal("a link leading outside the folder was followed")
	}
}

func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestS3AgainstAnS3Server(t *testing.T) {
	srv := s3test.Start(t, "biddesk")
	cfg := srv.Config
	s, err := storage.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	roundTrip(t, s)
	if keys := srv.Keys(t); len(keys) != 1 { // the empty object of roundTrip
		t.Fatalf("objects left: %v", keys)
	}

	cfg.Bucket = "no-such-bucket"
	other, _ := storage.NewS3(cfg)
	if err := other.Check(context.Background()); err == nil {
		t.Fatal("a missing bucket passed the check")
	}
	err = other.Put(context.Background(), key(t), strings.NewReader("x"), 1, "")
	if err == nil || !strings.Contains(err.Error(), "NoSuchBucket") || strings.Contains(err.Error(), cfg.SecretKey) {
		t.Fatalf("put into a missing bucket: %v", err)
	}
}

func TestS3Config(t *testing.T) {
	for _, c := range []storage.S3Config{
		{Endpoint: "ftp://x", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://u:p@x", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://x", Bucket: "a/b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://x", Bucket: "b"},
	} {
		if _, err := storage.NewS3(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}
