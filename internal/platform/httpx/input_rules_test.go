package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func jsonInput(t *testing.T, query, body string) (*Input, error) {
	t.Helper()
	r := httptest.NewRequest("POST", "/x?"+query, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return ReadInput(httptest.NewRecorder(), r)
}

func keyOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Key
	}
	return ""
}

func TestValidText(t *testing.T) {
	for s, want := range map[string]bool{
		"": true, "合同 abc": true, "line\n\tnext\r\n": true, "emoji 😀": true,
		"a\x00b": false, "\x01": false, "\x1b[31m": false, "\x7f": false, "\u0085": false, "\u009f": false,
		"\xff": false, "\xc0\xaf": false, "\xed\xa0\x80": false /* a surrogate */, "ab\xe6": false,
	} {
		if ValidText(s) != want {
			t.Errorf("ValidText(%q) = %v", s, !want)
		}
	}
}

func TestInputRefusesHostileValues(t *testing.T) {
	for _, c := range []struct {
		name, query, body, key string
		read                   func(*Input) error
	}{
		{"NUL in JSON", "", `{"a":"x\u0000"}`, "http.bad_text", nil},
		{"NUL in a nested JSON string", "", `{"a":{"b":["ok","\u0000"]}}`, "http.bad_text", nil},
		{"control in a JSON key", "", `{"a\u0007":1}`, "http.bad_text_name", nil},
		{"invalid UTF-8 in JSON", "", "{\"a\":\"\xff\"}", "http.bad_text", nil},
		{"duplicate JSON key", "", `{"a":1,"a":1}`, "http.duplicate_key", nil},
		{"nested duplicate JSON key", "", `{"a":[{"b":1,"b":2}]}`, "http.duplicate_key", nil},
		{"trailing JSON value", "", `{"a":1} {"a":2}`, "http.bad_input", nil},
		{"JSON not an object", "", `[1]`, "http.bad_input", nil},
		{"deep JSON", "", strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40), "http.bad_input", nil},
		{"NUL in the query", "a=%00", "", "http.bad_text", nil},
		{"malformed escape", "a=%g1", "", "http.bad_input", nil},
		{"semicolon separator", "a=1;b=2", "", "http.bad_input", nil},
		{"int overflow", "n=9223372036854775808", "", "http.out_of_range", func(in *Input) error { _, err := in.Int("n", 0); return err }},
		{"int beyond 32 bits", "n=2147483648", "", "http.out_of_range", func(in *Input) error { _, err := in.Int("n", 0); return err }},
		{"int negative beyond 32 bits", "n=-2147483649", "", "http.out_of_range", func(in *Input) error { _, err := in.Int("n", 0); return err }},
		{"int exponent", "", `{"n":1e309}`, "http.bad_number", func(in *Input) error { _, err := in.Int("n", 0); return err }},
		{"int fraction", "", `{"n":1.5}`, "http.bad_number", func(in *Input) error { _, err := in.Int("n", 0); return err }},
		{"int NaN", "n=NaN", "", "http.bad_number", func(in *Input) error { _, err := in.Int("n", 0); return err }},
		{"id zero", "id=0", "", "http.not_positive", func(in *Input) error { _, err := in.ID("id"); return err }},
		{"id negative", "id=-5", "", "http.not_positive", func(in *Input) error { _, err := in.ID("id"); return err }},
		{"id beyond int64", "", `{"id":9223372036854775808}`, "http.bad_number", func(in *Input) error { _, err := in.ID("id"); return err }},
		{"ids with a bad one", "", `{"ids":[1,"x"]}`, "http.bad_number", func(in *Input) error { _, err := in.IDs("ids"); return err }},
		{"bool malformed", "b=maybe", "", "http.bad_bool", func(in *Input) error { in.Bool("b"); return nil }},
		{"scalar repeated", "a=1&a=2", "", "http.duplicate", func(in *Input) error { in.String("a"); return nil }},
		{"body and query disagree", "a=2", `{"a":1}`, "http.duplicate", func(in *Input) error { _, err := in.Int("a", 0); return err }},
		{"list in body and query", "ids=3", `{"ids":[1,2]}`, "http.duplicate", func(in *Input) error { _, err := in.IDs("ids"); return err }},
		{"an array for text", "", `{"name":["x","y"]}`, "http.not_text", func(in *Input) error { return in.notText("name", false) }},
		{"an object for text", "", `{"name":{"a":"b"}}`, "http.not_text", func(in *Input) error { return in.notText("name", false) }},
		{"an object for a list", "", `{"codes":{"a":"b"}}`, "http.not_text", func(in *Input) error { return in.notText("codes", true) }},
		{"a list of lists", "", `{"codes":["a",["b"]]}`, "http.not_text", func(in *Input) error { return in.notText("codes", true) }},
		{"decode with NUL in its JSON text", "v=%7B%22a%22%3A%22%5Cu0000%22%7D", "", "http.bad_field", func(in *Input) error { var v any; return in.Decode("v", &v) }},
		{"decode with a duplicate key", "v=%7B%22a%22%3A1%2C%22a%22%3A2%7D", "", "http.bad_field", func(in *Input) error { var v any; return in.Decode("v", &v) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := jsonInput(t, c.query, c.body)
			if err == nil && c.read != nil {
				err = func() (err error) { defer catchConflict(&err); return c.read(in) }()
			}
			var e *Error
			if !errors.As(err, &e) || e.Key != c.key || e.Status != http.StatusBadRequest {
				t.Fatalf("got %v (key %q), want a 400 %s", err, keyOf(err), c.key)
			}
		})
	}
}

func TestInputKeepsWhatIsLegitimate(t *testing.T) {
	in, err := jsonInput(t, "a=x&ids=4&ids=5&same=1&same=1", `{"n":9007199254740993,"text":"a\tb\r\nc","ids2":[1,2],"b":true}`)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := in.ID("n"); err != nil || id != 9007199254740993 {
		t.Errorf("a large id must not be rounded: %d %v", id, err)
	}
	if in.String("text") != "a\tb\r\nc" || in.String("same") != "1" || !in.Bool("b") {
		t.Error("text with tabs and line breaks, a value repeated unchanged, a boolean")
	}
	if ids, err := in.IDs("ids"); err != nil || len(ids) != 2 {
		t.Errorf("repeated list parameter: %v %v", ids, err)
	}
	if ids, err := in.IDs("ids2"); err != nil || len(ids) != 2 {
		t.Errorf("JSON list: %v %v", ids, err)
	}
	if n, err := in.Int("missing", 7); err != nil || n != 7 {
		t.Errorf("default: %d %v", n, err)
	}
	// numbers and booleans are text as sent; a structured parameter still decodes
	in, err = jsonInput(t, "", `{"code":123,"flag":false,"v":{"a":[1]}}`)
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ A []int }
	if in.String("code") != "123" || in.String("flag") != "false" || in.Decode("v", &v) != nil || len(v.A) != 1 ||
		in.notText("code", false) != nil || in.notText("flag", false) != nil {
		t.Errorf("scalars as text, an object decoded: %q %q %+v", in.String("code"), in.String("flag"), v)
	}
}

func TestServeAnswersAConflictWithA400(t *testing.T) {
	h := Serve(WithInput(func(_ *http.Request, in *Input) (any, error) { return in.String("id"), nil }))
	rec := httptest.NewRecorder()
	h(rec, httptest.NewRequest("GET", "/x?id=1&id=2", nil))
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "参数 id 重复出现且取值不同") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

func TestSessionTokenRefusesTwoTokens(t *testing.T) {
	req := func(query, form string, bearers ...string) *http.Request {
		r := httptest.NewRequest("POST", "/api/x?"+query, strings.NewReader(form))
		if form != "" {
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		for _, b := range bearers {
			r.Header.Add("Authorization", "Bearer "+b)
		}
		return r
	}
	for _, c := range []struct {
		name string
		r    *http.Request
		want string
		err  bool
	}{
		{"bearer only", req("", "", "A"), "A", false},
		{"query only", req("AccessToken=A", ""), "A", false},
		{"form only", req("", "AccessToken=A"), "A", false},
		{"same everywhere", req("AccessToken=A&AccessToken=A", "AccessToken=A", "A", "A"), "A", false},
		{"empty sources are absent", req("AccessToken=", "AccessToken=", "A"), "A", false},
		{"bearer and query", req("AccessToken=B", "", "A"), "", true},
		{"bearer and form", req("", "AccessToken=B", "A"), "", true},
		{"form and query", req("AccessToken=B", "AccessToken=A"), "", true},
		{"two bearers", req("", "", "A", "B"), "", true},
		{"query twice", req("AccessToken=A&AccessToken=B", ""), "", true},
	} {
		tok, err := SessionToken(c.r)
		if (err != nil) != c.err || tok != c.want {
			t.Errorf("%s: %q %v", c.name, tok, err)
		}
		if c.err {
			rec := httptest.NewRecorder()
			CheckInput(http.NotFoundHandler()).ServeHTTP(rec, c.r)
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "多个不同的登录凭证") {
				t.Errorf("%s: CheckInput answered %d %s", c.name, rec.Code, rec.Body)
			}
		}
	}
}

// sqlStateError stands for a driver's error carrying a SQLSTATE (pgconn.PgError).
type sqlStateError string

func (s sqlStateError) Error() string    { return "db: " + string(s) }
func (s sqlStateError) SQLState() string { return string(s) }

func TestDatabaseRefusingAValueIsA400(t *testing.T) {
	for err, want := range map[error]int{
		sqlStateError("22003"): 400, // numeric_value_out_of_range
		sqlStateError("22021"): 400, // character_not_in_repertoire (NUL)
		errors.New(`failed to encode args[2]: unable to encode 9999999999 into binary format for int4 (OID 23): 9999999999 is greater than maximum value for int4`): 400,
		sqlStateError("23505"):     500, // a unique violation the store did not handle is a bug
		errors.New("disk on fire"): 500,
	} {
		rec := httptest.NewRecorder()
		WriteError(rec, httptest.NewRequest("GET", "/api/x", nil), err)
		if rec.Code != want {
			t.Errorf("%v: HTTP %d, want %d", err, rec.Code, want)
		}
	}
}

// FuzzReadInput: whatever the body and query, ReadInput and the readers either refuse with an
// *Error or hand out only ValidText, and never panic.
func FuzzReadInput(f *testing.F) {
	for _, s := range []string{`{"a":"x","n":1}`, `{"a":"\u0000"}`, `{"a":1,"a":2}`, "{\"a\":\"\xff\"}", `{"a":[1,{"b":null}]}`, `{"a":1e999}`} {
		f.Add("a=1&b=%00", s)
	}
	f.Fuzz(func(t *testing.T, query, body string) {
		r := httptest.NewRequest("POST", "/x", strings.NewReader(body))
		r.URL.RawQuery = query
		r.Header.Set("Content-Type", "application/json")
		in, err := ReadInput(httptest.NewRecorder(), r)
		if err != nil {
			if keyOf(err) == "" {
				t.Fatalf("not an *Error: %v", err)
			}
			return
		}
		_, err = func() (_ any, err error) {
			defer catchConflict(&err)
			for _, name := range []string{"a", "b", "n"} {
				if s := in.String(name); !ValidText(s) {
					t.Fatalf("String(%q) = %q", name, s)
				}
				for _, s := range in.Strings(name) {
					if !ValidText(s) {
						t.Fatalf("Strings(%q) has %q", name, s)
					}
				}
				if _, err := in.Int(name, 0); err != nil && keyOf(err) == "" {
					t.Fatalf("Int: %v", err)
				}
			}
			return nil, nil
		}()
		if err != nil && keyOf(err) != "http.duplicate" {
			t.Fatalf("readers: %v", err)
		}
	})
}
