-- Lists of accounts at 100,000 rows and more (docs/performance.md, 'Load runs').
-- Every sort of the account lists walks one of these (the account kind, then the sorted column, then the
-- tie-break), so a page stops after its rows instead of sorting every account. Deleted accounts are never
-- listed, so they are left out. The unit-name sort walks org_unit_name and then sys_user_live_unit.
CREATE INDEX sys_user_list_created ON sys_user (user_type, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_login ON sys_user (user_type, login_code, id) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_name ON sys_user (user_type, user_name, id) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_last_login ON sys_user (user_type, last_login_at, id) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_state ON sys_user (user_type, state, id) WHERE deleted_at IS NULL;

-- list_version: one row per list whose totals are kept (list.Counts); the dialect files' triggers change it
-- with every write that can change a total, on any instance.
CREATE TABLE list_version (
    name TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO list_version (name, version) VALUES ('sys_user', 1);
