package sysconfig

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"
	"time"

	"biddesk/internal/platform/changes"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// Topic is the change-bus topic of the parameters: a write through any instance reloads every instance's cache.
const Topic = "sysconfig"

// Store holds the SQL of parameters and notices, and the cache of every parameter's value.
type Store struct {
	db  *db.DB
	cfg config.Config
	bus *changes.Bus

	mu      sync.RWMutex
	entries map[string]entry

	// reloadMu serialises reloads, so that a reload which read the table before a write
	// can never install its older picture after the write's own reload.
	reloadMu sync.Mutex
}

// entry is a parameter's effective value in the cache.
type entry struct {
	typ, value string
	set        bool // a value was stored (not the default)
	secret     bool
}

// NewStore returns a store whose defaults come from cfg (flags and BIDDESK_* variables).
func NewStore(d *db.DB, cfg config.Config) *Store { return &Store{db: d, cfg: cfg} }

// Watch makes writes go through the change bus and reloads the cache when another instance changed a
// parameter. Call it before the bus starts.
func (s *Store) Watch(b *changes.Bus) {
	s.bus = b
	b.Subscribe(Topic, s.Reload)
}

// write runs fn in one transaction as a change of Topic; the cache is reloaded before it returns.
func (s *Store) write(ctx context.Context, fn func(*db.Tx) error) error {
	if s.bus != nil {
		return s.bus.Write(ctx, Topic, fn)
	}
	if err := s.db.InTx(ctx, fn); err != nil {
		return err
	}
	return s.Reload(context.WithoutCancel(ctx))
}

// Sync writes the built-in parameters (name, type, rules, default from this start's configuration; stored
// values are kept) and loads the cache. It runs at every start.
func (s *Store) Sync(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "sysconfig: sync")
	for i, d := range Builtins {
		editable := 1
		if d.Maintainer != "" && d.Maintainer != FunConfig {
			editable = 0
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO sys_config (config_key, name, value_type, default_value, description, config_group, builtin, editable, secret, sort)
			VALUES (?, ?, ?, ?, ?, ?, 1, ?, 0, ?)
			ON CONFLICT (config_key) DO UPDATE SET name = excluded.name, value_type = excluded.value_type, default_value = excluded.default_value,
				description = excluded.description, config_group = excluded.config_group, builtin = 1, editable = excluded.editable, secret = 0, sort = excluded.sort`,
			d.Key, d.Name, d.Type, d.Default(s.cfg), d.Description, d.Group, editable, (i+1)*10); err != nil {
			return err
		}
	}
	return s.Reload(ctx)
}

// Reload reads every parameter into the cache. A stored value of a built-in that no longer passes its
// rules (written by hand, or by an older version) is ignored in favour of the default.
func (s *Store) Reload(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "sysconfig: reload")
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	rows, err := s.db.Query(ctx, `SELECT config_key, value_type, config_value, default_value, secret FROM sys_config`)
	if err != nil {
		return err
	}
	defer rows.Close()
	m := map[string]entry{}
	for rows.Next() {
		var key, typ, def string
		var val sql.NullString
		var secret int
		if err := rows.Scan(&key, &typ, &val, &def, &secret); err != nil {
			return err
		}
		e := entry{typ: typ, value: def, secret: secret == 1}
		if val.Valid {
			e.value, e.set = val.String, true
			if d := builtinByKey[key]; d != nil {
				if v, err := normalize(d, d.Name, val.String); err == nil {
					e.value = v
				} else {
					e.value, e.set = def, false
				}
			}
		}
		m[key] = e
	}
	if err := rows.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	s.entries = m
	s.mu.Unlock()
	return nil
}

// lookup returns a parameter from the cache; a built-in missing from it (never, once synced) has its default.
func (s *Store) lookup(key string) (entry, bool) {
	s.mu.RLock()
	e, ok := s.entries[key]
	s.mu.RUnlock()
	if !ok {
		if d := builtinByKey[key]; d != nil {
			return entry{typ: d.Type, value: d.Default(s.cfg)}, true
		}
	}
	return e, ok
}

// Text returns a parameter's value as text ("" when unknown).
func (s *Store) Text(key string) string {
	e, _ := s.lookup(key)
	return e.value
}

// Number returns a number parameter (0 when unknown or not a number).
func (s *Store) Number(key string) float64 {
	f, _ := strconv.ParseFloat(s.Text(key), 64)
	return f
}

// Int returns a number parameter as a whole number.
func (s *Store) Int(key string) int { return int(s.Number(key)) }

// Bool returns a boolean parameter (false when unknown).
func (s *Store) Bool(key string) bool { return s.Text(key) == "true" }

// duration is a number parameter in unit; the flag value fallback when no value was stored (the
// default shown in /sys_config is that flag value rounded up to whole units).
func (s *Store) duration(key string, unit, fallback time.Duration) time.Duration {
	if e, _ := s.lookup(key); e.set {
		if n, err := strconv.ParseFloat(e.value, 64); err == nil && n > 0 {
			return time.Duration(n * float64(unit))
		}
	}
	return fallback
}

// SessionIdle is the live idle expiry of a session.
func (s *Store) SessionIdle() time.Duration {
	return s.duration(KeyIdleMinutes, time.Minute, s.cfg.SessionIdle)
}

// SessionAbsolute is the live absolute expiry of a new session.
func (s *Store) SessionAbsolute() time.Duration {
	return s.duration(KeyAbsoluteHours, time.Hour, s.cfg.SessionAbsolute)
}

// SingleSession tells whether a new sign-in ends the user's other sessions.
func (s *Store) SingleSession() bool { return s.Bool(KeySingleSession) }

// HelpURL is where the header's 'help centre' leads.
func (s *Store) HelpURL() string { return s.Text(KeyHelpURL) }

// LogoutURL is what POST /api/logout answers ("" means: straight back to /login).
func (s *Store) LogoutURL() string { return s.Text(KeyLogoutURL) }

// UploadLimits are the rules of an upload.
type UploadLimits struct {
	MaxBytes int64
	// Suffixes is a comma list (lower case, no dots), as validate.FileSuffix takes it.
	Suffixes string
}

// Upload returns the live upload limits.
func (s *Store) Upload() UploadLimits {
	return UploadLimits{MaxBytes: int64(s.Int(KeyUploadMaxMB)) << 20, Suffixes: s.Text(KeyUploadSuffixes)}
}

// SuffixList returns the allowed suffixes one by one.
func (u UploadLimits) SuffixList() []string { return strings.Split(u.Suffixes, ",") }

// ExpiryWarningDays is how many days before expiry the library warns.
func (s *Store) ExpiryWarningDays() int { return s.Int(KeyExpiryWarning) }

// ExportBackgroundRows is the size of a list export above which it is made in the background.
func (s *Store) ExportBackgroundRows() int { return s.Int(KeyExportBackgroundRows) }
