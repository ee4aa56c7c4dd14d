// Package config holds BidDesk's settings. Each one is declared once, in Settings (its name, which is
// both the flag and the config file's key, its BIDDESK_* variable, default, secrecy and help); the flag
// set, the environment and config file reading, `biddesk help` and the masked start-up summary are all
// derived from that table. Precedence: flag > environment > config file > default.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of the server.
type Config struct {
	Addr string
	// TimeZone is the company's zone (IANA name); the server takes it as its local zone at start.
	TimeZone    string
	DataDir     string
	DatabaseURL string
	// DatabaseConns bounds the PostgreSQL connections of the instance.
	DatabaseConns int
	Demo          bool

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
	// DemoWithoutHistory leaves the demo company's past out: the year of sign-ins, downloads, uploads and changes, the
	// employees' accounts and the older library records (the Go tests, which count those). Not a setting: only code
	// sets it.
	DemoWithoutHistory bool `setting:"-"`
	LogLevel           string
	// TrustProxy makes the server take the client address from X-Forwarded-For.
	TrustProxy bool

	// Storage is where every file BidDesk keeps goes: disk (the data folder) or s3 (the S3-compatible store).
	Storage string
	// S3 is the S3-compatible object store (the file store when Storage is s3; readable whenever set).
	S3Endpoint, S3Bucket, S3AccessKey, S3SecretKey, S3Region string
	// S3Addressing is auto, path or virtual; S3PartSizeMB the multipart part size; S3SignedDownloads sends
	// downloads to a pre-signed address of the store instead of through BidDesk.
	S3Addressing      string
	S3PartSizeMB      int
	S3SignedDownloads bool

	// MetricsToken, when set, serves GET /metrics to requests bearing it (unset: /metrics is not served).
	MetricsToken string
	// BackupDir is where the scheduled backup writes (empty: the data folder's backups/); BackupKeep how
	// many of its backups are kept. BackupS3Prefix, when set, sends the scheduled backups to the S3 store
	// instead, under that prefix of its bucket (BackupKeep applies there).
	BackupDir      string
	BackupKeep     int
	BackupS3Prefix string

	// SMSProvider is how codes go by SMS: http (the generic gateway at SMSURL; unset: codes are not delivered),
	// aliyun or tencent (template SMS; SMSURL then overrides the provider's endpoint). SMSToken is the gateway's
	// bearer token; SMSTimeout bounds one delivery.
	SMSProvider, SMSURL, SMSToken string
	SMSTimeout                    time.Duration
	// The cloud providers' credentials and template (docs/sso.md).
	SMSAccessKeyID, SMSAccessKeySecret, SMSSignName, SMSTemplate, SMSTemplateParams, SMSAppID, SMSRegion string
	// SMTP delivers verification codes by e-mail to accounts without a phone (unset SMTPAddr: no e-mail);
	// SMTPTLS is auto, tls, starttls or none, SMTPAuth auto, plain, login or cram-md5.
	SMTPAddr, SMTPUser, SMTPPassword, SMTPFrom, SMTPTLS, SMTPAuth string

	// Courseware: LibreOffice (OfficePath) converts PPT/PPTX to PDF within OfficeTimeout, decks and PDFs of at
	// most OfficeMaxPages pages (internal/platform/office).
	OfficePath     string
	OfficeTimeout  time.Duration
	OfficeMaxPages int

	// SSO: single sign-on from the HR system (docs/sso.md). SSOMode is off, oidc or ticket.
	SSOMode, SSOIssuer, SSOClientID, SSOClientSecret, SSORedirectURL, SSOScopes string
	SSOEmployeeClaim, SSONameClaim                                              string
	SSOTicketURL, SSOTicketEmployeeField, SSOTicketNameField                    string
	SSOCreateUsers                                                              bool
	SSODefaultRole                                                              string
	SSOTimeout                                                                  time.Duration
}

// Setting is one declared setting.
type Setting struct {
	Name    string // the flag (--Name) and the config file's key
	Env     string // the environment variable
	Default string // as text, read like any other value
	Secret  bool   // its value is masked in the summary and never shown by `biddesk help`
	Group   string // heading in `biddesk help`
	Help    string

	field func(*Config) any  // *string, *bool, *int or *time.Duration inside Config
	min   int                // smallest allowed value of a number
	oneOf []string           // allowed values of a text, when listed
	check func(string) error // further check of a text
	mask  func(string) string
}

// The config file: a flat JSON object whose keys are the settings' names.
const (
	ConfigFlag = "config"
	ConfigEnv  = "BIDDESK_CONFIG"
)

const masked = "xxxxx"

// Settings is the declaration of every setting, in the order `biddesk help` lists them.
var Settings = []Setting{
	{Name: "addr", Env: "BIDDESK_ADDR", Default: "127.0.0.1:8080", Group: "Server",
		Help: "listen address HOST:PORT", field: func(c *Config) any { return &c.Addr }},
	{Name: "data", Env: "BIDDESK_DATA_DIR", Default: "./data", Group: "Server",
		Help: "data folder: the SQLite database and the stored files", field: func(c *Config) any { return &c.DataDir }},
	{Name: "database-url", Env: "BIDDESK_DATABASE_URL", Secret: true, Group: "Server", mask: MaskDSN,
		Help:  "PostgreSQL URL or key=value DSN; empty: SQLite in the data folder (password masked in the log)",
		field: func(c *Config) any { return &c.DatabaseURL }},
	{Name: "timezone", Env: "BIDDESK_TIMEZONE", Default: "Asia/Shanghai", Group: "Server", check: checkZone,
		Help:  "the company's time zone (IANA name): days, weeks and months of the statistics, dates of filters and notices",
		field: func(c *Config) any { return &c.TimeZone }},
	{Name: "database-conns", Env: "BIDDESK_DATABASE_CONNS", Default: "10", Group: "Server", min: 1,
		Help:  "PostgreSQL connections the instance opens at most (more than PostgreSQL's cores makes its queries wait on each other)",
		field: func(c *Config) any { return &c.DatabaseConns }},
	{Name: "log-level", Env: "BIDDESK_LOG_LEVEL", Default: "info", Group: "Server", oneOf: []string{"debug", "info", "warn", "error"},
		Help: "debug, info, warn or error", field: func(c *Config) any { return &c.LogLevel }},
	{Name: "trust-proxy", Env: "BIDDESK_TRUST_PROXY", Default: "false", Group: "Server",
		Help:  "take the client address from X-Forwarded-For (only behind a proxy that sets it)",
		field: func(c *Config) any { return &c.TrustProxy }},
	{Name: "help-url", Env: "BIDDESK_HELP_URL", Default: "https://help.example.com", Group: "Server",
		Help: "help centre URL (default of the system parameter sys.help_url)", field: func(c *Config) any { return &c.HelpURL }},
	{Name: "logout-url", Env: "BIDDESK_LOGOUT_URL", Group: "Server",
		Help:  "URL the client loads after logout, e.g. the SSO's; empty: back to /login (default of sys.logout_url)",
		field: func(c *Config) any { return &c.LogoutURL }},

	{Name: "single-session", Env: "BIDDESK_SINGLE_SESSION", Default: "true", Group: "Sign-in and sessions",
		Help: "a new sign-in ends the user's other sessions (default of session.single)", field: func(c *Config) any { return &c.SingleSession }},
	{Name: "session-idle", Env: "BIDDESK_SESSION_IDLE", Default: "2h", Group: "Sign-in and sessions",
		Help: "session idle expiry (default of session.idle_minutes)", field: func(c *Config) any { return &c.SessionIdle }},
	{Name: "session-absolute", Env: "BIDDESK_SESSION_ABSOLUTE", Default: "12h", Group: "Sign-in and sessions",
		Help: "session absolute expiry (default of session.absolute_hours)", field: func(c *Config) any { return &c.SessionAbsolute }},
	{Name: "throttle-account", Env: "BIDDESK_THROTTLE_ACCOUNT", Default: "5", Group: "Sign-in and sessions", min: 1,
		Help: "failed sign-ins in the throttle window that lock a login code at the address they came from (and at addresses it never signed in from)", field: func(c *Config) any { return &c.ThrottleAccount }},
	{Name: "throttle-address", Env: "BIDDESK_THROTTLE_ADDRESS", Default: "30", Group: "Sign-in and sessions", min: 1,
		Help: "failed sign-ins in the throttle window that lock a client address for the accounts that never signed in from it", field: func(c *Config) any { return &c.ThrottleAddress }},
	{Name: "throttle-window", Env: "BIDDESK_THROTTLE_WINDOW", Default: "15m", Group: "Sign-in and sessions",
		Help: "the throttle window", field: func(c *Config) any { return &c.ThrottleWindow }},
	{Name: "hash-concurrency", Env: "BIDDESK_HASH_CONCURRENCY", Default: "0", Group: "Sign-in and sessions", min: 0,
		Help: "password hashes (19 MiB each) running at once; 0: twice the cores", field: func(c *Config) any { return &c.HashConcurrency }},

	{Name: "demo", Env: "BIDDESK_DEMO", Default: "true", Group: "Demo data",
		Help:  "seed demo data into an empty database (false: only an admin with a random password)",
		field: func(c *Config) any { return &c.Demo }},
	{Name: "demo-admin-password", Env: "BIDDESK_DEMO_ADMIN_PASSWORD", Default: "Admin@123", Secret: true, Group: "Demo data",
		Help: "password given to the demo account admin when an empty database is seeded", field: func(c *Config) any { return &c.DemoAdminPassword }},
	{Name: "demo-staff-password", Env: "BIDDESK_DEMO_STAFF_PASSWORD", Default: "Staff@123", Secret: true, Group: "Demo data",
		Help: "password given to the demo account staff when an empty database is seeded", field: func(c *Config) any { return &c.DemoStaffPassword }},
	{Name: "demo-without-files", Env: "BIDDESK_DEMO_WITHOUT_FILES", Default: "false", Group: "Demo data",
		Help:  "leave the demo library's drawn scans and documents out (a smaller, faster seed)",
		field: func(c *Config) any { return &c.DemoWithoutFiles }},

	{Name: "storage", Env: "BIDDESK_STORAGE", Default: "disk", Group: "File store", oneOf: []string{"disk", "s3"},
		Help:  "where every uploaded, converted or generated file is kept: disk (the data folder's files/) or s3 (the S3-compatible store below; needed for several instances)",
		field: func(c *Config) any { return &c.Storage }},
	{Name: "s3-endpoint", Env: "BIDDESK_S3_ENDPOINT", Group: "File store", mask: MaskDSN,
		Help: "S3-compatible store http(s)://host[:port] (AWS, MinIO, Aliyun OSS, Tencent COS); empty: none", field: func(c *Config) any { return &c.S3Endpoint }},
	{Name: "s3-bucket", Env: "BIDDESK_S3_BUCKET", Group: "File store",
		Help: "bucket name", field: func(c *Config) any { return &c.S3Bucket }},
	{Name: "s3-access-key", Env: "BIDDESK_S3_ACCESS_KEY", Group: "File store",
		Help: "access key ID", field: func(c *Config) any { return &c.S3AccessKey }},
	{Name: "s3-secret-key", Env: "BIDDESK_S3_SECRET_KEY", Secret: true, Group: "File store",
		Help: "secret access key", field: func(c *Config) any { return &c.S3SecretKey }},
	{Name: "s3-region", Env: "BIDDESK_S3_REGION", Default: "us-east-1", Group: "File store",
		Help: "region used in the request signatures", field: func(c *Config) any { return &c.S3Region }},
	{Name: "s3-addressing", Env: "BIDDESK_S3_ADDRESSING", Default: "auto", Group: "File store", oneOf: []string{"auto", "path", "virtual"},
		Help:  "path (endpoint/bucket/key), virtual (bucket.endpoint/key) or auto: virtual for AWS, Aliyun OSS, Tencent COS, Huawei OBS, Baidu BOS, path otherwise",
		field: func(c *Config) any { return &c.S3Addressing }},
	{Name: "s3-part-size-mb", Env: "BIDDESK_S3_PART_SIZE_MB", Default: "16", Group: "File store", min: 5,
		Help: "files larger than this many MiB go up in parts of this size (multipart upload)", field: func(c *Config) any { return &c.S3PartSizeMB }},
	{Name: "s3-signed-downloads", Env: "BIDDESK_S3_SIGNED_DOWNLOADS", Default: "false", Group: "File store",
		Help:  "send a download (not a preview) to a 5-minute pre-signed address of the store instead of through BidDesk",
		field: func(c *Config) any { return &c.S3SignedDownloads }},

	{Name: "metrics-token", Env: "BIDDESK_METRICS_TOKEN", Secret: true, Group: "Operations",
		Help:  "GET /metrics (Prometheus) answers requests with Authorization: Bearer TOKEN; empty: /metrics is not served",
		field: func(c *Config) any { return &c.MetricsToken }},
	{Name: "backup-dir", Env: "BIDDESK_BACKUP_DIR", Group: "Operations",
		Help:  "folder the scheduled backup task writes to (SQLite only); empty: the data folder's backups/",
		field: func(c *Config) any { return &c.BackupDir }},
	{Name: "backup-keep", Env: "BIDDESK_BACKUP_KEEP", Default: "7", Group: "Operations", min: 1,
		Help: "how many scheduled backups are kept (older ones are deleted)", field: func(c *Config) any { return &c.BackupKeep }},
	{Name: "backup-s3-prefix", Env: "BIDDESK_BACKUP_S3_PREFIX", Group: "Operations",
		Help:  "send the scheduled backups to the S3 store (the --s3-* settings) under this prefix of its bucket, e.g. backups/, instead of --backup-dir; empty: the folder",
		field: func(c *Config) any { return &c.BackupS3Prefix }},

	{Name: "sms-provider", Env: "BIDDESK_SMS_PROVIDER", Default: "http", Group: "Verification codes (forgotten passwords)", oneOf: []string{"http", "aliyun", "tencent"},
		Help:  "how codes go by SMS: http (the generic gateway at sms-url), aliyun (Aliyun SMS) or tencent (Tencent Cloud SMS)",
		field: func(c *Config) any { return &c.SMSProvider }},
	{Name: "sms-url", Env: "BIDDESK_SMS_URL", Group: "Verification codes (forgotten passwords)", mask: MaskDSN,
		Help:  "http: the SMS gateway the codes of /api/getVerify are posted to (JSON {to, text}), empty: codes are not delivered; aliyun, tencent: the provider's endpoint, empty: its public one",
		field: func(c *Config) any { return &c.SMSURL }},
	{Name: "sms-token", Env: "BIDDESK_SMS_TOKEN", Secret: true, Group: "Verification codes (forgotten passwords)",
		Help: "http: bearer token sent to the SMS gateway", field: func(c *Config) any { return &c.SMSToken }},
	{Name: "sms-access-key-id", Env: "BIDDESK_SMS_ACCESS_KEY_ID", Group: "Verification codes (forgotten passwords)",
		Help: "aliyun: AccessKey ID; tencent: SecretId", field: func(c *Config) any { return &c.SMSAccessKeyID }},
	{Name: "sms-access-key-secret", Env: "BIDDESK_SMS_ACCESS_KEY_SECRET", Secret: true, Group: "Verification codes (forgotten passwords)",
		Help: "aliyun: AccessKey Secret; tencent: SecretKey", field: func(c *Config) any { return &c.SMSAccessKeySecret }},
	{Name: "sms-sign-name", Env: "BIDDESK_SMS_SIGN_NAME", Group: "Verification codes (forgotten passwords)",
		Help: "aliyun, tencent: the approved signature name (the 【…】 of the message)", field: func(c *Config) any { return &c.SMSSignName }},
	{Name: "sms-template", Env: "BIDDESK_SMS_TEMPLATE", Group: "Verification codes (forgotten passwords)",
		Help: "aliyun: the template code (SMS_…); tencent: the template ID", field: func(c *Config) any { return &c.SMSTemplate }},
	{Name: "sms-template-params", Env: "BIDDESK_SMS_TEMPLATE_PARAMS", Default: "code", Group: "Verification codes (forgotten passwords)", check: checkTemplateParams,
		Help:  "aliyun, tencent: the template's variables, comma-separated: the first gets the code, a second the validity in minutes (aliyun: their names, e.g. code,minutes; tencent: only their number counts)",
		field: func(c *Config) any { return &c.SMSTemplateParams }},
	{Name: "sms-app-id", Env: "BIDDESK_SMS_APP_ID", Group: "Verification codes (forgotten passwords)",
		Help: "tencent: the SMS application's SdkAppId", field: func(c *Config) any { return &c.SMSAppID }},
	{Name: "sms-region", Env: "BIDDESK_SMS_REGION", Group: "Verification codes (forgotten passwords)",
		Help: "aliyun: RegionId, empty: cn-hangzhou; tencent: the region, empty: ap-guangzhou", field: func(c *Config) any { return &c.SMSRegion }},
	{Name: "sms-timeout", Env: "BIDDESK_SMS_TIMEOUT", Default: "10s", Group: "Verification codes (forgotten passwords)",
		Help: "time limit of one delivery (SMS gateway or SMTP)", field: func(c *Config) any { return &c.SMSTimeout }},
	{Name: "smtp-addr", Env: "BIDDESK_SMTP_ADDR", Group: "Verification codes (forgotten passwords)",
		Help: "SMTP server host:port for codes by e-mail to accounts without a phone; empty: no e-mail", field: func(c *Config) any { return &c.SMTPAddr }},
	{Name: "smtp-tls", Env: "BIDDESK_SMTP_TLS", Default: "auto", Group: "Verification codes (forgotten passwords)", oneOf: []string{"auto", "tls", "starttls", "none"},
		Help:  "tls (implicit TLS, port 465), starttls (required), none (a relay without TLS; no password sent except on the loopback) or auto (tls on port 465, else starttls)",
		field: func(c *Config) any { return &c.SMTPTLS }},
	{Name: "smtp-auth", Env: "BIDDESK_SMTP_AUTH", Default: "auto", Group: "Verification codes (forgotten passwords)", oneOf: []string{"auto", "plain", "login", "cram-md5"},
		Help:  "authentication with smtp-user: plain, login, cram-md5 or auto (the strongest the server offers)",
		field: func(c *Config) any { return &c.SMTPAuth }},
	{Name: "smtp-user", Env: "BIDDESK_SMTP_USER", Group: "Verification codes (forgotten passwords)",
		Help: "SMTP user (empty: no authentication)", field: func(c *Config) any { return &c.SMTPUser }},
	{Name: "smtp-password", Env: "BIDDESK_SMTP_PASSWORD", Secret: true, Group: "Verification codes (forgotten passwords)",
		Help: "SMTP password", field: func(c *Config) any { return &c.SMTPPassword }},
	{Name: "smtp-from", Env: "BIDDESK_SMTP_FROM", Default: "BidDesk <noreply@biddesk.local>", Group: "Verification codes (forgotten passwords)",
		Help: "sender address of the e-mails", field: func(c *Config) any { return &c.SMTPFrom }},

	{Name: "office-path", Env: "BIDDESK_OFFICE_PATH", Default: "soffice", Group: "Courseware (PPT/PPTX to PDF)",
		Help: "the LibreOffice program (run headless, no shell, its own profile per conversion)", field: func(c *Config) any { return &c.OfficePath }},
	{Name: "office-timeout", Env: "BIDDESK_OFFICE_TIMEOUT", Default: "2m", Group: "Courseware (PPT/PPTX to PDF)",
		Help: "time limit of one conversion; LibreOffice is killed past it", field: func(c *Config) any { return &c.OfficeTimeout }},
	{Name: "office-max-pages", Env: "BIDDESK_OFFICE_MAX_PAGES", Default: "300", Group: "Courseware (PPT/PPTX to PDF)", min: 1,
		Help: "most slides of a deck and pages of a courseware PDF", field: func(c *Config) any { return &c.OfficeMaxPages }},

	{Name: "sso-mode", Env: "BIDDESK_SSO_MODE", Default: "off", Group: "Single sign-on from the HR system (docs/sso.md)", oneOf: []string{"off", "oidc", "ticket"},
		Help: "off, oidc (OpenID Connect code flow with PKCE) or ticket (the HR system's code-to-employee look-up)", field: func(c *Config) any { return &c.SSOMode }},
	{Name: "sso-issuer", Env: "BIDDESK_SSO_ISSUER", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "oidc: the issuer URL (its /.well-known/openid-configuration is read)", field: func(c *Config) any { return &c.SSOIssuer }},
	{Name: "sso-client-id", Env: "BIDDESK_SSO_CLIENT_ID", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "client ID BidDesk is registered with at the HR system (oidc and ticket)", field: func(c *Config) any { return &c.SSOClientID }},
	{Name: "sso-client-secret", Env: "BIDDESK_SSO_CLIENT_SECRET", Secret: true, Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "client secret (oidc and ticket)", field: func(c *Config) any { return &c.SSOClientSecret }},
	{Name: "sso-redirect-url", Env: "BIDDESK_SSO_REDIRECT_URL", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "oidc: BidDesk's /sso address as registered at the provider, e.g. https://biddesk.example.com/sso", field: func(c *Config) any { return &c.SSORedirectURL }},
	{Name: "sso-scopes", Env: "BIDDESK_SSO_SCOPES", Default: "openid profile", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "oidc: scopes asked for, space-separated", field: func(c *Config) any { return &c.SSOScopes }},
	{Name: "sso-employee-claim", Env: "BIDDESK_SSO_EMPLOYEE_CLAIM", Default: "employee_code", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "oidc: the ID token claim holding the employee code", field: func(c *Config) any { return &c.SSOEmployeeClaim }},
	{Name: "sso-name-claim", Env: "BIDDESK_SSO_NAME_CLAIM", Default: "name", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "oidc: the ID token claim holding the person's name", field: func(c *Config) any { return &c.SSONameClaim }},
	{Name: "sso-ticket-url", Env: "BIDDESK_SSO_TICKET_URL", Group: "Single sign-on from the HR system (docs/sso.md)", mask: MaskDSN,
		Help: "ticket: the HR system's HTTPS look-up a code is posted to (form code, client credentials as HTTP Basic)", field: func(c *Config) any { return &c.SSOTicketURL }},
	{Name: "sso-ticket-employee-field", Env: "BIDDESK_SSO_TICKET_EMPLOYEE_FIELD", Default: "data.employeeCode", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "ticket: dotted path of the employee code in the JSON answer", field: func(c *Config) any { return &c.SSOTicketEmployeeField }},
	{Name: "sso-ticket-name-field", Env: "BIDDESK_SSO_TICKET_NAME_FIELD", Default: "data.name", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "ticket: dotted path of the person's name in the JSON answer", field: func(c *Config) any { return &c.SSOTicketNameField }},
	{Name: "sso-create-users", Env: "BIDDESK_SSO_CREATE_USERS", Default: "false", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "create an account at the first sign-in of a known employee without one (false: refuse)", field: func(c *Config) any { return &c.SSOCreateUsers }},
	{Name: "sso-default-role", Env: "BIDDESK_SSO_DEFAULT_ROLE", Default: "staff", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "role code given to an account created by single sign-on", field: func(c *Config) any { return &c.SSODefaultRole }},
	{Name: "sso-timeout", Env: "BIDDESK_SSO_TIMEOUT", Default: "10s", Group: "Single sign-on from the HR system (docs/sso.md)",
		Help: "time limit of one call to the HR system", field: func(c *Config) any { return &c.SSOTimeout }},
}

// Lookup finds a setting by name.
func Lookup(name string) (Setting, bool) {
	for _, s := range Settings {
		if s.Name == name {
			return s, true
		}
	}
	return Setting{}, false
}

// Defaults returns the configuration used when nothing is set.
func Defaults() Config {
	var c Config
	for _, s := range Settings {
		if err := s.Set(&c, s.Default); err != nil {
			panic(fmt.Sprintf("config: default of %s: %v", s.Name, err))
		}
	}
	return c
}

// Set reads text into the setting's field of c.
func (s Setting) Set(c *Config, text string) error {
	switch p := s.field(c).(type) {
	case *string:
		if len(s.oneOf) > 0 && !slices.Contains(s.oneOf, text) {
			return fmt.Errorf("not one of %s", strings.Join(s.oneOf, ", "))
		}
		if s.check != nil {
			if err := s.check(text); err != nil {
				return err
			}
		}
		*p = text
	case *bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return errors.New("not a boolean (true or false)")
		}
		*p = b
	case *int:
		n, err := strconv.Atoi(text)
		if err != nil || n < s.min {
			return fmt.Errorf("not a whole number of at least %d", s.min)
		}
		*p = n
	case *time.Duration:
		d, err := time.ParseDuration(text)
		if err != nil || d <= 0 {
			return errors.New("not a duration such as 30m or 2h")
		}
		*p = d
	default:
		panic("config: setting " + s.Name + " points at an unsupported type")
	}
	return nil
}

// Get is the setting's value in c, as text (unmasked).
func (s Setting) Get(c *Config) string {
	switch p := s.field(c).(type) {
	case *string:
		return *p
	case *bool:
		return strconv.FormatBool(*p)
	case *int:
		return strconv.Itoa(*p)
	case *time.Duration:
		return p.String()
	}
	panic("config: setting " + s.Name + " points at an unsupported type")
}

// Shown is the setting's value in c as the start-up log prints it: secrets masked.
func (s Setting) Shown(c *Config) string {
	v := s.Get(c)
	switch {
	case s.mask != nil:
		return s.mask(v)
	case s.Secret && v != "":
		return masked
	}
	return v
}

// kind names the value a setting takes, for `biddesk help`.
func (s Setting) kind() string {
	switch s.field(&Config{}).(type) {
	case *bool:
		return "bool"
	case *int:
		return "int"
	case *time.Duration:
		return "duration"
	}
	return "string"
}

// flagValue is a setting's flag: it checks the text at once and keeps it for Load, which applies the
// flags after the file and the environment.
type flagValue struct {
	s     Setting
	given *[]given
}

type given struct {
	s    Setting
	text string
}

func (f flagValue) String() string {
	if f.s.Secret || f.given == nil {
		return ""
	}
	return f.s.Default
}

func (f flagValue) Set(text string) error {
	var scratch Config
	if err := f.s.Set(&scratch, text); err != nil {
		return err
	}
	*f.given = append(*f.given, given{f.s, text})
	return nil
}

func (f flagValue) IsBoolFlag() bool { return f.s.kind() == "bool" }

// Load builds the configuration of a sub-command: the defaults, then the config file (--config, or
// BIDDESK_CONFIG), then the BIDDESK_* variables, then the flags in args. fs may already hold the
// sub-command's own flags; lookup is os.LookupEnv outside the tests.
func Load(fs *flag.FlagSet, args []string, lookup func(string) (string, bool)) (Config, error) {
	c := Defaults()
	var flags []given
	for _, s := range Settings {
		fs.Var(flagValue{s, &flags}, s.Name, s.Help)
	}
	var file string
	fs.StringVar(&file, ConfigFlag, "", "JSON config file (BIDDESK_CONFIG)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if extra := fs.Args(); len(extra) > 0 {
		return c, fmt.Errorf("unexpected argument %q (flags start with --)", extra[0])
	}
	if file == "" {
		file, _ = lookup(ConfigEnv)
	}
	if file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			return c, fmt.Errorf("config file: %w", err)
		}
		if err := c.ApplyFile(data); err != nil {
			return c, fmt.Errorf("config file %s: %w", file, err)
		}
	}
	if err := c.ApplyEnv(lookup); err != nil {
		return c, err
	}
	for _, g := range flags {
		if err := g.s.Set(&c, g.text); err != nil { // checked when parsed; kept for safety
			return c, fmt.Errorf("--%s: %w", g.s.Name, err)
		}
	}
	return c, nil
}

// ApplyEnv applies the BIDDESK_* variables that are set, reporting every bad one.
func (c *Config) ApplyEnv(lookup func(string) (string, bool)) error {
	var errs []string
	for _, s := range Settings {
		if v, ok := lookup(s.Env); ok {
			if err := s.Set(c, v); err != nil {
				errs = append(errs, s.Env+": "+err.Error())
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("configuration: %s", strings.Join(errs, "; "))
	}
	return nil
}

// FromEnv is the defaults with the BIDDESK_* variables applied (no file, no flags).
func FromEnv() (Config, error) {
	c := Defaults()
	return c, c.ApplyEnv(os.LookupEnv)
}

// ApplyFile applies a config file: one JSON object whose keys are setting names and whose values are
// strings (any setting), booleans (bool settings) or whole numbers (number settings). An unknown or
// repeated key is an error, so that a misspelt setting is never silently ignored.
func (c *Config) ApplyFile(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New(`not a JSON object such as {"addr": "0.0.0.0:8080"}`)
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("malformed JSON: %w", err)
		}
		key := tok.(string) // inside an object the decoder yields only string keys here
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("malformed JSON at %q: %w", key, err)
		}
		s, ok := Lookup(key)
		for _, e := range Settings {
			if !ok && e.Env == key {
				return fmt.Errorf("unknown setting %q: the file's keys are setting names, here %q", key, e.Name)
			}
		}
		if !ok {
			return fmt.Errorf("unknown setting %q (known: %s)", key, strings.Join(names(), ", "))
		}
		if seen[key] {
			return fmt.Errorf("setting %q given twice", key)
		}
		seen[key] = true
		text, err := fileText(s, raw)
		if err == nil {
			err = s.Set(c, text)
		}
		if err != nil {
			return fmt.Errorf("%q: %w", key, err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("malformed JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("text after the JSON object")
	}
	return nil
}

// fileText turns a config file value into the text Set reads.
func fileText(s Setting, raw json.RawMessage) (string, error) {
	var str string
	if json.Unmarshal(raw, &str) == nil {
		return str, nil
	}
	var v any
	_ = json.Unmarshal(raw, &v)
	switch v.(type) {
	case bool:
		if s.kind() == "bool" {
			return string(raw), nil
		}
	case float64:
		if s.kind() == "int" {
			return string(raw), nil
		}
	}
	if s.kind() == "string" || s.kind() == "duration" {
		return "", errors.New("must be a JSON string")
	}
	return "", fmt.Errorf("must be a JSON %s or string", map[string]string{"bool": "boolean", "int": "number"}[s.kind()])
}

func names() []string {
	out := make([]string, len(Settings))
	for i, s := range Settings {
		out[i] = s.Name
	}
	return out
}

// WriteHelp lists every setting: flag, variable, default and help. Secret values are never printed.
func WriteHelp(w io.Writer) {
	fmt.Fprintf(w, `Settings: each is a flag, a BIDDESK_* environment variable and a key of the JSON config file.
A flag wins over the environment, which wins over the config file, which wins over the default.

  --%-28s %s
        JSON config file, one object: {"addr": "0.0.0.0:8080", "demo": false, "session-idle": "30m"};
        an unknown or repeated key is an error
`, ConfigFlag+" FILE", ConfigEnv)
	group := ""
	for _, s := range Settings {
		if s.Group != group {
			group = s.Group
			fmt.Fprintf(w, "\n%s\n", group)
		}
		def := "default " + s.Default
		switch {
		case s.kind() == "string" && s.Default != "" && !s.Secret:
			def = "default " + strconv.Quote(s.Default)
		case s.Secret:
			def = "secret, value never shown"
		case s.Default == "":
			def = "default empty"
		}
		fmt.Fprintf(w, "  --%-28s %-28s (%s)\n        %s\n", s.Name+" "+s.kind(), s.Env, def, s.Help)
	}
}

// Summary lists the settings for the start-up log, with secrets masked.
func (c Config) Summary() []any {
	out := make([]any, 0, 2*len(Settings)+2)
	for _, s := range Settings {
		out = append(out, s.Name, s.Shown(&c))
	}
	return append(out, "database", c.DatabaseLabel())
}

// DatabaseLabel names the database without its password.
func (c Config) DatabaseLabel() string {
	if c.DatabaseURL == "" {
		return "sqlite:" + c.DataDir + "/biddesk.db"
	}
	return MaskDSN(c.DatabaseURL)
}

// MaskDSN hides the password of a PostgreSQL URL or key=value DSN (or of any URL with user info).
func MaskDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.Scheme != "" {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), masked)
		}
		q := u.Query()
		if q.Has("password") {
			q.Set("password", masked)
			u.RawQuery = q.Encode()
		}
		return u.String()
	}
	if i := strings.Index(dsn, "://"); i > 0 {
		// a URL that does not parse: hide whatever user information it may carry
		if at := strings.LastIndex(dsn, "@"); at > i {
			return dsn[:i+3] + masked + dsn[at:]
		}
		return dsn
	}
	return dsnPassword.ReplaceAllString(dsn, "password="+masked)
}

// dsnPassword is a key=value DSN's password, bare or quoted (libpq allows spaces around '=').
var dsnPassword = regexp.MustCompile(`password\s*=\s*('(?:[^'\\]|\\.)*'|\S+)`)

// checkZone accepts a zone the embedded time zone database knows.
func checkZone(name string) error {
	if _, err := time.LoadLocation(name); err != nil || name == "" || name == "Local" {
		return errors.New("not a time zone name such as Asia/Shanghai or UTC")
	}
	return nil
}

// Zone is the company's time zone (UTC if the name is unknown, which Load refuses).
func (c Config) Zone() *time.Location {
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// checkTemplateParams accepts one or two template variable names (letters, digits, _ and -), comma-separated.
func checkTemplateParams(s string) error {
	names := TemplateParams(s)
	if len(names) < 1 || len(names) > 2 {
		return errors.New("one or two variable names, comma-separated (the code, then the validity in minutes)")
	}
	for _, n := range names {
		if !templateParamName.MatchString(n) {
			return fmt.Errorf("%q is not a template variable name", n)
		}
	}
	return nil
}

var templateParamName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// TemplateParams splits sms-template-params into its names.
func TemplateParams(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}
