package validate

import (
	"regexp"
	"unicode/utf8"
)

// Patterns of spec section 5 and of the account form. The browser has the same expressions
// (web/src/lib/validate.ts); testdata/validation_vectors.json holds the shared cases.
var (
	loginCodeRe = regexp.MustCompile(`^[A-Za-z0-9._-]{2,32}$`)
	mainlandRe  = regexp.MustCompile(`^1[34578]\d{9}$`)
	hongKongRe  = regexp.MustCompile(`^[5689]\d{7}$`)
	emailRe     = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`)
)

// Limits of the account form.
const (
	UserNameMax = 50
	EmailMax    = 100
)

// LoginCode: 2-32 letters, digits, dots, underscores or hyphens.
func LoginCode(s string) bool { return loginCodeRe.MatchString(s) }

// Mobile: a mainland mobile number (1[34578] plus 9 digits) or a Hong Kong 8-digit number.
func Mobile(s string) bool { return mainlandRe.MatchString(s) || hongKongRe.MatchString(s) }

// Email: a plain address, at most 100 characters.
func Email(s string) bool { return utf8.RuneCountInString(s) <= EmailMax && emailRe.MatchString(s) }
