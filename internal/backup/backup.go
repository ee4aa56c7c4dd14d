// Package backup takes a consistent copy of a running SQLite instance (its database and the disk store's
// files) into one tar file, and makes a new data folder from such a file.
//
// The database is copied with VACUUM INTO, which reads one snapshot in a read transaction while the
// instance keeps writing (WAL): every write committed before the backup began is in it, none after its
// snapshot. The files are then copied by the snapshot's own records: an object is written before its
// record becomes ready and deleted only after its record left ready, so every file the snapshot lists
// is still there unless it was deleted (and purged) during the backup; such files are named in the
// manifest. PostgreSQL is refused: it is backed up with its own tools (pg_dump), see docs/operations.md.
package backup

import (
	"archive/tar"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver

	"biddesk/internal/platform/storage"
)

// Format names the layout of a backup file.
const Format = "biddesk-backup/1"

// DBName is the SQLite file of a data folder.
const DBName = "biddesk.db"

// Manifest describes a backup (its first entry, manifest.json).
type Manifest struct {
	Format    string    `json:"format"`
	CreatedAt time.Time `json:"createdAt"`
	Version   string    `json:"version"`
	Schema    int       `json:"schema"` // the last migration applied
	Files     int       `json:"files"`  // files of the disk store in the backup
	Bytes     int64     `json:"bytes"`
	// Missing are the disk files the snapshot lists that were deleted during the backup.
	Missing []string `json:"missing,omitempty"`
	// Elsewhere counts the files kept in the S3 store: not in the backup (back the bucket up itself).
	Elsewhere int `json:"elsewhere"`
}

// ErrPostgres refuses a backup of a PostgreSQL instance.
var ErrPostgres = errors.New("backup: this instance uses PostgreSQL; back it up with pg_dump (and the S3 store with its own replication or versioning), see docs/operations.md")

// Options of Create.
type Options struct {
	DataDir string // the instance's data folder (biddesk.db and files/)
	Out     string // the backup file to write
	Version string // the program's version, recorded
}

// Create writes a backup of the SQLite instance in o.DataDir to o.Out (through a temporary file beside
// it, renamed when complete).
func Create(ctx context.Context, o Options) (m Manifest, err error) {
	src := filepath.Join(o.DataDir, DBName)
	if _, err := os.Stat(src); err != nil {
		return m, fmt.Errorf("backup: no SQLite database in %s: %w", o.DataDir, err)
	}
	work, err := os.MkdirTemp(filepath.Dir(o.Out), ".backup-*")
	if err != nil {
		return m, fmt.Errorf("backup: work folder: %w", err)
	}
	defer os.RemoveAll(work)
	snap := filepath.Join(work, DBName)
	if err := vacuumInto(ctx, src, snap); err != nil {
		return m, err
	}
	sdb, err := openReadOnly(snap)
	if err != nil {
		return m, err
	}
	defer sdb.Close()
	if err := IntegrityCheck(ctx, sdb); err != nil {
		return m, err
	}
	m = Manifest{Format: Format, CreatedAt: time.Now().UTC(), Version: o.Version}
	_ = sdb.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&m.Schema)
	type object struct {
		key  string
		size int64
	}
	var objects []object
	rows, err := sdb.QueryContext(ctx, `SELECT object_key, size, storage FROM sys_file WHERE state IN ('ready', 'removing') ORDER BY id`)
	if err != nil {
		return m, fmt.Errorf("backup: list the files: %w", err)
	}
	for rows.Next() {
		var ob object
		var kind string
		if err := rows.Scan(&ob.key, &ob.size, &kind); err != nil {
			rows.Close()
			return m, err
		}
		if kind != storage.KindDisk {
			m.Elsewhere++
			continue
		}
		objects = append(objects, ob)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return m, err
	}
	sdb.Close()

	tmp := o.Out + ".part"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return m, fmt.Errorf("backup: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	tw := tar.NewWriter(f)
	disk, err := storage.NewDisk(filepath.Join(o.DataDir, "files"))
	if err != nil {
		return m, err
	}
	for _, ob := range objects {
		if err := ctx.Err(); err != nil {
			return m, err
		}
		rc, size, err := disk.Open(ctx, ob.key)
		if errors.Is(err, storage.ErrNotFound) {
			m.Missing = append(m.Missing, ob.key)
			continue
		}
		if err != nil {
			return m, fmt.Errorf("backup: file %s: %w", ob.key, err)
		}
		err = addReader(tw, objectName(ob.key), rc, size)
		rc.Close()
		if err != nil {
			return m, fmt.Errorf("backup: file %s: %w", ob.key, err)
		}
		m.Files++
		m.Bytes += size
	}
	if err := addFile(tw, DBName, snap); err != nil {
		return m, err
	}
	mj, _ := json.MarshalIndent(m, "", "  ")
	if err := addReader(tw, "manifest.json", strings.NewReader(string(mj)), int64(len(mj))); err != nil {
		return m, err
	}
	if err := tw.Close(); err != nil {
		return m, err
	}
	if err := f.Sync(); err != nil {
		return m, err
	}
	if err := f.Close(); err != nil {
		return m, err
	}
	return m, os.Rename(tmp, o.Out)
}

func objectName(key string) string { return path.Join("files", key[0:2], key[2:4], key) }

// vacuumInto copies the live database to dst in one read transaction (the writers go on).
func vacuumInto(ctx context.Context, src, dst string) error {
	d, err := sql.Open("sqlite", "file:"+src+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer d.Close()
	d.SetMaxOpenConns(1)
	if _, err := d.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return fmt.Errorf("backup: copy the database: %w", err)
	}
	return nil
}

func openReadOnly(p string) (*sql.DB, error) {
	d, err := sql.Open("sqlite", "file:"+p+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(1)
	return d, nil
}

// IntegrityCheck runs PRAGMA integrity_check and fails unless SQLite answers ok.
func IntegrityCheck(ctx context.Context, d *sql.DB) error {
	var res string
	if err := d.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("backup: integrity check: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("backup: integrity check: %s", res)
	}
	return nil
}

func addFile(tw *tar.Writer, name, p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	return addReader(tw, name, f, st.Size())
}

func addReader(tw *tar.Writer, name string, r io.Reader, size int64) error {
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: size, ModTime: time.Now(), Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	n, err := io.Copy(tw, io.LimitReader(r, size))
	if err == nil && n != size {
		err = storage.ErrShort
	}
	return err
}

// Restore makes the data folder dir from the backup file from: dir must not exist or be empty. Only the
// backup's own entries are accepted (manifest.json, biddesk.db, files/xx/yy/key); the database must pass
// PRAGMA integrity_check and every disk file it lists as ready must be there with its SHA-256. On
// failure dir is removed again.
func Restore(ctx context.Context, from, dir string) (m Manifest, err error) {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return m, fmt.Errorf("restore: %s is not empty: restore into a new folder", dir)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return m, fmt.Errorf("restore: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	f, err := os.Open(from)
	if err != nil {
		return m, fmt.Errorf("restore: %w", err)
	}
	defer f.Close()
	root, err := os.OpenRoot(dir)
	if err != nil {
		return m, err
	}
	defer root.Close()
	tr := tar.NewReader(f)
	var haveDB, haveManifest bool
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return m, fmt.Errorf("restore: read %s: %w", from, err)
		}
		if h.Typeflag != tar.TypeReg {
			return m, fmt.Errorf("restore: unexpected entry %q", h.Name)
		}
		switch {
		case h.Name == "manifest.json":
			if err := json.NewDecoder(io.LimitReader(tr, 1<<20)).Decode(&m); err != nil || m.Format != Format {
				return m, fmt.Errorf("restore: %s is not a BidDesk backup", from)
			}
			haveManifest = true
			continue
		case h.Name == DBName:
			haveDB = true
		case strings.HasPrefix(h.Name, "files/"):
			key := path.Base(h.Name)
			if !storage.ValidKey(key) || h.Name != objectName(key) {
				return m, fmt.Errorf("restore: unexpected entry %q", h.Name)
			}
			if err := root.MkdirAll(path.Dir(h.Name), 0o700); err != nil {
				return m, err
			}
		default:
			return m, fmt.Errorf("restore: unexpected entry %q", h.Name)
		}
		out, err := root.OpenFile(h.Name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return m, fmt.Errorf("restore: %s: %w", h.Name, err)
		}
		n, err := io.Copy(out, tr)
		if err == nil && n != h.Size {
			err = storage.ErrShort
		}
		if err == nil {
			err = out.Sync()
		}
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return m, fmt.Errorf("restore: %s: %w", h.Name, err)
		}
	}
	if !haveDB || !haveManifest {
		return m, fmt.Errorf("restore: %s is not a complete BidDesk backup", from)
	}
	if err := forgetMissing(ctx, dir, m.Missing); err != nil {
		return m, err
	}
	return m, Verify(ctx, dir)
}

// forgetMissing marks removed the files deleted while the backup was taken (their objects were gone):
// the restored company has them deleted, as the running one does.
func forgetMissing(ctx context.Context, dir string, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	d, err := sql.Open("sqlite", "file:"+filepath.Join(dir, DBName)+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer d.Close()
	for _, k := range keys {
		if _, err := d.ExecContext(ctx, `UPDATE sys_file SET state = 'removed' WHERE object_key = ? AND storage = ?`, k, storage.KindDisk); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	}
	return nil
}

// Verify checks a data folder: PRAGMA integrity_check, and every ready disk file present with the
// size and SHA-256 its record names.
func Verify(ctx context.Context, dir string) error {
	d, err := openReadOnly(filepath.Join(dir, DBName))
	if err != nil {
		return err
	}
	defer d.Close()
	if err := IntegrityCheck(ctx, d); err != nil {
		return err
	}
	rows, err := d.QueryContext(ctx, `SELECT object_key, size, sha256 FROM sys_file WHERE state = 'ready' AND storage = ? ORDER BY id`, storage.KindDisk)
	if err != nil {
		return fmt.Errorf("restore: list the files: %w", err)
	}
	defer rows.Close()
	disk, err := storage.NewDisk(filepath.Join(dir, "files"))
	if err != nil {
		return err
	}
	var bad []string
	for rows.Next() {
		var key, sum string
		var size int64
		if err := rows.Scan(&key, &size, &sum); err != nil {
			return err
		}
		rc, n, err := disk.Open(ctx, key)
		if err != nil {
			bad = append(bad, key+": missing")
			continue
		}
		h := sha256.New()
		got, err := io.Copy(h, rc)
		rc.Close()
		if err != nil || got != size || n != size || hex.EncodeToString(h.Sum(nil)) != sum {
			bad = append(bad, key+": damaged")
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return fmt.Errorf("restore: %d files missing or damaged: %s", len(bad), strings.Join(bad[:min(len(bad), 10)], ", "))
	}
	return nil
}
