package dataset

import (
	"strconv"
	"strings"

	"biddesk/internal/platform/httpx"
)

// MaxParams bounds a dataset's named parameters.
const MaxParams = 20

// parsed is a dataset's statement ready to run: the text with each named parameter replaced by a
// placeholder of the dialect, and the parameter of each placeholder in order.
type parsed struct {
	text  string
	order []string // the parameter name of each placeholder
	names []string // each name once, in first appearance
}

// parse reads a dataset's SQL: one statement, a SELECT or a WITH, named parameters written :name
// (a PostgreSQL cast '::' is not one). It does not decide what the statement may do: the read-only
// connection, the allow-list of tables and the statement's time limit do (see run.go). It refuses
// what would let a statement hide from that reading: a second statement, placeholders other than
// :name, an unclosed string or comment. Comments are dropped. pg numbers the placeholders ($1...).
func parse(sqlText string, pg bool) (*parsed, error) {
	var b strings.Builder
	p := &parsed{}
	seen := map[string]bool{}
	s := sqlText
	n := len(s)
	ended := false // a ';' was met: only blanks may follow
	for i := 0; i < n; {
		c := s[i]
		if ended && !isSpace(c) {
			if c == '-' && i+1 < n && s[i+1] == '-' || c == '/' && i+1 < n && s[i+1] == '*' {
				// a comment after the end is still a comment
			} else {
				return nil, httpx.Fail("dataset.one_statement")
			}
		}
		switch {
		case c == '\'' || c == '"' || c == '`' || c == '[':
			end := byte(c)
			if c == '[' {
				end = ']'
			}
			j := i + 1
			for {
				if j >= n {
					return nil, httpx.Fail("dataset.unclosed")
				}
				if s[j] == end {
					if end != ']' && j+1 < n && s[j+1] == end { // doubled quote
						j += 2
						continue
					}
					break
				}
				j++
			}
			if c != '\'' && strings.ContainsAny(s[i:j+1], "?$:") {
				return nil, httpx.Fail("dataset.bad_identifier")
			}
			b.WriteString(s[i : j+1])
			i = j + 1
		case c == '-' && i+1 < n && s[i+1] == '-':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				i = n
			} else {
				i += j
			}
			b.WriteByte(' ')
		case c == '/' && i+1 < n && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return nil, httpx.Fail("dataset.unclosed")
			}
			if strings.Contains(s[i+2:i+2+j], "/*") { // PostgreSQL nests comments, SQLite does not
				return nil, httpx.Fail("dataset.unclosed")
			}
			i += j + 4
			b.WriteByte(' ')
		case c == ';':
			ended = true
			i++
		case c == ':' && i+1 < n && s[i+1] == ':':
			b.WriteString("::")
			i += 2
		case c == ':' && i+1 < n && isNameStart(s[i+1]):
			j := i + 1
			for j < n && isNamePart(s[j]) {
				j++
			}
			name := s[i+1 : j]
			if !seen[name] {
				if len(p.names) == MaxParams {
					return nil, httpx.Fail("dataset.too_many_params", MaxParams)
				}
				seen[name] = true
				p.names = append(p.names, name)
			}
			p.order = append(p.order, name)
			if pg {
				b.WriteString("$" + strconv.Itoa(len(p.order)))
			} else {
				b.WriteByte('?')
			}
			i = j
		case c == '?' || c == '$' || c == '@' || c == ':' || c == '\\':
			return nil, httpx.Fail("dataset.bad_placeholder", string(c))
		default:
			b.WriteByte(c)
			i++
		}
	}
	p.text = strings.TrimSpace(b.String())
	first := strings.ToUpper(firstWord(p.text))
	if first != "SELECT" && first != "WITH" {
		return nil, httpx.Fail("dataset.select_only")
	}
	return p, nil
}

func firstWord(s string) string {
	s = strings.TrimLeft(s, " \t\r\n(")
	i := 0
	for i < len(s) && isNamePart(s[i]) {
		i++
	}
	return s[:i]
}

func isSpace(c byte) bool     { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNamePart(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' }
