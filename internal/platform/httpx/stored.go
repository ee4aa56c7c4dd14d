package httpx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Stored is server text kept for a later reader instead of finished text (a message to-do written now and read
// by someone whose language is known only then): its lines, each a message key with its arguments, joined by
// line feeds when rendered. Arguments are strings, numbers or Msg (a key rendered in the reader's language).
type Stored []Line

// Line is one message key and its arguments.
type Line struct {
	Key  string
	Args []any
}

// Say starts a Stored text with one line.
func Say(key string, args ...any) Stored { return Stored{{Key: key, Args: args}} }

// And adds a line.
func (s Stored) And(key string, args ...any) Stored {
	return append(append(Stored{}, s...), Line{Key: key, Args: args})
}

// Render is the text in lang.
func (s Stored) Render(lang string) string {
	parts := make([]string, len(s))
	for i, l := range s {
		parts[i] = Translate(lang, l.Key, l.Args...)
	}
	return strings.Join(parts, "\n")
}

// storedArg is an argument as stored: a key rendered in the reader's language, or a value.
type storedArg struct {
	Msg string `json:"m"`
}

type storedLine struct {
	Key  string            `json:"k"`
	Args []json.RawMessage `json:"a,omitempty"`
}

// Encode is the text as stored (JSON); an empty text is "".
func (s Stored) Encode() (string, error) {
	if len(s) == 0 {
		return "", nil
	}
	out := make([]storedLine, len(s))
	for i, l := range s {
		out[i].Key = l.Key
		for _, a := range l.Args {
			var v any = a
			switch m := a.(type) {
			case Msg:
				v = storedArg{Msg: string(m)}
			case string, int, int32, int64, float64, json.Number:
			default:
				return "", fmt.Errorf("stored text %s: argument of type %T", l.Key, a)
			}
			b, err := json.Marshal(v)
			if err != nil {
				return "", fmt.Errorf("stored text %s: %w", l.Key, err)
			}
			out[i].Args = append(out[i].Args, b)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("stored text: %w", err)
	}
	return string(b), nil
}

// DecodeStored reads a text Encode wrote.
func DecodeStored(enc string) (Stored, error) {
	var in []storedLine
	if err := json.Unmarshal([]byte(enc), &in); err != nil {
		return nil, fmt.Errorf("stored text: %w", err)
	}
	out := make(Stored, len(in))
	for i, l := range in {
		out[i].Key = l.Key
		for _, raw := range l.Args {
			raw = bytes.TrimSpace(raw)
			var v any
			switch {
			case len(raw) > 0 && raw[0] == '{':
				var m storedArg
				if err := json.Unmarshal(raw, &m); err != nil {
					return nil, fmt.Errorf("stored text %s: %w", l.Key, err)
				}
				v = Msg(m.Msg)
			case len(raw) > 0 && raw[0] == '"':
				var s string
				if err := json.Unmarshal(raw, &s); err != nil {
					return nil, fmt.Errorf("stored text %s: %w", l.Key, err)
				}
				v = s
			default:
				var n json.Number
				if err := json.Unmarshal(raw, &n); err != nil {
					return nil, fmt.Errorf("stored text %s: %w", l.Key, err)
				}
				if k, err := n.Int64(); err == nil {
					v = k
				} else if f, err := n.Float64(); err == nil {
					v = f
				} else {
					return nil, fmt.Errorf("stored text %s: argument %s", l.Key, raw)
				}
			}
			out[i].Args = append(out[i].Args, v)
		}
	}
	return out, nil
}

// RenderStored is a stored text in lang, or fallback (the text written at the time, in zh-CN) when none was
// stored, it cannot be read, or one of its keys is no longer known (a renamed key must not show as a key).
func RenderStored(enc, lang, fallback string) string {
	if enc == "" {
		return fallback
	}
	s, err := DecodeStored(enc)
	if err != nil {
		return fallback
	}
	catalogueMu.RLock()
	for _, l := range s {
		if _, ok := catalogue[l.Key]; !ok {
			catalogueMu.RUnlock()
			return fallback
		}
	}
	catalogueMu.RUnlock()
	return s.Render(lang)
}
