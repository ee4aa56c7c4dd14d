-- Examinations (internal/exam, docs/decisions/0020-examinations.md): the question bank with its versions, papers
-- (fixed or by rules), exams with their audience, attempts with the questions each taker saw and their answers,
-- the events of leaving the page, and the menus of the four screens.

-- A question: what lists and filters read (its current version's type, difficulty, tags, course, normalised stem).
-- Its content lives in versions: an edit writes a new version and moves current_version; attempts keep theirs.
-- state: active or deleted (a deleted question stays for the attempts that saw it).
CREATE TABLE exam_question (
    id {{pk}},
    qtype TEXT NOT NULL,
    difficulty INTEGER NOT NULL DEFAULT 3,
    tags TEXT NOT NULL DEFAULT '',
    course_id BIGINT,
    norm_stem TEXT NOT NULL,
    current_version BIGINT,
    version_no INTEGER NOT NULL DEFAULT 1,
    state TEXT NOT NULL DEFAULT 'active',
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX exam_question_norm ON exam_question (norm_stem);
CREATE INDEX exam_question_pick ON exam_question (state, qtype, difficulty);
CREATE INDEX exam_question_course ON exam_question (course_id);

-- A version of a question. options: JSON [{key, text, image}]; answer: JSON (single "A", multiple ["A","C"],
-- true/false true|false, fill-in [["alt1","alt2"], ...] one list per blank, short answer the reference text);
-- images: JSON file ids of the stem's pictures; review = 1: a fill-in marked by a person.
CREATE TABLE exam_question_version (
    id {{pk}},
    question_id BIGINT NOT NULL REFERENCES exam_question (id),
    version_no INTEGER NOT NULL,
    qtype TEXT NOT NULL,
    stem TEXT NOT NULL,
    images TEXT NOT NULL DEFAULT '[]',
    options TEXT NOT NULL DEFAULT '[]',
    answer TEXT NOT NULL,
    explanation TEXT NOT NULL DEFAULT '',
    review INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX exam_question_version_no ON exam_question_version (question_id, version_no);

-- A paper: fixed (exam_paper_item) or by rules (exam_paper_rule, drawn per taker). multi_mode: all, partial,
-- per_option (how a multiple choice is scored). total: the computed total score.
CREATE TABLE exam_paper (
    id {{pk}},
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    multi_mode TEXT NOT NULL DEFAULT 'all',
    pass_mark DOUBLE PRECISION NOT NULL DEFAULT 0,
    total DOUBLE PRECISION NOT NULL DEFAULT 0,
    remark TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE TABLE exam_paper_item (
    paper_id BIGINT NOT NULL REFERENCES exam_paper (id),
    question_id BIGINT NOT NULL REFERENCES exam_question (id),
    score DOUBLE PRECISION NOT NULL,
    sort INTEGER NOT NULL,
    PRIMARY KEY (paper_id, question_id)
);
CREATE INDEX exam_paper_item_question ON exam_paper_item (question_id);
CREATE TABLE exam_paper_rule (
    id {{pk}},
    paper_id BIGINT NOT NULL REFERENCES exam_paper (id),
    sort INTEGER NOT NULL,
    qtype TEXT NOT NULL,
    difficulty INTEGER NOT NULL DEFAULT 0,
    tag TEXT NOT NULL DEFAULT '',
    course_id BIGINT,
    pick_count INTEGER NOT NULL,
    score DOUBLE PRECISION NOT NULL
);
CREATE INDEX exam_paper_rule_paper ON exam_paper_rule (paper_id, sort);

-- An exam. results: now, after_close, released (released_at set by the release). leave_limit 0: not watched.
-- latest_start NULL: any time before the close. class_id: the audience is a training class's trainees.
CREATE TABLE exam_exam (
    id {{pk}},
    name TEXT NOT NULL,
    paper_id BIGINT NOT NULL REFERENCES exam_paper (id),
    class_id BIGINT,
    opens_at TIMESTAMP NOT NULL,
    closes_at TIMESTAMP NOT NULL,
    duration_min INTEGER NOT NULL,
    attempts_allowed INTEGER NOT NULL DEFAULT 1,
    pass_mark DOUBLE PRECISION NOT NULL,
    shuffle_questions INTEGER NOT NULL DEFAULT 0,
    shuffle_options INTEGER NOT NULL DEFAULT 0,
    results TEXT NOT NULL DEFAULT 'now',
    released_at TIMESTAMP,
    leave_limit INTEGER NOT NULL DEFAULT 0,
    latest_start TIMESTAMP,
    anonymous INTEGER NOT NULL DEFAULT 1,
    state TEXT NOT NULL DEFAULT 'draft',
    created_by BIGINT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX exam_exam_open ON exam_exam (state, closes_at);
CREATE INDEX exam_exam_class ON exam_exam (class_id);
-- The audience as the picker holds it: 'organ' (a unit and its sub-units, later joiners included) or 'employee'.
CREATE TABLE exam_audience (
    exam_id BIGINT NOT NULL REFERENCES exam_exam (id),
    kind TEXT NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (exam_id, kind, code)
);

-- An attempt. deadline = min(started_at + duration, closes_at), set at the start. state: open, submitted (some
-- answers await marking), marked. submit_kind: taker, deadline (the job), leave (the leave-page limit).
CREATE TABLE exam_attempt (
    id {{pk}},
    exam_id BIGINT NOT NULL REFERENCES exam_exam (id),
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    attempt_no INTEGER NOT NULL,
    started_at TIMESTAMP NOT NULL,
    deadline TIMESTAMP NOT NULL,
    submitted_at TIMESTAMP,
    submit_kind TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'open',
    total DOUBLE PRECISION NOT NULL DEFAULT 0,
    score DOUBLE PRECISION NOT NULL DEFAULT 0,
    pending INTEGER NOT NULL DEFAULT 0,
    passed INTEGER NOT NULL DEFAULT 0,
    leaves INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX exam_attempt_one ON exam_attempt (exam_id, user_id, attempt_no);
CREATE INDEX exam_attempt_due ON exam_attempt (state, deadline);
CREATE INDEX exam_attempt_user ON exam_attempt (user_id, exam_id);

-- A question of an attempt, in the taker's order (position), with the version they saw, its options' order, the
-- latest answer (client_seq: the page's sequence number of the change; an older one never overwrites it) and its
-- marking (score NULL: not marked; review 1: awaits a person).
CREATE TABLE exam_attempt_item (
    attempt_id BIGINT NOT NULL REFERENCES exam_attempt (id),
    question_id BIGINT NOT NULL,
    version_id BIGINT NOT NULL REFERENCES exam_question_version (id),
    position INTEGER NOT NULL,
    max_score DOUBLE PRECISION NOT NULL,
    option_order TEXT NOT NULL DEFAULT '',
    answer TEXT NOT NULL DEFAULT '',
    client_seq BIGINT NOT NULL DEFAULT 0,
    saved_at TIMESTAMP,
    score DOUBLE PRECISION,
    review INTEGER NOT NULL DEFAULT 0,
    marked_by BIGINT,
    marked_at TIMESTAMP,
    comment TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (attempt_id, question_id)
);
CREATE INDEX exam_attempt_item_version ON exam_attempt_item (version_id);
CREATE INDEX exam_attempt_item_review ON exam_attempt_item (review, attempt_id);

-- What the page reported while the attempt was open: leave (the page hidden), blur (focus lost), paste.
CREATE TABLE exam_attempt_event (
    id {{pk}},
    attempt_id BIGINT NOT NULL REFERENCES exam_attempt (id),
    kind TEXT NOT NULL,
    at TIMESTAMP NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX exam_attempt_event_attempt ON exam_attempt_event (attempt_id, at);

-- The menu group and its four screens, for databases seeded before this migration (a new database gets them from
-- the menu catalogue), granted to the system administrators.
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'exam', '', '考试管理', '', 'profile', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'portal') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'exam_bank', 'exam', '题库管理', '/exam_bank', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam_bank');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'exam_paper', 'exam', '试卷管理', '/exam_paper', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam_paper');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'exam_manage', 'exam', '考试安排', '/exam_manage', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam_manage');
INSERT INTO sys_menu (code, parent_code, name, path, icon, sort, visible)
SELECT 'exam_grade', 'exam', '阅卷与成绩', '/exam_grade', '', (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_menu), 1
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE code = 'exam_grade');
INSERT INTO sys_function (code, name, menu_code, sort)
SELECT m.code, m.name, m.code, (SELECT COALESCE(MAX(sort), 0) + 1 FROM sys_function) FROM sys_menu m
WHERE m.code IN ('exam_bank', 'exam_paper', 'exam_manage', 'exam_grade') AND NOT EXISTS (SELECT 1 FROM sys_function f WHERE f.code = m.code);
INSERT INTO sys_role_menu (role_id, menu_code)
SELECT r.id, m.code FROM sys_role r, sys_menu m
WHERE r.code = 'sysadmin' AND m.code IN ('exam', 'exam_bank', 'exam_paper', 'exam_manage', 'exam_grade')
  AND NOT EXISTS (SELECT 1 FROM sys_role_menu x WHERE x.role_id = r.id AND x.menu_code = m.code);
INSERT INTO sys_role_function (role_id, function_code)
SELECT r.id, f.code FROM sys_role r, sys_function f
WHERE r.code = 'sysadmin' AND f.code IN ('exam_bank', 'exam_paper', 'exam_manage', 'exam_grade')
  AND NOT EXISTS (SELECT 1 FROM sys_role_function x WHERE x.role_id = r.id AND x.function_code = f.code);
