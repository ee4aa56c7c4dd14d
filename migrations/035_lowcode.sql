-- Low-code (issue 19): dynamic tables (/dtable) and datasets (/dataset_manager).
--
-- A dynamic table is a definition (lowcode_table, its fields in lowcode_field, the roles that may read
-- and write it in lowcode_table_role) and a real table named dt_<id> whose columns are c_<col>: both
-- names are generated from numbers, never taken from input. A removed field keeps its column (and its
-- data) until the removal is confirmed. Role ids are not foreign keys: a deleted role simply no longer
-- matches anyone.
CREATE TABLE lowcode_table (
    id {{pk}},
    name TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    next_col INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX lowcode_table_live_name ON lowcode_table (LOWER(name)) WHERE deleted_at IS NULL;

CREATE TABLE lowcode_field (
    id {{pk}},
    table_id BIGINT NOT NULL REFERENCES lowcode_table (id),
    col INTEGER NOT NULL,
    field_name TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    show_type TEXT NOT NULL DEFAULT '',
    is_dict INTEGER NOT NULL DEFAULT 0,
    dict_group_code TEXT NOT NULL DEFAULT '',
    choice_single INTEGER NOT NULL DEFAULT 1,
    required INTEGER NOT NULL DEFAULT 0,
    is_unique INTEGER NOT NULL DEFAULT 0,
    default_value TEXT NOT NULL DEFAULT '',
    in_list INTEGER NOT NULL DEFAULT 1,
    searchable INTEGER NOT NULL DEFAULT 0,
    sortable INTEGER NOT NULL DEFAULT 0,
    sort INTEGER NOT NULL DEFAULT 0,
    removed INTEGER NOT NULL DEFAULT 0,
    UNIQUE (table_id, col)
);
CREATE UNIQUE INDEX lowcode_field_live_name ON lowcode_field (table_id, field_name) WHERE removed = 0;

CREATE TABLE lowcode_table_role (
    table_id BIGINT NOT NULL REFERENCES lowcode_table (id),
    role_id BIGINT NOT NULL,
    can_write INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, role_id)
);
CREATE INDEX lowcode_table_role_role ON lowcode_table_role (role_id);

-- A dataset is a named read-only query with named parameters (params: JSON list of {name, label,
-- sample}); it runs on a read-only connection that reads only the reporting allow-list.
CREATE TABLE lowcode_dataset (
    id {{pk}},
    name TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    sql_text TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '[]',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX lowcode_dataset_live_name ON lowcode_dataset (LOWER(name)) WHERE deleted_at IS NULL;

-- A dynamic report is a dataset plus a layout (layout: JSON of columns, chart, page size) and the roles
-- that may run it.
CREATE TABLE lowcode_report (
    id {{pk}},
    name TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    dataset_id BIGINT NOT NULL REFERENCES lowcode_dataset (id),
    layout TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    deleted_at TIMESTAMP
);
CREATE UNIQUE INDEX lowcode_report_live_name ON lowcode_report (LOWER(name)) WHERE deleted_at IS NULL;
CREATE TABLE lowcode_report_role (
    report_id BIGINT NOT NULL REFERENCES lowcode_report (id),
    role_id BIGINT NOT NULL,
    PRIMARY KEY (report_id, role_id)
);
CREATE INDEX lowcode_report_role_role ON lowcode_report_role (role_id);
