package db

import (
	"context"
	"fmt"
	"testing"
)

// An entry pushed out of the cache while a call uses it is closed only when that call hands it back.
func TestStmtCacheClosesAnEvictedStatementAfterItsLastUse(t *testing.T) {
	ctx := context.Background()
	d, err := Open(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	c := newStmtCache(d.read.db, 2)
	held, err := c.get(ctx, `SELECT 1`)
	if err != nil {
		t.Fatal(err)
	}
	for i := 2; i <= 4; i++ {
		e, err := c.get(ctx, fmt.Sprintf(`SELECT %d`, i))
		if err != nil {
			t.Fatal(err)
		}
		c.release(e)
	}
	if c.len() != 2 || !held.evicted {
		t.Fatalf("cache holds %d, held entry evicted %v", c.len(), held.evicted)
	}
	var n int
	if err := held.stmt.QueryRowContext(ctx).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the held statement after its eviction: %d %v", n, err)
	}
	c.release(held)
	if err := held.stmt.QueryRowContext(ctx).Scan(&n); err == nil {
		t.Fatal("the evicted statement stayed open after its last use")
	}
	c.close()
}
