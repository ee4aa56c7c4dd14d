package errs_test

import (
	"database/sql"
	"errors"
	"testing"

	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

func approve(id int64, cause error) (err error) {
	defer errs.Wrap(&err, "reward: approve %d", id)
	return cause
}

func TestWrap(t *testing.T) {
	t.Parallel()
	if err := approve(12, nil); err != nil {
		t.Fatalf("nil became %v", err)
	}
	err := approve(12, sql.ErrNoRows)
	if err.Error() != "reward: approve 12: "+sql.ErrNoRows.Error() || !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("wrapped: %v", err)
	}
	refusal := httpx.Fail("http.not_found")
	var he *httpx.Error
	if err := approve(3, refusal); !errors.As(err, &he) || he != refusal {
		t.Fatalf("refusal lost: %v", err)
	}
}
