package tasks

import (
	"encoding/json"
	"fmt"
	"strings"

	"biddesk/internal/platform/httpx"
)

// sayPrefix marks a run's message stored as a message key and its arguments, shown in the reader's language.
const sayPrefix = "i18n:"

type said struct {
	Key  string `json:"k"`
	Args []any  `json:"a,omitempty"`
}

// Say is a task's message as a message key (registered with httpx.RegisterMessages) and its arguments:
// the task log shows it in the language of whoever reads it.
func Say(key string, args ...any) string {
	b, err := json.Marshal(said{key, args})
	if err != nil {
		return key
	}
	return sayPrefix + string(b)
}

// render is a stored message in lang: a Say is translated (an error appended after it stays as written).
func render(msg, lang string) string {
	if !strings.HasPrefix(msg, sayPrefix) {
		return msg
	}
	head, rest, _ := strings.Cut(strings.TrimPrefix(msg, sayPrefix), "\n")
	var s said
	if err := json.Unmarshal([]byte(head), &s); err != nil {
		return msg
	}
	for i, a := range s.Args {
		if f, ok := a.(float64); ok && f == float64(int64(f)) {
			s.Args[i] = int64(f) // JSON numbers come back as floats; %d wants an integer
		}
	}
	out := httpx.Translate(lang, s.Key, s.Args...)
	if rest != "" {
		out += ": " + rest
	}
	return out
}

// joinError appends a run's error to its message.
func joinError(msg string, err error) string {
	switch {
	case err == nil:
		return msg
	case msg == "":
		return err.Error()
	case strings.HasPrefix(msg, sayPrefix):
		return msg + "\n" + err.Error()
	default:
		return fmt.Sprintf("%s: %v", msg, err)
	}
}
