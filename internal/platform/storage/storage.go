// Package storage keeps uploaded files as objects under random keys, on the local disk or in an
// S3-compatible object store. It knows nothing of what the files are: the files area keeps their
// names, owners and records in the database and only hands keys made by NewKey to a Store.
package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"
)

// Kinds of store, as the files table names them.
const (
	KindDisk = "disk"
	KindOSS  = "oss"
)

// Store keeps objects by key. Keys are made by NewKey: never user text, so they cannot name a path.
type Store interface {
	// Put stores exactly size bytes of r under key (contentType is kept where the backend can).
	// A failed Put leaves no object behind.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open returns the object and its size; ErrNotFound when there is none.
	Open(ctx context.Context, key string) (io.ReadCloser, int64, error)
	// Delete removes the object; deleting a missing object is not an error.
	Delete(ctx context.Context, key string) error
}

// ErrNotFound means no object has the key.
var ErrNotFound = errors.New("storage: object not found")

// ErrBadKey refuses a key that NewKey did not make (a path, a traversal, user text).
var ErrBadKey = errors.New("storage: malformed key")

var keyRe = regexp.MustCompile(`^[0-9a-f]{32}$`)

// NewKey returns a fresh random key: 128 random bits as 32 lower-case hex digits.
func NewKey() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("storage: random key: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// ValidKey tells whether key has the shape NewKey gives.
func ValidKey(key string) bool { return keyRe.MatchString(key) }

func checkKey(key string) error {
	if !ValidKey(key) {
		return ErrBadKey
	}
	return nil
}

// ErrShort means the reader gave fewer or more bytes than the size announced to Put.
var ErrShort = errors.New("storage: the content does not have the announced size")

// Copier copies an object to another key inside the same store without the bytes leaving it.
type Copier interface {
	Copy(ctx context.Context, from, to string) error
}

// Signer gives a time-limited address a browser downloads the object from directly.
type Signer interface {
	SignedURL(ctx context.Context, key, disposition, contentType string, ttl time.Duration) (string, error)
}

// Checker tells whether the store can be reached and used now (/readyz).
type Checker interface {
	Check(ctx context.Context) error
}
