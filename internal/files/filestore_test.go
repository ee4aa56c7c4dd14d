package files_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"biddesk/internal/apptest"
	"biddesk/internal/files"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/storage/s3test"
)

// `biddesk storage migrate --from disk --to s3`: files kept on the disk move to the S3 store, each copy
// read back and checked against its record's SHA-256 before the record points at it; a file whose bytes
// no longer match its record stays where it was, readable, and is reported; running again moves nothing.
func TestStorageMigrateMovesAndVerifies(t *testing.T) {
	s3 := s3test.Start(t, "biddesk-move")
	e := apptest.New(t, func(c *config.Config) {
		apptest.S3Settings(s3)(c)
		c.Storage = "disk" // files go to the disk; the S3 store is configured to move them to
	})
	staff := e.Login("staff", "Staff@123").AccessToken
	bodies := map[int64][]byte{}
	for i, name := range []string{"a.pdf", "b.txt", "c.pdf"} {
		body := apptest.PDFBytes()
		if name == "b.txt" {
			body = bytes.Repeat([]byte("投标文件 "), 1000+i)
		}
		u := e.UploadOK(apptest.DiskUpload, staff, name, body)
		bodies[u.ID] = body
	}
	// one file's bytes are damaged on the disk (same size): it must not move
	var damaged int64
	var key string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT id, object_key FROM sys_file WHERE name = 'c.pdf'`).Scan(&damaged, &key); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(e.App.Config.DataDir, "files", key[0:2], key[2:4], key)
	bad := bytes.Clone(bodies[damaged])
	bad[0] ^= 0xff
	if err := os.WriteFile(path, bad, 0o600); err != nil {
		t.Fatal(err)
	}

	ctx := context.Background()
	if _, err := e.App.MoveFiles(ctx, "disk", "ftp", false, nil); err == nil {
		t.Fatal("an unknown store was accepted")
	}
	rep, err := e.App.MoveFiles(ctx, "disk", "s3", true, nil)
	if err != nil || rep.Moved != 2 || len(rep.Failed) != 1 {
		t.Fatalf("move: %+v %v", rep, err)
	}
	if n := e.Count(`SELECT COUNT(*) FROM sys_file WHERE storage = 'oss'`); n != 2 {
		t.Fatalf("%d records point at the S3 store, want 2", n)
	}
	if e.Count(`SELECT COUNT(*) FROM sys_file WHERE id = ? AND storage = 'disk'`, damaged) != 1 || len(s3.Keys(t)) != 2 {
		t.Fatalf("the damaged file moved: bucket %v", s3.Keys(t))
	}
	if objects, _ := e.StoredFiles(); len(objects) != 1 {
		t.Fatalf("disk objects after a move that deletes the source: %v", objects)
	}
	for id, body := range bodies {
		if id == damaged {
			continue
		}
		resp, got := e.Fetch(downURL(id), staff)
		if resp.StatusCode != 200 || !bytes.Equal(got, body) {
			t.Fatalf("file %d after the move: HTTP %d, %d bytes", id, resp.StatusCode, len(got))
		}
	}
	if resp, _ := e.Fetch(downURL(damaged), staff); resp.StatusCode != 200 {
		t.Fatalf("the file left on the disk is not readable: HTTP %d", resp.StatusCode)
	}
	// again: nothing left to move but the damaged one
	if rep, err := e.App.MoveFiles(ctx, "disk", "s3", true, nil); err != nil || rep.Moved != 0 || len(rep.Failed) != 1 {
		t.Fatalf("second run: %+v %v", rep, err)
	}
}

func downURL(id int64) string { return files.DownURL(id) }
