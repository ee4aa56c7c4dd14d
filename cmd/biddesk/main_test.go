package main

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"biddesk/internal/platform/config"
)

// `biddesk help` names every command and every setting (flag and variable), and no secret value, even
// when the environment holds one.
func TestHelpListsEverySetting(t *testing.T) {
	t.Setenv("BIDDESK_S3_SECRET_KEY", "HELP-S3-SECRET")
	t.Setenv("BIDDESK_DEMO_ADMIN_PASSWORD", "Help-Admin-Pw1")
	var b bytes.Buffer
	printUsage(&b)
	help := b.String()
	for _, want := range []string{"biddesk serve", "biddesk migrate", "biddesk seed", "admin create-user", "admin reset-password",
		"biddesk version", "biddesk help", "--config FILE", config.ConfigEnv} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	for _, s := range config.Settings {
		if !strings.Contains(help, "--"+s.Name+" ") || !strings.Contains(help, s.Env) {
			t.Errorf("help lacks --%s / %s", s.Name, s.Env)
		}
		if s.Secret && s.Default != "" && strings.Contains(help, s.Default) {
			t.Errorf("help prints the default of secret %s", s.Name)
		}
	}
	for _, secret := range []string{"HELP-S3-SECRET", "Help-Admin-Pw1"} {
		if strings.Contains(help, secret) {
			t.Errorf("help prints %q", secret)
		}
	}
}

// A sub-command's own flags mix with the settings; the environment is read under the flags.
func TestParseMixesCommandFlagsAndSettings(t *testing.T) {
	t.Setenv("BIDDESK_DATA_DIR", "/srv/env-data")
	t.Setenv("BIDDESK_ADDR", "10.0.0.2:2")
	var login string
	cfg, err := parse("admin reset-password", []string{"--login", "li", "--addr", "10.0.0.3:3"}, func(fs *flag.FlagSet) {
		fs.StringVar(&login, "login", "", "")
	})
	if err != nil || login != "li" || cfg.Addr != "10.0.0.3:3" || cfg.DataDir != "/srv/env-data" {
		t.Fatalf("%+v login=%q %v", cfg, login, err)
	}
	if _, err := parse("serve", []string{"--session-idle", "soon"}, nil); err == nil || !strings.Contains(err.Error(), "not a duration") {
		t.Fatalf("bad flag: %v", err)
	}
}
