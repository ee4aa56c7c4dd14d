package handover_test

import (
	"strconv"
	"testing"

	"biddesk/internal/apptest"
)

func TestMain(m *testing.M) { apptest.Main(m) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
