package apidoc

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Checker checks answers against a generated description: the tests run every answer of a generated
// operation through it, so a handler whose answer differs from its declared type fails them.
type Checker struct {
	schemas map[string]any
	ops     map[string]map[string]any // "GET /path" -> data schema
}

// NewChecker reads a document written by Build.
func NewChecker(doc []byte) (*Checker, error) {
	var d struct {
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
		Paths map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	c := &Checker{schemas: d.Components.Schemas, ops: map[string]map[string]any{}}
	for path, ops := range d.Paths {
		for method, op := range ops {
			if op[Generated] != true {
				continue
			}
			if data, ok := dig(op, "responses", "200", "content", "application/json", "schema", "allOf", 1, "properties", "data").(map[string]any); ok {
				c.ops[strings.ToUpper(method)+" "+path] = data
			}
		}
	}
	return c, nil
}

func dig(v any, keys ...any) any {
	for _, k := range keys {
		switch key := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[key]
		case int:
			a, _ := v.([]any)
			if key >= len(a) {
				return nil
			}
			v = a[key]
		}
	}
	return v
}

// Check checks the data of a successful answer of method and path (false when the operation is not
// a generated one, which is not checked).
func (c *Checker) Check(method, path string, data json.RawMessage) (bool, error) {
	schema, ok := c.ops[method+" "+path]
	if !ok {
		return false, nil
	}
	var v any
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return true, err
	}
	return true, c.value(schema, v, "data")
}

func (c *Checker) value(s map[string]any, v any, at string) error {
	if ref, ok := s["$ref"].(string); ok {
		def, _ := c.schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
		if def == nil {
			return fmt.Errorf("%s: unknown schema %s", at, ref)
		}
		return c.value(def, v, at)
	}
	if alts, ok := s["oneOf"].([]any); ok {
		var errs []string
		for _, a := range alts {
			err := c.value(a.(map[string]any), v, at)
			if err == nil {
				return nil
			}
			errs = append(errs, err.Error())
		}
		return fmt.Errorf("%s: matches no alternative (%s)", at, strings.Join(errs, "; "))
	}
	if enum, ok := s["enum"].([]any); ok && v != nil {
		found := false
		for _, e := range enum {
			if fmt.Sprint(e) == fmt.Sprint(v) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s: %v is not one of %v", at, v, enum)
		}
	}
	types := typesOf(s["type"])
	if len(types) == 0 {
		return nil
	}
	got := jsonType(v)
	if !types[got] && !(got == "integer" && types["number"]) {
		return fmt.Errorf("%s: %s where the schema says %v", at, got, s["type"])
	}
	switch got {
	case "object":
		obj := v.(map[string]any)
		props, _ := s["properties"].(map[string]any)
		for _, r := range asStrings(s["required"]) {
			if _, ok := obj[r]; !ok {
				return fmt.Errorf("%s: %s is missing", at, r)
			}
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if p, ok := props[k].(map[string]any); ok {
				if err := c.value(p, obj[k], at+"."+k); err != nil {
					return err
				}
				continue
			}
			if extra, ok := s["additionalProperties"].(map[string]any); ok {
				if err := c.value(extra, obj[k], at+"."+k); err != nil {
					return err
				}
			} else if s["additionalProperties"] == false {
				return fmt.Errorf("%s: %s is not in the schema", at, k)
			}
		}
	case "array":
		items, _ := s["items"].(map[string]any)
		for i, item := range v.([]any) {
			if items != nil {
				if err := c.value(items, item, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func typesOf(t any) map[string]bool {
	out := map[string]bool{}
	switch tt := t.(type) {
	case string:
		out[tt] = true
	case []any:
		for _, x := range tt {
			out[fmt.Sprint(x)] = true
		}
	}
	return out
}

func asStrings(v any) []string {
	a, _ := v.([]any)
	out := make([]string, 0, len(a))
	for _, x := range a {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

func jsonType(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if t == float64(int64(t)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}
