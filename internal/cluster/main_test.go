package cluster_test

import (
	"testing"

	"biddesk/internal/apptest"
)

func TestMain(m *testing.M) { apptest.Main(m) }
