-- The account list sorted by unit name starts a page far down at an anchor row kept under list_version
-- 'sys_user' (internal/platform/list/anchors.go): a unit's new name or code reorders the list, so it
-- moves that version too.
CREATE TRIGGER list_version_user_unit_ins AFTER INSERT ON org_unit
BEGIN UPDATE list_version SET version = version + 1 WHERE name = 'sys_user'; END;
CREATE TRIGGER list_version_user_unit_upd AFTER UPDATE OF unit_name, full_unit_code ON org_unit
BEGIN UPDATE list_version SET version = version + 1 WHERE name = 'sys_user'; END;
CREATE TRIGGER list_version_user_unit_del AFTER DELETE ON org_unit
BEGIN UPDATE list_version SET version = version + 1 WHERE name = 'sys_user'; END;
