package reward_test

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// trainingCert issues a certificate of a new class (organised by unit 100201) to each of the logins by hand and
// answers their certificates' ids by login; the class's certification names the reward kind and level given (” none).
func (w *rewardWorld) trainingCert(name, kind, level string, logins ...string) map[string]int64 {
	w.e.T.Helper()
	e := w.e
	var class struct{ ID int64 }
	e.Done("POST", "/api/training/class/add", w.admin, map[string]any{"name": name, "unitCode": "100201", "startDate": "2026-03-02",
		"endDate": "2026-03-20", "mode": "onsite", "capacity": 10, "organ": []map[string]string{{"fullUnitCode": "100201"}}}, &class)
	e.Done("POST", "/api/training/session/add", w.admin, map[string]any{"classId": class.ID, "title": name + "第1讲",
		"startsAt": "2026-03-10 09:00", "endsAt": "2026-03-10 11:00"}, nil)
	e.Done("PUT", "/api/training/class/state", w.admin, map[string]any{"id": class.ID, "state": "enrolling"}, nil)
	e.Done("PUT", "/api/training/cert/rule", w.admin, map[string]any{"classId": class.ID, "enabled": true, "rewardKind": kind, "rewardLevel": level}, nil)
	var ids []int64
	for _, l := range logins {
		tok := map[string]string{"applicant": w.staff, "rev1": w.unitRev}[l]
		e.Done("POST", "/api/portal/training/enrol", tok, map[string]any{"classId": class.ID}, nil)
		ids = append(ids, e.UserID(l))
	}
	var issued struct {
		Issued []struct {
			ID     int64 `json:"id"`
			UserID int64 `json:"userId"`
		} `json:"issued"`
	}
	e.Done("POST", "/api/training/cert/issue", w.admin, map[string]any{"classId": class.ID, "userIds": ids}, &issued)
	out := map[string]int64{}
	for _, c := range issued.Issued {
		for _, l := range logins {
			if e.UserID(l) == c.UserID {
				out[l] = c.ID
			}
		}
	}
	if len(out) != len(logins) {
		w.e.T.Fatalf("issued %+v for %v", issued, logins)
	}
	return out
}

type myCert struct {
	Source         string `json:"source"`
	TrainingCertID int64  `json:"trainingCertId"`
	Name           string `json:"name"`
	Number         string `json:"number"`
	CertKind       string `json:"certKind"`
	CertLevel      string `json:"certLevel"`
	KindLabel      string `json:"kindLabel"`
	LevelLabel     string `json:"levelLabel"`
	Usable         bool   `json:"usable"`
	Reason         string `json:"reason"`
}

// A training certificate is bid material: the applicant's live certificates are offered with the reward kind and
// level their class's certification names (none named: offered with the reason, not claimable); one is applied for
// like a qualification of the library and paid by the rule of its kind and level. A revoked one, someone else's and
// one whose class names no kind are refused with a clear message and nothing saved; a certificate revoked after the
// application is approved no further.
func TestRewardWithTrainingCertificates(t *testing.T) {
	w := newRewardWorld(t)
	e := w.e
	var mu sync.Mutex
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.Local)
	e.App.Training().UseClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	w.rule(rewardRule) // 建造师 / 一级: 1000, won 1500.50
	e.Done("PUT", "/api/reward/setting", w.admin, map[string]any{"levels": 1}, nil)
	e.Refused("PUT", "/api/training/cert/rule", w.admin, map[string]any{"classId": 1, "rewardKind": "constructor"}, "奖励证书类别和等级须同时选择，或都不选")

	live := w.trainingCert("建造实务培训班", "constructor", "1", "applicant", "rev1")
	revoked := w.trainingCert("安全生产培训班", "constructor", "1", "applicant")
	plain := w.trainingCert("新员工入职培训", "", "", "applicant")
	e.Refused("PUT", "/api/training/cert/rule", w.admin, map[string]any{"classId": 1, "rewardKind": "pilot", "rewardLevel": "1"}, "奖励证书类别不是字典中的值")
	e.Done("PUT", "/api/training/cert/revoke", w.admin, map[string]any{"id": revoked["applicant"], "reason": "出勤记录有误"}, nil)

	// what the portal offers: the library's qualification, then the live training certificates (not the revoked one)
	var certs []myCert
	e.Done("GET", "/api/portal/reward/certificates", w.staff, nil, &certs)
	byID := map[int64]myCert{}
	for _, c := range certs {
		if c.Source == "training" {
			byID[c.TrainingCertID] = c
		}
	}
	if c := byID[live["applicant"]]; len(byID) != 2 || c.Name != "建造实务培训班" || !c.Usable || c.CertKind != "constructor" || c.CertLevel != "1" ||
		c.KindLabel != "建造师" || c.LevelLabel != "一级" {
		t.Fatalf("the applicant's training certificates: %+v", certs)
	}
	if c := byID[plain["applicant"]]; c.Usable || c.Reason == "" {
		t.Errorf("a certificate whose class names no kind: %+v", c)
	}
	var elig struct {
		CanApply bool `json:"canApply"`
	}
	e.Done("GET", "/api/portal/reward/eligibility", w.staff, nil, &elig)
	if !elig.CanApply {
		t.Errorf("eligibility: %+v", elig)
	}
	var tenders []struct {
		ID         int64 `json:"id"`
		Selectable bool  `json:"selectable"`
	}
	e.Done("GET", fmt.Sprintf("/api/portal/reward/tenders?trainingCertId=%d", live["applicant"]), w.staff, nil, &tenders)
	if len(tenders) == 0 {
		t.Errorf("no tender for the training certificate")
	}

	form := func(cert int64) map[string]any {
		return map[string]any{"trainingCertId": cert, "tenderId": w.tender}
	}
	t.Run("refusals", func(t *testing.T) {
		for _, c := range []struct {
			name string
			form map[string]any
			want string
		}{
			{"a revoked certificate", form(revoked["applicant"]), "培训证书「安全生产培训班」（BD-2026-" + fmt.Sprintf("%06d", revoked["applicant"]) + "）已被撤销，不能申请奖励"},
			{"someone else's certificate", form(live["rev1"]), "证书不存在或不是您本人的证书"},
			{"a certificate that does not exist", form(99999), "证书不存在或不是您本人的证书"},
			{"a class naming no kind", form(plain["applicant"]), "培训证书「新员工入职培训」的结业认证未设置奖励证书类别和等级，请联系培训管理员在培训班的结业认证中设置"},
			{"a kind other than the class's", map[string]any{"trainingCertId": live["applicant"], "tenderId": w.tender, "certKind": "cost"},
				"证书「建造实务培训班」在人才库中的类别为建造师、等级为一级，与申请填写的不符"},
			{"no certificate", map[string]any{"tenderId": w.tender}, "请选择证书"},
		} {
			t.Run(c.name, func(t *testing.T) { e.For(t).Refused("POST", "/api/portal/reward/apply", w.staff, c.form, c.want) })
		}
	})
	if n := e.Count(`SELECT COUNT(*) FROM reward_application`); n != 0 {
		t.Fatalf("refused applications left %d rows", n)
	}

	// the live one: classified by its class, applied for, paid by the rule (won: 1500.50)
	var added struct{ ID int64 }
	e.Done("POST", "/api/portal/reward/apply", w.staff, form(live["applicant"]), &added)
	var kind, level, number string
	var tc, expert int64
	if err := e.App.DB.QueryRow(t.Context(), `SELECT cert_kind, cert_level, cert_number, COALESCE(training_cert_id, 0), COALESCE(expert_id, 0)
		FROM reward_application WHERE id = ?`, added.ID).Scan(&kind, &level, &number, &tc, &expert); err != nil {
		t.Fatal(err)
	}
	if kind != "constructor" || level != "1" || tc != live["applicant"] || expert != 0 || number != fmt.Sprintf("BD-2026-%06d", tc) {
		t.Fatalf("the application: %s %s %s %d %d", kind, level, number, tc, expert)
	}
	e.Refused("POST", "/api/portal/reward/apply", w.staff, form(live["applicant"]), "该证书已就此标书申请过奖励，不能重复申请")
	e.Done("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{added.ID}}, nil)
	if a := w.app(added.ID); a.State != "approved" || a.Amount != "1500.50" {
		t.Fatalf("approved: %+v", a)
	}

	// revoked after the application: approved no further, rejected still
	second := map[string]any{"trainingCertId": live["applicant"], "tenderId": w.tender2}
	e.Done("POST", "/api/portal/reward/apply", w.staff, second, &added)
	e.Done("PUT", "/api/training/cert/revoke", w.admin, map[string]any{"id": live["applicant"], "reason": "证书信息有误"}, nil)
	e.Refused("PUT", "/api/reward/audit/approve", w.unitRev, map[string]any{"ids": []int64{added.ID}}, "培训证书「建造实务培训班」在申请后已被撤销，不能审批通过，请驳回")
	e.Done("PUT", "/api/reward/audit/reject", w.unitRev, map[string]any{"ids": []int64{added.ID}, "reason": "证书已撤销"}, nil)
	e.Done("GET", "/api/portal/reward/certificates", w.staff, nil, &certs)
	for _, c := range certs {
		if c.TrainingCertID == live["applicant"] {
			t.Errorf("a revoked certificate is still offered: %+v", c)
		}
	}
}
