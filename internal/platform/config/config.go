// Package config reads BidDesk's settings from flags and BIDDESK_* environment variables
// (a flag given on the command line wins over the environment, which wins over the default).
package config

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	Demo        bool

	// SingleSession ends a user's other sessions when they sign in again.
	SingleSession   bool
	SessionIdle     time.Duration
	SessionAbsolute time.Duration
	LogoutURL       string
	HelpURL         string

	// Throttle: failed logins allowed per account / per client address in ThrottleWindow.
	ThrottleAccount int
	ThrottleAddress int
	ThrottleWindow  time.Duration
	// HashConcurrency caps the argon2id hashes (19 MiB each) running at once; 0 means twice the cores.
	HashConcurrency int

	DemoAdminPassword string
	DemoStaffPassword string
	// DemoWithoutFiles leaves the demo library's drawn scans and documents out (the Go tests, which count files).
	DemoWithoutFiles bool
	LogLevel         string
	// TrustProxy makes the server take the client address from X-Forwarded-For.
	TrustProxy bool

	// S3 is the S3-compatible object store behind /api/sys/common/oss/upload (unset: that call is refused).
	S3Endpoint, S3Bucket, S3AccessKey, S3SecretKey, S3Region string
}

// Defaults returns the configuration used when nothing is set.
func Defaults() Config {
	return Config{
		Addr:              "127.0.0.1:8080",
		DataDir:           "./data",
		Demo:              true,
		SingleSession:     true,
		SessionIdle:       2 * time.Hour,
		SessionAbsolute:   12 * time.Hour,
		HelpURL:           "https://help.example.com",
		ThrottleAccount:   5,
		ThrottleAddress:   30,
		ThrottleWindow:    15 * time.Minute,
		DemoAdminPassword: "Admin@123",
		DemoStaffPassword: "Staff@123",
		LogLevel:          "info",
	}
}

// Register binds the flags of `biddesk serve` (and the other sub-commands) to c,
// with the environment already applied as their defaults.
func (c *Config) Register(fs *flag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address HOST:PORT (BIDDESK_ADDR)")
	fs.StringVar(&c.DataDir, "data", c.DataDir, "data folder: SQLite database and files (BIDDESK_DATA_DIR)")
	fs.StringVar(&c.DatabaseURL, "database-url", c.DatabaseURL, "PostgreSQL DSN; empty means SQLite in the data folder (BIDDESK_DATABASE_URL)")
	fs.BoolVar(&c.Demo, "demo", c.Demo, "seed demo data into an empty database (BIDDESK_DEMO)")
	fs.BoolVar(&c.SingleSession, "single-session", c.SingleSession, "a new login ends the user's other sessions (BIDDESK_SINGLE_SESSION)")
	fs.DurationVar(&c.SessionIdle, "session-idle", c.SessionIdle, "session idle expiry (BIDDESK_SESSION_IDLE)")
	fs.DurationVar(&c.SessionAbsolute, "session-absolute", c.SessionAbsolute, "session absolute expiry (BIDDESK_SESSION_ABSOLUTE)")
	fs.StringVar(&c.LogoutURL, "logout-url", c.LogoutURL, "URL the client loads after logout, e.g. the SSO's (BIDDESK_LOGOUT_URL)")
	fs.StringVar(&c.HelpURL, "help-url", c.HelpURL, "help centre URL (BIDDESK_HELP_URL)")
	fs.StringVar(&c.LogLevel, "log-level", c.LogLevel, "debug, info, warn or error (BIDDESK_LOG_LEVEL)")
	fs.BoolVar(&c.TrustProxy, "trust-proxy", c.TrustProxy, "take the client address from X-Forwarded-For (BIDDESK_TRUST_PROXY)")
}

// FromEnv applies BIDDESK_* variables over the defaults.
func FromEnv() (Config, error) {
	c := Defaults()
	var errs []string
	str := func(name string, dst *string) {
		if v, ok := os.LookupEnv(name); ok {
			*dst = v
		}
	}
	boolean := func(name string, dst *bool) {
		if v, ok := os.LookupEnv(name); ok {
			b, err := strconv.ParseBool(v)
			if err != nil {
				errs = append(errs, name+": not a boolean")
				return
			}
			*dst = b
		}
	}
	integer := func(name string, dst *int) {
		if v, ok := os.LookupEnv(name); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				errs = append(errs, name+": not a positive number")
				return
			}
			*dst = n
		}
	}
	duration := func(name string, dst *time.Duration) {
		if v, ok := os.LookupEnv(name); ok {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				errs = append(errs, name+": not a duration such as 30m or 2h")
				return
			}
			*dst = d
		}
	}
	str("BIDDESK_ADDR", &c.Addr)
	str("BIDDESK_DATA_DIR", &c.DataDir)
	str("BIDDESK_DATABASE_URL", &c.DatabaseURL)
	boolean("BIDDESK_DEMO", &c.Demo)
	boolean("BIDDESK_SINGLE_SESSION", &c.SingleSession)
	duration("BIDDESK_SESSION_IDLE", &c.SessionIdle)
	duration("BIDDESK_SESSION_ABSOLUTE", &c.SessionAbsolute)
	str("BIDDESK_LOGOUT_URL", &c.LogoutURL)
	str("BIDDESK_HELP_URL", &c.HelpURL)
	integer("BIDDESK_THROTTLE_ACCOUNT", &c.ThrottleAccount)
	integer("BIDDESK_THROTTLE_ADDRESS", &c.ThrottleAddress)
	duration("BIDDESK_THROTTLE_WINDOW", &c.ThrottleWindow)
	integer("BIDDESK_HASH_CONCURRENCY", &c.HashConcurrency)
	str("BIDDESK_DEMO_ADMIN_PASSWORD", &c.DemoAdminPassword)
	str("BIDDESK_DEMO_STAFF_PASSWORD", &c.DemoStaffPassword)
	str("BIDDESK_LOG_LEVEL", &c.LogLevel)
	boolean("BIDDESK_TRUST_PROXY", &c.TrustProxy)
	str("BIDDESK_S3_ENDPOINT", &c.S3Endpoint)
	str("BIDDESK_S3_BUCKET", &c.S3Bucket)
	str("BIDDESK_S3_ACCESS_KEY", &c.S3AccessKey)
	str("BIDDESK_S3_SECRET_KEY", &c.S3SecretKey)
	str("BIDDESK_S3_REGION", &c.S3Region)
	if len(errs) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(errs, "; "))
	}
	return c, nil
}

// Summary lists the settings for the start-up log, with secrets masked.
func (c Config) Summary() []any {
	return []any{
		"addr", c.Addr,
		"data", c.DataDir,
		"database", c.DatabaseLabel(),
		"demo", c.Demo,
		"single_session", c.SingleSession,
		"session_idle", c.SessionIdle.String(),
		"session_absolute", c.SessionAbsolute.String(),
		"logout_url", c.LogoutURL,
		"help_url", c.HelpURL,
		"throttle", fmt.Sprintf("%d/account %d/address per %s", c.ThrottleAccount, c.ThrottleAddress, c.ThrottleWindow),
		"hash_concurrency", c.HashConcurrency,
		"trust_proxy", c.TrustProxy,
		"object_store", c.ObjectStoreLabel(),
	}
}

// ObjectStoreLabel names the S3 store for the start-up log: endpoint, bucket, region and access
// key, never the secret key ("" when none is configured).
func (c Config) ObjectStoreLabel() string {
	if c.S3Endpoint == "" {
		return ""
	}
	secret := ""
	if c.S3SecretKey != "" {
		secret = " secret_key=xxxxx"
	}
	return fmt.Sprintf("%s bucket=%s region=%s access_key=%s%s", MaskDSN(c.S3Endpoint), c.S3Bucket, c.S3Region, c.S3AccessKey, secret)
}

// DatabaseLabel names the database without its password.
func (c Config) DatabaseLabel() string {
	if c.DatabaseURL == "" {
		return "sqlite:" + c.DataDir + "/biddesk.db"
	}
	return MaskDSN(c.DatabaseURL)
}

// MaskDSN hides the password of a PostgreSQL URL or key=value DSN.
func MaskDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		q := u.Query()
		if q.Has("password") {
			q.Set("password", "xxxxx")
			u.RawQuery = q.Encode()
		}
		return u.String()
	}
	parts := strings.Fields(dsn)
	for i, p := range parts {
		if strings.HasPrefix(p, "password=") {
			parts[i] = "password=xxxxx"
		}
	}
	return strings.Join(parts, " ")
}
