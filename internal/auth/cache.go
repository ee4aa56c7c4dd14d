package auth

import (
	"sync"
	"time"
)

// sessionCacheMax bounds the cache; past it the cache starts over (the sessions alive in a working day
// of a company fit many times over).
const sessionCacheMax = 20000

// cachedSession is what Authenticate read for a token, valid while the 'auth' version is unchanged.
type cachedSession struct {
	session Session
	version int64
	p       Principal
}

// principal is a copy for one request (the function-code set is shared and never written).
func (c *cachedSession) principal() *Principal {
	p := c.p
	return &p
}

// sessionCache maps a token's hash to its cached session.
type sessionCache struct {
	mu sync.RWMutex
	m  map[string]*cachedSession
}

// get returns the entry of hash when it was read at version; an entry of another version is dropped.
func (c *sessionCache) get(hash string, version int64) *cachedSession {
	c.mu.RLock()
	e := c.m[hash]
	c.mu.RUnlock()
	if e == nil {
		return nil
	}
	if e.version != version {
		c.mu.Lock()
		if c.m[hash] == e {
			delete(c.m, hash)
		}
		c.mu.Unlock()
		return nil
	}
	return e
}

func (c *sessionCache) put(hash string, e *cachedSession) {
	c.mu.Lock()
	if c.m == nil || len(c.m) >= sessionCacheMax {
		c.m = make(map[string]*cachedSession)
	}
	c.m[hash] = e
	c.mu.Unlock()
}

// seen records a newer last use of the session (entries are replaced, never changed in place, so
// readers holding the old one are not raced).
func (c *sessionCache) seen(hash string, at time.Time) {
	c.mu.Lock()
	if e := c.m[hash]; e != nil {
		n := *e
		n.session.LastSeenAt = at
		c.m[hash] = &n
	}
	c.mu.Unlock()
}
