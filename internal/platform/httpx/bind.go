package httpx

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Bind fills the struct dst points at from the request's parameters, field by field, so that a
// handler states its input once, as a type, and the API description is generated from it.
//
// A field is a parameter when it has a `param:"name"` tag (the spec's name; ",required" after it
// makes it required); untagged embedded structs are read as part of the outer one. Limits:
// `max:"N"` (characters of a text, the largest value of a number, items of a list), `min:"N"`
// (smallest value), `enum:"a,b"` (the allowed texts), `doc:"..."` (for the API description),
// `default:"N"` (an int's value when the parameter is absent or empty, as Input.Int's default).
//
// Field types: string; int (32-bit, as the INTEGER columns); int64 (a positive id; min:"0" lets 0
// through, a root's parent); bool;
// []string; []int64 (ids: a JSON array, repeated, or comma-separated); a pointer to one of those
// (nil when absent: a pointer to a list tells an empty list sent from none); anything else is JSON (a JSON value of the body, or JSON text in a form or
// query parameter). The readers are Input's, so the input rules (docs/api.md) hold as for every call.
func Bind(in *Input, dst any) (err error) {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("httpx.Bind: %T is not a pointer to a struct", dst))
	}
	defer catchConflict(&err)
	for _, f := range ParamsOf(v.Elem().Type()) {
		if err := f.bind(in, v.Elem().FieldByIndex(f.Index)); err != nil {
			return err
		}
	}
	return nil
}

// Param is one bound field of an input struct: what Bind reads and the API description shows.
type Param struct {
	Name     string
	Index    []int
	Type     reflect.Type
	Required bool
	Max, Min *int64
	Enum     []string
	Doc      string
	Default  *int64
	// Query: sent in the query string even on a POST (in:"query"); Bind reads it there as anywhere.
	Query bool
	// Types: the JSON types a text parameter also takes (types:"string,integer,boolean" for a 1/0/true/false
	// flag), for the API description; Bind reads any of them as text. A text parameter takes a JSON array or
	// object (as its JSON text) only when Types names "array".
	Types []string
}

var paramCache sync.Map // reflect.Type -> []Param

// ParamsOf lists the bound fields of an input struct type (a panic for a malformed tag: a
// programming error found by the first test that binds the type).
func ParamsOf(t reflect.Type) []Param {
	if ps, ok := paramCache.Load(t); ok {
		return ps.([]Param)
	}
	var ps []Param
	collectParams(t, nil, &ps)
	paramCache.Store(t, ps)
	return ps
}

func collectParams(t reflect.Type, index []int, ps *[]Param) {
	for i := range t.NumField() {
		sf := t.Field(i)
		idx := append(slices.Clone(index), i)
		tag, ok := sf.Tag.Lookup("param")
		if !ok {
			if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
				collectParams(sf.Type, idx, ps)
			}
			continue
		}
		if tag == "-" || !sf.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		p := Param{Name: name, Index: idx, Type: sf.Type, Required: opts == "required", Doc: sf.Tag.Get("doc"), Query: sf.Tag.Get("in") == "query"}
		p.Max, p.Min, p.Default = tagInt(sf, "max"), tagInt(sf, "min"), tagInt(sf, "default")
		if p.Default != nil && sf.Type != typeInt {
			panic(fmt.Sprintf("httpx: field %s: a default is for an int", sf.Name))
		}
		if e := sf.Tag.Get("enum"); e != "" {
			p.Enum = strings.Split(e, ",")
		}
		if ts := sf.Tag.Get("types"); ts != "" {
			p.Types = strings.Split(ts, ",")
		}
		*ps = append(*ps, p)
	}
}

func tagInt(sf reflect.StructField, key string) *int64 {
	s, ok := sf.Tag.Lookup(key)
	if !ok {
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		panic(fmt.Sprintf("httpx: field %s: bad %s tag %q", sf.Name, key, s))
	}
	return &n
}

// FileField marks the file part of a multipart upload in an input struct: Bind leaves it (the handler
// streams the file itself, under its own limits), the API description shows a multipart body.
type FileField struct{}

var (
	typeFile    = reflect.TypeFor[FileField]()
	typeString  = reflect.TypeFor[string]()
	typeInt     = reflect.TypeFor[int]()
	typeID      = reflect.TypeFor[int64]()
	typeBool    = reflect.TypeFor[bool]()
	typeStrings = reflect.TypeFor[[]string]()
	typeIDs     = reflect.TypeFor[[]int64]()
)

func (p Param) bind(in *Input, dst reflect.Value) error {
	t := p.Type
	if t.Kind() == reflect.Pointer && (isScalar(t.Elem()) || t.Elem() == typeIDs || t.Elem() == typeStrings) {
		if !in.Has(p.Name) {
			if p.Required {
				return Fail("http.required", p.Name)
			}
			return nil
		}
		v := reflect.New(t.Elem())
		if err := (Param{Name: p.Name, Type: t.Elem(), Max: p.Max, Min: p.Min, Enum: p.Enum}).bind(in, v.Elem()); err != nil {
			return err
		}
		dst.Set(v)
		return nil
	}
	switch t {
	case typeFile:
		return nil
	case typeString:
		if err := in.notText(p.Name, false); err != nil && !slices.Contains(p.Types, "array") {
			return err
		}
		s := in.String(p.Name)
		if p.Required && strings.TrimSpace(s) == "" {
			return Fail("http.required", p.Name)
		}
		if p.Max != nil && int64(utf8.RuneCountInString(s)) > *p.Max {
			return Fail("http.too_long", p.Name, *p.Max)
		}
		if len(p.Enum) > 0 && s != "" && !slices.Contains(p.Enum, s) {
			return Fail("http.bad_choice", p.Name, strings.Join(p.Enum, ", "))
		}
		dst.SetString(s)
	case typeInt:
		if p.Required && strings.TrimSpace(in.String(p.Name)) == "" {
			return Fail("http.required", p.Name)
		}
		def := 0
		if p.Default != nil {
			def = int(*p.Default)
		}
		n, err := in.Int(p.Name, def)
		if err != nil {
			return err
		}
		if (p.Min != nil && int64(n) < *p.Min) || (p.Max != nil && int64(n) > *p.Max) {
			lo, hi := int64(math.MinInt32), int64(math.MaxInt32)
			if p.Min != nil {
				lo = *p.Min
			}
			if p.Max != nil {
				hi = *p.Max
			}
			return BadRequest("http.out_of_range", p.Name, lo, hi)
		}
		if len(p.Enum) > 0 && in.Has(p.Name) && !slices.Contains(p.Enum, strconv.Itoa(n)) {
			return Fail("http.bad_choice", p.Name, strings.Join(p.Enum, ", "))
		}
		dst.SetInt(int64(n))
	case typeID:
		if strings.TrimSpace(in.String(p.Name)) == "" {
			if p.Required {
				return Fail("http.required", p.Name)
			}
			return nil
		}
		s := strings.TrimSpace(in.String(p.Name))
		if p.Min != nil && *p.Min == 0 && s == "0" { // an id where 0 means none (a root's parent)
			dst.SetInt(0)
			return nil
		}
		id, err := ParseID(p.Name, s)
		if err != nil {
			if e, ok := err.(*Error); ok && e.Key == "http.not_positive" && p.Min != nil && *p.Min == 0 {
				return BadRequest("http.negative", p.Name) // 0 is allowed: what is wrong is the sign
			}
			return err
		}
		dst.SetInt(id)
	case typeBool:
		if p.Required && !in.Has(p.Name) {
			return Fail("http.required", p.Name)
		}
		dst.SetBool(in.Bool(p.Name))
	case typeStrings:
		if err := in.notText(p.Name, true); err != nil {
			return err
		}
		ss := in.Strings(p.Name)
		if p.Required && len(ss) == 0 {
			return Fail("http.required", p.Name)
		}
		if p.Max != nil && int64(len(ss)) > *p.Max {
			return Fail("http.too_many", p.Name, *p.Max)
		}
		dst.Set(reflect.ValueOf(ss))
	case typeIDs:
		if !p.Required && len(in.Strings(p.Name)) == 0 {
			return nil
		}
		ids, err := in.IDs(p.Name)
		if err != nil {
			return err
		}
		if p.Max != nil && int64(len(ids)) > *p.Max {
			return Fail("http.too_many", p.Name, *p.Max)
		}
		dst.Set(reflect.ValueOf(ids))
	default:
		if p.Required && !in.Has(p.Name) {
			return Fail("http.required", p.Name)
		}
		return in.Decode(p.Name, dst.Addr().Interface())
	}
	return nil
}

func isScalar(t reflect.Type) bool {
	return t == typeString || t == typeInt || t == typeID || t == typeBool
}

func init() {
	RegisterMessages(map[string][2]string{
		"http.too_long":   {"参数 %s 不能超过 %d 个字符", "Parameter %s may have at most %d characters"},
		"http.too_many":   {"参数 %s 最多 %d 项", "Parameter %s may have at most %d items"},
		"http.bad_choice": {"参数 %s 只能取 %s", "Parameter %s must be one of %s"},
	})
}
