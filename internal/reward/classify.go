package reward

import (
	"context"
	"fmt"
	"strings"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// DictItem is an item of a dictionary: its value and its label.
type DictItem struct{ Value, Label string }

// Class is a certificate's kind and level (values of the dictionaries cert_kind and cert_level) and their labels.
type Class struct {
	Kind, KindLabel   string
	Level, LevelLabel string
}

// classify derives the kind and level of a certificate from the certificate record of the library, never from the
// applicant: its name holds the label of exactly one item of each dictionary ("一级建造师": 建造师 = constructor,
// 一级 = 1), compared without case. A label inside a longer label that matches too does not count of its own; a
// name holding two kinds (or two levels), or none, cannot be classified and is refused with its name.
func (s *Service) classify(ctx context.Context, q db.Querier, name string) (Class, error) {
	kinds, err := s.dicts.Items(ctx, q, DictKind)
	if err != nil {
		return Class{}, fmt.Errorf("reward: classify %q: %w", name, err)
	}
	levels, err := s.dicts.Items(ctx, q, DictLevel)
	if err != nil {
		return Class{}, fmt.Errorf("reward: classify %q: %w", name, err)
	}
	kind, ok := matchItem(name, kinds)
	if !ok {
		return Class{}, httpx.Fail("reward.cert_kind_unknown", name)
	}
	level, ok := matchItem(name, levels)
	if !ok {
		return Class{}, httpx.Fail("reward.cert_level_unknown", name)
	}
	return Class{Kind: kind.Value, KindLabel: kind.Label, Level: level.Value, LevelLabel: level.Label}, nil
}

// matchItem is the one item whose label the name holds (see classify).
func matchItem(name string, items []DictItem) (DictItem, bool) {
	name = strings.ToLower(name)
	var hits []DictItem
	for _, it := range items {
		if l := strings.ToLower(strings.TrimSpace(it.Label)); l != "" && strings.Contains(name, l) {
			hits = append(hits, it)
		}
	}
	var found *DictItem
	for i, h := range hits {
		l := strings.ToLower(strings.TrimSpace(h.Label))
		inner := false
		for _, o := range hits {
			if ol := strings.ToLower(strings.TrimSpace(o.Label)); ol != l && strings.Contains(ol, l) {
				inner = true
				break
			}
		}
		switch {
		case inner:
		case found == nil:
			found = &hits[i]
		case found.Value != h.Value:
			return DictItem{}, false
		}
	}
	if found == nil {
		return DictItem{}, false
	}
	return *found, true
}

// claimed is the certificate an application names: a qualification of the library (ExpertID, its number) or a
// training certificate (TrainingID, its serial as the number), whose kind and level are its class's (Kind, Level).
type claimed struct {
	Name, Number         string
	ExpertID, TrainingID int64
	Kind, Level          string
}

// claim finds the certificate the caller names and checks that it is theirs: the library's qualification of the
// published expert who is their employee, or a training certificate held by their account or issued to their
// employee, which must be live (neither revoked nor expired).
func (s *Service) claim(ctx context.Context, userID int64, employee string, expertID int64, number string, trainingID int64) (*claimed, error) {
	if trainingID != 0 {
		var c *TrainingCertificate
		if s.training != nil {
			var err error
			if c, err = s.training.Certificate(ctx, s.db, trainingID); err != nil {
				return nil, err
			}
		}
		if c == nil || (c.UserID != userID && (employee == "" || c.EmployeeCode != employee)) {
			return nil, httpx.Fail("reward.cert_not_yours")
		}
		switch c.State {
		case "revoked":
			return nil, httpx.Fail("reward.training_revoked", c.Title, c.Serial)
		case "expired":
			return nil, httpx.Fail("reward.training_expired", c.Title, c.Serial, c.ValidUntil)
		}
		return &claimed{Name: c.Title, Number: c.Serial, TrainingID: c.ID, Kind: c.Kind, Level: c.Level}, nil
	}
	number = strings.TrimSpace(number)
	if expertID == 0 || number == "" {
		return nil, httpx.Fail("reward.cert_required")
	}
	cert, err := s.lib.Certificate(ctx, expertID, number)
	if err != nil {
		return nil, err
	}
	if cert == nil || employee == "" || cert.EmployeeCode != employee {
		return nil, httpx.Fail("reward.cert_not_yours")
	}
	return &claimed{Name: cert.Name, Number: cert.Number, ExpertID: expertID}, nil
}

// classOf is the kind and level of a claimed certificate: a qualification's from its name (classify), a training
// certificate's those its class's certification names, which must still be items of the dictionaries.
func (s *Service) classOf(ctx context.Context, q db.Querier, c *claimed) (Class, error) {
	if c.TrainingID == 0 {
		return s.classify(ctx, q, c.Name)
	}
	if c.Kind == "" || c.Level == "" {
		return Class{}, httpx.Fail("reward.training_unclassified", c.Name)
	}
	out := Class{Kind: c.Kind, Level: c.Level}
	for _, d := range []struct {
		code, value string
		label       *string
	}{{DictKind, c.Kind, &out.KindLabel}, {DictLevel, c.Level, &out.LevelLabel}} {
		items, err := s.dicts.Items(ctx, q, d.code)
		if err != nil {
			return Class{}, fmt.Errorf("reward: class of training certificate %d: %w", c.TrainingID, err)
		}
		for _, it := range items {
			if it.Value == d.value {
				*d.label = it.Label
			}
		}
		if *d.label == "" {
			return Class{}, httpx.Fail("reward.training_unclassified", c.Name)
		}
	}
	return out, nil
}
