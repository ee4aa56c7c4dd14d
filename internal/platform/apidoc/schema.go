// Package apidoc generates the OpenAPI 3.1 description of the API from the route table: each typed
// route's input struct (httpx.Bind's tags) and answer type, by reflection. The routes not converted yet
// keep their hand-written operation from api/legacy-openapi.json, which may only shrink.
package apidoc

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Namer lets a type choose its schema name (to keep a name the web already uses).
type Namer interface{ OpenAPIName() string }

// Describer lets a type that writes its own JSON (a json.Marshaler) name the type that describes what it
// writes: OpenAPIAs returns a value of that type.
type Describer interface{ OpenAPIAs() any }

// Opener marks a struct whose JSON holds more properties than its fields say (a record of a type with
// fields of its own): its schema allows other properties.
type Opener interface{ OpenAPIOpen() }

// prefixes put an area's name before its type names (dict.Item is DictItem); an area not listed
// takes its package name, title-cased, and the shared packages none.
var prefixes = map[string]string{
	"library": "Lib", "users": "Sys", "external": "Ext", "sysconfig": "Sys",
	"access": "", "auth": "", "audit": "", "files": "", "httpx": "", "route": "", "list": "", "apidoc": "",
}

// schemas builds the components of one document: each named struct once, under a name no other
// type has.
type schemas struct {
	defs  map[string]any
	names map[reflect.Type]string
	owner map[string]reflect.Type
	err   error
}

func newSchemas() *schemas {
	return &schemas{defs: map[string]any{}, names: map[reflect.Type]string{}, owner: map[string]reflect.Type{}}
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	rawType       = reflect.TypeFor[json.RawMessage]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
	namerType     = reflect.TypeFor[Namer]()
	describerType = reflect.TypeFor[Describer]()
	openerType    = reflect.TypeFor[Opener]()
)

// nameOf is the schema name of a named type: its OpenAPIName, or the area prefix and the type name;
// a generic type's arguments come first (list.Page[dict.Item] is DictItemPage).
func nameOf(t reflect.Type) string {
	if t.Implements(namerType) {
		return reflect.Zero(t).Interface().(Namer).OpenAPIName()
	}
	name := t.Name()
	base, args, generic := strings.Cut(name, "[")
	if generic {
		var b strings.Builder
		for _, a := range strings.Split(strings.TrimSuffix(args, "]"), ",") {
			a = strings.TrimPrefix(strings.TrimSpace(a), "*")
			pkg, typ := "", a
			if i := strings.LastIndex(a, "."); i >= 0 {
				pkg, typ = a[:i], a[i+1:]
				pkg = pkg[strings.LastIndex(pkg, "/")+1:]
			}
			b.WriteString(prefixed(pkg, typ))
		}
		return b.String() + base
	}
	pkg := t.PkgPath()
	return prefixed(pkg[strings.LastIndex(pkg, "/")+1:], name)
}

func prefixed(pkg, typ string) string {
	p, ok := prefixes[pkg]
	if !ok {
		p = titled(pkg)
	}
	if p == "" || strings.HasPrefix(strings.ToLower(typ), strings.ToLower(p)) {
		return titled(typ)
	}
	return p + titled(typ)
}

func titled(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// of is the schema of a Go type as encoding/json writes it.
func (s *schemas) of(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == rawType, t.Kind() == reflect.Interface:
		return map[string]any{}
	case t.Implements(describerType) && (t.Kind() != reflect.Pointer || !t.Elem().Implements(describerType)):
		// a pointer whose method writes the JSON describes itself like a value (never nil in an answer)
		return s.of(reflect.TypeOf(reflect.New(t).Elem().Interface().(Describer).OpenAPIAs()))
	case t.Kind() == reflect.Pointer && t.Elem().Implements(describerType):
		return s.of(t.Elem())
	case t.Kind() != reflect.Pointer && t.Implements(marshalerType):
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(s.of(t.Elem()))
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		elem := t.Elem()
		if elem.Kind() == reflect.Pointer {
			elem = elem.Elem() // a list of pointers (a tree's children) never holds null
		}
		return map[string]any{"type": "array", "items": s.of(elem)}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": s.of(t.Elem())}
	case reflect.Struct:
		if t.Name() == "" {
			return s.object(t)
		}
		return s.ref(t)
	}
	s.fail(fmt.Errorf("apidoc: %s cannot be described", t))
	return map[string]any{}
}

func (s *schemas) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// ref defines a named struct once and points at it.
func (s *schemas) ref(t reflect.Type) map[string]any {
	name, ok := s.names[t]
	if !ok {
		name = nameOf(t)
		if other, taken := s.owner[name]; taken && other != t {
			s.fail(fmt.Errorf("apidoc: %s and %s are both named %s (give one an OpenAPIName)", other, t, name))
		}
		s.names[t], s.owner[name] = name, t
		s.defs[name] = map[string]any{} // a recursive type refers to itself while being defined
		s.defs[name] = s.object(t)
	}
	return map[string]any{"$ref": "#/components/schemas/" + name}
}

// object describes a struct's JSON fields: embedded structs flattened, omitempty fields optional,
// no other property allowed (so that a test notices an answer that says more than its type).
func (s *schemas) object(t reflect.Type) map[string]any {
	props, required := map[string]any{}, []string{}
	s.fields(t, props, &required)
	o := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if t.Implements(openerType) || reflect.PointerTo(t).Implements(openerType) {
		delete(o, "additionalProperties")
	}
	if len(required) > 0 {
		o["required"] = required
	}
	return o
}

func (s *schemas) fields(t reflect.Type, props map[string]any, required *[]string) {
	// the struct's own fields first, then the embedded ones': a shallower field hides a deeper one of the
	// same name, as encoding/json writes it
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		var p map[string]any
		if strings.Contains(","+opts+",", ",string,") {
			p = map[string]any{"type": "string"}
		} else {
			p = s.of(ft)
		}
		p = withTags(p, f)
		if _, hidden := props[name]; hidden {
			continue
		}
		props[name] = p
		if !strings.Contains(","+opts+",", ",omitempty,") && !strings.Contains(","+opts+",", ",omitzero,") {
			*required = append(*required, name)
		}
	}
	for _, ft := range embedded {
		inner, innerRequired := map[string]any{}, []string{}
		s.fields(ft, inner, &innerRequired)
		for _, name := range innerRequired { // in the fields' order
			if _, hidden := props[name]; !hidden {
				*required = append(*required, name)
			}
		}
		for name, p := range inner {
			if _, hidden := props[name]; !hidden {
				props[name] = p
			}
		}
	}
}

// withTags adds a field's doc, enum and types tags to its schema.
func withTags(p map[string]any, f reflect.StructField) map[string]any {
	doc, hasDoc := f.Tag.Lookup("doc")
	enum, hasEnum := f.Tag.Lookup("enum")
	types, hasTypes := f.Tag.Lookup("types")
	if !hasDoc && !hasEnum && !hasTypes {
		return p
	}
	out := map[string]any{}
	for k, v := range p {
		out[k] = v
	}
	if hasTypes { // an interface field says what it may hold: types:"string,integer"
		var ts []any
		for _, t := range strings.Split(types, ",") {
			ts = append(ts, t)
		}
		out["type"] = ts
	}
	if hasDoc {
		out["description"] = doc
	}
	if hasEnum {
		var vals []any
		for _, v := range strings.Split(enum, ",") {
			if n, err := strconv.Atoi(v); err == nil && out["type"] == "integer" {
				vals = append(vals, n)
			} else {
				vals = append(vals, v)
			}
		}
		out["enum"] = vals
	}
	return out
}

func nullable(p map[string]any) map[string]any {
	if _, ok := p["$ref"]; ok {
		return map[string]any{"oneOf": []any{p, map[string]any{"type": "null"}}}
	}
	if t, ok := p["type"].(string); ok {
		out := map[string]any{}
		for k, v := range p {
			out[k] = v
		}
		out["type"] = []any{t, "null"}
		return out
	}
	return p
}
