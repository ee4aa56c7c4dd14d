package config

import (
	"fmt"
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

func TestObjectStoreFromEnvIsMaskedInTheSummary(t *testing.T) {
	t.Setenv("BIDDESK_S3_ENDPOINT", "https://oss.example.com")
	t.Setenv("BIDDESK_S3_BUCKET", "bids")
	t.Setenv("BIDDESK_S3_ACCESS_KEY", "AKIDBID")
	t.Setenv("BIDDESK_S3_SECRET_KEY", "very-s3cret")
	t.Setenv("BIDDESK_S3_REGION", "cn-north-1")
	c, err := FromEnv()
	if err != nil || c.S3Endpoint != "https://oss.example.com" || c.S3Bucket != "bids" || c.S3AccessKey != "AKIDBID" ||
		c.S3SecretKey != "very-s3cret" || c.S3Region != "cn-north-1" {
		t.Fatalf("S3 settings not applied: %+v %v", c, err)
	}
	summary := fmt.Sprint(c.Summary()...)
	if strings.Contains(summary, "very-s3cret") || !strings.Contains(summary, "bucket=bids") || !strings.Contains(summary, "secret_key=xxxxx") {
		t.Fatalf("summary %s", summary)
	}
	if (Config{}).ObjectStoreLabel() != "" {
		t.Fatal("no store configured must print nothing")
	}
}
