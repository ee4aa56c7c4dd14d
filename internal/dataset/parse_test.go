package dataset

import (
	"slices"
	"testing"
)

func TestParseBindsNamedParametersAndRefusesASecondStatement(t *testing.T) {
	p, err := parse("-- units\nSELECT a::text, ':x' AS lit, \"col\" FROM t WHERE u = :unit AND d >= :from AND v = :unit; -- end", true)
	if err != nil {
		t.Fatal(err)
	}
	if p.text != `SELECT a::text, ':x' AS lit, "col" FROM t WHERE u = $1 AND d >= $2 AND v = $3` ||
		!slices.Equal(p.order, []string{"unit", "from", "unit"}) || !slices.Equal(p.names, []string{"unit", "from"}) {
		t.Fatalf("%q %v %v", p.text, p.order, p.names)
	}
	if p, _ := parse("WITH x AS (SELECT :a) SELECT * FROM x", false); p == nil || p.text != "WITH x AS (SELECT ?) SELECT * FROM x" {
		t.Fatalf("sqlite: %+v", p)
	}
	for _, q := range []string{"SELECT 1; SELECT 2", "SELECT 1;; DELETE FROM t", "DELETE FROM t", "  pragma x", "SELECT ?", "SELECT $1",
		"SELECT @a", "SELECT $$x$$", "SELECT 'a", "SELECT \"a", "SELECT 1 /* x", "SELECT \"a?b\" FROM t", "/* */ ATTACH 'x' AS y",
		"SELECT 1 /* /* */ */", "", "   ", "EXPLAIN SELECT 1", "(DELETE FROM t)"} {
		if _, err := parse(q, false); err == nil {
			t.Errorf("accepted: %q", q)
		}
	}
	for _, q := range []string{"SELECT 1;", "SELECT 1; -- done", "SELECT 1 ; /* done */ ", "(SELECT 1)", "select 'it''s' AS s"} {
		if _, err := parse(q, false); err != nil {
			t.Errorf("refused %q: %v", q, err)
		}
	}
}
