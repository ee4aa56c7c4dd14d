// Package handover moves everything a departing employee owns to another account (/handover_manager):
// previewed with counts, done in one transaction, recorded with the exact rows moved, and undone
// from that record. What "owned" means is declared by each area in a registry of kinds.
//
// An area registers its kinds once, from the app's wiring:
//
//	handover.Register(handover.Kind{
//		Key: "library_record", Label: "handover.kind.library_record",
//		Table: "lib_record", OwnerColumn: "owner_id", Where: "deleted_at IS NULL",
//	})
//
// Table, OwnerColumn, IDColumn, Distinct and Where are SQL written in code, never request text; the
// names are checked when registering. Label is a message key (httpx.RegisterMessages, zh-CN and en).
package handover

import (
	"fmt"
	"regexp"
	"sort"
	"sync"
)

// Kind is one kind of record a user owns: the rows of Table whose OwnerColumn holds the user's id.
type Kind struct {
	Key         string // stable name, kept in the handover record
	Label       string // message key of the kind's name
	Table       string
	OwnerColumn string
	// IDColumn identifies a row among the owner's rows (default "id"). A handover keeps these
	// values, so that an undo moves back exactly the rows it moved.
	IDColumn string
	// Where, when set, limits the rows (for example "deleted_at IS NULL"); columns unqualified.
	Where string
	// Distinct, when set, is a column whose value an owner may hold once (a role membership):
	// the departing user's rows whose value the recipient already holds stay where they are and
	// are counted as skipped.
	Distinct string
	// Sort orders the kinds in previews and records (then Key).
	Sort int
}

var identRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

func (k *Kind) normalise() error {
	if k.IDColumn == "" {
		k.IDColumn = "id"
	}
	if k.Key == "" || k.Label == "" {
		return fmt.Errorf("handover: a kind needs a key and a label: %+v", *k)
	}
	for _, name := range []string{k.Table, k.OwnerColumn, k.IDColumn} {
		if !identRe.MatchString(name) {
			return fmt.Errorf("handover: kind %s: %q is not a plain SQL name", k.Key, name)
		}
	}
	if k.Distinct != "" && !identRe.MatchString(k.Distinct) {
		return fmt.Errorf("handover: kind %s: %q is not a plain SQL name", k.Key, k.Distinct)
	}
	return nil
}

var registry struct {
	sync.RWMutex
	kinds map[string]Kind
}

// Register adds a kind. Registering the same kind again changes nothing (several apps in one
// process, as in tests); another kind under a key already taken is a programming error.
func Register(k Kind) {
	if err := k.normalise(); err != nil {
		panic(err)
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.kinds == nil {
		registry.kinds = map[string]Kind{}
	}
	if prev, ok := registry.kinds[k.Key]; ok && prev != k {
		panic(fmt.Sprintf("handover: kind %s registered twice with different definitions", k.Key))
	}
	registry.kinds[k.Key] = k
}

// Kinds returns the registered kinds in their order.
func Kinds() []Kind {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Kind, 0, len(registry.kinds))
	for _, k := range registry.kinds {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Sort != out[j].Sort {
			return out[i].Sort < out[j].Sort
		}
		return out[i].Key < out[j].Key
	})
	return out
}

func kindByKey(key string) (Kind, bool) {
	registry.RLock()
	defer registry.RUnlock()
	k, ok := registry.kinds[key]
	return k, ok
}
