package audit

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// ExceptionSink records server errors in the exception log. It writes outside the request's
// transaction (which has failed) and with its own short deadline, so a cancelled request
// still leaves its record.
func ExceptionSink(d *db.DB) httpx.ErrorSink {
	return func(r *http.Request, err error) {
		ri := httpx.InfoFrom(r.Context())
		kind := "error"
		stack := httpx.Stack(err)
		if stack != "" {
			kind = "panic"
		}
		var userID any
		if ri.UserID != 0 {
			userID = ri.UserID
		}
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 5*time.Second)
		defer cancel()
		if _, e := d.Exec(ctx, `INSERT INTO exception_log (request_id, method, path, user_id, login_code, kind, message, stack, client_ip, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			ri.RequestID, r.Method, r.URL.Path, userID, ri.LoginCode, kind, exceptionMessage(err, maxMessage), truncate(stack, 16000), ri.ClientIP, time.Now().UTC()); e != nil {
			slog.Error("exception log", "err", e)
		}
	}
}

// maxMessage is the most of an error's text the exception log keeps.
const maxMessage = 4000

// exceptionMessage is what the exception log keeps of err: its whole chain as the services wrapped it
// (`area: operation key: ...: cause`) and, when a database error is in the chain, the statement that failed
// (db.StatementError: the statement clipped, never its arguments), kept at the end even when the chain is cut.
func exceptionMessage(err error, n int) string {
	msg := err.Error()
	var se *db.StatementError
	if !errors.As(err, &se) {
		return truncate(msg, n)
	}
	tail := " [statement: " + se.Statement + "]"
	if !strings.Contains(msg, tail) {
		msg += tail // a link of the chain that did not show its cause's text
	}
	if len(msg) <= n {
		return msg
	}
	return truncate(msg, n-len(tail)-len(" ...")) + " ..." + tail
}

// truncate cuts s to at most n bytes without splitting a character (PostgreSQL refuses invalid UTF-8).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
