package app

import (
	"bytes"
	"context"
	"crypto/subtle"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/migrations"
)

// metrics are the operator's measures of one instance (GET /metrics, Prometheus text), in a registry of
// the App's own (several Apps live in one test process).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	signIns  *prometheus.CounterVec
}

// signInRoutes are the calls whose answers count as sign-ins (by the envelope's code).
var signInRoutes = map[string]bool{"POST /api/login": true, "POST /api/outSite/login": true, "POST /api/sso/login": true}

func newMetrics(a *App) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "biddesk_http_requests_total",
		Help: "HTTP requests answered, by route pattern and status."}, []string{"route", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "biddesk_http_request_duration_seconds",
		Help: "Time to answer an HTTP request, by route pattern.", Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}},
		[]string{"route"})
	m.signIns = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "biddesk_sign_ins_total",
		Help: "Sign-in attempts by result: ok, refused (wrong credentials and the like) or throttled."}, []string{"result"})
	for _, r := range []string{"ok", "refused", "throttled"} {
		m.signIns.WithLabelValues(r)
	}
	build := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "biddesk_build_info",
		Help: "The running build: version, Go version, database kind and file store (always 1)."}, []string{"version", "goversion", "database", "storage"})
	build.WithLabelValues(Version, runtime.Version(), string(a.DB.Dialect), a.Config.Storage).Set(1)
	m.reg.MustRegister(m.requests, m.latency, m.signIns, build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&dbCollector{a: a})
	return m
}

// route wraps the handler of one route pattern: its answers are counted and timed under the pattern
// (never the raw path, which would make a series per id).
func (m *metrics) route(pattern string, h http.Handler) http.Handler {
	signIn := signInRoutes[pattern]
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK, peek: signIn}
		defer func() {
			m.requests.WithLabelValues(pattern, strconv.Itoa(sw.status)).Inc()
			m.latency.WithLabelValues(pattern).Observe(time.Since(start).Seconds())
			if signIn {
				m.signIns.WithLabelValues(signInResult(sw)).Inc()
			}
		}()
		h.ServeHTTP(sw, r)
	})
}

// signInResult reads a sign-in's answer: the envelope's code 0 is a sign-in, the throttle's code a
// throttled attempt, anything else a refusal.
func signInResult(sw *statusWriter) string {
	code := envelopeCode(sw.head.Bytes())
	switch {
	case sw.status == http.StatusOK && code == strconv.Itoa(httpx.CodeOK):
		return "ok"
	case sw.status == http.StatusTooManyRequests || code == strconv.Itoa(httpx.CodeThrottled):
		return "throttled"
	}
	return "refused"
}

// envelopeCode is the "code" of the start of a JSON envelope ({"code":N,...}), "" when there is none.
func envelopeCode(b []byte) string {
	_, rest, ok := bytes.Cut(b, []byte(`"code":`))
	if !ok {
		return ""
	}
	rest = bytes.TrimLeft(rest, " ")
	end := bytes.IndexFunc(rest, func(r rune) bool { return (r < '0' || r > '9') && r != '-' })
	if end < 0 {
		end = len(rest)
	}
	return string(rest[:end])
}

// statusWriter keeps the answer's status (and, for sign-ins, the first bytes of its body). Unwrap lets
// http.ResponseController reach the connection (upload deadlines).
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
	peek   bool
	head   bytes.Buffer
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	w.wrote = true
	if w.peek && w.head.Len() < 64 {
		w.head.Write(p[:min(len(p), 64-w.head.Len())])
	}
	return w.ResponseWriter.Write(p)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// dbCollector reads the database's measures at each scrape: its connection pools, the job engine's
// jobs by state, the courseware conversions by state.
type dbCollector struct{ a *App }

var (
	descConns = prometheus.NewDesc("biddesk_db_connections", "Database connections of the instance by pool and state (in_use, idle).",
		[]string{"pool", "state"}, nil)
	descConnsMax  = prometheus.NewDesc("biddesk_db_connections_max", "Most connections the pool opens.", []string{"pool"}, nil)
	descWaits     = prometheus.NewDesc("biddesk_db_waits_total", "Times a query waited for a free connection.", []string{"pool"}, nil)
	descWaitTime  = prometheus.NewDesc("biddesk_db_wait_seconds_total", "Time spent waiting for a free connection.", []string{"pool"}, nil)
	descJobs      = prometheus.NewDesc("biddesk_jobs", "Jobs of the job engine (all instances) by state.", []string{"state"}, nil)
	descConverts  = prometheus.NewDesc("biddesk_conversions", "Courseware conversions (PPT to PDF) by state.", []string{"state"}, nil)
	descScrapeErr = prometheus.NewDesc("biddesk_metrics_query_errors", "Database reads of this scrape that failed.", nil, nil)
)

func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descConns, descConnsMax, descWaits, descWaitTime, descJobs, descConverts, descScrapeErr} {
		ch <- d
	}
}

func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	for pool, st := range c.a.DB.PoolStats() {
		ch <- prometheus.MustNewConstMetric(descConns, prometheus.GaugeValue, float64(st.InUse), pool, "in_use")
		ch <- prometheus.MustNewConstMetric(descConns, prometheus.GaugeValue, float64(st.Idle), pool, "idle")
		ch <- prometheus.MustNewConstMetric(descConnsMax, prometheus.GaugeValue, float64(st.MaxOpenConnections), pool)
		ch <- prometheus.MustNewConstMetric(descWaits, prometheus.CounterValue, float64(st.WaitCount), pool)
		ch <- prometheus.MustNewConstMetric(descWaitTime, prometheus.CounterValue, st.WaitDuration.Seconds(), pool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	failed := 0
	for _, q := range []struct {
		desc   *prometheus.Desc
		sql    string
		states []string
	}{
		{descJobs, `SELECT state, COUNT(*) FROM river_job GROUP BY state`, []string{"available", "scheduled", "running", "retryable", "completed", "cancelled", "discarded"}},
		{descConverts, `SELECT state, COUNT(*) FROM course_ware GROUP BY state`, []string{"converting", "ready", "failed"}},
	} {
		counts := map[string]float64{}
		for _, s := range q.states {
			counts[s] = 0
		}
		err := db.EachRow(ctx, c.a.DB, q.sql, nil, func(row db.Row) error {
			var state string
			var n int64
			if err := row.Scan(&state, &n); err != nil {
				return err
			}
			counts[state] = float64(n)
			return nil
		})
		if err != nil {
			failed++
			continue
		}
		for s, n := range counts {
			ch <- prometheus.MustNewConstMetric(q.desc, prometheus.GaugeValue, n, s)
		}
	}
	ch <- prometheus.MustNewConstMetric(descScrapeErr, prometheus.GaugeValue, float64(failed))
}

// serveMetrics is GET /metrics: Prometheus text for a request bearing the --metrics-token; without a
// token configured the path does not exist (404), a wrong or missing token is 401.
func (a *App) serveMetrics() http.Handler {
	token := a.Config.MetricsToken
	prom := promhttp.HandlerFor(a.metrics.reg, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token == "" {
			http.NotFound(w, r)
			return
		}
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		prom.ServeHTTP(w, r)
	})
}

// ready is GET /readyz: 200 when this instance can serve (the database answers, every migration this
// build knows is applied, the file store is reachable), 503 naming what is not.
func (a *App) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	checks := map[string]string{"database": "ok", "migrations": "ok", "storage": "ok"}
	ok := true
	if err := a.DB.PingContext(ctx); err != nil {
		checks["database"], ok = "unavailable", false
	} else if n, err := a.DB.Pending(ctx, migrations.FS); err != nil || n > 0 {
		checks["migrations"], ok = "pending", false
	}
	if err := a.Files.CheckStore(ctx); err != nil {
		a.Log.Warn("readiness: file store", "err", err)
		checks["storage"], ok = "unavailable", false
	}
	status := http.StatusOK
	if !ok {
		status = http.StatusServiceUnavailable
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, status, map[string]any{"status": map[bool]string{true: "ready", false: "not ready"}[ok], "checks": checks})
}
