-- Organisation units and employees (spec section 3).
CREATE TABLE org_unit (
    id {{pk}},
    full_unit_code TEXT NOT NULL UNIQUE,
    parent_full_unit_code TEXT NOT NULL DEFAULT '',
    unit_name TEXT NOT NULL,
    full_unit_name TEXT NOT NULL,
    level INTEGER NOT NULL,
    is_click INTEGER NOT NULL DEFAULT 1,
    disabled INTEGER NOT NULL DEFAULT 0,
    in_status INTEGER NOT NULL DEFAULT 1,
    special TEXT NOT NULL DEFAULT '',
    sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX org_unit_parent ON org_unit (parent_full_unit_code, sort);
CREATE INDEX org_unit_name ON org_unit (unit_name);

CREATE TABLE employee (
    id {{pk}},
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    unit_code TEXT NOT NULL DEFAULT '',
    in_status INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX employee_name ON employee (name);
CREATE INDEX employee_phone ON employee (phone);
CREATE INDEX employee_email ON employee (email);
CREATE INDEX employee_unit ON employee (unit_code);

-- Accounts. user_type is 'staff' (signs in at /login) or 'external' (signs in at /login2).
CREATE TABLE sys_user (
    id {{pk}},
    login_code TEXT NOT NULL UNIQUE,
    user_name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    state INTEGER NOT NULL DEFAULT 1,
    update_pwd INTEGER NOT NULL DEFAULT 0,
    user_type TEXT NOT NULL DEFAULT 'staff',
    employee_code TEXT NOT NULL DEFAULT '',
    unit_code TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    last_login_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);

-- Sessions: only the SHA-256 of a token is stored.
CREATE TABLE sys_session (
    id {{pk}},
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP,
    end_reason TEXT NOT NULL DEFAULT '',
    client_ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    os TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sys_session_user ON sys_session (user_id, ended_at);

-- Every login attempt; also the source of the throttle and the login statistics.
CREATE TABLE login_log (
    id {{pk}},
    login_code TEXT NOT NULL,
    user_id BIGINT,
    success INTEGER NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    client_ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    os TEXT NOT NULL DEFAULT '',
    site TEXT NOT NULL DEFAULT 'staff',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX login_log_code_time ON login_log (login_code, created_at);
CREATE INDEX login_log_ip_time ON login_log (client_ip, created_at);
CREATE INDEX login_log_time ON login_log (created_at);

-- Menus, function codes, roles and their grants.
CREATE TABLE sys_menu (
    id {{pk}},
    code TEXT NOT NULL UNIQUE,
    parent_code TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    path TEXT NOT NULL DEFAULT '',
    icon TEXT NOT NULL DEFAULT '',
    sort INTEGER NOT NULL DEFAULT 0,
    visible INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE sys_function (
    id {{pk}},
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    menu_code TEXT NOT NULL DEFAULT '',
    sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sys_role (
    id {{pk}},
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE sys_role_menu (
    role_id BIGINT NOT NULL REFERENCES sys_role (id),
    menu_code TEXT NOT NULL,
    PRIMARY KEY (role_id, menu_code)
);

CREATE TABLE sys_role_function (
    role_id BIGINT NOT NULL REFERENCES sys_role (id),
    function_code TEXT NOT NULL,
    PRIMARY KEY (role_id, function_code)
);

CREATE TABLE sys_user_role (
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    role_id BIGINT NOT NULL REFERENCES sys_role (id),
    PRIMARY KEY (user_id, role_id)
);

-- Dictionaries: a group row (parent_id 0) holds items; items may nest (childDict).
CREATE TABLE sys_dict (
    id {{pk}},
    parent_id BIGINT NOT NULL DEFAULT 0,
    dict_key TEXT NOT NULL,
    dict_value TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    enabled INTEGER NOT NULL DEFAULT 1,
    sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sys_dict_parent ON sys_dict (parent_id, sort);

-- Access refusals and other security events, for the business log screens later.
CREATE TABLE security_event (
    id {{pk}},
    user_id BIGINT,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    client_ip TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX security_event_time ON security_event (created_at);
