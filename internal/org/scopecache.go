package org

import (
	"context"
	"sync"
)

// scopeCache keeps what Visibility answered, per account and module, for as long as the 'auth' counter
// stays put: everything a scope is made of (the account's unit and roles, the roles' data scopes) moves
// it (migrations 022 and 044), so a list call needs no query for its caller's scope.
type scopeCache struct {
	version func(ctx context.Context) (int64, error) // nil: no caching

	mu    sync.RWMutex
	at    int64 // the counter the entries were read at
	byKey map[scopeKey]Visibility
}

type scopeKey struct {
	userID int64
	module string
}

// maxScopes bounds the cache; past it, it starts again empty (a scope costs two small queries).
const maxScopes = 20000

// UseVersion makes Visibility cache its answers while version (the 'auth' counter) stays the same.
// Wiring calls it before serving.
func (s *Store) UseVersion(version func(ctx context.Context) (int64, error)) {
	s.scopes.version = version
}

// get answers the cached visibility of key, or read's answer, kept under the counter read before it: a
// change during the read leaves an answer newer than that counter, never older, and the next call, which
// sees the moved counter, reads again anyway. Callers only read the slices of a Visibility.
func (c *scopeCache) get(ctx context.Context, userID int64, module string, read func() (Visibility, error)) (Visibility, error) {
	if c.version == nil {
		return read()
	}
	v, err := c.version(ctx)
	if err != nil {
		return Visibility{}, err
	}
	key := scopeKey{userID, module}
	c.mu.RLock()
	vis, ok := c.byKey[key]
	ok = ok && c.at == v
	c.mu.RUnlock()
	if ok {
		return vis, nil
	}
	vis, err = read()
	if err != nil {
		return Visibility{}, err
	}
	c.mu.Lock()
	if v > c.at || c.byKey == nil || len(c.byKey) >= maxScopes {
		c.at, c.byKey = v, map[scopeKey]Visibility{}
	}
	if v == c.at {
		c.byKey[key] = vis
	}
	c.mu.Unlock()
	return vis, nil
}
