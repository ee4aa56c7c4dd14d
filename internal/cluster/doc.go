// Package cluster holds the two-instance test (make test-cluster, issue 33): two real `biddesk serve` processes of
// the built binary on one PostgreSQL database and one S3-compatible store. It has no code of its own; the test is
// skipped unless BIDDESK_CLUSTER_BIN names the binary (the Makefile target sets it, with BIDDESK_TEST_PG).
package cluster
