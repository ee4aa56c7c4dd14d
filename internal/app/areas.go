package app

import (
	"context"
	"time"

	"biddesk/internal/access"
	"biddesk/internal/audit"
	"biddesk/internal/auth"
	"biddesk/internal/content"
	"biddesk/internal/dataset"
	"biddesk/internal/demand"
	"biddesk/internal/dict"
	"biddesk/internal/dreport"
	"biddesk/internal/dtable"
	"biddesk/internal/exam"
	"biddesk/internal/external"
	"biddesk/internal/files"
	"biddesk/internal/handover"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/route"
	"biddesk/internal/portal"
	"biddesk/internal/reward"
	"biddesk/internal/stats"
	"biddesk/internal/sysconfig"
	"biddesk/internal/tasks"
	"biddesk/internal/training"
	"biddesk/internal/users"
	"biddesk/internal/wordbook"
)

// area is one part of the product as the app wires it, declared once in areas below. Open opens the areas in
// the list's order (each may use those before it), the route table lists their routes, Seed writes their
// built-in data and then their demo data in that order, and the job engine runs their jobs. Every field but
// name and routes may be nil.
type area struct {
	// name is the area's name in the route table (route.Route.Area) and the API description's tag.
	name string
	// open builds the area's service and its adapters to the areas before it.
	open func(ctx context.Context) error
	// routes are the area's API calls; it is called once, after every area is open.
	routes func() []route.Route
	// staffOnly keeps external (partner) accounts out of every call of the area (staffOnlyLowcode).
	staffOnly bool
	// builtins writes what every database needs (function codes, dictionaries, scopes), at every start.
	builtins func(ctx context.Context) error
	// demo writes the area's demo data into a new demo database, after the demo accounts exist.
	demo func(ctx context.Context) error
	// demoAfterPast writes demo data that draws on the demo company's past (its people with accounts, their
	// history), after seedDemoHistory.
	demoAfterPast func(ctx context.Context) error
	// jobs are the area's scheduled tasks (internal/tasks), registered at open.
	jobs []tasks.Task
	// works are the area's kinds of long work run as jobs (tasks.Work: conversions, imports), registered at open.
	works func() []tasks.Work
	// close stops what the area runs in the background (Close calls it, last area first).
	close func()
}

// areas lists the product's areas: adding an area is one entry here (and its package). The platform's own
// parts (access, change bus, system parameters, organisation, dictionaries, accounts, external organisations,
// files) are opened by Open before any area, since each of them is needed by all; they still declare their
// routes, seeds and jobs here.
func (a *App) areas() []area {
	return []area{
		{name: "auth", routes: func() []route.Route { return auth.NewHandlers(a.Auth).Routes() },
			demo: a.seedDemoAccounts,
			jobs: []tasks.Task{{
				Code: "purge_sessions", Name: "task.name.purge_sessions", Cron: "30 * * * *",
				Timeout: 5 * time.Minute, Retries: 2, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireSkip,
				Run: func(ctx context.Context) (string, error) {
					t, s, r, err := a.Users.PurgeExpired(ctx, time.Now())
					return tasks.Say("task.msg.purge", t, s, r), err
				},
			}}},
		{name: "access", routes: func() []route.Route { return access.Routes(a.Access) },
			builtins: a.Access.SeedBuiltins},
		{name: "dict", routes: func() []route.Route { return dict.NewHandlers(a.Dict).Routes() },
			builtins: a.Dict.SeedBuiltins},
		{name: "files", works: a.exportWorks, routes: func() []route.Route {
			return append(files.NewHandlers(a.Files).Routes(), a.ticketRoute(), a.exportStartRoute(), a.exportFileRoute())
		}},
		{name: "org", open: func(context.Context) error { a.Org.UseJobs(a.background); return nil }, works: a.orgWorks, routes: func() []route.Route { return org.NewHandlers(a.Org, a.Access.CheckScopeChange).Routes() },
			builtins: func(ctx context.Context) error {
				return a.Org.SeedDefaultScopes(ctx, map[string]string{access.RoleSysAdmin: org.ScopeAll, access.RoleLibAdmin: org.ScopeAll})
			}},
		{name: "users", routes: func() []route.Route { return users.NewHandlers(users.NewService(a.DB, a.Access, a.Org)).Routes() }},
		{name: "external", routes: func() []route.Route { return external.NewHandlers(a.External, a.Access).Routes() },
			demo: func(ctx context.Context) error { return external.SeedDemo(ctx, a.DB, "staff", "partner") }},
		{name: "handover", open: func(context.Context) error { registerHandoverKinds(); return nil },
			routes: func() []route.Route { return handover.NewHandlers(handover.NewService(a.DB, a.handoverGuard)).Routes() }},
		{name: "audit", routes: func() []route.Route { return audit.Routes(a.DB) },
			jobs: []tasks.Task{{
				Code: "log_retention", Name: "task.name.log_retention", Cron: "0 3 * * *",
				Timeout: 20 * time.Minute, Retries: 2, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun,
				Run: a.retain,
			}}},
		{name: "sysconfig", routes: func() []route.Route { return sysconfig.NewHandlers(a.SysConfig).Routes() }},
		{name: "library", open: a.openLibrary, works: a.libraryWorks, routes: func() []route.Route { return library.NewHandlers(a.Library).Routes() },
			builtins: a.seedLibraryCodes, demo: a.seedLibraryDemo,
			jobs: []tasks.Task{{
				Code: "library_reminders", Name: "task.name.library_reminders", Cron: "0 1 * * *",
				Timeout: 10 * time.Minute, Retries: 3, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun, AtFirstStart: true,
				Run: func(ctx context.Context) (string, error) {
					n, err := a.Library.GenerateMessages(ctx)
					return tasks.Say("task.msg.reminders", n), err
				},
			}}},
		{name: "wordbook", open: a.openWordbook, routes: func() []route.Route { return wordbook.NewHandlers(a.wordbook).Routes() },
			demoAfterPast: a.seedWordbookDemo},
		{name: "portal", open: a.openPortal, routes: func() []route.Route { return portal.NewHandlers(a.Portal).Routes() },
			demo: a.seedPortalDemo},
		{name: "demand", open: a.openDemand, routes: func() []route.Route { return demand.NewHandlers(a.demand).Routes() },
			demo: a.seedDemandDemo},
		{name: "content", open: a.openContent, routes: func() []route.Route { return content.NewHandlers(a.content).Routes() },
			demo: a.seedContentDemo, close: func() { a.content.Close() }, works: a.contentWorks},
		{name: "training", open: a.openTraining, routes: func() []route.Route { return training.NewHandlers(a.training).Routes() },
			demoAfterPast: a.seedTrainingDemo, jobs: []tasks.Task{a.trainingReminders(), a.surveyReminders()}},
		{name: "exam", open: a.openExams, routes: func() []route.Route { return exam.NewHandlers(a.exams).Routes() },
			demoAfterPast: a.seedExamDemo, jobs: []tasks.Task{a.examSubmitDue()}},
		{name: "dtable", staffOnly: true, open: a.openDtables, works: a.dtableWorks, routes: func() []route.Route { return dtable.NewHandlers(a.dtables).Routes() }},
		{name: "dataset", staffOnly: true, open: a.openDatasets, routes: func() []route.Route { return dataset.NewHandlers(a.datasets).Routes() }},
		{name: "dreport", staffOnly: true, open: a.openReports, routes: func() []route.Route { return dreport.NewHandlers(a.reports).Routes() },
			demo: a.seedLowcodeDemo},
		{name: "reward", open: a.openReward, routes: func() []route.Route { return reward.NewHandlers(a.reward).Routes() },
			demo: a.seedRewardDemo},
		{name: "tasks", routes: func() []route.Route { return tasks.NewHandlers(a.Tasks).Routes() },
			jobs: []tasks.Task{{
				Code: "backup", Name: "task.name.backup", Cron: "30 2 * * *",
				Timeout: 30 * time.Minute, Retries: 1, Overlap: tasks.OverlapForbid, Misfire: tasks.MisfireRun,
				Run: func(ctx context.Context) (string, error) { return a.ScheduledBackup(ctx, time.Now()) },
			}}},
		{name: "stats", open: func(context.Context) error { a.stats = a.statsService(); return nil },
			routes: func() []route.Route { return stats.NewHandlers(a.stats).Routes() }},
	}
}

// openAreas opens the areas in order and registers their jobs, then prepares the job engine and assembles the
// route table.
func (a *App) openAreas(ctx context.Context) error {
	a.parts = a.areas()
	for _, ar := range a.parts {
		if ar.open != nil {
			if err := ar.open(ctx); err != nil {
				return err
			}
		}
		for _, t := range ar.jobs {
			a.Tasks.Engine().Register(t)
		}
		if ar.works != nil {
			for _, w := range ar.works() {
				a.Tasks.Engine().RegisterWork(w)
			}
		}
	}
	a.assembleRoutes()
	return nil
}

// assembleRoutes builds the API route table from the areas' own lists, once, at start. Each area declares its
// calls with the access they need (its Routes); the app adds only its own download-ticket call (in files).
func (a *App) assembleRoutes() {
	var all []route.Route
	for _, ar := range a.parts {
		for _, rt := range ar.routes() {
			rt.Area = ar.name
			if ar.staffOnly {
				rt = staffOnlyLowcode(rt)
			}
			all = append(all, rt)
		}
	}
	a.routes = all
	a.downloads = map[string]route.Route{}
	for _, rt := range all {
		if rt.Download {
			a.downloads[rt.Path] = rt
		}
	}
}

// The low-code areas: dynamic tables, datasets (which name the tables their runner may read) and dynamic
// reports (over the datasets).
func (a *App) openDtables(context.Context) error {
	a.dtables = dtable.NewService(a.DB, a.dtableCaller, lowcodeLookups{a})
	a.dtables.UseJobs(a.background)
	return nil
}

func (a *App) openDatasets(context.Context) error {
	a.datasets = dataset.NewService(a.DB, a.datasetScope)
	return nil
}

func (a *App) openReports(context.Context) error {
	a.reports = dreport.NewService(a.DB, reportDatasets{a.datasets}, a.reportCaller)
	return nil
}
