package audit

import (
	"context"
	"log/slog"
	"net/http"
	"time"

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
			ri.RequestID, r.Method, r.URL.Path, userID, ri.LoginCode, kind, truncate(err.Error(), 4000), truncate(stack, 16000), ri.ClientIP, time.Now().UTC()); e != nil {
			slog.Error("exception log", "err", e)
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
