package library

import (
	"fmt"
	"strings"
	"testing"
)

func TestHighlightIsUTF16RangesOfEveryOccurrence(t *testing.T) {
	for _, c := range []struct {
		text, kw, want string
	}{
		{"华信物业服务资质证书", "物业", "[[2 4]]"},
		{"华信物业服务资质证书", "业", "[[3 4]]"},
		{"ISO Quality Award", "quality", "[[4 11]]"},
		{"aAaA", "aa", "[[0 2] [2 4]]"}, // no overlaps, any case
		{"aaa", "aa", "[[0 2]]"},
		{"😀证书😀证书", "证书", "[[2 4] [6 8]]"}, // an emoji is two UTF-16 units
		{"𠀀业", "业", "[[2 3]]"},            // so is a supplementary-plane character
		{"100% _x_", "%", "[[3 4]]"},
		{"abc", "", "[]"},
		{"ab", "abc", "[]"},
		{"ΣΊΣΥΦΟΣ", "σίσ", "[[0 3]]"},
	} {
		if got := fmt.Sprint(Highlight(c.text, c.kw)); got != c.want {
			t.Errorf("Highlight(%q, %q) = %s, want %s", c.text, c.kw, got, c.want)
		}
	}
}

func TestNormalizeKeywords(t *testing.T) {
	for in, want := range map[string]string{
		"  Quality  ":           "quality",
		"A OR B":                "a or b",
		"物业\t服务\n":              "物业\t服务",
		"x\x00y":                "x y",
		strings.Repeat("证", 50): strings.Repeat("证", 50),
	} {
		want = strings.ReplaceAll(want, "\t", " ")
		if got, err := NormalizeKeywords(in); err != nil || got != want {
			t.Errorf("NormalizeKeywords(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{strings.Repeat("证", 51), "\xff"} {
		if _, err := NormalizeKeywords(bad); err == nil {
			t.Errorf("NormalizeKeywords(%q): no error", bad)
		}
	}
}

func TestPortalQueryDefaults(t *testing.T) {
	q := PortalQuery{Keywords: "x"}
	if err := q.normalize(); err != nil || q.Sort != SortRelevance || q.Current != 1 || q.Limit != 10 || q.Lang != "zh-CN" {
		t.Fatalf("%+v %v", q, err)
	}
	q = PortalQuery{Sort: SortRelevance, Types: []string{" license", "license", "", "honor"}}
	if err := q.normalize(); err != nil || q.Sort != SortNewest || strings.Join(q.Types, ",") != "license,honor" {
		t.Fatalf("%+v %v", q, err)
	}
	for _, bad := range []PortalQuery{{Types: []string{"message"}}, {Validity: "x"}, {Year: 99}, {Sort: "x"}, {Limit: 101}, {Current: -1}, {TagID: -1}, {Unit: "a\x00b"}, {Unit: "\xff"}} {
		if err := bad.normalize(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}
