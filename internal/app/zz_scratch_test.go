package app_test

import (
	"os"
	"testing"
	"time"
)

func TestScratchSeedStats(t *testing.T) {
	dir := os.Getenv("SCRATCH_DIR")
	if dir == "" {
		t.Skip()
	}
	e := newEnv(t)
	seedUsers(t, e.app.DB, 10_000)
	seedActivity(t, e.app.DB, time.Now(), 1_000_000, 1_000_000, 100_000)
	if _, err := e.app.DB.Exec(t.Context(), "VACUUM INTO '"+dir+"/stats.db'"); err != nil {
		t.Fatal(err)
	}
}
