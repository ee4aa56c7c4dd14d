// Command biddesk is the BidDesk server: serve, migrate, seed, admin, version.
package main

import (
	_ "time/tzdata" // the zone database, for machines without one (the timezone setting)

	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"biddesk/internal/app"
	"biddesk/internal/backup"
	"biddesk/internal/platform/config"
	"biddesk/web"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `biddesk: the bid-support team's portal and back office.

Usage:
  biddesk serve   [settings]   start the server (migrates, seeds an empty database)
  biddesk migrate [settings]   apply database migrations and exit
  biddesk seed    [settings]   write built-in (and, with --demo, demo) data into an empty database
  biddesk admin create-user --login CODE --name NAME --password PW [--role sysadmin|libadmin|staff] [settings]
  biddesk admin reset-password --login CODE --password PW [settings]
  biddesk storage migrate --from disk --to s3 [--delete-source] [settings]
                               move every kept file to the other store, verifying each copy
  biddesk backup  --out FILE [settings]      consistent copy of a running SQLite instance and its files
  biddesk restore --from FILE|s3://BUCKET/NAME --data DIR
                               a new data folder from a backup (then serve --data DIR)
  biddesk version
  biddesk help

`

func main() {
	if len(os.Args) < 2 {
		os.Args = append(os.Args, "serve")
	}
	app.Version = version
	cmd, args := os.Args[1], os.Args[2:]
	var err error
	switch cmd {
	case "serve":
		err = serve(args)
	case "migrate":
		err = migrate(args)
	case "seed":
		err = seed(args)
	case "admin":
		err = admin(args)
	case "storage":
		err = storageCmd(args)
	case "backup":
		err = backupCmd(args)
	case "restore":
		err = restoreCmd(args)
	case "version", "--version", "-v":
		fmt.Println("biddesk", version)
	case "help", "-h", "--help":
		printUsage(os.Stdout)
	default:
		fmt.Fprintf(os.Stderr, "unknown command %q\n\n", cmd)
		printUsage(os.Stderr)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "biddesk:", err)
		os.Exit(1)
	}
}

// printUsage is `biddesk help`: the commands, then every setting from its declaration.
func printUsage(w io.Writer) {
	fmt.Fprint(w, usage)
	config.WriteHelp(w)
}

// parse reads a sub-command's settings (config file, environment, flags) and its own flags.
func parse(name string, args []string, extra func(*flag.FlagSet)) (config.Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprintln(fs.Output(), "`biddesk help` lists the commands and every setting") }
	if extra != nil {
		extra(fs)
	}
	return config.Load(fs, args, os.LookupEnv)
}

func newLogger(level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
}

func serve(args []string) error {
	cfg, err := parse("serve", args, nil)
	if err != nil {
		return err
	}
	// the company's zone is the server's local zone: statistics' days, date filters and notices follow it,
	// whatever zone the machine is set to
	time.Local = cfg.Zone()
	log := newLogger(cfg.LogLevel)
	slog.SetDefault(log)
	log.Info("starting biddesk", append([]any{"version", version}, cfg.Summary()...)...)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a, err := app.Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	accounts, err := a.Seed(ctx, cfg.Demo)
	if err != nil {
		return err
	}
	// the scheduled tasks (the library's reminders, purges, log retention) run on the job engine: every
	// instance works jobs, the elected leader enqueues the scheduled ones
	if err := a.StartJobs(ctx); err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           a.Handler(web.Dist()),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	printBanner(ln.Addr().String(), accounts)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: waiting for requests in flight")
	shutCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("shutting down: waiting for scheduled tasks in progress")
	if err := a.StopJobs(shutCtx); err != nil {
		log.Warn("stop the job engine", "err", err)
	}
	log.Info("stopped")
	return nil
}

func printBanner(addr string, accounts []app.Account) {
	host, port, _ := net.SplitHostPort(addr)
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n  BidDesk is running at http://%s\n", net.JoinHostPort(host, port))
	if len(accounts) > 0 {
		b.WriteString("\n  Accounts created on this empty database:\n")
		for _, a := range accounts {
			where := "/login"
			if a.Site == "external" {
				where = "/login2"
			}
			fmt.Fprintf(&b, "    %-9s / %-14s (%s, sign in at %s)\n", a.LoginCode, a.Password, a.Role, where)
		}
	}
	b.WriteString("\n")
	fmt.Fprint(os.Stdout, b.String())
}

// openApp parses a sub-command's flags and opens (and migrates) the database.
func openApp(name string, args []string, extra func(*flag.FlagSet)) (*app.App, error) {
	cfg, err := parse(name, args, extra)
	if err != nil {
		return nil, err
	}
	time.Local = cfg.Zone() // as serve: the demo's dates and the statistics' days are the company's
	return app.Open(context.Background(), cfg, newLogger(cfg.LogLevel))
}

func migrate(args []string) error {
	a, err := openApp("migrate", args, nil)
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Println("database is up to date:", a.Config.DatabaseLabel())
	return nil
}

func seed(args []string) error {
	a, err := openApp("seed", args, nil)
	if err != nil {
		return err
	}
	defer a.Close()
	accounts, err := a.Seed(context.Background(), a.Config.Demo)
	if err != nil {
		return err
	}
	for _, acc := range accounts {
		fmt.Printf("created %s / %s (%s)\n", acc.LoginCode, acc.Password, acc.Role)
	}
	return nil
}

func admin(args []string) error {
	if len(args) == 0 {
		return errors.New("admin needs a sub-command: create-user or reset-password")
	}
	sub := args[0]
	var login, name, password, role string
	a, err := openApp("admin "+sub, args[1:], func(fs *flag.FlagSet) {
		fs.StringVar(&login, "login", "", "login code")
		fs.StringVar(&name, "name", "", "display name (create-user)")
		fs.StringVar(&password, "password", "", "password (6-16 characters, at least 2 kinds)")
		fs.StringVar(&role, "role", "sysadmin", "role code (create-user)")
	})
	if err != nil {
		return err
	}
	defer a.Close()
	if login == "" || password == "" {
		return errors.New("--login and --password are required")
	}
	ctx := context.Background()
	if _, err := a.Seed(ctx, false); err != nil {
		return err
	}
	switch sub {
	case "create-user":
		if name == "" {
			name = login
		}
		if err := a.CreateUser(ctx, login, name, password, role); err != nil {
			return err
		}
		fmt.Printf("created %s (%s); the password must be changed at first sign-in\n", login, role)
	case "reset-password":
		if err := a.ResetPassword(ctx, login, password); err != nil {
			return err
		}
		fmt.Printf("password of %s reset; it must be changed at next sign-in\n", login)
	default:
		return fmt.Errorf("unknown admin sub-command %q", sub)
	}
	return nil
}

// storageCmd is `biddesk storage migrate --from disk --to s3`: every ready file of one store is copied to
// the other, read back and checked against its SHA-256, and only then pointed at its new store.
func storageCmd(args []string) error {
	if len(args) == 0 || args[0] != "migrate" {
		return errors.New("storage needs a sub-command: migrate --from disk|s3 --to s3|disk")
	}
	var from, to string
	var deleteSource bool
	a, err := openApp("storage migrate", args[1:], func(fs *flag.FlagSet) {
		fs.StringVar(&from, "from", "disk", "the store the files are in: disk or s3")
		fs.StringVar(&to, "to", "s3", "the store they go to: s3 or disk")
		fs.BoolVar(&deleteSource, "delete-source", false, "delete each old object once its copy is verified")
	})
	if err != nil {
		return err
	}
	defer a.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := a.MoveFiles(ctx, from, to, deleteSource, func(id int64, err error) {
		if err != nil {
			fmt.Fprintf(os.Stderr, "file %d: %v\n", id, err)
		}
	})
	if err != nil && rep.Moved == 0 && len(rep.Failed) == 0 {
		return err
	}
	fmt.Printf("moved %d files (%d bytes) from %s to %s; %d failed\n", rep.Moved, rep.Bytes, from, to, len(rep.Failed))
	if err != nil {
		return err
	}
	if len(rep.Failed) > 0 {
		return fmt.Errorf("%d files were not moved (they stay readable in %s); run the command again", len(rep.Failed), from)
	}
	return nil
}

// backupCmd is `biddesk backup --out FILE`: a consistent copy of the SQLite instance of the settings
// (it may be serving) and of its disk store's files, in one tar file. PostgreSQL is refused.
func backupCmd(args []string) error {
	var out string
	cfg, err := parse("backup", args, func(fs *flag.FlagSet) {
		fs.StringVar(&out, "out", "", "the backup file to write (a tar)")
	})
	if err != nil {
		return err
	}
	if out == "" {
		return errors.New("--out FILE is required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m, err := app.BackupFile(ctx, cfg, out)
	if err != nil {
		return err
	}
	fmt.Printf("backed up %s to %s: %d files, %d bytes", cfg.DatabaseLabel(), out, m.Files, m.Bytes)
	if m.Elsewhere > 0 {
		fmt.Printf("; %d files are in the S3 store, back the bucket up with its own tools", m.Elsewhere)
	}
	if len(m.Missing) > 0 {
		fmt.Printf("; %d files deleted during the backup are left out", len(m.Missing))
	}
	fmt.Println()
	return nil
}

// restoreCmd is `biddesk restore --from FILE --data DIR`: a new data folder from a backup, checked
// (integrity_check, every file's SHA-256) before it is announced.
func restoreCmd(args []string) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "the backup file, or s3://BUCKET/NAME (a scheduled backup in the S3 store; its settings from BIDDESK_S3_*)")
	dir := fs.String("data", "", "the new data folder (must not exist or be empty)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *dir == "" {
		return errors.New("--from FILE and --data DIR are required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	src := *from
	if strings.HasPrefix(src, "s3://") {
		// the S3 store's settings come from the environment (BIDDESK_S3_*) or the config file, as for serve
		cfg, err := config.Load(flag.NewFlagSet("restore", flag.ContinueOnError), nil, os.LookupEnv)
		if err != nil {
			return err
		}
		src = filepath.Join(filepath.Dir(filepath.Clean(*dir)), ".biddesk-restore-"+strconv.Itoa(os.Getpid())+".tar")
		if err := app.DownloadBackup(ctx, cfg, *from, src); err != nil {
			return err
		}
		defer os.Remove(src)
	}
	m, err := backup.Restore(ctx, src, *dir)
	if err != nil {
		return err
	}
	fmt.Printf("restored the backup of %s (version %s, %d files) into %s; start it with: biddesk serve --data %s\n",
		m.CreatedAt.Format(time.RFC3339), m.Version, m.Files, *dir, *dir)
	return nil
}
