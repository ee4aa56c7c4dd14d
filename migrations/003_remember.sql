-- Renewal tokens of HR-origin sign-ins (spec section 2: a stored HR-origin login is silently signed in
-- again). The browser keeps this token instead of the password; only its SHA-256 is stored here.
CREATE TABLE sys_remember (
    id {{pk}},
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX sys_remember_user ON sys_remember (user_id);
