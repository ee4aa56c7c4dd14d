package org

import (
	"context"
	"strings"
	"unicode"

	"github.com/mozillazg/go-pinyin"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
)

// initialsArgs turns each Han character into the first letter of its most common reading.
var initialsArgs = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Style = pinyin.FirstLetter
	a.Fallback = func(r rune, _ pinyin.Args) []string { return nil }
	return a
}()

// NameInitials is what the picker's pinyin search matches: 王建国 → wjg. Latin letters and digits
// stay (lower case); anything else is dropped. A character with two readings takes its most common one.
func NameInitials(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(unicode.ToLower(r))
		case unicode.Is(unicode.Han, r):
			if p := pinyin.SinglePinyin(r, initialsArgs); len(p) > 0 {
				b.WriteString(p[0])
			}
		}
	}
	return b.String()
}

// isInitials tells a search term that is pinyin initials (letters only) from a name.
func isInitials(term string) bool {
	if term == "" || len(term) > 20 {
		return false
	}
	for _, r := range term {
		if r > unicode.MaxASCII || !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// FillInitials writes the initials of the employees that have none (rows older than the column, or
// written by a path that does not know it), in one transaction.
func (s *Store) FillInitials(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "org: fill initials")
	rows, err := s.db.Query(ctx, `SELECT code, name FROM employee WHERE name_initials = '' AND name <> ''`)
	if err != nil {
		return err
	}
	type pending struct{ code, initials string }
	var todo []pending
	for rows.Next() {
		var code, name string
		if err := rows.Scan(&code, &name); err != nil {
			rows.Close()
			return err
		}
		if in := NameInitials(name); in != "" {
			todo = append(todo, pending{code, in})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(todo) == 0 {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, p := range todo {
			if _, err := tx.Exec(ctx, `UPDATE employee SET name_initials = ? WHERE code = ?`, p.initials, p.code); err != nil {
				return err
			}
		}
		return nil
	})
}
