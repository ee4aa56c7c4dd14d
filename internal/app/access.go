package app

import (
	"context"
	"encoding/json"
	"strings"
	"sync"

	"biddesk/api"
	"biddesk/internal/access"
	"biddesk/internal/platform/route"
)

// The resource table (/resmanager) is the route table as data: every route becomes a row at
// start-up, and the guard of a function route asks the table's snapshot on each call, falling
// back to the route table's codes when the table has none for it.

// resourceDefs describes the route table for the resource table, named after the API summaries.
func (a *App) resourceDefs() []access.RouteDef {
	names := apiSummaries()
	routes := a.Routes()
	defs := make([]access.RouteDef, 0, len(routes))
	for _, rt := range routes {
		// The resource screen names a call in the product's language (zh-CN); a route not typed yet has only the
		// English summary of the legacy description.
		name := rt.SummaryZH
		if name == "" {
			name = names[rt.Method+" "+rt.Path]
		}
		d := access.RouteDef{Method: rt.Method, Path: rt.Path, Name: access.ResourceName(name), Download: rt.Download}
		switch rt.Access {
		case route.Public:
			d.Access = access.AccessPublic
		case route.SignedIn:
			d.Access = access.AccessSignedIn
		default:
			d.Access, d.Codes = access.AccessFunction, rt.Codes()
		}
		if d.Name == "" {
			d.Name = rt.Method + " " + rt.Path
		}
		defs = append(defs, d)
	}
	return defs
}

// needs returns what the guard of rt asks on every call: nothing for a signed-in route; for a
// function route the resource table's codes, or the route table's when the table has none.
func (a *App) needs(rt route.Route) func() []string {
	fallback := rt.Codes()
	if len(fallback) == 0 {
		return func() []string { return nil }
	}
	return func() []string {
		if codes, ok := a.Access.Needs(rt.Method, rt.Path); ok {
			return codes
		}
		return fallback
	}
}

var (
	summariesOnce sync.Once
	summaries     map[string]string
)

// apiSummaries maps "METHOD /path" to the operation's summary in api/openapi.json.
func apiSummaries() map[string]string {
	summariesOnce.Do(func() {
		var doc struct {
			Paths map[string]map[string]struct {
				Summary string `json:"summary"`
			} `json:"paths"`
		}
		summaries = map[string]string{}
		if json.Unmarshal(api.OpenAPI, &doc) != nil {
			return
		}
		for path, ops := range doc.Paths {
			for method, op := range ops {
				summaries[strings.ToUpper(method)+" "+path] = op.Summary
			}
		}
	})
	return summaries
}

// syncResources writes the route table into the resource table (missing rows only keep their
// codes; see access.SyncResources) and loads the guard's snapshot.
func (a *App) syncResources(ctx context.Context) error {
	return a.Access.SyncResources(ctx, a.resourceDefs())
}
