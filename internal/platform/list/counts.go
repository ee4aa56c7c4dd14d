package list

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"biddesk/internal/platform/db"
)

// Counts keeps the totals of a list's queries while the list's row of list_version stays the same:
// triggers on the list's tables (migration 023) change it with every write that can change a total,
// on any instance, so a kept total costs one primary-key read (none on PostgreSQL while the change
// channel listens) and is never stale. Counting 100,000
// rows is what a large list's call would otherwise spend most of its time on.
type Counts struct {
	Name string // list_version.name

	mu      sync.Mutex
	version int64
	entries map[string]int
	anchors map[string][]anchor // by query: rows of the order at known offsets (anchors.go)
}

// countsMax bounds the kept totals of one list (each a statement and its values); past it they start over.
const countsMax = 10000

// NewCounts keeps the totals of the lists whose version row is name.
func NewCounts(name string) *Counts { return &Counts{Name: name} }

// current answers the list's version: from memory on PostgreSQL while no notification says it moved
// (db.Counter). What is kept under an older version is dropped.
func (c *Counts) current(ctx context.Context, d *db.DB) (int64, error) {
	v, err := listVersion(ctx, d, c.Name)
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	if c.version != v {
		c.version, c.entries, c.anchors = v, map[string]int{}, nil
	}
	c.mu.Unlock()
	return v, nil
}

// listVersion reads the row name of list_version (db.Counter).
func listVersion(ctx context.Context, d *db.DB, name string) (int64, error) {
	return d.Counter(ctx, "list_version\x00"+name, `SELECT version FROM list_version WHERE name = ?`, name)
}

// argsKey writes a statement's values as part of a cache key.
func argsKey(args []any) string {
	var kb strings.Builder
	for _, a := range args {
		fmt.Fprintf(&kb, "\x00%T:%v", a, a)
	}
	return kb.String()
}

// get answers the total of stmt under version v (read by current just before).
func (c *Counts) get(ctx context.Context, d *db.DB, v int64, stmt string, args []any) (int, error) {
	key := stmt + argsKey(args)
	c.mu.Lock()
	if c.version == v && len(c.entries) >= countsMax {
		c.entries = map[string]int{}
	}
	n, ok := c.entries[key]
	ok = ok && c.version == v
	c.mu.Unlock()
	if ok {
		return n, nil
	}
	// Counted after the version was read: a write in between makes the next call read a newer
	// version and start over, so what is kept under v is never older than v.
	if err := d.QueryRow(ctx, stmt, args...).Scan(&n); err != nil {
		return 0, err
	}
	c.mu.Lock()
	if c.version == v {
		c.entries[key] = n
	}
	c.mu.Unlock()
	return n, nil
}
