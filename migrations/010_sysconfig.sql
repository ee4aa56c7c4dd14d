-- System parameters (/sys_config). Built-in parameters are declared in code (internal/sysconfig) and written
-- here at start-up; config_value NULL means "not set": the default applies (for the session policy and the
-- help and logout URLs, the default is the server's flag or BIDDESK_* value). Secret values never leave the server.
CREATE TABLE sys_config (
    id {{pk}},
    config_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    value_type TEXT NOT NULL,
    config_value TEXT,
    default_value TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    config_group TEXT NOT NULL DEFAULT '',
    builtin INTEGER NOT NULL DEFAULT 0,
    editable INTEGER NOT NULL DEFAULT 1,
    secret INTEGER NOT NULL DEFAULT 0,
    sort INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMP,
    updated_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sys_config_group ON sys_config (config_group, sort);

-- System notices: shown in the portal to the signed-in users of an audience during their publish window
-- (start_at / end_at, either open).
CREATE TABLE sys_notice (
    id {{pk}},
    title TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT '',
    level TEXT NOT NULL DEFAULT 'info',
    audience TEXT NOT NULL DEFAULT 'all',
    start_at TIMESTAMP,
    end_at TIMESTAMP,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    updated_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sys_notice_window ON sys_notice (enabled, start_at, end_at);
