-- SQLite: the account lists' indexes of migration 023 also hold deleted_at, so that a page's walk reads the index
-- alone. SQLite does not count a partial index's own condition (deleted_at IS NULL) as covered, and looked up the
-- account row of every entry it stepped over: page 500 read 5,000 rows. (PostgreSQL's index-only scans need no
-- such column.)
DROP INDEX sys_user_list_created;
DROP INDEX sys_user_list_login;
DROP INDEX sys_user_list_name;
DROP INDEX sys_user_list_last_login;
DROP INDEX sys_user_list_state;
CREATE INDEX sys_user_list_created ON sys_user (user_type, created_at, id, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_login ON sys_user (user_type, login_code, id, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_name ON sys_user (user_type, user_name, id, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_last_login ON sys_user (user_type, last_login_at, id, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX sys_user_list_state ON sys_user (user_type, state, id, deleted_at) WHERE deleted_at IS NULL;
-- The unit-name sort and the unit filter walk each unit's accounts: in id order still (deleted_at is NULL in every
-- entry), without reading the accounts.
DROP INDEX sys_user_live_unit;
CREATE INDEX sys_user_live_unit ON sys_user (user_type, unit_code, deleted_at) WHERE deleted_at IS NULL;
