-- Training management, questionnaires, the honorary catalogue and training statistics (internal/training survey.go,
-- honour.go; internal/stats training.go; docs/decisions/0019-training.md).

-- A questionnaire. state: draft (designed, changeable), sent (its recipients answer until the deadline), closed.
-- anonymous: its responses carry no user (training_survey_response.user_id stays NULL); who answered is only the
-- recipient's answered_at, which names no response. class_id: sent to a class's trainees instead of an audience.
CREATE TABLE training_survey (
    id {{pk}},
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    anonymous INTEGER NOT NULL DEFAULT 0,
    class_id BIGINT REFERENCES training_class (id),
    deadline TIMESTAMP NOT NULL,
    state TEXT NOT NULL DEFAULT 'draft',
    sent_at TIMESTAMP,
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX training_survey_state ON training_survey (state, deadline);

-- A question. kind: single, multiple, text, rating (1 to 5). options: the choices, one a line (choice kinds only).
CREATE TABLE training_survey_question (
    id {{pk}},
    survey_id BIGINT NOT NULL REFERENCES training_survey (id),
    sort INTEGER NOT NULL,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '',
    required INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX training_survey_question_survey ON training_survey_question (survey_id, sort);

-- The audience as the picker holds it (kind 'organ' or 'employee'); expanded to recipients when sent.
CREATE TABLE training_survey_audience (
    survey_id BIGINT NOT NULL REFERENCES training_survey (id),
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (survey_id, kind, code)
);

-- Who is asked: one row per recipient; answered_at set once, in the transaction that saves the response.
CREATE TABLE training_survey_recipient (
    survey_id BIGINT NOT NULL REFERENCES training_survey (id),
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    answered_at TIMESTAMP,
    reminded_at TIMESTAMP,
    PRIMARY KEY (survey_id, user_id)
);
CREATE INDEX training_survey_recipient_user ON training_survey_recipient (user_id, survey_id);

-- A response: user_id NULL when the questionnaire is anonymous; answered_on is the day only (no instant to match
-- against the recipients' answered_at).
CREATE TABLE training_survey_response (
    id {{pk}},
    survey_id BIGINT NOT NULL REFERENCES training_survey (id),
    user_id BIGINT REFERENCES sys_user (id),
    answered_on TEXT NOT NULL
);
CREATE INDEX training_survey_response_survey ON training_survey_response (survey_id);

-- An answer to a question: choices (the chosen options' numbers from 1, comma separated), text, or rating.
CREATE TABLE training_survey_answer (
    response_id BIGINT NOT NULL REFERENCES training_survey_response (id),
    question_id BIGINT NOT NULL REFERENCES training_survey_question (id),
    choices TEXT NOT NULL DEFAULT '',
    answer_text TEXT NOT NULL DEFAULT '',
    rating INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (response_id, question_id)
);
CREATE INDEX training_survey_answer_question ON training_survey_answer (question_id);

-- The honorary catalogue: outstanding trainees (an account), lecturers and classes of a year, with a citation.
-- name and unit_label keep what the catalogue shows.
CREATE TABLE training_honour (
    id {{pk}},
    honour_year INTEGER NOT NULL,
    kind TEXT NOT NULL,
    ref_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    unit_label TEXT NOT NULL DEFAULT '',
    citation TEXT NOT NULL,
    sort INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX training_honour_one ON training_honour (honour_year, kind, ref_id);

-- The training statistics read sign-ins by session and state, and by account (in account order, no sort).
CREATE INDEX training_signin_session_state ON training_signin (session_id, state, user_id);
CREATE INDEX training_signin_user_state ON training_signin (user_id, state, session_id);

-- The two screens and the statistics screen, for databases seeded before this migration, granted to the system
-- administrators.
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'training_survey', 'training', '问卷调查', '/training_survey', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_survey');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'training_honour', 'training', '荣誉名录', '/training_honour', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_honour');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'statistics_training', m.parent_code, '培训统计', '/statistics_training', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
FROM sys_menu m WHERE m.code = 'statistics_account' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'statistics_training');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'training_survey', '问卷调查', 'training_survey', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_survey') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'training_survey');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'training_honour', '荣誉名录', 'training_honour', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'training_honour') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'training_honour');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT 'statistics_training', '培训统计', 'statistics_training', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'statistics_training') AND NOT EXISTS (SELECT 1 FROM sys_function WHERE code = 'statistics_training');
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, m.code FROM sys_role r, sys_menu m
WHERE r.code = 'sysadmin' AND m.code IN ('training_survey', 'training_honour', 'statistics_training')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu x WHERE x.role_id = r.id AND x.menu_code = m.code);
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, f.code FROM sys_role r, sys_function f
WHERE r.code = 'sysadmin' AND f.code IN ('training_survey', 'training_honour', 'statistics_training')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function x WHERE x.role_id = r.id AND x.function_code = f.code);
