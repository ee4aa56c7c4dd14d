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
