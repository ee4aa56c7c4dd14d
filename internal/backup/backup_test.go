package backup_test

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"biddesk/internal/app"
	"biddesk/internal/apptest"
	"biddesk/internal/backup"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/storage/s3test"
)

// `biddesk backup` while 64 writers keep writing, then `biddesk restore` into a new folder: the restored
// database passes PRAGMA integrity_check, holds every write acknowledged before the backup began and
// every file with its bytes, and a BidDesk opened on it serves the same company (the same accounts sign
// in, the same files download). On PostgreSQL the command refuses and says what to use.
func TestBackupDuringConcurrentWritersAndRestore(t *testing.T) {
	e := apptest.New(t)
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "company.tar")
	if e.App.Config.DatabaseURL != "" {
		if _, err := app.BackupFile(ctx, e.App.Config, out); !errors.Is(err, backup.ErrPostgres) || !strings.Contains(err.Error(), "pg_dump") {
			t.Fatalf("backup of PostgreSQL: %v", err)
		}
		if msg, err := e.App.ScheduledBackup(ctx, time.Now()); err != nil || !strings.Contains(msg, "backup_pg") {
			t.Fatalf("scheduled backup on PostgreSQL: %q %v", msg, err)
		}
		return
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	kept := map[string][]byte{}
	for i := range 3 {
		body := bytes.Repeat([]byte(fmt.Sprintf("第 %d 份投标文件\n", i)), 2000)
		u := e.UploadOK(apptest.DiskUpload, staff, fmt.Sprintf("标书%d.txt", i), body)
		kept[u.URL] = body
	}
	if _, err := e.App.DB.Exec(ctx, `CREATE TABLE backup_probe (writer INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (writer, seq))`); err != nil {
		t.Fatal(err)
	}

	const writers = 64
	var acked [writers]atomic.Int64
	stop := make(chan struct{})
	var started, done sync.WaitGroup
	started.Add(writers)
	done.Add(writers)
	errs := make(chan error, writers)
	for w := range writers {
		go func() {
			defer done.Done()
			for seq := int64(1); ; seq++ {
				if _, err := e.App.DB.Exec(ctx, `INSERT INTO backup_probe (writer, seq) VALUES (?, ?)`, w, seq); err != nil {
					errs <- err
					if seq <= 3 {
						started.Done()
					}
					return
				}
				acked[w].Store(seq)
				if seq == 3 {
					started.Done() // every writer has writes acknowledged before the backup begins
				}
				select {
				case <-stop:
					if seq >= 3 {
						return
					}
				default:
				}
			}
		}()
	}
	started.Wait()
	var before [writers]int64
	for w := range writers {
		before[w] = acked[w].Load()
	}
	m, err := app.BackupFile(ctx, e.App.Config, out)
	close(stop)
	done.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a writer failed: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if m.Files != 3 || len(m.Missing) != 0 || m.Schema == 0 {
		t.Fatalf("manifest %+v", m)
	}

	// restore refuses a folder in use, and a file that is not a backup
	if _, err := backup.Restore(ctx, out, e.App.Config.DataDir); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("restore over a data folder: %v", err)
	}
	evil := filepath.Join(t.TempDir(), "evil.tar")
	writeTar(t, evil, map[string]string{"manifest.json": `{"format":"biddesk-backup/1"}`, "../../escape": "x"})
	target := filepath.Join(t.TempDir(), "evil")
	if _, err := backup.Restore(ctx, evil, target); err == nil {
		t.Fatal("a backup with a path outside its folder was restored")
	}
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatal("a refused restore left its folder")
	}

	dir := filepath.Join(t.TempDir(), "restored")
	if _, err := backup.Restore(ctx, out, dir); err != nil {
		t.Fatal(err)
	}
	cfg := e.App.Config
	cfg.DataDir, cfg.DatabaseURL = dir, ""
	ra, err := app.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("the restored instance does not open: %v", err)
	}
	defer ra.Close()
	for w := range writers {
		var n, top int64
		if err := ra.DB.QueryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM backup_probe WHERE writer = ? AND seq <= ?`, w, before[w]).Scan(&n, &top); err != nil {
			t.Fatal(err)
		}
		if n != before[w] || top != before[w] {
			t.Fatalf("writer %d: %d of the %d writes acknowledged before the backup are in it", w, n, before[w])
		}
	}
	re := apptest.Serve(t, ra)
	tok := re.Login("staff", "Staff@123").AccessToken
	for url, body := range kept {
		if resp, got := re.Fetch(url, tok); resp.StatusCode != 200 || !bytes.Equal(got, body) {
			t.Fatalf("restored file %s: HTTP %d, %d bytes", url, resp.StatusCode, len(got))
		}
	}
}

func writeTar(t *testing.T, p string, entries map[string]string) {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for name, body := range entries {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		_, _ = tw.Write([]byte(body))
	}
	_ = tw.Close()
	if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
}

// The scheduled backup task writes into the backup folder and keeps only the newest --backup-keep.
func TestScheduledBackupKeepsTheNewest(t *testing.T) {
	e := apptest.New(t)
	if e.App.Config.DatabaseURL != "" {
		t.Skip("PostgreSQL: covered by TestBackupDuringConcurrentWritersAndRestore (the task refuses)")
	}
	e.App.Config.BackupDir = filepath.Join(t.TempDir(), "backups")
	e.App.Config.BackupKeep = 2
	at := time.Date(2026, 3, 1, 2, 30, 0, 0, time.UTC)
	for i := range 3 {
		msg, err := e.App.ScheduledBackup(context.Background(), at.Add(time.Duration(i)*24*time.Hour))
		if err != nil || !strings.Contains(msg, "task.msg.backup") {
			t.Fatalf("run %d: %q %v", i, msg, err)
		}
	}
	entries, _ := os.ReadDir(e.App.Config.BackupDir)
	var names []string
	for _, en := range entries {
		names = append(names, en.Name())
	}
	if len(names) != 2 || !strings.Contains(names[0], "20260302") || !strings.Contains(names[1], "20260303") {
		t.Fatalf("backups kept: %v", names)
	}
	if e.App.Tasks.Engine().Task("backup") == nil {
		t.Fatal("the backup task is not registered")
	}
}

// The scheduled backup task with --backup-s3-prefix: each backup goes into the S3 store (a real S3-protocol
// server) under the prefix, only the newest --backup-keep stay there (other objects under the prefix are left
// alone), a store that fails and recovers is retried, nothing is left in the data folder; the newest backup read
// back from the store (restore --from s3://...) restores into a company whose files download. On PostgreSQL the
// task refuses as it does for a folder.
func TestScheduledBackupToTheS3Store(t *testing.T) {
	srv := s3test.Start(t, "company-backups")
	e := apptest.New(t, apptest.S3Settings(srv), func(c *config.Config) { c.Storage = "disk" })
	ctx := context.Background()
	e.App.Config.BackupS3Prefix = "backups/daily/"
	e.App.Config.BackupKeep = 2
	at := time.Date(2026, 3, 1, 2, 30, 0, 0, time.UTC)
	if e.App.Config.DatabaseURL != "" {
		if msg, err := e.App.ScheduledBackup(ctx, at); err != nil || !strings.Contains(msg, "backup_pg") {
			t.Fatalf("scheduled backup on PostgreSQL: %q %v", msg, err)
		}
		return
	}
	staff := e.Login("staff", "Staff@123").AccessToken
	body := bytes.Repeat([]byte("第 1 份投标文件\n"), 5000)
	u := e.UploadOK(apptest.DiskUpload, staff, "标书.txt", body)

	s3, err := app.S3Store(e.App.Config)
	if err != nil {
		t.Fatal(err)
	}
	notes := []byte("kept by the operator")
	if err := s3.PutNamed(ctx, "backups/daily/README.txt", bytes.NewReader(notes), int64(len(notes))); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if i == 1 {
			srv.FailNext(2) // the store answers 503 twice, then recovers
		}
		msg, err := e.App.ScheduledBackup(ctx, at.Add(time.Duration(i)*24*time.Hour))
		if err != nil || !strings.Contains(msg, "s3://company-backups/backups/daily/biddesk-backup-2026030") {
			t.Fatalf("run %d: %q %v", i, msg, err)
		}
	}
	if srv.Failed() != 2 {
		t.Fatalf("failed requests: %d", srv.Failed())
	}
	names, err := s3.ListNamed(ctx, "backups/daily/")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 3 || names[0] != "backups/daily/README.txt" || !strings.Contains(names[1], "20260302") || !strings.Contains(names[2], "20260303") {
		t.Fatalf("objects under the prefix: %v", names)
	}
	if left, _ := os.ReadDir(filepath.Join(e.App.Config.DataDir, "backup-tmp")); len(left) != 0 {
		t.Fatalf("left in the data folder: %v", left)
	}

	out := filepath.Join(t.TempDir(), "downloaded.tar")
	if err := app.DownloadBackup(ctx, e.App.Config, "s3://company-backups/"+names[2], out); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"s3://company-backups/backups/daily/none.tar", "s3://company-backups", "/tmp/x.tar"} {
		if err := app.DownloadBackup(ctx, e.App.Config, bad, filepath.Join(t.TempDir(), "x.tar")); err == nil {
			t.Errorf("download %q: no error", bad)
		}
	}
	dir := filepath.Join(t.TempDir(), "restored")
	if _, err := backup.Restore(ctx, out, dir); err != nil {
		t.Fatal(err)
	}
	cfg := e.App.Config
	cfg.DataDir, cfg.DatabaseURL = dir, ""
	ra, err := app.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("the restored instance does not open: %v", err)
	}
	defer ra.Close()
	re := apptest.Serve(t, ra)
	tok := re.Login("staff", "Staff@123").AccessToken
	if resp, got := re.Fetch(u.URL, tok); resp.StatusCode != 200 || !bytes.Equal(got, body) {
		t.Fatalf("restored file: HTTP %d, %d bytes", resp.StatusCode, len(got))
	}

	// the prefix needs the S3 store
	e.App.Config.S3Endpoint = ""
	if _, err := e.App.ScheduledBackup(ctx, at.Add(5*24*time.Hour)); err == nil || !strings.Contains(err.Error(), "--backup-s3-prefix") {
		t.Fatalf("without the S3 store: %v", err)
	}
}
