-- Training management, first slice (internal/training, docs/decisions/0019-training.md): lecturers, yearly plans,
-- classes with their audience, enrolments and wait list, the schedule (sessions) and the sign-in per session.
-- Evaluations, questionnaires and certificates of a later slice hang on training_session.id and training_class.id.

-- Lecturers: internal (an employee, employee_code) or external (organisation and contact). Replaces the free text
-- of course.lecturer: a course names its lecturer by course.lecturer_id, and course.lecturer keeps the name.
CREATE TABLE training_lecturer (
    id {{pk}},
    name TEXT NOT NULL,
    kind TEXT NOT NULL DEFAULT 'external',
    employee_code TEXT NOT NULL DEFAULT '',
    organisation TEXT NOT NULL DEFAULT '',
    contact TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    level TEXT NOT NULL DEFAULT '',
    specialities TEXT NOT NULL DEFAULT '',
    remark TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX training_lecturer_name ON training_lecturer (name);
CREATE INDEX training_lecturer_employee ON training_lecturer (employee_code);

ALTER TABLE course ADD COLUMN lecturer_id BIGINT;
CREATE INDEX course_by_lecturer ON course (lecturer_id);

-- The courses' lecturers so far become lecturer rows: internal when the name is exactly one employee's.
INSERT INTO training_lecturer (name, kind, created_at, updated_at)
SELECT DISTINCT c.lecturer, 'external', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM course c WHERE c.lecturer <> '';
UPDATE training_lecturer SET kind = 'internal',
    employee_code = (SELECT MIN(e.code) FROM employee e WHERE e.name = training_lecturer.name)
WHERE (SELECT COUNT(*) FROM employee e WHERE e.name = training_lecturer.name) = 1;
UPDATE course SET lecturer_id = (SELECT MIN(l.id) FROM training_lecturer l WHERE l.name = course.lecturer) WHERE lecturer <> '';

-- A yearly plan of a unit; a class may belong to one.
CREATE TABLE training_plan (
    id {{pk}},
    plan_year INTEGER NOT NULL,
    unit_code TEXT NOT NULL,
    title TEXT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX training_plan_year ON training_plan (plan_year, unit_code);

-- A class. state: draft, enrolling, running, closed, archived. mode: online, onsite, blended. capacity >= 1.
-- withdraw_until: the last moment a trainee may withdraw (NULL: the start of the first session).
CREATE TABLE training_class (
    id {{pk}},
    plan_id BIGINT REFERENCES training_plan (id),
    name TEXT NOT NULL,
    unit_code TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    mode TEXT NOT NULL,
    place TEXT NOT NULL DEFAULT '',
    meeting_link TEXT NOT NULL DEFAULT '',
    capacity INTEGER NOT NULL,
    manager_id BIGINT NOT NULL REFERENCES sys_user (id),
    needs_approval INTEGER NOT NULL DEFAULT 0,
    withdraw_until TIMESTAMP,
    description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'draft',
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX training_class_state ON training_class (state, start_date);
CREATE INDEX training_class_plan ON training_class (plan_id);

CREATE TABLE training_class_course (
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    course_id BIGINT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (class_id, course_id)
);
CREATE TABLE training_class_lecturer (
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    lecturer_id BIGINT NOT NULL REFERENCES training_lecturer (id),
    PRIMARY KEY (class_id, lecturer_id)
);
-- The audience as the picker holds it: kind 'organ' (a unit: its employees, later joiners included) or 'employee'.
-- No row: every staff member.
CREATE TABLE training_class_audience (
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (class_id, kind, code)
);

-- An enrolment. state: pending (awaits approval, holds no seat), enrolled (holds a seat), waiting (the wait list,
-- in queued_at order), withdrawn, rejected. One row per trainee and class.
CREATE TABLE training_enrolment (
    id {{pk}},
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    state TEXT NOT NULL,
    queued_at TIMESTAMP NOT NULL,
    decided_by BIGINT,
    decided_at TIMESTAMP,
    reason TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX training_enrolment_one ON training_enrolment (class_id, user_id);
CREATE INDEX training_enrolment_user ON training_enrolment (user_id, state);

-- A session of a class's schedule. radius_m > 0: signing in checks the phone's position against lat/lng.
CREATE TABLE training_session (
    id {{pk}},
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    title TEXT NOT NULL DEFAULT '',
    course_id BIGINT,
    lecturer_id BIGINT REFERENCES training_lecturer (id),
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    room TEXT NOT NULL DEFAULT '',
    link TEXT NOT NULL DEFAULT '',
    lat DOUBLE PRECISION NOT NULL DEFAULT 0,
    lng DOUBLE PRECISION NOT NULL DEFAULT 0,
    radius_m INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX training_session_class ON training_session (class_id, starts_at);
CREATE INDEX training_session_lecturer ON training_session (lecturer_id, starts_at);
CREATE INDEX training_session_room ON training_session (room, starts_at);
CREATE INDEX training_session_start ON training_session (starts_at);

-- A sign-in: one per trainee and session. method qr or manual (a correction by the manager, with its reason);
-- state present, late or absent (absent only by a correction; no row after the window is absent too).
CREATE TABLE training_signin (
    id {{pk}},
    session_id BIGINT NOT NULL REFERENCES training_session (id),
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    signed_at TIMESTAMP,
    state TEXT NOT NULL,
    method TEXT NOT NULL,
    lat DOUBLE PRECISION NOT NULL DEFAULT 0,
    lng DOUBLE PRECISION NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    corrected_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX training_signin_one ON training_signin (session_id, user_id);

-- The server's key of the sign-in codes (HMAC of session and time step), written once at the first start.
CREATE TABLE training_key (
    id INTEGER PRIMARY KEY,
    secret TEXT NOT NULL
);

-- The menu group and its two screens, for databases seeded before this migration (a new database gets them from
-- the menu catalogue), granted to the system administrators.
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'training', '', '培训管理', '', 'schedule', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'portal') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'training_class', 'training', '培训班管理', '/training_class', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_class');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'training_lecturer', 'training', '讲师管理', '/training_lecturer', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_lecturer');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'training_class', '培训班管理', 'training_class', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_class') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'training_class');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'training_lecturer', '讲师管理', 'training_lecturer', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_lecturer') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'training_lecturer');
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, m.code FROM sys_role r, sys_menu m
WHERE r.code = 'sysadmin' AND m.code IN ('training', 'training_class', 'training_lecturer')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu x WHERE x.role_id = r.id AND x.menu_code = m.code);
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, f.code FROM sys_role r, sys_function f
WHERE r.code = 'sysadmin' AND f.code IN ('training_class', 'training_lecturer')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function x WHERE x.role_id = r.id AND x.function_code = f.code);
