package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"biddesk/internal/backup"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/tasks"
)

// Version is the program's version (set by the command from its build), recorded in backups and metrics.
var Version = "dev"

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"task.name.backup":   {"数据备份", "Backup"},
		"task.desc.backup":   {"把内置数据库（SQLite）与本地磁盘上的文件一致地备份到备份目录，并只保留最近几份；PostgreSQL 请用 pg_dump 备份", "Copies the embedded database (SQLite) and the files on the local disk consistently into the backup folder, keeping only the latest few; back PostgreSQL up with pg_dump"},
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

// ScheduledBackup is the backup task's run: a backup into the backup folder, then only the newest
// BackupKeep backups are kept.
func (a *App) ScheduledBackup(ctx context.Context, now time.Time) (string, error) {
	if a.Config.DatabaseURL != "" {
		return tasks.Say("task.msg.backup_pg"), nil
	}
	dir := a.backupDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("backup folder: %w", err)
	}
	name := backupPrefix + now.UTC().Format("20060102-150405.000000000") + backupSuffix
	m, err := BackupFile(ctx, a.Config, filepath.Join(dir, name))
	if err != nil {
		return "", err
	}
	removed, err := pruneBackups(dir, a.Config.BackupKeep)
	return tasks.Say("task.msg.backup", name, m.Files, m.Bytes, len(m.Missing), removed), err
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
