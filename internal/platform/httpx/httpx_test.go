package httpx

import (
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
