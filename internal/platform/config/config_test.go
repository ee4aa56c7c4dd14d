package config

import (
	"strings"
	"testing"
)

func TestMaskDSN(t *testing.T) {
	for _, dsn := range []string{"postgres://bid:s3cret@db:5432/bd?sslmode=disable", "host=db user=bid password=s3cret dbname=bd", "postgres://db/bd?password=s3cret"} {
		if m := MaskDSN(dsn); strings.Contains(m, "s3cret") {
			t.Errorf("password left in %q", m)
		}
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
	t.Setenv("BIDDESK_SESSION_IDLE", "soon")
	if _, err := FromEnv(); err == nil {
		t.Fatal("a bad duration must be an error")
	}
}
