package notify

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHTTPSMSPostsJSONAndKeepsSecretsOutOfErrors(t *testing.T) {
	var got Message
	var auth string
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(status)
	}))
	defer srv.Close()
	s := NewHTTPSMS(srv.URL, "tok", time.Second)
	if err := s.Send(context.Background(), Message{To: "13800000000", Text: "code 123456"}); err != nil {
		t.Fatal(err)
	}
	if got.To != "13800000000" || got.Text != "code 123456" || auth != "Bearer tok" {
		t.Fatalf("gateway got %+v with %q", got, auth)
	}
	status = http.StatusBadGateway
	err := s.Send(context.Background(), Message{To: "13800000000", Text: "code 654321"})
	if err == nil || strings.Contains(err.Error(), "654321") {
		t.Fatalf("a refused delivery: %v", err)
	}
	// an unreachable gateway whose address carries credentials: the error names neither
	bad := NewHTTPSMS("http://user:s3cret@127.0.0.1:1/send", "", 200*time.Millisecond)
	err = bad.Send(context.Background(), Message{To: "1", Text: "code 111111"})
	if err == nil || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "111111") {
		t.Fatalf("unreachable: %v", err)
	}
	if (None{}).Send(context.Background(), Message{}) != ErrNotConfigured {
		t.Fatal("None delivered something")
	}
}
