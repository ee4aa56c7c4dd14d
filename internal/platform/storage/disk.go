package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
)

// Disk keeps objects as files under one folder (the data folder's files/, never a served folder):
// key ab12… is stored as ab/12/ab12…. Every access goes through os.Root, so no name, link or
// race can reach outside the folder.
type Disk struct {
	dir string
}

// NewDisk returns a store in dir, creating it (owner-only) when missing.
func NewDisk(dir string) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("storage: create %s: %w", dir, err)
	}
	return &Disk{dir: dir}, nil
}

// Dir is the folder of the store.
func (d *Disk) Dir() string { return d.dir }

// name is the object's path inside the folder.
func name(key string) string { return path.Join(key[0:2], key[2:4], key) }

func (d *Disk) root() (*os.Root, error) { return os.OpenRoot(d.dir) }

// Put writes the object to a temporary file beside its place and renames it there once complete,
// so a reader never sees half an object and a failure leaves nothing.
func (d *Disk) Put(ctx context.Context, key string, r io.Reader, size int64, _ string) (err error) {
	if err := checkKey(key); err != nil {
		return err
	}
	root, err := d.root()
	if err != nil {
		return err
	}
	defer root.Close()
	final := name(key)
	if err := root.MkdirAll(path.Dir(final), 0o700); err != nil {
		return err
	}
	tmp := final + ".part"
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = root.Remove(tmp)
		}
	}()
	n, err := io.Copy(f, io.LimitReader(contextReader{ctx, r}, size+1))
	if err != nil {
		return err
	}
	if n != size {
		return ErrShort
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return root.Rename(tmp, final)
}

// Open opens the object's file.
func (d *Disk) Open(_ context.Context, key string) (io.ReadCloser, int64, error) {
	if err := checkKey(key); err != nil {
		return nil, 0, err
	}
	root, err := d.root()
	if err != nil {
		return nil, 0, err
	}
	defer root.Close()
	f, err := root.Open(name(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, ErrNotFound
	}
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// Delete removes the object's file.
func (d *Disk) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	root, err := d.root()
	if err != nil {
		return err
	}
	defer root.Close()
	if err := root.Remove(name(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// contextReader stops a long copy when the request is cancelled.
type contextReader struct {
	ctx context.Context
	r   io.Reader
}

func (c contextReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
