package reward

import "testing"

func TestRewardClassNeedsExactlyOneLabel(t *testing.T) {
	kinds := []DictItem{{"constructor", "建造师"}, {"cost", "造价工程师"}, {"pm", "项目管理"}, {"security", "信息安全"}, {"eng", "工程师"}}
	levels := []DictItem{{"1", "一级"}, {"2", "二级"}, {"3", "三级"}}
	for _, c := range []struct {
		name, kind, level string
	}{
		{"一级建造师", "constructor", "1"},
		{"二级造价工程师", "cost", "2"}, // 工程师 is inside 造价工程师: not a second kind
		{"注册安全工程师", "eng", ""},
		{"PMP项目管理", "pm", ""},
		{"一级建造师、造价工程师", "", "1"}, // two kinds
		{"一级二级建造师", "constructor", ""},
		{"消防设施操作员", "", ""},
	} {
		k, okK := matchItem(c.name, kinds)
		l, okL := matchItem(c.name, levels)
		if k.Value != c.kind || okK != (c.kind != "") || l.Value != c.level || okL != (c.level != "") {
			t.Errorf("%s: kind %q %v, level %q %v; want %q, %q", c.name, k.Value, okK, l.Value, okL, c.kind, c.level)
		}
	}
}
