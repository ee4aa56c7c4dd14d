-- Training statistics read aggregates instead of scanning sign-ins (docs/decisions/0019-training.md, "Training
-- statistics"; docs/performance.md). Maintained by triggers in the transaction of every write of training_signin
-- (sign-in, correction, deletion with a class) and of a session's times (its length), so no write path can miss
-- them; backfilled here. The dialect files hold the triggers.

-- Per seat (class x account): the sign-ins present or late at the class's sessions and their summed minutes. A row
-- only while attended > 0; it does not depend on the enrolment's state (the statistics count a sign-in whoever
-- made it, and read the enrolment's state from training_enrolment).
CREATE TABLE training_seat_count (
    class_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    attended INTEGER NOT NULL,
    minutes BIGINT NOT NULL,
    PRIMARY KEY (class_id, user_id)
);
CREATE INDEX training_seat_count_user ON training_seat_count (user_id, class_id, attended, minutes);

-- Per session: its sign-ins present or late.
ALTER TABLE training_session ADD COLUMN attended INTEGER NOT NULL DEFAULT 0;
-- The statistics' per-class span of sessions (which classes lie wholly within a year).
CREATE INDEX training_session_class_span ON training_session (class_id, starts_at, ends_at, attended);

-- The yearly plans' screen (/training_plan): what a plan sets out to hold (classes, hours), its own menu and code.
ALTER TABLE training_plan ADD COLUMN planned_classes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE training_plan ADD COLUMN planned_hours INTEGER NOT NULL DEFAULT 0;
CREATE INDEX training_plan_unit ON training_plan (unit_code, plan_year);
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'training_plan', 'training', '培训计划', '/training_plan', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_plan');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'training_plan', '培训计划', 'training_plan', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_plan') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'training_plan');
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, 'training_plan' FROM sys_role r
WHERE r.code = 'sysadmin' AND EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_plan')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu x WHERE x.role_id = r.id AND x.menu_code = 'training_plan');
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, 'training_plan' FROM sys_role r
WHERE r.code = 'sysadmin' AND EXISTS (SELECT 1 FROM sys_function WHERE code = 'training_plan')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function x WHERE x.role_id = r.id AND x.function_code = 'training_plan');
