package app_test

import (
	"net/http"
	"strings"
	"testing"

	"biddesk/internal/stats"
)

// Small refusals say what is wrong, with the status of their kind.
func TestRefusalsSayWhatIsWrong(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	refused400 := func(method, path string, body any, msg string) {
		t.Helper()
		resp, r := e.call(method, path, tok, body)
		if resp.StatusCode != http.StatusBadRequest || r.Code != 1 || r.Message != msg {
			t.Errorf("%s %s: HTTP %d %+v, want 400 %q", method, path, resp.StatusCode, r, msg)
		}
	}
	// a whole number with the wrong sign
	refused400("POST", "/api/sys/dict/add", map[string]any{"key": "k", "value": "v", "parentId": -1}, "参数 parentId 不能为负数")
	refused400("GET", "/api/sys/dict/one?id=-5", nil, "参数 id 必须是正整数")
	// the summary's year: 0 is a year sent, not an absent one
	for _, y := range []string{"0", "0000", "1"} {
		refused400("GET", stats.PathSummary+"?year="+y, nil, "年份无效")
	}
	// a report's page follows the lists' rule
	refused400("POST", "/api/dreport/run", map[string]any{"id": 1, "current": 0}, "页码须在1到1000000之间")
	refused400("POST", "/api/dreport/run", map[string]any{"id": 1, "limit": 0}, "每页条数须在1到100之间")
	refused400("POST", "/api/dreport/run", map[string]any{"id": 1, "limit": 101}, "每页条数须在1到100之间")
	// an export in a format there is none of
	for _, f := range []string{"pdf", "..%2F..%2Fetc"} {
		refused400("GET", "/api/sys/user/export?format="+f, nil, "参数 format 只能取 xlsx, csv")
		refused400("GET", stats.PathSummaryExport+"?format="+f, nil, "参数 format 只能取 xlsx, csv")
	}
	if resp, body := e.fetch("/api/sys/user/export?format=CSV", tok); resp.StatusCode != 200 || !strings.HasPrefix(string(body), "\xef\xbb\xbf") {
		t.Errorf("CSV in capitals: HTTP %d", resp.StatusCode)
	}
	// a boolean of the organisation picker, as every boolean
	refused400("GET", "/motivate/project/config/selectOrgCode?isClick=maybe", nil, "参数 isClick 必须是 true 或 false")
}
