-- Statement-level: one bump per statement, however many rows it touched (an organisation import).
CREATE FUNCTION biddesk_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE sys_change SET version = version + 1 WHERE topic = 'profile';
    RETURN NULL;
END $$;
CREATE TRIGGER profile_v_user AFTER UPDATE OF login_code, user_name, unit_code, phone, email, last_login_at, deleted_at OR DELETE ON sys_user
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_profile_changed();
CREATE TRIGGER profile_v_user_role AFTER INSERT OR DELETE OR UPDATE ON sys_user_role
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_profile_changed();
CREATE TRIGGER profile_v_role AFTER UPDATE OF name OR DELETE ON sys_role
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_profile_changed();
CREATE TRIGGER profile_v_unit AFTER INSERT OR DELETE OR UPDATE OF unit_name, full_unit_code ON org_unit
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_profile_changed();
