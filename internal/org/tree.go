package org

import (
	"context"
	"net/http"
	"strconv"

	"biddesk/internal/platform/httpx"
)

// TreeNode is a unit as the lazily loaded organisation tree shows it: the fields of spec
// section 3 plus whether it has children (so the tree knows which nodes to expand).
type TreeNode struct {
	Unit
	HasChildren bool `json:"hasChildren"`
}

// Children returns the active units whose parent is pid, in their order; the roots when pid is "".
func (s *Store) Children(ctx context.Context, pid string) ([]TreeNode, error) {
	rows, err := s.db.Query(ctx, `SELECT u.id, u.unit_name, u.full_unit_code, u.parent_full_unit_code, u.full_unit_name, u.level, u.is_click, u.disabled, u.special,
		EXISTS (SELECT 1 FROM org_unit c WHERE c.parent_full_unit_code = u.full_unit_code AND c.in_status = 1)
		FROM org_unit u WHERE u.parent_full_unit_code = ? AND u.in_status = 1 ORDER BY u.sort, u.id`, pid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []TreeNode{}
	for rows.Next() {
		var n TreeNode
		var level, click, disabled int
		var has bool
		if err := rows.Scan(&n.ID, &n.UnitName, &n.FullUnitCode, &n.ParentFullUnitCode, &n.FullUnitName, &level, &click, &disabled, &n.Special, &has); err != nil {
			return nil, err
		}
		n.Level, n.IsClick, n.Disabled, n.HasChildren = strconv.Itoa(level), click == 1, disabled == 1, has
		out = append(out, n)
	}
	return out, rows.Err()
}

// Exists tells whether an active unit has this code.
func (s *Store) Exists(ctx context.Context, code string) (bool, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM org_unit WHERE full_unit_code = ? AND in_status = 1`, code).Scan(&n)
	return n > 0, err
}

// Handlers are the HTTP endpoints of the organisation area.
type Handlers struct{ store *Store }

func NewHandlers(s *Store) *Handlers { return &Handlers{store: s} }

// GetByPid is GET /api/dataHumanResources/getByPid?pid=...: the children of a unit, or the roots.
func (h *Handlers) GetByPid(r *http.Request, in *httpx.Input) (any, error) {
	return h.store.Children(r.Context(), in.String("pid"))
}
