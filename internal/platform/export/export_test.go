package export

import (
	"strings"
	"testing"
	"time"
)

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		"=1+2": "'=1+2", "+86 139": "'+86 139", "-5": "'-5", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"": "", "plain": "plain", "a=b": "a=b", "张三": "张三",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
	// Numbers stay numbers; text inside other types is neutralised too.
	if cell(-5) != -5 || cell(errString("=x")) != "'=x" || cell(time.Time{}) != "" {
		t.Error("cell conversion")
	}
}

type errString string

func (e errString) String() string { return string(e) }

func TestDisposition(t *testing.T) {
	got := Disposition(`登录日志_2025.xlsx`)
	if !strings.HasPrefix(got, `attachment; filename="`) || !strings.Contains(got, `filename*=UTF-8''%E7%99%BB%E5%BD%95%E6%97%A5%E5%BF%97_2025.xlsx`) {
		t.Fatalf("Disposition: %s", got)
	}
	if strings.ContainsAny(strings.Split(got, `"`)[1], "登\"") {
		t.Fatalf("the fallback name must be ASCII: %s", got)
	}
	for in, want := range map[string]string{"CSV": CSV, "": XLSX, " xlsx ": XLSX, "pdf": "", "../../etc": "", "xls": ""} {
		got, err := Format(in)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("Format(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
