package app

import (
	"context"

	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/stats"
)

// The usage statistics (internal/stats) count the library's material types by their keys and names, and
// limit every number to the caller's data scope of the statistics module.
func (a *App) statsService() *stats.Service {
	var kinds []stats.Kind
	for _, t := range library.Types {
		if t.Messages {
			continue // message to-dos are addressed to people, not bid materials
		}
		kinds = append(kinds, stats.Kind{Key: t.Key, Code: t.Code, Label: t.Name})
	}
	vis := func(ctx context.Context, userID int64, module string) (org.Visibility, error) {
		return a.Org.Visibility(ctx, userID, module)
	}
	return stats.NewService(a.DB, vis, kinds)
}
