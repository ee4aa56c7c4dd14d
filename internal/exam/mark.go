package exam

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
)

// Normalise is the form two answers (or two stems) are compared in: full-width letters, digits and signs become
// half-width (the ideographic space a space), letters lower case, and every space is dropped.
func Normalise(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\u3000':
			continue
		case r >= '\uFF01' && r <= '\uFF5E':
			r -= 0xFEE0
		}
		if unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// normStem is the stem's form for finding duplicates: normalised, without the punctuation that tells nothing
// apart (a trailing question mark, the brackets of a blank).
func normStem(s string) string {
	n := Normalise(s)
	return strings.Map(func(r rune) rune {
		if unicode.IsPunct(r) || unicode.IsSymbol(r) || r == '_' {
			return -1
		}
		return r
	}, n)
}

// Key is a question's answer key, decoded.
type Key struct {
	Choice  string     // single
	Choices []string   // multiple
	Judge   bool       // judge
	Blanks  [][]string // fill: accepted alternatives per blank
	Text    string     // short: the reference answer
}

// parseKey reads an answer key of type t; ok false when it is not of the type's form.
func parseKey(t string, raw []byte) (Key, bool) {
	var k Key
	switch t {
	case TypeSingle:
		return k, json.Unmarshal(raw, &k.Choice) == nil && k.Choice != ""
	case TypeMultiple:
		if json.Unmarshal(raw, &k.Choices) != nil || len(k.Choices) == 0 {
			return k, false
		}
		slices.Sort(k.Choices)
		k.Choices = slices.Compact(k.Choices)
		return k, true
	case TypeJudge:
		return k, json.Unmarshal(raw, &k.Judge) == nil
	case TypeFill:
		if json.Unmarshal(raw, &k.Blanks) != nil || len(k.Blanks) == 0 {
			return k, false
		}
		for _, alts := range k.Blanks {
			if len(alts) == 0 || slices.ContainsFunc(alts, func(a string) bool { return strings.TrimSpace(a) == "" }) {
				return k, false
			}
		}
		return k, true
	case TypeShort:
		return k, json.Unmarshal(raw, &k.Text) == nil
	}
	return k, false
}

// Response is a taker's answer, decoded from what the page saved: single "A", multiple ["A","C"], judge
// true/false, fill ["…","…"] one per blank, short the text.
type Response struct {
	Choice  string
	Choices []string
	Judge   *bool
	Blanks  []string
	Text    string
}

func parseResponse(t string, raw []byte) (Response, bool) {
	var r Response
	if len(raw) == 0 || string(raw) == "null" {
		return r, true
	}
	switch t {
	case TypeSingle:
		return r, json.Unmarshal(raw, &r.Choice) == nil
	case TypeMultiple:
		return r, json.Unmarshal(raw, &r.Choices) == nil
	case TypeJudge:
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return r, false
		}
		r.Judge = &b
		return r, true
	case TypeFill:
		return r, json.Unmarshal(raw, &r.Blanks) == nil
	case TypeShort:
		return r, json.Unmarshal(raw, &r.Text) == nil
	}
	return r, false
}

// Mark is how an answer scores: the score, and review true when a person marks it (a short answer, a fill-in
// marked for review) and the score is not known yet.
func Mark(t, multiMode string, key Key, options []Option, r Response, max float64, review bool) (score float64, needsReview bool) {
	switch t {
	case TypeSingle:
		if r.Choice != "" && r.Choice == key.Choice {
			return max, false
		}
		return 0, false
	case TypeJudge:
		if r.Judge != nil && *r.Judge == key.Judge {
			return max, false
		}
		return 0, false
	case TypeMultiple:
		return markMultiple(multiMode, key.Choices, options, r.Choices, max), false
	case TypeFill:
		if review {
			return 0, true
		}
		return markFill(key.Blanks, r.Blanks, max), false
	case TypeShort:
		return 0, true
	}
	return 0, false
}

// markMultiple scores a multiple choice: all — the exact set or nothing; partial — the exact set in full, a
// non-empty part of it without a wrong option half; per_option — each option judged right (chosen exactly when
// it is in the key) earns its share.
func markMultiple(mode string, key []string, options []Option, chosen []string, max float64) float64 {
	set := map[string]bool{}
	for _, c := range chosen {
		set[c] = true
	}
	right, wrong := 0, 0
	for c := range set {
		if slices.Contains(key, c) {
			right++
		} else {
			wrong++
		}
	}
	exact := wrong == 0 && right == len(key)
	switch mode {
	case MultiPartial:
		if exact {
			return max
		}
		if wrong == 0 && right > 0 {
			return round2(max / 2)
		}
		return 0
	case MultiPerOption:
		if len(options) == 0 {
			return 0
		}
		good := 0
		for _, o := range options {
			if set[o.Key] == slices.Contains(key, o.Key) {
				good++
			}
		}
		return round2(max * float64(good) / float64(len(options)))
	}
	if exact {
		return max
	}
	return 0
}

// markFill scores a fill-in: each blank whose answer is one of its alternatives (normalised) earns its share.
func markFill(key [][]string, blanks []string, max float64) float64 {
	if len(key) == 0 {
		return 0
	}
	good := 0
	for i, alts := range key {
		if i >= len(blanks) {
			break
		}
		got := Normalise(blanks[i])
		if got == "" {
			continue
		}
		for _, a := range alts {
			if Normalise(a) == got {
				good++
				break
			}
		}
	}
	return round2(max * float64(good) / float64(len(key)))
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// Candidate is a question of the bank a rule may draw.
type Candidate struct {
	ID        int64
	VersionID int64
	Type      string
	Diff      int
	Tags      string
	CourseID  int64
}

// matches tells whether c fits rule r.
func (r RuleIn) matches(c Candidate) bool {
	if c.Type != r.Type || (r.Difficulty != 0 && c.Diff != r.Difficulty) || (r.CourseID != 0 && c.CourseID != r.CourseID) {
		return false
	}
	return r.Tag == "" || slices.Contains(splitTags(c.Tags), r.Tag)
}

// Drawn is a question drawn for a taker with its score.
type Drawn struct {
	Candidate
	Score float64
}

// Draw picks each rule's count of questions, in the rules' order, none twice: every taker gets the same number
// of questions and the same score per rule. ok false (with the rule's index) when the bank has too few.
func Draw(rules []RuleIn, bank []Candidate, rnd *rand.Rand) (out []Drawn, short int, ok bool) {
	used := map[int64]bool{}
	for i, r := range rules {
		var pool []Candidate
		for _, c := range bank {
			if !used[c.ID] && r.matches(c) {
				pool = append(pool, c)
			}
		}
		if len(pool) < r.Count {
			return nil, i, false
		}
		rnd.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
		for _, c := range pool[:r.Count] {
			used[c.ID] = true
			out = append(out, Drawn{Candidate: c, Score: r.Score})
		}
	}
	return out, 0, true
}

func splitTags(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// Discrimination is the upper-lower index of a question: the share of the top 27 % of takers (by total score)
// who answered it right minus that of the bottom 27 %. scores[i] is taker i's total, right[i] whether they
// answered the question right. Fewer than 4 takers: 0.
func Discrimination(scores []float64, right []bool) float64 {
	n := len(scores)
	if n < 4 || len(right) != n {
		return 0
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case scores[a] > scores[b]:
			return -1
		case scores[a] < scores[b]:
			return 1
		}
		return 0
	})
	g := int(math.Round(float64(n) * 0.27))
	if g < 1 {
		g = 1
	}
	hi, lo := 0, 0
	for _, i := range idx[:g] {
		if right[i] {
			hi++
		}
	}
	for _, i := range idx[n-g:] {
		if right[i] {
			lo++
		}
	}
	return round2(float64(hi-lo) / float64(g))
}
