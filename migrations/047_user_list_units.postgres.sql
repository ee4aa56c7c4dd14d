-- The account list sorted by unit name starts a page far down at an anchor row kept under list_version
-- 'sys_user' (internal/platform/list/anchors.go): a unit's new name or code reorders the list, so it
-- moves that version too (list_version_user_bump: 023_user_lists.postgres.sql).
CREATE TRIGGER list_version_user_unit AFTER INSERT OR DELETE OR UPDATE OF unit_name, full_unit_code ON org_unit
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_user_bump();
