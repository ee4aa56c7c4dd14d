// Package app wires configuration, database, stores, services and routes into one server.
package app

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"biddesk/api"
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
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/apidoc"
	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
	"biddesk/internal/platform/storage"
	"biddesk/internal/portal"
	"biddesk/internal/reward"
	"biddesk/internal/stats"
	"biddesk/internal/sysconfig"
	"biddesk/internal/tasks"
	"biddesk/internal/training"
	"biddesk/internal/wordbook"
	"biddesk/migrations"
)

// App is a wired BidDesk server.
type App struct {
	Config config.Config
	DB     *db.DB
	Log    *slog.Logger

	Access *access.Store
	Org    *org.Store
	Dict   *dict.Store
	Users  *auth.Store
	Auth   *auth.Service
	// External is the external organisations; its gate stops the users of a disabled one.
	External *external.Service
	// SysConfig is the system parameters (live session policy, URLs, upload limits, portal layout).
	SysConfig *sysconfig.Store
	// Changes tells every instance that cached data changed (menus, function codes, resources).
	Changes *changes.Bus
	// Library is the bid-material library's records (experts for the Word book, among others).
	Library *library.Service
	// Files is uploads and downloads (local disk and the S3-compatible store); stopFiles ends its janitor.
	Files     *files.Service
	stopFiles context.CancelFunc
	// stopStats ends the hourly statistics upkeep (keepStatistics) and waits for it.
	stopStats func()
	// stats is the usage statistics (internal/stats), whose rollups the upkeep folds.
	stats *stats.Service
	// Portal is the portal's home page, messages, bid pack and management (internal/portal).
	Portal *portal.Service
	// wordbook is the expert Word book (internal/wordbook).
	wordbook *wordbook.Service
	// Tasks is the scheduled tasks and their job engine (internal/tasks); StartJobs runs the engine.
	Tasks       *tasks.Service
	jobsStarted bool
	// demand is demand collection (internal/demand).
	demand *demand.Service
	// reports are the dynamic reports (internal/dreport); the session's side menu lists those marked for it.
	reports *dreport.Service
	// dtables are the dynamic tables (a dataset names those its runner may read), datasets the datasets.
	dtables  *dtable.Service
	datasets *dataset.Service
	// reward is the certificate rewards (internal/reward).
	reward *reward.Service
	// content is the learning content (internal/content); Close stops its conversions.
	content *content.Service
	// training is staff training (internal/training).
	training *training.Service
	// exams is examinations (internal/exam).
	exams *exam.Service

	// parts are the areas (areas.go), in their order.
	parts []area
	// seededAccounts are the demo accounts Seed created.
	seededAccounts []Account

	// routes is the API route table, assembled once from the areas' lists; downloads are its download
	// routes by path (the download ticket's look-up).
	routes    []route.Route
	downloads map[string]route.Route
	// metrics are this instance's measures for GET /metrics.
	metrics *metrics
}

// Open connects to the database, applies migrations and wires the areas.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, error) {
	if err := auth.CheckSSOConfig(cfg); err != nil {
		return nil, err
	}
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	d.SetMaxConns(cfg.DatabaseConns)
	applied, err := d.Migrate(ctx, migrations.FS)
	if err != nil {
		d.Close()
		return nil, err
	}
	if len(applied) > 0 {
		log.Info("migrated", "applied", applied)
	}
	if err := tasks.Migrate(ctx, d, log); err != nil {
		d.Close()
		return nil, err
	}
	a := &App{Config: cfg, DB: d, Log: log}
	a.Access = access.NewStore(d)
	a.Changes = changes.New(d, log)
	a.openTasks(tasks.Options{})
	a.Access.Watch(a.Changes)
	a.SysConfig = sysconfig.NewStore(d, cfg)
	a.SysConfig.Watch(a.Changes)
	if err := a.Changes.Start(); err != nil {
		d.Close()
		return nil, fmt.Errorf("watch changes: %w", err)
	}
	if err := a.Access.LoadResources(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, fmt.Errorf("load resources: %w", err)
	}
	a.Org = org.NewStore(d)
	if err := a.Org.FillInitials(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, fmt.Errorf("employee initials: %w", err)
	}
	if err := a.Org.FillLabels(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, fmt.Errorf("unit labels: %w", err)
	}
	a.Dict = dict.NewStore(d)
	a.Users = auth.NewStore(d)
	a.Auth = auth.NewService(a.Users, cfg, reportMenus{a}, a.Dict, a.Org)
	// whom an organisation is put in charge of: the accounts the caller sees in user management
	a.External = external.NewService(d, func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error) {
		return a.Org.VisibilityIn(ctx, q, userID, org.ModuleUsers)
	})
	a.Auth.AddGate(a.External.Gate)
	a.Auth.UseVersions(a.Changes.Version)
	a.Org.UseVersion(func(ctx context.Context) (int64, error) { return a.Changes.Version(ctx, auth.VersionTopic) })
	a.Auth.UseEmployees(ssoEmployees{a})
	if err := a.SysConfig.Sync(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, fmt.Errorf("system parameters: %w", err)
	}
	a.Auth.UsePolicy(a.SysConfig)
	if err := a.openFiles(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, err
	}
	if err := a.openAreas(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, err
	}
	if err := a.Tasks.Engine().Prepare(ctx); err != nil {
		a.Changes.Stop()
		d.Close()
		return nil, fmt.Errorf("scheduled tasks: %w", err)
	}
	a.metrics = newMetrics(a)
	a.keepStatistics(ctx)
	return a, nil
}

// keepStatistics runs db.Optimize now and every hour while the app is open, so that the list plans
// (index walks, docs/performance.md) hold as the tables grow. In the background it also folds the usage
// events into the statistics rollups, at start and every hour: after an upgrade the first fold reads the
// whole history (a minute for a year of a large organisation), which no statistics call should wait for
// if it can be helped, and later each call folds only the last hour's events.
func (a *App) keepStatistics(ctx context.Context) {
	if err := a.DB.Optimize(ctx, true); err != nil {
		a.Log.Warn("optimize statistics", "err", err)
	}
	sctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	a.stopStats = func() { stop(); <-done }
	fold := func() {
		if err := a.stats.Refresh(sctx); err != nil && sctx.Err() == nil {
			a.Log.Warn("fold usage statistics", "err", err)
		}
	}
	go func() {
		defer close(done)
		fold()
		t := time.NewTicker(time.Hour)
		defer t.Stop()
		for {
			select {
			case <-sctx.Done():
				return
			case <-t.C:
				if err := a.DB.Optimize(sctx, false); err != nil && sctx.Err() == nil {
					a.Log.Warn("optimize statistics", "err", err)
				}
				fold()
			}
		}
	}()
}

// openFiles sets up the file stores: the data folder's files/ always, the S3-compatible store when
// BIDDESK_S3_ENDPOINT is set. New files go to the store --storage names (a file is read from the store
// its record names). Upload limits are the live system parameters.
func (a *App) openFiles(ctx context.Context) error {
	stores, primary, err := OpenStores(ctx, a.Config, a.Log)
	if err != nil {
		return err
	}
	limits := func() (int64, string) {
		u := a.SysConfig.Upload()
		return u.MaxBytes, u.Suffixes
	}
	a.Files, err = files.NewService(a.DB, filepath.Join(a.Config.DataDir, "upload-tmp"), limits, stores, primary)
	if err != nil {
		return err
	}
	a.Files.SignDownloads(a.Config.S3SignedDownloads)
	jctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	a.stopFiles = stop
	go a.Files.Run(jctx)
	return nil
}

// S3Store is the S3-compatible store of cfg's --s3-* settings (nothing is sent until its first call).
func S3Store(cfg config.Config) (*storage.S3, error) {
	return storage.NewS3(storage.S3Config{Endpoint: cfg.S3Endpoint, Bucket: cfg.S3Bucket,
		AccessKey: cfg.S3AccessKey, SecretKey: cfg.S3SecretKey, Region: cfg.S3Region,
		Addressing: cfg.S3Addressing, PartSize: int64(cfg.S3PartSizeMB) << 20})
}

// OpenStores opens the file stores of cfg, keyed by storage kind, and names the one new files go to.
func OpenStores(ctx context.Context, cfg config.Config, log *slog.Logger) (map[string]storage.Store, string, error) {
	disk, err := storage.NewDisk(filepath.Join(cfg.DataDir, "files"))
	if err != nil {
		return nil, "", err
	}
	stores := map[string]storage.Store{storage.KindDisk: disk}
	if cfg.S3Endpoint != "" {
		s3, err := S3Store(cfg)
		if err != nil {
			return nil, "", err
		}
		if err := s3.Check(ctx); err != nil {
			log.Warn("object store not usable yet", "err", err)
		}
		stores[storage.KindOSS] = s3
	}
	primary := storage.KindDisk
	if cfg.Storage == "s3" {
		if stores[storage.KindOSS] == nil {
			return nil, "", fmt.Errorf("--storage s3 needs the S3 store: set --s3-endpoint, --s3-bucket, --s3-access-key and --s3-secret-key")
		}
		primary = storage.KindOSS
	}
	return stores, primary, nil
}

// Close stops the job engine (if StartJobs ran), watching for changes, and closes the database.
func (a *App) Close() error {
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := a.StopJobs(sctx); err != nil {
		a.Log.Warn("stop the job engine", "err", err)
	}
	a.stopStats()
	for i := len(a.parts) - 1; i >= 0; i-- {
		if a.parts[i].close != nil {
			a.parts[i].close()
		}
	}
	a.stopFiles()
	a.Changes.Stop()
	return a.DB.Close()
}

// Routes is the API route table: every endpoint with the permission it needs (built once by Open).
func (a *App) Routes() []route.Route { return a.routes }

// Handler builds the whole HTTP handler: API routes, health, OpenAPI and the web app,
// inside the shared middleware.
func (a *App) Handler(webDist fs.FS) http.Handler {
	mux := http.NewServeMux()
	for _, rt := range a.Routes() {
		var h http.Handler = httpx.Serve(rt.Handler)
		if rt.Access != route.Public {
			// Function codes come from the resource table, read per call (see access.go).
			h = a.Auth.Guard(a.needs(rt), rt.Download, h)
		}
		pattern := rt.Method + " " + rt.Path
		mux.Handle(pattern, a.metrics.route(pattern, h))
	}
	mux.HandleFunc("GET /healthz", a.health)
	mux.HandleFunc("GET /readyz", a.ready)
	mux.Handle("GET /metrics", a.serveMetrics())
	mux.HandleFunc("GET /api/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(api.OpenAPI)
	})
	// The browsable API reference (Swagger UI, its files built into webDist).
	docs := apidoc.UI(webDist)
	mux.Handle("GET /api/docs", docs)
	mux.Handle("GET /api/docs/{file}", docs)
	// Unknown API paths answer with the envelope, not the web app.
	mux.Handle("/api/", a.metrics.route("/api/", httpx.Serve(func(http.ResponseWriter, *http.Request) (any, error) { return nil, httpx.ErrNotFound })))
	mux.Handle("/", a.metrics.route("/", spaHandler(webDist)))

	var h http.Handler = mux
	h = httpx.CheckInput(h)
	h = httpx.CrossSiteGuard(h)
	h = httpx.Recover(h)
	h = httpx.WithErrorSink(audit.ExceptionSink(a.DB))(h)
	h = httpx.SecurityHeaders(h)
	h = httpx.AccessLog(a.Log, a.Config.TrustProxy)(h)
	return h
}

func (a *App) health(w http.ResponseWriter, r *http.Request) {
	if err := a.DB.PingContext(r.Context()); err != nil {
		httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// String names the app for logs.
func (a *App) String() string { return fmt.Sprintf("biddesk on %s", a.Config.DatabaseLabel()) }
