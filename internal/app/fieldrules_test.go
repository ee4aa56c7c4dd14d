package app_test

import (
	"biddesk/internal/apptest"
	"net/http"
	"strings"
	"testing"

	"biddesk/internal/stats"
)

// A period's end cannot be before its start (a licence's validity, a contract's service, an announcement's
// publication), on add, edit and import alike; a date must exist and have a sane year.
func TestLibraryPeriodsEndAfterTheyStartAndDatesExist(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	lic := func(k, v string, more ...string) map[string]any {
		m := map[string]any{"title": "L1", "licenseType": "business", "holder": "h", k: v}
		for i := 0; i+1 < len(more); i += 2 {
			m[more[i]] = more[i+1]
		}
		return m
	}
	e.refused("POST", "/api/library/license/add", tok, lic("validFrom", "2027-01-01", "validTo", "2026-01-01"), "有效期至：不能早于有效期自")
	e.refused("POST", "/api/library/license/add", tok, lic("validTo", "0001-01-01"), "有效期至：日期的年份须在1900到9999之间")
	e.refused("POST", "/api/library/license/add", tok, lic("validFrom", "10000-01-01"), "有效期自：日期格式应为 yyyy-MM-dd")
	e.refused("POST", "/api/library/license/add", tok, lic("validTo", "2026-02-30"), "有效期至：日期不存在：2026-02-30")
	e.refused("POST", "/api/library/contract/add", tok, map[string]any{"title": "c", "client": "b", "startDate": "2026-05-01", "endDate": "2026-04-30"}, "服务期至：不能早于服务期自")
	e.refused("POST", "/api/library/announcement/add", tok, map[string]any{"title": "a", "content": "<p>x</p>", "publishFrom": "2026-05-01", "publishTo": "2026-04-01"}, "发布结束日期：不能早于发布开始日期")
	if _, r := e.call("POST", "/api/library/license/add", tok, lic("validFrom", "2027-01-01", "validTo", "2026-01-01"), "Accept-Language", "en"); r.Message != "Valid to: cannot be before Valid from" {
		t.Errorf("english: %+v", r)
	}
	// one day is a period; so is an open end
	id := e.LibAdd(tok, "license", lic("validFrom", "2026-01-01", "validTo", "2026-01-01"))
	e.LibAdd(tok, "license", lic("validFrom", "2026-01-01"))
	e.refused("PUT", "/api/library/license/edit", tok, lic("validFrom", "2027-01-01", "validTo", "2026-01-01", "id", itoa(id)), "有效期至：不能早于有效期自")
	e.refused("PUT", "/api/library/license/edit", tok, lic("validTo", "1899-12-31", "id", itoa(id)), "有效期至：日期的年份须在1900到9999之间")

	header := []string{"证照名称", "证照类型", "持证单位", "有效期自", "有效期至"}
	bad := apptest.Workbook(t, map[string][][]string{"企业证照": {header,
		{"导入甲", "营业执照", "甲公司", "2027-01-01", "2026-01-01"},
		{"导入乙", "营业执照", "甲公司", "2026-01-01", "0001-01-01"},
		{"导入丙", "营业执照", "甲公司", "2026-01-01", "2027-01-01"},
	}})
	_, lines := e.licenseDryRun(tok, bad)
	if got := strings.Join(lines, "|"); got != "2 有效期至：不能早于有效期自|3 有效期至：日期的年份须在1900到9999之间" {
		t.Errorf("import problems: %s", got)
	}
}

// A CA key is lent until today or later, today being the server's.
func TestCAKeyIsNotLentWithADueDateInThePast(t *testing.T) {
	e := newEnv(t)
	tok := e.login("admin", "Admin@123").AccessToken
	id := e.LibAdd(tok, "cakey", map[string]any{"title": "某平台", "keyNumber": "K-9", "holder": "甲公司", "custodian": "HX000001"})
	lend := func(due string) map[string]any {
		return map[string]any{"id": id, "borrowerCode": "HX000010", "purpose": "p", "dueDate": due}
	}
	e.refused("POST", "/api/library/cakey/lend", tok, lend("2020-01-01"), "应还日期不能早于今天")
	e.refused("POST", "/api/library/cakey/lend", tok, lend(apptest.Day(-1)), "应还日期不能早于今天")
	e.refused("POST", "/api/library/cakey/lend", tok, lend("2026-02-30"), "应还日期：日期不存在：2026-02-30")
	e.done("POST", "/api/library/cakey/lend", tok, lend(apptest.Day(0)), nil)
}

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
