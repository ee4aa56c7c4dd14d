package httpx

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
)

// An Encoded answer is written byte for byte as encoding/json writes the envelope of the same value.
func TestEncodedAnswerIsWrittenAsTheEnvelopeWouldBe(t *testing.T) {
	value := map[string]any{"name": "<字典> & \"引号\"", "items": []int{1, 2, 3}, "nested": map[string]string{"a": "\u2028"}}
	enc, err := Encode(value)
	if err != nil {
		t.Fatal(err)
	}
	served := httptest.NewRecorder()
	Serve(func(w http.ResponseWriter, r *http.Request) (any, error) { return enc, nil })(served, httptest.NewRequest("GET", "/x", nil))
	want := httptest.NewRecorder()
	WriteJSON(want, http.StatusOK, Envelope{Code: CodeOK, Message: Translate("", "ok"), Data: value})
	if served.Body.String() != want.Body.String() {
		t.Fatalf("written:\n%q\nencoding/json:\n%q", served.Body.String(), want.Body.String())
	}
	for _, h := range []string{"Content-Type", "Cache-Control"} {
		if served.Header().Get(h) != want.Header().Get(h) {
			t.Errorf("%s: %q, want %q", h, served.Header().Get(h), want.Header().Get(h))
		}
	}
	if n := served.Header().Get("Content-Length"); n != strconv.Itoa(served.Body.Len()) {
		t.Errorf("Content-Length %s for %d bytes", n, served.Body.Len())
	}
	if served.Code != 200 {
		t.Errorf("status %d", served.Code)
	}
}
