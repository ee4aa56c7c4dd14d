package config

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// env is a fake environment for Load.
func env(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func load(t *testing.T, args []string, lookup func(string) (string, bool)) (Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(&bytes.Buffer{})
	return Load(fs, args, lookup)
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "biddesk.json")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// Every field of Config is reached by exactly one declared setting, and the declarations are sound; a field tagged
// setting:"-" is set by code only (never a flag, a variable or a key of the config file).
func TestEveryFieldIsDeclaredOnce(t *testing.T) {
	var c Config
	v := reflect.ValueOf(&c).Elem()
	fields := map[uintptr]string{}
	for i := range v.NumField() {
		if v.Type().Field(i).Tag.Get("setting") == "-" {
			continue
		}
		fields[v.Field(i).Addr().Pointer()] = v.Type().Field(i).Name
	}
	names, envs, used := map[string]bool{}, map[string]bool{}, map[string]string{}
	for _, s := range Settings {
		field, ok := fields[reflect.ValueOf(s.field(&c)).Pointer()]
		if !ok {
			t.Errorf("%s points outside Config", s.Name)
			continue
		}
		if other, dup := used[field]; dup {
			t.Errorf("Config.%s is declared by both %s and %s", field, other, s.Name)
		}
		used[field] = s.Name
		if names[s.Name] || envs[s.Env] {
			t.Errorf("%s / %s declared twice", s.Name, s.Env)
		}
		names[s.Name], envs[s.Env] = true, true
		if !strings.HasPrefix(s.Env, "BIDDESK_") || s.Help == "" || s.Group == "" || s.Name == ConfigFlag {
			t.Errorf("%s: incomplete declaration %+v", s.Name, s)
		}
		var scratch Config
		if err := s.Set(&scratch, s.Default); err != nil {
			t.Errorf("%s: default %q does not read: %v", s.Name, s.Default, err)
		}
	}
	for _, name := range fields {
		if _, ok := used[name]; !ok {
			t.Errorf("Config.%s has no declared setting (flag, variable, default, help)", name)
		}
	}
}

func TestDefaults(t *testing.T) {
	c := Defaults()
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || !c.Demo || !c.SingleSession || c.SessionIdle != 2*time.Hour ||
		c.SessionAbsolute != 12*time.Hour || c.ThrottleAccount != 5 || c.ThrottleAddress != 30 || c.ThrottleWindow != 15*time.Minute ||
		c.DemoAdminPassword != "Admin@123" || c.DemoStaffPassword != "Staff@123" || c.LogLevel != "info" || c.S3Region != "us-east-1" ||
		c.DatabaseURL != "" || c.HashConcurrency != 0 || c.DemoWithoutFiles || c.TrustProxy {
		t.Fatalf("defaults %+v", c)
	}
}

// flag > environment > config file > default, setting by setting.
func TestPrecedence(t *testing.T) {
	file := writeFile(t, `{"addr": "10.0.0.1:1", "data": "/srv/file", "session-idle": "45m", "demo": false, "throttle-account": 7}`)
	c, err := load(t, []string{"--config", file, "--addr", "10.0.0.3:3"},
		env("BIDDESK_ADDR", "10.0.0.2:2", "BIDDESK_DATA_DIR", "/srv/env"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "10.0.0.3:3" || c.DataDir != "/srv/env" || c.SessionIdle != 45*time.Minute || c.Demo || c.ThrottleAccount != 7 ||
		c.ThrottleAddress != 30 || c.LogLevel != "info" {
		t.Fatalf("precedence broken: %+v", c)
	}
	// the file named by BIDDESK_CONFIG; --config wins over it
	c, err = load(t, nil, env(ConfigEnv, file))
	if err != nil || c.Addr != "10.0.0.1:1" || c.DataDir != "/srv/file" {
		t.Fatalf("BIDDESK_CONFIG not read: %+v %v", c, err)
	}
	other := writeFile(t, `{"addr": "10.0.0.9:9"}`)
	if c, err = load(t, []string{"--config=" + other}, env(ConfigEnv, file)); err != nil || c.Addr != "10.0.0.9:9" || c.DataDir != "./data" {
		t.Fatalf("--config must win over BIDDESK_CONFIG: %+v %v", c, err)
	}
	// a flag wins over the environment for bools too, given as --name=false or bare
	if c, err = load(t, []string{"--demo=false", "--trust-proxy"}, env("BIDDESK_DEMO", "true")); err != nil || c.Demo || !c.TrustProxy {
		t.Fatalf("bool flags: %+v %v", c, err)
	}
}

func TestBadValuesAreErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  []string
		file string
		want string
	}{
		{env: []string{"BIDDESK_SESSION_IDLE", "soon"}, want: "BIDDESK_SESSION_IDLE: not a duration"},
		{env: []string{"BIDDESK_THROTTLE_ACCOUNT", "0"}, want: "BIDDESK_THROTTLE_ACCOUNT: not a whole number of at least 1"},
		{env: []string{"BIDDESK_DEMO", "maybe", "BIDDESK_LOG_LEVEL", "loud"}, want: "BIDDESK_LOG_LEVEL: not one of debug, info, warn, error; BIDDESK_DEMO: not a boolean (true or false)"},
		{args: []string{"--hash-concurrency", "-1"}, want: "not a whole number of at least 0"},
		{args: []string{"--nope"}, want: "flag provided but not defined: -nope"},
		{args: []string{"stray"}, want: `unexpected argument "stray"`},
		{file: `{"adress": "x"}`, want: `unknown setting "adress" (known: addr, data, database-url,`},
		{file: `{"BIDDESK_ADDR": "x"}`, want: `unknown setting "BIDDESK_ADDR": the file's keys are setting names, here "addr"`},
		{file: `{"addr": "a", "addr": "b"}`, want: `setting "addr" given twice`},
		{file: `{"throttle-window": 5}`, want: `"throttle-window": must be a JSON string`},
		{file: `{"demo": 1}`, want: `"demo": must be a JSON boolean or string`},
		{file: `{"throttle-account": 2.5}`, want: `"throttle-account": not a whole number of at least 1`},
		{file: `{"addr": "a"} {}`, want: "text after the JSON object"},
		{file: `["addr"]`, want: "not a JSON object"},
		{file: `{"addr": "a",}`, want: "malformed JSON"},
	} {
		args := tc.args
		if tc.file != "" {
			args = append([]string{"--config", writeFile(t, tc.file)}, args...)
		}
		_, err := load(t, args, env(tc.env...))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v %s: got %v, want %q", tc.args, tc.env, tc.file, err, tc.want)
		}
	}
	if _, err := load(t, []string{"--config", filepath.Join(t.TempDir(), "missing.json")}, env()); err == nil {
		t.Error("a missing config file must be an error")
	}
	// the values a file may hold in their natural JSON types
	c, err := load(t, []string{"--config", writeFile(t, `{"demo": true, "throttle-address": 9, "hash-concurrency": "3", "log-level": "warn"}`)}, env())
	if err != nil || !c.Demo || c.ThrottleAddress != 9 || c.HashConcurrency != 3 || c.LogLevel != "warn" {
		t.Fatalf("typed file values: %+v %v", c, err)
	}
}

func TestFromEnv(t *testing.T) {
	t.Setenv("BIDDESK_ADDR", "0.0.0.0:9000")
	t.Setenv("BIDDESK_DEMO", "false")
	t.Setenv("BIDDESK_SESSION_IDLE", "30m")
	c, err := FromEnv()
	if err != nil || c.Addr != "0.0.0.0:9000" || c.Demo || c.SessionIdle.Minutes() != 30 {
		t.Fatalf("env not applied: %+v %v", c, err)
	}
}

func TestMaskDSN(t *testing.T) {
	for _, dsn := range []string{"postgres://bid:s3cret@db:5432/bd?sslmode=disable", "host=db user=bid password=s3cret dbname=bd",
		"postgres://db/bd?password=s3cret", "host=db password = 's3cret with spaces' dbname=bd", "postgres://bid:s3cr%zz@db/bd"} {
		if m := MaskDSN(dsn); strings.Contains(m, "s3cret") || strings.Contains(m, "s3cr%zz") || !strings.Contains(m, "db") {
			t.Errorf("password left in %q (or host lost)", m)
		}
	}
}

// Every secret is masked in the start-up summary; the rest is printed as set.
func TestSummaryMasksSecrets(t *testing.T) {
	c, err := load(t, []string{"--demo-admin-password", "Adm1n-secret"}, env(
		"BIDDESK_DATABASE_URL", "postgres://bid:pg-secret@db:5432/bd",
		"BIDDESK_S3_ENDPOINT", "https://oss.example.com", "BIDDESK_S3_BUCKET", "bids", "BIDDESK_S3_ACCESS_KEY", "AKIDBID",
		"BIDDESK_S3_SECRET_KEY", "S3SECRETVALUE", "BIDDESK_S3_REGION", "cn-north-1", "BIDDESK_DEMO_STAFF_PASSWORD", "Staff-secret"))
	if err != nil || c.S3SecretKey != "S3SECRETVALUE" || c.S3Bucket != "bids" || c.DemoAdminPassword != "Adm1n-secret" {
		t.Fatalf("%+v %v", c, err)
	}
	summary := c.Summary()
	text := fmt.Sprint(summary...)
	for _, secret := range []string{"pg-secret", "S3SECRETVALUE", "Adm1n-secret", "Staff-secret"} {
		if strings.Contains(text, secret) {
			t.Errorf("secret %q printed in %s", secret, text)
		}
	}
	got := map[string]any{}
	for i := 0; i < len(summary); i += 2 {
		got[summary[i].(string)] = summary[i+1]
	}
	for _, s := range Settings {
		if _, ok := got[s.Name]; !ok {
			t.Errorf("%s missing from the summary", s.Name)
		}
	}
	if got["s3-secret-key"] != "xxxxx" || got["demo-staff-password"] != "xxxxx" || got["s3-bucket"] != "bids" ||
		got["s3-access-key"] != "AKIDBID" || got["database-url"] != "postgres://bid:xxxxx@db:5432/bd" ||
		got["database"] != "postgres://bid:xxxxx@db:5432/bd" {
		t.Fatalf("summary %v", got)
	}
	if d := Defaults(); fmt.Sprint(d.Summary()...) == "" || (&d).DatabaseLabel() != "sqlite:./data/biddesk.db" {
		t.Fatal("default summary")
	}
}

func TestHelpListsEverySettingAndNoSecret(t *testing.T) {
	var b bytes.Buffer
	WriteHelp(&b)
	help := b.String()
	for _, s := range Settings {
		if !strings.Contains(help, s.Env) || !strings.Contains(help, "--"+s.Name+" ") || !strings.Contains(help, s.Help) {
			t.Errorf("help lacks %s / --%s", s.Env, s.Name)
		}
		if s.Secret && s.Default != "" && strings.Contains(help, s.Default) {
			t.Errorf("help prints the secret default of %s", s.Name)
		}
	}
	if !strings.Contains(help, ConfigEnv) || !strings.Contains(help, "--config FILE") {
		t.Error("help does not name the config file")
	}
}

// The README's settings table matches the declarations: every BIDDESK_* it names exists, and each
// declared setting has a row with its variable, its flag and its default (or "secret").
func TestREADMEListsTheSettings(t *testing.T) {
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	known := map[string]bool{ConfigEnv: true}
	for _, s := range Settings {
		known[s.Env] = true
	}
	for _, name := range regexp.MustCompile(`BIDDESK_[A-Z0-9_]*[A-Z0-9]`).FindAllString(readme, -1) {
		if !known[name] {
			t.Errorf("the README names %s, which is not a setting", name)
		}
	}
	rows := map[string]string{}
	for _, line := range strings.Split(readme, "\n") {
		if m := regexp.MustCompile("^\\| `--([a-z0-9-]+)` \\| `(BIDDESK_[A-Z0-9_]+)` \\|").FindStringSubmatch(line); m != nil {
			rows[m[2]] = line
			if s, ok := Lookup(m[1]); !ok || s.Env != m[2] {
				t.Errorf("README row --%s / %s does not match a declaration", m[1], m[2])
			}
		}
	}
	for _, s := range Settings {
		row, ok := rows[s.Env]
		switch {
		case !ok:
			t.Errorf("the README's settings table lacks --%s / %s", s.Name, s.Env)
		case s.Secret && !strings.Contains(row, "secret"):
			t.Errorf("the README does not say %s is secret", s.Env)
		case !s.Secret && s.Default != "" && !strings.Contains(row, "| `"+s.Default+"` |"):
			t.Errorf("the README's default of %s is not `%s`: %s", s.Env, s.Default, row)
		case !s.Secret && s.Default == "" && !strings.Contains(row, "| empty |"):
			t.Errorf("the README's default of %s is not empty: %s", s.Env, row)
		}
	}
}

func TestTimeZoneIsAKnownZone(t *testing.T) {
	if c := Defaults(); c.TimeZone != "Asia/Shanghai" || c.Zone().String() != "Asia/Shanghai" {
		t.Fatalf("default zone %q %v", c.TimeZone, c.Zone())
	}
	for _, bad := range []string{"", "Local", "Mars/Olympus", "UTC+8"} {
		var c Config
		for _, s := range Settings {
			if s.Name == "timezone" {
				if err := s.Set(&c, bad); err == nil {
					t.Errorf("zone %q accepted", bad)
				}
			}
		}
	}
}
