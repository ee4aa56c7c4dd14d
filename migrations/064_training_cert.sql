-- Training, second slice (internal/training, docs/decisions/0019-training.md): evaluations of sessions and classes,
-- the completion rule of a class and its certificates.

-- An evaluation by a trainee of a session (session_id > 0) or of a class as a whole (session_id = 0): stars of the
-- course (1-5) and of the lecturer (1-5; 0 when the session has no lecturer), and a comment. One per trainee and
-- target. lecturer_id and course_id are the session's at the time of the evaluation. user_id is kept for the
-- once-only rule and the certificate rule; no answer shows it with the stars or the comment.
CREATE TABLE training_evaluation (
    id {{pk}},
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    session_id BIGINT NOT NULL DEFAULT 0,
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    lecturer_id BIGINT,
    course_id BIGINT,
    course_stars INTEGER NOT NULL,
    lecturer_stars INTEGER NOT NULL DEFAULT 0,
    comment TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX training_evaluation_one ON training_evaluation (class_id, session_id, user_id);
CREATE INDEX training_evaluation_lecturer ON training_evaluation (lecturer_id);
CREATE INDEX training_evaluation_course ON training_evaluation (course_id);

-- What completes a class: attendance at least min_attendance % of its sessions, an evaluation given (of the class or
-- of any of its sessions), the exam exam_id passed (the taker's best attempt). validity_months 0: no end.
CREATE TABLE training_cert_rule (
    class_id BIGINT PRIMARY KEY REFERENCES training_class (id),
    enabled INTEGER NOT NULL DEFAULT 1,
    min_attendance INTEGER NOT NULL DEFAULT 0,
    needs_evaluation INTEGER NOT NULL DEFAULT 0,
    exam_id BIGINT,
    validity_months INTEGER NOT NULL DEFAULT 0,
    updated_by BIGINT,
    updated_at TIMESTAMP NOT NULL
);

-- A certificate: serial BD-<year>-<id, 6 digits>, holder (account, name and employee code at issue), the class's
-- name at issue, issue date, end of validity ('' none). state: valid or revoked (expired follows from valid_until).
-- At most one live (not revoked) certificate per class and holder.
CREATE TABLE training_certificate (
    id {{pk}},
    serial TEXT NOT NULL,
    class_id BIGINT NOT NULL REFERENCES training_class (id),
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    holder_name TEXT NOT NULL,
    employee_code TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL,
    issued_on TEXT NOT NULL,
    valid_until TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT 'valid',
    manual INTEGER NOT NULL DEFAULT 0,
    revoke_reason TEXT NOT NULL DEFAULT '',
    revoked_at TIMESTAMP,
    revoked_by BIGINT,
    issued_by BIGINT,
    created_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX training_certificate_serial ON training_certificate (serial);
CREATE UNIQUE INDEX training_certificate_live ON training_certificate (class_id, user_id) WHERE state = 'valid';
CREATE INDEX training_certificate_user ON training_certificate (user_id);
