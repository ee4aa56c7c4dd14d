-- The account list sorted by unit name walks the units by name and, for each, its live accounts
-- (internal/users/model.go). With the unit's id in the name index and the account's id in the
-- unit index, PostgreSQL takes both walks already ordered as the page needs (sorting only the accounts
-- of one unit at a time) and reads the accounts from the index alone: page 500 went from ~30 ms
-- (9,000 rows fetched from the table) to ~5 ms.
CREATE INDEX org_unit_name_id ON org_unit (unit_name, id);
DROP INDEX org_unit_name;
CREATE INDEX sys_user_live_unit_id ON sys_user (user_type, unit_code, id) WHERE deleted_at IS NULL;
DROP INDEX sys_user_live_unit;
