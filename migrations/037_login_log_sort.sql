-- The login log sorted by account (/login_log): walk the accounts' entries in id order instead of sorting the
-- whole log (since 030's login_log_user_time, SQLite's planner preferred scanning that index and sorting); the sort is
-- by code and id in one direction (internal/audit/loginlog.go), so the index gives the whole order.
CREATE INDEX login_log_code_id ON login_log (login_code, id);
