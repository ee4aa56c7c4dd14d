package access

import (
	"net/http"

	"biddesk/internal/auth"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Handlers are the HTTP endpoints of the access area.
type Handlers struct{ store *Store }

func NewHandlers(s *Store) *Handlers { return &Handlers{store: s} }

// MenuTree is GET /api/sys/menu/tree: the whole menu catalogue as a tree (menu management).
func (h *Handlers) MenuTree(r *http.Request, _ route.None) (*httpx.Encoded[[]*auth.Menu], error) {
	return h.store.wholeTree(r.Context())
}
