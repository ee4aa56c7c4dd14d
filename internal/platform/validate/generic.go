package validate

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/httpx"
)

// The generic checks of spec section 5, for the server's forms. Each returns nil when the value
// passes, or an *httpx.Error whose message says what is wrong. An empty value passes every check:
// whether a field is required is the form's own rule. The browser has the same rules with the
// same messages (web/src/lib/validate.ts); testdata/validation_vectors.json holds the cases and
// the expected texts in both languages, and the tests of both sides read it.

// numberRe is a plain decimal: an optional minus, ASCII digits, an optional fraction of at least one
// digit. No exponent, no plus sign, no thousands separators or underscores, no hexadecimal, no NaN or
// Infinity in any letter case. Every number a person types into a form or a dynamic table (demand
// fields, dynamic-table whole numbers, library forms, settings) is read by Decimal or WholeNumber, so
// strconv's wider syntax ("NaN", "0x1p-2", "1_000", "+5") never reaches a stored value.
var numberRe = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// IsDecimal tells whether s is a plain decimal (see numberRe) whose value a float64 holds (not beyond
// ±1.8e308).
func IsDecimal(s string) bool {
	_, err := Decimal(s)
	return err == nil
}

// Decimal reads a plain decimal; anything else (the empty text included) is 'Please enter a number'.
// The field's own limits (range, decimal places, length) are the caller's.
func Decimal(s string) (float64, error) {
	if !numberRe.MatchString(s) {
		return 0, httpx.Fail("validate.number")
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, httpx.Fail("validate.number")
	}
	return f, nil
}

// WholeNumber reads a plain decimal without a fraction as an int64: 'Please enter a number' for what is
// not a plain decimal, 'must be a whole number' for a fraction; a value beyond int64 is 'Please enter a
// number' too. The field's own range is the caller's.
func WholeNumber(s string) (int64, error) {
	if !numberRe.MatchString(s) {
		return 0, httpx.Fail("validate.number")
	}
	if strings.Contains(s, ".") {
		return 0, httpx.Fail("validate.integer")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, httpx.Fail("validate.number")
	}
	return n, nil
}

// Number: 'Please enter a number' unless s is a plain decimal (or empty).
func Number(s string) error {
	if s == "" {
		return nil
	}
	_, err := Decimal(s)
	return err
}

// groupedRe is a decimal whose thousands are grouped by commas, as a spreadsheet shows an amount.
var groupedRe = regexp.MustCompile(`^-?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]+)?$`)

// Ungroup drops the commas of a decimal whose thousands are grouped by them (1,280,000.00, as an imported
// cell may show an amount); any other text is returned as it is, for Decimal to judge (1,2,3 stays and is
// refused).
func Ungroup(s string) string {
	if groupedRe.MatchString(s) {
		return strings.ReplaceAll(s, ",", "")
	}
	return s
}

func number(s string) (float64, error) { return Decimal(s) }

// Max: 'cannot exceed N' above the maximum.
func Max(s string, max float64) error {
	if s == "" {
		return nil
	}
	f, err := number(s)
	if err != nil {
		return err
	}
	if f > max {
		return httpx.Fail("validate.max", strconv.FormatFloat(max, 'f', -1, 64))
	}
	return nil
}

// NonNegative: 'cannot be negative'.
func NonNegative(s string) error {
	if s == "" {
		return nil
	}
	f, err := number(s)
	if err != nil {
		return err
	}
	if f < 0 {
		return httpx.Fail("validate.negative")
	}
	return nil
}

// MaxLength: 'length cannot exceed N', counted in characters (not bytes).
func MaxLength(s string, n int) error {
	if utf8.RuneCountInString(s) > n {
		return httpx.Fail("validate.max_length", n)
	}
	return nil
}

// Decimals: 'only N decimal places'; with N = 0 the value must be a whole number.
func Decimals(s string, n int) error {
	if s == "" {
		return nil
	}
	if _, err := number(s); err != nil {
		return err
	}
	_, frac, _ := strings.Cut(s, ".")
	if len(frac) <= n {
		return nil
	}
	if n == 0 {
		return httpx.Fail("validate.integer")
	}
	return httpx.Fail("validate.decimals", n)
}

// Pattern kinds of spec section 5.
const (
	KindPlate    = "plate"
	KindMobile   = "mobile"
	KindLandline = "landline"
	KindEmail    = "email"
	KindPostcode = "postcode"
)

const provinces = `京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼`

var (
	// A mainland plate: province abbreviation, the issuing letter (no I or O), then 5 letters or
	// digits (the last may be 挂 学 警 港 澳), or 6 for a new-energy vehicle (D or F first or last).
	plateRe = regexp.MustCompile(`^[` + provinces + `][A-HJ-NP-Z]([A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[DF][A-HJ-NP-Z0-9]\d{4}|\d{5}[DF])$`)
	// A landline: area code of 3 or 4 digits starting with 0, a hyphen, a 7- or 8-digit number,
	// and an optional extension after another hyphen (010-12345678-123).
	landlineRe = regexp.MustCompile(`^0\d{2,3}-\d{7,8}(-\d{1,6})?$`)
	postcodeRe = regexp.MustCompile(`^\d{6}$`)
)

// Plate: a mainland plate number (ordinary or new-energy).
func Plate(s string) bool { return plateRe.MatchString(s) }

// Landline: a fixed-line number with its area code, optionally an extension.
func Landline(s string) bool { return landlineRe.MatchString(s) }

// Postcode: 6 digits.
func Postcode(s string) bool { return postcodeRe.MatchString(s) }

var patterns = map[string]func(string) bool{
	KindPlate: Plate, KindMobile: Mobile, KindLandline: Landline, KindEmail: Email, KindPostcode: Postcode,
}

// Pattern checks s against one of the pattern kinds; an unknown kind is a programming error.
func Pattern(kind, s string) error {
	ok, known := patterns[kind]
	if !known {
		panic("validate: unknown pattern kind " + kind)
	}
	if s == "" || ok(s) {
		return nil
	}
	return httpx.Fail("validate." + kind)
}

// FileSuffix: the file name's suffix must be one of a comma list ("pdf,docx" or ".pdf, .DOCX"),
// compared case-insensitively.
func FileSuffix(name, allowed string) error {
	dot := strings.LastIndex(name, ".")
	suffix := ""
	if dot >= 0 {
		suffix = strings.ToLower(name[dot+1:])
	}
	for _, a := range strings.Split(allowed, ",") {
		a = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(a), "."))
		if a != "" && a == suffix {
			return nil
		}
	}
	return httpx.Fail("validate.file_suffix", allowed)
}

// Gender of an ID card holder.
const (
	Male   = "male"
	Female = "female"
)

// IDCardInfo is what an ID card number tells.
type IDCardInfo struct {
	Birthday time.Time // a date (midnight UTC)
	Gender   string    // Male or Female
}

// idProvinces are the province codes of spec section 9 (the table covers 11-91).
var idProvinces = map[string]bool{}

func init() {
	for _, c := range strings.Fields(`11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46
		50 51 52 53 54 61 62 63 64 65 71 81 82 91`) {
		idProvinces[c] = true
	}
}

var (
	id15Re   = regexp.MustCompile(`^\d{15}$`)
	id18Re   = regexp.MustCompile(`^\d{17}[\dXx]$`)
	idWeight = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}
)

const idCheckDigits = "10X98765432"

// IDCard checks a mainland ID card number: 15 or 18 digits (the 18th may be X), a province code
// of the table, a valid birthday that is not in the future, and for 18 digits the check digit.
func IDCard(s string) (IDCardInfo, error) { return idCardAt(s, time.Now()) }

func idCardAt(s string, now time.Time) (IDCardInfo, error) {
	var birth string
	switch {
	case s == "":
		return IDCardInfo{}, nil
	case id18Re.MatchString(s):
		birth = s[6:14]
	case id15Re.MatchString(s):
		birth = "19" + s[6:12]
	default:
		return IDCardInfo{}, httpx.Fail("validate.idcard_format")
	}
	if !idProvinces[s[:2]] {
		return IDCardInfo{}, httpx.Fail("validate.idcard_province")
	}
	day, err := time.Parse("20060102", birth)
	if err != nil {
		return IDCardInfo{}, httpx.Fail("validate.idcard_birthday")
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if day.After(today) {
		return IDCardInfo{}, httpx.Fail("validate.idcard_future")
	}
	genderDigit := s[14]
	if len(s) == 18 {
		sum := 0
		for i, w := range idWeight {
			sum += int(s[i]-'0') * w
		}
		if idCheckDigits[sum%11] != strings.ToUpper(s[17:])[0] {
			return IDCardInfo{}, httpx.Fail("validate.idcard_check")
		}
		genderDigit = s[16]
	}
	gender := Female
	if (genderDigit-'0')%2 == 1 {
		gender = Male
	}
	return IDCardInfo{Birthday: day, Gender: gender}, nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"validate.number":          {"请输入数字", "Please enter a number"},
		"validate.max":             {"不能超过%s", "cannot exceed %s"},
		"validate.negative":        {"不能为负数", "cannot be negative"},
		"validate.max_length":      {"长度不能超过%d", "length cannot exceed %d"},
		"validate.decimals":        {"只能保留%d位小数", "only %d decimal places"},
		"validate.integer":         {"只能为整数", "must be a whole number"},
		"validate.plate":           {"请输入正确的车牌号", "Please enter a valid plate number"},
		"validate.mobile":          {"请输入正确的手机号码", "Please enter a valid mobile number"},
		"validate.landline":        {"请输入正确的固定电话，如 010-12345678", "Please enter a valid landline number, e.g. 010-12345678"},
		"validate.email":           {"请输入正确的邮箱地址", "Please enter a valid e-mail address"},
		"validate.postcode":        {"请输入6位邮政编码", "Please enter a 6-digit postcode"},
		"validate.idcard_format":   {"身份证号须为15位或18位数字（18位末位可为X）", "The ID card number must be 15 or 18 digits (the 18th may be X)"},
		"validate.idcard_province": {"身份证号的省份代码无效", "The ID card number has an invalid province code"},
		"validate.idcard_birthday": {"身份证号中的出生日期无效", "The birthday in the ID card number is not a valid date"},
		"validate.idcard_future":   {"身份证号中的出生日期不能晚于今天", "The birthday in the ID card number cannot be in the future"},
		"validate.idcard_check":    {"身份证号校验位不正确", "The check digit of the ID card number does not match"},
		"validate.file_suffix":     {"仅支持以下格式的文件：%s", "Only these file types are allowed: %s"},
	})
}
