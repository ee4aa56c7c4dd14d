package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// MaxJSONBody bounds a JSON or form body; uploads use their own limits.
const MaxJSONBody = 1 << 20

// Input is the parameters of a request, from a JSON body, a form body or the query string.
// The spec's clients send the same names either way, so handlers read them by name.
type Input struct {
	json  map[string]any
	form  url.Values
	query url.Values
}

// ReadInput parses the request's parameters once.
func ReadInput(w http.ResponseWriter, r *http.Request) (*Input, error) {
	in := &Input{query: r.URL.Query()}
	if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return in, nil
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	r.Body = http.MaxBytesReader(w, r.Body, MaxJSONBody)
	switch ct {
	case "application/json":
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, bodyError(err)
		}
		if len(strings.TrimSpace(string(body))) == 0 {
			return in, nil
		}
		if err := json.Unmarshal(body, &in.json); err != nil {
			return nil, ErrBadInput
		}
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return nil, bodyError(err)
		}
		in.form = r.PostForm
	case "multipart/form-data":
		if err := r.ParseMultipartForm(MaxJSONBody); err != nil {
			return nil, bodyError(err)
		}
		in.form = r.MultipartForm.Value
	}
	return in, nil
}

func bodyError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return ErrTooLarge
	}
	return ErrBadInput
}

// Has tells whether the parameter was sent at all.
func (in *Input) Has(name string) bool {
	if _, ok := in.json[name]; ok {
		return true
	}
	return in.form.Has(name) || in.query.Has(name)
}

// String returns the parameter as text ("" when absent). JSON numbers and booleans are
// rendered as text, so a client may send 1 or "1".
func (in *Input) String(name string) string {
	if v, ok := in.json[name]; ok {
		switch t := v.(type) {
		case string:
			return t
		case float64:
			return strconv.FormatFloat(t, 'f', -1, 64)
		case bool:
			return strconv.FormatBool(t)
		case nil:
			return ""
		default:
			b, _ := json.Marshal(t)
			return string(b)
		}
	}
	if in.form.Has(name) {
		return in.form.Get(name)
	}
	return in.query.Get(name)
}

// Strings returns a list parameter: a JSON array, repeated form fields, or one value.
func (in *Input) Strings(name string) []string {
	if v, ok := in.json[name]; ok {
		if arr, ok := v.([]any); ok {
			out := make([]string, 0, len(arr))
			for _, item := range arr {
				if f, ok := item.(float64); ok {
					out = append(out, strconv.FormatFloat(f, 'f', -1, 64)) // not 1e+06
					continue
				}
				out = append(out, fmt.Sprint(item))
			}
			return out
		}
		if s := in.String(name); s != "" {
			return []string{s}
		}
		return nil
	}
	if vs, ok := in.form[name]; ok {
		return vs
	}
	return in.query[name]
}

// Int returns an integer parameter, def when absent; a malformed number is an error.
func (in *Input) Int(name string, def int) (int, error) {
	s := strings.TrimSpace(in.String(name))
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, Fail("http.bad_number", name)
	}
	return n, nil
}

// Bool returns a boolean parameter ("1", "true" are true).
func (in *Input) Bool(name string) bool {
	b, _ := strconv.ParseBool(strings.TrimSpace(in.String(name)))
	return b
}

// ID reads a required positive id.
func (in *Input) ID(name string) (int64, error) {
	s := strings.TrimSpace(in.String(name))
	if s == "" {
		return 0, Fail("http.required", name)
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, Fail("http.bad_number", name)
	}
	return id, nil
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
			id, err := strconv.ParseInt(part, 10, 64)
			if err != nil || id <= 0 {
				return nil, Fail("http.bad_number", name)
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
		"http.required":   {"缺少参数 %s", "Parameter %s is required"},
		"http.bad_number": {"参数 %s 必须是整数", "Parameter %s must be a whole number"},
		"http.bad_field":  {"参数 %s 格式错误", "Parameter %s is malformed"},
	})
}

// Decode reads a structured parameter into v: a JSON value of the body, or a form or query
// parameter holding JSON text. Absent means v stays as it is; malformed input is refused.
func (in *Input) Decode(name string, v any) error {
	var raw []byte
	if j, ok := in.json[name]; ok {
		b, err := json.Marshal(j)
		if err != nil {
			return ErrBadInput
		}
		raw = b
	} else if s := in.String(name); s != "" {
		raw = []byte(s)
	} else {
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return Fail("http.bad_field", name)
	}
	return nil
}

// IDsAndState reads an enable/disable call: ids (a list) and the required state.
func (in *Input) IDsAndState() ([]int64, int, error) {
	ids, err := in.IDs("ids")
	if err != nil {
		return nil, 0, err
	}
	if !in.Has("state") {
		return nil, 0, Fail("http.required", "state")
	}
	state, err := in.Int("state", -1)
	return ids, state, err
}
