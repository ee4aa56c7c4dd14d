package access

import (
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/platform/route"
)

// Handlers are the HTTP endpoints of the access area.
type Handlers struct{ store *Store }

func NewHandlers(s *Store) *Handlers { return &Handlers{store: s} }

// MenuTree is GET /api/sys/menu/tree: the whole menu catalogue as a tree (menu management).
func (h *Handlers) MenuTree(r *http.Request, _ route.None) ([]*auth.Menu, error) {
	all, err := h.store.allMenus(r.Context())
	if err != nil {
		return nil, err
	}
	codes := make([]string, len(all))
	for i, m := range all {
		codes[i] = m.Code
	}
	tree := buildTree(all, codes)
	if tree == nil {
		tree = []*auth.Menu{}
	}
	return tree, nil
}
