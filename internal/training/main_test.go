package training_test

import (
	"testing"

	"biddesk/internal/apptest"
)

// TestMain runs the package's tests through the harness (internal/apptest): the whole BidDesk with its demo for the
// calls' tests, the service on its own database for the rules' tests.
func TestMain(m *testing.M) { apptest.Main(m) }
