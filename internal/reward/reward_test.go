package reward_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"biddesk/internal/apptest"
	"biddesk/internal/library"
)

type rewardAppRec struct {
	ID          int64  `json:"id"`
	State       string `json:"state"`
	Amount      string `json:"amount"`
	RuleVersion int    `json:"ruleVersion"`
	Reason      string `json:"reason"`
}

type rewardReport struct {
	Rows []struct {
		Key         string `json:"key"`
		Count       int    `json:"count"`
		Amount      string `json:"amount"`
		AmountCents int64  `json:"amountCents"`
	} `json:"rows"`
	Count int    `json:"count"`
	Total string `json:"total"`
}

// rewardWorld: a staff member (employee HX000100, unit 100201003) whose certificate is a published expert's
// qualification, tenders of his company (won on 2026-03-05, lost on 2026-04-01, one recording neither date nor
// result) and of another one, a unit reviewer (scope: his company) and a centre reviewer (scope: all).
type rewardWorld struct {
	e                     *apptest.Env
	admin, staff, unitRev string
	centre, outsider      string
	expert, tender, far   int64
	tender2, open         int64
}

func newRewardWorld(t *testing.T) *rewardWorld {
	e := apptest.New(t)
	// a world of its own: without the demo's rules and applications
	for _, q := range []string{`DELETE FROM reward_application`, `DELETE FROM reward_rule`} {
		if _, err := e.App.DB.Exec(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	w := &rewardWorld{e: e, admin: e.Login("admin", "Admin@123").AccessToken}
	clerk := e.GrantRole(w.admin, "clerk", []string{}, []string{"gateway"}, nil)
	rev := e.GrantRole(w.admin, "unitrev", []string{"useCertificateRewardAudit"}, []string{"useCertificateRewardAudit", "gateway"},
		[]map[string]any{{"moduleName": "reward", "scope": "unit_and_below"}})
	centre := e.GrantRole(w.admin, "centre", []string{"useCertificateRewardAudit", "useCertificateRewardReport"},
		[]string{"useCertificateRewardAudit", "useCertificateRewardReport", "gateway"}, []map[string]any{{"moduleName": "reward", "scope": "all"}})
	e.Account(w.admin, "applicant", "100201003", clerk)
	e.Account(w.admin, "rev1", "100201", rev)
	e.Account(w.admin, "boss", "10", centre)
	e.Account(w.admin, "farrev", "100101", rev)
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE sys_user SET employee_code = 'HX000100' WHERE login_code = 'applicant'`); err != nil {
		t.Fatal(err)
	}
	w.staff, w.unitRev, w.centre, w.outsider = e.SignIn("applicant"), e.SignIn("rev1"), e.SignIn("boss"), e.SignIn("farrev")
	w.expert = e.LibAdd(w.admin, library.TypeExpert, apptest.LibForms[library.TypeExpert])
	tender := map[string]any{"title": "某市物业服务项目", "buyer": "某市公共资源交易中心", "result": "win", "bidDate": "2026-03-05", "unitCode": "100201"}
	w.tender = e.LibAdd(w.admin, library.TypeTender, tender)
	tender["title"], tender["bidDate"], tender["result"] = "某区设施管理项目", "2026-04-01", "lose"
	w.tender2 = e.LibAdd(w.admin, library.TypeTender, tender)
	w.open = e.LibAdd(w.admin, library.TypeTender, map[string]any{"title": "未记日期项目", "buyer": "某区机关事务管理局", "unitCode": "100201"})
	tender["title"], tender["unitCode"] = "外单位项目", "100101"
	w.far = e.LibAdd(w.admin, library.TypeTender, tender)
	return w
}

func (w *rewardWorld) rule(form map[string]any) int64 {
	w.e.T.Helper()
	var out struct{ ID int64 }
	w.e.Done("POST", "/api/reward/rule/add", w.admin, form, &out)
	return out.ID
}

func (w *rewardWorld) apply(tender int64, bidDate string, won bool) int64 {
	w.e.T.Helper()
	var out struct{ ID int64 }
	w.e.Done("POST", "/api/portal/reward/apply", w.staff, map[string]any{"certKind": "constructor", "certLevel": "1", "expertId": w.expert,
		"certNumber": "JZ-1", "tenderId": tender, "bidDate": bidDate, "won": won}, &out)
	return out.ID
}

func (w *rewardWorld) app(id int64) rewardAppRec {
	w.e.T.Helper()
	for _, a := range apptest.List[rewardAppRec](w.e, "/api/reward/audit/list", w.admin, url.Values{"limit": {"100"}}).Records {
		if a.ID == id {
			return a
		}
	}
	w.e.T.Fatalf("no application %d", id)
	return rewardAppRec{}
}

func (w *rewardWorld) report(tok string, q url.Values) rewardReport {
	w.e.T.Helper()
	var r rewardReport
	w.e.Done("GET", "/api/reward/report?"+q.Encode(), tok, nil, &r)
	return r
}

var rewardRule = map[string]any{"certKind": "constructor", "certLevel": "1", "amount": "1000", "wonAmount": "1500.50", "yearlyCap": "2000",
	"validFrom": "2026-01-01"}

func ruleWith(k string, v any) map[string]any {
	m := map[string]any{}
	for kk, vv := range rewardRule {
		m[kk] = vv
	}
	m[k] = v
	return m
}

// A rule with a bad amount, period or dictionary value is refused, naming the field by its label in the caller's
// language, and nothing is saved; so is a bad date in the audit list's filter.
func TestRewardRuleRefusalsNameTheField(t *testing.T) {
	w := newRewardWorld(t)
	t.Run("refusals", func(t *testing.T) {
		for _, c := range []struct {
			name, lang string
			form       map[string]any
			want       string
		}{
			{"more than two decimals", "", ruleWith("amount", "10.123"), "奖励金额最多保留2位小数"},
			{"a negative amount", "", ruleWith("amount", "-5"), "奖励金额不能为负数"},
			{"an amount in exponent form", "", ruleWith("amount", "1e5"), "奖励金额请输入金额（元）"},
			{"a cap in exponent form", "", ruleWith("yearlyCap", "1e5"), "年度上限请输入金额（元）"},
			{"a won amount with three decimals", "", ruleWith("wonAmount", "1.234"), "中标奖励金额最多保留2位小数"},
			{"a kind outside the dictionary", "", ruleWith("certKind", "pilot"), "证书类别不是字典中的值"},
			{"a level outside the dictionary", "", ruleWith("certLevel", "9"), "证书等级不是字典中的值"},
			{"a start in another format", "", ruleWith("validFrom", "2026/1/1"), "生效日期请输入日期（YYYY-MM-DD）"},
			{"an end that does not exist", "", ruleWith("validTo", "2026-02-30"), "失效日期：日期不存在：2026-02-30"},
			{"an end in year 1", "", ruleWith("validTo", "0001-01-01"), "失效日期：日期的年份须在1900到9999之间"},
			{"an end before the start", "", ruleWith("validTo", "2025-01-01"), "有效期的结束日期不能早于开始日期"},
			{"a negative cap, in English", "en", ruleWith("yearlyCap", "-1"), "Yearly cap cannot be negative"},
		} {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				if _, r := w.e.For(t).Call("POST", "/api/reward/rule/add", w.admin, c.form, "Accept-Language", c.lang); r.Code != 1 || r.Message != c.want {
					t.Errorf("%v: %d %q, want %q", c.form, r.Code, r.Message, c.want)
				}
			})
		}
	})
	if n := w.e.Count(`SELECT COUNT(*) FROM reward_rule`); n != 0 {
		t.Fatalf("refused rules left %d rows", n)
	}
	w.e.Refused("GET", "/api/reward/audit/list?startDate=2026-13-01", w.admin, nil, "投标日期：日期不存在：2026-13-01")
}

// Rules are versioned: a new version closes the one before; an application is paid by the version in force on its
// bid date, the won amount when won, within the yearly cap; a version that paid cannot go. The report and its
// export total what was paid.
func TestRewardRulesVersionsCapsAndReport(t *testing.T) {
	w := newRewardWorld(t)
	e := w.e
	v1 := w.rule(rewardRule)
	e.Refused("POST", "/api/reward/rule/add", w.admin, ruleWith("validFrom", "2025-12-01"), "新版本的生效日期必须晚于当前版本的生效日期（2026-01-01）")
	next := ruleWith("validFrom", "2026-04-01")
	next["amount"], next["wonAmount"] = "1200", ""
	v2 := w.rule(next)
	var validTo string
	if err := e.App.DB.QueryRow(context.Background(), `SELECT valid_to FROM reward_rule WHERE id = ?`, v1).Scan(&validTo); err != nil || validTo != "2026-03-31" {
		t.Fatalf("v1 ends %q %v", validTo, err)
	}
	e.Done("PUT", "/api/reward/setting", w.admin, map[string]any{"levels": 1}, nil)

	// bid on 2026-03-05, won: version 1's won amount
	a1 := w.apply(w.tender, "2026-03-05", true)
	e.Done("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{a1}}, nil)
	if a := w.app(a1); a.State != "approved" || a.Amount != "1500.50" || a.RuleVersion != 1 {
		t.Fatalf("a1: %+v", a)
	}
	// bid on 2026-04-01: version 2's 1200, cut to what the cap leaves (2000 - 1500.50)
	a2 := w.apply(w.tender2, "2026-04-01", false)
	e.Done("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{a2}}, nil)
	if a := w.app(a2); a.State != "approved" || a.Amount != "499.50" || a.RuleVersion != 2 {
		t.Fatalf("a2: %+v", a)
	}
	// a version that paid stays; only the latest may go
	e.Refused("DELETE", "/api/reward/rule/del", w.admin, map[string]any{"id": v1}, "只能删除最新版本")
	e.Refused("DELETE", "/api/reward/rule/del", w.admin, map[string]any{"id": v2}, "已有申请按该版本计发，不能删除")
	e.Refused("POST", "/api/reward/rule/add", w.admin, ruleWith("validFrom", "2026-04-01"), "新版本的生效日期必须晚于当前版本的生效日期（2026-04-01）")

	// the report: 2000.00 in total, by person, unit, kind and month; the export has the same total
	for _, g := range []string{"person", "unit", "kind"} {
		if r := w.report(w.centre, url.Values{"groupBy": {g}}); r.Total != "2000.00" || r.Count != 2 || len(r.Rows) != 1 {
			t.Errorf("report by %s: %+v", g, r)
		}
	}
	if r := w.report(w.centre, url.Values{"groupBy": {"month"}}); len(r.Rows) != 2 || r.Rows[0].Key != "2026-03" || r.Rows[0].Amount != "1500.50" {
		t.Errorf("report by month: %+v", r)
	}
	if r := w.report(w.centre, url.Values{"startDate": {"2026-04-01"}}); r.Total != "499.50" {
		t.Errorf("report from April: %+v", r)
	}
	resp, body := e.Fetch("/api/reward/report/export?format=csv&groupBy=person", w.centre)
	if resp.StatusCode != 200 || !strings.Contains(string(body), "合计") || !strings.Contains(string(body), "2000.00") ||
		!strings.Contains(resp.Header.Get("Content-Disposition"), url.PathEscape("证书奖励报表")) {
		t.Errorf("export: %d %s %q", resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
	}
	resp, body = e.Fetch("/api/reward/report/export?groupBy=unit", w.centre)
	if resp.StatusCode != 200 || string(body[:2]) != "PK" {
		t.Errorf("xlsx export: %d", resp.StatusCode)
	}
	// the reviewer of a unit holds no report code
	if resp, _ := e.Call("GET", "/api/reward/report", w.unitRev, nil); resp.StatusCode != 403 {
		t.Errorf("report without its code: %d", resp.StatusCode)
	}
	if e.BizLog("useCertificateRewardSetting", "create") != 2 {
		t.Errorf("rule versions not in the business log")
	}
}

// Applications: only one's own certificate, a tender of one's unit line, a past bid date under a rule; no
// duplicate for a certificate and tender; two levels, each decided by whom it may be (the unit's reviewer, then the
// bid centre, never the same person, never one's own, never outside the scope); a rejection needs a reason; the
// applicant is told each step.
func TestRewardApplicationsAndTheirApproval(t *testing.T) {
	w := newRewardWorld(t)
	e := w.e
	w.rule(rewardRule)
	form := func(k string, v any) map[string]any {
		m := map[string]any{"certKind": "constructor", "certLevel": "1", "expertId": w.expert, "certNumber": "JZ-1", "tenderId": w.open,
			"bidDate": "2026-03-05", "won": false}
		m[k] = v
		return m
	}
	// the bid date is the tender's when it records one; a tender without one needs it
	recorded := form("tenderId", w.tender)
	recorded["bidDate"] = "2026-03-04"
	e.Refused("POST", "/api/portal/reward/apply", w.staff, recorded, "标书「某市物业服务项目」的投标日期为2026-03-05，与申请填写的不符")
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("bidDate", ""), "该标书未记录投标日期，请填写投标日期")
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("bidDate", time.Now().AddDate(0, 0, 2).Format("2006-01-02")), "投标日期不能晚于今天")
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("tenderId", w.far), "只能选择本单位的标书")
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("certNumber", "JZ-404"), "证书不存在或不是您本人的证书")
	e.Refused("POST", "/api/portal/reward/apply", w.unitRev, form("won", false), "证书不存在或不是您本人的证书")
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("bidDate", "2025-06-01"), "投标日期2025-06-01没有适用的奖励规则")
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("certLevel", "9"), "证书「一级建造师」在人才库中的类别为建造师、等级为一级，与申请填写的不符")
	if n := e.Count(`SELECT COUNT(*) FROM reward_application`); n != 0 {
		t.Fatalf("refused applications left %d rows", n)
	}
	var certs []struct {
		ExpertID int64  `json:"expertId"`
		Number   string `json:"number"`
	}
	e.Done("GET", "/api/portal/reward/certificates", w.staff, nil, &certs)
	if len(certs) != 1 || certs[0].ExpertID != w.expert || certs[0].Number != "JZ-1" {
		t.Fatalf("the applicant's certificates: %+v", certs)
	}
	e.Done("GET", "/api/portal/reward/certificates", w.unitRev, nil, &certs)
	if len(certs) != 0 {
		t.Fatalf("another account's certificates: %+v", certs)
	}
	evidence := e.LibUpload(w.staff, "中标通知书.pdf")
	var added struct{ ID int64 }
	e.Done("POST", "/api/portal/reward/apply", w.staff, form("fileIds", []int64{evidence}), &added)
	a1 := added.ID
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form("won", true), "该证书已就此标书申请过奖励，不能重复申请")
	mine := apptest.List[struct {
		ID    int64 `json:"id"`
		State string
		Files []struct{ ID int64 }
	}](e, "/api/portal/reward/mine", w.staff, nil)
	if mine.Total != 1 || mine.Records[0].State != "submitted" || len(mine.Records[0].Files) != 1 {
		t.Fatalf("mine: %+v", mine)
	}

	// who decides
	e.Refused("PUT", "/api/reward/audit/approve", w.outsider, map[string]any{"ids": []int64{a1}}, "申请不存在")
	if p := apptest.List[rewardAppRec](e, "/api/reward/audit/list", w.outsider, nil); p.Total != 0 {
		t.Errorf("the other unit's reviewer sees %d", p.Total)
	}
	if resp, _ := e.Call("PUT", "/api/reward/audit/approve", w.staff, map[string]any{"ids": []int64{a1}}); resp.StatusCode != 403 {
		t.Errorf("an applicant without the code approved: %d", resp.StatusCode)
	}
	e.Refused("PUT", "/api/reward/audit/reject", w.unitRev, map[string]any{"ids": []int64{a1}}, "请填写驳回原因")
	e.Done("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{a1}}, nil)
	if a := w.app(a1); a.State != "unit_approved" || a.Amount != "0.00" {
		t.Fatalf("after the first level: %+v", a)
	}
	e.Refused("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{a1}}, "第二级审批由投标中心（全部单位的数据权限）进行")
	e.Done("PUT", "/api/reward/audit/approve", w.centre, map[string]any{"ids": []int64{a1}}, nil)
	if a := w.app(a1); a.State != "approved" || a.Amount != "1000.00" {
		t.Fatalf("after the second level: %+v", a)
	}
	e.Refused("PUT", "/api/reward/audit/approve", w.centre, map[string]any{"ids": []int64{a1}}, "申请已审批完成")
	// the applicant was told both steps
	_, r := e.Call("GET", "/api/portal/msg/list?limit=50", w.staff, nil)
	var msgs struct {
		Records []struct{ Title, RefType string }
	}
	_ = json.Unmarshal(r.Data, &msgs)
	told := 0
	for _, m := range msgs.Records {
		if m.RefType == "reward" {
			told++
		}
	}
	if told != 2 {
		t.Errorf("the applicant got %d reward messages: %+v", told, msgs.Records)
	}
	// the evidence downloads for the reviewer of the unit, not for the other unit's
	if _, body := e.Fetch("/api/sys/common/file/down?id="+itoa(evidence), w.unitRev); !strings.HasPrefix(string(body), "%PDF") {
		t.Errorf("the unit reviewer cannot read the evidence")
	}
	if _, body := e.Fetch("/api/sys/common/file/down?id="+itoa(evidence), w.outsider); strings.HasPrefix(string(body), "%PDF") {
		t.Errorf("the other unit's reviewer read the evidence")
	}

	// a rejection with its reason; the certificate may then be claimed again for that tender
	a2 := w.apply(w.tender2, "2026-04-01", false)
	e.Done("PUT", "/api/reward/audit/reject", w.unitRev, map[string]any{"ids": []int64{a2}, "reason": "投标日期与标书不符"}, nil)
	if a := w.app(a2); a.State != "rejected" || a.Reason != "投标日期与标书不符" {
		t.Fatalf("rejected: %+v", a)
	}
	a3 := w.apply(w.tender2, "2026-04-01", false)
	// the same person may not decide both levels; a batch holding one he may not decide changes nothing
	e.Done("PUT", "/api/reward/audit/approve", w.admin, map[string]any{"ids": []int64{a3}}, nil)
	e.Refused("PUT", "/api/reward/audit/approve", w.admin, map[string]any{"ids": []int64{a3}}, "两级审批不能是同一人：您已办理第一级审批，第二级请由李思远、boss办理")
	if a := w.app(a3); a.State != "unit_approved" {
		t.Fatalf("a3: %+v", a)
	}
	if e.BizLog("useCertificateRewardAudit", "approve") != 1 {
		t.Errorf("approvals not in the business log")
	}
}

// raceAnswer is what one call of a race answered.
type raceAnswer struct {
	who  string
	code int
	msg  string
	data json.RawMessage
}

// race sends the calls at once: every goroutine waits at the barrier, which opens when all are ready.
func (w *rewardWorld) race(calls map[string]func() apptest.Envelope) map[string]raceAnswer {
	w.e.T.Helper()
	start := make(chan struct{})
	var ready, wg sync.WaitGroup
	answers := make(chan raceAnswer, len(calls))
	for who, call := range calls {
		ready.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			ready.Done()
			<-start
			r := call()
			answers <- raceAnswer{who, r.Code, r.Message, r.Data}
		}()
	}
	ready.Wait()
	close(start)
	wg.Wait()
	close(answers)
	out := map[string]raceAnswer{}
	for a := range answers {
		out[a.who] = a
	}
	return out
}

// The yearly cap, the claims and the decisions hold under a race, on both databases (issue 27, point 5): in each of
// 20 rounds (a bid year each, so a fresh cap of 1.50 under a rule paying 1.00), two claims of the certificate for each
// of three tenders are sent at once (one per tender is recorded, the other refused as a duplicate); then five
// approvals at once: two reviewers approving the first application, one each the second and the third, and a batch of
// the third and the second. Each application is approved exactly once, by the one whose answer succeeded; the others
// are refused as decided; the amounts are 1.00, 0.50 and 0.00 (the cap cuts), never more than 1.50 in a year. Two new
// versions of a rule at once: one is written, the other refused with the reason.
func TestRewardCapClaimsAndDecisionsHoldUnderARace(t *testing.T) {
	w := newRewardWorld(t)
	e := w.e
	ctx := context.Background()
	e.Done("PUT", "/api/reward/setting", w.admin, map[string]any{"levels": 1}, nil)
	w.rule(map[string]any{"certKind": "constructor", "certLevel": "1", "amount": "1.00", "yearlyCap": "1.50", "validFrom": "2000-01-01"})
	reviewers := map[string]string{"unitRev": w.unitRev, "centre": w.centre, "admin": w.admin}
	userID := map[string]int64{"unitRev": e.UserID("rev1"), "centre": e.UserID("boss"), "admin": e.UserID("admin")}
	const dup = "该证书已就此标书申请过奖励，不能重复申请"
	const decided = "申请已审批完成"
	for round := range 20 {
		year := 2001 + round
		bidDate := fmt.Sprintf("%d-03-01", year)
		// the claims: two at once for each of three tenders
		var tenders [3]int64
		calls := map[string]func() apptest.Envelope{}
		for i := range tenders {
			tenders[i] = e.LibAdd(w.admin, library.TypeTender, map[string]any{"title": fmt.Sprintf("竞态标书%d-%d", year, i), "buyer": "某单位",
				"result": "win", "bidDate": bidDate, "unitCode": "100201"})
			form := map[string]any{"expertId": w.expert, "certNumber": "JZ-1", "tenderId": tenders[i], "bidDate": bidDate}
			for _, twin := range []string{"a", "b"} {
				calls[fmt.Sprintf("claim %d%s", i, twin)] = func() apptest.Envelope { _, r := e.Call("POST", "/api/portal/reward/apply", w.staff, form); return r }
			}
		}
		var apps [3]int64
		for who, a := range w.race(calls) {
			i := int(who[len("claim ")] - '0')
			switch {
			case a.code == 0:
				var added struct{ ID int64 }
				if err := json.Unmarshal(a.data, &added); err != nil || apps[i] != 0 {
					t.Fatalf("round %d: tender %d claimed twice (%s): %v", round, i, who, err)
				}
				apps[i] = added.ID
			case a.code != 1 || a.msg != dup:
				t.Fatalf("round %d: %s answered %d %q", round, who, a.code, a.msg)
			}
		}
		for i, id := range apps {
			if id == 0 {
				t.Fatalf("round %d: no claim of tender %d went through", round, i)
			}
			if n := e.Count(`SELECT COUNT(*) FROM reward_application WHERE tender_id = ?`, tenders[i]); n != 1 {
				t.Fatalf("round %d: tender %d has %d applications", round, i, n)
			}
		}

		// the approvals: all five at once
		approve := func(by string, ids ...int64) func() apptest.Envelope {
			return func() apptest.Envelope {
				_, r := e.Call("PUT", "/api/reward/audit/approve", reviewers[by], map[string]any{"ids": ids})
				return r
			}
		}
		got := w.race(map[string]func() apptest.Envelope{
			"unitRev a1": approve("unitRev", apps[0]), "centre a1": approve("centre", apps[0]),
			"unitRev a2": approve("unitRev", apps[1]), "centre a3": approve("centre", apps[2]),
			"admin a3+a2": approve("admin", apps[2], apps[1]),
		})
		for who, a := range got {
			if a.code != 0 && (a.code != 1 || a.msg != decided) {
				t.Fatalf("round %d: %s answered %d %q", round, who, a.code, a.msg)
			}
		}
		ok := func(who string) bool { return got[who].code == 0 }
		want := map[int64]string{} // application -> who approved it
		switch {
		case ok("unitRev a1") == ok("centre a1"):
			t.Fatalf("round %d: the first application's two approvals answered %+v and %+v", round, got["unitRev a1"], got["centre a1"])
		case ok("unitRev a1"):
			want[apps[0]] = "unitRev"
		default:
			want[apps[0]] = "centre"
		}
		switch {
		case ok("admin a3+a2") && !ok("unitRev a2") && !ok("centre a3"):
			want[apps[1]], want[apps[2]] = "admin", "admin"
		case !ok("admin a3+a2") && ok("unitRev a2") && ok("centre a3"):
			want[apps[1]], want[apps[2]] = "unitRev", "centre"
		default:
			t.Fatalf("round %d: the batch and the single approvals of the second and third answered %+v", round, got)
		}
		var cents []int64
		for _, id := range apps {
			var state string
			var amount, reviewer int64
			if err := e.App.DB.QueryRow(ctx, `SELECT state, amount_cents, reviewer FROM reward_application WHERE id = ?`, id).Scan(&state, &amount, &reviewer); err != nil {
				t.Fatal(err)
			}
			if state != "approved" || reviewer != userID[want[id]] {
				t.Fatalf("round %d: application %d is %s by %d, want approved by %s", round, id, state, reviewer, want[id])
			}
			cents = append(cents, amount)
		}
		slices.Sort(cents)
		if !slices.Equal(cents, []int64{0, 50, 100}) {
			t.Fatalf("round %d: paid %v cents under a cap of 150, want 0, 50 and 100", round, cents)
		}
		if n := e.Count(`SELECT COUNT(*) FROM business_log WHERE module = 'useCertificateRewardAudit' AND action = 'approve' AND target_id IN (?, ?, ?)`,
			itoa(apps[0]), itoa(apps[1]), itoa(apps[2])); n != 3 {
			t.Fatalf("round %d: %d approvals in the business log, want 3", round, n)
		}

		// two new versions of a rule at once
		from := fmt.Sprintf("%d-01-01", year)
		rule := func() apptest.Envelope {
			_, r := e.Call("POST", "/api/reward/rule/add", w.admin, map[string]any{"certKind": "pm", "certLevel": "2", "amount": "10", "validFrom": from})
			return r
		}
		got = w.race(map[string]func() apptest.Envelope{"first": rule, "second": rule})
		if ok("first") == ok("second") {
			t.Fatalf("round %d: two versions from %s at once answered %+v", round, from, got)
		}
		for _, a := range got {
			if a.code != 0 && (a.code != 1 || a.msg != "新版本的生效日期必须晚于当前版本的生效日期（"+from+"）") {
				t.Fatalf("round %d: a version refused with %d %q", round, a.code, a.msg)
			}
		}
	}
	var paid int64
	if err := e.App.DB.QueryRow(ctx, `SELECT SUM(amount_cents) FROM reward_application WHERE state = 'approved'`).Scan(&paid); err != nil || paid != 20*150 {
		t.Fatalf("paid %d cents in 20 years, want %d (%v)", paid, 20*150, err)
	}
	if n := e.Count(`SELECT COUNT(*) FROM reward_rule WHERE cert_kind = 'pm' AND deleted_at IS NULL`); n != 20 {
		t.Fatalf("%d versions of pm/2, want 20", n)
	}
}

// The certificate's kind and level come from the library's certificate record, not from the applicant (issue 27,
// point 8): a 一级建造师 claimed as 造价工程师 is refused with what the library says, nothing stored; left out, the kind
// and level are derived (and listed with the applicant's certificates), and the amount follows them. A certificate
// whose name names no kind cannot be claimed; a 二级造价工程师 is paid by the rule of cost/2.
func TestRewardKindAndLevelComeFromTheLibrary(t *testing.T) {
	w := newRewardWorld(t)
	e := w.e
	e.Done("PUT", "/api/reward/setting", w.admin, map[string]any{"levels": 1}, nil)
	w.rule(map[string]any{"certKind": "constructor", "certLevel": "1", "amount": "1000", "validFrom": "2026-01-01"})
	w.rule(map[string]any{"certKind": "cost", "certLevel": "1", "amount": "5000", "validFrom": "2026-01-01"})
	w.rule(map[string]any{"certKind": "cost", "certLevel": "2", "amount": "800", "validFrom": "2026-01-01"})
	other := e.LibAdd(w.admin, library.TypeExpert, map[string]any{"title": "测试专家乙", "employeeCode": "HX000100", "jobTitle": "工程师",
		"education": "3", "years": "5", "qualifications": []map[string]any{{"name": "消防设施操作员", "number": "XF-1"}, {"name": "二级造价工程师", "number": "ZJ-2"}}})
	form := func(kv ...any) map[string]any {
		m := map[string]any{"expertId": w.expert, "certNumber": "JZ-1", "tenderId": w.tender}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	const mismatch = "证书「一级建造师」在人才库中的类别为建造师、等级为一级，与申请填写的不符"
	for _, c := range []struct {
		name string
		form map[string]any
		msg  string
	}{
		{"another kind", form("certKind", "cost", "certLevel", "1"), mismatch},
		{"another kind alone", form("certKind", "cost"), mismatch},
		{"another level", form("certKind", "constructor", "certLevel", "2"), mismatch},
		{"a kind outside the dictionary", form("certKind", "pilot"), mismatch},
		{"a name without a kind", form("expertId", other, "certNumber", "XF-1"),
			"无法从证书「消防设施操作员」的名称确定证书类别：名称须含且只含一个证书类别（字典“证书类别”），请联系管理员更正人才库中的证书名称或字典"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.Refused("POST", "/api/portal/reward/apply", w.staff, c.form, c.msg)
		})
	}
	if n := e.Count(`SELECT COUNT(*) FROM reward_application`); n != 0 {
		t.Fatalf("refused applications left %d rows", n)
	}
	var certs []struct {
		Number    string `json:"number"`
		CertKind  string `json:"certKind"`
		CertLevel string `json:"certLevel"`
	}
	e.Done("GET", "/api/portal/reward/certificates", w.staff, nil, &certs)
	derived := map[string]string{}
	for _, c := range certs {
		derived[c.Number] = c.CertKind + "/" + c.CertLevel
	}
	if len(certs) != 3 || derived["JZ-1"] != "constructor/1" || derived["ZJ-2"] != "cost/2" || derived["XF-1"] != "/" {
		t.Fatalf("the applicant's certificates: %+v", certs)
	}

	// left out, or the same as the library's: derived, and paid by that rule
	var a1, a2, a3 struct{ ID int64 }
	e.Done("POST", "/api/portal/reward/apply", w.staff, form(), &a1)
	e.Done("POST", "/api/portal/reward/apply", w.staff, form("tenderId", w.tender2, "certKind", "constructor", "certLevel", "1"), &a2)
	e.Done("POST", "/api/portal/reward/apply", w.staff, form("expertId", other, "certNumber", "ZJ-2"), &a3)
	e.Done("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{a1.ID, a2.ID, a3.ID}}, nil)
	for _, c := range []struct {
		id                  int64
		kind, level, amount string
	}{{a1.ID, "constructor", "1", "1000.00"}, {a2.ID, "constructor", "1", "1000.00"}, {a3.ID, "cost", "2", "800.00"}} {
		var kind, level string
		if err := e.App.DB.QueryRow(context.Background(), `SELECT cert_kind, cert_level FROM reward_application WHERE id = ?`, c.id).Scan(&kind, &level); err != nil {
			t.Fatal(err)
		}
		if a := w.app(c.id); kind != c.kind || level != c.level || a.State != "approved" || a.Amount != c.amount {
			t.Errorf("application %d: %s/%s %+v, want %s/%s paid %s", c.id, kind, level, a, c.kind, c.level, c.amount)
		}
	}
}
