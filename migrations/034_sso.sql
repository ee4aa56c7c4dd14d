-- Verification codes of the forgotten-password flow (POST /api/getVerify, PUT /api/forestPwd). Only a salted
-- SHA-256 of a code is stored; a code lives 10 minutes, takes at most 5 tries and is used once. A request for an
-- unknown account writes a row too (user_id NULL), so that it is throttled and timed like a known one.
CREATE TABLE verify_code (
    id {{pk}},
    login_code TEXT NOT NULL,
    user_id BIGINT REFERENCES sys_user (id),
    code_hash TEXT NOT NULL,
    channel TEXT NOT NULL DEFAULT 'sms',
    client_ip TEXT NOT NULL DEFAULT '',
    tries INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX verify_code_login ON verify_code (login_code, created_at);
CREATE INDEX verify_code_ip ON verify_code (client_ip, created_at);
CREATE INDEX verify_code_time ON verify_code (created_at);

-- OpenID Connect sign-ins under way: the state (only its SHA-256), the nonce and the PKCE verifier, single-use.
CREATE TABLE sso_state (
    id {{pk}},
    state_hash TEXT NOT NULL UNIQUE,
    nonce TEXT NOT NULL,
    verifier TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX sso_state_expiry ON sso_state (expires_at);

-- Codes the HR system sent that were redeemed (their SHA-256): a replayed code is refused here, whatever the HR
-- system would answer.
CREATE TABLE sso_code (
    code_hash TEXT NOT NULL PRIMARY KEY,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX sso_code_time ON sso_code (created_at);
