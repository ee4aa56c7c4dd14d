package app_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/db"
	listpkg "biddesk/internal/platform/list"
)

// Pages far down the account list start their walk from an anchor row of a page served before
// (internal/platform/list/anchors.go). Every page, asked in an order that uses the anchors every way
// (the same page again, the next, one further on, one back, after a write that drops them, with a
// filter), holds exactly the accounts that the plain statement finds at its offset, ties included
// (many accounts share a name or a state: the key, in the same direction, orders them).
func TestDeepPagesFromAnchorsMatchThePlainWalk(t *testing.T) {
	e := newEnv(t)
	seedUsers(t, e.app.DB, 1500)
	tok := e.login("admin", "Admin@123").AccessToken
	ctx := context.Background()
	// a third of the accounts never signed in, a third share one date, a third have their own
	signedIn := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	if _, err := e.app.DB.Exec(ctx, `UPDATE sys_user SET last_login_at = ? WHERE id % 3 = 1 AND login_code <> 'admin'`, signedIn); err != nil {
		t.Fatal(err)
	}
	if _, err := e.app.DB.Exec(ctx, `UPDATE sys_user SET last_login_at = created_at WHERE id % 3 = 2`); err != nil {
		t.Fatal(err)
	}
	first := listpkg.AnchorFrom/10 + 1 // the first page of 10 that uses anchors
	added := 0
	walks := listpkg.AnchoredWalks()
	for _, c := range []struct{ sort, column string }{
		{"", "u.created_at"}, {"createdAt", "u.created_at"}, {"loginCode", "u.login_code"}, {"userName", "u.user_name"}, {"state", "u.state"},
		{"unitName", "o.unit_name %[1]s, o.id"}, {"lastLoginAt", "COALESCE(u.last_login_at, '0001-01-01 00:00:00')"},
	} {
		for _, order := range []string{"asc", "desc"} {
			for _, state := range []string{"", "1"} {
				name := fmt.Sprintf("%s %s state=%s", c.sort, order, state)
				dir := "ASC"
				if order == "desc" || c.sort == "" {
					dir = "DESC" // the default order is newest first
				}
				for step, pg := range []int{first, first, first + 1, first + 5, first + 3, first + 40, first + 39} {
					if step == 5 && c.sort == "lastLoginAt" {
						// sign-ins move every offset of that sort without moving the list's version
						signedIn = signedIn.Add(time.Hour)
						if _, err := e.app.DB.Exec(ctx, `UPDATE sys_user SET last_login_at = ? WHERE id IN
							(SELECT id FROM sys_user WHERE last_login_at IS NULL ORDER BY id LIMIT 3)`, signedIn.Add(9000*time.Hour)); err != nil {
							t.Fatal(err)
						}
					} else if step == 5 {
						// a new account moves every offset: the anchors kept so far must not serve
						added++
						e.Done("POST", "/api/sys/user/add", tok, map[string]any{"loginCode": fmt.Sprintf("anchor%d", added),
							"userName": "锚点", "unitCode": "1002", "password": "Anchor#2024x", "state": 1}, nil)
					}
					if step == 6 {
						// and so does a unit's new name, for the sort by unit name
						if _, err := e.app.DB.Exec(ctx, `UPDATE org_unit SET unit_name = unit_name || ? WHERE level = 3 AND id % 2 = 0`, "乙"); err != nil {
							t.Fatal(err)
						}
					}
					q := url.Values{"current": {strconv.Itoa(pg)}}
					if c.sort != "" {
						q.Set("sort", c.sort)
						q.Set("order", order)
					}
					where := "u.deleted_at IS NULL AND u.user_type = 'staff'"
					if state != "" {
						q.Set("state", state)
						where += " AND u.state = " + state
					}
					got := apptest.List[apptest.UserRec](e.Env, "/api/sys/user/list", tok, q).Records
					want, err := db.IDs(ctx, e.app.DB, "SELECT u.id FROM sys_user u JOIN org_unit o ON o.full_unit_code = u.unit_code WHERE "+where+
						" ORDER BY "+strings.ReplaceAll(c.column, "%[1]s", dir)+" "+dir+", u.id "+dir+" LIMIT 10 OFFSET ?", (pg-1)*10)
					if err != nil {
						t.Fatal(err)
					}
					ids := make([]int64, len(got))
					for i, r := range got {
						ids[i] = r.ID
					}
					if fmt.Sprint(ids) != fmt.Sprint(want) {
						t.Fatalf("%s, page %d (step %d):\n got %v\nwant %v", name, pg, step, ids, want)
					}
				}
			}
		}
	}

	// Accounts that never signed in are the oldest: last newest first, first oldest first, on both databases.
	type signIn struct {
		LastLoginAt *time.Time `json:"lastLoginAt"`
	}
	for _, order := range []string{"asc", "desc"} {
		q := url.Values{"sort": {"lastLoginAt"}, "order": {order}}
		head := apptest.List[signIn](e.Env, "/api/sys/user/list", tok, q)
		q.Set("current", strconv.Itoa(head.Pages))
		tail := apptest.List[signIn](e.Env, "/api/sys/user/list", tok, q).Records
		never, last := head.Records[0], tail[len(tail)-1]
		if order == "desc" {
			never, last = last, never
		}
		if never.LastLoginAt != nil || last.LastLoginAt == nil {
			t.Errorf("sorted by last sign-in %s: first %v, last %v", order, head.Records[0].LastLoginAt, tail[len(tail)-1].LastLoginAt)
		}
	}

	// 7 sorts, 2 orders, 2 filters: pages 2, 3, 4 and 5 of each sequence start at an anchor
	if n := listpkg.AnchoredWalks() - walks; n < 7*2*2*4 {
		t.Errorf("%d pages started at an anchor", n)
	}
	// Each anchored walk starts at the anchor in the index: no sort of the whole table, and on SQLite a
	// search (a range) of the sort's index rather than a scan of it from its start.
	conn, err := e.app.DB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var spec *listpkg.Spec
	for sp := range listpkg.Served() {
		if len(sp.Anchored) > 0 && sp.Where == "u.deleted_at IS NULL AND u.user_type = 'staff'" {
			spec = sp
		}
	}
	if spec == nil {
		t.Fatal("the account list's Spec was not served")
	}
	for _, sort := range spec.SortNames() {
		for _, order := range []string{"asc", "desc"} {
			stmt, args, ok, err := spec.AnchoredSQL(e.app.DB.Dialect, sort, order, 700)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				continue
			}
			q := "EXPLAIN QUERY PLAN " + stmt
			if e.app.DB.Dialect == db.Postgres {
				q = "EXPLAIN " + stmt
			}
			rows, err := conn.QueryContext(ctx, e.app.DB.Rebind(q), args...)
			if err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
			var plan []string
			for rows.Next() {
				vals := make([]any, 4)
				ptrs := []any{&vals[0], &vals[1], &vals[2], &vals[3]}
				if e.app.DB.Dialect == db.Postgres {
					ptrs = ptrs[3:]
				}
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, fmt.Sprint(vals[3]))
			}
			rows.Close()
			all := strings.Join(plan, "\n")
			// SQLite: the walk a search (range) of the sort's index, and no table scanned, not even by the
			// subqueries that read the anchor's values; where the walk is two ranges, only their rows (at most
			// twice a page) are ordered again
			ranged := e.app.DB.Dialect == db.Postgres || (strings.Contains(all, "SEARCH u USING COVERING INDEX sys_user_list_") ||
				strings.Contains(all, "SEARCH o USING INDEX org_unit_name")) && !regexp.MustCompile(`(^|\n)SCAN [uo]\b`).MatchString(all)
			twoRanges := strings.HasPrefix(stmt, "SELECT k FROM (")
			sorts := 0
			for _, p := range plan {
				if p == "USE TEMP B-TREE FOR ORDER BY" {
					sorts++
				}
			}
			if twoRanges && sorts > 1 || !twoRanges && sorts > 0 || regexp.MustCompile(`(^|\n|->\s+)\s*Sort\s+\(`).MatchString(all) || !ranged {
				t.Errorf("%s %s: the anchored walk does not start at the anchor:\n%s\n%s", sort, order, stmt, all)
			}
		}
	}
}
