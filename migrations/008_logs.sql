-- The business log: every create, update and delete, with who, when, what, before and after.
CREATE TABLE business_log (
    id {{pk}},
    user_id BIGINT,
    login_code TEXT NOT NULL DEFAULT '',
    user_name TEXT NOT NULL DEFAULT '',
    module TEXT NOT NULL,
    action TEXT NOT NULL,
    target_id TEXT NOT NULL DEFAULT '',
    target TEXT NOT NULL DEFAULT '',
    before_data TEXT NOT NULL DEFAULT '',
    after_data TEXT NOT NULL DEFAULT '',
    client_ip TEXT NOT NULL DEFAULT '',
    request_id TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX business_log_time ON business_log (created_at);
CREATE INDEX business_log_module_target ON business_log (module, target_id);
CREATE INDEX business_log_user ON business_log (login_code, created_at);

-- The exception log: every server error, found by the request id its user's toast shows.
-- The stack stays here and in the server log; the browser never receives it.
CREATE TABLE exception_log (
    id {{pk}},
    request_id TEXT NOT NULL,
    method TEXT NOT NULL DEFAULT '',
    path TEXT NOT NULL DEFAULT '',
    user_id BIGINT,
    login_code TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL DEFAULT 'error',
    message TEXT NOT NULL DEFAULT '',
    stack TEXT NOT NULL DEFAULT '',
    client_ip TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX exception_log_time ON exception_log (created_at);
CREATE INDEX exception_log_request ON exception_log (request_id);
