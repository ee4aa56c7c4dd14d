-- The last sign-in, as the account lists sort it (migration 048); last_login_at itself after the sorted
-- value and the key keeps the walk reading the index alone (migration 042).
DROP INDEX sys_user_list_last_login;
CREATE INDEX sys_user_list_last_login ON sys_user (user_type, COALESCE(last_login_at, '0001-01-01 00:00:00'), id, last_login_at, deleted_at)
    WHERE deleted_at IS NULL;
CREATE TRIGGER list_version_user_sign_in AFTER UPDATE OF last_login_at ON sys_user BEGIN
    UPDATE list_version SET version = version + 1 WHERE name = 'sys_user_sign_in';
END;
