package app

import (
	"context"
	"fmt"

	"biddesk/internal/files"
	"biddesk/internal/platform/storage"
)

// storeKind is the files table's name of a store as the settings name it (disk, s3).
func storeKind(name string) (string, error) {
	switch name {
	case "disk":
		return storage.KindDisk, nil
	case "s3", "oss":
		return storage.KindOSS, nil
	}
	return "", fmt.Errorf("unknown store %q: disk or s3", name)
}

// MoveFiles is `biddesk storage migrate`: every ready file of store from (disk, s3) is copied to store
// to, verified (size and SHA-256) and switched over; with deleteSource the old object is deleted.
func (a *App) MoveFiles(ctx context.Context, from, to string, deleteSource bool, progress func(id int64, err error)) (files.MoveReport, error) {
	f, err := storeKind(from)
	if err != nil {
		return files.MoveReport{}, err
	}
	t, err := storeKind(to)
	if err != nil {
		return files.MoveReport{}, err
	}
	if a.Files.Store(f) == nil || a.Files.Store(t) == nil {
		return files.MoveReport{}, fmt.Errorf("moving files from %s to %s needs both stores: set the --s3-* settings", from, to)
	}
	return a.Files.Move(ctx, f, t, deleteSource, progress)
}
