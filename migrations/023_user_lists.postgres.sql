-- PostgreSQL: trigram indexes (pg_trgm, created by 020_portal_search.postgres.sql) of account names and login
-- codes serve the account lists' "name ILIKE '%text%'" for texts of 3 characters or more. Without the
-- extension (no right to create it) the search still works, without the indexes.
DO $$
DECLARE
    ext_schema text;
BEGIN
    SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    IF ext_schema IS NULL THEN
        RAISE WARNING 'pg_trgm is missing: the account name search runs without its index';
        RETURN;
    END IF;
    EXECUTE format('CREATE INDEX sys_user_name_trgm ON sys_user USING gin (user_name %I.gin_trgm_ops)', ext_schema);
    EXECUTE format('CREATE INDEX sys_user_login_trgm ON sys_user USING gin (login_code %I.gin_trgm_ops)', ext_schema);
END $$;

-- list_version 'sys_user' (023_user_lists.sql), once per statement; not on last_login_at or a password.
CREATE FUNCTION list_version_user_bump() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE list_version SET version = version + 1 WHERE name = 'sys_user';
    RETURN NULL;
END $$;
CREATE TRIGGER list_version_user_write AFTER INSERT OR DELETE ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION list_version_user_bump();
CREATE TRIGGER list_version_user_update AFTER UPDATE OF login_code, user_name, state, user_type, unit_code, ext_org_id, deleted_at ON sys_user
    FOR EACH STATEMENT EXECUTE FUNCTION list_version_user_bump();
