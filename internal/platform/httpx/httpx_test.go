package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRedactQuery(t *testing.T) {
	got := RedactQuery("AccessToken=abc&page=2&PassWord=x&code=12345678901234567890123456789012&keywords=合同")
	for _, secret := range []string{"=abc", "PassWord=x&", "1234567890"} {
		if strings.Contains(got, secret) {
			t.Fatalf("secret %q left in %q", secret, got)
		}
	}
	if !strings.Contains(got, "page=2") || !strings.Contains(got, "keywords=") || strings.Contains(got, "keywords=xxxxx") {
		t.Fatalf("harmless parameter lost: %q", got)
	}
}

func TestInputReadsJSONFormAndQuery(t *testing.T) {
	r := httptest.NewRequest("POST", "/x?q=1", strings.NewReader(`{"a":"x","n":5,"b":true,"list":["1","2"]}`))
	r.Header.Set("Content-Type", "application/json")
	in, err := ReadInput(httptest.NewRecorder(), r)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := in.Int("n", 0)
	if in.String("a") != "x" || n != 5 || !in.Bool("b") || len(in.Strings("list")) != 2 || in.String("q") != "1" {
		t.Fatalf("JSON input misread")
	}
	r = httptest.NewRequest("POST", "/x", strings.NewReader("a=y&list=1&list=2&list=3"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	in, err = ReadInput(httptest.NewRecorder(), r)
	if err != nil || in.String("a") != "y" || len(in.Strings("list")) != 3 {
		t.Fatalf("form input misread: %v", err)
	}
	r = httptest.NewRequest("POST", "/x", strings.NewReader(`{bad`))
	r.Header.Set("Content-Type", "application/json")
	if _, err := ReadInput(httptest.NewRecorder(), r); err != ErrBadInput {
		t.Fatalf("malformed JSON: %v", err)
	}
	r = httptest.NewRequest("POST", "/x", strings.NewReader(`{"a":"`+strings.Repeat("x", MaxJSONBody)+`"}`))
	r.Header.Set("Content-Type", "application/json")
	if _, err := ReadInput(httptest.NewRecorder(), r); err != ErrTooLarge {
		t.Fatalf("oversized body: %v", err)
	}
}

func TestTranslateAndLang(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	if Lang(r) != LangZH {
		t.Fatal("default language must be zh-CN")
	}
	r.Header.Set("Accept-Language", "en-GB")
	if Lang(r) != LangEN || Translate(LangEN, "auth.forbidden") != "You have no permission for this function" {
		t.Fatal("English not chosen")
	}
	if !strings.HasPrefix(Translate(LangZH, "auth.kicked"), "Identity verification failed:") {
		t.Fatal("the kicked message must keep the prefix the client recognises")
	}
}

func TestBindReadsTaggedFieldsWithTheirLimits(t *testing.T) {
	type in struct {
		Name   string  `param:"name,required" max:"3"`
		Sort   int     `param:"sort" min:"0" max:"9"`
		ID     int64   `param:"id"`
		Parent *int64  `param:"parentId" min:"0"`
		IDs    []int64 `param:"ids"`
		On     *bool   `param:"on"`
		Kind   string  `param:"kind" enum:"a,b"`
	}
	read := func(query string) (in, error) {
		r := httptest.NewRequest("GET", "/x?"+query, nil)
		raw, err := ReadInput(httptest.NewRecorder(), r)
		if err != nil {
			return in{}, err
		}
		var v in
		return v, Bind(raw, &v)
	}
	v, err := read("name=abc&sort=2&id=7&parentId=0&ids=1,2&ids=3&on=true&kind=b")
	if err != nil || v.Name != "abc" || v.Sort != 2 || v.ID != 7 || v.Parent == nil || *v.Parent != 0 ||
		len(v.IDs) != 3 || v.On == nil || !*v.On || v.Kind != "b" {
		t.Fatalf("%+v %v", v, err)
	}
	if v, err := read("name=a"); err != nil || v.Parent != nil || v.On != nil || v.IDs != nil {
		t.Fatalf("absent optional fields: %+v %v", v, err)
	}
	for _, bad := range []string{"", "name=abcd", "name=a&sort=10", "name=a&sort=-1", "name=a&id=0", "name=a&id=x",
		"name=a&ids=1,x", "name=a&on=maybe", "name=a&kind=c", "name=a&name=b"} {
		if _, err := read(bad); err == nil {
			t.Errorf("%q is accepted", bad)
		}
	}
}

// A whole number that breaks a sign rule is told as that, not as "must be a whole number": a negative parent
// (0 allowed) must not be negative, an id of 0 or below must be positive.
func TestBindSaysWhatIsWrongWithAWholeNumber(t *testing.T) {
	type in struct {
		ID     int64  `param:"id"`
		Parent *int64 `param:"parentId" min:"0"`
	}
	for query, want := range map[string]string{"parentId=-1": "参数 parentId 不能为负数", "id=-1": "参数 id 必须是正整数",
		"id=0": "参数 id 必须是正整数", "id=1.5": "参数 id 必须是整数", "parentId=x": "参数 parentId 必须是整数"} {
		raw, err := ReadInput(httptest.NewRecorder(), httptest.NewRequest("GET", "/x?"+query, nil))
		if err != nil {
			t.Fatal(err)
		}
		var v in
		err = Bind(raw, &v)
		var e *Error
		if !errors.As(err, &e) || e.Status != http.StatusBadRequest || Translate(LangZH, e.Key, e.Args...) != want {
			t.Errorf("%s: %v, want a 400 %q", query, err, want)
		}
	}
}

// A message argument that is a message key (Msg) or an error is rendered in the language of the message.
func TestTranslateRendersMessageArguments(t *testing.T) {
	RegisterMessages(map[string][2]string{"t.label": {"金额", "Amount"}, "t.neg": {"%s不能为负数", "%s cannot be negative"},
		"t.field": {"%s：%s", "%s: %s"}})
	err := Fail("t.field", Msg("t.label"), Fail("t.neg", Msg("t.label")))
	if zh, en := Translate(LangZH, err.Key, err.Args...), Translate(LangEN, err.Key, err.Args...); zh != "金额：金额不能为负数" || en != "Amount: Amount cannot be negative" {
		t.Fatalf("%q %q", zh, en)
	}
	if _, ok := err.Args[0].(Msg); !ok {
		t.Fatal("Translate must not change the error's arguments")
	}
}

func TestBindGivesAnIntItsDefaultWhenAbsentOrEmpty(t *testing.T) {
	type in struct {
		Sort int `param:"sort" default:"1"`
	}
	for query, want := range map[string]int{"": 1, "sort=": 1, "sort=%20": 1, "sort=0": 0, "sort=7": 7} {
		raw, err := ReadInput(httptest.NewRecorder(), httptest.NewRequest("GET", "/x?"+query, nil))
		if err != nil {
			t.Fatal(err)
		}
		var v in
		if err := Bind(raw, &v); err != nil || v.Sort != want {
			t.Errorf("%q: %d %v, want %d", query, v.Sort, err, want)
		}
	}
}

// A refusal wrapped by a service's entry point ("reward: approve 12: ...") answers with the refusal's own
// status, code and message (with its arguments), in the caller's language; nothing of the wrapping shows.
func TestWrappedRefusalAnswersAsItself(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		err     error
		lang    string
		status  int
		code    int
		message string
	}{
		{"business refusal", fmt.Errorf("reward: approve 12: %w", Fail("http.required", "id")), "", http.StatusOK, CodeFail, Translate(LangZH, "http.required", "id")},
		{"twice wrapped, English", fmt.Errorf("demand: answer [3]: %w", fmt.Errorf("write the reply: %w", BadRequest("http.bad_input"))), "en",
			http.StatusBadRequest, CodeFail, Translate(LangEN, "http.bad_input")},
		{"forbidden", fmt.Errorf("files: open 7: %w", ErrForbidden), "", http.StatusForbidden, CodeForbidden, Translate(LangZH, ErrForbidden.Key)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := httptest.NewRequest("GET", "/api/x", nil)
			if c.lang != "" {
				r.Header.Set("Accept-Language", c.lang)
			}
			w := httptest.NewRecorder()
			WriteError(w, r, c.err)
			var env Envelope
			if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
				t.Fatal(err)
			}
			if w.Code != c.status || env.Code != c.code || env.Message != c.message ||
				strings.Contains(w.Body.String(), strings.SplitN(c.err.Error(), ":", 2)[0]+":") {
				t.Fatalf("got %d %+v, want %d code %d %q", w.Code, env, c.status, c.code, c.message)
			}
		})
	}
}

// A request its client abandoned fails with context.Canceled: that is no server error, so the exception log (the
// sink) does not get it; a cancellation while the client still waits is one.
func TestAbandonedRequestIsNoException(t *testing.T) {
	for _, c := range []struct {
		name      string
		abandoned bool
		recorded  bool
	}{{"client gone", true, false}, {"client still there", false, true}} {
		t.Run(c.name, func(t *testing.T) {
			var got []error
			ctx, cancel := context.WithCancel(context.Background())
			if c.abandoned {
				cancel()
			} else {
				defer cancel()
			}
			r := httptest.NewRequest("GET", "/api/x", nil).WithContext(ctx)
			r = r.WithContext(context.WithValue(r.Context(), keyErrorSink, ErrorSink(func(_ *http.Request, err error) { got = append(got, err) })))
			WriteError(httptest.NewRecorder(), r, fmt.Errorf("auth: authenticate h5: %w", context.Canceled))
			if (len(got) == 1) != c.recorded {
				t.Fatalf("recorded %d errors, want recorded=%v", len(got), c.recorded)
			}
		})
	}
}
