package portal

import (
	"strings"
	"testing"
	"time"
)

func TestCleanNameMakesOneSafeEntry(t *testing.T) {
	for in, want := range map[string]string{
		"营业执照/正本":                         "营业执照_正本",
		`..\..\etc\passwd`:                `_.._etc_passwd`,
		"a:b*c?d\"e<f>g|h":                "a_b_c_d_e_f_g_h",
		"tab\there\x00nul":                "tab_here_nul",
		"  .hidden.  ":                    "hidden",
		"...":                             "未命名文件",
		"":                                "未命名文件",
		"=1+2 荣誉":                         "=1+2 荣誉",
		strings.Repeat("长", 120) + ".pdf": strings.Repeat("长", 96) + ".pdf",
	} {
		if got := cleanName(in, "portal.pack.unnamed", "zh-CN"); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNamerNumbersRepeatsInAnyCase(t *testing.T) {
	n := newNamer()
	var got []string
	for _, s := range []string{"a.pdf", "A.PDF", "a.pdf", "b", "b", "企业证照/标题", "企业证照/标题"} {
		got = append(got, n.take(s))
	}
	if strings.Join(got, "|") != "a.pdf|A (2).PDF|a (3).pdf|b|b (2)|企业证照/标题|企业证照/标题 (2)" {
		t.Fatalf("names: %q", got)
	}
}

func TestSectionsAreCompleted(t *testing.T) {
	keys := func(rows []sectionRow) string {
		var out []string
		for _, r := range rows {
			k := r.key
			if !r.visible {
				k = "-" + k
			}
			out = append(out, k)
		}
		return strings.Join(out, ",")
	}
	if got := keys(completeSections(nil, true)); got != strings.Join(SectionKeys, ",") {
		t.Fatalf("nothing configured: %s", got)
	}
	got := keys(completeSections([]sectionRow{{"links", true}, {"weather", true}, {"links", false}, {"banners", false}}, false))
	if got != "links,-banners,-search,-counts,-announcements,-messages,-recent,-popular" {
		t.Fatalf("completed: %s", got)
	}
}

func TestExcerptIsPlainText(t *testing.T) {
	if got := excerpt(`<p>各单位：<strong>请</strong>更新</p><p>资料&amp;扫描件</p><script>x()</script>`); got != "各单位： 请 更新 资料&扫描件" {
		t.Fatalf("excerpt: %q", got)
	}
	if got := []rune(excerpt(strings.Repeat("字", 300))); len(got) != MaxExcerpt || got[MaxExcerpt-1] != '…' {
		t.Fatalf("long excerpt: %d", len(got))
	}
}

func TestBannerState(t *testing.T) {
	b := Banner{Enabled: 1, PublishFrom: "2026-03-01", PublishTo: "2026-03-31"}
	for day, want := range map[string]string{"2026-02-28": StateScheduled, "2026-03-01": StateActive, "2026-03-31": StateActive, "2026-04-01": StateExpired} {
		if got := b.stateOn(day); got != want {
			t.Errorf("%s: %s, want %s", day, got, want)
		}
	}
	b.Enabled = 0
	if b.stateOn("2026-03-10") != StateDisabled {
		t.Error("disabled")
	}
	if PackFileName("zh-CN", time.Date(2026, 5, 4, 10, 0, 0, 0, time.Local)) != "标书资料包-20260504.zip" {
		t.Error("file name")
	}
}
