-- The last sign-in, as the account lists sort it (migration 048).
DROP INDEX sys_user_list_last_login;
CREATE INDEX sys_user_list_last_login ON sys_user (user_type, (COALESCE(last_login_at, '0001-01-01 00:00:00')), id)
    WHERE deleted_at IS NULL;
CREATE FUNCTION list_version_user_sign_in() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE list_version SET version = version + 1 WHERE name = 'sys_user_sign_in';
    RETURN NULL;
END $$;
CREATE TRIGGER list_version_user_sign_in AFTER UPDATE OF last_login_at ON sys_user
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_user_sign_in();
