package httpx

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
)

// Encoded is a cached value with its JSON written once: a handler that answers the same value to every caller
// (the dictionary cache, the menu tree) hands out the bytes instead of encoding the value on each call, which was
// a third of such a call's work. The value must not change after Encode; its API schema is T's.
type Encoded[T any] struct {
	Value T
	json  []byte
}

// Encode writes v's JSON once.
func Encode[T any](v T) (*Encoded[T], error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &Encoded[T]{Value: v, json: b}, nil
}

// MarshalJSON answers the JSON written by Encode.
func (e *Encoded[T]) MarshalJSON() ([]byte, error) { return e.json, nil }

// OpenAPIAs describes the JSON as T (apidoc.Describer).
func (e *Encoded[T]) OpenAPIAs() any {
	var v T
	return v
}

func (e *Encoded[T]) encodedJSON() []byte { return e.json }

// preEncoded is an answer whose JSON is written already (an Encoded of any type).
type preEncoded interface{ encodedJSON() []byte }

// jsonType and noStore are the header values of every pre-encoded answer, made once (writeEncoded).
var jsonType, noStore = []string{"application/json; charset=utf-8"}, []string{"no-store"}

// writeEncoded writes the envelope of a successful answer around JSON encoded before, byte for byte what
// WriteJSON would write: through encoding/json, a Marshaler's output is scanned and compacted again on
// every call, which was most of the CPU time of the cached calls (the dictionaries, the menu tree).
func writeEncoded(w http.ResponseWriter, message string, data []byte) {
	msg, _ := json.Marshal(message) // a string always encodes
	head := make([]byte, 0, len(msg)+32)
	head = append(head, `{"code":0,"message":`...)
	head = append(head, msg...)
	head = append(head, `,"data":`...)
	const tail = "}\n"
	h := w.Header()
	h["Content-Type"], h["Cache-Control"] = jsonType, noStore
	// the length known, the bytes go out as they are: no copy of the (large) answer per call, no chunking
	h.Set("Content-Length", strconv.Itoa(len(head)+len(data)+len(tail)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(head)
	_, _ = w.Write(data)
	_, _ = io.WriteString(w, tail)
}
