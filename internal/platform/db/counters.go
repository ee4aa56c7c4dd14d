package db

import (
	"context"
	"sync"
	"sync/atomic"
)

// Counters are version numbers that triggers keep in a table (sys_change's topics, list_version's lists)
// and that caches compare on every call. While someone watches them (changes.Bus: on PostgreSQL a
// connection listening to the change channel, which every move of a counter notifies when its transaction
// commits, migration 044; on SQLite the bus's poll), Counter answers a counter from memory as long as
// nothing can have moved it since it was read: no notification arrived and this process finished no
// write. So a change made through this process counts at the very next call; another instance's as soon
// as its notification lands (PostgreSQL), another process's on one SQLite file at the bus's next poll
// (2 s). Unwatched (no bus, or a dropped connection) Counter reads the table on every call.
type counters struct {
	listen     atomic.Uint64 // the listening connection's generation while it is up, 0 while it is down
	lastListen atomic.Uint64
	notes      atomic.Uint64 // notifications received

	mu   sync.RWMutex
	read map[string]counterRead
}

// counterRead is a counter's value with what could have moved it since it was read.
type counterRead struct {
	value                 int64
	writes, notes, listen uint64
}

// Listening records that a connection now listens to the change channel; the returned func records
// that it stopped (call it as soon as the connection fails: from then on every Counter reads).
func (d *DB) Listening() (stopped func()) {
	d.counters.listen.Store(d.counters.lastListen.Add(1))
	return func() { d.counters.listen.Store(0) }
}

// Notified records a notification of the change channel.
func (d *DB) Notified() { d.counters.notes.Add(1) }

// Listens tells whether a connection listens to the change channel.
func (d *DB) Listens() bool { return d.counters.listen.Load() != 0 }

// Counter answers the integer that query (one row, one column; key names it with its arguments) reads,
// from memory while nothing can have moved it (see counters). No row answers 0.
func (d *DB) Counter(ctx context.Context, key, query string, args ...any) (int64, error) {
	c := &d.counters
	listen, notes, writes := c.listen.Load(), c.notes.Load(), d.Writes()
	if listen != 0 {
		c.mu.RLock()
		r, ok := c.read[key]
		c.mu.RUnlock()
		if ok && r.listen == listen && r.notes == notes && r.writes == writes {
			return r.value, nil
		}
	}
	var v int64
	if err := d.QueryRow(ctx, query, args...).Scan(&v); err != nil && !IsNoRows(err) {
		return 0, err
	}
	if listen != 0 {
		// stamped with what was current before the read: anything that moved during it makes the next
		// call read again
		c.mu.Lock()
		if c.read == nil {
			c.read = map[string]counterRead{}
		}
		c.read[key] = counterRead{value: v, writes: writes, notes: notes, listen: listen}
		c.mu.Unlock()
	}
	return v, nil
}
