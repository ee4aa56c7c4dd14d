-- Statement-level triggers: one bump per statement, however many rows it touched.
CREATE FUNCTION biddesk_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE sys_change SET version = version + 1 WHERE topic = 'auth';
    RETURN NULL;
END $$;
CREATE TRIGGER auth_v_session AFTER UPDATE OF ended_at OR DELETE ON sys_session
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_auth_changed();
CREATE TRIGGER auth_v_user AFTER UPDATE OF login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, deleted_at OR DELETE ON sys_user
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_auth_changed();
CREATE TRIGGER auth_v_user_role AFTER INSERT OR DELETE OR UPDATE ON sys_user_role
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_auth_changed();
CREATE TRIGGER auth_v_role_fn AFTER INSERT OR DELETE OR UPDATE ON sys_role_function
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_auth_changed();
