// Package validate holds the input rules of spec section 5 that the server enforces too.
// The browser has the same rules (web/src/lib/validate.ts); testdata/validation_vectors.json
// is read by the tests of both, so the two sides cannot drift.
package validate

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Password rule of spec section 5: 6-16 characters, at least 2 of the 4 kinds
// (upper case, lower case, digit, symbol).
const (
	PasswordMin = 6
	PasswordMax = 16
)

// PasswordKinds counts how many of the four character kinds s contains.
func PasswordKinds(s string) int {
	var upper, lower, digit, symbol bool
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= '0' && r <= '9':
			digit = true
		case unicode.IsSpace(r):
			// spaces count as no kind
		default:
			symbol = true
		}
	}
	n := 0
	for _, b := range []bool{upper, lower, digit, symbol} {
		if b {
			n++
		}
	}
	return n
}

// PasswordOK tells whether s meets the spec's strength rule.
func PasswordOK(s string) bool {
	n := utf8.RuneCountInString(s)
	return n >= PasswordMin && n <= PasswordMax && PasswordKinds(s) >= 2 && !strings.ContainsAny(s, " \t\r\n")
}

// commonPasswords are refused even though they meet the rule: they are the first ones guessed.
var commonPasswords = map[string]bool{}

func init() {
	for _, p := range []string{
		"password1", "password123", "passw0rd", "p@ssw0rd", "p@ssword", "qwerty123", "qwe123", "qwe123456",
		"abc123", "abc12345", "abc123456", "a123456", "a1234567", "a12345678", "123456a", "123456abc",
		"admin123", "admin@123", "admin1234", "1qaz2wsx", "1q2w3e4r", "1q2w3e", "zxc123", "asd123",
		"aa123456", "woaini1314", "iloveyou1", "123qwe", "123abc", "test123", "root123", "welcome1",
		"huawei123", "abcd1234", "qwer1234", "asdf1234", "zxcv1234", "12345qwert", "q1w2e3r4",
	} {
		commonPasswords[p] = true
	}
}

// PasswordCommon tells whether s is on the deny-list of common passwords (case-insensitive).
func PasswordCommon(s string) bool { return commonPasswords[strings.ToLower(s)] }
