package auth

import (
	"context"
	"sync"
)

// ProfileTopic is the change topic whose counter the triggers of migrations/046_profile_version.sql move.
const ProfileTopic = "profile"

// authVersion answers the 'auth' counter: from the change bus when wired (UseVersions), else read.
func (s *Service) authVersion(ctx context.Context) (int64, error) {
	if s.versions != nil {
		return s.versions(ctx, VersionTopic)
	}
	return s.store.AuthVersion(ctx)
}

// profileCache keeps the personal information of the accounts that asked for it, under the 'profile'
// counter they were read at; a moved counter empties it.
type profileCache struct {
	mu      sync.RWMutex
	version int64
	byUser  map[int64]*PersonalInfo
}

// profilesMax bounds the cache; past it, it starts again empty.
const profilesMax = 20000

func (c *profileCache) get(version, userID int64) *PersonalInfo {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.version != version {
		return nil
	}
	return c.byUser[userID]
}

// put keeps info read after version was: a change during the read leaves it newer than version, never
// older, and the next call sees the moved counter and reads again.
func (c *profileCache) put(version, userID int64, info *PersonalInfo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if version > c.version || c.byUser == nil || len(c.byUser) >= profilesMax {
		c.version, c.byUser = version, map[int64]*PersonalInfo{}
	}
	if version == c.version {
		c.byUser[userID] = info
	}
}
