package library

import (
	"context"
	"encoding/json"
	"sync"
)

// The portal search's cache of counts, keyed by the library's version.

// searchCache keeps the counts and facets of portal searches while lib_search_version stays the same (the
// migration's triggers change it with every write that can change them, on any instance).
type searchCache struct {
	mu      sync.Mutex
	version int64
	entries map[string]any
	weight  int // the rows kept (a group or a facet value is one)
}

// searchCacheMax bounds the rows kept (a few tens of MB); the cache starts again when it is full.
const searchCacheMax = 300_000

// searchVersion reads the library's search version (and forgets what an older one counted).
func (s *Service) searchVersion(ctx context.Context) (int64, error) {
	var v int64
	if err := s.db.QueryRow(ctx, `SELECT version FROM lib_search_version WHERE id = 1`).Scan(&v); err != nil {
		return 0, err
	}
	c := &s.search
	c.mu.Lock()
	if c.version != v || c.entries == nil || c.weight >= searchCacheMax {
		c.version, c.entries, c.weight = v, map[string]any{}, 0
	}
	c.mu.Unlock()
	return v, nil
}

// counted answers a count query of version v from the cache or by running fn.
func counted[T any](s *Service, v int64, query string, args []any, fn func() (T, error)) (T, error) {
	raw, _ := json.Marshal(args)
	key := query + "\x00" + string(raw)
	c := &s.search
	c.mu.Lock()
	if got, ok := c.entries[key]; ok && c.version == v {
		c.mu.Unlock()
		return got.(T), nil
	}
	c.mu.Unlock()
	out, err := fn()
	if err != nil {
		return out, err
	}
	weight := 1
	switch t := any(out).(type) {
	case []portalGroup:
		weight += len(t)
	case []PortalFacet:
		weight += len(t)
	}
	c.mu.Lock()
	if c.version == v && c.entries != nil {
		c.entries[key] = out
		c.weight += weight
	}
	c.mu.Unlock()
	return out, nil
}
