package dataset

import (
	"strings"
	"testing"
)

// Every table of the allow-list is either guarded (read through the runner's scoped view) or named as one every
// runner may read whole: a table added to the allow-list must be placed.
func TestEveryReadableTableIsGuardedOrNamedUnguarded(t *testing.T) {
	for table := range Readable {
		_, g := guarded[table]
		_, u := unguarded[table]
		if g == u {
			t.Errorf("%s: guarded %v, unguarded %v", table, g, u)
		}
	}
	for table, gd := range guarded {
		if _, ok := Readable[table]; !ok {
			t.Errorf("guarded %s is not readable", table)
		}
		for _, c := range gd.Personal {
			if !readable(table, c) {
				t.Errorf("personal column %s.%s is not on the allow-list", table, c)
			}
		}
	}
	// the scope's units are literals: a quote or a backslash in a code stays inside the literal
	v := &views{dialect: "postgres"}
	if got := v.cond(Scope{Exact: []string{`a'b\`}})("c"); got != `(c IN (E'a''b\\'))` {
		t.Errorf("postgres literal: %s", got)
	}
	v.dialect = "sqlite"
	if got := v.cond(Scope{Prefixes: []string{"10'02"}})("c"); got != `(substr(c, 1, 5) = '10''02')` {
		t.Errorf("sqlite literal: %s", got)
	}
	if got := v.cond(Scope{})("c"); got != "1=0" {
		t.Errorf("no unit: %s", got)
	}
	if got := strings.Join(namedTables("select * from SYS_USER u join login_log l on 1=1"), ","); got != "login_log,sys_user" {
		t.Errorf("named tables: %s", got)
	}
}
