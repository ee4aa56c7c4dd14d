CREATE TRIGGER profile_v_user_upd AFTER UPDATE OF login_code, user_name, unit_code, phone, email, last_login_at, deleted_at ON sys_user
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_user_del AFTER DELETE ON sys_user
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_user_role_ins AFTER INSERT ON sys_user_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_user_role_del AFTER DELETE ON sys_user_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_user_role_upd AFTER UPDATE ON sys_user_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_role_upd AFTER UPDATE OF name ON sys_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_role_del AFTER DELETE ON sys_role
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_unit_ins AFTER INSERT ON org_unit
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_unit_upd AFTER UPDATE OF unit_name, full_unit_code ON org_unit
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
CREATE TRIGGER profile_v_unit_del AFTER DELETE ON org_unit
BEGIN UPDATE sys_change SET version = version + 1 WHERE topic = 'profile'; END;
