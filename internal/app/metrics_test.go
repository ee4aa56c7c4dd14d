package app_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"biddesk/internal/apptest"
	"biddesk/internal/platform/config"
	"biddesk/internal/platform/storage/s3test"
)

// metricValue is the value of one series in Prometheus text (-1 when absent).
func metricValue(text, series string) float64 {
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err == nil {
				return f
			}
		}
	}
	return -1
}

// GET /metrics is served only with --metrics-token, to requests bearing it: requests by route pattern and
// status with latency histograms, sign-ins by result (throttled ones too), database pools, jobs and
// conversions by state, build info. /healthz says the process is alive, /readyz that it can serve.
func TestMetricsAndReadiness(t *testing.T) {
	plain := newEnv(t)
	if resp, _ := plain.fetch("/metrics", ""); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("/metrics without a token configured: HTTP %d", resp.StatusCode)
	}
	if resp, _ := plain.fetch("/metrics", "anything"); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("/metrics without a token configured, with a bearer: HTTP %d", resp.StatusCode)
	}

	const token = "metrics-token-7f3a9c"
	e := newEnv(t, func(c *config.Config) { c.MetricsToken = token; c.ThrottleAccount = 2 })
	for _, tok := range []string{"", "wrong-token", token + "x"} {
		if resp, body := e.fetch("/metrics", tok); resp.StatusCode != http.StatusUnauthorized || strings.Contains(string(body), "biddesk_") {
			t.Fatalf("/metrics with token %q: HTTP %d", tok, resp.StatusCode)
		}
	}
	staff := e.login("staff", "Staff@123").AccessToken
	u := e.UploadOK(apptest.DiskUpload, staff, "a.pdf", apptest.PDFBytes())
	if resp, _ := e.fetch(u.URL, staff); resp.StatusCode != 200 {
		t.Fatalf("download: HTTP %d", resp.StatusCode)
	}
	for range 4 { // wrong passwords: refused, then throttled
		e.call("POST", "/api/login", "", map[string]string{"LoginCode": "staff", "PassWord": "Wrong@123"})
	}
	resp, body := e.fetch("/metrics", token)
	text := string(body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: HTTP %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, c := range []struct {
		series string
		min    float64
	}{
		{`biddesk_sign_ins_total{result="ok"}`, 1},
		{`biddesk_sign_ins_total{result="refused"}`, 1},
		{`biddesk_sign_ins_total{result="throttled"}`, 1},
		{`biddesk_http_requests_total{route="POST /api/sys/common/disk/upload",status="200"}`, 1},
		{`biddesk_http_requests_total{route="GET /api/sys/common/file/down",status="200"}`, 1},
		{`biddesk_http_request_duration_seconds_count{route="GET /api/sys/common/file/down"}`, 1},
		{`biddesk_http_request_duration_seconds_bucket{route="GET /api/sys/common/file/down",le="+Inf"}`, 1},
		{`biddesk_jobs{state="available"}`, 0},
		{`biddesk_conversions{state="converting"}`, 0},
		{`biddesk_metrics_query_errors`, 0},
	} {
		if v := metricValue(text, c.series); v < c.min {
			t.Errorf("%s = %v, want at least %v", c.series, v, c.min)
		}
	}
	if v := metricValue(text, `biddesk_metrics_query_errors`); v != 0 {
		t.Errorf("metrics queries failed: %v", v)
	}
	for _, re := range []string{`biddesk_db_connections\{pool="[a-z]+",state="in_use"\} \d`, `biddesk_build_info\{database="(sqlite|postgres)",goversion="go[^"]+",storage="disk",version="[^"]+"\} 1`,
		`go_goroutines \d+`} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("/metrics lacks %s", re)
		}
	}
	if strings.Contains(text, "id=") || strings.Contains(text, token) {
		t.Error("/metrics names a raw query or the token")
	}

	// alive and ready
	if resp, _ := e.fetch("/healthz", ""); resp.StatusCode != 200 {
		t.Fatalf("/healthz: HTTP %d", resp.StatusCode)
	}
	var ready struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}
	resp, body = e.fetch("/readyz", "")
	if err := json.Unmarshal(body, &ready); err != nil || resp.StatusCode != 200 || ready.Status != "ready" ||
		ready.Checks["database"] != "ok" || ready.Checks["migrations"] != "ok" || ready.Checks["storage"] != "ok" {
		t.Fatalf("/readyz: HTTP %d %s", resp.StatusCode, body)
	}
	// a file store that cannot be used makes the instance not ready (a load balancer stops sending to it)
	s3 := s3test.Start(t, "bucket")
	broken := newEnv(t, apptest.S3Settings(s3), func(c *config.Config) { c.S3Bucket = "missing-bucket" })
	resp, body = broken.fetch("/readyz", "")
	if err := json.Unmarshal(body, &ready); err != nil || resp.StatusCode != http.StatusServiceUnavailable || ready.Checks["storage"] != "unavailable" || ready.Checks["database"] != "ok" {
		t.Fatalf("/readyz with a missing bucket: HTTP %d %s", resp.StatusCode, body)
	}
}
