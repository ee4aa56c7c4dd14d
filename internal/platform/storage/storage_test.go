package storage_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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

// The S3 store against a real S3-protocol server, addressed path-style (MinIO, a gateway) and
// virtual-hosted (Aliyun OSS, Tencent COS: a server that refuses path-style requests).
func TestS3AgainstAnS3Server(t *testing.T) {
	for _, tc := range []struct {
		name    string
		virtual bool
	}{{"path", false}, {"virtual-hosted", true}} {
		t.Run(tc.name, func(t *testing.T) {
			srv := s3test.StartWith(t, "biddesk", s3test.Options{Virtual: tc.virtual})
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
			for _, r := range srv.Requests() {
				virtual := strings.HasPrefix(r.Host, "biddesk.")
				if virtual != tc.virtual || (!tc.virtual && !strings.HasPrefix(r.Path, "/biddesk")) {
					t.Errorf("request %s %s %s is not %s-addressed", r.Method, r.Host, r.Path, tc.name)
				}
			}

			// a server-side copy, and a signed address that downloads without credentials
			ctx := context.Background()
			from, to := key(t), key(t)
			if err := s.Put(ctx, from, strings.NewReader("标书正文"), int64(len("标书正文")), "text/plain"); err != nil {
				t.Fatal(err)
			}
			srv.Requests()
			if err := s.Copy(ctx, from, to); err != nil {
				t.Fatal(err)
			}
			for _, r := range srv.Requests() {
				if r.Method != "PUT" || !strings.HasSuffix(r.Path, to) {
					t.Errorf("the copy sent %s %s", r.Method, r.Path)
				}
			}
			if n, err := s.Stat(ctx, to); err != nil || n != int64(len("标书正文")) {
				t.Fatalf("copy: %d %v", n, err)
			}
			if _, err := s.Stat(ctx, key(t)); !errors.Is(err, storage.ErrNotFound) {
				t.Fatalf("stat of a missing object: %v", err)
			}
			signed, err := s.SignedURL(ctx, to, `attachment; filename="a.txt"`, "text/plain", time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			client := &http.Client{Transport: cfg.Transport}
			resp, err := client.Get(signed)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || string(body) != "标书正文" || strings.Contains(signed, cfg.SecretKey) {
				t.Fatalf("signed download: HTTP %d %q", resp.StatusCode, body)
			}
		})
	}

	srv := s3test.Start(t, "biddesk")
	cfg := srv.Config
	cfg.Bucket = "no-such-bucket"
	other, _ := storage.NewS3(cfg)
	if err := other.Check(context.Background()); err == nil {
		t.Fatal("a missing bucket passed the check")
	}
	err := other.Put(context.Background(), key(t), strings.NewReader("x"), 1, "")
	if err == nil || !strings.Contains(err.Error(), "NoSuchBucket") || strings.Contains(err.Error(), cfg.SecretKey) {
		t.Fatalf("put into a missing bucket: %v", err)
	}
}

// A file larger than the part size goes up in parts, and comes back whole.
func TestS3MultipartUpload(t *testing.T) {
	srv := s3test.Start(t, "biddesk")
	cfg := srv.Config
	cfg.PartSize = storage.MinPartSize
	s, err := storage.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	body := make([]byte, 2*storage.MinPartSize+12345)
	for i := range body {
		body[i] = byte(i*7 + i/4099)
	}
	ctx := context.Background()
	k := key(t)
	if err := s.Put(ctx, k, bytes.NewReader(body), int64(len(body)), "application/pdf"); err != nil {
		t.Fatal(err)
	}
	parts := 0
	for _, r := range srv.Requests() {
		if r.Method == "PUT" && strings.Contains(r.Query, "partNumber=") {
			parts++
		}
	}
	if parts != 3 {
		t.Fatalf("%d parts sent, want 3", parts)
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
	// a reader shorter than announced leaves no object
	short := key(t)
	if err := s.Put(ctx, short, bytes.NewReader(body[:storage.MinPartSize+10]), int64(len(body)), ""); err == nil {
		t.Fatal("a short multipart upload succeeded")
	}
	if _, err := s.Stat(ctx, short); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("a failed multipart upload left an object: %v", err)
	}
}

// A store that fails for a while and then recovers: the calls are tried again and succeed; one that
// stays down fails the call with the store's error, leaving nothing.
func TestS3RetriesAFailingServer(t *testing.T) {
	srv := s3test.Start(t, "biddesk")
	cfg := srv.Config
	cfg.Retries = 3
	cfg.PartSize = storage.MinPartSize
	s, err := storage.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	small := []byte("投标保证金回单")
	large := bytes.Repeat([]byte("0123456789abcdef"), (storage.MinPartSize+1000)/16)
	for _, tc := range []struct {
		name string
		body []byte
	}{{"single PUT", small}, {"multipart", large}} {
		t.Run(tc.name, func(t *testing.T) {
			k := key(t)
			srv.FailNext(2)
			before := srv.Failed()
			if err := s.Put(ctx, k, bytes.NewReader(tc.body), int64(len(tc.body)), ""); err != nil {
				t.Fatalf("put through a recovering server: %v", err)
			}
			srv.FailNext(2)
			rc, size, err := s.Open(ctx, k)
			if err != nil {
				t.Fatalf("open through a recovering server: %v", err)
			}
			got, _ := io.ReadAll(rc)
			rc.Close()
			if size != int64(len(tc.body)) || !bytes.Equal(got, tc.body) {
				t.Fatalf("read back %d bytes", len(got))
			}
			if srv.Failed()-before != 4 {
				t.Fatalf("%d requests failed on purpose, want 4", srv.Failed()-before)
			}
			srv.FailNext(2)
			if err := s.Delete(ctx, k); err != nil {
				t.Fatalf("delete through a recovering server: %v", err)
			}
		})
	}
	// down for longer than the retries
	k := key(t)
	srv.FailNext(100)
	err = s.Put(ctx, k, bytes.NewReader(small), int64(len(small)), "")
	if err == nil || !strings.Contains(err.Error(), "SlowDown") {
		t.Fatalf("put to a server that stays down: %v", err)
	}
	srv.FailNext(0)
	if _, err := s.Stat(ctx, k); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("a failed put left an object: %v", err)
	}
}

func TestS3Addressing(t *testing.T) {
	for host, virtual := range map[string]bool{
		"oss-cn-hangzhou.aliyuncs.com": true, "cos.ap-guangzhou.myqcloud.com": true, "s3.us-east-1.amazonaws.com": true,
		"s3.cn-north-1.amazonaws.com.cn": true, "minio.intra:9000": false, "127.0.0.1:9000": false, "obs.cn-north-4.myhuaweicloud.com": true,
	} {
		if storage.VirtualFor(host) != virtual {
			t.Errorf("auto addressing of %s: virtual %v, want %v", host, !virtual, virtual)
		}
	}
}

func TestS3Config(t *testing.T) {
	for _, c := range []storage.S3Config{
		{Endpoint: "ftp://x", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://u:p@x", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://x", Bucket: "a/b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://x", Bucket: "b"},
		{Endpoint: "http://x/prefix", Bucket: "b", AccessKey: "a", SecretKey: "s"},
		{Endpoint: "http://x", Bucket: "b", AccessKey: "a", SecretKey: "s", Addressing: "dns"},
		{Endpoint: "http://x", Bucket: "b", AccessKey: "a", SecretKey: "s", PartSize: 1 << 20},
	} {
		if _, err := storage.NewS3(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

// Objects of BidDesk's own (the scheduled backups) under a prefix, against the S3 server: put (one request and
// multipart), list by prefix, read back, delete; names that could climb or are user-shaped are refused unsent.
func TestS3NamedObjects(t *testing.T) {
	srv := s3test.Start(t, "biddesk")
	cfg := srv.Config
	cfg.PartSize = storage.MinPartSize
	s, err := storage.NewS3(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	small := []byte("a small backup")
	large := bytes.Repeat([]byte("0123456789abcdef"), (storage.MinPartSize+1024)/16) // two parts
	for name, body := range map[string][]byte{"backups/a.tar": small, "backups/b.tar": large, "other/c.tar": small} {
		if err := s.PutNamed(ctx, name, bytes.NewReader(body), int64(len(body))); err != nil {
			t.Fatalf("put %s: %v", name, err)
		}
	}
	names, err := s.ListNamed(ctx, "backups/")
	if err != nil || strings.Join(names, ",") != "backups/a.tar,backups/b.tar" {
		t.Fatalf("list: %v %v", names, err)
	}
	rc, size, err := s.OpenNamed(ctx, "backups/b.tar")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if size != int64(len(large)) || !bytes.Equal(got, large) {
		t.Fatalf("read back %d bytes of %d", len(got), len(large))
	}
	if err := s.DeleteNamed(ctx, "backups/a.tar"); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteNamed(ctx, "backups/a.tar"); err != nil {
		t.Fatalf("delete a missing object: %v", err)
	}
	if _, _, err := s.OpenNamed(ctx, "backups/a.tar"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("open a deleted object: %v", err)
	}
	srv.Requests()
	for _, bad := range []string{"", "/abs.tar", "backups/../x.tar", "./x", "a//b", "backups/名字.tar", "a b", "x/"} {
		if storage.ValidName(bad) {
			t.Errorf("ValidName(%q)", bad)
		}
		if err := s.PutNamed(ctx, bad, bytes.NewReader(small), int64(len(small))); !errors.Is(err, storage.ErrBadKey) {
			t.Errorf("put %q: %v", bad, err)
		}
	}
	if r := srv.Requests(); len(r) != 0 {
		t.Fatalf("refused names reached the server: %v", r)
	}
}
