-- Every move of the 'auth' counter also notifies the change channel (internal/platform/changes.Channel),
-- delivered when the writing transaction commits: an instance then trusts the counter it read last
-- until a notification or a write of its own says it moved, instead of reading it on every call.
CREATE OR REPLACE FUNCTION biddesk_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE sys_change SET version = version + 1 WHERE topic = 'auth';
    PERFORM pg_notify('biddesk_changes', 'auth');
    RETURN NULL;
END $$;
-- A role's data scopes decide what its members see: the request guard caches them with the session.
CREATE TRIGGER auth_v_data_scope AFTER INSERT OR DELETE OR UPDATE ON sys_role_data_scope
    FOR EACH STATEMENT EXECUTE FUNCTION biddesk_auth_changed();
