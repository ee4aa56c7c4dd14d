package audit_test

import (
	"net/url"
	"strconv"
	"testing"

	"biddesk/internal/apptest"
)

func TestMain(m *testing.M) { apptest.Main(m) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// userRec is what the tests read of an account in a user list.
type userRec struct {
	ID        int64  `json:"id"`
	LoginCode string `json:"loginCode"`
	UserName  string `json:"userName"`
	UnitCode  string `json:"unitCode"`
	Phone     string `json:"phone"`
}

// dictGroupID is the id of the dictionary group code.
func dictGroupID(e *apptest.Env, token, code string) int64 {
	e.T.Helper()
	for _, g := range apptest.List[struct {
		ID    int64  `json:"id"`
		Value string `json:"value"`
	}](e, "/api/sys/dict/list", token, url.Values{"value": {code}}).Records {
		if g.Value == code {
			return g.ID
		}
	}
	e.T.Fatalf("no dictionary %s", code)
	return 0
}
