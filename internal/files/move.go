package files

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"

	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/storage"
)

// MoveReport is what Move did: files moved (and their bytes), and the files that could not be moved
// with the reason (they stay readable where they were).
type MoveReport struct {
	Moved  int
	Bytes  int64
	Failed []string
}

// Move copies every ready file kept in the store of kind from into the store of kind to (same key),
// reads each copy back and checks its size and SHA-256 against the file's record, and only then points
// the record at the new store. With removeSource the old object is deleted after the switch. A file
// deleted while it is moved keeps no copy. progress, when set, hears of each file.
func (s *Service) Move(ctx context.Context, from, to string, removeSource bool, progress func(id int64, err error)) (_ MoveReport, err error) {
	defer errs.Wrap(&err, "files: move")
	var rep MoveReport
	src, dst := s.stores[from], s.stores[to]
	if src == nil || dst == nil || from == to {
		return rep, fmt.Errorf("move from %q to %q: both stores must be configured and differ", from, to)
	}
	var last int64
	for {
		type row struct {
			id       int64
			key, sum string
			size     int64
		}
		var batch []row
		rows, err := s.db.Query(ctx, `SELECT id, object_key, sha256, size FROM sys_file WHERE storage = ? AND state = ? AND id > ? ORDER BY id LIMIT 200`,
			from, StateReady, last)
		if err != nil {
			return rep, fmt.Errorf("list the files of %s: %w", from, err)
		}
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.key, &r.sum, &r.size); err != nil {
				rows.Close()
				return rep, err
			}
			batch = append(batch, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return rep, err
		}
		if len(batch) == 0 {
			return rep, nil
		}
		for _, r := range batch {
			last = r.id
			err := s.moveOne(ctx, src, dst, from, to, r.id, r.key, r.sum, r.size, removeSource)
			if progress != nil {
				progress(r.id, err)
			}
			if err != nil {
				if ctx.Err() != nil {
					return rep, ctx.Err()
				}
				rep.Failed = append(rep.Failed, fmt.Sprintf("file %d: %v", r.id, err))
				continue
			}
			rep.Moved++
			rep.Bytes += r.size
		}
	}
}

func (s *Service) moveOne(ctx context.Context, src, dst storage.Store, from, to string, id int64, key, sum string, size int64, removeSource bool) error {
	rc, n, err := src.Open(ctx, key)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	if n != size {
		rc.Close()
		return fmt.Errorf("the stored object has %d bytes, the record says %d", n, size)
	}
	err = dst.Put(ctx, key, rc, size, "")
	rc.Close()
	if err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if err := verify(ctx, dst, key, sum, size); err != nil {
		_ = dst.Delete(context.WithoutCancel(ctx), key)
		return err
	}
	res, err := s.db.Exec(ctx, `UPDATE sys_file SET storage = ?, updated_at = ? WHERE id = ? AND storage = ? AND state = ?`, to, s.now(), id, from, StateReady)
	if err != nil {
		_ = dst.Delete(context.WithoutCancel(ctx), key)
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		// deleted (or moved by another run) meanwhile: the copy is nobody's
		return dst.Delete(ctx, key)
	}
	if removeSource {
		if err := src.Delete(ctx, key); err != nil {
			return fmt.Errorf("moved, but the old object remains: %w", err)
		}
	}
	return nil
}

// verify reads the object back and compares its size and SHA-256 with the record's.
func verify(ctx context.Context, st storage.Store, key, sum string, size int64) error {
	rc, n, err := st.Open(ctx, key)
	if err != nil {
		return fmt.Errorf("read back: %w", err)
	}
	defer rc.Close()
	h := sha256.New()
	got, err := io.Copy(h, rc)
	if err != nil {
		return fmt.Errorf("read back: %w", err)
	}
	if got != size || n != size {
		return fmt.Errorf("read back %d bytes, want %d", got, size)
	}
	if hex.EncodeToString(h.Sum(nil)) != sum {
		return errors.New("the copy's SHA-256 differs from the record's")
	}
	return nil
}
