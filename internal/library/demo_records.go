package library

import (
	"context"
	"fmt"

	"biddesk/internal/auth"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// SeedRecord adds one demo record of the type key with the values (as the type's form reads them), entered and
// published by the administrator adminID, with no business-log line: the demo data of other areas (the certificate
// rewards' expert and tenders) goes through the library's own rules this way.
func (s *Service) SeedRecord(ctx context.Context, adminID int64, key string, values map[string]any) (_ int64, err error) {
	defer errs.Wrap(&err, "library: seed record adminID=%d key=%s", adminID, key)
	t := TypeOf(key)
	if t == nil {
		return 0, fmt.Errorf("demo record of unknown type %q", key)
	}
	ctx = context.WithValue(ctx, seeding{}, true)
	ctx = auth.WithPrincipal(ctx, &auth.Principal{UserID: adminID, FunCodes: map[string]bool{FunAdmin: true}})
	f, err := readForm(t, mapValues(values), httpx.LangZH)
	if err != nil {
		return 0, fmt.Errorf("demo %s %v: %w", key, values["title"], err)
	}
	id, err := s.Add(ctx, f, httpx.LangZH)
	if err != nil {
		return 0, fmt.Errorf("demo %s %v: %w", key, values["title"], err)
	}
	return id, nil
}
