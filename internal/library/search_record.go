package library

import (
	"context"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// One record of the portal and its download count.

// PortalOne is a record the portal shows the caller, with its tags, files, expiry mark and downloads;
// PortalNotFound when it shows no such record (deleted, unpublished, outside its window or the caller's data
// rules, or not a portal type).
func (s *Service) PortalOne(ctx context.Context, p *auth.Principal, id int64) (*Record, error) {
	cond, args, err := s.PortalScope(ctx, p)
	if err != nil {
		return nil, err
	}
	r, err := scanPortal(s.db.QueryRow(ctx, `SELECT `+recordSelect+`, r.downloads FROM `+recordFrom+` WHERE r.id = ? AND `+cond, append([]any{id}, args...)...))
	if db.IsNoRows(err) {
		return nil, httpx.Fail(PortalNotFound)
	}
	if err != nil {
		return nil, err
	}
	if err := s.complete(ctx, s.db, []*Record{r}); err != nil {
		return nil, err
	}
	forPortal(p, r)
	return r, nil
}

/* ---------- downloads ---------- */

// CountDownload adds one download to a record (the files area's download hook, and the bid pack).
func (s *Service) CountDownload(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE lib_record SET downloads = downloads + 1 WHERE id = ?`, id)
	return err
}

/* ---------- HTTP ---------- */
