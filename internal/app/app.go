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
	"biddesk/internal/dict"
	"biddesk/internal/external"
	"biddesk/internal/files"
	"biddesk/internal/handover"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/storage"
	"biddesk/internal/portal"
	"biddesk/internal/sysconfig"
	"biddesk/internal/users"
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
	// stopStats ends the hourly statistics upkeep (keepStatistics).
	stopStats context.CancelFunc
	// Portal is the portal's home page, messages, bid pack and management (internal/portal).
	Portal *portal.Service
}

// Open connects to the database, applies migrations and wires the areas.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	applied, err := d.Migrate(ctx, migrations.FS)
	if err != nil {
		d.Close()
		return nil, err
	}
	if len(applied) > 0 {
		log.Info("migrated", "applied", applied)
	}
	a := &App{Config: cfg, DB: d, Log: log}
	a.Access = access.NewStore(d)
	a.Changes = changes.New(d, log)
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
	a.Dict = dict.NewStore(d)
	a.Users = auth.NewStore(d)
	a.Auth = auth.NewService(a.Users, cfg, a.Access, a.Dict, a.Org)
	// whom an organisation is put in charge of: the accounts the caller sees in user management
	a.External = external.NewService(d, func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error) {
		return a.Org.VisibilityIn(ctx, q, userID, org.ModuleUsers)
	})
	a.Auth.AddGate(a.External.Gate)
	registerHandoverKinds()
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
	a.openLibrary()
	a.openPortal()
	a.keepStatistics(ctx)
	return a, nil
}

// keepStatistics runs db.Optimize now and every hour while the app is open, so that the list plans
// (index walks, docs/performance.md) hold as the tables grow.
func (a *App) keepStatistics(ctx context.Context) {
	if err := a.DB.Optimize(ctx, true); err != nil {
		a.Log.Warn("optimize statistics", "err", err)
	}
	sctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	a.stopStats = stop
	go func() {
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
			}
		}
	}()
}

// openFiles sets up the file stores: the data folder's files/ always, the S3-compatible store when
// BIDDESK_S3_ENDPOINT is set. Upload limits are the live system parameters.
func (a *App) openFiles(ctx context.Context) error {
	disk, err := storage.NewDisk(filepath.Join(a.Config.DataDir, "files"))
	if err != nil {
		return err
	}
	stores := map[string]storage.Store{storage.KindDisk: disk}
	if a.Config.S3Endpoint != "" {
		s3, err := storage.NewS3(storage.S3Config{Endpoint: a.Config.S3Endpoint, Bucket: a.Config.S3Bucket,
			AccessKey: a.Config.S3AccessKey, SecretKey: a.Config.S3SecretKey, Region: a.Config.S3Region})
		if err != nil {
			return err
		}
		if err := s3.Check(ctx); err != nil {
			a.Log.Warn("object store not usable yet", "err", err)
		}
		stores[storage.KindOSS] = s3
	}
	limits := func() (int64, string) {
		u := a.SysConfig.Upload()
		return u.MaxBytes, u.Suffixes
	}
	a.Files, err = files.NewService(a.DB, filepath.Join(a.Config.DataDir, "upload-tmp"), limits, stores)
	if err != nil {
		return err
	}
	jctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	a.stopFiles = stop
	go a.Files.Run(jctx)
	return nil
}

// Close stops watching for changes and closes the database.
func (a *App) Close() error {
	a.stopStats()
	a.stopFiles()
	a.Changes.Stop()
	return a.DB.Close()
}

// Route is one API endpoint. Access is Public, SignedIn, or the function code the caller must
// hold (several, comma-separated, mean any of them). Download routes (exports opened in a new
// window) also accept a single-use download ticket instead of the session token.
type Route struct {
	Method, Path string
	Access       string
	Handler      httpx.Handler
	Download     bool
}

// Access levels besides a function code.
const (
	Public   = "public"
	SignedIn = "signed-in"
)

func route(method, path, access string, h httpx.Handler) Route {
	return Route{Method: method, Path: path, Access: access, Handler: h}
}

func download(path, access string, h httpx.Handler) Route {
	return Route{Method: "GET", Path: path, Access: access, Handler: h, Download: true}
}

// Routes is the API route table: every endpoint with the permission it needs. The function
// code of an admin screen's calls is the screen's menu code.
func (a *App) Routes() []Route {
	authH := auth.NewHandlers(a.Auth)
	dictH := dict.NewHandlers(a.Dict)
	accessH := access.NewHandlers(a.Access)
	roleH := access.NewRoleHandlers(a.Access)
	orgH := org.NewHandlers(a.Org, a.Access.CheckScopeChange)
	unitList, employeeList := org.Tables(a.DB)
	userH := users.NewHandlers(users.NewService(a.DB, a.Access, a.Org))
	extH := external.NewHandlers(a.External, a.Access)
	handoverH := handover.NewHandlers(handover.NewService(a.DB, a.handoverGuard))
	menuH, fnH, resH := access.NewMenuHandlers(a.Access), access.NewFunctionHandlers(a.Access), access.NewResourceHandlers(a.Access)
	loginLog := audit.LoginLogTable(a.DB)
	cfgH := sysconfig.NewHandlers(a.SysConfig)
	businessLog, exceptionLog := audit.BusinessLogTable(a.DB), audit.ExceptionLogTable(a.DB)
	bookH := wordbook.NewHandlers(a.bookService())
	fileH := files.NewHandlers(a.Files)
	return append([]Route{
		route("POST", "/api/login", Public, authH.Login),
		route("POST", "/api/outSite/login", Public, authH.OutSiteLogin),
		route("POST", "/api/login/renew", Public, httpx.WithInput(authH.Renew)),
		route("POST", "/api/logout", SignedIn, authH.Logout),
		route("PUT", "/api/sys/user/updatePwd", SignedIn, httpx.WithInput(authH.UpdatePwd)),
		route("GET", "/api/sys/user/info", SignedIn, authH.Info),
		route("GET", "/api/sys/user/session", SignedIn, authH.Session),
		route("GET", "/api/sys/dict/getDictCache", SignedIn, dictH.Cache),
		route("GET", "/api/sys/common/dict/item", SignedIn, httpx.WithInput(dictH.CommonItem)),
		route("GET", "/api/sys/common/dict/item2", SignedIn, httpx.WithInput(dictH.CommonItem2)),
		route("GET", "/api/sys/common/dict", SignedIn, httpx.WithInput(dictH.Generic)),
		route("GET", "/api/sys/menu/tree", "menusmanager,rolemanager", accessH.MenuTree),
		route("GET", "/api/sys/resource/all", "rolemanager,resmanager", resH.All),
		route("GET", "/api/sys/function/all", "resmanager,functionsmanager,menusmanager", fnH.All),
		route("POST", "/api/sys/common/ticket", SignedIn, httpx.WithInput(a.issueTicket)),
		route("POST", "/api/sys/common/disk/upload", SignedIn, fileH.DiskUpload),
		route("POST", "/api/sys/common/oss/upload", SignedIn, fileH.OSSUpload),
		download("/api/sys/common/file/down", SignedIn, fileH.Down),
		route("DELETE", "/api/sys/common/file/del", SignedIn, httpx.WithInput(fileH.Del)),
		route("POST", "/api/banner/upload", SignedIn, fileH.BannerUpload),
		route("GET", "/api/sys/common/image/{name}", Public, fileH.Image),
		route("GET", "/api/dataHumanResources/getByPid", SignedIn, httpx.WithInput(orgH.GetByPid)),
		route("GET", "/api/dataHumanResources/tree", SignedIn, httpx.WithInput(orgH.Tree)),
		route("GET", "/api/dataHumanResources/getByNameOrCode", SignedIn, httpx.WithInput(orgH.GetByNameOrCode)),
		route("GET", "/api/organization/levelInfoList", SignedIn, httpx.WithInput(orgH.LevelInfoList)),
		route("GET", "/api/organization/unitInfo/byUnitName", SignedIn, httpx.WithInput(orgH.ByUnitName)),
		route("GET", "/motivate/project/config/selectOrgCode", SignedIn, httpx.WithInput(orgH.SelectOrgCode)),
		route("GET", "/api/recruit/interview/user/authority", SignedIn, httpx.WithInput(orgH.Authority)),
		route("POST", "/api/employee/selector", SignedIn, httpx.WithInput(orgH.EmployeeSelector)),
		route("GET", "/api/org/dataModules", "rolemanager", orgH.DataModules),
		route("GET", "/api/sys/role/dataScope", "rolemanager", httpx.WithInput(orgH.RoleScopes)),
		route("PUT", "/api/sys/role/dataScope", "rolemanager", httpx.WithInput(orgH.PutRoleScopes)),
		route("GET", "/api/org/unit/list", "organization_manager", unitList.List),
		download("/api/org/unit/export", "organization_manager", unitList.Export),
		route("GET", "/api/org/employee/list", "organization_manager", employeeList.List),
		download("/api/org/employee/export", "organization_manager", employeeList.Export),
		download("/api/org/import/template", "organization_manager", orgH.ImportTemplate),
		route("POST", "/api/org/import", "organization_manager", orgH.Import),

		route("GET", "/api/sys/user/list", "sysuser", userH.List),
		route("POST", "/api/sys/user/add", "sysuser", httpx.WithInput(userH.Add)),
		route("PUT", "/api/sys/user/edit", "sysuser", httpx.WithInput(userH.Edit)),
		route("PUT", "/api/sys/user/changeState", "sysuser", httpx.WithInput(userH.ChangeState)),
		route("PUT", "/api/sys/user/resetPwd", "sysuser", httpx.WithInput(userH.ResetPwd)),
		route("DELETE", "/api/sys/user/del", "sysuser", httpx.WithInput(userH.Del)),
		download("/api/sys/user/export", "sysuser", userH.Export),

		route("GET", "/api/sys/externalOrgan/list", "externalOrgan,externalUser", extH.OrgList),
		route("POST", "/api/sys/externalOrgan/add", "externalOrgan", httpx.WithInput(extH.OrgAdd)),
		route("PUT", "/api/sys/externalOrgan/edit", "externalOrgan", httpx.WithInput(extH.OrgEdit)),
		route("PUT", "/api/sys/externalOrgan/changeState", "externalOrgan", httpx.WithInput(extH.OrgChangeState)),
		route("DELETE", "/api/sys/externalOrgan/del", "externalOrgan", httpx.WithInput(extH.OrgDel)),
		download("/api/sys/externalOrgan/export", "externalOrgan", extH.OrgExport),
		route("GET", "/api/sys/externalUser/list", "externalUser", extH.UserList),
		route("GET", "/api/sys/externalUser/roles", "externalUser", extH.UserRoles),
		route("POST", "/api/sys/externalUser/add", "externalUser", httpx.WithInput(extH.Accounts.Add)),
		route("PUT", "/api/sys/externalUser/edit", "externalUser", httpx.WithInput(extH.Accounts.Edit)),
		route("PUT", "/api/sys/externalUser/changeState", "externalUser", httpx.WithInput(extH.Accounts.ChangeState)),
		route("PUT", "/api/sys/externalUser/resetPwd", "externalUser", httpx.WithInput(extH.Accounts.ResetPwd)),
		route("DELETE", "/api/sys/externalUser/del", "externalUser", httpx.WithInput(extH.Accounts.Del)),
		download("/api/sys/externalUser/export", "externalUser", extH.UserExport),

		route("GET", "/api/sys/handover/kinds", "handover_manager", handoverH.Kinds),
		route("GET", "/api/sys/handover/preview", "handover_manager", httpx.WithInput(handoverH.Preview)),
		route("POST", "/api/sys/handover/run", "handover_manager", httpx.WithInput(handoverH.Run)),
		route("POST", "/api/sys/handover/undo", "handover_manager", httpx.WithInput(handoverH.Undo)),
		route("GET", "/api/sys/handover/list", "handover_manager", handoverH.List),
		download("/api/sys/handover/export", "handover_manager", handoverH.Export),

		route("GET", "/api/user/role/all", "sysuser,roleusers,rolemanager", accessH.RoleAll),
		route("GET", "/api/user/search", "roleusers,handover_manager,externalOrgan", userH.Search),
		route("PUT", "/api/user/role/user", "roleusers", accessH.AssignUserRole),
		route("DELETE", "/api/user/role/user", "roleusers", accessH.RemoveUserRole),

		route("GET", "/api/sys/role/list", "sysroles", roleH.List),
		route("POST", "/api/sys/role/add", "sysroles", httpx.WithInput(roleH.Add)),
		route("PUT", "/api/sys/role/edit", "sysroles", httpx.WithInput(roleH.Edit)),
		route("DELETE", "/api/sys/role/del", "sysroles", httpx.WithInput(roleH.Del)),
		download("/api/sys/role/exportUserRoles", "sysroles", roleH.ExportUserRoles),
		route("GET", "/api/sys/role/grants", "rolemanager", httpx.WithInput(roleH.GetGrants)),
		route("PUT", "/api/sys/role/grants", "rolemanager", httpx.WithInput(roleH.PutGrants)),

		route("GET", "/api/sys/loginLog/list", "login_log", loginLog.List),
		download("/api/sys/loginLog/export", "login_log", loginLog.Export),
		route("GET", "/api/sys/businessLog/list", "business_log", businessLog.List),
		route("GET", "/api/sys/businessLog/one", "business_log", httpx.WithInput(audit.BusinessLogOne(businessLog))),
		download("/api/sys/businessLog/export", "business_log", businessLog.Export),
		route("GET", "/api/sys/exceptionLog/list", "exception_log", exceptionLog.List),
		route("GET", "/api/sys/exceptionLog/one", "exception_log", httpx.WithInput(audit.ExceptionLogOne(exceptionLog))),
		download("/api/sys/exceptionLog/export", "exception_log", exceptionLog.Export),

		route("GET", "/api/sys/dict/list", "dict_manager", dictH.List),
		route("GET", "/api/sys/dict/pNode", "dict_manager", httpx.WithInput(dictH.PNode)),
		route("GET", "/api/sys/dict/one", "dict_manager", httpx.WithInput(dictH.One)),
		route("POST", "/api/sys/dict/add", "dict_manager", httpx.WithInput(dictH.Add)),
		route("PUT", "/api/sys/dict/edit", "dict_manager", httpx.WithInput(dictH.Edit)),
		route("DELETE", "/api/sys/dict/del", "dict_manager", httpx.WithInput(dictH.Del)),
		route("POST", "/api/sys/dict/changeEnable", "dict_manager", httpx.WithInput(dictH.ChangeEnable)),
		route("POST", "/api/sys/dict/reloadDictCache", "dict_manager", dictH.Reload),
		download("/api/sys/dict/exportDict", "dict_manager", dictH.ExportDict),
		download("/api/sys/dict/exportDictItem", "dict_manager", dictH.ExportDictItem),

		route("GET", "/api/sys/menu/list", "menusmanager", menuH.List),
		route("POST", "/api/sys/menu/add", "menusmanager", httpx.WithInput(menuH.Add)),
		route("PUT", "/api/sys/menu/edit", "menusmanager", httpx.WithInput(menuH.Edit)),
		route("DELETE", "/api/sys/menu/del", "menusmanager", httpx.WithInput(menuH.Del)),
		route("PUT", "/api/sys/menu/changeVisible", "menusmanager", httpx.WithInput(menuH.ChangeVisible)),
		route("PUT", "/api/sys/menu/sort", "menusmanager", httpx.WithInput(menuH.Sort)),
		route("PUT", "/api/sys/menu/move", "menusmanager", httpx.WithInput(menuH.Move)),
		download("/api/sys/menu/export", "menusmanager", menuH.Export),

		route("GET", "/api/sys/function/list", "functionsmanager", fnH.List),
		route("POST", "/api/sys/function/add", "functionsmanager", httpx.WithInput(fnH.Add)),
		route("PUT", "/api/sys/function/edit", "functionsmanager", httpx.WithInput(fnH.Edit)),
		route("DELETE", "/api/sys/function/del", "functionsmanager", httpx.WithInput(fnH.Del)),
		download("/api/sys/function/export", "functionsmanager", fnH.Export),

		route("GET", "/api/sys/resource/list", "resmanager", resH.List),
		route("PUT", "/api/sys/resource/edit", "resmanager", httpx.WithInput(resH.Edit)),
		route("PUT", "/api/sys/resource/reset", "resmanager", httpx.WithInput(resH.Reset)),
		download("/api/sys/resource/export", "resmanager", resH.Export),

		route("GET", "/api/sys/config/list", "sys_config", cfgH.List),
		route("POST", "/api/sys/config/add", "sys_config", httpx.WithInput(cfgH.Add)),
		route("PUT", "/api/sys/config/edit", "sys_config", httpx.WithInput(cfgH.Edit)),
		route("DELETE", "/api/sys/config/del", "sys_config", httpx.WithInput(cfgH.Del)),
		download("/api/sys/config/export", "sys_config", cfgH.Export),
		route("GET", "/api/sys/notice/list", "sys_config", cfgH.NoticeList),
		route("POST", "/api/sys/notice/add", "sys_config", httpx.WithInput(cfgH.NoticeAdd)),
		route("PUT", "/api/sys/notice/edit", "sys_config", httpx.WithInput(cfgH.NoticeEdit)),
		route("DELETE", "/api/sys/notice/del", "sys_config", httpx.WithInput(cfgH.NoticeDel)),
		route("GET", "/api/sys/common/config/item", SignedIn, httpx.WithInput(cfgH.ConfigItem)),
		route("GET", "/api/sys/common/notice/get", SignedIn, cfgH.NoticeGet),
		route("GET", "/api/sys/common/portal/layout", SignedIn, cfgH.Layout),
		route("PUT", "/api/sys/headerFooter/edit", "headerAndfooter_manager", httpx.WithInput(cfgH.LayoutEdit)),

		route("GET", "/api/expert/book/experts", wordbook.FunMake, httpx.WithInput(bookH.Experts)),
		route("POST", "/api/expert/book/make", wordbook.FunMake, httpx.WithInput(bookH.Make)),
		route("GET", "/api/expert/book/list", wordbook.FunResult, bookH.List),
		download(wordbook.DownloadPath, wordbook.FunResult+","+wordbook.FunMake, bookH.Download),
		route("DELETE", "/api/expert/book/del", wordbook.FunResult, httpx.WithInput(bookH.Del)),
	}, append(a.libraryRoutes(), a.portalRoutes()...)...)
}

// Handler builds the whole HTTP handler: API routes, health, OpenAPI and the web app,
// inside the shared middleware.
func (a *App) Handler(webDist fs.FS) http.Handler {
	mux := http.NewServeMux()
	for _, rt := range a.Routes() {
		var h http.Handler = httpx.Serve(rt.Handler)
		if rt.Access != Public {
			// Function codes come from the resource table, read per call (see access.go).
			h = a.Auth.Guard(a.needs(rt), rt.Download, h)
		}
		mux.Handle(rt.Method+" "+rt.Path, h)
	}
	mux.HandleFunc("GET /healthz", a.health)
	mux.HandleFunc("GET /api/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(api.OpenAPI)
	})
	// Unknown API paths answer with the envelope, not the web app.
	mux.Handle("/api/", httpx.Serve(func(http.ResponseWriter, *http.Request) (any, error) { return nil, httpx.ErrNotFound }))
	mux.Handle("/", spaHandler(webDist))

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
