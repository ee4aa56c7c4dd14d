package httpx

import "encoding/json"

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
