package httpx

import "testing"

func TestStoredTextRendersInTheReadersLanguage(t *testing.T) {
	RegisterMessages(map[string][2]string{
		"test.stored.state": {"已完成", "Done"},
		"test.stored.line":  {"「%s」%d个，状态：%s，%.1f", "'%s' %d, state: %s, %.1f"},
		"test.stored.more":  {"附言：%s", "Note: %s"},
	})
	text := Say("test.stored.line", "报价", 3, Msg("test.stored.state"), 1.5).And("test.stored.more", "好")
	enc, err := text.Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, enc, lang, want string
	}{
		{"zh-CN", enc, LangZH, "「报价」3个，状态：已完成，1.5\n附言：好"},
		{"en", enc, LangEN, "'报价' 3, state: Done, 1.5\nNote: 好"},
		{"nothing stored", "", LangEN, "旧文本"},
		{"unreadable", "{", LangEN, "旧文本"},
		{"an unknown key", `[{"k":"test.stored.gone"}]`, LangEN, "旧文本"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := RenderStored(c.enc, c.lang, "旧文本"); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	if _, err := Say("test.stored.more", []int{1}).Encode(); err == nil {
		t.Errorf("an argument that cannot be stored was stored")
	}
	if enc, err := Stored(nil).Encode(); enc != "" || err != nil {
		t.Errorf("empty text: %q %v", enc, err)
	}
}
