package org

import (
	"context"
	"fmt"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// LabelSeparator joins the names of a unit's label.
const LabelSeparator = " / "

// LabelSQL is the SQL of a unit's label for a row of org_unit under alias (its name until labels are written).
func LabelSQL(alias string) string {
	return "COALESCE(NULLIF(" + alias + ".unit_label, ''), " + alias + ".unit_name)"
}

// Labels gives each unit the shortest end of its path of names that no other unit shares: a unique name stays
// itself, the fourteen 投标管理部 become 北京华信物业服务有限公司 / 投标管理部. paths maps a unit's code to its names
// from the root.
func Labels(paths map[string][]string) map[string]string {
	key := func(names []string, n int) string { return strings.Join(names[len(names)-n:], "\x00") }
	count := map[string]int{}
	for _, names := range paths {
		for n := 1; n <= len(names); n++ {
			count[key(names, n)]++
		}
	}
	out := make(map[string]string, len(paths))
	for code, names := range paths {
		n := 1
		for n < len(names) && count[key(names, n)] > 1 {
			n++
		}
		out[code] = strings.Join(names[len(names)-n:], LabelSeparator)
	}
	return out
}

// writeLabels recomputes every unit's label from the tree and writes those that changed.
func writeLabels(ctx context.Context, tx *db.Tx) error {
	rows, err := tx.Query(ctx, `SELECT full_unit_code, parent_full_unit_code, unit_name, unit_label FROM org_unit`)
	if err != nil {
		return fmt.Errorf("org: read units for their labels: %w", err)
	}
	type node struct{ parent, name, label string }
	all := map[string]node{}
	for rows.Next() {
		var code string
		var n node
		if err := rows.Scan(&code, &n.parent, &n.name, &n.label); err != nil {
			rows.Close()
			return fmt.Errorf("org: read units for their labels: %w", err)
		}
		all[code] = n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("org: read units for their labels: %w", err)
	}
	paths := make(map[string][]string, len(all))
	for code := range all {
		var names []string
		// a parent's code is a strict prefix of its child's, so the walk ends
		for c := code; ; {
			n, ok := all[c]
			if !ok {
				break
			}
			names = append([]string{n.name}, names...)
			c = n.parent
		}
		paths[code] = names
	}
	for code, label := range Labels(paths) {
		if all[code].label != label {
			if _, err := tx.Exec(ctx, `UPDATE org_unit SET unit_label = ? WHERE full_unit_code = ?`, label, code); err != nil {
				return fmt.Errorf("org: write the label of %s: %w", code, err)
			}
		}
	}
	return nil
}

// FillLabels writes the labels of a database whose units have none yet (one migrated to version 050).
func (s *Store) FillLabels(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "org: fill labels")
	var missing int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE unit_label = ''`).Scan(&missing); err != nil {
		return fmt.Errorf("count units without a label: %w", err)
	}
	if missing == 0 {
		return nil
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error { return writeLabels(ctx, tx) })
}
