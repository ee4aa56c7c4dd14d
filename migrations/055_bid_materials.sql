-- Bid materials (issue 32, docs/library.md): social-security records, the government-procurement register, message
-- kinds.

-- Social security: one employee's contribution for one month (month 'YYYY-MM'; city without a trailing 市). The
-- same employee, month, city and paying unit has at most one live row (the service's rule: an import replaces
-- it). The proof file is linked through internal/files (record type library.social). Deletes are soft.
CREATE TABLE lib_social_security (
    id {{pk}},
    employee_code TEXT NOT NULL,
    month TEXT NOT NULL,
    city TEXT NOT NULL,
    base NUMERIC(18, 2),
    paying_unit TEXT NOT NULL DEFAULT '',
    proof_file_id BIGINT,
    proof_name TEXT NOT NULL DEFAULT '',
    remark TEXT NOT NULL DEFAULT '',
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL,
    deleted_by BIGINT REFERENCES sys_user (id),
    deleted_at TIMESTAMP
);
-- the continuous-months rule and the expert filter read an employee's months in a city
CREATE INDEX lib_social_employee ON lib_social_security (employee_code, city, month);
CREATE INDEX lib_social_city_month ON lib_social_security (city, month);
CREATE INDEX lib_social_month ON lib_social_security (month, id);

-- A message's kind is its category (library.KindOfCode: the prefix of its code); the older messages get theirs.
UPDATE lib_record SET category = CASE
    WHEN code LIKE 'expiry:%' THEN 'expiry' WHEN code LIKE 'loan:%' THEN 'loan' WHEN code LIKE 'review:%' THEN 'review'
    WHEN code LIKE 'course:%' THEN 'course' WHEN code LIKE 'reward:%' THEN 'reward' WHEN code LIKE 'demand:%' THEN 'demand'
    ELSE 'notice' END
WHERE type = 'message' AND category = '';

-- The two new library screens, for databases seeded before this migration (a new database gets them from the
-- menu catalogue), granted to the system and library administrators as the other library screens are.
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'expert_talents2_social', 'library', '社保缴纳记录', '/expert_talents2_social', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'library') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'expert_talents2_social');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'expert_talents2_social', '社保缴纳记录', 'expert_talents2_social', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'expert_talents2_social') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'expert_talents2_social');
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, 'expert_talents2_social' FROM sys_role r
WHERE r.code IN ('sysadmin', 'libadmin') AND EXISTS (SELECT 1 FROM sys_menu WHERE code = 'expert_talents2_social')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu m WHERE m.role_id = r.id AND m.menu_code = 'expert_talents2_social');
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, 'expert_talents2_social' FROM sys_role r
WHERE r.code IN ('sysadmin', 'libadmin') AND EXISTS (SELECT 1 FROM sys_function WHERE code = 'expert_talents2_social')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function f WHERE f.role_id = r.id AND f.function_code = 'expert_talents2_social');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'expert_talents2_gov', 'library', '政府采购名录', '/expert_talents2_gov', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'library') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'expert_talents2_gov');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'expert_talents2_gov', '政府采购名录', 'expert_talents2_gov', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'expert_talents2_gov') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'expert_talents2_gov');
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, 'expert_talents2_gov' FROM sys_role r
WHERE r.code IN ('sysadmin', 'libadmin') AND EXISTS (SELECT 1 FROM sys_menu WHERE code = 'expert_talents2_gov')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu m WHERE m.role_id = r.id AND m.menu_code = 'expert_talents2_gov');
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, 'expert_talents2_gov' FROM sys_role r
WHERE r.code IN ('sysadmin', 'libadmin') AND EXISTS (SELECT 1 FROM sys_function WHERE code = 'expert_talents2_gov')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function f WHERE f.role_id = r.id AND f.function_code = 'expert_talents2_gov');
-- Their dictionaries, for databases seeded before this migration.
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '政府采购登记类别', 'gov_reg_kind', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'gov_reg_kind');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '平台注册', 'platform', 1, 1, 0 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'gov_reg_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'platform');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '入围名录', 'shortlist', 0, 1, 1 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'gov_reg_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'shortlist');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '政府认定', 'recognition', 0, 1, 2 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'gov_reg_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'recognition');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '其他', 'other', 0, 1, 3 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'gov_reg_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'other');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '消息类型', 'message_kind', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'message_kind');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '资料审核', 'review', 1, 1, 0 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'review');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '课程审核', 'course', 0, 1, 1 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'course');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '奖励审批', 'reward', 0, 1, 2 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'reward');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '需求征集', 'demand', 0, 1, 3 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'demand');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '到期提醒', 'expiry', 0, 1, 4 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'expiry');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, 'CA锁归还', 'loan', 0, 1, 5 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'loan');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, '通知', 'notice', 0, 1, 6 FROM sys_dict g
WHERE g.parent_id = 0 AND g.dict_value = 'message_kind' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = 'notice');
