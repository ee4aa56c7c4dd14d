package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"biddesk/internal/backup"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/storage"
	"biddesk/internal/tasks"
)

// Version is the program's version (set by the command from its build), recorded in backups and metrics.
var Version = "dev"

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"task.name.backup":   {"数据备份", "Backup"},
		"task.desc.backup":   {"把内置数据库（SQLite）与本地磁盘上的文件一致地备份到备份目录或对象存储（S3），并只保留最近几份；PostgreSQL 请用 pg_dump 备份", "Copies the embedded database (SQLite) and the files on the local disk consistently into the backup folder or the S3 store, keeping only the latest few; back PostgreSQL up with pg_dump"},
		"task.msg.backup":    {"已备份到 %s：文件 %d 个，共 %d 字节（备份期间删除的文件 %d 个未包含）；删除旧备份 %d 份", "Backed up to %s: %d files, %d bytes (%d files deleted during the backup left out); %d old backups deleted"},
		"task.msg.backup_pg": {"数据库为 PostgreSQL，本任务不备份：请用 pg_dump 备份数据库，并备份对象存储", "The database is PostgreSQL, which this task does not back up: use pg_dump, and back the object store up"},
	})
}

// BackupFile is `biddesk backup --out FILE`: a consistent copy of the SQLite instance of cfg (running or
// not) and of its disk store's files. A PostgreSQL instance is refused (backup.ErrPostgres).
func BackupFile(ctx context.Context, cfg config.Config, out string) (backup.Manifest, error) {
	if cfg.DatabaseURL != "" {
		return backup.Manifest{}, backup.ErrPostgres
	}
	return backup.Create(ctx, backup.Options{DataDir: cfg.DataDir, Out: out, Version: Version})
}

// backupPrefix and backupSuffix name the scheduled backups in the backup folder.
const (
	backupPrefix = "biddesk-backup-"
	backupSuffix = ".tar"
)

// backupDir is where the scheduled backups go.
func (a *App) backupDir() string {
	if a.Config.BackupDir != "" {
		return a.Config.BackupDir
	}
	return filepath.Join(a.Config.DataDir, "backups")
}

// ScheduledBackup is the backup task's run: a backup into the backup folder, or with BackupS3Prefix set into
// the S3 store under that prefix, then only the newest BackupKeep backups there are kept.
func (a *App) ScheduledBackup(ctx context.Context, now time.Time) (string, error) {
	if a.Config.DatabaseURL != "" {
		return tasks.Say("task.msg.backup_pg"), nil
	}
	name := backupPrefix + now.UTC().Format("20060102-150405.000000000") + backupSuffix
	if a.Config.BackupS3Prefix != "" {
		return a.backupToS3(ctx, name)
	}
	dir := a.backupDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("backup folder: %w", err)
	}
	m, err := BackupFile(ctx, a.Config, filepath.Join(dir, name))
	if err != nil {
		return "", err
	}
	removed, err := pruneBackups(dir, a.Config.BackupKeep)
	return tasks.Say("task.msg.backup", name, m.Files, m.Bytes, len(m.Missing), removed), err
}

// backupToS3 writes the backup to a temporary file of the data folder, uploads it as prefix+name into the S3
// store's bucket, removes the file, and keeps the newest BackupKeep backups under the prefix.
func (a *App) backupToS3(ctx context.Context, name string) (string, error) {
	prefix := a.Config.BackupS3Prefix
	if a.Config.S3Endpoint == "" {
		return "", fmt.Errorf("backup: --backup-s3-prefix needs the S3 store (--s3-endpoint, --s3-bucket, --s3-access-key, --s3-secret-key)")
	}
	if !storage.ValidName(prefix + name) {
		return "", fmt.Errorf("backup: --backup-s3-prefix %q: letters, digits and . _ - / only, no leading slash", prefix)
	}
	s3, err := S3Store(a.Config)
	if err != nil {
		return "", err
	}
	tmpDir := filepath.Join(a.Config.DataDir, "backup-tmp")
	if err := os.MkdirAll(tmpDir, 0o700); err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	local := filepath.Join(tmpDir, name)
	defer os.Remove(local)
	m, err := BackupFile(ctx, a.Config, local)
	if err != nil {
		return "", err
	}
	f, err := os.Open(local)
	if err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	if err := s3.PutNamed(ctx, prefix+name, f, st.Size()); err != nil {
		return "", fmt.Errorf("backup: upload to the S3 store: %w", err)
	}
	removed, err := pruneS3Backups(ctx, s3, prefix, a.Config.BackupKeep)
	where := "s3://" + s3.Bucket() + "/" + prefix + name
	return tasks.Say("task.msg.backup", where, m.Files, m.Bytes, len(m.Missing), removed), err
}

// pruneS3Backups deletes all but the newest keep scheduled backups directly under prefix (by name, which is by
// time); other objects under the prefix are left alone.
func pruneS3Backups(ctx context.Context, s3 *storage.S3, prefix string, keep int) (int, error) {
	all, err := s3.ListNamed(ctx, prefix)
	if err != nil {
		return 0, fmt.Errorf("backup: list the backups in the S3 store: %w", err)
	}
	var names []string
	for _, n := range all {
		base := strings.TrimPrefix(n, prefix)
		if !strings.Contains(base, "/") && strings.HasPrefix(base, backupPrefix) && strings.HasSuffix(base, backupSuffix) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	removed := 0
	for len(names) > keep {
		if err := s3.DeleteNamed(ctx, names[0]); err != nil {
			return removed, fmt.Errorf("backup: delete an old backup in the S3 store: %w", err)
		}
		names = names[1:]
		removed++
	}
	return removed, nil
}

// pruneBackups deletes all but the newest keep scheduled backups of dir (by name, which is by time).
func pruneBackups(dir string, keep int) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	removed := 0
	for len(names) > keep {
		if err := os.Remove(filepath.Join(dir, names[0])); err != nil {
			return removed, err
		}
		names = names[1:]
		removed++
	}
	return removed, nil
}

// DownloadBackup copies the backup from (s3://BUCKET/NAME, as the backup task names it) out of the S3 store of
// cfg's --s3-* settings (the bucket the address names) into the local file out, for `biddesk restore --from s3://...`.
func DownloadBackup(ctx context.Context, cfg config.Config, from, out string) error {
	rest, ok := strings.CutPrefix(from, "s3://")
	bucket, name, _ := strings.Cut(rest, "/")
	if !ok || bucket == "" || name == "" {
		return fmt.Errorf("restore: %q: an S3 backup is named s3://BUCKET/NAME", from)
	}
	if cfg.S3Endpoint == "" {
		return fmt.Errorf("restore: %s needs the S3 store's settings (BIDDESK_S3_ENDPOINT, BIDDESK_S3_ACCESS_KEY, BIDDESK_S3_SECRET_KEY)", from)
	}
	cfg.S3Bucket = bucket
	s3, err := S3Store(cfg)
	if err != nil {
		return err
	}
	rc, size, err := s3.OpenNamed(ctx, name)
	if err != nil {
		return fmt.Errorf("restore: download %s: %w", from, err)
	}
	defer rc.Close()
	f, err := os.OpenFile(out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	n, err := io.Copy(f, rc)
	if err == nil && n != size {
		err = storage.ErrShort
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
		return fmt.Errorf("restore: download %s: %w", from, err)
	}
	return nil
}
