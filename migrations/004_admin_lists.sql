-- Short-lived, single-use download tickets: an export opened in a new window carries one in
-- its URL instead of the session token. Only the SHA-256 of a ticket is stored.
CREATE TABLE download_ticket (
    id {{pk}},
    ticket_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    path TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX download_ticket_expiry ON download_ticket (expires_at);

-- User management counts live staff accounts and searches them by unit (a unit and its sub-units):
-- a partial index that covers both (SQLite and PostgreSQL), so neither reads the table. By name; by creation.
CREATE INDEX sys_user_live_unit ON sys_user (user_type, unit_code) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_name ON sys_user (user_name);
CREATE INDEX sys_user_created ON sys_user (created_at);

-- Members of a role (member counts, role assignment).
CREATE INDEX sys_user_role_role ON sys_user_role (role_id);
