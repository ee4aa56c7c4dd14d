// Package s3test starts a real S3-protocol server for tests: gofakes3 with its in-memory backend
// behind httptest, so the S3 store is tested through real HTTP exchanges. Only tests import it.
package s3test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"biddesk/internal/platform/storage"
)

// VirtualBase is the endpoint host name of a server started with Options.Virtual: buckets are
// addressed as bucket.VirtualBase, and every such name reaches the local test server.
const VirtualBase = "s3.biddesk.test"

// Options shape the server.
type Options struct {
	// Virtual makes the server take only virtual-hosted requests (bucket.host/key) and refuse
	// path-style ones, as Tencent COS does for new buckets.
	Virtual bool
}

// Server is a running S3-protocol server with one bucket.
type Server struct {
	Config  storage.S3Config
	URL     string // the listener's own address (http://127.0.0.1:port)
	backend *s3mem.Backend

	failLeft atomic.Int64 // requests still to fail
	failed   atomic.Int64

	mu   sync.Mutex
	seen []Request
}

// Request is what the server saw of one request.
type Request struct {
	Method, Host, Path, Query string
}

// Start starts the server (stopped when the test ends) and creates bucket.
func Start(t testing.TB, bucket string) *Server { return StartWith(t, bucket, Options{}) }

// StartWith starts a server shaped by o.
func StartWith(t testing.TB, bucket string, o Options) *Server {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	s := &Server{backend: backend}
	fake := gofakes3.New(backend).Server()
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.seen = append(s.seen, Request{Method: r.Method, Host: r.Host, Path: r.URL.Path, Query: r.URL.RawQuery})
		s.mu.Unlock()
		if s.failLeft.Add(-1) >= 0 {
			s.failed.Add(1)
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`))
			return
		}
		if o.Virtual {
			host, _, _ := strings.Cut(r.Host, ":")
			b, ok := strings.CutSuffix(host, "."+VirtualBase)
			if !ok || b == "" || strings.Contains(b, ".") {
				w.Header().Set("Content-Type", "application/xml")
				w.WriteHeader(http.StatusForbidden)
				_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>PathStyleDomainForbidden</Code><Message>Please access the bucket by its own domain.</Message></Error>`))
				return
			}
			if r.URL.Path == "/" {
				r.URL.Path = "/" + b
			} else {
				r.URL.Path = "/" + b + r.URL.Path
			}
			r.URL.RawPath = ""
		}
		fake.ServeHTTP(w, r)
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	s.Config = storage.S3Config{Endpoint: srv.URL, Bucket: bucket, AccessKey: "AKIDTEST", SecretKey: "test-secret-key", Addressing: storage.AddressPath}
	if o.Virtual {
		_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
		s.Config.Endpoint = "http://" + VirtualBase + ":" + port
		s.Config.Addressing = storage.AddressVirtual
		addr := srv.Listener.Addr().String()
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr) // every bucket's name reaches this server
		}
		s.Config.Transport = tr
	}
	return s
}

// FailNext makes the next n requests fail with 503 SlowDown (a store that is down, then recovers).
func (s *Server) FailNext(n int) { s.failLeft.Store(int64(n)) }

// Failed is how many requests were failed on purpose.
func (s *Server) Failed() int { return int(s.failed.Load()) }

// Requests returns what the server saw, and forgets it.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.seen
	s.seen = nil
	return out
}

// Keys lists the objects of the bucket.
func (s *Server) Keys(t testing.TB) []string {
	t.Helper()
	list, err := s.backend.ListBucket(s.Config.Bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, c := range list.Contents {
		keys = append(keys, c.Key)
	}
	return keys
}
