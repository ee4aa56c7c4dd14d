package reward

import (
	"context"
	"fmt"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/errs"
)

// DemoRule is a rule version of the demo data, written at Created.
type DemoRule struct {
	RuleIn
	Created time.Time
}

// DemoDecision is one decision of a demo application: by whom, when; a rejection has its reason.
type DemoDecision struct {
	By     int64
	At     time.Time
	Reject string
}

// DemoApplication is a demo application submitted at Applied by Applicant, then decided in order.
type DemoApplication struct {
	Applicant int64
	ApplyIn
	Applied   time.Time
	Decisions []DemoDecision
}

// SeedDemo writes the demo rule versions (by adminID) and applications through the service's own rules, each step
// at its own time (the bid dates lie in the past year, the decisions some days after them), when no rule exists yet.
// The decisions send no messages: the demo's message list stays the library's.
func (s *Service) SeedDemo(ctx context.Context, adminID int64, rules []DemoRule, apps []DemoApplication) (err error) {
	defer errs.Wrap(&err, "reward: seed demo %d", adminID)
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM reward_rule`).Scan(&n); err != nil || n > 0 {
		return err
	}
	at := func(t time.Time) *Service {
		c := *s
		c.now, c.quiet = func() time.Time { return t }, true
		return &c
	}
	as := func(id int64) context.Context {
		return auth.WithPrincipal(ctx, &auth.Principal{UserID: id, FunCodes: map[string]bool{FunSetting: true, FunAudit: true, FunPortal: true}})
	}
	for _, r := range rules {
		if _, err := at(r.Created).AddRule(as(adminID), r.RuleIn); err != nil {
			return fmt.Errorf("demo rule %s/%s from %s: %w", r.CertKind, r.CertLevel, r.ValidFrom, err)
		}
	}
	for _, a := range apps {
		id, err := at(a.Applied).Apply(as(a.Applicant), a.ApplyIn)
		if err != nil {
			return fmt.Errorf("demo application %s for tender %d: %w", a.CertNumber, a.TenderID, err)
		}
		for _, d := range a.Decisions {
			if err := at(d.At).Decide(as(d.By), DecideIn{IDs: []int64{id}, Reason: d.Reject}, d.Reject == ""); err != nil {
				return fmt.Errorf("demo decision on %d: %w", id, err)
			}
		}
	}
	return nil
}
