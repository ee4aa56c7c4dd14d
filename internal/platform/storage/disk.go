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

// at runs fn with the folder opened as an os.Root and the path of key inside it; a key NewKey did
// not make is refused before anything is touched.
func (d *Disk) at(key string, fn func(root *os.Root, name string) error) error {
	if err := checkKey(key); err != nil {
		return err
	}
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return err
	}
	defer root.Close()
	return fn(root, path.Join(key[0:2], key[2:4], key))
}

// Put writes the object to a temporary file beside its place and renames it there once complete,
// so a reader never sees half an object and a failure leaves nothing.
func (d *Disk) Put(ctx context.Context, key string, r io.Reader, size int64, _ string) error {
	return d.at(key, func(root *os.Root, final string) (err error) {
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
	})
}

// Open opens the object's file.
func (d *Disk) Open(_ context.Context, key string) (rc io.ReadCloser, size int64, err error) {
	err = d.at(key, func(root *os.Root, name string) error {
		f, err := root.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return err
		}
		rc, size = f, st.Size()
		return nil
	})
	return rc, size, err
}

// Delete removes the object's file.
func (d *Disk) Delete(_ context.Context, key string) error {
	return d.at(key, func(root *os.Root, name string) error {
		if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	})
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

// Copy copies the object's file to the key to.
func (d *Disk) Copy(ctx context.Context, from, to string) error {
	rc, size, err := d.Open(ctx, from)
	if err != nil {
		return err
	}
	defer rc.Close()
	return d.Put(ctx, to, rc, size, "")
}

// Check tells whether the folder is there and is a folder.
func (d *Disk) Check(context.Context) error {
	st, err := os.Stat(d.dir)
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("storage: %s is not a folder", d.dir)
	}
	return nil
}
