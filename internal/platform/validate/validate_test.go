package validate

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"biddesk/internal/platform/httpx"
)

// vector is one case of testdata/validation_vectors.json. Arg is the rule's parameter (a number or
// a text); EN and ZH are the expected message of a failing case in both languages; Gender and
// Birthday what a valid ID card number tells.
type vector struct {
	Rule     string          `json:"rule"`
	Arg      json.RawMessage `json:"arg"`
	Input    string          `json:"input"`
	OK       bool            `json:"ok"`
	EN       string          `json:"en"`
	ZH       string          `json:"zh"`
	Gender   string          `json:"gender"`
	Birthday string          `json:"birthday"`
}

func (v vector) num(t *testing.T) float64 {
	var f float64
	if err := json.Unmarshal(v.Arg, &f); err != nil {
		t.Fatalf("%s %q: arg %s is not a number", v.Rule, v.Input, v.Arg)
	}
	return f
}

func (v vector) text(t *testing.T) string {
	var s string
	if err := json.Unmarshal(v.Arg, &s); err != nil {
		t.Fatalf("%s %q: arg %s is not a text", v.Rule, v.Input, v.Arg)
	}
	return s
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	// The browser's tests read the same file (web/src/lib/validate.test.ts).
	raw, err := os.ReadFile("../../../testdata/validation_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []vector
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	return vs
}

func TestSharedVectors(t *testing.T) {
	checked := map[string]int{}
	for _, v := range loadVectors(t) {
		switch v.Rule {
		case "password":
			if got := PasswordOK(v.Input); got != v.OK {
				t.Errorf("PasswordOK(%q) = %v, want %v", v.Input, got, v.OK)
			}
		case "loginCode":
			if got := LoginCode(v.Input); got != v.OK {
				t.Errorf("LoginCode(%q) = %v, want %v", v.Input, got, v.OK)
			}
		case "mobile":
			if got := Mobile(v.Input); got != v.OK {
				t.Errorf("Mobile(%q) = %v, want %v", v.Input, got, v.OK)
			}
			expectMessage(t, v, Pattern(KindMobile, v.Input))
		case "email":
			if got := Email(v.Input); got != v.OK {
				t.Errorf("Email(%q) = %v, want %v", v.Input, got, v.OK)
			}
			expectMessage(t, v, Pattern(KindEmail, v.Input))
		case "plate", "landline", "postcode":
			expectMessage(t, v, Pattern(v.Rule, v.Input))
		case "max":
			expectMessage(t, v, Max(v.Input, v.num(t)))
		case "nonNegative":
			expectMessage(t, v, NonNegative(v.Input))
		case "maxLength":
			expectMessage(t, v, MaxLength(v.Input, int(v.num(t))))
		case "decimals":
			expectMessage(t, v, Decimals(v.Input, int(v.num(t))))
		case "number":
			expectMessage(t, v, Number(v.Input))
		case "fileSuffix":
			expectMessage(t, v, FileSuffix(v.Input, v.text(t)))
		case "idcard":
			info, err := IDCard(v.Input)
			expectMessage(t, v, err)
			if v.OK && (info.Gender != v.Gender || info.Birthday.Format(time.DateOnly) != v.Birthday) {
				t.Errorf("IDCard(%q) = %s %s, want %s %s", v.Input, info.Gender, info.Birthday.Format(time.DateOnly), v.Gender, v.Birthday)
			}
		default:
			t.Errorf("vector of unknown rule %q", v.Rule)
			continue
		}
		checked[v.Rule]++
	}
	for _, rule := range []string{"password", "loginCode", "mobile", "email", "plate", "landline", "postcode",
		"max", "nonNegative", "maxLength", "decimals", "number", "fileSuffix", "idcard"} {
		if checked[rule] < 2 {
			t.Errorf("too few %s vectors", rule)
		}
	}
}

// expectMessage compares a check's result with a vector: no error for a valid input, otherwise
// the vector's message in both languages.
func expectMessage(t *testing.T, v vector, err error) {
	t.Helper()
	if v.OK {
		if err != nil {
			t.Errorf("%s(%q): unexpected %v", v.Rule, v.Input, err)
		}
		return
	}
	var e *httpx.Error
	if !errors.As(err, &e) {
		t.Errorf("%s(%q) passed, want %q", v.Rule, v.Input, v.EN)
		return
	}
	if v.EN == "" || v.ZH == "" {
		t.Errorf("%s(%q): the vector has no expected message", v.Rule, v.Input)
	}
	if got := httpx.Translate(httpx.LangEN, e.Key, e.Args...); got != v.EN {
		t.Errorf("%s(%q) says %q, want %q", v.Rule, v.Input, got, v.EN)
	}
	if got := httpx.Translate(httpx.LangZH, e.Key, e.Args...); got != v.ZH {
		t.Errorf("%s(%q) says %q, want %q", v.Rule, v.Input, got, v.ZH)
	}
}

func TestIDCardBirthdayToday(t *testing.T) {
	now := time.Date(2024, 5, 20, 23, 0, 0, 0, time.FixedZone("CST", 8*3600))
	// born today: valid; born tomorrow: in the future
	if _, err := idCardAt(withCheck("11010520240520001"), now); err != nil {
		t.Fatalf("born today refused: %v", err)
	}
	if _, err := idCardAt(withCheck("11010520240521001"), now); err == nil || err.(*httpx.Error).Key != "validate.idcard_future" {
		t.Fatalf("born tomorrow: %v", err)
	}
}

func withCheck(s17 string) string {
	sum := 0
	for i, w := range idWeight {
		sum += int(s17[i]-'0') * w
	}
	return s17 + string(idCheckDigits[sum%11])
}

func TestPatternUnknownKindPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("an unknown kind must not pass silently")
		}
	}()
	_ = Pattern("telepathy", "x")
}

func TestCommonPasswords(t *testing.T) {
	if !PasswordCommon("P@SSW0RD") || PasswordCommon("Kx7#mPq2") {
		t.Fatal("deny-list check wrong")
	}
}

// A date in the right form that names no day, and a year no record has, are told apart from a malformed date.
func TestDateSaysWhatIsWrong(t *testing.T) {
	for in, want := range map[string]string{"2026-02-28": "", "2024-02-29": "", "1900-01-01": "", "9999-12-31": "",
		"2026-02-30": "validate.date_invalid", "2024-13-45": "validate.date_invalid", "2026-2-3": "validate.date_format",
		"31/05/2026": "validate.date_format", "": "validate.date_format", "0001-01-01": "validate.date_year",
		"1899-12-31": "validate.date_year", "0000-01-01": "validate.date_year"} {
		_, err := Date(in)
		if got := keyOf(err); got != want {
			t.Errorf("Date(%q): %q, want %q", in, got, want)
		}
	}
	if d, err := Date("2026/2/3", DayLayout, "2006/1/2"); err != nil || d.Format(DayLayout) != "2026-02-03" {
		t.Errorf("another layout: %v %v", d, err)
	}
	if _, err := Date("2026-02-30"); httpx.Translate(httpx.LangZH, err.(*httpx.Error).Key, err.(*httpx.Error).Args...) != "日期不存在：2026-02-30" {
		t.Errorf("message: %v", err)
	}
}

func keyOf(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := err.(*httpx.Error); ok {
		return e.Key
	}
	return err.Error()
}

// Every number typed into a form or a dynamic table is a plain decimal: Decimal and WholeNumber are the
// one parser (the shared vectors of rule "number" hold the same cases for the browser).
func TestPlainDecimalParser(t *testing.T) {
	for _, tc := range []struct {
		in    string
		ok    bool
		value float64
	}{
		{"0", true, 0}, {"-5", true, -5}, {"12.5", true, 12.5}, {"007", true, 7}, {"-0.25", true, -0.25},
		{"NaN", false, 0}, {"NAN", false, 0}, {"nan", false, 0}, {"Infinity", false, 0}, {"+Inf", false, 0},
		{"0x1p-2", false, 0}, {"0x10", false, 0}, {"1_000", false, 0}, {"1e5", false, 0}, {"+3", false, 0},
		{"1.", false, 0}, {".5", false, 0}, {"", false, 0}, {" 1", false, 0}, {"1,000", false, 0}, {"１", false, 0},
		{"1" + strings.Repeat("0", 400), false, 0},
	} {
		f, err := Decimal(tc.in)
		if (err == nil) != tc.ok || (tc.ok && f != tc.value) || IsDecimal(tc.in) != tc.ok {
			t.Errorf("Decimal(%q) = %v, %v; want ok %v value %v", tc.in, f, err, tc.ok, tc.value)
		}
	}
	for _, tc := range []struct {
		in   string
		want int64
		msg  string
	}{
		{"12", 12, ""}, {"-7", -7, ""}, {"0", 0, ""},
		{"12.5", 0, "只能为整数"}, {"12.0", 0, "只能为整数"},
		{"+5", 0, "请输入数字"}, {"1e3", 0, "请输入数字"}, {"0x10", 0, "请输入数字"}, {"1_000", 0, "请输入数字"},
		{"99999999999999999999", 0, "请输入数字"}, {"NaN", 0, "请输入数字"},
	} {
		n, err := WholeNumber(tc.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if n != tc.want || !strings.Contains(got, tc.msg) || (tc.msg == "") != (err == nil) {
			t.Errorf("WholeNumber(%q) = %d, %v; want %d %q", tc.in, n, err, tc.want, tc.msg)
		}
	}
	for in, want := range map[string]string{"1,280,000.00": "1280000.00", "-1,000": "-1000", "1,2,3": "1,2,3", "12,34": "12,34", "1000": "1000", ",100": ",100"} {
		if got := Ungroup(in); got != want {
			t.Errorf("Ungroup(%q) = %q, want %q", in, got, want)
		}
	}
}
