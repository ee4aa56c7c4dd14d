package audit_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"biddesk/internal/audit"
	"biddesk/internal/dict"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/dbtest"
	"biddesk/internal/platform/httpx"
)

// A service's error reaches the exception log with its chain (the area's operation first) and the statement that
// failed, never a bound value, while the user sees only the generic message with the request id; a refusal the
// service wrapped still answers the user with its own message and code, and is not an exception.
func TestExceptionLogShowsTheChain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t)
	mux := http.NewServeMux()
	for _, rt := range dict.NewHandlers(dict.NewStore(d)).Routes() {
		mux.Handle(rt.Method+" "+rt.Path, httpx.Serve(rt.Handler))
	}
	srv := httpx.AccessLog(slog.New(slog.NewTextHandler(io.Discard, nil)), false)(httpx.WithErrorSink(audit.ExceptionSink(d))(mux))

	// The forced database error: every insert into sys_dict fails inside the database.
	forced := []string{`CREATE TRIGGER sys_dict_forced BEFORE INSERT ON sys_dict BEGIN SELECT RAISE(ABORT, 'forced failure'); END`}
	if d.Dialect == db.Postgres {
		forced = []string{
			`CREATE FUNCTION sys_dict_forced() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$`,
			`CREATE TRIGGER sys_dict_forced BEFORE INSERT ON sys_dict FOR EACH ROW EXECUTE FUNCTION sys_dict_forced()`,
		}
	}
	for _, q := range forced {
		if _, err := d.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}

	call := func(method, path string, form url.Values) (*httptest.ResponseRecorder, httpx.Envelope) {
		t.Helper()
		r := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		var env httpx.Envelope
		if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, w.Body)
		}
		return w, env
	}
	logged := func(requestID string) (messages []string) {
		t.Helper()
		rows, err := d.Query(ctx, `SELECT message FROM exception_log WHERE request_id = ?`, requestID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var m string
			if err := rows.Scan(&m); err != nil {
				t.Fatal(err)
			}
			messages = append(messages, m)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return messages
	}

	t.Run("database error", func(t *testing.T) {
		w, env := call("POST", "/api/sys/dict/add", url.Values{"key": {"secret-key-71"}, "value": {"secret-value-71"}})
		rid := w.Header().Get("X-Request-Id")
		if w.Code != http.StatusInternalServerError || env.Code != httpx.CodeServerError || rid == "" ||
			env.Message != httpx.Translate(httpx.LangZH, "http.server_error_id", rid) {
			t.Fatalf("the user's answer: %d %+v (request id %q)", w.Code, env, rid)
		}
		if body := w.Body.String(); strings.Contains(body, "sys_dict") || strings.Contains(body, "forced") || strings.Contains(body, "dict:") {
			t.Fatalf("the answer tells more than the request id: %s", body)
		}
		msgs := logged(rid)
		if len(msgs) != 1 {
			t.Fatalf("exception log rows of %s: %q", rid, msgs)
		}
		m := msgs[0]
		if !strings.HasPrefix(m, "dict: add: ") || !strings.Contains(m, "forced failure") ||
			!strings.Contains(m, "[statement: INSERT INTO sys_dict (parent_id, dict_key, dict_value") {
			t.Fatalf("exception log message %q: want the operation first, the cause and the statement", m)
		}
		if strings.Contains(m, "secret-") {
			t.Fatalf("exception log message %q holds a bound value", m)
		}
	})

	t.Run("wrapped refusal", func(t *testing.T) {
		w, env := call("GET", "/api/sys/dict/one?id=424242", nil)
		if w.Code != http.StatusOK || env.Code != httpx.CodeFail || env.Message != httpx.Translate(httpx.LangZH, "dict.not_found") {
			t.Fatalf("a refusal wrapped as 'dict: one 424242: ...' answers %d %+v", w.Code, env)
		}
		if msgs := logged(w.Header().Get("X-Request-Id")); len(msgs) != 0 {
			t.Fatalf("a refusal in the exception log: %q", msgs)
		}
	})
}
