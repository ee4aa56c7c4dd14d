package audit

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"biddesk/internal/platform/db"
)

// The statement of a database error stays at the end of a message cut to the column's size, and a cut never
// splits a character.
func TestExceptionMessage(t *testing.T) {
	t.Parallel()
	se := &db.StatementError{Statement: "UPDATE reward_app SET state = ? WHERE id = ?", Err: errors.New("database is locked")}
	cases := []struct {
		name string
		err  error
		n    int
		want string
	}{
		{"plain", errors.New("boom"), 100, "boom"},
		{"chain with statement", fmt.Errorf("reward: decide [12]: %w", se), 200,
			"reward: decide [12]: database is locked [statement: UPDATE reward_app SET state = ? WHERE id = ?]"},
		{"statement hidden by a link", fmt.Errorf("reward: decide [12]: locked: %w", &hidden{se}), 200,
			"reward: decide [12]: locked: hidden [statement: UPDATE reward_app SET state = ? WHERE id = ?]"},
		{"cut keeps the statement", fmt.Errorf("reward: decide [%s]: %w", strings.Repeat("1 ", 60), se), 100,
			"reward: decide [1 1 1 1 1 1 1 1 1 1 1  ... [statement: UPDATE reward_app SET state = ? WHERE id = ?]"},
		{"cut on a character", errors.New("奖励审批失败"), 7, "奖励"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := exceptionMessage(c.err, c.n)
			if got != c.want || len(got) > c.n || !utf8.ValidString(got) {
				t.Fatalf("got %q (%d bytes), want %q", got, len(got), c.want)
			}
		})
	}
}

type hidden struct{ err error }

func (h *hidden) Error() string { return "hidden" }
func (h *hidden) Unwrap() error { return h.err }
