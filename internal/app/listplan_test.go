package app_test

import (
	"context"
	"database/sql"
	"regexp"
	"slices"
	"strings"
	"testing"

	"biddesk/internal/platform/db"
	listpkg "biddesk/internal/platform/list"
)

// TestListPlansWalkAnIndex calls every list endpoint of the shared list machinery once, then explains
// the statement that orders each of their pages, for every whitelisted sort in both directions, with
// 20,000 accounts: none may sort its whole table (SQLite: "USE TEMP B-TREE FOR ORDER BY"; PostgreSQL,
// with sorting priced out so that any index that gives the order is taken: a Sort node). A sort only
// of the page's own rows (late row lookup) or of a group of equal keys ("RIGHT PART OF ORDER BY",
// Incremental Sort) is fine.
func TestListPlansWalkAnIndex(t *testing.T) {
	e := newEnv(t)
	seedUsers(t, e.app.DB, 20_000)
	tok := e.login("admin", "Admin@123").AccessToken
	before := listpkg.Served()
	for _, rt := range e.app.Routes() {
		if rt.Method == "GET" && strings.HasSuffix(rt.Path, "/list") {
			e.call("GET", rt.Path, tok, nil)
		}
	}
	ctx := context.Background()
	conn, err := e.app.DB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if e.app.DB.Dialect == db.SQLite {
		// The plans at scale: the statistics PRAGMA optimize took of the demo's small tables (a few demand
		// collections) make a scan and sort the cheaper plan there, now and then, depending on when it ran. Without
		// them SQLite plans a table as a large one; the accounts keep theirs (20,000 rows).
		if _, err := conn.ExecContext(ctx, "DELETE FROM sqlite_stat1 WHERE tbl <> 'sys_user'"); err == nil {
			if _, err := conn.ExecContext(ctx, "ANALYZE sqlite_schema"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if e.app.DB.Dialect == db.Postgres {
		if _, err := conn.ExecContext(ctx, "SET enable_sort = off"); err != nil {
			t.Fatal(err)
		}
	}
	// The Specs these calls used (other tests of the package may have called other apps' lists).
	var specs []*listpkg.Spec
	for s, n := range listpkg.Served() {
		if n > before[s] {
			specs = append(specs, s)
		}
	}
	if len(specs) < 20 {
		t.Fatalf("only %d list specs were called", len(specs))
	}
	pinned := map[string]bool{}
	wholeSort := regexp.MustCompile(`(^|->\s+)Sort\s+\(`)
	checked := 0
	for _, s := range specs {
		sorts := append([]string{""}, s.SortNames()...)
		slices.Sort(sorts)
		for _, sort := range sorts {
			for _, order := range []string{"asc", "desc"} {
				stmt, err := s.OrderedSQL(e.app.DB.Dialect, sort, order)
				if err != nil {
					t.Fatal(err)
				}
				plan := explain(t, e.app.DB, conn, stmt)
				checked++
				sorted := false
				key := strings.Fields(s.From)[0] + " " + sort + " " + order
				for _, line := range plan {
					if line == "USE TEMP B-TREE FOR ORDER BY" || wholeSort.MatchString(strings.TrimSpace(line)) {
						sorted = true
					}
					// The account list by unit name walks the units and then each unit's accounts in id order:
					// sorting the accounts of each name collapsed under load (docs/performance.md).
					if strings.Contains(line, "RIGHT PART") && s.Key == "u.id" && sort == "unitName" {
						t.Errorf("%s sorts the accounts of each unit name:\n%s\n%s", key, stmt, strings.Join(plan, "\n"))
					}
					// The other account sorts walk an index that holds all they read (migration 042): a page far down
					// steps over thousands of entries, and a table read for each collapsed under load.
					if e.app.DB.Dialect == db.SQLite && s.Key == "u.id" && (s.SortFrom[sort].From == "" && strings.Contains(line, "USING INDEX sys_user_list_") ||
						strings.Contains(line, "USING INDEX sys_user_live_unit ")) {
						t.Errorf("%s reads an account row per index entry:\n%s\n%s", key, stmt, strings.Join(plan, "\n"))
					}
				}
				switch {
				case sorted && !unindexedSorts[e.app.DB.Dialect][key]:
					t.Errorf("%s sorts the whole table:\n%s\n%s", key, stmt, strings.Join(plan, "\n"))
				case sorted:
					pinned[key] = true
				}
			}
		}
	}
	// The list shrinks: a sort given an index should leave it. Only a note: on the small tables of the test
	// (an empty handover list) the planner's choice for such a sort varies with the statistics of the moment.
	for key := range unindexedSorts[e.app.DB.Dialect] {
		if !pinned[key] {
			t.Logf("%s did not sort its whole table this time: remove it from unindexedSorts if it was given an index", key)
		}
	}
	t.Logf("%d list specs, %d ordered statements explained", len(specs), checked)
}

// unindexedSorts are the sorts (first table of the list, sort, order) no index serves yet. Apart from
// the account lists (migration 023), the lists have not been given their indexes yet; this pins them so
// none is added and each one indexed must leave the list. The planners differ (PostgreSQL walks a
// primary key where SQLite sorts), hence one list per database.
var unindexedSorts = map[db.Dialect]map[string]bool{
	db.SQLite: {
		// the low-code definitions: tens of rows an administrator writes
		"lowcode_report  asc": true, "lowcode_report  desc": true, "lowcode_report id asc": true, "lowcode_report id desc": true, "lowcode_report name asc": true, "lowcode_report name desc": true, "lowcode_report updatedAt asc": true, "lowcode_report updatedAt desc": true, "lowcode_dataset  asc": true, "lowcode_dataset  desc": true, "lowcode_dataset id asc": true, "lowcode_dataset id desc": true, "lowcode_dataset name asc": true, "lowcode_dataset name desc": true, "lowcode_dataset updatedAt asc": true, "lowcode_dataset updatedAt desc": true, "lowcode_table  asc": true, "lowcode_table  desc": true, "lowcode_table id asc": true, "lowcode_table id desc": true, "lowcode_table name asc": true, "lowcode_table name desc": true, "lowcode_table updatedAt asc": true, "lowcode_table updatedAt desc": true,
		"business_log loginCode asc": true, "business_log loginCode desc": true,
		"employee name desc":     true,
		"exception_log path asc": true, "exception_log path desc": true,
		"expert_book expertCount asc": true, "expert_book expertCount desc": true, "expert_book size asc": true, "expert_book size desc": true, "expert_book title asc": true, "expert_book title desc": true,
		"ext_org  asc": true, "ext_org  desc": true, "ext_org code asc": true, "ext_org code desc": true, "ext_org createdAt asc": true, "ext_org createdAt desc": true, "ext_org kind asc": true, "ext_org kind desc": true, "ext_org name asc": true, "ext_org name desc": true, "ext_org state asc": true, "ext_org state desc": true, "ext_org updatedAt asc": true, "ext_org updatedAt desc": true, "ext_org userCount asc": true, "ext_org userCount desc": true,
		"handover fromLoginCode asc": true, "handover fromLoginCode desc": true, "handover toLoginCode asc": true, "handover toLoginCode desc": true, "handover total asc": true, "handover total desc": true,
		"lib_record  asc": true, "lib_record  desc": true, "lib_record amount asc": true, "lib_record amount desc": true, "lib_record awardDate asc": true, "lib_record awardDate desc": true, "lib_record bidDate asc": true, "lib_record bidDate desc": true, "lib_record buyer asc": true, "lib_record buyer desc": true, "lib_record client asc": true, "lib_record client desc": true, "lib_record createdAt asc": true, "lib_record createdAt desc": true, "lib_record holder asc": true, "lib_record holder desc": true, "lib_record pinned asc": true, "lib_record pinned desc": true, "lib_record publishFrom asc": true, "lib_record publishFrom desc": true, "lib_record signDate asc": true, "lib_record signDate desc": true, "lib_record startDate asc": true, "lib_record startDate desc": true, "lib_record title asc": true, "lib_record title desc": true, "lib_record updatedAt asc": true, "lib_record updatedAt desc": true, "lib_record validFrom asc": true, "lib_record validFrom desc": true, "lib_record years asc": true, "lib_record years desc": true,
		// the government-procurement register's authority is the holder column (as the licences' holder); the
		// social-security rows are read a month or an employee at a time (indexes of migration 055), their other
		// sorts order the filtered rows
		"lib_record authority asc": true, "lib_record authority desc": true,
		"lib_social_security base asc": true, "lib_social_security base desc": true, "lib_social_security employeeCode asc": true,
		"lib_social_security employeeCode desc": true, "lib_social_security updatedAt asc": true, "lib_social_security updatedAt desc": true,
		"lib_social_security city asc": true, "lib_social_security city desc": true,
		"lib_tag  asc": true, "lib_tag  desc": true, "lib_tag name asc": true, "lib_tag name desc": true, "lib_tag records asc": true, "lib_tag records desc": true, "lib_tag sort asc": true, "lib_tag sort desc": true, "lib_tag updatedAt asc": true, "lib_tag updatedAt desc": true,
		"portal_banner id asc": true, "portal_banner id desc": true, "portal_banner publishFrom asc": true, "portal_banner publishFrom desc": true, "portal_banner publishTo asc": true, "portal_banner publishTo desc": true, "portal_banner title asc": true, "portal_banner title desc": true, "portal_banner updatedAt asc": true, "portal_banner updatedAt desc": true,
		"portal_link id asc": true, "portal_link id desc": true, "portal_link title asc": true, "portal_link title desc": true, "portal_link updatedAt asc": true, "portal_link updatedAt desc": true,
		"sys_config  asc": true, "sys_config  desc": true, "sys_config name asc": true, "sys_config name desc": true, "sys_config sort asc": true, "sys_config sort desc": true, "sys_config updatedAt asc": true, "sys_config updatedAt desc": true,
		"sys_dict id asc": true, "sys_dict id desc": true, "sys_dict key asc": true, "sys_dict key desc": true,
		"sys_function  asc": true, "sys_function  desc": true, "sys_function menuCode asc": true, "sys_function menuCode desc": true, "sys_function name asc": true, "sys_function name desc": true, "sys_function resourceCount asc": true, "sys_function resourceCount desc": true, "sys_function roleCount asc": true, "sys_function roleCount desc": true, "sys_function sort asc": true, "sys_function sort desc": true,
		"sys_notice endAt asc": true, "sys_notice endAt desc": true, "sys_notice startAt asc": true, "sys_notice startAt desc": true, "sys_notice updatedAt asc": true, "sys_notice updatedAt desc": true,
		"sys_resource  asc": true, "sys_resource  desc": true, "sys_resource access asc": true, "sys_resource access desc": true, "sys_resource name asc": true, "sys_resource name desc": true, "sys_resource path asc": true, "sys_resource path desc": true, "sys_resource updatedAt asc": true, "sys_resource updatedAt desc": true,
		"sys_role createdAt asc": true, "sys_role createdAt desc": true, "sys_role memberCount asc": true, "sys_role memberCount desc": true, "sys_role name asc": true, "sys_role name desc": true,
		"sys_user extOrgName asc": true, "sys_user extOrgName desc": true,
	},
	db.Postgres: {
		// the low-code definitions: tens of rows an administrator writes
		"lowcode_report  asc": true, "lowcode_report  desc": true, "lowcode_report id asc": true, "lowcode_report id desc": true, "lowcode_report name asc": true, "lowcode_report name desc": true, "lowcode_report updatedAt asc": true, "lowcode_report updatedAt desc": true, "lowcode_dataset  asc": true, "lowcode_dataset  desc": true, "lowcode_dataset id asc": true, "lowcode_dataset id desc": true, "lowcode_dataset name asc": true, "lowcode_dataset name desc": true, "lowcode_dataset updatedAt asc": true, "lowcode_dataset updatedAt desc": true, "lowcode_table  asc": true, "lowcode_table  desc": true, "lowcode_table id asc": true, "lowcode_table id desc": true, "lowcode_table name asc": true, "lowcode_table name desc": true, "lowcode_table updatedAt asc": true, "lowcode_table updatedAt desc": true,
		"exception_log path asc": true, "exception_log path desc": true,
		"expert_book expertCount asc": true, "expert_book expertCount desc": true, "expert_book size asc": true, "expert_book size desc": true, "expert_book title asc": true, "expert_book title desc": true,
		"ext_org  asc": true, "ext_org  desc": true, "ext_org code asc": true, "ext_org code desc": true, "ext_org createdAt asc": true, "ext_org createdAt desc": true, "ext_org kind asc": true, "ext_org kind desc": true, "ext_org name asc": true, "ext_org name desc": true, "ext_org state asc": true, "ext_org state desc": true, "ext_org updatedAt asc": true, "ext_org updatedAt desc": true, "ext_org userCount asc": true, "ext_org userCount desc": true,
		"handover total asc": true, "handover total desc": true,
		"lib_record  asc": true, "lib_record  desc": true, "lib_record amount asc": true, "lib_record amount desc": true, "lib_record awardDate asc": true, "lib_record awardDate desc": true, "lib_record bidDate asc": true, "lib_record bidDate desc": true, "lib_record buyer asc": true, "lib_record buyer desc": true, "lib_record client asc": true, "lib_record client desc": true, "lib_record createdAt asc": true, "lib_record createdAt desc": true, "lib_record holder asc": true, "lib_record holder desc": true, "lib_record pinned asc": true, "lib_record pinned desc": true, "lib_record publishFrom asc": true, "lib_record publishFrom desc": true, "lib_record signDate asc": true, "lib_record signDate desc": true, "lib_record startDate asc": true, "lib_record startDate desc": true, "lib_record title asc": true, "lib_record title desc": true, "lib_record updatedAt asc": true, "lib_record updatedAt desc": true, "lib_record validFrom asc": true, "lib_record validFrom desc": true, "lib_record years asc": true, "lib_record years desc": true,
		// the government-procurement register's authority is the holder column (as the licences' holder); the
		// social-security rows are read a month or an employee at a time (indexes of migration 055), their other
		// sorts order the filtered rows
		"lib_record authority asc": true, "lib_record authority desc": true,
		"lib_social_security base asc": true, "lib_social_security base desc": true, "lib_social_security employeeCode asc": true,
		"lib_social_security employeeCode desc": true, "lib_social_security updatedAt asc": true, "lib_social_security updatedAt desc": true,
		"lib_social_security city asc": true, "lib_social_security city desc": true,
		"lib_tag  asc": true, "lib_tag  desc": true, "lib_tag name asc": true, "lib_tag name desc": true, "lib_tag records asc": true, "lib_tag records desc": true, "lib_tag sort asc": true, "lib_tag sort desc": true, "lib_tag updatedAt asc": true, "lib_tag updatedAt desc": true,
		"portal_banner  asc": true, "portal_banner  desc": true, "portal_banner publishFrom asc": true, "portal_banner publishFrom desc": true, "portal_banner publishTo asc": true, "portal_banner publishTo desc": true, "portal_banner sort asc": true, "portal_banner sort desc": true, "portal_banner title asc": true, "portal_banner title desc": true, "portal_banner updatedAt asc": true, "portal_banner updatedAt desc": true,
		"portal_link  asc": true, "portal_link  desc": true, "portal_link sort asc": true, "portal_link sort desc": true, "portal_link title asc": true, "portal_link title desc": true, "portal_link updatedAt asc": true, "portal_link updatedAt desc": true,
		"sys_config  asc": true, "sys_config  desc": true, "sys_config name asc": true, "sys_config name desc": true, "sys_config sort asc": true, "sys_config sort desc": true, "sys_config updatedAt asc": true, "sys_config updatedAt desc": true,
		"sys_dict key asc": true, "sys_dict key desc": true,
		"sys_function  asc": true, "sys_function  desc": true, "sys_function menuCode asc": true, "sys_function menuCode desc": true, "sys_function name asc": true, "sys_function name desc": true, "sys_function resourceCount asc": true, "sys_function resourceCount desc": true, "sys_function roleCount asc": true, "sys_function roleCount desc": true, "sys_function sort asc": true, "sys_function sort desc": true,
		"sys_notice endAt asc": true, "sys_notice endAt desc": true, "sys_notice startAt asc": true, "sys_notice startAt desc": true, "sys_notice updatedAt asc": true, "sys_notice updatedAt desc": true,
		"sys_resource  asc": true, "sys_resource  desc": true, "sys_resource access asc": true, "sys_resource access desc": true, "sys_resource name asc": true, "sys_resource name desc": true, "sys_resource path asc": true, "sys_resource path desc": true, "sys_resource updatedAt asc": true, "sys_resource updatedAt desc": true,
		"sys_role createdAt asc": true, "sys_role createdAt desc": true, "sys_role memberCount asc": true, "sys_role memberCount desc": true, "sys_role name asc": true, "sys_role name desc": true,
		"sys_user extOrgName asc": true, "sys_user extOrgName desc": true,
	},
}

// explain returns the plan of stmt (LIMIT 10 OFFSET 0) one line per node.
func explain(t *testing.T, d *db.DB, conn *sql.Conn, stmt string) []string {
	t.Helper()
	ctx := context.Background()
	q := "EXPLAIN QUERY PLAN " + stmt
	if d.Dialect == db.Postgres {
		q = "EXPLAIN " + stmt
	}
	rows, err := conn.QueryContext(ctx, d.Rebind(q), 10, 0)
	if err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var line string
		if d.Dialect == db.Postgres {
			err = rows.Scan(&line)
		} else {
			var id, parent, unused int
			err = rows.Scan(&id, &parent, &unused, &line)
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
