-- A role's data scopes decide what its members see: the request guard caches them with the session,
-- so a change moves the 'auth' counter like a change of the role's function codes.
CREATE TRIGGER auth_v_data_scope_ins AFTER INSERT ON sys_role_data_scope
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_data_scope_upd AFTER UPDATE ON sys_role_data_scope
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_data_scope_del AFTER DELETE ON sys_role_data_scope
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
