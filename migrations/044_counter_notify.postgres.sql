-- Every move of a counter that caches compare (sys_change's topics, among them 'auth' which triggers
-- keep; list_version's lists) notifies the change channel (internal/platform/changes.Channel) when
-- its transaction commits, whatever wrote it: an instance then trusts the value it read last until a
-- notification or a write of its own says it moved (db.Counter), instead of reading it on every call.
CREATE FUNCTION biddesk_counter_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('biddesk_changes', TG_TABLE_NAME);
    RETURN NULL;
END $$;
CREATE TRIGGER sys_change_notify AFTER INSERT OR UPDATE ON sys_change
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_counter_notify();
CREATE TRIGGER list_version_notify AFTER INSERT OR UPDATE ON list_version
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_counter_notify();

-- A role's data scopes decide what its members see: the request guard caches them with the session.
CREATE TRIGGER auth_v_data_scope AFTER INSERT OR DELETE OR UPDATE ON sys_role_data_scope
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_auth_changed();
