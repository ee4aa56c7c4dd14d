package reward_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/apptest"
)

type rewardCert struct {
	ExpertID    int64  `json:"expertId"`
	Name        string `json:"name"`
	Number      string `json:"number"`
	CertKind    string `json:"certKind"`
	CertLevel   string `json:"certLevel"`
	RuleInForce bool   `json:"ruleInForce"`
	Usable      bool   `json:"usable"`
	Reason      string `json:"reason"`
}

type rewardEligibility struct {
	CanApply bool `json:"canApply"`
	Problems []struct {
		Code, Text, Todo string
	} `json:"problems"`
	Certificates []rewardCert `json:"certificates"`
	Tenders      int          `json:"tenders"`
	Levels       int          `json:"levels"`
	Flow         string       `json:"flow"`
}

type rewardTender struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	UnitLabel  string `json:"unitLabel"`
	BidDate    string `json:"bidDate"`
	Won        bool   `json:"won"`
	Selectable bool   `json:"selectable"`
	Reason     string `json:"reason"`
}

type rewardGuided struct {
	ID         int64  `json:"id"`
	CertName   string `json:"certName"`
	TenderID   int64  `json:"tenderId"`
	State      string `json:"state"`
	Amount     string `json:"amount"`
	Reason     string `json:"reason"`
	UnitLabel  string `json:"unitLabel"`
	NextStep   string `json:"nextStep"`
	NextBy     string `json:"nextBy"`
	CanDecide  bool   `json:"canDecide"`
	WhyNot     string `json:"whyNot"`
	BidDate    string `json:"bidDate"`
	TenderName string `json:"tenderTitle"`
}

// The path from 'I hold a certificate used in a bid' to 'paid, in the report' on the demo data alone (issue 28):
// the staff member can apply; his certificates say which can be claimed (a name without a level cannot, and says
// whom to ask); the tender picker offers only his unit line's tenders, with their bid dates and results, and for a
// certificate says which are claimed already; he applies without typing a date; each application names its next
// step and who takes it; the audit list tells the first level's approver he cannot decide the second and who can;
// libadmin approves the first level, admin the second, and the report holds the amount. Accounts lacking something
// are told what and whom to ask.
func TestRewardDemoPathExplainsItself(t *testing.T) {
	e := apptest.New(t)
	admin := e.Login("admin", "Admin@123").AccessToken
	lib := e.Login("libadmin", "Library@123").AccessToken
	staff := e.Login("staff", "Staff@123").AccessToken

	var el rewardEligibility
	e.Done("GET", "/api/portal/reward/eligibility", staff, nil, &el)
	if !el.CanApply || len(el.Problems) != 0 || el.Tenders < 7 || el.Levels != 2 || !strings.Contains(el.Flow, "投标中心") {
		t.Fatalf("staff's eligibility: %+v", el)
	}
	certs := map[string]rewardCert{}
	for _, c := range el.Certificates {
		certs[c.Number] = c
	}
	jz, zj, cisp := certs["JZ-BJ-2016-0716"], certs["ZJ-BJ-2019-0322"], certs["CISP-2021-11873"]
	if !jz.Usable || jz.CertKind != "constructor" || jz.CertLevel != "1" || !jz.RuleInForce || !zj.Usable || zj.CertKind != "cost" || zj.CertLevel != "2" {
		t.Fatalf("usable certificates: %+v %+v", jz, zj)
	}
	if cisp.Usable || !strings.Contains(cisp.Reason, "无法从证书「注册信息安全专业人员」的名称确定证书等级") {
		t.Fatalf("a name without a level: %+v", cisp)
	}

	// the picker: the unit line's tenders only; for the certificate, the ones claimed already are not selectable
	var tenders []rewardTender
	e.Done("GET", "/api/portal/reward/tenders?"+url.Values{"expertId": {itoa(jz.ExpertID)}, "certNumber": {jz.Number}}.Encode(), staff, nil, &tenders)
	byTitle := map[string]rewardTender{}
	for _, tn := range tenders {
		byTitle[tn.Title] = tn
	}
	metro, haidian := byTitle["北京地铁运营控制中心保洁服务项目"], byTitle["北京市海淀区政务服务中心物业管理项目"]
	if !metro.Selectable || !metro.Won || metro.BidDate == "" || !strings.Contains(metro.UnitLabel, "投标管理部") {
		t.Fatalf("the tender left to claim: %+v", metro)
	}
	if haidian.Selectable || haidian.Reason != "该证书已就此标书申请过奖励，不能重复申请" {
		t.Fatalf("a tender claimed with the certificate: %+v", haidian)
	}
	if _, ok := byTitle["宁波职业技术学院校园物业管理服务采购"]; ok {
		t.Fatalf("a tender without a unit is offered: %+v", tenders)
	}
	var found []rewardTender
	e.Done("GET", "/api/portal/reward/tenders?keyword=BJDT", staff, nil, &found)
	if len(found) != 1 || found[0].ID != metro.ID {
		t.Fatalf("a search by number: %+v", found)
	}

	// the staff member's applications: paid, rejected with the reason, awaiting each level, each with who is next
	mine := apptest.List[rewardGuided](e, "/api/portal/reward/mine", staff, url.Values{"limit": {"50"}})
	states := map[string]int{}
	for _, a := range mine.Records {
		states[a.State]++
		switch a.State {
		case "submitted":
			if a.NextStep != "待单位审核（由具有本单位审核权限的管理员审批）" || !strings.Contains(a.NextBy, "李思远") {
				t.Errorf("awaiting level 1: %+v", a)
			}
		case "unit_approved":
			if !strings.Contains(a.NextStep, "不能由一级审批人办理") || a.NextBy != "系统管理员" {
				t.Errorf("awaiting level 2: %+v", a)
			}
		case "rejected":
			if a.Reason == "" || a.NextStep != "" {
				t.Errorf("rejected: %+v", a)
			}
		}
	}
	if states["approved"] != 3 || states["rejected"] != 1 || states["unit_approved"] != 1 || states["submitted"] != 1 {
		t.Fatalf("the demo applications: %v", states)
	}
	before := w0report(e, admin)

	// staff applies for the tender left, the bid date and result taken from it
	var added struct{ ID int64 }
	e.Done("POST", "/api/portal/reward/apply", staff, map[string]any{"expertId": jz.ExpertID, "certNumber": jz.Number, "tenderId": metro.ID,
		"remark": "担任项目负责人"}, &added)
	var bid string
	var won int
	if err := e.App.DB.QueryRow(context.Background(), `SELECT bid_date, won FROM reward_application WHERE id = ?`, added.ID).Scan(&bid, &won); err != nil || bid != metro.BidDate || won != 1 {
		t.Fatalf("the application's bid: %s %d %v, want %s won", bid, won, err, metro.BidDate)
	}

	audit := func(tok string) rewardGuided {
		t.Helper()
		for _, a := range apptest.List[rewardGuided](e, "/api/reward/audit/list", tok, url.Values{"limit": {"100"}}).Records {
			if a.ID == added.ID {
				return a
			}
		}
		t.Fatalf("application %d not in the audit list", added.ID)
		return rewardGuided{}
	}
	if a := audit(lib); !a.CanDecide || a.WhyNot != "" || !strings.Contains(a.UnitLabel, "投标管理部") {
		t.Fatalf("libadmin, level 1: %+v", a)
	}
	e.Done("PUT", "/api/reward/audit/approve", lib, map[string]any{"ids": []int64{added.ID}}, nil)
	if a := audit(lib); a.CanDecide || a.WhyNot != "您已办理第一级审批，第二级须由其他审批人办理：系统管理员" {
		t.Fatalf("libadmin after level 1: %+v", a)
	}
	if a := audit(admin); !a.CanDecide {
		t.Fatalf("admin, level 2: %+v", a)
	}
	e.Refused("PUT", "/api/reward/audit/approve", lib, map[string]any{"ids": []int64{added.ID}}, "两级审批不能是同一人：您已办理第一级审批，第二级请由系统管理员办理")
	e.Done("PUT", "/api/reward/audit/approve", admin, map[string]any{"ids": []int64{added.ID}}, nil)
	a := audit(admin)
	if a.State != "approved" || a.Amount == "0.00" || a.NextStep != "" || a.CanDecide {
		t.Fatalf("paid: %+v", a)
	}
	after := w0report(e, admin)
	if after.Count != before.Count+1 {
		t.Fatalf("the report: %d applications before, %d after", before.Count, after.Count)
	}

	// accounts that cannot apply are told why and whom to ask
	for _, c := range []struct {
		name, tok string
		codes     []string
		todo      string
	}{
		{"an account without an employee", admin, []string{"no_employee", "no_tender"}, "用户管理"},
		{"an employee who is no expert, of a unit without tenders", lib, []string{"no_certificate", "no_tender"}, "专家库"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var el rewardEligibility
			e.Done("GET", "/api/portal/reward/eligibility", c.tok, nil, &el)
			var codes []string
			for _, p := range el.Problems {
				codes = append(codes, p.Code)
				if p.Text == "" || !strings.Contains(p.Todo, "（") {
					t.Errorf("a problem without its text or whom to ask: %+v", p)
				}
			}
			if el.CanApply || strings.Join(codes, ",") != strings.Join(c.codes, ",") || !strings.Contains(el.Problems[0].Todo, c.todo) {
				t.Errorf("%+v, want %v", el, c.codes)
			}
		})
	}
	// no rule for a certificate's kind and level: it says so and names who sets the rules
	if _, err := e.App.DB.Exec(context.Background(), `UPDATE reward_rule SET deleted_at = created_at WHERE cert_kind = 'cost' AND cert_level = '2'`); err != nil {
		t.Fatal(err)
	}
	e.Done("GET", "/api/portal/reward/eligibility", staff, nil, &el)
	for _, c := range el.Certificates {
		if c.Number == zj.Number && (c.Usable || c.Reason != "尚未设置「造价工程师 / 二级」的奖励规则，请联系奖励设置管理员（系统管理员、李思远）") {
			t.Errorf("a certificate without a rule: %+v", c)
		}
	}
}

func w0report(e *apptest.Env, tok string) rewardReport {
	e.T.Helper()
	var r rewardReport
	e.Done("GET", "/api/reward/report?groupBy=person", tok, nil, &r)
	return r
}
