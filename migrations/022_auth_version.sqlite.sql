CREATE TRIGGER auth_v_session_end AFTER UPDATE OF ended_at ON sys_session
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_session_del AFTER DELETE ON sys_session
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_user_upd AFTER UPDATE OF login_code, user_name, password_hash, state, update_pwd, user_type, unit_code, deleted_at ON sys_user
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_user_del AFTER DELETE ON sys_user
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_user_role_ins AFTER INSERT ON sys_user_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_user_role_del AFTER DELETE ON sys_user_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_role_fn_ins AFTER INSERT ON sys_role_function
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_role_fn_upd AFTER UPDATE ON sys_role_function
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
CREATE TRIGGER auth_v_role_fn_del AFTER DELETE ON sys_role_function
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'auth'; END;
