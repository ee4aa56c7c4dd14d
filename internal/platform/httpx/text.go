package httpx

import (
	"unicode/utf8"
)

// ValidText tells whether s may be taken as text: valid UTF-8 without control characters
// (NUL, the other C0 and C1 controls, DEL) except tab, line feed and carriage return, which
// multi-line fields need. PostgreSQL refuses NUL and invalid UTF-8 while SQLite stores them,
// so the rule is decided here, once, for both databases.
func ValidText(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || (r >= 0x80 && r <= 0x9f) {
			return false
		}
		i += size
	}
	return true
}

// checkText refuses a parameter (its name or a value) that is not ValidText.
func checkText(name string, values ...string) error {
	if !ValidText(name) {
		return BadRequest("http.bad_text_name")
	}
	for _, v := range values {
		if !ValidText(v) {
			return BadRequest("http.bad_text", name)
		}
	}
	return nil
}
