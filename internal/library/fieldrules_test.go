package library_test

import (
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

// A period's end cannot be before its start (a licence's validity, a contract's service, an announcement's
// publication), on add, edit and import alike; a date must exist and have a sane year.
func TestLibraryPeriodsEndAfterTheyStartAndDatesExist(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	lic := func(k, v string, more ...string) map[string]any {
		m := map[string]any{"title": "L1", "licenseType": "business", "holder": "h", k: v}
		for i := 0; i+1 < len(more); i += 2 {
			m[more[i]] = more[i+1]
		}
		return m
	}
	e.Refused("POST", "/api/library/license/add", tok, lic("validFrom", "2027-01-01", "validTo", "2026-01-01"), "有效期至：不能早于有效期自")
	e.Refused("POST", "/api/library/license/add", tok, lic("validTo", "0001-01-01"), "有效期至：日期的年份须在1900到9999之间")
	e.Refused("POST", "/api/library/license/add", tok, lic("validFrom", "10000-01-01"), "有效期自：日期格式应为 yyyy-MM-dd")
	e.Refused("POST", "/api/library/license/add", tok, lic("validTo", "2026-02-30"), "有效期至：日期不存在：2026-02-30")
	e.Refused("POST", "/api/library/contract/add", tok, map[string]any{"title": "c", "client": "b", "startDate": "2026-05-01", "endDate": "2026-04-30"}, "服务期至：不能早于服务期自")
	e.Refused("POST", "/api/library/announcement/add", tok, map[string]any{"title": "a", "content": "<p>x</p>", "publishFrom": "2026-05-01", "publishTo": "2026-04-01"}, "发布结束日期：不能早于发布开始日期")
	if _, r := e.Call("POST", "/api/library/license/add", tok, lic("validFrom", "2027-01-01", "validTo", "2026-01-01"), "Accept-Language", "en"); r.Message != "Valid to: cannot be before Valid from" {
		t.Errorf("english: %+v", r)
	}
	// one day is a period; so is an open end
	id := e.LibAdd(tok, "license", lic("validFrom", "2026-01-01", "validTo", "2026-01-01"))
	e.LibAdd(tok, "license", lic("validFrom", "2026-01-01"))
	e.Refused("PUT", "/api/library/license/edit", tok, lic("validFrom", "2027-01-01", "validTo", "2026-01-01", "id", itoa(id)), "有效期至：不能早于有效期自")
	e.Refused("PUT", "/api/library/license/edit", tok, lic("validTo", "1899-12-31", "id", itoa(id)), "有效期至：日期的年份须在1900到9999之间")

	header := []string{"证照名称", "证照类型", "持证单位", "有效期自", "有效期至"}
	bad := apptest.Workbook(t, map[string][][]string{"企业证照": {header,
		{"导入甲", "营业执照", "甲公司", "2027-01-01", "2026-01-01"},
		{"导入乙", "营业执照", "甲公司", "2026-01-01", "0001-01-01"},
		{"导入丙", "营业执照", "甲公司", "2026-01-01", "2027-01-01"},
	}})
	_, lines := licenseDryRun(e, tok, bad)
	if got := strings.Join(lines, "|"); got != "2 有效期至：不能早于有效期自|3 有效期至：日期的年份须在1900到9999之间" {
		t.Errorf("import problems: %s", got)
	}
}

// A CA key is lent until today or later, today being the server's.
func TestCAKeyIsNotLentWithADueDateInThePast(t *testing.T) {
	e := apptest.New(t)
	tok := e.Login("admin", "Admin@123").AccessToken
	id := e.LibAdd(tok, "cakey", map[string]any{"title": "某平台", "keyNumber": "K-9", "holder": "甲公司", "custodian": "HX000001"})
	lend := func(due string) map[string]any {
		return map[string]any{"id": id, "borrowerCode": "HX000010", "purpose": "p", "dueDate": due}
	}
	e.Refused("POST", "/api/library/cakey/lend", tok, lend("2020-01-01"), "应还日期不能早于今天")
	e.Refused("POST", "/api/library/cakey/lend", tok, lend(apptest.Day(-1)), "应还日期不能早于今天")
	e.Refused("POST", "/api/library/cakey/lend", tok, lend("2026-02-30"), "应还日期：日期不存在：2026-02-30")
	e.Done("POST", "/api/library/cakey/lend", tok, lend(apptest.Day(0)), nil)
}
