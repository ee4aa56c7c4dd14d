// Package s3test starts a real S3-protocol server for tests: gofakes3 with its in-memory backend
// behind httptest, so the S3 store is tested through real HTTP exchanges. Only tests import it.
package s3test

import (
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"biddesk/internal/platform/storage"
)

// Server is a running S3-protocol server with one bucket.
type Server struct {
	Config  storage.S3Config
	backend *s3mem.Backend
}

// Start starts the server (stopped when the test ends) and creates bucket.
func Start(t testing.TB, bucket string) *Server {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return &Server{
		Config:  storage.S3Config{Endpoint: srv.URL, Bucket: bucket, AccessKey: "AKIDTEST", SecretKey: "test-secret-key"},
		backend: backend,
	}
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
