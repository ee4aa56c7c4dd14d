package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxJSONBody bounds a JSON or form body; uploads use their own limits.
const MaxJSONBody = 1 << 20

// maxJSONDepth bounds the nesting of a JSON body (no call needs more than a few levels).
const maxJSONDepth = 32

// Input is the parameters of a request, from a JSON body, a form body or the query string.
// The spec's clients send the same names either way, so handlers read them by name.
//
// Input rules (docs/api.md, "Input rules"), decided here once for every call and both databases:
// every name and text value is ValidText; a JSON body has no duplicate keys; a parameter read as
// one value (String, Int, ID, Bool, Decode) that was sent with different values (repeated, or in
// the body and the query) is refused, while list readers (Strings, IDs) take repeated values.
type Input struct {
	json  map[string]any
	form  url.Values
	query url.Values
}

// ReadInput parses the request's parameters once.
func ReadInput(w http.ResponseWriter, r *http.Request) (*Input, error) {
	q, err := parseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, err
	}
	in := &Input{query: q}
	if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return in, nil
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxJSONBody))
		if err != nil {
			return nil, bodyError(err)
		}
		if len(bytes.TrimSpace(body)) == 0 {
			return in, nil
		}
		if in.json, err = decodeJSON(body); err != nil {
			return nil, err
		}
	case "application/x-www-form-urlencoded":
		if in.form, err = postForm(w, r); err != nil {
			return nil, err
		}
	case "multipart/form-data":
		r.Body = http.MaxBytesReader(w, r.Body, MaxJSONBody)
		if err := r.ParseMultipartForm(MaxJSONBody); err != nil {
			return nil, bodyError(err)
		}
		for name, vs := range r.MultipartForm.Value {
			if err := checkText(name, vs...); err != nil {
				return nil, err
			}
		}
		for name, fs := range r.MultipartForm.File {
			for _, f := range fs {
				if err := checkText(name, f.Filename); err != nil {
					return nil, err
				}
			}
		}
		in.form = r.MultipartForm.Value
	}
	return in, nil
}

// parseQuery reads a query string strictly: a malformed escape or a semicolon separator is
// refused rather than dropped (url.URL.Query drops them silently), and every name and value
// must be ValidText.
func parseQuery(raw string) (url.Values, error) {
	v, err := url.ParseQuery(raw)
	if err != nil {
		return nil, ErrBadInput
	}
	for name, vs := range v {
		if err := checkText(name, vs...); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// postForm reads an application/x-www-form-urlencoded body strictly (see parseQuery) and keeps it
// as r.PostForm, so that readers after this one (the session token's) see the same values.
// A body parsed already (by the token check before the route) is taken as it is.
func postForm(w http.ResponseWriter, r *http.Request) (url.Values, error) {
	if r.PostForm != nil {
		return r.PostForm, nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxJSONBody))
	if err != nil {
		return nil, bodyError(err)
	}
	v, err := parseQuery(string(body))
	if err != nil {
		return nil, err
	}
	r.PostForm = v
	return v, nil
}

func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return ErrTooLarge
	}
	return ErrBadInput
}

// decodeJSON reads a JSON object body: valid UTF-8 (encoding/json would silently turn bad bytes
// into U+FFFD), no duplicate key at any level (encoding/json would keep the last one), text
// values and keys ValidText, numbers kept as their literal text (json.Number), so that an id
// beyond 2^53 is not rounded and 1e309 or 1.5 is refused by the integer readers.
func decodeJSON(body []byte) (map[string]any, error) {
	if !utf8.Valid(body) {
		return nil, BadRequest("http.bad_text", "JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, ErrBadInput
	}
	obj, err := readObject(dec, "", 1)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, ErrBadInput // a second value after the object
	}
	return obj, nil
}

func readObject(dec *json.Decoder, path string, depth int) (map[string]any, error) {
	if depth > maxJSONDepth {
		return nil, ErrBadInput
	}
	m := map[string]any{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, ErrBadInput
		}
		key, _ := tok.(string)
		if err := checkText(key); err != nil {
			return nil, err
		}
		at := key
		if path != "" {
			at = path + "." + key
		}
		if _, dup := m[key]; dup {
			return nil, BadRequest("http.duplicate_key", at) // whatever the values: which one was meant is unknown
		}
		if m[key], err = readValue(dec, at, depth); err != nil {
			return nil, err
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, ErrBadInput
	}
	return m, nil
}

func readValue(dec *json.Decoder, path string, depth int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, ErrBadInput
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return readObject(dec, path, depth+1)
		}
		if depth+1 > maxJSONDepth {
			return nil, ErrBadInput
		}
		arr := []any{}
		for dec.More() {
			v, err := readValue(dec, path, depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		if _, err := dec.Token(); err != nil {
			return nil, ErrBadInput
		}
		return arr, nil
	case string:
		if !ValidText(t) {
			return nil, BadRequest("http.bad_text", path)
		}
	}
	return tok, nil
}

// Has tells whether the parameter was sent at all.
func (in *Input) Has(name string) bool {
	if _, ok := in.json[name]; ok {
		return true
	}
	return in.form.Has(name) || in.query.Has(name)
}

// conflict aborts a handler that read one value of a parameter sent with different values. The
// readers return no error (there are a hundred call sites), so the refusal travels as a panic
// that WithInput and Serve turn back into the error; InTx rolls back on the way.
type conflict struct{ err *Error }

func refuse(key, name string) { panic(conflict{BadRequest(key, name)}) }

// catchConflict turns a conflict panic back into the handler's error; other panics go on.
func catchConflict(err *error) {
	if p := recover(); p != nil {
		c, ok := p.(conflict)
		if !ok {
			panic(p)
		}
		*err = c.err
	}
}

// scalar tells whether a JSON value is text, a number, a boolean or null (not an array or object).
func scalar(v any) bool {
	switch v.(type) {
	case []any, map[string]any:
		return false
	}
	return true
}

// notText refuses a parameter declared as text (or a list of texts, items true) that the JSON body
// sends as an array or an object: stored, it would be its JSON text.
func (in *Input) notText(name string, items bool) error {
	v, ok := in.json[name]
	if !ok {
		return nil
	}
	if arr, isList := v.([]any); items && isList {
		for _, item := range arr {
			if !scalar(item) {
				return BadRequest("http.not_text", name)
			}
		}
		return nil
	}
	if !scalar(v) {
		return BadRequest("http.not_text", name)
	}
	return nil
}

// jsonText renders a JSON value as text: numbers as sent, booleans as true/false.
func jsonText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case json.Number:
		return t.String()
	case bool:
		return strconv.FormatBool(t)
	case nil:
		return ""
	default:
		b, _ := json.Marshal(t)
		return string(b)
	}
}

// String returns the parameter as text ("" when absent). JSON numbers and booleans are
// rendered as text, so a client may send 1 or "1"; an array or an object comes as its JSON text
// (handlers that parse it themselves). Different values for the name refuse the call.
func (in *Input) String(name string) string {
	var out string
	seen := false
	take := func(v string) {
		if seen && v != out {
			refuse("http.duplicate", name)
		}
		out, seen = v, true
	}
	if v, ok := in.json[name]; ok {
		take(jsonText(v))
	}
	for _, v := range in.form[name] {
		take(v)
	}
	for _, v := range in.query[name] {
		take(v)
	}
	return out
}

// Strings returns a list parameter: a JSON array, repeated form fields, or one value. The list
// comes from one source; the body and the query naming it with different lists refuse the call.
func (in *Input) Strings(name string) []string {
	var lists [][]string
	if v, ok := in.json[name]; ok {
		if arr, ok := v.([]any); ok {
			out := make([]string, 0, len(arr))
			for _, item := range arr {
				out = append(out, jsonText(item))
			}
			lists = append(lists, out)
		} else if s := jsonText(v); s != "" {
			lists = append(lists, []string{s})
		} else {
			lists = append(lists, nil)
		}
	}
	if vs, ok := in.form[name]; ok {
		lists = append(lists, vs)
	}
	if vs, ok := in.query[name]; ok {
		lists = append(lists, vs)
	}
	if len(lists) == 0 {
		return nil
	}
	for _, l := range lists[1:] {
		if !slices.Equal(l, lists[0]) {
			refuse("http.duplicate", name)
		}
	}
	return lists[0]
}

// Int returns an integer parameter, def when absent. A malformed number (a fraction, an
// exponent, NaN) is refused, and so is one outside the 32-bit range of the INTEGER columns
// such values land in (PostgreSQL would refuse it with a server error).
func (in *Input) Int(name string, def int) (int, error) {
	return ParseInt(name, in.String(name), def)
}

// ParseInt reads an integer parameter's text as Input.Int does (def when empty); name is the
// parameter, for the message.
func ParseInt(name, s string, def int) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return def, nil
	}
	// Digits with an optional minus, as validate.WholeNumber reads them (strconv would take a plus too).
	if s[0] == '+' {
		return 0, BadRequest("http.bad_number", name)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, BadRequest("http.bad_number", name)
	}
	if err != nil || n < math.MinInt32 || n > math.MaxInt32 {
		return 0, BadRequest("http.out_of_range", name, math.MinInt32, math.MaxInt32)
	}
	return int(n), nil
}

// Bool returns a boolean parameter ("1", "true" are true; absent or empty is false); any other
// text refuses the call.
func (in *Input) Bool(name string) bool {
	s := strings.TrimSpace(in.String(name))
	if s == "" {
		return false
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		refuse("http.bad_bool", name)
	}
	return b
}

// ParseID reads a positive id (the BIGINT keys); name is the parameter, for the message: a text that is not a
// whole number is http.bad_number, a whole number below 1 http.not_positive.
func ParseID(name, s string) (int64, error) {
	s = strings.TrimSpace(s)
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strings.HasPrefix(s, "+") {
		return 0, BadRequest("http.bad_number", name)
	}
	if id <= 0 {
		return 0, BadRequest("http.not_positive", name)
	}
	return id, nil
}

// ID reads a required positive id.
func (in *Input) ID(name string) (int64, error) {
	s := strings.TrimSpace(in.String(name))
	if s == "" {
		return 0, Fail("http.required", name)
	}
	return ParseID(name, s)
}

// IDs reads a required list of positive ids: a JSON array, repeated parameters, or one
// comma-separated value.
func (in *Input) IDs(name string) ([]int64, error) {
	var out []int64
	for _, v := range in.Strings(name) {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			id, err := ParseID(name, part)
			if err != nil {
				return nil, err
			}
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return nil, Fail("http.required", name)
	}
	return out, nil
}

func init() {
	RegisterMessages(map[string][2]string{
		"http.required":      {"缺少参数 %s", "Parameter %s is required"},
		"http.bad_number":    {"参数 %s 必须是整数", "Parameter %s must be a whole number"},
		"http.not_positive":  {"参数 %s 必须是正整数", "Parameter %s must be a positive whole number"},
		"http.negative":      {"参数 %s 不能为负数", "Parameter %s cannot be negative"},
		"http.out_of_range":  {"参数 %s 超出范围（%d 到 %d）", "Parameter %s is out of range (%d to %d)"},
		"http.bad_bool":      {"参数 %s 必须是 true 或 false", "Parameter %s must be true or false"},
		"http.bad_field":     {"参数 %s 格式错误", "Parameter %s is malformed"},
		"http.bad_text":      {"参数 %s 含有不允许的字符（控制字符或无效的 UTF-8 编码）", "Parameter %s contains characters that are not allowed (control characters or invalid UTF-8)"},
		"http.bad_text_name": {"参数名含有不允许的字符（控制字符或无效的 UTF-8 编码）", "A parameter name contains characters that are not allowed (control characters or invalid UTF-8)"},
		"http.duplicate":     {"参数 %s 重复出现且取值不同", "Parameter %s is sent more than once with different values"},
		"http.duplicate_key": {"参数 %s 在 JSON 中重复出现", "Parameter %s appears more than once in the JSON body"},
		"http.not_text":      {"参数 %s 必须是文本", "Parameter %s must be text"},
	})
}

// Decode reads a structured parameter into v: a JSON value of the body, or a form or query
// parameter holding JSON text. Absent means v stays as it is; malformed input is refused.
func (in *Input) Decode(name string, v any) error {
	var raw []byte
	if j, ok := in.json[name]; ok {
		in.String(name) // the same name in the query with another value is a conflict
		b, err := json.Marshal(j)
		if err != nil {
			return ErrBadInput
		}
		raw = b
	} else if s := in.String(name); s != "" {
		if _, err := decodeJSON([]byte(`{"v":` + s + `}`)); err != nil {
			return BadRequest("http.bad_field", name)
		}
		raw = []byte(s)
	} else {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return BadRequest("http.bad_field", name)
	}
	return nil
}
