-- Resources (/resmanager): the server's API routes and the function codes that may call them (any one of
-- them). Rows are inserted from the route table at start-up, never overwritten: an administrator's codes stay.
-- access is 'public', 'signed-in' (both fixed by the route table, shown only) or 'function' (enforced from
-- sys_resource_function); default_codes are the route table's codes, kept for 'restore default' and the
-- lock-out guard.
CREATE TABLE sys_resource (
    id {{pk}},
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    access TEXT NOT NULL DEFAULT 'function',
    download INTEGER NOT NULL DEFAULT 0,
    default_codes TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP,
    UNIQUE (method, path)
);

CREATE TABLE sys_resource_function (
    resource_id BIGINT NOT NULL REFERENCES sys_resource (id),
    function_code TEXT NOT NULL,
    PRIMARY KEY (resource_id, function_code)
);
CREATE INDEX sys_resource_function_code ON sys_resource_function (function_code);

-- 'Is this function code in use?' (function management) and the role-function lookups by code.
CREATE INDEX sys_role_function_code ON sys_role_function (function_code);

-- One version counter per cached topic ('access', ...): a write bumps it in its own transaction; every
-- instance compares it with what it last loaded (PostgreSQL also sends NOTIFY so they need not wait).
CREATE TABLE sys_change (
    topic TEXT PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0
);
