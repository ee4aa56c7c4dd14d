-- Learning content (internal/content, docs/content.md): course types, courses and topics, managed on
-- /course_manager and offered to the resource selector (banners, course push). Rows are deleted for real:
-- a course's cover (a banner upload linked as record type 'content.course') goes with it.

-- Course types: a two-level category. parent_id 0 is a first-level type; a second-level type names its
-- first-level parent (never a second-level one).
CREATE TABLE course_type (
    id {{pk}},
    parent_id BIGINT NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX course_type_name ON course_type (parent_id, name);

-- Courses. audit_status is a value of the dictionary 'course_audit'; published 1 once published. Only a
-- published course whose audit passed ('1') is offered to the selector. cover_url is a banner upload's address.
CREATE TABLE course (
    id {{pk}},
    name TEXT NOT NULL,
    cover_url TEXT NOT NULL,
    type_id BIGINT NOT NULL REFERENCES course_type (id),
    description TEXT NOT NULL DEFAULT '',
    lecturer TEXT NOT NULL DEFAULT '',
    audit_status TEXT NOT NULL DEFAULT '0',
    audit_remark TEXT NOT NULL DEFAULT '',
    published INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX course_by_type ON course (type_id, id);
CREATE INDEX course_offered ON course (published, audit_status, id);

-- Topics: level 1 is a first-level topic, which holds courses and second-level topics; level 2 is a
-- second-level topic under a first-level one (parent_id), holding courses.
CREATE TABLE course_special (
    id {{pk}},
    name TEXT NOT NULL,
    cover_url TEXT NOT NULL,
    level INTEGER NOT NULL,
    parent_id BIGINT NOT NULL DEFAULT 0,
    description TEXT NOT NULL DEFAULT '',
    published INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX course_special_by_level ON course_special (level, id);
CREATE INDEX course_special_by_parent ON course_special (parent_id, id);
CREATE INDEX course_special_by_name ON course_special (name, id);

-- The courses of a topic, in order.
CREATE TABLE course_special_course (
    special_id BIGINT NOT NULL REFERENCES course_special (id),
    course_id BIGINT NOT NULL REFERENCES course (id),
    sort INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (special_id, course_id)
);
CREATE INDEX course_special_course_course ON course_special_course (course_id);

-- The course audit dictionary (the values behind /api/course/audit/query/auditDict), for databases seeded
-- before this migration; a new database gets it with the built-in dictionaries.
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT 0, '课程审核状态', 'course_audit', 0, 1, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_dict WHERE parent_id = 0)
WHERE EXISTS (SELECT 1 FROM sys_dict) AND NOT EXISTS (SELECT 1 FROM sys_dict WHERE parent_id = 0 AND dict_value = 'course_audit');
INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort)
SELECT g.id, v.k, v.v, v.d, 1, v.s FROM sys_dict g
CROSS JOIN (SELECT '待审核' AS k, '0' AS v, 1 AS d, 0 AS s UNION ALL SELECT '已通过', '1', 0, 1 UNION ALL SELECT '已驳回', '2', 0, 2) v
WHERE g.parent_id = 0 AND g.dict_value = 'course_audit' AND NOT EXISTS (SELECT 1 FROM sys_dict c WHERE c.parent_id = g.id AND c.dict_value = v.v);

-- The screen /course_manager for databases seeded before this migration (a new one gets it from the
-- catalogue): its menu row under 'portal', its function code, granted to the built-in roles that hold the portal group (as a new database grants it).
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'course_manager', 'portal', '课程管理', '/course_manager', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu) AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'course_manager');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'course_manager', '课程管理', 'course_manager', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'course_manager') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'course_manager');
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, 'course_manager' FROM sys_role r
WHERE r.code IN ('sysadmin', 'libadmin') AND EXISTS (SELECT 1 FROM sys_menu WHERE code = 'course_manager')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu m WHERE m.role_id = r.id AND m.menu_code = 'course_manager');
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, 'course_manager' FROM sys_role r
WHERE r.code IN ('sysadmin', 'libadmin') AND EXISTS (SELECT 1 FROM sys_function WHERE code = 'course_manager')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function f WHERE f.role_id = r.id AND f.function_code = 'course_manager');

-- Course pushes: up to 30 courses or topics (the selector's outputs: type 1 a course, 3 a second-level topic or, with
-- special_id, a course inside a first-level topic, 4 a first-level topic) pushed to an audience chosen with the
-- organisation/employee picker. An organ covers its unit and the units below it (nested codes); an employee is one
-- person (sys_user.employee_code).
CREATE TABLE course_push (
    id {{pk}},
    title TEXT NOT NULL,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL
);
CREATE TABLE course_push_item (
    push_id BIGINT NOT NULL REFERENCES course_push (id),
    sort INTEGER NOT NULL,
    item_type TEXT NOT NULL,
    target_id BIGINT NOT NULL,
    special_id BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (push_id, sort)
);
CREATE INDEX course_push_item_target ON course_push_item (target_id);
CREATE TABLE course_push_target (
    push_id BIGINT NOT NULL REFERENCES course_push (id),
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (push_id, kind, code)
);
CREATE INDEX course_push_target_code ON course_push_target (kind, code);
