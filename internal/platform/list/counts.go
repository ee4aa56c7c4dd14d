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
}

// countsMax bounds the kept totals of one list (each a statement and its values); past it they start over.
const countsMax = 10000

// NewCounts keeps the totals of the lists whose version row is name.
func NewCounts(name string) *Counts { return &Counts{Name: name} }

func (c *Counts) get(ctx context.Context, d *db.DB, stmt string, args []any) (int, error) {
	// from memory on PostgreSQL while no notification says it moved (db.Counter)
	v, err := d.Counter(ctx, "list_version\x00"+c.Name, `SELECT version FROM list_version WHERE name = ?`, c.Name)
	if err != nil {
		return 0, err
	}
	var kb strings.Builder
	kb.WriteString(stmt)
	for _, a := range args {
		fmt.Fprintf(&kb, "\x00%T:%v", a, a)
	}
	key := kb.String()
	c.mu.Lock()
	if c.version != v || len(c.entries) >= countsMax {
		c.version, c.entries = v, map[string]int{}
	}
	n, ok := c.entries[key]
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
